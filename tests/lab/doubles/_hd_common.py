# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""Environment, Ray's files and addresses, JSON-lines connections."""

import datetime
import json
import os
import secrets
import socket
import sys
import threading
import time

RAY_VERSION = "2.40.0"
VLLM_VERSION = "0.7.3"


# ---------------------------------------------------------------- environment

def accept_loop(sock, stopped, serve):
    """Accepts connections on `sock` until stopped(), each served by serve(conn) in a thread of its own."""
    while not stopped():
        try:
            conn, _ = sock.accept()
        except OSError:
            if stopped():
                return
            time.sleep(0.1)
            continue
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


def env_float(name, default):
    v = os.environ.get(name, "").strip()
    if not v:
        return default
    try:
        return float(v)
    except ValueError:
        return default


def env_int(name, default):
    v = os.environ.get(name, "").strip()
    if not v:
        return default
    try:
        return int(v)
    except ValueError:
        return default


def heartbeat_timeout():
    return env_float("HALOLINK_DOUBLE_HEARTBEAT_TIMEOUT_S", 10.0)


def exchange_timeout():
    return env_float("HALOLINK_DOUBLE_EXCHANGE_TIMEOUT_S", 60.0)


def line_buffered():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(line_buffering=True)
        except (AttributeError, ValueError):
            pass


# ---------------------------------------------------------------- Ray's files

def ray_dir():
    return os.environ.get("HALOLINK_DOUBLE_RAY_DIR") or "/tmp/ray"


def cluster_file():
    return os.path.join(ray_dir(), "ray_current_cluster")


def pid_dir():
    return os.path.join(ray_dir(), "halolink_double")


def write_cluster_address(address):
    os.makedirs(ray_dir(), exist_ok=True)
    tmp = cluster_file() + ".%d.tmp" % os.getpid()
    with open(tmp, "w") as f:
        f.write(address)
    os.replace(tmp, cluster_file())


def read_cluster_address():
    try:
        with open(cluster_file()) as f:
            a = f.read().strip()
        return a or None
    except OSError:
        return None


def remove_cluster_address(only_if=None):
    try:
        if only_if is not None and read_cluster_address() != only_if:
            return
        os.unlink(cluster_file())
    except OSError:
        pass


def resolve_address(explicit=None):
    """Like Ray: an explicit address, else RAY_ADDRESS, else the address of
    the latest cluster started on this machine (ray_current_cluster)."""
    for a in (explicit, os.environ.get("RAY_ADDRESS")):
        if a and a.strip() and a.strip() != "auto":
            return strip_scheme(a.strip())
    return read_cluster_address()


def strip_scheme(a):
    for scheme in ("ray://", "http://", "https://"):
        if a.startswith(scheme):
            a = a[len(scheme):]
    return a.rstrip("/")


def split_hostport(address, default_port=6379):
    host, sep, port = address.rpartition(":")
    if not sep:
        return address, default_port
    try:
        return host.strip("[]"), int(port)
    except ValueError:
        return host, default_port


def new_node_id():
    return secrets.token_hex(28)  # 56 hex digits, like Ray's node ids


def mem_total_bytes():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def mem_available_bytes():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return mem_total_bytes()


def local_ip_towards(host):
    """The source address this machine would use to reach host."""
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect((host, 9))
            return s.getsockname()[0]
        finally:
            s.close()
    except OSError:
        return "127.0.0.1"


def is_local_address(ip):
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            s.bind((ip, 0))
            return True
        finally:
            s.close()
    except OSError:
        return False


def timestamp_vllm():
    return datetime.datetime.now().strftime("%m-%d %H:%M:%S")


def timestamp_ray():
    now = datetime.datetime.now()
    return now.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (now.microsecond // 1000)


# ---------------------------------------------------------------- connections

class JsonConn:
    """One JSON object per line over a TCP socket; sends are thread-safe. A
    read that times out leaves the connection unusable (treated as lost)."""

    def __init__(self, sock):
        self.sock = sock
        self.rfile = sock.makefile("rb")
        self.wlock = threading.Lock()

    @classmethod
    def connect(cls, host, port, timeout=5.0, source=None):
        return cls(socket.create_connection((host, port), timeout=timeout, source_address=source))

    def send(self, obj):
        data = (json.dumps(obj) + "\n").encode()
        with self.wlock:
            self.sock.sendall(data)

    def recv(self, timeout=None):
        self.sock.settimeout(timeout)
        line = self.rfile.readline(1 << 22)
        if not line:
            raise EOFError("connection closed")
        obj = json.loads(line.decode("utf-8", "replace"))
        if not isinstance(obj, dict):
            raise ValueError("not a JSON object")
        return obj

    def close(self):
        for f in (self.rfile.close, lambda: self.sock.shutdown(socket.SHUT_RDWR), self.sock.close):
            try:
                f()
            except OSError:
                pass
