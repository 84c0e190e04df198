# Unit checks of the doubles' NCCL imitation (run by selftest.sh: python3 selftest_units.py DIR SYSFS).
# The fake sysfs has rxe0 port 1 ACTIVE (GID 0 link-local RoCE v2, GID 1 IPv4-mapped RoCE v2,
# GID 2 empty, a table of 4 entries) and rxe1 port 1 DOWN.
import contextlib
import io
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import _halolink_doubles as hd  # noqa: E402

os.environ["HALOLINK_DOUBLE_IB_SYSFS"] = sys.argv[2]


def run(fn, **env):
    e = {"NCCL_SOCKET_IFNAME": "lo", "NCCL_DEBUG": "INFO"}
    e.update(env)
    e = {k: v for k, v in e.items() if v is not None}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            r = fn(hd.NcclLog(e), e)
        except hd.NcclError as x:
            r = x
    return r, out.getvalue()


def choose(**env):
    return run(lambda log, e: hd.choose_transport(log, e), **env)


def connect(**env):
    return run(lambda log, e: hd.resolve_gid(hd.choose_transport(log, e), log, e), **env)


t, log = choose(NCCL_IB_HCA="=rxe0:1")
assert t.kind == "ib" and t.dev == "rxe0" and t.port == 1 and t.gid is None, log
assert " NCCL INFO NET/IB : Using [0]rxe0:1/RoCE ; OOB lo:127.0.0.1<0>\n" in log, log
assert " NCCL INFO Using network IB\n" in log and " NCCL INFO NCCL_IB_HCA set to =rxe0:1\n" in log, log
for hca in ("rxe0:1", "rxe0", "rxe", "^rxe1", None):
    assert choose(NCCL_IB_HCA=hca)[0].kind == "ib", hca
t, log = choose(NCCL_IB_HCA="=rxe0:1", NCCL_IB_DISABLE="1")
assert t.kind == "socket" and " NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\n" in log, log
assert " NCCL INFO Using network Socket\n" in log and "No device found" not in log, log
for hca in ("=rxe1:1", "nosuchdev", "=rxe0:2", "=rxe"):
    t, log = choose(NCCL_IB_HCA=hca)
    assert t.kind == "socket" and " NCCL INFO NET/IB : No device found.\n" in log, (hca, log)
# the GID is looked at when connecting, never at init; no fallback to sockets
for gid in ("2", "7", "4000", "x", ""):
    assert choose(NCCL_IB_HCA="=rxe0:1", NCCL_IB_GID_INDEX=gid)[0].kind == "ib", gid
t, log = connect(NCCL_IB_HCA="=rxe0:1")
assert t.gid == 1, log  # ncclIbGetGidIndex: IPv4-mapped, RoCE v2
t, log = connect(NCCL_IB_HCA="=rxe0:1", NCCL_IB_GID_INDEX="0")
assert t.gid == 0 and " NCCL INFO NCCL_IB_GID_INDEX set by environment to 0.\n" in log, log
t, log = connect(NCCL_IB_HCA="=rxe0:1", NCCL_IB_GID_INDEX="x")
assert t.gid == 0, log  # strtoll
e, log = connect(NCCL_IB_HCA="=rxe0:1", NCCL_IB_GID_INDEX="7")
assert isinstance(e, hd.NcclError) and e.kind == "system", log
assert " misc/ibvwrap.cc:137 NCCL WARN Call to ibv_query_gid failed with error Unknown error -1 errno -1\n" in log, log
assert e.vllm_line == "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)"
e, log = connect(NCCL_IB_HCA="=rxe0:1", NCCL_IB_GID_INDEX="2")
assert isinstance(e, hd.NcclError) and "NCCL WARN Call to ibv_modify_qp failed with error No data available" in log
assert "\n\n" in "\n" + log or log.startswith("\n"), log  # a WARN line follows an empty line
t, log = choose(NCCL_IB_HCA="rxe0:1", NCCL_SOCKET_IFNAME="=lo")
assert t.kind == "ib" and t.ifname == "lo", log
e, log = choose(NCCL_SOCKET_IFNAME="=nosuchif0")
assert isinstance(e, hd.NcclError) and "NCCL WARN Bootstrap : no socket interface found" in log, log
assert e.vllm_line.endswith("internal error - please report this issue to the NCCL developers")
# NCCL_DEBUG: unset prints nothing, WARN only WARN lines; NCCL_DEBUG_SUBSYS filters INFO lines
assert choose(NCCL_DEBUG=None)[1] == "" and connect(NCCL_DEBUG=None, NCCL_IB_GID_INDEX="7")[1] == ""
_, log = connect(NCCL_DEBUG="WARN", NCCL_IB_GID_INDEX="7")
assert "NCCL INFO" not in log and "NCCL WARN Call to ibv_query_gid" in log, log
_, log = choose(NCCL_DEBUG_SUBSYS="NET")
assert "NET/IB : Using" in log and "Bootstrap : Using" not in log and "Using network" not in log, log
_, log = choose(NCCL_DEBUG_SUBSYS="^INIT,NET")  # a line shows when any of its subsystems is in the mask
assert "NET/IB : Using" not in log and "Bootstrap : Using" not in log and "set by environment" in log, log
assert abs(hd.retry_seconds({}) - 4.096e-6 * (1 << 18) * 8) < 1e-9
print("NCCL imitation ok")
