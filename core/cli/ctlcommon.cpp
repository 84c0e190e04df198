#include "cli/ctlcommon.h"

#include "agent/agentsession.h"
#include "protocol/enginetexts.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimer>

#include <cerrno>
#include <termios.h>
#include <unistd.h>

namespace halolink::cli {

QString usageHint()
{
    return tr("Run 'halolinkctl --help' for usage.");
}

QJsonObject errorObject(const QString &code, const QString &message)
{
    return QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
}

void printJsonError(QTextStream &out, const QString &code, const QString &message)
{
    out << QJsonDocument(QJsonObject{{QStringLiteral("error"), errorObject(code, message)}}).toJson(QJsonDocument::Compact)
        << '\n';
}

CommandParser::CommandParser(const QString &commandName, const QString &description, const QString &usageText)
    : name(commandName)
    , usage(usageText)
{
    parser.setApplicationDescription(description);
    parser.addOption(help);
}

bool CommandParser::parse(const QStringList &arguments, QTextStream &out, QTextStream &err, int *exitCode)
{
    if (!parser.parse(arguments)) {
        err << "halolinkctl " << name << ": " << parser.errorText() << '\n'
            << tr("Run 'halolinkctl %1 --help' for usage.").arg(name) << '\n';
        *exitCode = CtlUsage;
        return false;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // QCommandLineParser names the program; say the command too.
        const qsizetype end = text.indexOf(QLatin1Char('\n'));
        text.replace(0, end, tr("Usage: halolinkctl %1 %2").arg(name, usage));
        out << text;
        *exitCode = CtlOk;
        return false;
    }
    return true;
}

void loadInventory(Inventory &inventory, QTextStream &err)
{
    inventory.load();
    if (!inventory.problemText().isEmpty())
        err << "halolinkctl: " << tr("warning:") << ' ' << inventory.problemText() << '\n';
}

std::optional<QList<Node>> resolveNodes(const Inventory &inventory, const QStringList &names, const QString &command,
                                        QTextStream &err)
{
    QList<Node> nodes;
    bool ok = true;
    for (const QString &name : names) {
        const auto n = inventory.find(name);
        if (!n) {
            err << "halolinkctl " << command << ": "
                << tr("no node '%1' in the inventory. 'halolinkctl nodes list' shows the nodes; "
                      "'halolinkctl nodes add' adds one.")
                       .arg(name)
                << '\n';
            ok = false;
            continue;
        }
        if (std::none_of(nodes.begin(), nodes.end(), [&n](const Node &o) { return o.id == n->id; }))
            nodes << *n;
    }
    if (!ok)
        return std::nullopt;
    return nodes;
}

QString CallResult::errorString() const
{
    const QString message = enginetext::translated(
        enginetext::Table::PlanText, error.value(QStringLiteral("message_key")).toString(),
        error.value(QStringLiteral("message_args")).toObject(), error.value(QStringLiteral("message")).toString());
    return message.isEmpty() ? error.value(QStringLiteral("code")).toString() : message;
}

bool stdinIsTerminal()
{
    return ::isatty(STDIN_FILENO) == 1;
}

std::optional<QByteArray> readSecretFromTerminal(const QString &prompt, QTextStream &err)
{
    if (!stdinIsTerminal())
        return std::nullopt;
    err << prompt;
    err.flush();
    termios old{};
    const bool haveTermios = ::tcgetattr(STDIN_FILENO, &old) == 0;
    if (haveTermios) {
        termios quiet = old;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        quiet.c_lflag |= ECHONL;
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    QByteArray secret;
    bool gotLine = false;
    for (;;) {
        char c = 0;
        const ssize_t n = ::read(STDIN_FILENO, &c, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (c == '\n' || c == '\r') {
            gotLine = true;
            break;
        }
        secret.append(c);
    }
    if (haveTermios)
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
    if (!gotLine && secret.isEmpty())
        return std::nullopt;
    return secret;
}

// --- CtlConnector -------------------------------------------------------------------------

CtlConnector::CtlConnector(Inventory *inventory, bool acceptNewHostKey, QTextStream &err, QObject *parent)
    : QObject(parent)
    , m_inventory(inventory)
    , m_controller(inventory)
    , m_acceptNew(acceptNewHostKey)
    , m_err(err)
{
    ClusterController::Options options;
    options.services = false; // a command asks for what it needs
    m_controller.setOptions(options);
    connect(&m_controller, &ClusterController::hostKeyUnknown, this, &CtlConnector::onHostKeyUnknown);
    connect(&m_controller, &ClusterController::hostKeyChanged, this, &CtlConnector::onHostKeyChanged);
    connect(&m_controller, &ClusterController::credentialsNeeded, this, &CtlConnector::onCredentialsNeeded);
    connect(&m_controller, &ClusterController::nodeStateChanged, this, &CtlConnector::sayProgress);
}

void CtlConnector::sayProgress(const QString &nodeId, NodeState state, const QString &detail)
{
    if (!m_progress)
        return;
    // A failure is told by the command, with its code; nothing to say before a start.
    if (state != NodeState::Connecting && state != NodeState::Deploying && state != NodeState::Ready)
        return;
    const QString name = m_controller.node(nodeId).name;
    const QString text = state == NodeState::Ready ? tr("%1 is ready.").arg(name)
                         : detail.isEmpty()           ? QString()
                                                      : tr("%1: %2").arg(name, detail);
    // One line a step: the step is the text without its numbers (40 %, 10 s).
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    const QString step = QString::number(int(state)) + QLatin1Char(':') + QString(text).remove(digits);
    if (text.isEmpty() || m_lastStep.value(nodeId) == step)
        return;
    m_lastStep.insert(nodeId, step);
    m_err << "halolinkctl: " << text << '\n';
    m_err.flush();
}

CtlConnector::~CtlConnector()
{
    m_controller.stop();
}

void CtlConnector::onHostKeyUnknown(const QString &nodeId, const HostKeyInfo &info)
{
    const Node node = m_controller.node(nodeId);
    const QString where = info.port == 22 ? info.host : QStringLiteral("[%1]:%2").arg(info.host).arg(info.port);
    if (m_acceptNew) {
        m_err << "halolinkctl: "
              << tr("%1 (%2): accepting its new %3 host key %4 (--accept-new-host-key); saved to known_hosts.")
                     .arg(node.name, where, info.keyType, info.fingerprint)
              << '\n';
        m_controller.acceptHostKey(nodeId);
        return;
    }
    m_failureCode.insert(nodeId, QStringLiteral("host_key_unknown"));
    m_failure.insert(nodeId, tr("the host key of %1 (%2) is not known yet: %3 %4. Compare it with the node's own "
                                "key (on the node: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub), then run again "
                                "with --accept-new-host-key to trust and save it.")
                                 .arg(node.name, where, info.keyType, info.fingerprint,
                                      info.keyType.section(QLatin1Char('-'), 1, 1).isEmpty()
                                          ? QStringLiteral("ed25519")
                                          : info.keyType.section(QLatin1Char('-'), 1, 1)));
    m_controller.rejectHostKey(nodeId);
}

void CtlConnector::onHostKeyChanged(const QString &nodeId, const HostKeyInfo &, const QString &message)
{
    m_failureCode.insert(nodeId, QStringLiteral("host_key_changed"));
    m_failure.insert(nodeId, message + QLatin1Char(' ')
                                 + tr("(--accept-new-host-key does not apply: a changed key is never overridden.)"));
}

void CtlConnector::onCredentialsNeeded(const QString &nodeId, CredentialKind kind, const QString &prompt)
{
    const Node node = m_controller.node(nodeId);
    QString what;
    switch (kind) {
    case CredentialKind::Password: what = tr("the password of %1").arg(node.sshDisplay()); break;
    case CredentialKind::KeyPassphrase: what = tr("the passphrase of the key for %1").arg(node.sshDisplay()); break;
    case CredentialKind::KeyboardInteractive:
        what = prompt.isEmpty() ? tr("an answer for %1").arg(node.sshDisplay()) : prompt.trimmed();
        break;
    }
    if (!stdinIsTerminal()) {
        m_failureCode.insert(nodeId, QStringLiteral("credentials_needed"));
        m_failure.insert(nodeId, tr("%1 asks for %2, and stdin is not a terminal to ask on. Set up key login "
                                    "(ssh-copy-id) or an ssh agent, or run halolinkctl in a terminal.")
                                     .arg(node.name, what));
        m_controller.cancelCredentials(nodeId);
        return;
    }
    const auto secret = readSecretFromTerminal(tr("%1: %2: ").arg(node.name, what), m_err);
    if (!secret) {
        m_failureCode.insert(nodeId, QStringLiteral("credentials_cancelled"));
        m_failure.insert(nodeId, tr("no answer for %1 was given.").arg(what));
        m_controller.cancelCredentials(nodeId);
        return;
    }
    m_controller.provideCredentials(nodeId, *secret, false);
}

void CtlConnector::connectAll(const QList<Node> &nodes, std::chrono::milliseconds timeout)
{
    QStringList ids;
    for (const Node &n : nodes)
        ids << n.id;
    m_controller.startNodes(ids);
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    auto settled = [this, ids] {
        for (const QString &id : ids) {
            const NodeState s = m_controller.state(id);
            if (s != NodeState::Ready && s != NodeState::Failed && s != NodeState::Lost && s != NodeState::Unreachable)
                return false;
        }
        return true;
    };
    connect(&m_controller, &ClusterController::nodeStateChanged, &loop, [&] {
        if (settled())
            loop.quit();
    });
    if (!settled()) {
        timer.start(timeout);
        loop.exec();
    }
    for (const QString &id : ids) {
        const NodeState s = m_controller.state(id);
        if (s == NodeState::Ready)
            continue;
        if (!m_failure.contains(id)) {
            const QString why = m_controller.errorString(id);
            m_failureCode.insert(id, s == NodeState::Failed || s == NodeState::Lost || s == NodeState::Unreachable
                                         ? QStringLiteral("unreachable")
                                                                                    : QStringLiteral("timeout"));
            m_failure.insert(id, why.isEmpty() ? tr("%1 did not become ready within %2 s.")
                                                     .arg(m_controller.node(id).name)
                                                     .arg(timeout.count() / 1000.0)
                                               : why);
        }
        // No reconnecting in a command: it reports and ends.
        if (AgentSession *session = m_controller.session(id))
            session->stop();
    }
}

bool CtlConnector::isReady(const QString &nodeId) const
{
    return m_controller.state(nodeId) == NodeState::Ready;
}

QString CtlConnector::failure(const QString &nodeId) const
{
    return m_failure.value(nodeId);
}

QString CtlConnector::failureCode(const QString &nodeId) const
{
    return m_failureCode.value(nodeId, QStringLiteral("unreachable"));
}

CallResult CtlConnector::call(const QString &nodeId, const QString &method, const QJsonObject &params,
                              std::chrono::milliseconds timeout)
{
    CallResult r;
    AgentSession *session = m_controller.session(nodeId);
    if (!session) {
        r.error = errorObject(QStringLiteral("not_ready"), tr("not connected"));
        return r;
    }
    AgentReply *reply = session->request(method, params, timeout);
    QEventLoop loop;
    bool done = false;
    connect(reply, &AgentReply::finished, &loop, [&] {
        done = true;
        r.ok = !reply->isError();
        r.result = reply->result();
        r.error = reply->error();
        loop.quit();
    });
    if (!done)
        loop.exec();
    return r;
}

} // namespace halolink::cli
