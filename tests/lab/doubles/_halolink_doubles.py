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
- interfaces and NCCL's transport choice (NET/IB via ibv_rc_pingpong, NET/Socket),
- the "collective" exchange: the worker side (ControlServer, run by `ray`) and
  the driver side (exchange_with, run by `vllm`),
- the HTTP side of the OpenAI-compatible servers (HttpServer, ApiHandler: JSON
  answers, request bodies, server-sent events), used by `vllm` and `llama-server`,
- the framing of the llama.cpp-RPC-like exchanges between `llama-server` and
  `rpc-server` (TCP only, like llama.cpp's RPC backend).
"""

# The pieces live in _hd_*.py, one concept each; this module gathers them so
# that the doubles use one name (hd.X).
from _hd_common import *  # noqa: F401,F403
from _hd_nccl import *  # noqa: F401,F403
from _hd_rdma import *  # noqa: F401,F403
from _hd_collective import *  # noqa: F401,F403
from _hd_http import *  # noqa: F401,F403
from _hd_rpc import *  # noqa: F401,F403
