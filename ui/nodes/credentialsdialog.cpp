#include "nodes/credentialsdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace halolink::ui {

CredentialsDialog::CredentialsDialog(const QString &nodeName, const QString &account, CredentialKind kind,
                                     const QString &prompt, bool keychainAvailable, QWidget *parent)
    : QDialog(parent)
    , m_secret(new QLineEdit(this))
{
    setWindowTitle(tr("Sign In — %1").arg(nodeName));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    QString label;
    switch (kind) {
    case CredentialKind::Password:
        intro->setText(tr("%1 asks for the password of %2.").arg(nodeName, account));
        label = tr("&Password:");
        break;
    case CredentialKind::KeyPassphrase:
        intro->setText(tr("The private key for %1 is protected by a passphrase.").arg(account));
        label = tr("&Passphrase:");
        break;
    case CredentialKind::KeyboardInteractive:
        intro->setText(prompt.trimmed().isEmpty() ? tr("%1 asks a question to sign in.").arg(nodeName) : prompt.trimmed());
        label = tr("&Answer:");
        break;
    }
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_secret->setEchoMode(QLineEdit::Password);
    m_secret->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    form->addRow(label, m_secret);
    layout->addLayout(form);

    if (keychainAvailable && kind != CredentialKind::KeyboardInteractive) {
        m_remember = new QCheckBox(tr("&Remember in the system keychain"), this);
        m_remember->setToolTip(tr("Stored by the system keychain, never in HaloLink's files."));
        layout->addWidget(m_remember);
    } else {
        m_note = new QLabel(kind == CredentialKind::KeyboardInteractive
                                ? tr("Kept for this connection only.")
                                : tr("No system keychain is available, so this is kept in memory for this session "
                                     "only."),
                            this);
        m_note->setWordWrap(true);
        layout->addWidget(m_note);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Sign In"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(420);
    m_secret->setFocus();
}

CredentialsDialog::~CredentialsDialog()
{
    m_secret->clear();
}

QByteArray CredentialsDialog::takeSecret()
{
    const QByteArray secret = m_secret->text().toUtf8();
    m_secret->clear();
    return secret;
}

bool CredentialsDialog::remember() const
{
    return m_remember && m_remember->isChecked();
}

} // namespace halolink::ui
