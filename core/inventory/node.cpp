#include "inventory/node.h"

#include <QCoreApplication>

namespace halolink {

Node Node::local()
{
    return Node{QLatin1String(kLocalId), QCoreApplication::translate("Node", "This computer"), Kind::Local};
}

} // namespace halolink
