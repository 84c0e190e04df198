#pragma once
// The wizard's preflight table: a node's probe checks (docs/probe.md) read in
// the light of the setup about to happen, plus what the probe states as facts
// (firmware, ROCm, GTT kernel parameters, clock offset). Every row says what
// was found and what to do about it.
//
// Before configuration some probe failures are expected and are not blockers:
// a port that is down or has no RoCE v2 GID on the data interface is what the
// configuration fixes (address, link up), and a missing RDMA device is what
// Soft-RoCE creates when the person allows it.

#include "protocol/probereport.h"

#include <QList>
#include <QString>

#include <optional>

namespace halolink::setup {

struct PreflightRow {
    // Info: noted, the setup takes care of it. NotApplicable and Unknown are
    // the probe's own (probe/checkstatus.h): never counted as passes.
    enum class Status { Pass, Info, Warn, Fail, NotApplicable, Unknown };
    QString check;   // stable id: the probe check id, or our own
    QString title;   // short, for the table
    QString subject; // device, netdev, card; empty for the node
    Status status = Status::Pass;
    QString finding; // what was found
    QString remedy;  // what to do; empty when nothing
};

struct PreflightContext {
    QString dataInterface;          // chosen or suggested; empty: none
    bool allowSoftRoce = false;
    std::optional<qint64> clockOffsetMs; // node clock minus this computer's
};

QList<PreflightRow> preflightRows(const ProbeReport &probe, const PreflightContext &context);

QString statusText(PreflightRow::Status status);

// Fails that block "Next" (until overridden with a reason).
int countBlocking(const QList<PreflightRow> &rows);

} // namespace halolink::setup
