#include "setup/setupcontroller.h"
#include "setup/setupcontroller_p.h"

#include "agent/agentsession.h"
#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"
#include "logging.h"
#include "setup/enginecall.h"
#include "ssh/credentialstore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <memory>
namespace halolink::setup {

using detail::number;
using detail::phaseNames;

namespace {

// This file's texts outside a QObject: Setup::tr("...") is looked up in the
// context lupdate files it under.
struct Setup {
    Q_DECLARE_TR_FUNCTIONS(halolink::setup)
};

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace

QString phaseText(Phase phase)
{
    switch (phase) {
    case Phase::Idle:
        return Setup::tr("not started");
    case Phase::Planning:
        return Setup::tr("planning…");
    case Phase::Planned:
        return Setup::tr("planned");
    case Phase::Applying:
        return Setup::tr("applying…");
    case Phase::Applied:
        return Setup::tr("applied, awaiting confirmation");
    case Phase::Verifying:
        return Setup::tr("verifying…");
    case Phase::Verified:
        return Setup::tr("verified, awaiting confirmation");
    case Phase::Confirming:
        return Setup::tr("confirming…");
    case Phase::Confirmed:
        return Setup::tr("confirmed");
    case Phase::RollingBack:
        return Setup::tr("rolling back…");
    case Phase::RolledBack:
        return Setup::tr("rolled back");
    case Phase::Failed:
        return Setup::tr("failed");
    }
    return {};
}

SetupController::SetupController(ClusterController *cluster, Inventory *inventory, QObject *parent)
    : QObject(parent), m_cluster(cluster), m_inventory(inventory)
{
}

SetupController::~SetupController()
{
    for (QByteArray &pw : m_sudo)
        pw.fill('\0');
    for (const QPointer<EngineCall> &c : std::as_const(m_calls)) {
        if (c)
            c->cancel();
    }
    resumeRdma();
}

void SetupController::setCredentialStore(CredentialStore *store)
{
    m_store = store;
}

void SetupController::resumeRdma()
{
    if (m_cluster && !m_paused.isEmpty())
        m_cluster->resumeRdmaServices(m_paused);
    m_paused.clear();
}

void SetupController::setNodes(const QList<NodeInput> &nodes)
{
    const bool sameNodes = [&] {
        if (nodes.size() != m_nodes.size())
            return false;
        for (int i = 0; i < nodes.size(); ++i) {
            if (nodes.at(i).nodeId != m_nodes.at(i).nodeId)
                return false;
        }
        return true;
    }();
    m_nodes = nodes;
    if (!sameNodes) {
        m_runs = QList<NodeRun>(nodes.size());
        m_pairs.clear();
        for (QByteArray &pw : m_sudo)
            pw.fill('\0');
        m_sudo.clear();
        m_triedKeychain.clear();
    }
}

void SetupController::updateProbes()
{
    if (!m_cluster)
        return;
    for (NodeInput &n : m_nodes) {
        if (auto p = m_cluster->probeReport(n.nodeId))
            n.probe = *p;
    }
}

void SetupController::suggestMissing()
{
    for (NodeInput &n : m_nodes) {
        if (n.interface.isEmpty() && n.probe)
            n.interface = suggestInterface(*n.probe).netdev;
    }
    bool anyMissing = false;
    for (const NodeInput &n : m_nodes)
        anyMissing = anyMissing || n.address.trimmed().isEmpty();
    if (!anyMissing)
        return;
    const QStringList proposed = proposeAddresses(m_settings.topology, m_nodes);
    for (int i = 0; i < m_nodes.size() && i < proposed.size(); ++i)
        m_nodes[i].address = proposed.at(i);
}

void SetupController::measureClocks()
{
    if (!m_cluster)
        return;
    for (const NodeInput &n : std::as_const(m_nodes)) {
        AgentSession *s = m_cluster->session(n.nodeId);
        if (!s || s->state() != AgentSession::State::Ready)
            continue;
        const qint64 t0 = nowNs();
        AgentReply *r = s->request(QStringLiteral("ping"), {}, std::chrono::seconds(10));
        const QString id = n.nodeId;
        connect(r, &AgentReply::finished, this, [this, r, t0, id] {
            const qint64 t1 = nowNs();
            if (r->isError())
                return;
            const auto remote = number(r->result().toObject().value(QStringLiteral("time_ns")));
            if (!remote)
                return;
            m_clockOffsetMs.insert(id, qint64((*remote - double(t0 + t1) / 2.0) / 1e6));
            for (int i = 0; i < m_nodes.size(); ++i) {
                if (m_nodes.at(i).nodeId == id)
                    Q_EMIT nodeChanged(i);
            }
        });
    }
}

std::optional<qint64> SetupController::clockOffsetMs(const QString &nodeId) const
{
    if (!m_clockOffsetMs.contains(nodeId))
        return std::nullopt;
    return m_clockOffsetMs.value(nodeId);
}

QString SetupController::nodeName(int node) const
{
    return node >= 0 && node < m_nodes.size() ? m_nodes.at(node).name : QString();
}

void SetupController::setPhase(int node, Phase phase)
{
    m_runs[node].phase = phase;
    Q_EMIT nodeChanged(node);
}

void SetupController::log(int node, const QString &line)
{
    const QString stamped = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss ")) + line;
    m_runs[node].log << stamped;
    qCInfo(lcCore).noquote() << "setup:" << nodeName(node) << line;
    Q_EMIT logLine(node, stamped);
}

bool SetupController::anyChanged() const
{
    for (const NodeRun &r : m_runs) {
        if (r.changed)
            return true;
    }
    return false;
}

bool SetupController::allIn(Phase phase) const
{
    if (m_runs.isEmpty())
        return false;
    for (const NodeRun &r : m_runs) {
        if (r.phase != phase)
            return false;
    }
    return true;
}

QString SetupController::operationText(const QString &op) const
{
    if (op == QLatin1String("plan"))
        return tr("planning: the engine reads the node and lists the steps it would take");
    if (op == QLatin1String("apply"))
        return tr("applying the plan; the node undoes it by itself %n second(s) after the last step unless it is "
                  "confirmed",
                  nullptr, m_settings.confirmWithinSeconds);
    if (op == QLatin1String("verify"))
        return tr("verifying: the engine checks the configuration on the node");
    if (op == QLatin1String("confirm"))
        return tr("confirming: the node keeps the change and stops its rollback timer");
    if (op == QLatin1String("rollback"))
        return tr("rolling back: the node undoes every applied step from its journal");
    if (op == QLatin1String("status"))
        return tr("asking the node where its last change stands");
    return tr("%1: %2").arg(op, argsFor(op).join(QLatin1Char(' ')));
}

QString SetupController::eventText(const QJsonObject &e)
{
    const QString event = e.value(QStringLiteral("event")).toString();
    const QString id = e.value(QStringLiteral("id")).toString();
    const QString status = e.value(QStringLiteral("status")).toString();
    const QString err = e.value(QStringLiteral("error")).toString();
    const int index = e.value(QStringLiteral("index")).toInt() + 1;
    const int total = e.value(QStringLiteral("total")).toInt();
    QString what;
    if (event == QLatin1String("step")) {
        const QString done = status == QLatin1String("applied")   ? tr("done")
                             : status == QLatin1String("skipped") ? tr("already in place, skipped")
                             : status == QLatin1String("failed")  ? tr("failed")
                                                                  : status;
        //: %1 the step's number, %2 how many, %3 its id (mtu, address, roce_tos, ...), %4 what happened
        what = tr("step %1 of %2 (%3): %4").arg(index).arg(total).arg(id, done);
    } else if (event == QLatin1String("undo")) {
        what = status == QLatin1String("undone") ? tr("undid step %1 (%2)").arg(index).arg(id)
                                                 : tr("could not undo step %1 (%2)").arg(index).arg(id);
    } else if (event == QLatin1String("note")) {
        what = tr("%1: %2").arg(id, e.value(QStringLiteral("message")).toString());
    } else {
        what = QStringLiteral("%1 %2: %3").arg(event, id, status);
    }
    return err.isEmpty() ? what : tr("%1 (%2)").arg(what, err);
}

QString SetupController::appliedText(qint64 deadline)
{
    return tr("applied; it will be rolled back at %1 unless you confirm")
        .arg(QDateTime::fromSecsSinceEpoch(deadline).toString(QStringLiteral("HH:mm:ss")));
}

QStringList SetupController::argsFor(const QString &op) const
{
    if (op == QLatin1String("apply"))
        return {QStringLiteral("apply"), QStringLiteral("--confirm-within"), QString::number(m_settings.confirmWithinSeconds)};
    if (op == QLatin1String("verify"))
        return {QStringLiteral("verify"), QStringLiteral("--no-bench")};
    if (op == QLatin1String("rollback"))
        return {QStringLiteral("rollback"), QStringLiteral("--reason"), QStringLiteral("HaloLink setup: rolled back")};
    return {op};
}

void SetupController::planAll()
{
    QList<int> all;
    for (int i = 0; i < m_nodes.size(); ++i)
        all << i;
    startOperation(QStringLiteral("plan"), all);
}

void SetupController::applyAll()
{
    QList<int> all;
    for (int i = 0; i < m_nodes.size(); ++i)
        all << i;
    m_pairs.clear();
    startOperation(QStringLiteral("apply"), all, true);
}

void SetupController::verifyAll()
{
    QList<int> all;
    for (int i = 0; i < m_nodes.size(); ++i)
        all << i;
    m_pairs.clear();
    startOperation(QStringLiteral("verify"), all);
}

void SetupController::confirmAll()
{
    QList<int> nodes;
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs.at(i).phase == Phase::Applied || m_runs.at(i).phase == Phase::Verified)
            nodes << i;
    }
    startOperation(QStringLiteral("confirm"), nodes);
}

