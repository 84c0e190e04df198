# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: it is shared by the stand-ins `ray`, `vllm`, `rpc-server` and
# `llama-server` in this folder, which imitate the observable behaviour of the
# real command-line tools (output, exit codes, the transport NCCL would choose,
# the HTTP API) so that HaloLink's job launcher can be tested on QEMU VMs
# without GPUs. Python 3 standard library only.
"""Shared code of HaloLink's `ray`, `vllm`, `rpc-server` and `llama-server` test doubles.

Pieces:
- paths and addresses (HALOLINK_DOUBLE_RAY_DIR, ray_current_cluster, RAY_ADDRESS),
- JSON-lines connections between the doubles (registry, control, driver),
- interfaces, NCCL's log and its transport choice (NET/IB via ibv_rc_pingpong, NET/Socket),
- the "collective" exchange: the worker processes `ray` starts for a vllm
  (_hd_worker: NodeControl, WorkerServer) and the driver side (exchange_with),
- the HTTP side of the OpenAI-compatible servers (HttpServer, ApiHandler: JSON
  answers, request bodies, server-sent events), used by `vllm` and `llama-server`,
- the framing of the llama.cpp-RPC-like exchanges between `llama-server` and
  `rpc-server` (TCP, or RDMA when both ends are "built with" it: _hd_rpc).
"""

# The pieces live in _hd_*.py, one concept each; this module gathers them so
# that the doubles use one name (hd.X).
from _hd_common import *  # noqa: F401,F403
from _hd_nccl import *  # noqa: F401,F403
from _hd_rdma import *  # noqa: F401,F403
from _hd_collective import *  # noqa: F401,F403
from _hd_worker import NodeControl  # noqa: F401
from _hd_http import *  # noqa: F401,F403
from _hd_rpc import *  # noqa: F401,F403
from _hd_rpc_rdma import RDMA_FLAG, Connection as RdmaConnection  # noqa: F401
