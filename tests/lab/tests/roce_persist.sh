#!/usr/bin/env bash
# RoCE configuration with persist: true, through a REAL reboot. Two
# --persistent lab nodes (systemd as PID 1, systemd-networkd managing eth0, a
# disk under the overlay): the engine plans, applies and confirms the rxe
# backend with persistence on both; the plan writes networkd's file (the
# stack that runs), modules-load.d and the boot unit. node1 is rebooted
# (`lab reboot 1`, systemctl reboot); after the boot its Soft-RoCE device,
# MTU, address, the route to a peer outside the subnet and rdma_cm's
# default_roce_tos are back, the boot unit ran before networkd configured eth1
# and succeeded, and verify passes with an RDMA latency test to node2. Then
# a rollback after the reboot removes what persistence wrote and gives the
# node back as it was; after a second reboot nothing comes back.
# HALOLINK_LAB_DIR: this test's own lab folder; HALOLINK_ENGINE: the engine.
# shellcheck disable=SC2016,SC2015 # single quotes are for the node's shell
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
# shellcheck source=engine_lib.sh
source "$(dirname "$0")/engine_lib.sh"

export HALOLINK_LAB_DIR=${HALOLINK_LAB_DIR:-$(cd "$(dirname "$LAB")/.." && pwd)/build/lab-roce-persist}
t0=$SECONDS
rc=0
"$LAB" up 2 --persistent --bare --replace >/dev/null || rc=$?
[ "$rc" = 77 ] && skip_test "QEMU cannot run here"
[ "$rc" = 0 ] || fail "lab up 2 --persistent --bare failed"
cleanup() {
  for i in 1 2; do
    "$LAB" ssh "$i" -- sh -c 'kill "$(cat /tmp/reflect-7471.pid 2>/dev/null)" 2>/dev/null; true' >/dev/null 2>&1 || true
  done
  "$LAB" down >/dev/null 2>&1 || true
}
trap cleanup EXIT
note "lab up 2 --persistent --bare: $((SECONDS - t0))s"

# 10.83.0.9 is outside the /24: a /32 route to it over eth1 (networkd's [Route]).
spec_for() {
  local me=$1 peer=$((3 - $1))
  printf '{"format":"halolink-roce-spec","version":1,"interface":"eth1","address":"10.81.0.%d/24","peers":["10.81.0.%d","10.83.0.9"],"mtu":4200,"backend":"rxe","rxe_device":"rxe0","qos":{"enabled":true,"dscp":26,"ecn":true},"persist":true}\n' "$me" "$peer"
}
put_spec() {
  local f
  f=$(mktemp)
  spec_for "$1" >"$f"
  "$LAB" copy "$1" "$f" ":/root/roce-spec.json" >/dev/null
  # verify tests RDMA to every peer: the same spec without the one that
  # does not exist.
  sed 's/,"10.83.0.9"//' "$f" >"$f.verify"
  "$LAB" copy "$1" "$f.verify" ":/root/roce-verify.json" >/dev/null
  rm -f "$f" "$f.verify"
}
on() { "$LAB" ssh "$@"; }
files="/etc/systemd/network/09-halolink-eth1.network /etc/modules-load.d/halolink-rxe.conf /etc/systemd/system/halolink-roce-eth1.service /usr/local/sbin/halolink-roce-eth1"

declare -A before
for i in 1 2; do
  deploy_engine "$i" >/dev/null
  before[$i]=$(probe_node "$i")
  put_spec "$i"
done
note "before: ${before[1]}"

run_engine 1 plan --spec /root/roce-spec.json --compact
[ "$RC" = 0 ] || fail "plan exited $RC: $OUT"
jcheck "$OUT" '[s["id"] for s in d["steps"]][-3:] == ["persist_network", "persist_modules", "persist_unit"]' "persistence steps planned"
jcheck "$OUT" '[s for s in d["steps"] if s["id"] == "persist_network"][0]["files"][0]["path"] == "/etc/systemd/network/09-halolink-eth1.network"' "networkd is the stack that runs: its file"
jcheck "$OUT" 'all(s["state"] == "todo" for s in d["steps"] if s["id"] != "link_up")' "every step to do on a bare node"

for i in 1 2; do
  run_engine "$i" apply --spec /root/roce-spec.json --confirm-within 300
  [ "$RC" = 0 ] || fail "node$i: apply exited $RC: $OUT $(cat /tmp/halolink-lab-engine.err)"
  run_engine "$i" confirm
  [ "$RC" = 0 ] || fail "node$i: confirm exited $RC: $OUT"
