# TEST DOUBLE support for HaloLink's tests: this is NOT llama.cpp. The RPC
# servers of the `llama-server` double (llama.cpp's RPC backend, client side):
# one connection per --rpc endpoint, the weights and each batch's activations.
# Python 3 standard library only. See README.md.
"""The `llama-server` double's RPC client side (not llama.cpp)."""

import socket
import struct
import threading
import time

import _halolink_doubles as hd

STOP = threading.Event()  # set by llama-server on SIGTERM/SIGINT
HOOKS = {}  # "say": set by llama-server


def say(msg):
    HOOKS["say"](msg)


# ---------------------------------------------------------------- the RPC servers

class RpcServer:
    """One --rpc endpoint: a TCP connection kept for the process' life."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.name = "RPC[%s]" % endpoint
        self.host, self.port = hd.parse_endpoint(endpoint)
        self.sock = None
        self.lock = threading.Lock()
        self.free = self.total = 0
        self.sent = self.received = 0

    def connect(self, deadline):
        """Connect (retrying until deadline), hello and device memory; False if unreachable."""
        while True:
            try:
                s = socket.create_connection((self.host, self.port), timeout=5)
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                s.settimeout(hd.exchange_timeout())
                hd.rpc_send(s, hd.RPC_HELLO)
                version = hd.rpc_recv_reply(s)
                if len(version) != 3 or version[0] != hd.RPC_PROTO[0]:
                    s.close()
                    say("RPC server version mismatch: %s" % ".".join(str(b) for b in version))
                    return False
                hd.rpc_send(s, hd.RPC_GET_DEVICE_MEMORY)
                self.free, self.total = struct.unpack("<QQ", hd.rpc_recv_reply(s))
                self.sock = s
                self.sent += 18
                self.received += 8 + 3 + 8 + 16
                return True
            except (OSError, EOFError, struct.error, ValueError):
                if time.monotonic() >= deadline or STOP.is_set():
                    return False
                STOP.wait(0.25)

    def set_tensor(self, nbytes):
        payload = bytes(nbytes)
        with self.lock:
            hd.rpc_send(self.sock, hd.RPC_SET_TENSOR, payload)
            hd.rpc_recv_reply(self.sock)
            self.sent += 9 + nbytes
            self.received += 16

    def compute(self, task, batch, last, nbytes):
        header = hd.RPC_COMPUTE_HEADER.pack(task, hd.RPC_LAST_BATCH if last else 0, batch)
        payload = header + bytes(max(0, nbytes - len(header)))
        with self.lock:
            hd.rpc_send(self.sock, hd.RPC_GRAPH_COMPUTE, payload)
            answer = hd.rpc_recv_reply(self.sock)
            if not answer or answer[0] != 0:
                raise ValueError("graph_compute failed with status %r" % answer[:1])
            self.sent += 9 + len(payload)
            self.received += 8 + len(answer)
            return 9 + len(payload), 8 + len(answer)

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass


def on_all(servers, fn):
    """fn(server) on every server at once; [(server, result or exception)]."""
    results = [None] * len(servers)

    def one(i, srv):
        try:
            results[i] = fn(srv)
        except (OSError, EOFError, ValueError, struct.error) as e:
            results[i] = e

    threads = [threading.Thread(target=one, args=(i, s), daemon=True) for i, s in enumerate(servers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return list(zip(servers, results))
