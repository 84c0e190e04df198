#!/usr/bin/python3
# Test double support code for HaloLink's tests. This is NOT Ray and NOT vLLM:
# part of the code shared by the stand-ins in this folder (see
# _halolink_doubles.py and README.md). Python 3 standard library only.
"""Ray worker processes for the `vllm` double's ranks.

NodeControl runs in every `ray start` process: when a vllm starts its workers,
it spawns one worker process per request, a child of `ray start` (like Ray's
raylet spawning an actor's worker), whose argv[0] is the actor's process title
("ray::RayWorkerWrapper", or "ray::RayWorkerProc" for RayExecutorV2) and which
inherits the `ray start` process' environment. The worker then applies the
variables the driver copied, as the chosen vLLM executor does:

- RayDistributedExecutor: vllm/utils/system_utils.py update_environment_variables
  overwrites, logging "Overwriting environment variable %s from '%s' to '%s'";
- RayExecutorV2: ray_executor_v2.py RayWorkerProc.initialize_worker applies the
  driver's variables with os.environ.setdefault (never overwrites).

and serves the driver's exchanges (WorkerServer) with that effective
environment until the driver's connection ends (the communicator's end)."""

import json
import os
import socket
import subprocess
import sys
import threading

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

from _hd_common import JsonConn, accept_loop, timestamp_vllm  # noqa: E402
from _hd_collective import WorkerServer  # noqa: E402

SELF = os.path.realpath(__file__)


def apply_environment(env, executor):
    """Returns the log lines (vLLM's logger format) of applying env."""
    lines = []
    for k, v in env.items():
        if executor == "v2":
            os.environ.setdefault(k, v)
            continue
        if k in os.environ and os.environ[k] != v:
            lines.append("WARNING %s [system_utils.py:38] Overwriting environment variable %s from '%s' to '%s'"
                         % (timestamp_vllm(), k, os.environ[k], v))
        os.environ[k] = v
    return lines


def worker_main(node_ip):
    """The worker process: one JSON request on stdin, one JSON answer line on
    stdout, then serve until stdin closes."""
    req = json.loads(sys.stdin.readline() or "{}")
    lines = apply_environment(req.get("env") or {}, req.get("executor", "classic"))
    for line in lines:
        print(line, flush=True)
    server = WorkerServer(node_ip, node_ip).start()
    sys.stdout.write(json.dumps({"port": server.port, "pid": os.getpid(), "log": lines}) + "\n")
    sys.stdout.flush()
    try:
        while sys.stdin.readline():
            pass
    finally:
        server.stop()
    return 0


class NodeControl:
    """The control port of a `ray start` process: "ping", and "start_worker"
    (one worker process for the connection's lifetime)."""

    def __init__(self, ip, node_ip):
        self.node_ip = node_ip
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((ip, 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.stopped = False
        self.workers = set()
        self.lock = threading.Lock()

    def start(self):
        threading.Thread(target=self._accept_loop, daemon=True).start()
        return self

    def stop(self):
        self.stopped = True
        try:
            self.sock.close()
        except OSError:
            pass
        with self.lock:
            procs = list(self.workers)
        for p in procs:
            _end(p)

    def _accept_loop(self):
        accept_loop(self.sock, lambda: self.stopped, self._serve)

    def _serve(self, s):
        conn = JsonConn(s)
        try:
            req = conn.recv(timeout=30)
            if req.get("op") == "ping":
                conn.send({"ok": True})
            elif req.get("op") == "start_worker":
                self._worker(conn, req)
        except (OSError, EOFError, ValueError, TypeError):
            pass
        finally:
            conn.close()

    def _worker(self, conn, req):
        title = "ray::RayWorkerProc" if req.get("executor") == "v2" else "ray::RayWorkerWrapper"
        proc = subprocess.Popen([title, SELF, "--worker", self.node_ip], executable=sys.executable,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        with self.lock:
            self.workers.add(proc)
        try:
            proc.stdin.write(json.dumps({"env": req.get("env") or {}, "executor": req.get("executor")}) + "\n")
            proc.stdin.flush()
            first = None
            while first is None:
                line = proc.stdout.readline()
                if not line:
                    raise EOFError("the worker process exited")
                try:
                    first = json.loads(line)
                except ValueError:
                    print(line.rstrip("\n"), flush=True)
            threading.Thread(target=_relay, args=(proc,), daemon=True).start()
            conn.send({"ok": True, "port": first["port"], "pid": first["pid"], "ip": self.node_ip,
                       "log": first.get("log", [])})
            while not self.stopped:  # the communicator lives until the driver's connection closes
                conn.recv(timeout=None)
        except (OSError, EOFError, ValueError, KeyError):
            pass
        finally:
            _end(proc)
            with self.lock:
                self.workers.discard(proc)


def _relay(proc):
    for line in proc.stdout:
        print(line.rstrip("\n"), flush=True)


def _end(proc):
    try:
        proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--worker":
    sys.exit(worker_main(sys.argv[2]))
