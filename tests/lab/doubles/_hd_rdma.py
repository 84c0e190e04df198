# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""The data exchanges: ibv_rc_pingpong (RDMA) and TCP; the child processes."""

import os
import re
import shutil
import socket
import subprocess
import threading
import time

from _hd_nccl import NcclError


# ---------------------------------------------------------------- ibv_rc_pingpong

class PingpongError(Exception):
    pass


def pingpong_binary():
    p = os.environ.get("HALOLINK_DOUBLE_PINGPONG")
    if p:
        return p
    return shutil.which("ibv_rc_pingpong") or "/usr/bin/ibv_rc_pingpong"


def pingpong_argv(t, size, iters, tcp_port):
    return [pingpong_binary(), "-d", t.dev, "-i", str(t.port), "-g", str(t.gid), "-s", str(size),
            "-n", str(iters), "-p", str(tcp_port)]


def free_tcp_port(ip=""):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind((ip, 0))
        return s.getsockname()[1]
    finally:
        s.close()


def tcp_listening(port):
    for path in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(path) as f:
                next(f, None)
                for line in f:
                    fields = line.split()
                    if len(fields) > 3 and fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                        return True
        except (OSError, ValueError, IndexError):
            continue
    return False


def _tail(text, n=3):
    lines = [l for l in (text or "").strip().splitlines() if l.strip()]
    return " | ".join(lines[-n:]) if lines else "no output"


PINGPONG_RESULT = re.compile(r"(\d+) bytes in ([0-9.]+) seconds")


def pingpong_seconds(output, fallback):
    m = PINGPONG_RESULT.search(output or "")
    return float(m.group(2)) if m else fallback


CHILDREN = set()
CHILDREN_LOCK = threading.Lock()


def _track(proc):
    with CHILDREN_LOCK:
        CHILDREN.add(proc)


def _untrack(proc):
    with CHILDREN_LOCK:
        CHILDREN.discard(proc)


def kill_children():
    with CHILDREN_LOCK:
        procs = list(CHILDREN)
    for p in procs:
        try:
            p.kill()
        except OSError:
            pass


def start_pingpong_server(t, size, iters, ready_timeout=20.0):
    """Start `ibv_rc_pingpong` as the server; return (proc, tcp_port) once it
    listens for the client's connection."""
    binary = pingpong_binary()
    if not os.path.exists(binary):
        raise PingpongError("%s not found (package ibverbs-utils)" % binary)
    last = ""
    for _attempt in range(3):
        port = free_tcp_port()
        argv = pingpong_argv(t, size, iters, port)
        if shutil.which("stdbuf"):  # line-buffered: its "local address" line is readable while it waits
            argv = ["stdbuf", "-oL"] + argv
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
        except OSError as e:
            raise PingpongError("cannot run %s: %s" % (binary, e))
        _track(proc)
        deadline = time.monotonic() + ready_timeout
        while True:
            if proc.poll() is not None:
                out = proc.stdout.read()
                _untrack(proc)
                last = "server exited with %d: %s" % (proc.returncode, _tail(out))
                if "listen" in out.lower():
                    break  # the port was taken meanwhile: another one
                raise PingpongError(last)
            if tcp_listening(port):
                return proc, port
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                _untrack(proc)
                raise PingpongError("server did not listen on port %d within %.0f s" % (port, ready_timeout))
            time.sleep(0.02)
    raise PingpongError(last)


def finish_pingpong_server(proc, timeout):
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        _untrack(proc)
        return False, "server still running after %.0f s, killed: %s" % (timeout, _tail(out))
    _untrack(proc)
    if proc.returncode != 0:
        return False, "server exited with %d: %s" % (proc.returncode, _tail(out))
    return True, out


def stop_pingpong_server(proc):
    try:
        proc.kill()
    except OSError:
        pass
    try:
        proc.communicate(timeout=5)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        pass
    _untrack(proc)


def run_pingpong_client(t, size, iters, tcp_port, server_ip, timeout):
    """Returns (ok, seconds, output or reason)."""
    argv = pingpong_argv(t, size, iters, tcp_port) + [server_ip]
    start = time.monotonic()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
    except OSError as e:
        return False, 0.0, "cannot run %s: %s" % (argv[0], e)
    _track(proc)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        _untrack(proc)
        return False, time.monotonic() - start, "client still running after %.0f s, killed: %s" % (timeout, _tail(out))
    _untrack(proc)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        return False, elapsed, "client exited with %d: %s" % (proc.returncode, _tail(out))
    return True, pingpong_seconds(out, elapsed), out


# ---------------------------------------------------------------- socket exchange

def _recv_exact(sock, n):
    buf = bytearray(n)
    view = memoryview(buf)
    got = 0
    while got < n:
        k = sock.recv_into(view[got:], n - got)
        if k == 0:
            raise EOFError("peer closed the data connection")
        got += k
    return buf


def socket_listen(ip):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind((ip, 0))
    except OSError:
        s.bind(("", 0))
    s.listen(1)
    return s


def socket_serve_exchange(lsock, size, iters, timeout):
    """Worker side: accept one connection; echo iters messages of size bytes."""
    lsock.settimeout(timeout)
    try:
        conn, _ = lsock.accept()
    finally:
        lsock.close()
    try:
        conn.settimeout(timeout)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        start = time.monotonic()
        for _ in range(iters):
            data = _recv_exact(conn, size)
            conn.sendall(data)
        return time.monotonic() - start
    finally:
        conn.close()


def socket_client_exchange(ip, port, own_ip, size, iters, timeout):
    """Driver side: send iters messages of size bytes, each echoed back."""
    try:
        conn = socket.create_connection((ip, port), timeout=timeout, source_address=(own_ip, 0))
    except OSError:
        conn = socket.create_connection((ip, port), timeout=timeout)
    try:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        payload = os.urandom(size)
        start = time.monotonic()
        for _ in range(iters):
            conn.sendall(payload)
            if bytes(_recv_exact(conn, size)) != payload:
                raise NcclError("data corrupted on the socket exchange with %s" % ip)
        return time.monotonic() - start
    finally:
        conn.close()
