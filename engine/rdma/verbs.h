#pragma once
// libibverbs and librdmacm, opened at run time. The engine never links them:
// a node without rdma-core still runs every other subcommand and says what is
// missing. Only the types come from the headers; every call goes through the
// pointers below (the post/poll calls are inline in verbs.h and go through the
// device context, so they need no symbol).

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#include <string>

#include "sys/dl.h"

namespace halolink::rdma {

struct Verbs {
    sys::Library library;
    std::string error; // why it is unusable, empty when usable

    decltype(&::ibv_get_device_list) get_device_list = nullptr;
    decltype(&::ibv_free_device_list) free_device_list = nullptr;
    decltype(&::ibv_get_device_name) get_device_name = nullptr;
    decltype(&::ibv_open_device) open_device = nullptr;
    decltype(&::ibv_close_device) close_device = nullptr;
    decltype(&::ibv_query_device) query_device = nullptr;
    // The exported symbol takes the older, shorter port attribute struct;
    // pass a zeroed ibv_port_attr (a superset) through it.
    int (*query_port)(ibv_context *, uint8_t, ibv_port_attr *) = nullptr;
    decltype(&::ibv_query_gid) query_gid = nullptr;
    decltype(&::ibv_alloc_pd) alloc_pd = nullptr;
    decltype(&::ibv_dealloc_pd) dealloc_pd = nullptr;
    decltype(&::ibv_reg_mr) reg_mr = nullptr;
    decltype(&::ibv_dereg_mr) dereg_mr = nullptr;
    decltype(&::ibv_create_comp_channel) create_comp_channel = nullptr;
    decltype(&::ibv_destroy_comp_channel) destroy_comp_channel = nullptr;
    decltype(&::ibv_create_cq) create_cq = nullptr;
    decltype(&::ibv_destroy_cq) destroy_cq = nullptr;
    decltype(&::ibv_get_cq_event) get_cq_event = nullptr;
    decltype(&::ibv_ack_cq_events) ack_cq_events = nullptr;
    decltype(&::ibv_create_qp) create_qp = nullptr;
    decltype(&::ibv_destroy_qp) destroy_qp = nullptr;
    decltype(&::ibv_modify_qp) modify_qp = nullptr;
    decltype(&::ibv_query_qp) query_qp = nullptr;
    decltype(&::ibv_wc_status_str) wc_status_str = nullptr;

    bool usable() const { return error.empty(); }
    // Loaded once per process; thread-safe.
    static const Verbs &get();
};

struct RdmaCm {
    sys::Library library;
    std::string error;

    decltype(&::rdma_create_event_channel) create_event_channel = nullptr;
    decltype(&::rdma_destroy_event_channel) destroy_event_channel = nullptr;
    decltype(&::rdma_create_id) create_id = nullptr;
    decltype(&::rdma_destroy_id) destroy_id = nullptr;
    decltype(&::rdma_bind_addr) bind_addr = nullptr;
    decltype(&::rdma_listen) listen = nullptr;
    decltype(&::rdma_resolve_addr) resolve_addr = nullptr;
    decltype(&::rdma_resolve_route) resolve_route = nullptr;
    decltype(&::rdma_connect) connect = nullptr;
    decltype(&::rdma_accept) accept = nullptr;
    decltype(&::rdma_reject) reject = nullptr;
    decltype(&::rdma_disconnect) disconnect = nullptr;
    decltype(&::rdma_get_cm_event) get_cm_event = nullptr;
    decltype(&::rdma_ack_cm_event) ack_cm_event = nullptr;
    decltype(&::rdma_event_str) event_str = nullptr;
    decltype(&::rdma_create_qp) create_qp = nullptr;
    decltype(&::rdma_destroy_qp) destroy_qp = nullptr;
    decltype(&::rdma_set_option) set_option = nullptr;
    // Moves a connection's id to another event channel (one per session thread).
    decltype(&::rdma_migrate_id) migrate_id = nullptr;
    decltype(&::rdma_get_src_port) get_src_port = nullptr;
    decltype(&::rdma_get_dst_port) get_dst_port = nullptr;

    bool usable() const { return error.empty(); }
    static const RdmaCm &get();
};

} // namespace halolink::rdma
