# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""The "collective" exchanges: the worker side (ControlServer, run by `ray`) and the driver
side (exchange_with, run by `vllm`)."""

import signal
import socket
import threading
import time

from _hd_common import JsonConn, exchange_timeout
from _hd_nccl import NcclError, NcclLog, choose_transport
from _hd_rdma import (PingpongError, finish_pingpong_server, kill_children, pingpong_seconds,
                      run_pingpong_client, socket_client_exchange, socket_listen, socket_serve_exchange,
                      start_pingpong_server, stop_pingpong_server)


# ---------------------------------------------------------------- worker side

class ControlServer:
    """Runs in every `ray` node process: serves the driver's collective
    requests, deciding this node's transport from this process' environment
    (the NCCL_* variables the node was started with)."""

    def __init__(self, ip, node_ip):
        self.node_ip = node_ip
        self.sessions = {}
        self.lock = threading.Lock()
        self.log = NcclLog()
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
        kill_children()

    def _accept_loop(self):
        while not self.stopped:
            try:
                s, _ = self.sock.accept()
            except OSError:
                if self.stopped:
                    return
                time.sleep(0.1)
                continue
            threading.Thread(target=self._serve, args=(s,), daemon=True).start()

    def _transport(self, session, log):
        with self.lock:
            t = self.sessions.get(session)
            if t is not None:
                return t
        t = choose_transport(log, self.node_ip)
        with self.lock:
            self.sessions[session] = t
            while len(self.sessions) > 32:
                self.sessions.pop(next(iter(self.sessions)))
        return t

    def _serve(self, s):
        conn = JsonConn(s)
        lines = []
        log = self.log.with_collect(lines)
        try:
            req = conn.recv(timeout=30)
            if req.get("op") == "ping":
                conn.send({"ok": True})
                return
            if req.get("op") != "exchange":
                return
            session = str(req.get("session", ""))
            kind = str(req.get("kind", "allreduce"))
            size = int(req.get("size", 4096))
            iters = int(req.get("iters", 256))
            peer = str(req.get("peer", "?"))
            timeout = float(req.get("timeout", exchange_timeout()))
            if kind == "init":
                with self.lock:
                    self.sessions.pop(session, None)
            try:
                t = self._transport(session, log)
            except NcclError as e:
                conn.send({"error": "NCCL error: %s" % e, "log": lines})
                return
            if req.get("want") == "ib" and t.kind == "ib":
                proc = None
                try:
                    proc, port = start_pingpong_server(t, size, iters)
                except PingpongError as e:
                    log("NET/IB : ibv_rc_pingpong server on %s failed: %s; falling back to NET/Socket"
                        % (t.describe(), e), "WARN")
                fallback = "its ibv_rc_pingpong server failed"
                if proc is not None:
                    conn.send({"transport": "ib", "port": port, "ip": t.ip, "dev": t.dev})
                    res = conn.recv(timeout=timeout + 30)
                    if res.get("ok"):
                        ok, out = finish_pingpong_server(proc, 15)
                        secs = pingpong_seconds(out, float(res.get("seconds", 0.0))) if ok else 0.0
                        if not ok:
                            log("NET/IB : ibv_rc_pingpong server: %s" % out, "WARN")
                        log("%s %d bytes over NET/IB from %s in %.1f s" % (kind, size * iters, peer, secs))
                        conn.send({"done": True, "transport": "NET/IB", "seconds": secs, "log": lines})
                        return
                    stop_pingpong_server(proc)
                    log("NET/IB : the client on %s failed (%s); falling back to NET/Socket"
                        % (peer, res.get("reason", "?")), "WARN")
                    fallback = "the client failed"
            elif req.get("want") == "ib":
                fallback = "it uses NET/Socket"
            else:
                fallback = ""
            lsock = socket_listen(t.ip)
            conn.send({"transport": "socket", "port": lsock.getsockname()[1], "ip": t.ip,
                       "ifname": t.ifname, "why": fallback})
            secs = socket_serve_exchange(lsock, size, iters, timeout)
            log("%s %d bytes over NET/Socket from %s in %.1f s" % (kind, size * iters, peer, secs))
            conn.send({"done": True, "transport": "NET/Socket", "seconds": secs, "log": lines})
        except (OSError, EOFError, ValueError, TypeError) as e:
            log("exchange aborted: %s" % e, "WARN")
        finally:
            conn.close()


# ---------------------------------------------------------------- driver side

def exchange_with(node, kind, session, own, log, size, iters, timeout, worker_log):
    """One collective step with one remote node's `ray` process. Returns
    (net, seconds). Raises NcclError on failure."""
    try:
        conn = JsonConn.connect(node["ip"], int(node["control_port"]), timeout=10)
    except OSError as e:
        raise NcclError("cannot reach the Ray worker on %s:%s: %s" % (node["ip"], node["control_port"], e))
    try:
        conn.send({"op": "exchange", "session": session, "kind": kind, "size": size, "iters": iters,
                   "want": own.kind, "peer": own.ip, "timeout": timeout})
        reply = conn.recv(timeout=timeout + 30)
        if reply.get("error"):
            for line in reply.get("log", []):
                worker_log(line)
            raise NcclError("%s on %s" % (reply["error"], node["ip"]))
        if reply.get("transport") == "ib":
            if own.kind != "ib":
                raise NcclError("protocol error: the worker offered NET/IB")
            ok, secs, out = run_pingpong_client(own, size, iters, int(reply["port"]), reply["ip"], timeout)
            if ok:
                conn.send({"op": "result", "ok": True, "seconds": secs})
                done = conn.recv(timeout=timeout + 30)
                for line in done.get("log", []):
                    worker_log(line)
                log("%s %d bytes over NET/IB to %s in %.1f s" % (kind, size * iters, reply["ip"], secs))
                return "NET/IB", secs
            log("NET/IB : ibv_rc_pingpong to %s failed: %s; falling back to NET/Socket" % (reply["ip"], out), "WARN")
            conn.send({"op": "result", "ok": False, "reason": out[:300]})
            reply = conn.recv(timeout=timeout + 30)
        if reply.get("transport") != "socket":
            raise NcclError("protocol error: unexpected reply %r" % reply)
        if own.kind == "ib" and reply.get("why") != "the client failed":
            log("NET/IB : peer %s answered NET/Socket (%s); this exchange uses NET/Socket"
                % (reply["ip"], reply.get("why") or "its choice"))
        secs = socket_client_exchange(reply["ip"], int(reply["port"]), own.ip, size, iters, timeout)
        done = conn.recv(timeout=timeout + 30)
        for line in done.get("log", []):
            worker_log(line)
        log("%s %d bytes over NET/Socket to %s in %.1f s" % (kind, size * iters, reply["ip"], secs))
        return "NET/Socket", secs
    except (OSError, EOFError, ValueError, KeyError, TypeError) as e:
        raise NcclError("exchange with %s failed: %s" % (node["ip"], e))
    finally:
        conn.close()


def install_stop_handlers(event):
    def handler(signum, _frame):
        event.set()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, handler)
