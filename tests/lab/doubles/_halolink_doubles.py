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

import datetime
import fcntl
import http.server
import json
import os
import re
import secrets
import shutil
import signal
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time

RAY_VERSION = "2.40.0"
VLLM_VERSION = "0.7.3"


# ---------------------------------------------------------------- environment

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


# ---------------------------------------------------------------- interfaces

SIOCGIFADDR = 0x8915


def _ioctl_ipv4(name):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        r = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
        return socket.inet_ntoa(r[20:24])
    except OSError:
        return None
    finally:
        s.close()


def interfaces():
    """[(name, ipv4)] for every IPv4 address, in interface order."""
    out = []
    ipbin = shutil.which("ip") or ("/usr/sbin/ip" if os.path.exists("/usr/sbin/ip") else None)
    if ipbin:
        try:
            r = subprocess.run([ipbin, "-o", "-4", "addr", "show"], capture_output=True, text=True, timeout=5)
            for line in r.stdout.splitlines():
                f = line.split()
                if len(f) >= 4 and f[2] == "inet":
                    out.append((f[1].split("@")[0], f[3].split("/")[0]))
            if out:
                return out
        except (OSError, subprocess.SubprocessError):
            pass
    for _, name in socket.if_nameindex():
        ip = _ioctl_ipv4(name)
        if ip:
            out.append((name, ip))
    return out


def _match_list(spec, name, port=None):
    """NCCL-style list: 'a,b' prefixes, '=a,b' exact names, entries 'name[:port]'.
    Returns (matched, exclude)."""
    spec = spec.strip()
    exclude = spec.startswith("^")
    if exclude:
        spec = spec[1:]
    exact = spec.startswith("=")
    if exact:
        spec = spec[1:]
    hit = False
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            continue
        iname, _, iport = item.partition(":")
        if not (name == iname if exact else name.startswith(iname)):
            continue
        if port is not None and iport:
            try:
                if int(iport) != port:
                    continue
            except ValueError:
                continue
        hit = True
    return (not hit) if exclude else hit


class NcclError(Exception):
    pass


def socket_interface(fallback_ip=None):
    """(ifname, ip) NCCL would use for sockets (NCCL_SOCKET_IFNAME)."""
    ifs = interfaces()
    spec = os.environ.get("NCCL_SOCKET_IFNAME", "").strip()
    if spec:
        for name, ip in ifs:
            if _match_list(spec, name):
                return name, ip
        raise NcclError("Bootstrap : no socket interface found")
    ip = os.environ.get("VLLM_HOST_IP", "").strip() or fallback_ip
    if ip:
        for name, a in ifs:
            if a == ip:
                return name, a
        if ip.startswith("127."):
            return "lo", ip
    for name, a in ifs:
        if not name.startswith(("lo", "docker")):
            return name, a
    return "lo", "127.0.0.1"


# ---------------------------------------------------------------- NCCL logging

class NcclLog:
    """NCCL_DEBUG=INFO-like lines on stdout; optionally collected too."""

    def __init__(self, prefix="", collect=None):
        self.prefix = prefix
        self.collect = collect

    def __call__(self, msg, level="INFO"):
        line = "%s%s:%d:%d [0] NCCL %s %s" % (self.prefix, socket.gethostname(), os.getpid(),
                                              threading.get_native_id(), level, msg)
        print(line, flush=True)
        if self.collect is not None:
            self.collect.append(line)

    def with_collect(self, lst):
        return NcclLog(self.prefix, lst)


# ---------------------------------------------------------------- transport choice

def ib_sysfs():
    return os.environ.get("HALOLINK_DOUBLE_IB_SYSFS") or "/sys/class/infiniband"


def _read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None


def _int_entries(path):
    try:
        return sorted(int(x) for x in os.listdir(path) if x.isdigit())
    except OSError:
        return []


ZERO_GID = "0000:0000:0000:0000:0000:0000:0000:0000"
V4MAPPED = "0000:0000:0000:0000:0000:ffff:"


def gid_ipv4(gid):
    if not gid or not gid.startswith(V4MAPPED):
        return None
    try:
        return socket.inet_ntoa(bytes.fromhex(gid[len(V4MAPPED):].replace(":", "")))
    except (ValueError, OSError):
        return None


class Transport:
    def __init__(self, kind, ifname, ip, dev=None, port=None, gid=None, link=None):
        self.kind = kind  # "ib" or "socket"
        self.ifname = ifname
        self.ip = ip
        self.dev = dev
        self.port = port
        self.gid = gid
        self.link = link

    @property
    def net(self):
        return "NET/IB" if self.kind == "ib" else "NET/Socket"

    def describe(self):
        if self.kind == "ib":
            return "%s:%d gid %d" % (self.dev, self.port, self.gid)
        return "%s:%s" % (self.ifname, self.ip)