done
configuredState=$(probe_node 1)
note "node1 configured: $configuredState"
on 1 -- systemctl is-enabled -q halolink-roce-eth1.service || fail "node1: the boot unit is not enabled"

# ---- the reboot
boot=$(on 1 -- cat /proc/sys/kernel/random/boot_id)
t1=$SECONDS
"$LAB" reboot 1 >/dev/null || fail "lab reboot 1 failed"
[ "$(on 1 -- cat /proc/sys/kernel/random/boot_id)" != "$boot" ] || fail "node1 did not reboot"
note "node1 rebooted in $((SECONDS - t1))s"

state=$(on 1 -- systemctl is-system-running --wait || true)
[ "$state" = running ] || fail "node1 is $state after the boot: $(on 1 -- systemctl --failed --no-legend || true)"
on 1 -- systemctl is-active -q halolink-roce-eth1.service \
  || fail "node1: the boot unit did not succeed: $(on 1 -- journalctl -b -u halolink-roce-eth1.service --no-pager || true)"
# It ran before networkd configured eth1 (ordering: Before=network-pre.target).
unit_done=$(on 1 -- systemctl show -p ExecMainExitTimestampMonotonic --value halolink-roce-eth1.service)
networkd_start=$(on 1 -- systemctl show -p ExecMainStartTimestampMonotonic --value systemd-networkd.service)
[ "$unit_done" -gt 0 ] && [ "$unit_done" -le "$networkd_start" ] \
  || fail "node1: the boot unit ended at $unit_done, networkd started at $networkd_start (monotonic us)"
after=$(probe_node 1)
[ "$after" = "$configuredState" ] || fail "node1 after the reboot differs from the configured node: $after vs $configuredState"
tos=$(on 1 -- cat /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos)
[ "$tos" = 106 ] || fail "node1: default_roce_tos after the reboot is '$tos', not 106"
mtu=$(on 1 -- cat /sys/class/net/eth1/mtu)
[ "$mtu" = 4200 ] || fail "node1: MTU after the reboot is $mtu"
on 1 -- sh -c 'ip -j route show 10.83.0.9/32 | grep -q "\"dev\":\"eth1\""' || fail "node1: no route to 10.83.0.9 over eth1 after the reboot"
note "node1 after the reboot: rxe0, MTU 4200, 10.81.0.1/24, the route and ToS 106 are back (unit done before networkd started)"

# The engine's own verify, with an RDMA latency test to node2.
start_reflector 2 7471
run_engine 1 verify --spec /root/roce-verify.json --port 7471 --iters 50 --compact
stop_reflector 2 7471
[ "$RC" = 0 ] || fail "node1: verify after the reboot exited $RC: $OUT $(cat /tmp/halolink-lab-engine.err)"
jcheck "$OUT" 'd["ok"] is True and d["device"] == "rxe0" and d["peers"][0]["status"] == "pass"' "node1: verify passes after the reboot"
note "node1 verify after the reboot: RDMA one-way p50 $(jget "$OUT" 'd["peers"][0]["one_way_ns"]["p50"]') ns to 10.81.0.2"

# A re-apply after the reboot changes nothing.
run_engine 1 plan --spec /root/roce-spec.json --compact
jcheck "$OUT" 'all(s["state"] == "done" for s in d["steps"])' "node1: after the reboot every step is done"

# ---- rollback after the reboot
run_engine 1 rollback
[ "$RC" = 0 ] || fail "node1: rollback after the reboot exited $RC: $OUT"
after=$(probe_node 1)
[ "$after" = "${before[1]}" ] || fail "node1 after the rollback differs: $after vs ${before[1]}"
for f in $files; do
  on 1 -- test ! -e "$f" || fail "node1: $f is still there after the rollback"
done
enabled=$(on 1 -- systemctl is-enabled halolink-roce-eth1.service 2>&1 || true)
grep -q "No such file\|not-found\|disabled" <<<"$enabled" || fail "node1: the boot unit after the rollback: $enabled"
note "node1 rolled back after the reboot: probe as before, persistence files gone"

"$LAB" reboot 1 >/dev/null || fail "second lab reboot 1 failed"
after=$(probe_node 1)
[ "$after" = "${before[1]}" ] || fail "node1 after the second reboot differs: $after vs ${before[1]}"
on 1 -- test ! -e /sys/class/infiniband/rxe0 || fail "node1: rxe0 came back after the rollback and a reboot"
note "node1 after a second reboot: nothing came back"
note "total: $((SECONDS - t0))s"
