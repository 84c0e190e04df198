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
        self.rdma = None
        self.over_rdma = 0

    def connect(self, deadline):
        """Connect (retrying until deadline), hello and device memory; False if unreachable."""
        while True:
            try:
                s = socket.create_connection((self.host, self.port), timeout=5)
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                s.settimeout(hd.exchange_timeout())
                self.rdma = hd.RdmaConnection(s, say)
                hd.rpc_send(s, hd.RPC_HELLO, self.rdma.local_caps())
                reply = hd.rpc_recv_reply(s)
                version, caps = reply[:3], reply[3:]
                self.rdma.update(caps)
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

    def send(self, cmd, head, nbytes):
        """A command with nbytes of data: over the QP when RDMA is active (the
        TCP connection then carries only the command's header), else TCP."""
        if self.rdma is not None and self.rdma.active:
            hd.rpc_send(self.sock, cmd | hd.RDMA_FLAG, head + struct.pack("<Q", max(0, nbytes - len(head))))
            self.rdma.send_bulk(nbytes, hd.exchange_timeout())
            self.over_rdma += nbytes
        else:
            hd.rpc_send(self.sock, cmd, head + bytes(max(0, nbytes - len(head))))
        return hd.rpc_recv_reply(self.sock)

    def set_tensor(self, nbytes):
        with self.lock:
            self.send(hd.RPC_SET_TENSOR, b"", nbytes)
            self.sent += 9 + nbytes
            self.received += 16

    def compute(self, task, batch, last, nbytes):
        header = hd.RPC_COMPUTE_HEADER.pack(task, hd.RPC_LAST_BATCH if last else 0, batch)
        payload_len = max(len(header), nbytes)
        with self.lock:
            answer = self.send(hd.RPC_GRAPH_COMPUTE, header, payload_len)
            if not answer or answer[0] != 0:
                raise ValueError("graph_compute failed with status %r" % answer[:1])
            self.sent += 9 + payload_len
            self.received += 8 + len(answer)
            return 9 + payload_len, 8 + len(answer)

    def close(self):
        if self.rdma is not None:
            self.rdma.close()
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
