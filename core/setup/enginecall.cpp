#include "setup/enginecall.h"

#include "ssh/remoteprocess.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTimer>

namespace halolink {

QString rootCommand(const QStringList &engineArgv, bool withPassword, bool mayRunAsUser)
{
    using namespace rootexit;
    const QString engine = shellCommand(engineArgv);
    const QString fallback = mayRunAsUser ? QStringLiteral("exec %1").arg(engine)
                                          : QStringLiteral("exit %1").arg(kNeedRoot);
    QString sudo;
    if (withPassword) {
        // The password: the first stdin line, kept in a shell variable and fed
        // to sudo through printf (a builtin: never an argv). `sudo -v` checks
        // it first, so a wrong one exits kSudoWrongPassword without running
        // anything; the engine then gets an empty stdin.
        sudo = QStringLiteral("IFS= read -r hl_pw || exit %1; "
                              "if ! printf '%s\\n' \"$hl_pw\" | sudo -S -p '' -v >/dev/null 2>&1; then exit %2; fi; "
                              "printf '%s\\n' \"$hl_pw\" | sudo -S -p '' -- %3; exit $?")
                   .arg(kSudoNeedsPassword)
                   .arg(kSudoWrongPassword)
                   .arg(engine);
    } else {
        sudo = QStringLiteral("if sudo -n true 2>/dev/null; then exec sudo -n -- %1; fi; %2")
                   .arg(engine, mayRunAsUser ? fallback : QStringLiteral("exit %1").arg(kSudoNeedsPassword));
    }
    return QStringLiteral("if [ \"$(id -u)\" = 0 ]; then exec %1; fi; "
                          "if command -v sudo >/dev/null 2>&1; then %2; fi; %3")
        .arg(engine, sudo, fallback);
}

EngineCall::EngineCall(SshSession *session, const QString &enginePath, const QStringList &args, QObject *parent)
    : QObject(parent), m_session(session), m_enginePath(enginePath), m_args(args)
{
}

EngineCall::~EngineCall()
{
    m_password.fill('\0');
}

void EngineCall::start()
{
    m_finished = false;
    m_exitCode = -1;
    m_result = {};
    m_events.clear();
    m_stderr.clear();
    m_stdout.clear();
    m_errorCode.clear();
    m_errorMessage.clear();
    if (!m_session) {
        finish(QStringLiteral("connection_lost"), tr("No SSH session to the node."));
        return;
    }
    if (m_spec.isEmpty()) {
        runEngine();
        return;
    }
    auto *task = new RemoteTask(
        m_session,
        QStringLiteral("umask 077; f=$(mktemp \"${TMPDIR:-/tmp}/halolink-spec.XXXXXX\") || exit 97; "
                       "cat > \"$f\" || { rm -f -- \"$f\"; exit 98; }; printf '%s\\n' \"$f\""),
        this);
    task->setStdin(m_spec);
    task->setTimeout(std::chrono::seconds(60));
    connect(task, &RemoteTask::finished, this, [this, task](int code) {
        task->deleteLater();
        const QString file = QString::fromUtf8(task->standardOutput().trimmed());
        if (code != 0 || !file.startsWith(QLatin1Char('/'))) {
            finish(QStringLiteral("spec_upload_failed"),
                   tr("Cannot copy the spec to the node: %1").arg(QString::fromUtf8(task->standardError().trimmed())));
            return;
        }
        m_specFile = file;
        runEngine();
    });
    connect(task, &RemoteTask::failed, this, [this, task](RemoteTask::Failure, const QString &message) {
        task->deleteLater();
        finish(QStringLiteral("spec_upload_failed"), tr("Cannot copy the spec to the node: %1").arg(message));
    });
    task->start();
}

void EngineCall::runEngine()
{
    QStringList argv{m_enginePath};
    argv << m_args;
    if (!m_specFile.isEmpty())
        argv << QStringLiteral("--spec") << m_specFile;
    const bool withPassword = !m_password.isEmpty();
    m_process = new RemoteProcess(m_session, rootCommand(argv, withPassword, m_privilege == Privilege::RootOrUser), this);
    connect(m_process, &RemoteProcess::lineReceived, this, &EngineCall::onLine);
    connect(m_process, &RemoteProcess::stderrLine, this, [this](const QByteArray &line) {
        if (m_stderr.size() < (1 << 20))
            m_stderr += line + '\n';
    });
    connect(m_process, &RemoteProcess::finished, this, &EngineCall::onFinished);
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->terminate();
        finish(QStringLiteral("timeout"), tr("The engine did not finish in %1 s.").arg(m_timeout.count() / 1000));
    });
    m_timer->start(m_timeout);
    m_process->start();
    if (withPassword) {
        m_process->write(m_password + '\n');
        m_password.fill('\0');
        m_password.clear();
    }
    m_process->closeStdin();
}

