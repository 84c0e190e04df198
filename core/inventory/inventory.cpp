#include "inventory/inventory.h"

#include "logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTimer>

namespace halolink {

namespace {

const QString kFormat = QStringLiteral("format");
const QString kVersion = QStringLiteral("version");
const QString kNodes = QStringLiteral("nodes");

QJsonObject toJson(const Node &n)
{
    QJsonObject o{{QStringLiteral("id"), n.id}, {QStringLiteral("name"), n.name}};
    if (n.isLocal()) {
        o.insert(QStringLiteral("kind"), QStringLiteral("local"));
    } else {
        o.insert(QStringLiteral("kind"), QStringLiteral("ssh"));
        o.insert(QStringLiteral("host"), n.host);
        if (!n.user.isEmpty())
            o.insert(QStringLiteral("user"), n.user);
        if (n.port > 0)
            o.insert(QStringLiteral("port"), n.port);
        if (!n.identityFile.isEmpty())
            o.insert(QStringLiteral("identity_file"), n.identityFile);
        if (!n.knownHostsFile.isEmpty())
            o.insert(QStringLiteral("known_hosts_file"), n.knownHostsFile);
        if (!n.virtualCluster.isEmpty())
            o.insert(QStringLiteral("virtual_cluster"), n.virtualCluster);
    }
    if (!n.dataInterface.isEmpty())
        o.insert(QStringLiteral("data_interface"), n.dataInterface);
    if (!n.dataAddress.isEmpty())
        o.insert(QStringLiteral("data_address"), n.dataAddress);
    if (n.qos)
        o.insert(QStringLiteral("qos"), QJsonObject{{QStringLiteral("enabled"), n.qos->enabled},
                                                    {QStringLiteral("dscp"), n.qos->dscp},
                                                    {QStringLiteral("pfc_priority"), n.qos->pfcPriority},
                                                    {QStringLiteral("ecn"), n.qos->ecn},
                                                    {QStringLiteral("tos"), n.qos->tos}});
    return o;
}

// The optional "qos" object the cluster setup saved (absent or null: none).
bool qosField(const QJsonObject &o, std::optional<NodeQos> *out, QString *why, int index)
{
    out->reset();
    const QJsonValue v = o.value(QStringLiteral("qos"));
    if (v.isUndefined() || v.isNull())
        return true;
    if (!v.isObject()) {
        *why = Inventory::tr("node %1: \"qos\" is not an object").arg(index + 1);
        return false;
    }
    const QJsonObject q = v.toObject();
    NodeQos qos;
    auto flag = [&](const char *key, bool *to) {
        const QJsonValue x = q.value(QLatin1String(key));
        if (x.isUndefined())
            return true;
        if (!x.isBool()) {
            *why = Inventory::tr("node %1: \"qos\": \"%2\" is not true or false").arg(index + 1).arg(QLatin1String(key));
            return false;
        }
        *to = x.toBool();
        return true;
    };
    auto number = [&](const char *key, int max, int *to) {
        const QJsonValue x = q.value(QLatin1String(key));
        if (x.isUndefined())
            return true;
        const double d = x.toDouble(-1);
        if (!x.isDouble() || d != double(int(d)) || d < 0 || d > max) {
            *why = Inventory::tr("node %1: \"qos\": \"%2\" is not a number from 0 to %3")
                       .arg(index + 1)
                       .arg(QLatin1String(key))
                       .arg(max);
            return false;
        }
        *to = int(d);
        return true;
    };
    if (!flag("enabled", &qos.enabled) || !flag("ecn", &qos.ecn) || !number("dscp", 63, &qos.dscp)
        || !number("pfc_priority", 7, &qos.pfcPriority) || !number("tos", 255, &qos.tos))
        return false;
    if (!q.contains(QStringLiteral("tos")))
        qos.tos = qos.dscp * 4 + (qos.ecn ? 2 : 0);
    *out = qos;
    return true;
}

// A string member: absent is empty; any other type is an error.
bool stringField(const QJsonObject &o, const char *key, QString *out, QString *why, int index)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        out->clear();
        return true;
    }
    if (!v.isString()) {
        *why = Inventory::tr("node %1: \"%2\" is not a string").arg(index + 1).arg(QLatin1String(key));
        return false;
    }
    *out = v.toString();
    return true;
}

} // namespace

Inventory::Inventory(QObject *parent)
    : QObject(parent)
    , m_path(defaultFilePath())
{
    m_nodes = {Node::local()};
}

Inventory::~Inventory() = default;

