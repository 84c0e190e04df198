#include "deploy/enginedeployer.h"

#include "ssh/remotetask.h"
#include "ssh/sftpupload.h"
#include "ssh/shellquote.h"
#include "ssh/sshlogging.h"
#include "ssh/sshsession.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QRandomGenerator>

namespace halolink {

std::optional<LocalEngineInfo> LocalEngineInfo::load(const QString &path, QString *error)
{
    static QMutex mutex;
    static QHash<QString, LocalEngineInfo> cache;
    const QFileInfo fi(path);
    if (!fi.isFile()) {
        *error = EngineDeployer::tr("The engine %1 does not exist.").arg(path);
        return std::nullopt;
    }
    const QString cacheKey = QStringLiteral("%1|%2|%3")
                                 .arg(fi.canonicalFilePath())
                                 .arg(fi.size())
                                 .arg(fi.lastModified().toMSecsSinceEpoch());
    {
        QMutexLocker lock(&mutex);
        auto it = cache.constFind(cacheKey);
        if (it != cache.constEnd())
            return *it;
    }
    LocalEngineInfo info;
    info.path = path;
    auto elf = ElfInfo::read(path, error);
    if (!elf)
        return std::nullopt;
    info.elf = *elf;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = EngineDeployer::tr("Cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    // A few MB: hashed once per binary and cached, not once per node.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&f);
    info.sha256 = QString::fromLatin1(hash.result().toHex());
    info.size = f.size();
    QMutexLocker lock(&mutex);
    cache.insert(cacheKey, info);
    return info;
}

EngineDeployer::EngineDeployer(SshSession *session, const QString &localEnginePath, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_localPath(localEnginePath)
{
    qRegisterMetaType<Failure>();
}

EngineDeployer::~EngineDeployer() = default;

QString EngineDeployer::nodeName() const
{
    return m_session ? m_session->endpoint().displayName() : tr("the node");
}

void EngineDeployer::fail(Failure failure, const QString &message)
{
    if (!m_running)
        return;
    m_running = false;
    m_failure = failure;
    m_error = message;
    if (m_task)
        m_task->deleteLater();
    if (m_upload) {
        m_upload->cancel();
        m_upload->deleteLater();
    }
    qCInfo(lcDeploy).noquote() << nodeName() << "deploy failed:" << message;
    Q_EMIT failed(failure, message);
}

void EngineDeployer::start()
{
    if (m_running)
        return;
    m_running = true;
    m_uploaded = false;
    m_failure = Failure::None;
    m_error.clear();
    QString error;
    auto local = LocalEngineInfo::load(m_localPath, &error);
    if (!local) {
        QMetaObject::invokeMethod(
            this, [this, error] { fail(Failure::LocalEngine, error); }, Qt::QueuedConnection);
        return;
    }
    m_local = *local;
    if (!m_session || !m_session->isReady()) {
        QMetaObject::invokeMethod(
            this, [this] { fail(Failure::NotConnected, tr("Not connected.")); }, Qt::QueuedConnection);
        return;
    }
    const QString target = QStringLiteral("%1/engine-%2").arg(m_remoteDir, m_local.sha256);
    // One round trip for every fact; each value printed on its own tagged line.
    const QString command = QStringLiteral(
        "printf 'arch=%s\\n' \"$(uname -m)\"; "
        "printf 'home=%s\\n' \"$HOME\"; "
        "printf 'libc=%s\\n' \"$(getconf GNU_LIBC_VERSION 2>/dev/null || ldd --version 2>&1 | head -n 1)\"; "
        "printf 'sha256sum=%s\\n' \"$(command -v sha256sum)\"; "
        "printf 'have=%s\\n' \"$(sha256sum -- \"$HOME\"/%1 2>/dev/null | cut -c1-64)\"")
                                .arg(shellQuote(target));
    m_task = new RemoteTask(m_session, command, this);
    m_task->setTimeout(std::chrono::seconds(30));
    connect(m_task, &RemoteTask::finished, this, &EngineDeployer::onCheckDone);
    connect(m_task, &RemoteTask::failed, this, [this](RemoteTask::Failure, const QString &msg) {
        fail(Failure::NodeCheck, tr("Checking %1 failed: %2").arg(nodeName(), msg));
    });
    m_task->start();
}

void EngineDeployer::cancel()
{
    fail(Failure::Cancelled, tr("Cancelled."));
}

void EngineDeployer::onCheckDone(int exitCode)
{
    if (!m_running)
        return;
    const QString out = QString::fromUtf8(m_task->standardOutput());
    m_task->deleteLater();
    QHash<QString, QString> facts;
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            facts.insert(line.left(eq), line.mid(eq + 1).trimmed());
    }
    m_nodeArch = facts.value(QStringLiteral("arch"));
    m_nodeLibc = facts.value(QStringLiteral("libc"));
    m_home = facts.value(QStringLiteral("home"));
    if (m_nodeArch.isEmpty() || m_home.isEmpty() || !m_home.startsWith(QLatin1Char('/'))) {
        fail(Failure::NodeCheck,
            tr("%1 did not report its architecture and home directory "
               "(exit code %2).")
                .arg(nodeName())
                .arg(exitCode));
        return;
    }
    // Architecture.
    const QStringList fits = m_local.elf.unameNames();
    if (!fits.contains(m_nodeArch)) {
        fail(Failure::ArchMismatch,
            tr("%1 is a %2 machine, but the engine %3 is built for %4. "
               "Use an engine built for %2.")
                .arg(nodeName(), m_nodeArch, QFileInfo(m_local.path).fileName(), m_local.elf.machineName()));
        return;
    }
    // C library.
    if (m_local.elf.minGlibc) {
        const GlibcVersion need = *m_local.elf.minGlibc;
        const bool isGlibc = m_nodeLibc.contains(QLatin1String("glibc"), Qt::CaseInsensitive)
            || m_nodeLibc.contains(QLatin1String("GNU libc"), Qt::CaseInsensitive);
        const auto have = GlibcVersion::parse(m_nodeLibc);
        if (m_nodeLibc.contains(QLatin1String("musl"), Qt::CaseInsensitive)) {
            fail(Failure::LibcMismatch,
                tr("%1 uses the musl C library; the engine needs glibc %2 or newer.")
                    .arg(nodeName(), need.toString()));
            return;
        }
        if (!isGlibc || !have) {
            qCWarning(lcDeploy).noquote()
                << nodeName() << "C library not recognised:" << m_nodeLibc << "- trying anyway";
        } else if (*have < need) {
            fail(Failure::LibcMismatch,
                tr("%1 has glibc %2, but the engine needs glibc %3 or newer. "
                   "Update the node's system, or use an engine built on an older one.")
                    .arg(nodeName(), have->toString(), need.toString()));
            return;
        }
    }
    m_remotePath = QStringLiteral("%1/%2/engine-%3").arg(m_home, m_remoteDir, m_local.sha256);
    if (facts.value(QStringLiteral("sha256sum")).isEmpty()) {
        fail(Failure::Verify,
            tr("%1 has no sha256sum (coreutils), so the engine cannot be "
               "verified there.")
                .arg(nodeName()));
        return;
    }
    if (facts.value(QStringLiteral("have")) == m_local.sha256) {
        qCInfo(lcDeploy).noquote() << nodeName() << "engine already there:" << m_remotePath;
        m_running = false;
        Q_EMIT finished(m_remotePath, false);
        return;
    }
    startUpload();
}

void EngineDeployer::startUpload()
{
    const QString dir = m_home + QLatin1Char('/') + m_remoteDir;
    m_tmpPath = QStringLiteral("%1/.engine-%2.tmp-%3")
                    .arg(dir, m_local.sha256.left(16))
                    .arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    // The cache dir, private to the user.
    m_task = new RemoteTask(
        m_session, QStringLiteral("mkdir -p -- %1 && chmod 700 -- %1").arg(shellQuote(dir)), this);
    m_task->setTimeout(std::chrono::seconds(30));
    connect(m_task, &RemoteTask::finished, this, [this, dir](int exitCode) {
        const QString err = QString::fromUtf8(m_task->standardError()).trimmed();
        m_task->deleteLater();
        if (exitCode != 0) {
            fail(Failure::Upload, tr("Cannot create %1 on %2: %3").arg(dir, nodeName(), err));
            return;
        }
        qCInfo(lcDeploy).noquote() << nodeName() << "uploading" << m_local.size << "bytes to" << m_tmpPath;
        m_upload = new SftpUpload(m_session, m_local.path, m_tmpPath, 0700, this);
        connect(m_upload, &SftpUpload::progress, this, &EngineDeployer::progress);
        connect(m_upload, &SftpUpload::finished, this, &EngineDeployer::onUploadDone);
        m_upload->start();
    });
    connect(m_task, &RemoteTask::failed, this,
        [this](RemoteTask::Failure, const QString &msg) { fail(Failure::Upload, msg); });
    m_task->start();
}

void EngineDeployer::onUploadDone(bool ok, const QString &error)
{
    if (!m_running)
        return;
    m_upload->deleteLater();
    if (!ok) {
        fail(Failure::Upload, tr("Uploading the engine to %1 failed: %2").arg(nodeName(), error));
        return;
    }
    const QString tmp = shellQuote(m_tmpPath);
    const QString command = QStringLiteral("h=$(sha256sum -- %1 | cut -c1-64); "
                                           "if [ \"$h\" = %2 ]; then mv -f -- %1 %3; "
                                           "else rm -f -- %1; printf 'checksum %s\\n' \"$h\" >&2; exit 3; fi")
                                .arg(tmp, shellQuote(m_local.sha256), shellQuote(m_remotePath));
    m_task = new RemoteTask(m_session, command, this);
    m_task->setTimeout(std::chrono::seconds(60));
    connect(m_task, &RemoteTask::finished, this, &EngineDeployer::onInstallDone);
    connect(m_task, &RemoteTask::failed, this,
        [this](RemoteTask::Failure, const QString &msg) { fail(Failure::Verify, msg); });
    m_task->start();
}

void EngineDeployer::onInstallDone(int exitCode)
{
    if (!m_running)
        return;
    const QString err = QString::fromUtf8(m_task->standardError()).trimmed();
    m_task->deleteLater();
    if (exitCode != 0) {
        fail(Failure::Verify,
            tr("The engine uploaded to %1 did not verify (%2); removed.")
                .arg(nodeName(), err.isEmpty() ? QStringLiteral("exit %1").arg(exitCode) : err));
        return;
    }
    m_uploaded = true;
    m_running = false;
    qCInfo(lcDeploy).noquote() << nodeName() << "engine installed:" << m_remotePath;
    Q_EMIT finished(m_remotePath, true);
}

} // namespace halolink
