# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""Interfaces, NCCL's log lines and its transport choice (NET/IB or NET/Socket).

Imitates RCCL at ROCm/rccl@0cbce2a7 (2024-10-24): src/debug.cc (NCCL_DEBUG,
NCCL_DEBUG_SUBSYS, the line formats), src/misc/socket.cc (ncclFindInterfaces),
src/bootstrap.cc, src/transport/net_ib.cc (ncclIbInit: the net is chosen once,
at init; ncclIbGetGidIndex/ncclUpdateGidIndex: the GID, at connect),
src/misc/ibvwrap.cc (the "Call to ibv_* failed" WARN lines), src/init.cc
(ncclGetErrorString). See README.md for each behaviour."""

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


# ncclGetErrorString (src/init.cc:2818-2830); vLLM raises
# RuntimeError(f"NCCL error: {error_str}") (pynccl_wrapper.py NCCL_CHECK).
NCCL_ERRORS = {
    "system": "unhandled system error (run with NCCL_DEBUG=INFO for details)",
    "internal": "internal error - please report this issue to the NCCL developers",
    "remote": "remote process exited or there was a network error",
}


class NcclError(Exception):
    """A failed NCCL call: kind is a key of NCCL_ERRORS."""

    def __init__(self, message, kind="internal"):
        Exception.__init__(self, message)
        self.kind = kind

    @property
    def vllm_line(self):
        return "RuntimeError: NCCL error: %s" % NCCL_ERRORS.get(self.kind, "unknown result code")


# ---------------------------------------------------------------- NCCL logging (src/debug.cc)

SUBSYS = {"INIT": 1, "COLL": 2, "P2P": 4, "SHM": 8, "NET": 16, "GRAPH": 32, "TUNING": 64, "ENV": 128,
          "ALLOC": 256, "CALL": 512, "PROXY": 1024, "NVLS": 2048, "BOOTSTRAP": 4096, "REG": 8192, "ALL": ~0}
INIT, NET, ENV, ALL = SUBSYS["INIT"], SUBSYS["NET"], SUBSYS["ENV"], SUBSYS["ALL"]
LEVELS = {"VERSION": 1, "WARN": 2, "INFO": 3, "ABORT": 4, "TRACE": 5}  # NCCL_DEBUG unset: none (0)


class NcclLog:
    """NCCL's own log: INFO lines printed when NCCL_DEBUG is INFO (or TRACE) and
    their subsystem is in NCCL_DEBUG_SUBSYS (default INIT,ENV); WARN lines when
    NCCL_DEBUG is WARN, INFO or TRACE (preceded by an empty line, with the
    source file and line); nothing when NCCL_DEBUG is unset. Every printed line
    is also appended to collect (the worker's lines, shown again by vllm)."""

    def __init__(self, env=None, prefix="", collect=None):
        env = os.environ if env is None else env
        self.env = env
        self.prefix = prefix
        self.collect = collect
        self.level = LEVELS.get((env.get("NCCL_DEBUG") or "").upper(), 0) if env.get("NCCL_DEBUG") is not None else 0
        spec = env.get("NCCL_DEBUG_SUBSYS")
        self.mask = INIT | ENV
        if spec is not None:
            invert = spec.startswith("^")
            mask = ~0 if invert else 0
            for name in (spec[1:] if invert else spec).split(","):
                bit = SUBSYS.get(name.strip().upper(), 0)
                mask = (mask & ~bit) if invert else (mask | bit)
            self.mask = mask

    def _emit(self, text):
        print(self.prefix + text, flush=True)
        if self.collect is not None:
            self.collect.append(text)

    def _head(self):
        return "%s:%d:%d [0]" % (socket.gethostname().split(".")[0], os.getpid(), threading.get_native_id())

    def info(self, msg, flags=INIT):
        if self.level >= LEVELS["INFO"] and flags & self.mask:
            self._emit("%s NCCL INFO %s" % (self._head(), msg))

    def warn(self, msg, where):
        """where: 'file.cc:line' of the WARN in RCCL 0cbce2a7 (NCCL's relative form)."""
        if self.level >= LEVELS["WARN"]:
            self._emit("")
            self._emit("%s %s NCCL WARN %s" % (self._head(), where, msg))

    def with_collect(self, lst):
        return NcclLog(self.env, self.prefix, lst)


def double_line(log, msg):
    """The double's own summary of an exchange (not an NCCL line): always printed."""
    log._emit("halolink-double: %s" % msg)


# ---------------------------------------------------------------- interfaces (src/misc/socket.cc)

def find_interfaces(env, log=None, max_ifs=16):
    """ncclFindInterfaces: NCCL_SOCKET_IFNAME (when longer than 1 character),
    else ib*, else anything but docker*/lo*, else docker*, else lo*."""
    ifs = interfaces()
    spec = env.get("NCCL_SOCKET_IFNAME") or ""
    if len(spec) > 1:
        if log:
            log.info("NCCL_SOCKET_IFNAME set by environment to %s" % spec, ENV)
        return [x for x in ifs if _match_list(spec, x[0])][:max_ifs]
    for s in ("ib", "^docker,lo", "docker", "lo"):
        found = [x for x in ifs if _match_list(s, x[0])]
        if found:
            return found[:max_ifs]
    return []


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


def gid_text(gid):
    """A sysfs GID as inet_ntop(AF_INET6) prints it (net_ib.cc's WARN lines)."""
    try:
        return socket.inet_ntop(socket.AF_INET6, bytes.fromhex((gid or ZERO_GID).replace(":", "")))
    except (ValueError, OSError):
        return "::"


class Transport:
    def __init__(self, kind, ifname, ip, dev=None, port=None, link=None):
        self.kind = kind  # "ib" or "socket"
        self.ifname = ifname
        self.ip = ip
        self.dev = dev
        self.port = port
        self.link = link
        self.gid = None  # the GID index, found at connect time (resolve_gid)
        self.gid_value = None

    @property
    def net(self):
        return "NET/IB" if self.kind == "ib" else "NET/Socket"

    @property
    def name(self):
        return "IB" if self.kind == "ib" else "Socket"

    def describe(self):
        if self.kind == "ib":
            return "%s:%d" % (self.dev, self.port)
        return "%s:%s" % (self.ifname, self.ip)


def choose_transport(log, env=None):
    """The net RCCL picks at communicator init (ncclNetInit: IB, then Socket).
    NET/IB: NCCL_IB_DISABLE unset or 0, and an ACTIVE port (IB or Ethernet
    link layer) matching NCCL_IB_HCA; otherwise "NET/IB : No device found."
    and NET/Socket. The GID is not looked at here (see resolve_gid). Raises
    NcclError when no socket interface is found (bootstrap, internal error)."""
    env = os.environ if env is None else env
    ifs = find_interfaces(env, log)
    if not ifs:
        log.warn("Bootstrap : no socket interface found", "bootstrap.cc:49")
        raise NcclError("Bootstrap : no socket interface found", "internal")
    ifname, ip = ifs[0]
    log.info("Bootstrap : Using %s:%s<0>" % (ifname, ip))

    def use_socket():
        log.info("NET/Socket : Using%s" % "".join(" [%d]%s:%s<0>" % (i, n, a) for i, (n, a) in enumerate(ifs)),
                 INIT | NET)
        log.info("Using network Socket")
        return Transport("socket", ifname, ip)

    try:
        disabled = int(env.get("NCCL_IB_DISABLE") or "0", 0) != 0
    except ValueError:
        disabled = False
    if disabled:
        return use_socket()
    hca = env.get("NCCL_IB_HCA")
    if hca is not None:
        log.info("NCCL_IB_HCA set to %s" % hca, NET | ENV)
    root = ib_sysfs()
    try:
        devices = sorted(os.listdir(root))
    except OSError:
        devices = []
    found = None
    for dev in devices:
        for port in _int_entries(os.path.join(root, dev, "ports")):
            pdir = os.path.join(root, dev, "ports", str(port))
            if "ACTIVE" not in (_read(os.path.join(pdir, "state")) or ""):
                continue
            link = _read(os.path.join(pdir, "link_layer")) or "Ethernet"
            if link not in ("InfiniBand", "Ethernet"):
                continue
            if hca and not _match_list(hca, dev, port):
                continue
            found = found or (dev, port, "IB" if link == "InfiniBand" else "RoCE")
    if found is None:
        log.info("NET/IB : No device found.", INIT | NET)
        return use_socket()
    dev, port, link = found
    log.info("NET/IB : Using [0]%s:%d/%s ; OOB %s:%s<0>" % (dev, port, link, ifname, ip), INIT | NET)
    log.info("Using network IB")
    return Transport("ib", ifname, ip, dev, port, link)


def _gid(pdir, i):
    return _read(os.path.join(pdir, "gids", str(i)))


def _gid_valid(g):
    return bool(g) and g != ZERO_GID and not g.startswith("fe80:0000:0000:0000")


def _roce_version(pdir, i):
    t = _read(os.path.join(pdir, "gid_attrs", "types", str(i))) or ""
    return 2 if t.startswith("RoCE v2") else 1 if ("RoCE v1" in t) else 0


def resolve_gid(t, log, env=None):
    """The GID a NET/IB connection uses (net_ib.cc:1122-1124, at connect):
    NCCL_IB_GID_INDEX (strtoll; "set by environment" line), else
    ncclIbGetGidIndex's search (an IPv4-mapped GID, RoCE v2, not link-local).
    ibv_query_gid fails for an index beyond the table (rdma-core verbs.c: -1,
    so strerror(-1)) and gives a zero GID for an empty entry (ENODATA); the
    caller fails the connection. Sets t.gid, t.gid_value; raises NcclError."""
    env = os.environ if env is None else env
    pdir = os.path.join(ib_sysfs(), t.dev, "ports", str(t.port))
    table = _int_entries(os.path.join(pdir, "gids"))
    tbl_len = (max(table) + 1) if table else 0
    raw = env.get("NCCL_IB_GID_INDEX")
    index = -1
    if raw:
        try:
            index = int(raw.strip() or "0", 0)
        except ValueError:
            index = 0  # strtoll: no digits -> 0, errno unset
        log.info("NCCL_IB_GID_INDEX set by environment to %d." % index, ENV)
    if index < 0:
        # each entry read once (sysfs reads are slow in a VM; ibv_query_gid is not)
        gids = {i: _gid(pdir, i) for i in table}
        versions = {}

        def version(i):
            if i not in versions:
                versions[i] = _roce_version(pdir, i)
            return versions[i]
        index = 0
        for cand in range(1, tbl_len):
            cur, new = gids.get(index), gids.get(cand)
            cur_v4, new_v4 = bool(gid_ipv4(cur)), bool(gid_ipv4(new))
            if new_v4 != cur_v4 and new_v4:
                index = cand
            elif new_v4 and _gid_valid(new):
                if (version(index) != version(cand) or not _gid_valid(cur)) and version(cand) == 2:
                    index = cand
    if index >= tbl_len:
        log.warn("Call to ibv_query_gid failed with error Unknown error -1 errno -1", "misc/ibvwrap.cc:137")
        raise NcclError("ibv_query_gid(%s, %d, %d) failed" % (t.dev, t.port, index), "system")
    t.gid = index
    t.gid_value = _gid(pdir, index) or ZERO_GID
    if t.gid_value == ZERO_GID:
        # the zero GID of an empty entry: the QP's RTR transition fails (the kernel has no GID
        # attribute at that index: -ENODATA); errno unverified against a real RCCL run
        log.warn("Call to ibv_modify_qp failed with error No data available errno 61", "misc/ibvwrap.cc:206")
        raise NcclError("ibv_modify_qp(RTR) with the empty GID %d of %s:%d" % (index, t.dev, t.port), "system")
    return t


def retry_seconds(env=None):
    """How long a QP retries before IBV_WC_RETRY_EXC_ERR: 4.096 us x 2^timeout per
    try, retry_cnt + 1 tries (NCCL_IB_TIMEOUT default 18, NCCL_IB_RETRY_CNT 7,
    net_ib.cc:85-86; the IB spec's local ACK timeout)."""
    env = os.environ if env is None else env

    def param(name, default):
        try:
            return int(env.get(name) or str(default), 0)
        except ValueError:
            return default
    return 4.096e-6 * (1 << min(param("NCCL_IB_TIMEOUT", 18), 31)) * (param("NCCL_IB_RETRY_CNT", 7) + 1)


def completion_error_warn(log, peer, local_gid, remote_gid):
    """net_ib.cc:1985's WARN for a failed work completion (status 12 =
    IBV_WC_RETRY_EXC_ERR; opcode, len and vendor err as rxe reports them:
    unverified)."""
    log.warn("NET/IB : Got completion from peer %s with status=12 opcode=0 len=0 vendor err 0 (Send) localGid %s "
             "remoteGids%s" % (peer, gid_text(local_gid), gid_text(remote_gid)), "transport/net_ib.cc:1985")

