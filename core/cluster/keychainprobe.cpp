#include "cluster/keychainprobe.h"

#include <qt6keychain/keychain.h>

#include <QPointer>
#include <QTimer>

namespace halolink {

KeychainProbe::KeychainProbe(QObject *parent)
    : QObject(parent)
{
}

void KeychainProbe::start(std::chrono::milliseconds timeout)
{
    if (m_started)
        return;
    m_started = true;
    if (qEnvironmentVariableIsSet("HALOLINK_NO_KEYCHAIN")) {
        QTimer::singleShot(0, this, [this] { finish(false, tr("The system keychain is turned off (HALOLINK_NO_KEYCHAIN).")); });
        return;
    }
    auto *job = new QKeychain::ReadPasswordJob(QStringLiteral("HaloLink"));
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(QStringLiteral("halolink/keychain-probe"));
    QPointer<KeychainProbe> self(this);
    connect(job, &QKeychain::Job::finished, this, [self](QKeychain::Job *j) {
        if (!self)
            return;
        const bool works = j->error() == QKeychain::NoError || j->error() == QKeychain::EntryNotFound;
        self->finish(works, works ? QString() : j->errorString());
    });
    QTimer::singleShot(timeout, this, [this] { finish(false, tr("The system keychain did not answer.")); });
    job->start();
}

void KeychainProbe::finish(bool available, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_available = available;
    m_message = message;
    Q_EMIT finished(available, message);
}

} // namespace halolink
