#!/usr/bin/env bash
# RoCE v2 configuration for real, on two bare lab nodes (no data address, no
# RDMA device): plan and apply the rxe backend on both, `verify` both (port
# ACTIVE, RoCE v2 GID for the new address, MTU, address, ToS, an RDMA latency
# test to the other node's reflector), confirm; roll back on demand (verify
# then fails); and a second apply whose SSH session is cut and never
# confirmed rolls back by itself. After each rollback the node's probe equals
# the one from before on every configured field.
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
  for i in 1 2; do
    "$LAB" ssh "$i" -- sh -c 'kill "$(cat /tmp/reflect-7471.pid 2>/dev/null)" 2>/dev/null; true' >/dev/null 2>&1 || true
  done
  if [ "$own_lab" = 1 ]; then "$LAB" down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

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

# Verify both nodes with the engine's own `verify`: every check, and an RDMA
# latency test from the spec address to the other node's reflector.
for i in 1 2; do start_reflector "$i" 7471; done
for i in 1 2; do
  peer=$((3 - i))
  run_engine "$i" verify --spec /tmp/roce-spec.json --port 7471 --iters 100 --compact
  [ "$RC" = 0 ] || fail "node$i: verify exited $RC: $OUT $(cat /tmp/halolink-lab-engine.err)"
  jcheck "$OUT" 'd["schema"] == "halolink.roce-verify/1" and d["ok"] is True and d["device"] == "rxe0"' "node$i: verify ok on rxe0"
  jcheck "$OUT" '[c["id"] for c in d["checks"]] == ["interface_up", "rdma_device", "port_active", "roce_v2_gid", "mtu", "rdma_mtu", "address", "roce_tos"]' "node$i: verify's checks"
  jcheck "$OUT" 'all(c["status"] == "pass" or (c["id"] == "rdma_mtu" and c["status"] == "warn") for c in d["checks"])' "node$i: every check passes"
  jcheck "$OUT" "[c for c in d['checks'] if c['id'] == 'roce_v2_gid'][0]['actual'] == '::ffff:10.79.0.$i' and isinstance([c for c in d['checks'] if c['id'] == 'roce_v2_gid'][0]['gid_index'], int)" "node$i: RoCE v2 GID for 10.79.0.$i with its index"
  jcheck "$OUT" "[p['address'] for p in d['peers']] == ['10.79.0.$peer'] and d['peers'][0]['status'] == 'pass' and d['peers'][0]['error'] is None and d['peers'][0]['one_way_ns']['p50'] > 0 and d['peers'][0]['rtt_ns']['p50'] > 0" "node$i: RDMA latency to 10.79.0.$peer measured"
  jcheck "$OUT" "d['peers'][0]['device'] == 'rxe0' and d['peers'][0]['tos'] == 104" "node$i: the test ran on rxe0 with ToS 104"
  # Cross-check without the engine: rdma_cm's ToS straight from configfs.
  tos=$("$LAB" ssh "$i" -- cat /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos)
  [ "$tos" = 104 ] || fail "node$i: default_roce_tos is '$tos', not 104"
  note "node$i: verify ok; RDMA one-way p50 $(jget "$OUT" 'd["peers"][0]["one_way_ns"]["p50"]') ns to 10.79.0.$peer (GID index $(jget "$OUT" 'd["peers"][0]["gid_index"]'), active MTU $(jget "$OUT" '[c for c in d["checks"] if c["id"] == "rdma_mtu"][0]["actual"]'))"
done
for i in 1 2; do stop_reflector "$i" 7471; done

for i in 1 2; do
  run_engine "$i" confirm
  [ "$RC" = 0 ] || fail "node$i: confirm exited $RC: $OUT"
done

# A configured node planned again: every step is done (each read from the
# node as the step reads it). Applied again: nothing runs, and the rollback
# below still gives the node back as it was before the first apply.
run_engine 1 plan --spec /tmp/roce-spec.json --compact
[ "$RC" = 0 ] || fail "node1: plan of the configured node exited $RC: $OUT"
jcheck "$OUT" 'all(s["state"] == "done" for s in d["steps"])' "node1: every step of the configured node is done"
run_engine 1 apply --spec /tmp/roce-spec.json --confirm-within 300
[ "$RC" = 0 ] || fail "node1: the second apply exited $RC: $OUT"
steps=$(grep '"event":"step"' <<<"$OUT")
[ -n "$steps" ] || fail "node1: the second apply printed no step events"
if grep -qv '"status":"skipped"' <<<"$steps"; then fail "node1: the second apply ran a step: $steps"; fi
run_engine 1 confirm
[ "$RC" = 0 ] || fail "node1: confirm of the second apply exited $RC: $OUT"
note "node1: a re-apply of the configured node changed nothing ($(wc -l <<<"$steps") steps skipped)"

# Explicit rollback on node1 (the no-op re-apply and the change under it):
# back to exactly what it was.
run_engine 1 rollback
[ "$RC" = 0 ] || fail "node1: rollback exited $RC: $OUT"
after=$(probe_node 1)
[ "$after" = "${before[1]}" ] || fail "node1 after rollback differs: $after vs ${before[1]}"
note "node1 rolled back on demand: probe equals the one before"
# verify now fails on node1: no rxe0, so no port and no GID; the peer test
# fails within its bounded waits (no reflector runs any more).
run_engine 1 verify --spec /tmp/roce-spec.json --port 7471 --iters 100 --compact
[ "$RC" = 1 ] || fail "node1: verify after the rollback exited $RC, not 1: $OUT $(cat /tmp/halolink-lab-engine.err)"
jcheck "$OUT" 'd["ok"] is False and d["device"] is None' "node1: verify not ok after the rollback"
jcheck "$OUT" '{c["id"]: c["status"] for c in d["checks"]}["rdma_device"] == "fail" and {c["id"]: c["status"] for c in d["checks"]}["port_active"] == "fail" and {c["id"]: c["status"] for c in d["checks"]}["roce_v2_gid"] == "fail"' "node1: rdma_device, port_active and roce_v2_gid fail after the rollback"
jcheck "$OUT" 'd["peers"][0]["status"] == "fail" and isinstance(d["peers"][0]["error"]["code"], str)' "node1: the peer test fails with an error"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 60 else 1)" "$SECS" || fail "node1: verify after the rollback took ${SECS}s"
note "node1 verify after the rollback: failed as it should ($(jget "$OUT" '[c["id"] for c in d["checks"] if c["status"] == "fail"]'), peer: $(jget "$OUT" 'd["peers"][0]["error"]["code"]')) in ${SECS}s"

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
