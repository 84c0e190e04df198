#pragma once
// The cluster setup as it was confirmed: the seed of "the cluster as a thing
// HaloLink keeps". The inventory holds each node's data plane and QoS
// (core/inventory NodeQos); this record adds what belongs to the cluster and
// has no place there: how the nodes are cabled, the settings the wizard used,
// which backend each node's plan had, and what the verification measured and
// when. SetupController writes it when a setup is confirmed (and puts the
// previous one back when that setup is rolled back); the wizard reads it back
// as its Topology and QoS pages' defaults when it is opened again for the
// same nodes.
//
// A JSON file in the app's data folder: cluster-setup.json, format
// "halolink-cluster-setup", version 1; no secrets.

#include "setup/setupplan.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::setup {

struct SavedSetup {
    struct NodeEntry {
        QString nodeId;
        QString name;
        QString interface;
        QString address; // a.b.c.d/len
        QString backend; // the plan's: ice, mlx5, rxe, generic
        QString device;  // the plan's RDMA device
        // What the plan configured of the QoS: PFC and a DSCP-to-priority
        // mapping (hardware backends), or only the ToS of RDMA connections (rxe).
        bool pfc = false;
        bool dscpMapping = false;
        bool tos = false;
    };
    struct PairEntry {
        QString a, b; // node ids; a measured against b's reflector
        std::optional<double> tcpOneWayNs, rdmaOneWayNs, tcpRttNs, rdmaRttNs; // p50
        std::optional<double> tcpBps, rdmaBps;
        QString rdmaDevice;
        std::optional<int> gidIndex;
        QStringList notes;
    };

    QDateTime confirmedAt;     // UTC
    Settings settings;         // cabling, MTU, QoS, persistence, rollback timer
    QList<NodeEntry> nodes;
    bool verified = false;     // every check and pair passed when confirmed
    QDateTime measuredAt;      // when the pairs were measured (invalid: never)
    QList<PairEntry> pairs;

    QStringList nodeIds() const;
    // True when this record is for exactly these nodes (in any order).
    bool sameNodes(const QStringList &nodeIds) const;

    QJsonObject toJson() const;
    static std::optional<SavedSetup> fromJson(const QJsonObject &json, QString *error = nullptr);

    // <app data>/cluster-setup.json
    static QString filePath();
    bool save(QString *error = nullptr) const;
    static std::optional<SavedSetup> load(QString *error = nullptr);
    static void remove();
};

// Settings as JSON (the setup's progress file and this record use the same form).
QJsonObject settingsToJson(const Settings &settings);
Settings settingsFromJson(const QJsonObject &json);

// The cabling to start from for these nodes: the confirmed one when the saved
// setup is for the same nodes, else one direct cable for exactly two nodes and
// a switch for more.
Topology defaultTopology(const QStringList &nodeIds, const std::optional<SavedSetup> &saved);

} // namespace halolink::setup
