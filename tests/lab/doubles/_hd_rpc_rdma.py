# Test double support code for HaloLink's tests. This is NOT llama.cpp: part
# of the code shared by the stand-ins in this folder (see _halolink_doubles.py
# and README.md). Python 3 standard library only.
"""llama.cpp's RDMA transport for RPC (ggml-org/llama.cpp PR #20590,
ggml/src/ggml-rpc/transport.cpp at 06258e85), imitated for one connection:

- built in when libibverbs is found (ggml/src/ggml-rpc/CMakeLists.txt); the
  double is "built with it" unless HALOLINK_DOUBLE_RPC_RDMA_BUILD=0;
- GGML_RPC_NO_RDMA set: no probe (get_caps);
- rdma_probe(): port 1 of the device (GGML_RDMA_DEV: that name only) whose GID
  equals the TCP socket's local address, RoCE v2 before v1, or the index
  GGML_RDMA_GID; the QP is created then ("RDMA probed: dev=%s gid=%d%s qpn=%u
  inline=%u"); no match: no line, caps all zero;
- both ends' caps non-zero: "RDMA activated: qpn=%u->%u mtu=%d rx_depth=%d" and
  every send/recv of the connection goes over the QP; a peer with zero caps:
  TCP, silently; a failed activation: "RDMA activate failed, staying on TCP".

The QP of a probed connection is an ibv_rc_pingpong server waiting on a spare
port (held until the connection closes); the bytes of each command go over a
fresh ibv_rc_pingpong pair on the probed device and GID."""

import os
import select
import struct
import time
import types

from _hd_nccl import _int_entries, _read, gid_ipv4, ib_sysfs
from _hd_rdma import PingpongError, finish_pingpong_server, run_pingpong_client, start_pingpong_server
from _hd_rdma import stop_pingpong_server

CAPS = struct.Struct("<II16s")  # rdma_caps: qpn, psn, gid (RPC_CONN_CAPS_SIZE)
ZERO_CAPS = bytes(CAPS.size)
CHUNK = 64 * 1024  # the double's ibv_rc_pingpong message size for bulk bytes
RDMA_FLAG = 0x80  # the double's framing: a command whose bulk bytes go over RDMA
BULK_ATTEMPTS = 3  # fresh ibv_rc_pingpong pairs per command before the transfer fails


def built_with_rdma():
    return os.environ.get("HALOLINK_DOUBLE_RPC_RDMA_BUILD", "1").strip() != "0"


def _gid_bytes(text):
    try:
        return bytes.fromhex((text or "").replace(":", ""))
    except ValueError:
        return bytes(16)