void SetupController::refreshStatus()
{
    QList<int> nodes;
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs.at(i).changed)
            nodes << i;
    }
    startOperation(QStringLiteral("status"), nodes);
}

void SetupController::rollbackAll()
{
    QList<int> nodes;
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs.at(i).changed)
            nodes << i;
    }
    startOperation(QStringLiteral("rollback"), nodes, true);
}

void SetupController::cancel()
{
    for (const QPointer<EngineCall> &c : std::as_const(m_calls)) {
        if (c)
            c->cancel();
    }
}

void SetupController::startOperation(const QString &op, const QList<int> &nodes, bool pauseRdma)
{
    if (isBusy()) {
        qWarning("setup: %s while %s runs", qPrintable(op), qPrintable(m_operation));
        return;
    }
    m_operation = op;
    m_operationOk = true;
    m_waiting = nodes;
    if (nodes.isEmpty()) {
        finishOperation();
        return;
    }
    auto start = [this, nodes] {
        for (int i : nodes)
            startCall(i);
    };
    if (!pauseRdma || !m_cluster) {
        start();
        return;
    }
    QStringList ids;
    for (const NodeInput &n : std::as_const(m_nodes))
        ids << n.nodeId;
    for (const QString &id : std::as_const(ids)) {
        if (!m_paused.contains(id))
            m_paused << id;
    }
    // Before a rollback, nothing may hold a Soft-RoCE device it removes.
    auto afterPause = op == QLatin1String("rollback") ? std::function<void()>([this, nodes, start] {
        releaseSoftRoceThen(nodes, start);
    })
                                                       : std::function<void()>(start);
    const QList<AgentReply *> replies = m_cluster->pauseRdmaServices(ids);
    if (replies.isEmpty()) {
        afterPause();
        return;
    }
    auto pending = std::make_shared<int>(int(replies.size()));
    for (AgentReply *r : replies) {
        connect(r, &AgentReply::finished, this, [pending, afterPause] {
            if (--*pending == 0)
                afterPause();
        });
    }
}

