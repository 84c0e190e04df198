#pragma once
// Private to core/cli: what every halolinkctl command shares — messages, the
// per-command parser with --help, JSON errors, and CtlConnector, which
// connects to nodes with the command line's rules:
//  - an unknown host key is refused, with its fingerprint, unless the person
//    ran with --accept-new-host-key (it is then saved to known_hosts); a
//    changed key is always refused;
//  - a password or passphrase is asked on the terminal without echo, only
//    when stdin is a terminal; otherwise the command fails and says why.

#include "cli/ctlcommand.h"
#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QStringList>
#include <QTextStream>

#include <chrono>
#include <optional>

// A tr() for a whole namespace, with QCoreApplication::translate's signature
// (tr("%n node(s)", nullptr, n) for plurals). lupdate reads the macro as
// Q_DECLARE_TR_FUNCTIONS (translations/CMakeLists.txt passes -tr-function-alias)
// and files an unqualified tr("...") anywhere in the namespace, in a free
// function or a plain struct, under the same context. That holds for a
// namespace this header alone opens among the headers its sources include, as
// halolink::cli; where many headers open a namespace (halolink, halolink::setup)
// lupdate may not see it: there a class with Q_DECLARE_TR_FUNCTIONS and
// qualified calls do it. tests/i18n fails on lupdate's warnings.
#define HALOLINK_NAMESPACE_TR_FUNCTIONS(context)                                                             \
    inline QString tr(const char *sourceText, const char *disambiguation = nullptr, int n = -1)              \
    {                                                                                                        \
        return QCoreApplication::translate(#context, sourceText, disambiguation, n);                         \
    }                                                                                                        \
    static_assert(true, "followed by a semicolon")

namespace halolink::cli {

// The commands' texts are in the "halolinkctl" context.
HALOLINK_NAMESPACE_TR_FUNCTIONS(halolinkctl);

QString usageHint();
void printJsonError(QTextStream &out, const QString &code, const QString &message);
QJsonObject errorObject(const QString &code, const QString &message);

// A command's parser: --help built in; "halolinkctl <name>" in the usage line.
struct CommandParser {
    QCommandLineParser parser;
    QCommandLineOption help{{QStringLiteral("h"), QStringLiteral("help")}, tr("Show this help.")};
    QString name;  // "nodes add"
    QString usage; // "[options] NAME"

    CommandParser(const QString &name, const QString &description, const QString &usage);
    // CtlOk when the command should run; otherwise the exit code to return
    // (help printed: CtlOk is returned through *done).
    bool parse(const QStringList &arguments, QTextStream &out, QTextStream &err, int *exitCode);
};

// The inventory as the GUI uses it; a problem with the file is told on stderr.
void loadInventory(Inventory &inventory, QTextStream &err);

// Resolves node names; unknown ones are reported on err.
std::optional<QList<Node>> resolveNodes(const Inventory &inventory, const QStringList &names, const QString &command,
                                        QTextStream &err);

struct CallResult {
    bool ok = false;
    QJsonValue result;
    QJsonObject error; // {"code","message"}
    QString errorString() const;
};

class CtlConnector final : public QObject
{
    Q_OBJECT

public:
    CtlConnector(Inventory *inventory, bool acceptNewHostKey, QTextStream &err, QObject *parent = nullptr);
    ~CtlConnector() override;

    // Connects to every node in parallel (deploying the engine where needed);
    // returns when each is ready or has failed, or after the timeout.
    void connectAll(const QList<Node> &nodes, std::chrono::milliseconds timeout);
    bool isReady(const QString &nodeId) const;
    // Why the node could not be reached (for people).
    QString failure(const QString &nodeId) const;
    QString failureCode(const QString &nodeId) const;

    // One agent request, waited for.
    CallResult call(const QString &nodeId, const QString &method, const QJsonObject &params,
                    std::chrono::milliseconds timeout);

    ClusterController &controller() { return m_controller; }
    // On: each node's steps while connecting (connecting, checking and
    // deploying the engine, starting the agent, ready) are said on err, a line
    // a step (a deploy's percentages are one step).
    void setProgress(bool on) { m_progress = on; }

private:
    void sayProgress(const QString &nodeId, NodeState state, const QString &detail);
    void onHostKeyUnknown(const QString &nodeId, const HostKeyInfo &info);
    void onHostKeyChanged(const QString &nodeId, const HostKeyInfo &info, const QString &message);
    void onCredentialsNeeded(const QString &nodeId, CredentialKind kind, const QString &prompt);

    Inventory *m_inventory;
    ClusterController m_controller;
    bool m_acceptNew;
    QTextStream &m_err;
    QHash<QString, QString> m_failure;
    QHash<QString, QString> m_failureCode;
    bool m_progress = false;
    QHash<QString, QString> m_lastStep; // per node: the step last said
};

// One benchmark between two connected nodes, as `halolinkctl bench` runs it:
// a reflector on `b` (on `port`; any free one when that is taken and
// anyPortIfTaken), the agents' `bench` on `a` against b's data-plane
// address with `params` (transport, test, size, ...), the reflector stopped.
// progress: where each of those steps is said as it starts (null: nowhere).
struct BenchBetween {
    CallResult reflector; // reflector.start's answer
    CallResult bench; // not asked (ok false, no error) when the reflector did not start
};
BenchBetween benchBetween(CtlConnector &connector, const Node &a, const Node &b, QJsonObject params, int port,
                          bool anyPortIfTaken, std::chrono::milliseconds benchTimeout,
                          QTextStream *progress = nullptr);

// The commands that reach nodes (probe, bench, snapshot): --accept-new-host-key;
// a positive number of seconds from an option (false, and said on err, if not);
// seconds as milliseconds.
const QCommandLineOption &acceptOption();
bool parseSeconds(const QCommandLineParser &p, const QCommandLineOption &o, double *seconds, const QString &command,
                  QTextStream &err);
std::chrono::milliseconds ms(double seconds);

// Reads a secret from the terminal without echo; nullopt when stdin is not a
// terminal or on end of input.
std::optional<QByteArray> readSecretFromTerminal(const QString &prompt, QTextStream &err);
bool stdinIsTerminal();

// Commands, one per file.
int runNodes(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runProbe(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runBench(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runSnapshot(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runConfigure(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runJob(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runEngine(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runLab(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace halolink::cli