def choose_transport(log, fallback_ip=None):
    """Decide like NCCL: NET/IB when an ACTIVE port of NCCL_IB_HCA with a
    usable GID exists and NCCL_IB_DISABLE is not set, else NET/Socket. Raises
    NcclError when no socket interface matches NCCL_SOCKET_IFNAME."""
    for var in ("NCCL_SOCKET_IFNAME", "NCCL_IB_HCA", "NCCL_IB_GID_INDEX", "NCCL_IB_DISABLE", "NCCL_IB_TC",
                "NCCL_IB_TIMEOUT", "NCCL_IB_RETRY_CNT", "NCCL_NET_GDR_LEVEL"):
        if var in os.environ:
            log("%s set by environment to %s" % (var, os.environ[var]))
    try:
        ifname, ip = socket_interface(fallback_ip)
    except NcclError as e:
        log(str(e), "WARN")
        raise
    log("Bootstrap : Using %s:%s<0>" % (ifname, ip))
    sock = Transport("socket", ifname, ip)

    def use_socket():
        log("NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
        log("Using network Socket")
        return sock

    disable = os.environ.get("NCCL_IB_DISABLE", "").strip()
    try:
        disabled = int(disable) != 0 if disable else False
    except ValueError:
        disabled = False
    if disabled:
        return use_socket()

    root = ib_sysfs()
    try:
        devices = sorted(os.listdir(root))
    except OSError:
        devices = []
    hca = os.environ.get("NCCL_IB_HCA", "").strip()
    candidates = []
    skipped = []
    for dev in devices:
        for port in _int_entries(os.path.join(root, dev, "ports")):
            if hca and not _match_list(hca, dev, port):
                continue
            pdir = os.path.join(root, dev, "ports", str(port))
            state = _read(os.path.join(pdir, "state")) or "unknown"
            if "ACTIVE" not in state:
                skipped.append("%s:%d port state %s" % (dev, port, state))
                continue
            link = _read(os.path.join(pdir, "link_layer")) or "Ethernet"
            candidates.append((dev, port, "IB" if link == "InfiniBand" else "RoCE"))
    if not candidates:
        log("NET/IB : No device found.")
        for s in skipped:
            log("NET/IB : %s, skipped" % s)
        if not devices:
            log("NET/IB : no RDMA device under %s" % root)
        elif hca and not skipped:
            log("NET/IB : NCCL_IB_HCA=%s matches no device (%s)" % (hca, ",".join(devices)))
        return use_socket()

    dev, port, link = candidates[0]
    pdir = os.path.join(root, dev, "ports", str(port))
    gid_env = os.environ.get("NCCL_IB_GID_INDEX", "").strip()
    gid = None
    try:
        wanted = int(gid_env) if gid_env else -1
    except ValueError:
        log("NET/IB : NCCL_IB_GID_INDEX=%s is not a number" % gid_env, "WARN")
        return use_socket()
    if wanted >= 0:
        value = _read(os.path.join(pdir, "gids", str(wanted)))
        if not value or value == ZERO_GID:
            log("NET/IB : %s:%d GID index %d is %s" % (dev, port, wanted,
                                                        "empty" if value == ZERO_GID else "invalid"), "WARN")
            return use_socket()
        gid = wanted
    elif link == "IB":
        gid = 0
    else:
        best = None
        for i in _int_entries(os.path.join(pdir, "gids")):
            value = _read(os.path.join(pdir, "gids", str(i)))
            if _read(os.path.join(pdir, "gid_attrs", "types", str(i))) != "RoCE v2" or not gid_ipv4(value):
                continue
            if best is None or gid_ipv4(value) == ip:
                best = i
                if gid_ipv4(value) == ip:
                    break
        if best is None:
            log("NET/IB : %s:%d has no RoCE v2 IPv4 GID" % (dev, port), "WARN")
            return use_socket()
        gid = best
    log("NET/IB : Using [0]%s:%d/%s ; OOB %s:%s<0>" % (dev, port, link, ifname, ip))
    log("Using network IB")
    return Transport("ib", ifname, ip, dev, port, gid, link)


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


# ---------------------------------------------------------------- HTTP (vllm, llama-server)

class HttpServer(http.server.ThreadingHTTPServer):
    """A threaded HTTP server; create it with bind_and_activate=False, then
    server_bind() (the port-in-use check), server_activate() (listen)."""
    daemon_threads = True
    allow_reuse_address = True  # SO_REUSEADDR: a port another process listens on still fails

    def server_bind(self):
        # HTTPServer.server_bind would look the host name up (getfqdn): slow without DNS.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]


def count_prompt_tokens(messages):
    """A rough token count of chat messages: words, plus 4 per message, plus 2."""
    n = 0
    for m in messages:
        if not isinstance(m, dict):
            continue
        c = m.get("content")
        if isinstance(c, str):
            n += len(c.split())
        elif isinstance(c, list):
            for part in c:
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    n += len(part["text"].split())
        n += 4
    return n + 2


class ApiHandler(http.server.BaseHTTPRequestHandler):
    """Base of the doubles' HTTP handlers. Subclasses set server_software (the
    Server header), json_separators (None: Python's default, like vLLM's
    answers; (",", ":"): compact, like llama-server's) and access(code), called
    once per answer for the access log."""

    protocol_version = "HTTP/1.1"
    server_software = "uvicorn"
    json_separators = None

    def version_string(self):
        return self.server_software

    def log_message(self, fmt, *args):
        pass

    def access(self, code):
        pass

    def route(self):
        return self.path.split("?")[0]

    def dumps(self, obj):
        return json.dumps(obj, separators=self.json_separators)

    def send_json(self, code, obj, log=True):
        body = self.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        if log:
            self.access(code)

    def send_empty(self, code):
        self.send_response(code)
        self.send_header("Content-Length", "0")
        self.end_headers()
        self.access(code)

    def read_body(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        return self.rfile.read(length) if length > 0 else b""

    def read_json_object(self):
        """(the request body as a dict, None) or (None, the reason it is not one)."""
        raw = self.read_body()
        try:
            body = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeError) as e:
            return None, str(e)
        if not isinstance(body, dict):
            return None, "the body is not a JSON object"
        return body, None

    def sse_start(self, log=True):
        """200 with a chunked text/event-stream body."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if log:
            self.access(200)

    def sse_event(self, obj):
        """One `data: ...` event: a JSON object, or a string as it is ([DONE])."""
        data = ("data: %s\n\n" % (obj if isinstance(obj, str) else self.dumps(obj))).encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def sse_end(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


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
