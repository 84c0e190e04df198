#include "advise/adviceinputs.h"

namespace halolink::advise {

QString wayName(Way way)
{
    switch (way) {
    case Way::SingleNode:
        return QStringLiteral("single node");
    case Way::TensorParallel:
        return QStringLiteral("tensor parallel");
    case Way::LayerSplit:
        return QStringLiteral("layer split");
    }
    return QString();
}

Links referenceLinks()
{
    Links l;
    l.rdma.oneWayLatencySeconds = 5.23e-6;
    l.rdma.bandwidthBytesPerSecond = 50.6e9 / 8;
    l.tcp.oneWayLatencySeconds = 0.068e-3 / 2;
    l.tcp.bandwidthBytesPerSecond = 55.7e9 / 8;
    return l;
}

} // namespace halolink::advise
