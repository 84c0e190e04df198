#include "rdma/verbs.h"

namespace halolink::rdma {

namespace {

template<typename Table, typename Fn>
void need(Table &t, Fn &fn, const char *name)
{
    if (!t.library.resolve(fn, name) && t.error.empty())
        t.error = t.library.name() + " has no symbol " + name;
}

Verbs loadVerbs()
{
    Verbs v;
    v.library = sys::Library::open(sys::ibverbsNames());
    if (!v.library.loaded()) {
        v.error = "libibverbs is not installed (" + v.library.error() + ")";
        return v;
    }
    need(v, v.get_device_list, "ibv_get_device_list");
    need(v, v.free_device_list, "ibv_free_device_list");
    need(v, v.get_device_name, "ibv_get_device_name");
    need(v, v.open_device, "ibv_open_device");
    need(v, v.close_device, "ibv_close_device");
    need(v, v.query_device, "ibv_query_device");
    need(v, v.query_port, "ibv_query_port");
    need(v, v.query_gid, "ibv_query_gid");
    need(v, v.alloc_pd, "ibv_alloc_pd");
    need(v, v.dealloc_pd, "ibv_dealloc_pd");
    need(v, v.reg_mr, "ibv_reg_mr");
    need(v, v.dereg_mr, "ibv_dereg_mr");
    need(v, v.create_comp_channel, "ibv_create_comp_channel");
    need(v, v.destroy_comp_channel, "ibv_destroy_comp_channel");
    need(v, v.create_cq, "ibv_create_cq");
    need(v, v.destroy_cq, "ibv_destroy_cq");
    need(v, v.get_cq_event, "ibv_get_cq_event");
    need(v, v.ack_cq_events, "ibv_ack_cq_events");
    need(v, v.create_qp, "ibv_create_qp");
    need(v, v.destroy_qp, "ibv_destroy_qp");
    need(v, v.modify_qp, "ibv_modify_qp");
    need(v, v.query_qp, "ibv_query_qp");
    need(v, v.wc_status_str, "ibv_wc_status_str");
    return v;
}

RdmaCm loadRdmaCm()
{
    RdmaCm c;
    c.library = sys::Library::open(sys::rdmacmNames());
    if (!c.library.loaded()) {
        c.error = "librdmacm is not installed (" + c.library.error() + ")";
        return c;
    }
    need(c, c.create_event_channel, "rdma_create_event_channel");
    need(c, c.destroy_event_channel, "rdma_destroy_event_channel");
    need(c, c.create_id, "rdma_create_id");
    need(c, c.destroy_id, "rdma_destroy_id");
    need(c, c.bind_addr, "rdma_bind_addr");
    need(c, c.listen, "rdma_listen");
    need(c, c.resolve_addr, "rdma_resolve_addr");
    need(c, c.resolve_route, "rdma_resolve_route");
    need(c, c.connect, "rdma_connect");
    need(c, c.accept, "rdma_accept");
    need(c, c.reject, "rdma_reject");
    need(c, c.disconnect, "rdma_disconnect");
    need(c, c.get_cm_event, "rdma_get_cm_event");
    need(c, c.ack_cm_event, "rdma_ack_cm_event");
    need(c, c.event_str, "rdma_event_str");
    need(c, c.create_qp, "rdma_create_qp");
    need(c, c.destroy_qp, "rdma_destroy_qp");
    need(c, c.set_option, "rdma_set_option");
    need(c, c.migrate_id, "rdma_migrate_id");
    need(c, c.get_src_port, "rdma_get_src_port");
    need(c, c.get_dst_port, "rdma_get_dst_port");
    return c;
}

} // namespace

const Verbs &Verbs::get()
{
    static const Verbs verbs = loadVerbs();
    return verbs;
}

const RdmaCm &RdmaCm::get()
{
    static const RdmaCm cm = loadRdmaCm();
    return cm;
}

} // namespace halolink::rdma
