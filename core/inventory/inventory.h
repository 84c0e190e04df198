#pragma once
// The nodes a person added, shared by the app and halolinkctl:
//   <AppDataLocation>/inventory.json
//   {"format": "halolink-inventory", "version": 1, "nodes": [...]}
//
// Written with QSaveFile (never half a file). Before every change the file is
// read again, so the app and halolinkctl editing at the same time lose nothing.
//
// A file that cannot be used is never overwritten:
//  - unreadable / not JSON / not an inventory / broken entries: renamed to
//    inventory.json.corrupt-<yyyyMMdd-HHmmss> (kept whole for the person to
//    repair) and the inventory starts empty;
//  - written by a newer HaloLink (version > 1): left where it is, untouched,
//    and the inventory is read-only here (changes are refused with the reason),
//    so the newer HaloLink still finds it.
// Either way problem() says what happened, and "This computer" is still there.

#include "inventory/node.h"
#include "inventory/nodevalidation.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

class QFileSystemWatcher;
class QTimer;

namespace halolink {

class Inventory final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kFormatVersion = 1;
    static constexpr const char *kFormatName = "halolink-inventory";

    explicit Inventory(QObject *parent = nullptr);
    ~Inventory() override;

    // <AppDataLocation>/inventory.json
    static QString defaultFilePath();
    QString filePath() const { return m_path; }
    void setFilePath(const QString &path) { m_path = path; }

    enum class LoadStatus { Ok, Missing, Corrupt, NewerVersion };
    Q_ENUM(LoadStatus)

    // Reads the file (again). Emits nodeAdded/nodeUpdated/nodeRemoved for
    // differences from what was loaded before, and problem() for a bad file.
    LoadStatus load();
    LoadStatus loadStatus() const { return m_status; }
    // The message for the person about the last load; empty when all is well.
    QString problemText() const { return m_problem; }
    // Where a corrupt file was moved; empty otherwise.
    QString movedAsidePath() const { return m_movedAside; }
    bool isReadOnly() const { return m_status == LoadStatus::NewerVersion || !m_readOnlyReason.isEmpty(); }
    QString readOnlyReason() const;

    // Reload when another program (halolinkctl) changes the file.
    void setWatchingFile(bool watch);

    // "This computer" first, then the SSH nodes in the order they were added.
    QList<Node> nodes() const { return m_nodes; }
    std::optional<Node> node(const QString &id) const;
    // By name (case-insensitive), or by id; "local"/"localhost"/the local name/
    // this machine's host name give "This computer".
    std::optional<Node> find(const QString &nameOrId) const;

    // Validate against the rest, save. False with *error (precise, for people)
    // when invalid or when the file could not be written. id is assigned by add.
    bool addNode(Node node, QString *error = nullptr, QString *assignedId = nullptr);
    bool updateNode(const Node &node, QString *error = nullptr);
    bool removeNode(const QString &id, QString *error = nullptr);

    ValidationIssues validate(const Node &node) const { return validateNode(node, m_nodes); }
    // A readable stable id from a name ("Halo 1" -> "halo-1"), unique here.
    QString makeId(const QString &name) const;

Q_SIGNALS:
    void nodeAdded(const halolink::Node &node);
    void nodeUpdated(const halolink::Node &node);
    void nodeRemoved(const QString &id);
    // A bad file was found (and kept): show this to the person.
    void problem(const QString &message);

private:
    struct Parsed {
        LoadStatus status = LoadStatus::Ok;
        QList<Node> nodes;
        QString reason;
        int version = 0;
    };
    Parsed parseFile() const;
    void adopt(const QList<Node> &nodes);
    bool refreshBeforeChange(QString *error);
    bool save(const QList<Node> &nodes, QString *error);
    QString moveAside(QString *error) const;
    void watch();

    QString m_path;
    QList<Node> m_nodes;
    LoadStatus m_status = LoadStatus::Missing;
    QString m_problem;
    QString m_movedAside;
    QString m_readOnlyReason;
    QFileSystemWatcher *m_watcher = nullptr;
    QByteArray m_lastContent; // the file as last read or written
    QTimer *m_reloadTimer = nullptr;
};

} // namespace halolink
