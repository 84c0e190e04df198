#include "setup/enginecall.h"

#include "agent/agentcommand.h"
#include "agent/agentsession.h"
#include "protocol/enginetexts.h"
#include "ssh/remoteprocess.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"
#include "ssh/sshlogging.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTimer>

#include <functional>
#include <type_traits>
#include <utility>

namespace halolink {

QString rootCommand(const QStringList &engineArgv, bool withPassword, bool mayRunAsUser)
{
    return rootCommandFor(shellCommand(engineArgv), withPassword, mayRunAsUser);
}

QString rootCommandFor(const QString &engine, bool withPassword, bool mayRunAsUser)
{
    using namespace rootexit;
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

namespace {
const QByteArray kBegin = QByteArrayLiteral("halolink-call: begin");
const QByteArray kDirTag = QByteArrayLiteral("halolink-call: dir ");
constexpr int kNoTempDir = 97;   // mktemp -d failed
constexpr int kFileShort = 98;   // a file's bytes did not all arrive
} // namespace

QString callCommand(const QStringList &engineArgv, const QStringList &fileOptions, const QList<qsizetype> &fileSizes,
                    bool withPassword, bool mayRunAsUser)
{
    // First, on both streams: what the login shell printed before this is not ours.
    const QString begin = QStringLiteral("printf '%s\\n' %1; printf '%s\\n' %1 >&2; ")
                              .arg(shellQuote(QString::fromLatin1(kBegin)));
    if (fileOptions.isEmpty())
        return begin + rootCommand(engineArgv, withPassword, mayRunAsUser);
    QString engine = shellCommand(engineArgv);
    QString reads;
    for (qsizetype i = 0; i < fileOptions.size(); ++i) {
        engine += QStringLiteral(" %1 \"$hl_d/%2\"").arg(shellQuote(fileOptions.at(i))).arg(i + 1);
        reads += QStringLiteral("hl_r %1 %2 && ").arg(i + 1).arg(fileSizes.value(i));
    }
    // head -c reads no more than it is asked from the pipe, so each file gets
    // exactly its bytes and the password line after them stays for `read`.
    return begin
        + QStringLiteral("hl_d=$(mktemp -d \"${TMPDIR:-/tmp}/halolink-spec.XXXXXX\") || exit %1; "
                         "printf '%s%s\\n' %2 \"$hl_d\"; "
                         "hl_r() { (umask 077; head -c \"$2\" > \"$hl_d/$1\") && [ \"$(wc -c < \"$hl_d/$1\")\" -eq \"$2\" ]; }; "
                         "%3: || { rm -rf -- \"$hl_d\"; echo 'the files for the engine did not arrive in full' >&2; "
                         "exit %4; }; ")
              .arg(kNoTempDir)
              .arg(shellQuote(QString::fromLatin1(kDirTag)), reads)
              .arg(kFileShort)
        + QStringLiteral("( %1 ); hl_s=$?; rm -rf -- \"$hl_d\"; exit $hl_s")
              .arg(rootCommandFor(engine, withPassword, mayRunAsUser));
}

EngineCall::EngineCall(SshSession *session, const QString &enginePath, const QStringList &args, QObject *parent)
    : QObject(parent), m_session(session), m_enginePath(enginePath), m_args(args)
{
}

EngineCall::~EngineCall()
{
    wipePassword();
}

void EngineCall::setAgent(AgentSession *agent)
{
    m_agent = agent;
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
    m_remoteDir.clear();
    m_shellStderr.clear();
    m_begun = false;
    m_stderrBegun = false;
    if (!m_session) {
        finish(QStringLiteral("connection_lost"), tr("No SSH session to the node."));
        return;
    }
    runEngine();
}

void EngineCall::runEngine()
{
    QStringList argv{m_enginePath};
    argv << m_args;
    QStringList options;
    QList<qsizetype> sizes;
    QByteArray input;
    for (const auto &[option, content] : std::as_const(m_uploads)) {
        options << option;
        sizes << content.size();
        input += content;
    }
    m_withPassword = !m_password.isEmpty();
    const QString command = callCommand(argv, options, sizes, m_withPassword, m_privilege == Privilege::RootOrUser);
    // Safe to log in full: neither the password nor the files are part of it.
    qCDebug(lcSsh).noquote() << "run on" << m_session->endpoint().displayName() << ":" << command;
    // Through the node's agent when it runs and can (no login shell start:
    // issue 16), else on an exec channel of its own.
    std::function<void(const QByteArray &)> write;
    std::function<void()> closeStdin;
    auto attach = [&](auto *p) {
        using Process = std::remove_pointer_t<decltype(p)>;
        connect(p, &Process::lineReceived, this, &EngineCall::onLine);
        connect(p, &Process::stderrLine, this, &EngineCall::onStderrLine);
        connect(p, &Process::finished, this, &EngineCall::onFinished);
        m_process = p;
        m_terminate = [p] { p->terminate(); };
        write = [p](const QByteArray &b) { p->write(b); };
        closeStdin = [p] { p->closeStdin(); };
        p->start();
    };
    m_viaAgent = AgentCommand::available(m_agent);
    if (m_viaAgent) {
        qCDebug(lcSsh).noquote() << "through the agent";
        attach(new AgentCommand(m_agent, command, this));
    } else {
        attach(new RemoteProcess(m_session, command, this));
    }
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_terminate)
            m_terminate();
        finish(QStringLiteral("timeout"), tr("The engine did not finish in %1 s.").arg(m_timeout.count() / 1000));
    });
    m_timer->start(m_timeout);
    if (!input.isEmpty())
        write(input);
    input.fill('\0');
    if (m_withPassword) {
        // Read by the remote shell only when sudo -n cannot (see the header).
        QByteArray line;
        line.reserve(m_password.size() + 1);
        line.append(m_password).append('\n');
        write(line);
        line.fill('\0');
        wipePassword();
    }
    closeStdin();
}