QString Inventory::defaultFilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/inventory.json");
}

QString Inventory::readOnlyReason() const
{
    if (!m_readOnlyReason.isEmpty())
        return m_readOnlyReason;
    if (m_status == LoadStatus::NewerVersion)
        return tr("%1 was written by a newer HaloLink; this version does not change it. Use the newer "
                  "HaloLink, or move the file away to start a new inventory here.")
            .arg(QDir::toNativeSeparators(m_path));
    return {};
}

Inventory::Parsed Inventory::parseFile() const
{
    Parsed p;
    QFile file(m_path);
    if (!file.exists()) {
        p.status = LoadStatus::Missing;
        return p;
    }
    auto corrupt = [&p](const QString &why) {
        p.status = LoadStatus::Corrupt;
        p.reason = why;
        p.nodes.clear();
        return p;
    };
    if (!file.open(QIODevice::ReadOnly))
        return corrupt(file.errorString());
    const QByteArray data = file.readAll();
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(data, &err);
    if (err.error != QJsonParseError::NoError)
        return corrupt(tr("not valid JSON (%1 at byte %2)").arg(err.errorString()).arg(err.offset));
    if (!doc.isObject())
        return corrupt(tr("not a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value(kFormat).toString() != QLatin1String(kFormatName))
        return corrupt(tr("\"format\" is not \"%1\"").arg(QLatin1String(kFormatName)));
    const QJsonValue versionValue = root.value(kVersion);
    const double version = versionValue.toDouble(-1);
    if (!versionValue.isDouble() || version != double(qint64(version)) || version < 1)
        return corrupt(tr("\"version\" is not a positive whole number"));
    p.version = int(version);
    if (p.version > kFormatVersion) {
        p.status = LoadStatus::NewerVersion;
        p.reason = tr("it has inventory version %1; this HaloLink reads version %2").arg(p.version).arg(kFormatVersion);
        return p;
    }
    const QJsonValue nodesValue = root.value(kNodes);
    if (!nodesValue.isArray())
        return corrupt(tr("\"nodes\" is not a list"));

    Node local = Node::local();
    QList<Node> ssh;
    QSet<QString> ids, names;
    const QJsonArray nodes = nodesValue.toArray();
    for (int i = 0; i < nodes.size(); ++i) {
        if (!nodes.at(i).isObject())
            return corrupt(tr("node %1 is not an object").arg(i + 1));
        const QJsonObject o = nodes.at(i).toObject();
        QString why, kind;
        Node n;
        if (!stringField(o, "kind", &kind, &why, i) || !stringField(o, "id", &n.id, &why, i)
            || !stringField(o, "name", &n.name, &why, i) || !stringField(o, "host", &n.host, &why, i)
            || !stringField(o, "user", &n.user, &why, i) || !stringField(o, "identity_file", &n.identityFile, &why, i)
            || !stringField(o, "known_hosts_file", &n.knownHostsFile, &why, i)
            || !stringField(o, "virtual_cluster", &n.virtualCluster, &why, i)
            || !stringField(o, "data_interface", &n.dataInterface, &why, i)
            || !stringField(o, "data_address", &n.dataAddress, &why, i) || !qosField(o, &n.qos, &why, i))
            return corrupt(why);
        if (kind == QLatin1String("local")) {
            local.dataInterface = n.dataInterface;
            local.dataAddress = n.dataAddress;
            local.qos = n.qos;
            continue;
        }
        if (!kind.isEmpty() && kind != QLatin1String("ssh"))
            return corrupt(tr("node %1: unknown kind \"%2\"").arg(i + 1).arg(kind));
        n.kind = Node::Kind::Ssh;
        const QJsonValue port = o.value(QStringLiteral("port"));
        if (!port.isUndefined() && !port.isNull()) {
            const double v = port.toDouble(-1);
            if (!port.isDouble() || v != double(int(v)) || v < 0 || v > 65535)
                return corrupt(tr("node %1: \"port\" is not a number from 0 to 65535").arg(i + 1));
            n.port = int(v);
        }
        if (n.id.isEmpty() || n.id == QLatin1String(Node::kLocalId))
            return corrupt(tr("node %1 has no usable \"id\"").arg(i + 1));
        if (n.name.trimmed().isEmpty())
            return corrupt(tr("node %1 (%2) has no name").arg(i + 1).arg(n.id));
        if (n.host.trimmed().isEmpty())
            return corrupt(tr("node %1 (%2) has no host").arg(i + 1).arg(n.name));
        if (ids.contains(n.id))
            return corrupt(tr("the id \"%1\" is used twice").arg(n.id));
        if (names.contains(n.name.trimmed().toCaseFolded()))
            return corrupt(tr("the name \"%1\" is used twice").arg(n.name));
        ids.insert(n.id);
        names.insert(n.name.trimmed().toCaseFolded());
        ssh << n;
    }
    p.nodes = QList<Node>{local} + ssh;
    return p;
}

void Inventory::adopt(const QList<Node> &nodes)
{
    const QList<Node> before = std::exchange(m_nodes, nodes);
    for (const Node &old : before) {
        if (!node(old.id))
            Q_EMIT nodeRemoved(old.id);
    }
    for (const Node &n : nodes) {
        const auto it = std::find_if(before.begin(), before.end(), [&n](const Node &o) { return o.id == n.id; });
        if (it == before.end())
            Q_EMIT nodeAdded(n);
        else if (!(*it == n))
            Q_EMIT nodeUpdated(n);
    }
}

QString Inventory::moveAside(QString *error) const
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = m_path + QStringLiteral(".corrupt-") + stamp;
    for (int i = 2; QFile::exists(target); ++i)
        target = m_path + QStringLiteral(".corrupt-%1-%2").arg(stamp).arg(i);
    QFile file(m_path);
    if (!file.rename(target)) {
        *error = file.errorString();
        return {};
    }
    return target;
}

Inventory::LoadStatus Inventory::load()
{
    const Parsed p = parseFile();
    m_status = p.status;
    m_problem.clear();
    m_movedAside.clear();
    m_readOnlyReason.clear();
    const QString path = QDir::toNativeSeparators(m_path);
    switch (p.status) {
    case LoadStatus::Ok:
        adopt(p.nodes);
        break;
    case LoadStatus::Missing:
        adopt({Node::local()});
        break;
    case LoadStatus::Corrupt: {
        QString why;
        m_movedAside = moveAside(&why);
        if (m_movedAside.isEmpty()) {
            m_readOnlyReason = tr("%1 cannot be used (%2) and could not be moved aside (%3); HaloLink does not "
                                  "change it. Repair or remove it.")
                                   .arg(path, p.reason, why);
            m_problem = m_readOnlyReason;
        } else {
            m_problem = tr("The node inventory %1 could not be read: %2. It was kept as %3 for you to repair; "
                           "HaloLink starts with This computer only.")
                            .arg(path, p.reason, QDir::toNativeSeparators(m_movedAside));
        }
        adopt({Node::local()});
        break;
    }
    case LoadStatus::NewerVersion:
        m_problem = tr("The node inventory %1 was written by a newer HaloLink (%2). It was left as it is and "
                       "will not be changed by this version, which shows This computer only. Use the newer "
                       "HaloLink, or move the file away to start a new inventory here.")
                        .arg(path, p.reason);
        adopt({Node::local()});
        break;
    }
    {
        QFile f(m_path);
        m_lastContent = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    if (!m_problem.isEmpty()) {
        qCWarning(lcCore).noquote() << m_problem;
        Q_EMIT problem(m_problem);
    }
    watch();
    return m_status;
}

std::optional<Node> Inventory::node(const QString &id) const
{
    for (const Node &n : m_nodes) {
        if (n.id == id)
            return n;
    }
    return std::nullopt;
}

std::optional<Node> Inventory::find(const QString &nameOrId) const
{
    const QString key = nameOrId.trimmed();
    if (key.isEmpty())
        return std::nullopt;
    if (auto n = node(key))
        return n;
    for (const Node &n : m_nodes) {
        if (n.name.trimmed().compare(key, Qt::CaseInsensitive) == 0)
            return n;
    }
    if (key.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0
        || key.compare(QLatin1String("This computer"), Qt::CaseInsensitive) == 0
        || key.compare(QSysInfo::machineHostName(), Qt::CaseInsensitive) == 0)
        return m_nodes.first();
    return std::nullopt;
}

QString Inventory::makeId(const QString &name) const
{
    QString slug;
    for (const QChar c : name.trimmed().toLower()) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9')))
            slug += c;
        else if (!slug.endsWith(QLatin1Char('-')) && !slug.isEmpty())
            slug += QLatin1Char('-');
    }
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    if (slug.isEmpty())
        slug = QStringLiteral("node");
    QString id = slug;
    for (int i = 2; id == QLatin1String(Node::kLocalId) || node(id); ++i)
        id = slug + QLatin1Char('-') + QString::number(i);
    return id;
}

bool Inventory::refreshBeforeChange(QString *error)
{
    // Another program may have changed the file since we read it.
    QFile f(m_path);
    const QByteArray now = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    if (now != m_lastContent)
        load();
    if (isReadOnly()) {
        if (error)
            *error = readOnlyReason();
        return false;
    }
    return true;
}

bool Inventory::save(const QList<Node> &nodes, QString *error)
{
    QJsonArray array;
    for (const Node &n : nodes) {
        // "This computer" is written only when it has something of its own.
        if (n.isLocal() && n.dataInterface.isEmpty() && n.dataAddress.isEmpty() && !n.qos)
            continue;
        array.append(toJson(n));
    }
    const QJsonObject root{{kFormat, QLatin1String(kFormatName)}, {kVersion, kFormatVersion}, {kNodes, array}};
    const QByteArray data = QJsonDocument(root).toJson(QJsonDocument::Indented);
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = tr("Could not save the node inventory %1: %2")
                         .arg(QDir::toNativeSeparators(m_path), file.errorString());
        return false;
    }
    m_lastContent = data;
    m_status = LoadStatus::Ok;
    watch();
    return true;
}

