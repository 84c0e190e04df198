// A hardware RDMA NIC of a family HaloLink has no backend for (QLogic qedr,
// Broadcom bnxt_re, Huawei hns, Chelsio iw_cxgb4, mlx4, ...): its RDMA device
// is used as it is. HaloLink configures what is the same on every NIC - the
// netdev's MTU, address and routes - and nothing of the NIC's own (its RDMA
// mode, PFC, DSCP): plan.cpp chooses this backend only with qos.enabled
// false and otherwise refuses, naming the device and what the person can do.

#include "roce/backend.h"

namespace halolink::roce {

namespace {

void planGeneric(PlanBuilder &b)
{
    b.plan.warn("warning.generic_backend", {{"interface", b.iface},
                                            {"driver", b.driver.empty() ? std::string("unknown") : b.driver},
                                            {"device", b.plan.device.value_or("")}});
    b.network();
}

} // namespace

const Backend &genericBackend()
{
    static const Backend b{"generic", "", planGeneric, nullptr, nullptr, {}};
    return b;
}

} // namespace halolink::roce
