# Helpers for the lab tests that run halolink-engine inside the VMs (sourced
# after common.sh). HALOLINK_ENGINE names the engine binary built on the host.
# shellcheck shell=bash

ENGINE=${HALOLINK_ENGINE:-}
[ -n "$ENGINE" ] && [ -x "$ENGINE" ] || fail "HALOLINK_ENGINE must name the built halolink-engine (got '$ENGINE')"
ENGINE_SHA=$(sha256sum "$ENGINE" | cut -d' ' -f1)
readonly ENGINE ENGINE_SHA

# Deploys the engine to node $1 the way the app does: into
# ~/.cache/halolink/engine-<sha256>, under a temporary name, chmod 0700, then
# renamed; skipped when that file is already there. Prints the remote path.
deploy_engine() {
  local i=$1 home target tmp
  home=$("$LAB" ssh "$i" -- sh -c 'printf %s "$HOME"')
  target="$home/.cache/halolink/engine-$ENGINE_SHA"
  if ! "$LAB" ssh "$i" -- test -x "$target"; then
    tmp="$target.upload-$$"
    "$LAB" ssh "$i" -- mkdir -p -m 0700 "$home/.cache/halolink"
    "$LAB" copy "$i" "$ENGINE" ":$tmp" >/dev/null
    "$LAB" ssh "$i" -- sh -c 'chmod 0700 "$1" && mv -f "$1" "$2"' sh "$tmp" "$target"
    local remote_sha
    remote_sha=$("$LAB" ssh "$i" -- sha256sum "$target" | cut -d' ' -f1)
    [ "$remote_sha" = "$ENGINE_SHA" ] || fail "node$i: deployed engine has sha256 $remote_sha, expected $ENGINE_SHA"
  fi
  printf '%s\n' "$target"
}

# A JSON check on the host: jcheck JSON PYTHON_EXPR [MESSAGE]; `d` is the
# parsed document. Fails the test with the document when the expression is false.
jcheck() {
  local doc=$1 expr=$2 msg=${3:-$2}
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
ok = eval(sys.argv[2], {"d": d})
sys.exit(0 if ok else 1)
' "$doc" "$expr" || { printf '%s\n' "$doc" | head -c 4000 >&2; echo >&2; fail "$msg"; }
}

# jget JSON PYTHON_EXPR: prints the value.
jget() {
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
v = eval(sys.argv[2], {"d": d})
print(json.dumps(v) if isinstance(v, (dict, list, bool)) or v is None else v)
' "$1" "$2"
}

# Starts `engine reflect` on node $1 in the background (port $2, extra args
# after); waits for its "listening" line. The PID goes to /tmp/reflect-$2.pid.
start_reflector() {
  local i=$1 port=$2 engine
  shift 2
  engine=$(deploy_engine "$i")
  "$LAB" ssh "$i" -- sh -c '
    engine=$1 port=$2
    shift 2
    exec >/dev/null 2>&1
    setsid "$engine" reflect --port "$port" "$@" >"/tmp/reflect-$port.log" 2>"/tmp/reflect-$port.err" &
    echo $! >"/tmp/reflect-$port.pid"' sh "$engine" "$port" "$@"
  local n
  for ((n = 0; n < 60; n++)); do
    if "$LAB" ssh "$i" -- grep -q '"event":"listening"' "/tmp/reflect-$port.log" 2>/dev/null; then
      return 0
    fi
    sleep 0.5
  done
  "$LAB" ssh "$i" -- cat "/tmp/reflect-$port.log" "/tmp/reflect-$port.err" >&2 || true
  fail "node$i: the reflector on port $port never said it was listening"
}

stop_reflector() {
  local i=$1 port=$2
  "$LAB" ssh "$i" -- sh -c 'test -f "$1" && kill "$(cat "$1")" 2>/dev/null; rm -f "$1"; true' sh "/tmp/reflect-$port.pid" || true
}

# Runs the engine on node $1 with the rest as arguments; stdout to $OUT,
# exit code to $RC, wall seconds to $SECS (bounded by `timeout 120`).
run_engine() {
  local i=$1 engine start end
  shift
  engine=$(deploy_engine "$i")
  start=$(date +%s.%N)
  RC=0
  OUT=$("$LAB" ssh "$i" -- timeout 120 "$engine" "$@" 2>/tmp/halolink-lab-engine.err) || RC=$?
  end=$(date +%s.%N)
  SECS=$(python3 -c "print(round($end - $start, 1))")
}

# The configured fields of a probe (the data NIC eth1 and the RDMA ports) as
# one line of JSON, to compare a node before and after.
configured() {
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
nic = [{k: n[k] for k in ("netdev", "mtu", "ipv4", "rdma_device")} for n in d["nics"] if n["netdev"] == "eth1"]
rdma = [{k: p[k] for k in ("device", "netdev", "state", "roce_v2_ipv4_gid_index")} for p in d["rdma"]]
print(json.dumps({"nic": nic, "rdma": rdma}, sort_keys=True))' "$1"
}
# Probes node $1 with the engine; prints configured() of it.
probe_node() {
  run_engine "$1" probe --compact
  [ "$RC" = 0 ] || fail "node$1: probe exited $RC"
  configured "$OUT"
}