bool SetupController::isSoftRoce(int node) const
{
    const QJsonObject &plan = m_runs.value(node).plan;
    if (!plan.isEmpty())
        return plan.value(QStringLiteral("backend")).toString() == QLatin1String("rxe");
    return specFor(m_nodes, node, m_settings).value(QStringLiteral("backend")).toString() == QLatin1String("rxe");
}

void SetupController::releaseSoftRoceThen(const QList<int> &nodes, std::function<void()> next)
{
    QStringList ids;
    for (int i : nodes) {
        if (isSoftRoce(i) && m_cluster && m_cluster->session(m_nodes.at(i).nodeId))
            ids << m_nodes.at(i).nodeId;
    }
    if (ids.isEmpty()) {
        next();
        return;
    }
    auto waiting = std::make_shared<QStringList>(ids);
    auto done = std::make_shared<bool>(false);
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    auto finish = [this, done, timer, next] {
        if (*done)
            return;
        *done = true;
        timer->deleteLater();
        next();
    };
    // A node that does not come back is left to fail its call ("not connected").
    connect(timer, &QTimer::timeout, this, finish);
    connect(m_cluster, &ClusterController::nodeStateChanged, timer,
            [waiting, finish](const QString &id, NodeState state, const QString &) {
                if (state == NodeState::Ready || state == NodeState::Failed || state == NodeState::Unreachable)
                    waiting->removeAll(id);
                if (waiting->isEmpty())
                    finish();
            });
    timer->start(std::chrono::minutes(2));
    for (const QString &id : ids) {
        log(int(std::find_if(m_nodes.cbegin(), m_nodes.cend(), [&](const NodeInput &n) { return n.nodeId == id; }) -
                m_nodes.cbegin()),
            tr("restarting the agent so that it lets go of the Soft-RoCE device"));
        m_cluster->restartAgent(id);
    }
}