bool Inventory::addNode(Node n, QString *error, QString *assignedId)
{
    if (!refreshBeforeChange(error))
        return false;
    n.kind = Node::Kind::Ssh;
    n.name = n.name.trimmed();
    n.host = n.host.trimmed();
    n.id = makeId(n.name);
    const ValidationIssues issues = validate(n);
    if (hasErrors(issues)) {
        if (error)
            *error = issuesText(issues, true);
        return false;
    }
    QList<Node> next = m_nodes;
    next << n;
    if (!save(next, error))
        return false;
    m_nodes = next;
    if (assignedId)
        *assignedId = n.id;
    Q_EMIT nodeAdded(n);
    return true;
}

bool Inventory::updateNode(const Node &changed, QString *error)
{
    if (!refreshBeforeChange(error))
        return false;
    const auto it = std::find_if(m_nodes.cbegin(), m_nodes.cend(), [&](const Node &o) { return o.id == changed.id; });
    if (it == m_nodes.cend()) {
        if (error)
            *error = tr("There is no node '%1' (any more).").arg(changed.name);
        return false;
    }
    Node n = changed;
    n.kind = it->kind;
    n.name = n.isLocal() ? it->name : n.name.trimmed();
    n.host = n.host.trimmed();
    const ValidationIssues issues = validate(n);
    if (hasErrors(issues)) {
        if (error)
            *error = issuesText(issues, true);
        return false;
    }
    QList<Node> next = m_nodes;
    next[it - m_nodes.cbegin()] = n;
    if (!save(next, error))
        return false;
    m_nodes = next;
    Q_EMIT nodeUpdated(n);
    return true;
}

