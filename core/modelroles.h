#pragma once
// Item data roles shared by the core models. The core knows no colours or
// icons (it has no QtGui); the UI maps StatusRole to them.

#include <Qt>

namespace halolink::Roles {

enum : int {
    // int(Check::Status) for cells that carry a verdict (pass/warn/fail).
    Status = Qt::UserRole + 1,
    // A stable key: check id, node id, netdev, "device/port".
    Key,
    // int(NodeState) in NodeListModel.
    NodeState,
    // The row's raw value for sorting (numbers as numbers).
    Sort,
};

} // namespace halolink::Roles