void EngineCall::cancel()
{
    if (m_finished)
        return;
    if (m_terminate)
        m_terminate();
    finish(QStringLiteral("cancelled"), tr("Cancelled."));
}

void EngineCall::onLine(const QByteArray &line)
{
    if (m_finished)
        return;
    if (!m_begun) {
        // The login shell's own output (a ~/.bashrc that prints), before the wrapper.
        m_begun = line == kBegin;
        if (!m_begun)
            qCDebug(lcSsh).noquote() << "ignored before the engine call:" << QString::fromUtf8(line.left(200));
        return;
    }
    if (m_remoteDir.isEmpty() && line.startsWith(kDirTag)) {
        m_remoteDir = QString::fromUtf8(line.mid(kDirTag.size()));
        return;
    }
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

void EngineCall::onStderrLine(const QByteArray &line)
{
    if (!m_stderrBegun) {
        m_stderrBegun = line == kBegin;
        if (!m_stderrBegun && m_shellStderr.size() < 4096)
            m_shellStderr += line + '\n';
        return;
    }
    if (m_stderr.size() < (1 << 20))
        m_stderr += line + '\n';
}

void EngineCall::onFinished(int exitCode, const QString &error)
{
    if (m_finished)
        return;
    using namespace rootexit;
    m_exitCode = exitCode;
    if (exitCode >= 0)
        m_remoteDir.clear(); // the wrapper ended: it removed its folder itself
    // One pretty-printed document (plan, status, verify) rather than JSON lines.
    if (const QJsonDocument whole = QJsonDocument::fromJson(m_stdout); whole.isObject())
        m_result = whole.object();
    if (!error.isEmpty() && exitCode < 0) {
        finish(QStringLiteral("connection_lost"), error);
        return;
    }
    const QString sudoSays = QString::fromUtf8(m_stderr.trimmed());
    if (!m_begun) {
        const QString shellSays = QString::fromUtf8(m_shellStderr.trimmed());
        finish(QStringLiteral("engine_error"),
               tr("The login shell on the node ended before it ran anything (exit status %1): %2")
                   .arg(exitCode)
                   .arg(shellSays.isEmpty() ? tr("no message") : shellSays));
        return;
    }
    if (exitCode == kNoTempDir || exitCode == kFileShort) {
        // mktemp or the copy of the files failed: the engine did not run.
        finish(QStringLiteral("spec_upload_failed"),
               tr("Cannot give the engine its files on the node (exit status %1): %2")
                   .arg(exitCode)
                   .arg(sudoSays.isEmpty() ? tr("no message") : sudoSays));
        return;
    }
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

// The call's folder is removed before finished() (a CLI exits right after):
// by the wrapper when it ended, else (cancelled, timed out, cut off) by a
// second command; a node that does not answer delays it by 30 s at most.
void EngineCall::removeFilesThenEmit()
{
    const QString dir = std::exchange(m_remoteDir, QString());
    if (dir.isEmpty() || !dir.startsWith(QLatin1Char('/')) || !m_session) {
        emitFinished();
        return;
    }
    // Not a child: it completes even when this call is deleted first.
    auto *task = new RemoteTask(m_session, shellCommand({QStringLiteral("rm"), QStringLiteral("-rf"),
                                                         QStringLiteral("--"), dir}));
    if (m_viaAgent)
        task->setAgent(m_agent); // the way the call went, while the agent is there
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
