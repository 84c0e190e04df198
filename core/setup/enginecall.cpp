#include "setup/enginecall.h"

#include "protocol/enginetexts.h"
#include "ssh/remoteprocess.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"
#include "ssh/sshlogging.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTimer>

namespace halolink {

QString rootCommand(const QStringList &engineArgv, bool withPassword, bool mayRunAsUser)
{
    using namespace rootexit;
    const QString engine = shellCommand(engineArgv);
    const QString asUser = QStringLiteral("exec %1 </dev/null").arg(engine);
    // No way to root at all / sudo exists but would ask.
    const QString noRoot = mayRunAsUser ? asUser : QStringLiteral("exit %1").arg(kNeedRoot);
    const QString noPassword = mayRunAsUser ? asUser : QStringLiteral("exit %1").arg(kSudoNeedsPassword);
    // sudo -n fails without running anything when it would ask: probe first,
    // so that the engine's own failures are never taken for sudo's.
    const QString passwordless =
        QStringLiteral("if sudo -n true </dev/null >/dev/null 2>&1; then hl_pw=; exec sudo -n -- %1 </dev/null; fi; ")
            .arg(engine);
    QString sudo;
    if (withPassword) {
        // The password: the first stdin line, read by the shell (a builtin
        // reading byte by byte: nothing past the line is consumed), kept in a
        // variable that is never exported and fed to sudo through printf (a
        // builtin: never an argv). `sudo -S true` checks it under LC_ALL=C
        // (not `sudo -v`: for a user without any sudoers entry, -v refuses
        // before it looks at the password, while running a command asks for
        // the password first, so a wrong one is always told as wrong) and its
        // refusal is classified here into the wrapper's exit statuses.
        sudo = passwordless
            + QStringLiteral(
                  "IFS= read -r hl_pw || hl_pw=; "
                  "[ -n \"$hl_pw\" ] || { %1; }; "
                  "if ! hl_e=$(printf '%s\\n' \"$hl_pw\" | LC_ALL=C sudo -S -p '' -- true 2>&1 >/dev/null); then "
                  "hl_pw=; printf '%s\\n' \"$hl_e\" >&2; "
                  "case $hl_e in "
                  "*'incorrect password'*|*'no password was provided'*|*'Sorry, try again'*) exit %2;; "
                  "*'not in the sudoers'*|*'may not run sudo'*|*'not allowed to'*) exit %3;; "
                  "esac; exit %4; fi; ")
                  .arg(noPassword, QString::number(kSudoWrongPassword), QString::number(kSudoNotAllowed),
                       QString::number(kSudoRefused))
            // Accepted: the ticket that check left when there is one (stdin
            // /dev/null), else the same line once more to sudo -S, which
            // consumes it before the engine starts.
            + passwordless
            + QStringLiteral("printf '%s\\n' \"$hl_pw\" | LC_ALL=C sudo -S -p '' -- %1; exit $?").arg(engine);
    } else {
        sudo = passwordless + noPassword;
    }
    return QStringLiteral("if [ \"$(id -u)\" = 0 ]; then exec %1 </dev/null; fi; "
                          "if command -v sudo >/dev/null 2>&1; then %2; fi; %3")
        .arg(engine, sudo, noRoot);
}

EngineCall::EngineCall(SshSession *session, const QString &enginePath, const QStringList &args, QObject *parent)
    : QObject(parent), m_session(session), m_enginePath(enginePath), m_args(args)
{
}

EngineCall::~EngineCall()
{
    wipePassword();
}

void EngineCall::setSpec(const QByteArray &json)
{
    for (qsizetype i = m_uploads.size() - 1; i >= 0; --i) {
        if (m_uploads.at(i).first == QLatin1String("--spec"))
            m_uploads.removeAt(i);
    }
    addUpload(QStringLiteral("--spec"), json);
}

void EngineCall::addUpload(const QString &option, const QByteArray &content)
{
    m_uploads.append({option, content});
}

void EngineCall::setSudoPassword(const QByteArray &password)
{
    wipePassword();
    // A deep copy: wiping it never depends on who else shares the buffer.
    m_password = QByteArray(password.constData(), password.size());
}

void EngineCall::wipePassword()
{
    m_password.fill('\0');
    m_password.clear();
}

void EngineCall::start()
{
    m_finished = false;
    m_emitted = false;
    m_exitCode = -1;
    m_result = {};
    m_events.clear();
    m_stderr.clear();
    m_stdout.clear();
    m_errorCode.clear();
    m_errorMessage.clear();
    m_fileArgs.clear();
    m_remoteFiles.clear();
    if (!m_session) {
        finish(QStringLiteral("connection_lost"), tr("No SSH session to the node."));
        return;
    }
    uploadNext();
}

// One file after the other: a private temporary file, the content on stdin.
void EngineCall::uploadNext()
{
    if (m_fileArgs.size() / 2 >= m_uploads.size()) {
        runEngine();
        return;
    }
    const auto &[option, content] = m_uploads.at(m_fileArgs.size() / 2);
    auto *task = new RemoteTask(
        m_session,
        QStringLiteral("umask 077; f=$(mktemp \"${TMPDIR:-/tmp}/halolink-spec.XXXXXX\") || exit 97; "
                       "cat > \"$f\" || { rm -f -- \"$f\"; exit 98; }; printf '%s\\n' \"$f\""),
        this);
    task->setStdin(content);
    task->setTimeout(std::chrono::seconds(60));
    const QString opt = option;
    connect(task, &RemoteTask::finished, this, [this, task, opt](int code) {
        task->deleteLater();
        const QString file = QString::fromUtf8(task->standardOutput().trimmed());
        if (m_finished) { // cancelled meanwhile: the copy goes too
            if (file.startsWith(QLatin1Char('/')) && m_session) {
                auto *rm = new RemoteTask(m_session, shellCommand({QStringLiteral("rm"), QStringLiteral("-f"),
                                                                   QStringLiteral("--"), file}));
                connect(rm, &RemoteTask::finished, rm, &QObject::deleteLater);
                connect(rm, &RemoteTask::failed, rm, &QObject::deleteLater);
                rm->start();
            }
            return;
        }
        if (file.startsWith(QLatin1Char('/')))
            m_remoteFiles << file;
        if (code != 0 || !file.startsWith(QLatin1Char('/'))) {
            finish(QStringLiteral("spec_upload_failed"),
                   tr("Cannot copy %1 to the node: %2").arg(opt, QString::fromUtf8(task->standardError().trimmed())));
            return;
        }
        m_fileArgs << opt << file;
        uploadNext();
    });
    connect(task, &RemoteTask::failed, this, [this, task, opt](RemoteTask::Failure, const QString &message) {
        task->deleteLater();
        finish(QStringLiteral("spec_upload_failed"), tr("Cannot copy %1 to the node: %2").arg(opt, message));
    });
    task->start();
}

void EngineCall::runEngine()
{
    QStringList argv{m_enginePath};
    argv << m_args << m_fileArgs;
    m_withPassword = !m_password.isEmpty();
    const QString command = rootCommand(argv, m_withPassword, m_privilege == Privilege::RootOrUser);
    // Safe to log in full: the password is never part of it.
    qCDebug(lcSsh).noquote() << "run on" << m_session->endpoint().displayName() << ":" << command;
    m_process = new RemoteProcess(m_session, command, this);
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
    if (m_withPassword) {
        // Read by the remote shell only when sudo -n cannot (see the header).
        QByteArray line;
        line.reserve(m_password.size() + 1);
        line.append(m_password).append('\n');
        m_process->write(line);
        line.fill('\0');
        wipePassword();
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
    if (m_finished)
        return;
    if (m_stdout.size() < (qsizetype(16) << 20))
        m_stdout += line + '\n';
    Q_EMIT outputLine(line);
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
    const QString sudoSays = QString::fromUtf8(m_stderr.trimmed());
    switch (exitCode) {
    case kNeedRoot:
        finish(QStringLiteral("need_root"), tr("Needs root: the SSH user is not root and sudo is not installed."));
        return;
    case kSudoNeedsPassword:
        finish(QStringLiteral("sudo_password_required"), tr("sudo needs a password on this node."));
        return;
    case kSudoWrongPassword:
        finish(QStringLiteral("sudo_password_wrong"), tr("sudo did not accept the password; nothing was run."));
        return;
    case kSudoNotAllowed:
        finish(QStringLiteral("sudo_not_allowed"),
               tr("sudo does not let this user run commands as root: %1").arg(sudoSays));
        return;
    case kSudoRefused:
        finish(QStringLiteral("sudo_refused"), tr("sudo refused: %1").arg(sudoSays));
        return;
    default:
        break;
    }
    const QJsonObject err = m_result.value(QStringLiteral("error")).toObject();
    if (!err.isEmpty()) {
        // apply's step_failed and rollback_incomplete carry their text's key
        // (engine/roce/plan_texts.cpp): said in the user's language.
        finish(err.value(QStringLiteral("code")).toString(QStringLiteral("engine_error")),
               enginetext::translated(enginetext::Table::PlanText, err.value(QStringLiteral("message_key")).toString(),
                                      err.value(QStringLiteral("message_args")).toObject(),
                                      err.value(QStringLiteral("message")).toString()));
        return;
    }
    if (exitCode != 0) {
        // The password was accepted but sudoers refuses the engine itself
        // (sudo -S ran under LC_ALL=C; the engine printed nothing).
        if (m_withPassword && exitCode == 1 && m_result.isEmpty()
            && m_stderr.contains("is not allowed to execute")) {
            finish(QStringLiteral("sudo_not_allowed"),
                   tr("sudo does not let this user run the engine as root: %1").arg(sudoSays));
            return;
        }
        finish(QStringLiteral("engine_error"),
               sudoSays.isEmpty() ? tr("The engine failed (exit status %1).").arg(exitCode) : sudoSays);
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
    wipePassword();
    if (m_timer)
        m_timer->stop();
    if (m_process)
        disconnect(m_process, nullptr, this, nullptr);
    removeFilesThenEmit();
}

// The uploaded files are removed before finished() (a CLI exits right after);
// a node that does not answer delays it by 30 s at most.
void EngineCall::removeFilesThenEmit()
{
    if (m_remoteFiles.isEmpty() || !m_session) {
        m_remoteFiles.clear();
        emitFinished();
        return;
    }
    QStringList rm{QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--")};
    rm << m_remoteFiles;
    m_remoteFiles.clear();
    // Not a child: it completes even when this call is deleted first.
    auto *task = new RemoteTask(m_session, shellCommand(rm));
    task->setTimeout(std::chrono::seconds(30));
    connect(task, &RemoteTask::finished, task, &QObject::deleteLater);
    connect(task, &RemoteTask::failed, task, &QObject::deleteLater);
    connect(task, &RemoteTask::finished, this, &EngineCall::emitFinished);
    connect(task, &RemoteTask::failed, this, &EngineCall::emitFinished);
    QTimer::singleShot(std::chrono::seconds(31), this, &EngineCall::emitFinished);
    task->start();
}

void EngineCall::emitFinished()
{
    if (m_emitted)
        return;
    m_emitted = true;
    Q_EMIT finished();
}

} // namespace halolink