class Connection:
    """The RDMA side of one RPC connection (either end)."""

    def __init__(self, sock, log):
        self.sock = sock
        self.log = log  # a function taking one line
        self.t = None  # dev, port, gid of the probe
        self.holder = None
        self.qpn = 0
        self.active = False
        self.pairs = 0  # bulk pairs tried by the sending end

    def local_caps(self):
        if not built_with_rdma() or os.environ.get("GGML_RPC_NO_RDMA") is not None:
            return ZERO_CAPS
        if not self._probe():
            return ZERO_CAPS
        return CAPS.pack(self.qpn, self.qpn & 0xffffff, _gid_bytes(self.gid_value))

    def _probe(self):
        try:
            target = self.sock.getsockname()[0]
        except OSError:
            return False
        dev_env, gid_env = os.environ.get("GGML_RDMA_DEV"), os.environ.get("GGML_RDMA_GID")
        root = ib_sysfs()
        try:
            devices = sorted(os.listdir(root))
        except OSError:
            return False
        for dev in devices:
            if dev_env and dev != dev_env:
                continue
            pdir = os.path.join(root, dev, "ports", "1")
            if not os.path.isdir(pdir):
                continue
            found, version = -1, ""
            if gid_env is not None:
                try:
                    found = int(gid_env.strip() or "0")
                except ValueError:
                    found = 0  # atoi
                t = _read(os.path.join(pdir, "gid_attrs", "types", str(found))) or ""
                version = " RoCEv2" if t == "RoCE v2" else " RoCEv1" if "RoCE v1" in t else ""
            else:
                v2 = v1 = -1
                for i in _int_entries(os.path.join(pdir, "gids")):
                    if gid_ipv4(_read(os.path.join(pdir, "gids", str(i)))) != target:
                        continue
                    t = _read(os.path.join(pdir, "gid_attrs", "types", str(i))) or ""
                    if t == "RoCE v2" and v2 < 0:
                        v2 = i
                    elif "RoCE v1" in t and v1 < 0:
                        v1 = i
                found, version = (v2, " RoCEv2") if v2 >= 0 else (v1, " RoCEv1")
            if found < 0:
                continue
            self.t = types.SimpleNamespace(dev=dev, port=1, gid=found)
            self.gid_value = _read(os.path.join(pdir, "gids", str(found)))
            try:
                self.holder, _port = start_pingpong_server(self.t, 4096, 1)
            except PingpongError:
                self.t = None
                return False  # ibv_create_qp & co failed: the probe fails, no line
            self.qpn = _read_qpn(self.holder)
            self.log("RDMA probed: dev=%s gid=%d%s qpn=%u inline=%u" % (dev, found, version, self.qpn, 256))
            return True
        return False

    def update(self, remote_caps):
        """update_caps(): activate when both ends probed."""
        remote = remote_caps if len(remote_caps) == CAPS.size else ZERO_CAPS
        if self.t is None or remote == ZERO_CAPS:
            self.close()
            return
        rqpn = CAPS.unpack(remote)[0]
        if self.holder is None or self.holder.poll() is not None:
            self.log("RDMA activate failed, staying on TCP")
            self.close()
            return
        self.active = True
        self.log("RDMA activated: qpn=%u->%u mtu=%d rx_depth=%d" % (self.qpn, rqpn, 1024, 24))

    def close(self):
        if self.holder is not None:
            stop_pingpong_server(self.holder)
            self.holder = None
        self.active = False

    # The bulk bytes of one command: the receiving end serves, the sending end
    # connects. Not llama.cpp's mechanism (one QP per connection, with the
    # NIC's own retransmissions): the double uses a fresh ibv_rc_pingpong
    # pair per command, and on rxe in a starved emulated VM a pair can run out
    # of RC retries (7 x 67 ms in rc_pingpong.c) where a long-lived QP under
    # the same load would not be asked to. So the two ends agree on each
    # pair's outcome over the TCP connection (a status byte each way) and a
    # failed pair is tried again on a fresh one, up to BULK_ATTEMPTS times;
    # every retry is logged. What fails every time still fails.
    def serve_bulk(self, nbytes, timeout):
        last = ""
        for attempt in range(1, BULK_ATTEMPTS + 1):
            try:
                proc, port = start_pingpong_server(self.t, CHUNK, _iters(nbytes))
            except PingpongError as e:
                self.sock.sendall(struct.pack("<H", 0))  # no pair this time
                last = str(e)
                peer_ok = _recv(self.sock, 1) == b"\1"
                self.sock.sendall(b"\0")
                self._retry_or_fail(attempt, last)
                continue
            self.sock.sendall(struct.pack("<H", port))
            ok, out, peer_ok = self._finish_serving(proc, timeout)
            self.sock.sendall(b"\1" if ok else b"\0")
            if ok and peer_ok:
                return
            last = out if not ok else "the sending end's ibv_rc_pingpong failed"
            self._retry_or_fail(attempt, last)

    def send_bulk(self, nbytes, timeout):
        last = ""
        for attempt in range(1, BULK_ATTEMPTS + 1):
            (port,) = struct.unpack("<H", _recv(self.sock, 2))
            self.pairs += 1
            if port == 0:
                ok, out = False, "the receiving end could not start ibv_rc_pingpong"
            elif _fail_every() and self.pairs % _fail_every() == 0:
                # HALOLINK_DOUBLE_RDMA_BULK_FAIL_EVERY=N: the Nth pair's client is
                # not run (its server is stopped by the status byte), to test the retry.
                ok, out = False, "failed on purpose (HALOLINK_DOUBLE_RDMA_BULK_FAIL_EVERY)"
            else:
                peer = self.sock.getpeername()[0]
                ok, _secs, out = run_pingpong_client(self.t, CHUNK, _iters(nbytes), port, peer, timeout)
            self.sock.sendall(b"\1" if ok else b"\0")
            peer_ok = _recv(self.sock, 1) == b"\1"
            if ok and peer_ok:
                return
            last = out if not ok else "the receiving end's ibv_rc_pingpong failed"
            self._retry_or_fail(attempt, last)

    def _finish_serving(self, proc, timeout):
        """Waits for the pair's server to end, or for the sending end's status
        byte saying its client failed (then the server is stopped: it would
        wait for a client that is not coming). (ok, output, peer_ok)."""
        deadline = time.monotonic() + timeout
        peer_ok = None
        while peer_ok is None and proc.poll() is None and time.monotonic() < deadline:
            if select.select([self.sock], [], [], 0.05)[0]:
                peer_ok = _recv(self.sock, 1) == b"\1"
        if peer_ok is False and proc.poll() is None:
            stop_pingpong_server(proc)
            return False, "stopped: the sending end failed", False
        ok, out = finish_pingpong_server(proc, max(1.0, deadline - time.monotonic()))
        if peer_ok is None:
            peer_ok = _recv(self.sock, 1) == b"\1"
        return ok, out, peer_ok

    def _retry_or_fail(self, attempt, why):
        why = (why or "")[-200:]
        if attempt >= BULK_ATTEMPTS:
            raise OSError("RDMA CQ wc error (ibv_rc_pingpong: %s)" % why)
        self.log("halolink-double: RDMA bulk transfer failed (attempt %d of %d), again on a fresh pair: %s"
                 % (attempt, BULK_ATTEMPTS, why.strip().replace("\n", " | ")))


def _fail_every():
    try:
        return max(0, int(os.environ.get("HALOLINK_DOUBLE_RDMA_BULK_FAIL_EVERY", "0")))
    except ValueError:
        return 0


def _iters(nbytes):
    return max(1, -(-int(nbytes) // CHUNK))


def _recv(sock, n):
    buf = b""
    while len(buf) < n:
        d = sock.recv(n - len(buf))
        if not d:
            raise EOFError("peer closed the connection")
        buf += d
    return buf


def _read_qpn(proc):
    """ibv_rc_pingpong prints "local address: LID ..., QPN 0x..., ..." before it
    waits (rc_pingpong.c); 0 when it cannot be read in time."""
    try:
        if select.select([proc.stdout], [], [], 2.0)[0]:
            line = proc.stdout.readline()
            if "QPN 0x" in line:
                return int(line.split("QPN 0x")[1].split(",")[0], 16)
    except (OSError, ValueError, IndexError):
        pass
    return 0

