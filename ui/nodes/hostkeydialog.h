#pragma once
// The host-key decision. An unknown key: its SHA-256 fingerprint, how to
// check it, "Trust and Connect" or "Reject". A changed key: an error with the
// explanation and how to fix it, and no way to accept it (Close only).

#include "ssh/sshtypes.h"

#include <QDialog>

class QLabel;
class QPushButton;

namespace halolink::ui {

class HostKeyDialog final : public QDialog
{
    Q_OBJECT

public:
    enum class Mode { Unknown, Changed };

    // Unknown key of nodeName.
    HostKeyDialog(const QString &nodeName, const HostKeyInfo &info, QWidget *parent = nullptr);
    // Changed key: message says what the server presented and what to do.
    HostKeyDialog(const QString &nodeName, const HostKeyInfo &info, const QString &message, QWidget *parent = nullptr);

    Mode mode() const { return m_mode; }
    QPushButton *acceptButton() const { return m_accept; } // null for Changed
    QPushButton *rejectButton() const { return m_reject; }
    QLabel *fingerprintLabel() const { return m_fingerprint; }

private:
    void build(const QString &nodeName, const HostKeyInfo &info, const QString &message);

    Mode m_mode;
    QPushButton *m_accept = nullptr;
    QPushButton *m_reject = nullptr;
    QLabel *m_fingerprint = nullptr;
};

} // namespace halolink::ui