void SetupController::startCall(int node)
{
    const NodeInput &n = m_nodes.at(node);
    const QString op = m_operation;
    static const QHash<QString, Phase> busyPhase = {
        {QStringLiteral("plan"), Phase::Planning},     {QStringLiteral("apply"), Phase::Applying},
        {QStringLiteral("verify"), Phase::Verifying},  {QStringLiteral("confirm"), Phase::Confirming},
        {QStringLiteral("rollback"), Phase::RollingBack}};
    SshSession *ssh = m_cluster ? m_cluster->sshSession(n.nodeId) : nullptr;
    const QString engine = m_cluster ? m_cluster->remoteEnginePath(n.nodeId) : QString();
    if (!ssh || engine.isEmpty()) {
        m_runs[node].error = tr("%1 is not connected.").arg(n.name);
        m_runs[node].errorCode = QStringLiteral("not_connected");
        log(node, m_runs[node].error);
        if (op != QLatin1String("rollback"))
            setPhase(node, Phase::Failed);
        m_operationOk = false;
        nodeDone(node);
        return;
    }
    auto *call = new EngineCall(ssh, engine, argsFor(op), this);
    if (op == QLatin1String("plan") || op == QLatin1String("apply") || op == QLatin1String("verify"))
        call->setSpec(QJsonDocument(specFor(m_nodes, node, m_settings)).toJson(QJsonDocument::Compact));
    call->setPrivilege(op == QLatin1String("plan") || op == QLatin1String("verify") ? EngineCall::Privilege::RootOrUser
                                                                                    : EngineCall::Privilege::Root);
    call->setTimeout(op == QLatin1String("apply") ? std::chrono::minutes(10) : std::chrono::minutes(3));
    // Through the node's agent when it runs (no login shell start per call).
    call->setAgent(m_cluster->session(n.nodeId));
    if (m_sudo.contains(node))
        call->setSudoPassword(m_sudo.value(node));
    connect(call, &EngineCall::eventReceived, this, [this, node](const QJsonObject &e) {
        m_runs[node].events << e;
        log(node, eventText(e));
        if (e.value(QStringLiteral("status")).toString() == QLatin1String("applied"))
            m_runs[node].changed = true;
        Q_EMIT nodeChanged(node);
    });
    connect(call, &EngineCall::finished, this, [this, node, call] { onCallFinished(node, call); });
    m_calls.insert(node, call);
    if (op == QLatin1String("apply"))
        m_runs[node].events.clear();
    setPhase(node, busyPhase.value(op, m_runs[node].phase)); // status keeps the phase it checks
    log(node, operationText(op));
    call->start();
}

