# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""Interfaces, NCCL's log lines and its transport choice (NET/IB or NET/Socket)."""

import fcntl
import os
import shutil
import socket
import struct
import subprocess
import threading


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
