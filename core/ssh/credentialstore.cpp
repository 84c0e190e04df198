#include "ssh/credentialstore.h"

#include "ssh/sshlogging.h"

#include <qt6keychain/keychain.h>

#include <QPointer>

namespace halolink {

namespace {

QString explain(QKeychain::Error error, const QString &detail)
{
    switch (error) {
    case QKeychain::NoError:
        return {};
    case QKeychain::EntryNotFound:
        return CredentialStore::tr("Nothing stored in the keychain for this node.");
    case QKeychain::NoBackendAvailable:
        return CredentialStore::tr("No system keychain is available, so the secret was not stored; "
                                   "it is kept in memory for this session only.");
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        return CredentialStore::tr("The keychain refused access (%1); the secret was not stored.")
            .arg(detail);
    default:
        return CredentialStore::tr("The keychain failed (%1); the secret was not stored.").arg(detail);
    }
}

template<typename Job> Job *makeJob(const QString &service, const QString &key)
{
    auto *job = new Job(service);
    job->setAutoDelete(true);
    // Plain-text storage in a settings file is exactly what must never happen.
    job->setInsecureFallback(false);
    job->setKey(key);
    return job;
}

} // namespace

CredentialStore::CredentialStore(const QString &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{
}

void CredentialStore::read(const QString &key, ReadDone done)
{
    auto *job = makeJob<QKeychain::ReadPasswordJob>(m_service, key);
    QPointer<CredentialStore> self(this);
    connect(job, &QKeychain::Job::finished, this, [self, done = std::move(done)](QKeychain::Job *j) {
        if (!self)
            return;
        auto *rj = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (rj->error() == QKeychain::NoError) {
            done(rj->binaryData(), QString());
            return;
        }
        qCDebug(lcSsh) << "keychain read:" << rj->error();
        done(std::nullopt, explain(rj->error(), rj->errorString()));
    });
    job->start();
}

void CredentialStore::write(const QString &key, const QByteArray &secret, WriteDone done)
{
    auto *job = makeJob<QKeychain::WritePasswordJob>(m_service, key);
    job->setBinaryData(secret);
    QPointer<CredentialStore> self(this);
    connect(job, &QKeychain::Job::finished, this, [self, done = std::move(done)](QKeychain::Job *j) {
        if (!self)
            return;
        if (j->error() == QKeychain::NoError) {
            done(true, tr("Stored in the system keychain."));
            return;
        }
        qCInfo(lcSsh) << "keychain write failed:" << j->error();
        done(false, explain(j->error(), j->errorString()));
    });
    job->start();
}

void CredentialStore::remove(const QString &key, WriteDone done)
{
    auto *job = makeJob<QKeychain::DeletePasswordJob>(m_service, key);
    QPointer<CredentialStore> self(this);
    connect(job, &QKeychain::Job::finished, this, [self, done = std::move(done)](QKeychain::Job *j) {
        if (!self)
            return;
        done(j->error() == QKeychain::NoError || j->error() == QKeychain::EntryNotFound,
            explain(j->error(), j->errorString()));
    });
    job->start();
}

} // namespace halolink