void SetupController::onCallFinished(int node, EngineCall *call)
{
    call->deleteLater();
    m_calls.remove(node);
    NodeRun &run = m_runs[node];
    const QString op = m_operation;
    const QString code = call->errorCode();
    const QJsonObject doc = call->result();

    if (code == QLatin1String("sudo_password_required") || code == QLatin1String("sudo_password_wrong")) {
        if (code == QLatin1String("sudo_password_wrong")) {
            m_sudo[node].fill('\0');
            m_sudo.remove(node);
        }
        const QString key = QStringLiteral("sudo:") + m_nodes.at(node).nodeId;
        if (code == QLatin1String("sudo_password_required") && m_store && !m_triedKeychain.value(node)) {
            m_triedKeychain.insert(node, true);
            m_store->read(key, [this, node](std::optional<QByteArray> secret, const QString &) {
                if (secret && !secret->isEmpty()) {
                    m_sudo.insert(node, *secret);
                    secret->fill('\0');
                    startCall(node);
                } else {
                    Q_EMIT sudoPasswordNeeded(node, nodeName(node));
                }
            });
            return;
        }
        run.error = call->errorMessage();
        run.errorCode = code;
        log(node, run.error);
        Q_EMIT nodeChanged(node);
        Q_EMIT sudoPasswordNeeded(node, nodeName(node));
        return;
    }

    run.errorCode = code;
    run.error = code.isEmpty() ? QString() : call->errorMessage();
    if (code == QLatin1String("sudo_not_allowed") || code == QLatin1String("sudo_refused")) {
        // Final: the password was not the problem, asking again cannot help.
        run.error = tr("sudo on %1 does not let this user run the engine as root; nothing was run. Allow it in "
                       "the node's sudoers or connect as root. (%2)")
                        .arg(nodeName(node), call->errorMessage());
    }
    if (op == QLatin1String("plan")) {
        if (code.isEmpty()) {
            run.plan = doc;
            setPhase(node, Phase::Planned);
            int todo = 0;
            for (const QJsonValue &s : doc.value(QStringLiteral("steps")).toArray())
                todo += s.toObject().value(QStringLiteral("already_done")).toBool() ? 0 : 1;
            log(node, tr("plan: %1 steps, %2 to run").arg(doc.value(QStringLiteral("steps")).toArray().size()).arg(todo));
        } else {
            run.plan = {};
            setPhase(node, Phase::Failed);
            m_operationOk = false;
        }
    } else if (op == QLatin1String("apply")) {
        if (code.isEmpty() && doc.value(QStringLiteral("state")).toString() == QLatin1String("awaiting_confirm")) {
            run.deadline = qint64(doc.value(QStringLiteral("deadline")).toDouble());
            run.changed = true;
            setPhase(node, Phase::Applied);
            log(node, appliedText(run.deadline));
        } else {
            // The engine undid what it had applied (rolled_back) — or says what it could not undo.
            const bool rolledBack = doc.value(QStringLiteral("rolled_back")).toBool();
            run.changed = !rolledBack && !run.events.isEmpty();
            if (code.isEmpty())
                run.error = tr("apply ended without awaiting confirmation");
            setPhase(node, Phase::Failed);
            log(node, rolledBack && !run.error.contains(QStringLiteral("rolled back"))
                          ? tr("apply failed: %1 — the steps already applied were rolled back").arg(run.error)
                          : tr("apply failed: %1").arg(run.error));
            m_operationOk = false;
        }
    } else if (op == QLatin1String("verify")) {
        if (doc.value(QStringLiteral("schema")).toString() == QLatin1String("halolink.roce-verify/1")) {
            run.verify = doc;
            run.errorCode.clear();
            const bool ok = doc.value(QStringLiteral("ok")).toBool();
            if (!ok) {
                QStringList failed;
                for (const QJsonValue &v : doc.value(QStringLiteral("checks")).toArray()) {
                    const QJsonObject c = v.toObject();
                    if (c.value(QStringLiteral("status")).toString() == QLatin1String("fail"))
                        failed << c.value(QStringLiteral("id")).toString();
                }
                run.error = tr("checks failed: %1").arg(failed.join(QStringLiteral(", ")));
                m_operationOk = false;
            } else {
                run.error.clear();
            }
            log(node, ok ? tr("verify: all checks pass") : tr("verify: %1").arg(run.error));
        } else {
            m_operationOk = false;
            log(node, tr("verify failed: %1").arg(run.error));
        }
        // Phase set once the bench matrix is done.
        Q_EMIT nodeChanged(node);
    } else if (op == QLatin1String("confirm")) {
        if (code.isEmpty()) {
            setPhase(node, Phase::Confirmed);
            log(node, tr("confirmed"));
        } else {
            m_operationOk = false;
            log(node, tr("confirm failed: %1").arg(run.error));
            Q_EMIT nodeChanged(node);
        }
    } else if (op == QLatin1String("status")) {
        const QString state = doc.value(QStringLiteral("state")).toString();
        if (code == QLatin1String("no_journal")) {
            run.changed = false;
            run.errorCode.clear();
            setPhase(node, Phase::Idle);
        } else if (!code.isEmpty()) {
            m_operationOk = false;
            log(node, tr("status: %1").arg(run.error));
        } else if (state == QLatin1String("awaiting_confirm")) {
            run.deadline = qint64(doc.value(QStringLiteral("deadline")).toDouble());
            setPhase(node, Phase::Applied);
        } else if (state == QLatin1String("confirmed")) {
            setPhase(node, Phase::Confirmed);
        } else if (state == QLatin1String("rolled_back")) {
            run.changed = false;
            setPhase(node, Phase::RolledBack);
        } else {
            setPhase(node, Phase::Failed);
        }
        log(node, tr("status: %1%2").arg(state.isEmpty() ? code : state,
                                          doc.value(QStringLiteral("reason")).toString().isEmpty()
                                              ? QString()
                                              : QStringLiteral(" (%1)").arg(doc.value(QStringLiteral("reason")).toString())));
    } else if (op == QLatin1String("rollback")) {
        if (code.isEmpty() || code == QLatin1String("nothing_to_roll_back") || code == QLatin1String("no_journal")) {
            run.changed = false;
            run.error.clear();
            run.errorCode.clear();
            setPhase(node, Phase::RolledBack);
            log(node, tr("rolled back"));
        } else {
            m_operationOk = false;
            setPhase(node, Phase::Failed);
            log(node, tr("rollback failed: %1").arg(run.error));
        }
    }
    nodeDone(node);
}

