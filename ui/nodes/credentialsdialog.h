#pragma once
// Asks for a password or key passphrase (no echo). "Remember in the system
// keychain" is offered only when the keychain works here (KeychainProbe);
// otherwise a note says the secret is kept for this session only.

#include "ssh/sshtypes.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace halolink::ui {

class CredentialsDialog final : public QDialog
{
    Q_OBJECT

public:
    CredentialsDialog(const QString &nodeName, const QString &account, CredentialKind kind, const QString &prompt,
                      bool keychainAvailable, QWidget *parent = nullptr);
    ~CredentialsDialog() override;

    // Read once; the field is cleared by then.
    QByteArray takeSecret();
    bool remember() const;

    QLineEdit *secretField() const { return m_secret; }
    QCheckBox *rememberBox() const { return m_remember; } // null without a keychain
    QLabel *noteLabel() const { return m_note; }

private:
    QLineEdit *m_secret;
    QCheckBox *m_remember = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace halolink::ui
