#include "nodes/hostkeydialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace halolink::ui {

HostKeyDialog::HostKeyDialog(const QString &nodeName, const HostKeyInfo &info, QWidget *parent)
    : QDialog(parent)
    , m_mode(Mode::Unknown)
{
    build(nodeName, info, QString());
}

HostKeyDialog::HostKeyDialog(const QString &nodeName, const HostKeyInfo &info, const QString &message, QWidget *parent)
    : QDialog(parent)
    , m_mode(Mode::Changed)
{
    build(nodeName, info, message);
}

void HostKeyDialog::build(const QString &nodeName, const HostKeyInfo &info, const QString &message)
{
    const bool changed = m_mode == Mode::Changed;
    setWindowTitle(changed ? tr("Host Key Changed — %1").arg(nodeName) : tr("New Host Key — %1").arg(nodeName));
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(changed ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxQuestion)
                        .pixmap(size, size));
    icon->setAlignment(Qt::AlignTop);
    top->addWidget(icon);
    auto *text = new QVBoxLayout;
    top->addLayout(text, 1);
    layout->addLayout(top);

    const QString where = info.host.isEmpty() ? nodeName
                          : info.port == 22 || info.port == 0
                              ? info.host
                              : QStringLiteral("%1 port %2").arg(info.host).arg(info.port);
    auto *headline = new QLabel(this);
    headline->setWordWrap(true);
    headline->setTextFormat(Qt::RichText);
    QFont bold = headline->font();
    bold.setBold(true);
    headline->setFont(bold);
    auto *body = new QLabel(this);
    body->setWordWrap(true);
    body->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (changed) {
        headline->setText(tr("The host key of %1 has changed. HaloLink will not connect.").arg(nodeName.toHtmlEscaped()));
        body->setTextFormat(Qt::PlainText);
        body->setText(message.isEmpty()
                          ? tr("The node presents another key than the one recorded in known_hosts. Someone may be "
                               "intercepting the connection, or the node was reinstalled. If you know why the key "
                               "changed, remove the old key with ssh-keygen -R and connect again.")
                          : message);
    } else {
        headline->setText(tr("%1 (%2) is not known yet.").arg(nodeName.toHtmlEscaped(), where.toHtmlEscaped()));
        body->setTextFormat(Qt::PlainText);
        body->setText(tr("Its host key is not in your known_hosts. Compare the fingerprint below with the node's "
                         "own (run on the node: ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub). Trust it only "
                         "if they are the same; it is then saved to known_hosts, as ssh does."));
    }
    text->addWidget(headline);
    text->addWidget(body);

    if (!info.fingerprint.isEmpty()) {
        auto *grid = new QGridLayout;
        grid->setColumnStretch(1, 1);
        grid->addWidget(new QLabel(tr("Key type:"), this), 0, 0);
        auto *type = new QLabel(info.keyType, this);
        type->setTextInteractionFlags(Qt::TextSelectableByMouse);
        grid->addWidget(type, 0, 1);
        grid->addWidget(new QLabel(tr("SHA-256 fingerprint:"), this), 1, 0);
        m_fingerprint = new QLabel(info.fingerprint, this);
        m_fingerprint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        m_fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        m_fingerprint->setAccessibleName(tr("SHA-256 fingerprint"));
        grid->addWidget(m_fingerprint, 1, 1);
        text->addLayout(grid);
    }
    text->addStretch(1);

    auto *buttons = new QDialogButtonBox(this);
    if (changed) {
        m_reject = buttons->addButton(QDialogButtonBox::Close);
    } else {
        m_accept = buttons->addButton(tr("&Trust and Connect"), QDialogButtonBox::AcceptRole);
        m_reject = buttons->addButton(tr("&Reject"), QDialogButtonBox::RejectRole);
        m_reject->setDefault(true); // Enter must not trust a key by accident
        m_reject->setFocus();
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(560);
}

} // namespace halolink::ui