bool Inventory::removeNode(const QString &id, QString *error)
{
    if (id == QLatin1String(Node::kLocalId)) {
        if (error)
            *error = tr("This computer is always part of HaloLink and cannot be removed.");
        return false;
    }
    if (!refreshBeforeChange(error))
        return false;
    QList<Node> next = m_nodes;
    const auto removed = next.removeIf([&id](const Node &n) { return n.id == id; });
    if (removed == 0) {
        if (error)
            *error = tr("There is no node '%1'.").arg(id);
        return false;
    }
    if (!save(next, error))
        return false;
    m_nodes = next;
    Q_EMIT nodeRemoved(id);
    return true;
}

void Inventory::setWatchingFile(bool on)
{
    if (!on) {
        delete m_watcher;
        m_watcher = nullptr;
        return;
    }
    if (m_watcher)
        return;
    m_watcher = new QFileSystemWatcher(this);
    m_reloadTimer = new QTimer(this);
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(200);
    connect(m_reloadTimer, &QTimer::timeout, this, [this] {
        QFile f(m_path);
        const QByteArray now = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        if (now != m_lastContent)
            load();
    });
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    watch();
}

void Inventory::watch()
{
    if (!m_watcher)
        return;
    // QSaveFile replaces the file: the watch on the old inode ends, so watch
    // the folder too and re-add the file each time.
    const QString dir = QFileInfo(m_path).absolutePath();
    QDir().mkpath(dir);
    if (!m_watcher->directories().contains(dir))
        m_watcher->addPath(dir);
    if (QFile::exists(m_path) && !m_watcher->files().contains(m_path))
        m_watcher->addPath(m_path);
}

} // namespace halolink
