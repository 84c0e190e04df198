# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""The "collective" exchanges of a communicator, NCCL-like: the rank's side in a
worker process (WorkerServer, run by _hd_worker.py, which `ray` starts for a
vllm) and the driver's side (Communicator, run by `vllm`).

What is imitated (RCCL ROCm/rccl@0cbce2a7, see README.md): the net is chosen
once per communicator, at init (choose_transport); a NET/IB connection resolves
its GID at connect (resolve_gid) and a failure there, or a QP that never
completes, fails the communicator: no fallback to sockets. The QPs live as long
as the communicator: each rank on NET/IB keeps an ibv_rc_pingpong server waiting
on a spare port (its QP is created before it waits for a client, rdma-core
libibverbs/examples/rc_pingpong.c: pp_init_ctx before pp_server_exch_dest),
ended with the communicator."""

import os
import signal
import socket
import threading
import time

from _hd_common import JsonConn, accept_loop, exchange_timeout
from _hd_nccl import (NcclError, NcclLog, choose_transport, completion_error_warn, double_line, resolve_gid,
                      retry_seconds)
from _hd_rdma import (PingpongError, finish_pingpong_server, kill_children, pingpong_seconds,
                      run_pingpong_client, socket_client_exchange, socket_listen, socket_serve_exchange,
                      start_pingpong_server, stop_pingpong_server)


class Rank:
    """One rank's communicator state: its transport, chosen once, and the QP it
    holds while the communicator lives (a waiting ibv_rc_pingpong server)."""

    def __init__(self, log, env=None):
        self.log = log
        self.env = os.environ if env is None else env
        self.transport = None
        self.holder = None

    def init(self):
        if self.transport is None:
            self.transport = choose_transport(self.log, self.env)
        return self.transport

    def connect(self, log=None):
        """NET/IB: the GID (at connect, as ncclIbConnect/ncclIbAccept do), then the
        held QP. Raises NcclError."""
        t = self.init()
        if t.kind == "ib" and t.gid is None:
            resolve_gid(t, log or self.log, self.env)
        if t.kind == "ib" and self.holder is None:
            try:
                self.holder, _port = start_pingpong_server(t, 4096, 1)
            except PingpongError as e:
                (log or self.log).warn("NET/IB : Unable to open device %s" % t.dev, "transport/net_ib.cc:429")
                raise NcclError("ibv_rc_pingpong on %s: %s" % (t.describe(), e), "system")
        return t

    def destroy(self):
        if self.holder is not None:
            stop_pingpong_server(self.holder)
            self.holder = None


def _fail_qp(log, t, peer_ip, peer_gid, started, timeout, env, output=""):
    """A QP that did not complete. ibv_rc_pingpong's "Failed to modify QP to
    RTR" (rxe rejects the address vector, e.g. an IPv6 link-local source GID
    towards an IPv4-mapped one: seen in the lab) is RCCL's ibv_modify_qp WARN
    (errno unverified); otherwise the QP retried until it gave up: wait out
    RCCL's retry time (bounded by the exchange timeout), then net_ib.cc's
    completion error."""
    if "Failed to modify QP to RTR" in (output or ""):
        log.warn("Call to ibv_modify_qp failed with error Invalid argument errno 22", "misc/ibvwrap.cc:206")
        return
    left = min(retry_seconds(env), timeout) - (time.monotonic() - started)
    if left > 0:
        time.sleep(left)
    completion_error_warn(log, "%s<0>" % peer_ip, t.gid_value, peer_gid)


# ---------------------------------------------------------------- the worker process' side

class WorkerServer:
    """Serves the driver's exchanges in a Ray worker process, with that
    process' environment (the ray start environment plus what vLLM applied)."""

    def __init__(self, ip, node_ip, prefix=""):
        self.node_ip = node_ip
        self.rank = Rank(NcclLog())
        self.lock = threading.Lock()
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((ip, 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.stopped = False

    def start(self):
        threading.Thread(target=self._accept_loop, daemon=True).start()
        return self

    def stop(self):
        self.stopped = True
        try:
            self.sock.close()
        except OSError:
            pass
        self.rank.destroy()
        kill_children()

    def _accept_loop(self):
        accept_loop(self.sock, lambda: self.stopped, self._serve)

    def _serve(self, s):
        conn = JsonConn(s)
        lines = []
        log = self.rank.log.with_collect(lines)
        try:
            req = conn.recv(timeout=30)
            if req.get("op") != "exchange":
                return
            kind = str(req.get("kind", "allreduce"))
            size = int(req.get("size", 4096))
            iters = int(req.get("iters", 256))
            peer = str(req.get("peer", "?"))
            timeout = float(req.get("timeout", exchange_timeout()))
            try:
                with self.lock:
                    if kind == "init":
                        self.rank.log = log
                    t = self.rank.connect(log)
                if req.get("want") != t.kind:
                    double_line(log, "ranks chose different nets (%s here, %s on %s): the communicator fails "
                                     "(RCCL's behaviour for mixed nets is unverified)"
                                % (t.name, "IB" if req.get("want") == "ib" else "Socket", peer))
                    raise NcclError("mixed nets", "remote")
            except NcclError as e:
                conn.send({"error": str(e), "kind": e.kind, "log": lines})
                return
            if t.kind == "ib":
                started = time.monotonic()
                try:
                    proc, port = start_pingpong_server(t, size, iters)
                except PingpongError as e:
                    log.warn("NET/IB : Unable to open device %s" % t.dev, "transport/net_ib.cc:429")
                    conn.send({"error": "ibv_rc_pingpong: %s" % e, "kind": "system", "log": lines})
                    return
                conn.send({"transport": "ib", "port": port, "ip": t.ip, "dev": t.dev, "gid": t.gid_value})
                res = conn.recv(timeout=timeout + 30)
                ok, out = (finish_pingpong_server(proc, 15) if res.get("ok") else (False, res.get("reason", "")))
                if not res.get("ok"):
                    stop_pingpong_server(proc)
                if not ok:
                    _fail_qp(log, t, peer, req.get("gid"), started, timeout, self.rank.env, out)
                    conn.send({"done": False, "kind": "remote", "log": lines, "reason": out[:300]})
                    return
                secs = pingpong_seconds(out, float(res.get("seconds", 0.0)))
                double_line(log, "%s %d bytes over NET/IB from %s in %.1f s" % (kind, size * iters, peer, secs))
                conn.send({"done": True, "transport": "NET/IB", "seconds": secs, "log": lines})
                return
            lsock = socket_listen(t.ip if t.ip and not t.ip.startswith("127.") else self.node_ip)
            conn.send({"transport": "socket", "port": lsock.getsockname()[1], "ip": lsock.getsockname()[0]
                       if lsock.getsockname()[0] != "0.0.0.0" else self.node_ip, "ifname": t.ifname})
            secs = socket_serve_exchange(lsock, size, iters, timeout)
            double_line(log, "%s %d bytes over NET/Socket from %s in %.1f s" % (kind, size * iters, peer, secs))
            conn.send({"done": True, "transport": "NET/Socket", "seconds": secs, "log": lines})
        except (OSError, EOFError, ValueError, TypeError) as e:
            double_line(log, "exchange aborted: %s" % e)
        finally:
            conn.close()


# ---------------------------------------------------------------- the driver's side

def exchange_with(worker, kind, own, log, size, iters, timeout, worker_log, env=None):
    """One collective step with one worker process (worker: ip, port). Returns
    (net, seconds). Raises NcclError (after printing the worker's lines)."""
    try:
        conn = JsonConn.connect(worker["ip"], int(worker["port"]), timeout=10)
    except OSError as e:
        raise NcclError("cannot reach the worker on %s:%s: %s" % (worker["ip"], worker["port"], e), "remote")
    try:
        conn.send({"op": "exchange", "kind": kind, "size": size, "iters": iters, "want": own.kind,
                   "peer": own.ip, "gid": own.gid_value, "timeout": timeout})
        reply = conn.recv(timeout=timeout + 60)
        if reply.get("error"):
            for line in reply.get("log", []):
                worker_log(line)
            raise NcclError("%s on %s" % (reply["error"], worker["ip"]), "remote")
        if reply.get("transport") == "ib":
            started = time.monotonic()
            ok, secs, out = run_pingpong_client(own, size, iters, int(reply["port"]), reply["ip"], timeout)
            conn.send({"op": "result", "ok": ok, "seconds": secs, "reason": "" if ok else out[:300]})
            done = conn.recv(timeout=timeout + 60)
            for line in done.get("log", []):
                worker_log(line)
            if not ok or not done.get("done"):
                _fail_qp(log, own, reply["ip"], reply.get("gid"), started, timeout, env or os.environ, out)
                raise NcclError("the QP to %s did not complete (%s)" % (reply["ip"], out[:200]), "remote")
            double_line(log, "%s %d bytes over NET/IB to %s in %.1f s" % (kind, size * iters, reply["ip"], secs))
            return "NET/IB", secs
        if reply.get("transport") != "socket":
            raise NcclError("protocol error: unexpected reply %r" % reply, "internal")
        secs = socket_client_exchange(reply["ip"], int(reply["port"]), own.ip, size, iters, timeout)
        done = conn.recv(timeout=timeout + 30)
        for line in done.get("log", []):
            worker_log(line)
        double_line(log, "%s %d bytes over NET/Socket to %s in %.1f s" % (kind, size * iters, reply["ip"], secs))
        return "NET/Socket", secs
    except (OSError, EOFError, ValueError, KeyError, TypeError) as e:
        raise NcclError("exchange with %s failed: %s" % (worker["ip"], e), "remote")
    finally:
        conn.close()


def install_stop_handlers(event):
    def handler(signum, _frame):
        event.set()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, handler)
