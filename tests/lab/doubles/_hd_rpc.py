# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""The framing of the llama.cpp-RPC-like exchanges between llama-server and rpc-server."""

import struct

from _hd_rdma import _recv_exact


# ---------------------------------------------------------------- llama.cpp-like RPC (llama-server, rpc-server)
#
# Not llama.cpp's wire format: the same shape (a command byte, a 64-bit size,
# the payload; answers with a 64-bit size and a payload) over one TCP
# connection per server, which is what matters for the data-plane counters.
# llama.cpp's RPC backend is TCP only (its RDMA path is a build option that is
# not imitated).

RPC_PROTO = (3, 0, 0)
RPC_HELLO = 1
RPC_GET_DEVICE_MEMORY = 2
RPC_SET_TENSOR = 3  # weights at load; answered with the bytes received so far
RPC_GRAPH_COMPUTE = 4  # activations of a batch; answered with a status byte and 1/16 of them back
RPC_COMPUTE_HEADER = struct.Struct("<IIQ")  # a graph_compute payload starts with: task id, flags, batch index
RPC_LAST_BATCH = 1  # flag: the task's last batch
RPC_NAMES = {RPC_HELLO: "hello", RPC_GET_DEVICE_MEMORY: "get_device_memory", RPC_SET_TENSOR: "set_tensor",
             RPC_GRAPH_COMPUTE: "graph_compute"}
RPC_MAX_PAYLOAD = 1 << 30


def recv_exact(sock, n):
    return bytes(_recv_exact(sock, n)) if n else b""


def rpc_send(sock, cmd, payload=b""):
    header = struct.pack("<BQ", cmd, len(payload))
    if len(payload) < 65536:
        sock.sendall(header + payload)
    else:
        sock.sendall(header)
        sock.sendall(payload)


def rpc_recv_command(sock):
    """(cmd, payload) from the client; EOFError when it closed the connection."""
    cmd, size = struct.unpack("<BQ", recv_exact(sock, 9))
    if size > RPC_MAX_PAYLOAD:
        raise ValueError("payload of %d bytes" % size)
    return cmd, recv_exact(sock, size)


def rpc_reply(sock, payload):
    sock.sendall(struct.pack("<Q", len(payload)) + payload)


def rpc_recv_reply(sock):
    (size,) = struct.unpack("<Q", recv_exact(sock, 8))
    if size > RPC_MAX_PAYLOAD:
        raise ValueError("reply of %d bytes" % size)
    return recv_exact(sock, size)


def parse_endpoint(text):
    """'ip:port' -> (ip, port); ValueError if it is not one."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("invalid endpoint: %r" % text)
    return host.strip("[]"), int(port)
