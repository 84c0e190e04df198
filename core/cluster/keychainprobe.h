#pragma once
// Whether the system keychain works here, so the credentials dialog offers
// "remember in the system keychain" only where remembering can happen.
// Looks up an entry that does not exist: "not found" means the keychain
// answered; "no backend", an error or no answer within the timeout means it
// does not work (never the plain-text fallback).

#include <QObject>
#include <QString>

#include <chrono>

namespace halolink {

class KeychainProbe final : public QObject
{
    Q_OBJECT

public:
    explicit KeychainProbe(QObject *parent = nullptr);

    void start(std::chrono::milliseconds timeout = std::chrono::seconds(3));
    bool isFinished() const { return m_finished; }
    bool isAvailable() const { return m_available; }
    QString message() const { return m_message; }

Q_SIGNALS:
    void finished(bool available, const QString &message);

private:
    void finish(bool available, const QString &message);

    bool m_started = false;
    bool m_finished = false;
    bool m_available = false;
    QString m_message;
};

} // namespace halolink