void EngineCall::cancel()
{
    if (m_finished)
        return;
    if (m_process)
        m_process->terminate();
    finish(QStringLiteral("cancelled"), tr("Cancelled."));
}

void EngineCall::onLine(const QByteArray &line)
{
    if (m_stdout.size() < (qsizetype(16) << 20))
        m_stdout += line + '\n';
    const QJsonDocument d = QJsonDocument::fromJson(line.trimmed());
    if (!d.isObject())
        return;
    const QJsonObject o = d.object();
    if (o.contains(QStringLiteral("event"))) {
        m_events << o;
        Q_EMIT eventReceived(o);
    }
    m_result = o;
}

void EngineCall::onFinished(int exitCode, const QString &error)
{
    if (m_finished)
        return;
    using namespace rootexit;
    m_exitCode = exitCode;
    // One pretty-printed document (plan, status, verify) rather than JSON lines.
    if (const QJsonDocument whole = QJsonDocument::fromJson(m_stdout); whole.isObject())
        m_result = whole.object();
    if (!error.isEmpty() && exitCode < 0) {
        finish(QStringLiteral("connection_lost"), error);
        return;
    }
    if (exitCode == kNeedRoot) {
        finish(QStringLiteral("need_root"), tr("Needs root: the SSH user is not root and sudo is not installed."));
        return;
    }
    if (exitCode == kSudoNeedsPassword) {
        finish(QStringLiteral("sudo_password_required"), tr("sudo needs a password on this node."));
        return;
    }
    if (exitCode == kSudoWrongPassword) {
        finish(QStringLiteral("sudo_password_wrong"),
               tr("sudo did not accept the password (or this user may not use sudo)."));
        return;
    }
    const QJsonObject err = m_result.value(QStringLiteral("error")).toObject();
    if (!err.isEmpty()) {
        finish(err.value(QStringLiteral("code")).toString(QStringLiteral("engine_error")),
               err.value(QStringLiteral("message")).toString());
        return;
    }
    if (exitCode != 0) {
        const QString text = QString::fromUtf8(m_stderr.trimmed());
        finish(QStringLiteral("engine_error"),
               text.isEmpty() ? tr("The engine failed (exit status %1).").arg(exitCode) : text);
        return;
    }
    finish({}, {});
}

void EngineCall::finish(const QString &code, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_errorCode = code;
    m_errorMessage = message;
    m_password.fill('\0');
    if (m_timer)
        m_timer->stop();
    removeSpec();
    Q_EMIT finished();
}

void EngineCall::removeSpec()
{
    if (m_specFile.isEmpty() || !m_session)
        return;
    auto *task = new RemoteTask(m_session, shellCommand({QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"),
                                                         m_specFile}));
    task->setTimeout(std::chrono::seconds(30));
    connect(task, &RemoteTask::finished, task, &QObject::deleteLater);
    connect(task, &RemoteTask::failed, task, &QObject::deleteLater);
    task->start();
    m_specFile.clear();
}

} // namespace halolink