void SetupController::nodeDone(int node)
{
    m_waiting.removeAll(node);
    if (m_waiting.isEmpty()) {
        if (m_operation == QLatin1String("verify"))
            startBenchMatrix();
        else
            finishOperation();
    }
}

void SetupController::finishOperation()
{
    const QString op = m_operation;
    const bool ok = m_operationOk;
    if (op == QLatin1String("confirm") && ok && m_inventory) {
        // The cluster is saved: every node's data plane and QoS in the
        // inventory (jobs take their traffic class from it).
        const Qos &qos = m_settings.qos;
        const NodeQos applied{qos.enabled, qos.dscp, qos.pfcPriority, qos.ecn, qos.tos()};
        for (int i = 0; i < m_nodes.size(); ++i) {
            const NodeInput &n = m_nodes.at(i);
            auto node = m_inventory->find(n.nodeId);
            if (!node)
                continue;
            NodeRun &run = m_runs[i];
            run.inventorySaved = true;
            run.previousInterface = node->dataInterface;
            run.previousAddress = node->dataAddress;
            run.previousQos = node->qos;
            node->dataInterface = n.interface;
            node->dataAddress = n.address.trimmed();
            node->qos = applied;
            QString error;
            if (!m_inventory->updateNode(*node, &error))
                qWarning("setup: cannot save %s: %s", qPrintable(n.name), qPrintable(error));
        }
    }
    if (op == QLatin1String("confirm") && ok)
        saveConfirmedSetup();
    if (op == QLatin1String("rollback") && m_inventory) {
        // What confirm wrote into the inventory no longer exists on the node.
        for (int i = 0; i < m_nodes.size(); ++i) {
            NodeRun &run = m_runs[i];
            if (!run.inventorySaved || run.phase != Phase::RolledBack)
                continue;
            if (auto node = m_inventory->find(m_nodes.at(i).nodeId)) {
                node->dataInterface = run.previousInterface;
                node->dataAddress = run.previousAddress;
                node->qos = run.previousQos;
                m_inventory->updateNode(*node);
            }
            run.inventorySaved = false;
        }
        if (m_savedSetupWritten && allIn(Phase::RolledBack))
            restorePreviousSetup();
    }
    // The agents measure again once the nodes are settled: confirmed, or back as they were.
    if ((op == QLatin1String("confirm") && ok) || op == QLatin1String("rollback"))
        resumeRdma();
    m_operation.clear();
    Q_EMIT operationFinished(op, ok);
}

void SetupController::provideSudoPassword(int node, const QByteArray &password, bool remember)
{
    if (node < 0 || node >= m_nodes.size() || !isBusy())
        return;
    m_sudo.insert(node, password);
    if (remember && m_store) {
        m_store->write(QStringLiteral("sudo:") + m_nodes.at(node).nodeId, password,
                       [this, node](bool stored, const QString &message) { Q_EMIT credentialStored(node, stored, message); });
    }
    startCall(node);
}

void SetupController::cancelSudoPassword(int node)
{
    if (node < 0 || node >= m_nodes.size() || !isBusy())
        return;
    m_runs[node].error = tr("No sudo password given: %1 was not changed.").arg(nodeName(node));
    log(node, m_runs[node].error);
    if (m_operation != QLatin1String("rollback") && m_operation != QLatin1String("confirm"))
        setPhase(node, Phase::Failed);
    m_operationOk = false;
    nodeDone(node);
}

} // namespace halolink::setup
