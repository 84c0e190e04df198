#!/usr/bin/env bash
# RoCE v2 configuration for real, on two bare lab nodes (no data address, no
# RDMA device): plan and apply the rxe backend on both, verify (port ACTIVE,
# RoCE v2 GID for the new address, MTU, ToS, an RDMA bench between them),
# confirm; roll back on demand; and a second apply whose SSH session is cut
# and never confirmed rolls back by itself. After each rollback the node's
# probe equals the one from before on every configured field.
# Runs its own bare 2-node lab (HALOLINK_LAB_DIR is set by ctest to a folder
# of its own); HALOLINK_ENGINE names the engine built on the host.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
# shellcheck source=engine_lib.sh
source "$(dirname "$0")/engine_lib.sh"

if ! "$LAB" status >/dev/null 2>&1; then
  rc=0
  "$LAB" up 2 --bare --replace >/dev/null || rc=$?
  [ "$rc" = 77 ] && skip_test "QEMU cannot run here"
  [ "$rc" = 0 ] || fail "lab up 2 --bare failed"
  own_lab=1
else
  own_lab=0
fi
cleanup() {
  "$LAB" ssh 2 -- sh -c 'kill "$(cat /tmp/reflect-7471.pid 2>/dev/null)" 2>/dev/null; true' >/dev/null 2>&1 || true
  if [ "$own_lab" = 1 ]; then "$LAB" down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

# The configured fields of a probe: the data NIC and the RDMA ports.
configured() {
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
nic = [{k: n[k] for k in ("netdev", "mtu", "ipv4", "rdma_device")} for n in d["nics"] if n["netdev"] == "eth1"]
rdma = [{k: p[k] for k in ("device", "netdev", "state", "roce_v2_ipv4_gid_index")} for p in d["rdma"]]
print(json.dumps({"nic": nic, "rdma": rdma}, sort_keys=True))' "$1"
}
probe_node() {
  run_engine "$1" probe --compact
  [ "$RC" = 0 ] || fail "node$1: probe exited $RC"
  configured "$OUT"
}
spec_for() { # node index -> spec JSON on stdout
  local me=$1 peer=$((3 - $1))
  printf '{"format":"halolink-roce-spec","version":1,"interface":"eth1","address":"10.79.0.%d/24","peers":["10.79.0.%d"],"mtu":4200,"rdma_mode":"roce","backend":"rxe","rxe_device":"rxe0","qos":{"enabled":true,"pfc_priority":3,"dscp":26,"tos":104,"ecn":false},"persist":false}\n' "$me" "$peer"
}
put_spec() {
  local i=$1 f
  f=$(mktemp)
  spec_for "$i" >"$f"
  "$LAB" copy "$i" "$f" ":/tmp/roce-spec.json" >/dev/null
  rm -f "$f"
}

declare -A before
for i in 1 2; do
  deploy_engine "$i" >/dev/null
  before[$i]=$(probe_node "$i")
  put_spec "$i"
done
note "before: ${before[1]}"

run_engine 1 plan --spec /tmp/roce-spec.json
[ "$RC" = 0 ] || fail "plan exited $RC: $OUT"
jcheck "$OUT" 'd["schema"] == "halolink.roce-plan/1" and d["backend"] == "rxe"' "rxe plan"
note "plan steps: $(jget "$OUT" '[s["id"] for s in d["steps"]]')"

for i in 1 2; do
  run_engine "$i" apply --spec /tmp/roce-spec.json --confirm-within 300
  [ "$RC" = 0 ] || fail "node$i: apply exited $RC: $OUT $(cat /tmp/halolink-lab-engine.err)"
done

# Verify: port ACTIVE, RoCE v2 GID of the new address, MTU, ToS, RDMA bench.
for i in 1 2; do
  run_engine "$i" probe --compact
  jcheck "$OUT" '[p["device"] for p in d["rdma"]] == ["rxe0"] and d["rdma"][0]["state"] == "ACTIVE"' "node$i: rxe0 ACTIVE"
  jcheck "$OUT" "any(g[\"gid\"] == \"::ffff:10.79.0.$i\" and g[\"type\"] == \"RoCE v2\" and g[\"index\"] == d[\"rdma\"][0][\"roce_v2_ipv4_gid_index\"] for g in d[\"rdma\"][0][\"gids\"])" "node$i: RoCE v2 GID for 10.79.0.$i"
  jcheck "$OUT" '[n["mtu"] for n in d["nics"] if n["netdev"] == "eth1"] == [4200]' "node$i: MTU 4200"
  tos=$("$LAB" ssh "$i" -- cat /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos)
  [ "$tos" = 104 ] || fail "node$i: default_roce_tos is '$tos', not 104"
done
start_reflector 2 7471
run_engine 1 bench --peer 10.79.0.2 --transport rdma --test latency --iters 100 --warmup 10
[ "$RC" = 0 ] || fail "RDMA bench over the configured link exited $RC: $OUT"
jcheck "$OUT" 'd["device"] == "rxe0"' "bench ran on rxe0"
note "configured: RDMA one-way p50 $(jget "$OUT" 'd["one_way_ns"]["p50"]') ns over 10.79.0.1 -> 10.79.0.2"
stop_reflector 2 7471

for i in 1 2; do
  run_engine "$i" confirm
  [ "$RC" = 0 ] || fail "node$i: confirm exited $RC: $OUT"
done

# Explicit rollback on node1: back to exactly what it was.
run_engine 1 rollback
[ "$RC" = 0 ] || fail "node1: rollback exited $RC: $OUT"
after=$(probe_node 1)
[ "$after" = "${before[1]}" ] || fail "node1 after rollback differs: $after vs ${before[1]}"
note "node1 rolled back on demand: probe equals the one before"

# node2: roll back the confirmed change, then apply again with a short
# deadline, cut the SSH session mid-way, never confirm.
run_engine 2 rollback
[ "$RC" = 0 ] || fail "node2: rollback exited $RC: $OUT"
engine2=$(deploy_engine 2)
timeout 120 "$LAB" ssh 2 -- "$engine2" apply --spec /tmp/roce-spec.json --confirm-within 20 >/dev/null 2>&1 &
ssh_pid=$!
sleep 3
kill -9 "$ssh_pid" 2>/dev/null || true
wait "$ssh_pid" 2>/dev/null || true
note "SSH session of the second apply cut; waiting for the node to roll back by itself"
rolled=0
for ((n = 0; n < 60; n++)); do
  sleep 2
  run_engine 2 status
  if grep -q '"rolled_back"' <<<"$OUT"; then rolled=1; break; fi
done
[ "$rolled" = 1 ] || fail "node2 did not roll back by itself: $OUT"
after=$(probe_node 2)
[ "$after" = "${before[2]}" ] || fail "node2 after the automatic rollback differs: $after vs ${before[2]}"
note "node2 rolled back by itself after the cut session: probe equals the one before"
