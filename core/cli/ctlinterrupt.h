#pragma once
// Ctrl-C (SIGINT) and SIGTERM as a Qt signal, for halolinkctl's long runs
// that clean up when interrupted (job compare puts the job back). The
// first one is delivered as interrupted(); a second one ends the process as
// the signal would (the handlers are reset to the default).

#include <QObject>

class QSocketNotifier;

// In halolink, not halolink::cli: lupdate files the commands' unqualified
// tr() under "halolinkctl" only while ctlcommon.h is the one header that
// opens halolink::cli (core/cli/ctlcommon.h).

namespace halolink {

class InterruptWatch final : public QObject
{
    Q_OBJECT

public:
    explicit InterruptWatch(QObject *parent = nullptr);
    ~InterruptWatch() override;

Q_SIGNALS:
    void interrupted(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace halolink
