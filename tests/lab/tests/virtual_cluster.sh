#!/usr/bin/env bash
# The virtual cluster from the command line, as a person without hardware
# would use it (issue 18): Ctrl-C to `halolinkctl lab up 2` while the VMs boot
# leaves nothing behind; then `halolinkctl lab up 2` boots its own lab in the
# default folder of a sandboxed HOME (AppData/virtual-cluster), `lab status
# --json` says it runs, `nodes list` shows vnode1/vnode2 as virtual, a real
# `halolinkctl probe vnode1` reaches the VM over SSH with the pinned host key
# (the person's known_hosts stays empty, no --accept-new-host-key), `lab down`
# stops it: no QEMU of that lab is left and the inventory has no virtual node.
# Needs HALOLINKCTL; exit 77 (skipped) where the lab cannot run.

# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"

CTL=${HALOLINKCTL:?HALOLINKCTL must name the halolinkctl binary}
SANDBOX=$(mktemp -d "${TMPDIR:-/tmp}/halolink-vc.XXXXXX")
export HOME=$SANDBOX/home XDG_DATA_HOME=$SANDBOX/data XDG_CONFIG_HOME=$SANDBOX/config XDG_CACHE_HOME=$SANDBOX/cache
mkdir -p "$HOME" "$SANDBOX/ssh"
: >"$SANDBOX/ssh/known_hosts" # the person's: must stay empty
: >"$SANDBOX/ssh/config"
export HALOLINK_SSH_CONFIG=$SANDBOX/ssh/config HALOLINK_SSH_KNOWN_HOSTS=$SANDBOX/ssh/known_hosts
export HALOLINK_SSH_GLOBAL_KNOWN_HOSTS=/dev/null HALOLINK_SSH_DIR=$SANDBOX/ssh HALOLINK_SSH_AGENT=none
export QT_QPA_PLATFORM=offscreen
unset HALOLINK_LAB_DIR HALOLINK_LAB_SCRIPT # the default folder; HALOLINK_LAB_CACHE from ctest
LAB_FOLDER=$XDG_DATA_HOME/HaloLink/halolink/virtual-cluster

cleanup() {
  "$CTL" lab down >/dev/null 2>&1 || true
  rm -rf "$SANDBOX"
}
trap cleanup EXIT

json() { # $1 = python expression over d (the JSON on stdin)
  python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"
}

# The QEMU processes of this lab only (other labs may run meanwhile).
lab_qemus() { pgrep -f "halolink-lab-node[0-9]+,process=.* -pidfile $LAB_FOLDER/" || true; }

# Ctrl-C while the VMs boot: halolinkctl cancels (the script's own clean-up,
# then down), exits 1, and nothing of that lab is left.
t0=$SECONDS
"$CTL" lab up 2 >"$SANDBOX/cancel.out" 2>"$SANDBOX/cancel.err" &
ctl_pid=$!
for _ in $(seq 600); do
  grep -q 'waiting for them to boot' "$SANDBOX/cancel.err" && break
  kill -0 "$ctl_pid" 2>/dev/null || break
  sleep 0.5
done
rc=0
if kill -0 "$ctl_pid" 2>/dev/null && grep -q 'waiting for them to boot' "$SANDBOX/cancel.err"; then
  [ "$(lab_qemus | wc -l)" = 2 ] || fail "cancel: expected 2 QEMU processes while booting"
  kill -INT "$ctl_pid"
  wait "$ctl_pid" || rc=$?
  cat "$SANDBOX/cancel.err"
  [ "$rc" = 1 ] || fail "cancel: halolinkctl lab up exited $rc after Ctrl-C"
  grep -q 'Cancelled; the virtual machines were stopped.' "$SANDBOX/cancel.err" || fail "cancel: not said"
  [ -z "$(lab_qemus)" ] || fail "cancel: QEMU processes left: $(lab_qemus | tr '\n' ' ')"
  [ ! -e "$LAB_FOLDER" ] || fail "cancel: $LAB_FOLDER is still there"
  [ "$("$CTL" nodes list --json | json 'sum(1 for n in d["nodes"] if n.get("virtual"))')" = 0 ] \
    || fail "cancel: virtual nodes in the inventory"
  note "Ctrl-C while booting: cancelled, nothing left ($((SECONDS - t0)) s)"
else
  wait "$ctl_pid" || rc=$?
  cat "$SANDBOX/cancel.err"
  [ "$rc" = 77 ] && skip_test "halolinkctl lab up: the virtual cluster cannot run here"
  fail "lab up ended (exit $rc) before its VMs booted"
fi

t0=$SECONDS
rc=0
"$CTL" lab up 2 >"$SANDBOX/up.out" 2>"$SANDBOX/up.err" || rc=$?
cat "$SANDBOX/up.err"
if [ "$rc" = 77 ]; then skip_test "halolinkctl lab up: the virtual cluster cannot run here"; fi
[ "$rc" = 0 ] || fail "halolinkctl lab up 2 exited $rc"
cat "$SANDBOX/up.out"
note "lab up 2: $((SECONDS - t0)) s"
grep -q '^  vnode1 *root@127.0.0.1:[0-9]* *data 10.77.0.1/24 on eth1$' "$SANDBOX/up.out" || fail "up did not print vnode1"
[ -d "$LAB_FOLDER" ] || fail "the lab is not in the default folder $LAB_FOLDER"

"$CTL" lab status --json >"$SANDBOX/status.json" || fail "lab status --json exited $?"
[ "$(json 'd["up"]' <"$SANDBOX/status.json")" = True ] || fail "status: not up"
accel=$(json 'd["accel"]' <"$SANDBOX/status.json")
case $accel in kvm | tcg) note "accel: $accel" ;; *) fail "status: accel '$accel'" ;; esac
[ "$(json '",".join(n["name"] + ":" + str(n["running"]) for n in d["nodes"])' <"$SANDBOX/status.json")" \
  = "vnode1:True,vnode2:True" ] || fail "status: $(cat "$SANDBOX/status.json")"
[ "$(lab_qemus | wc -l)" = 2 ] || fail "expected 2 QEMU processes of this lab, found: $(lab_qemus | tr '\n' ' ')"

"$CTL" nodes list --json >"$SANDBOX/nodes.json"
[ "$(json '",".join(n["name"] for n in d["nodes"] if n.get("virtual"))' <"$SANDBOX/nodes.json")" = "vnode1,vnode2" ] \
  || fail "nodes list: $(cat "$SANDBOX/nodes.json")"
[ "$(json '[n for n in d["nodes"] if n["name"] == "vnode1"][0]["virtual_cluster"]' <"$SANDBOX/nodes.json")" = "$LAB_FOLDER" ] \
  || fail "vnode1's virtual_cluster is not $LAB_FOLDER"
"$CTL" nodes list | grep -q '^vnode2 .*(virtual)' || fail "nodes list does not say vnode2 is virtual"

# A real probe over SSH: the engine deployed into the VM, the host key
# verified against the lab's known_hosts (the person's file is empty and
# --accept-new-host-key is not given: an unpinned key would be refused).
t1=$SECONDS
"$CTL" probe --json vnode1 >"$SANDBOX/probe.json" 2>"$SANDBOX/probe.err" \
  || { cat "$SANDBOX/probe.err" >&2; fail "probe vnode1 exited $?"; }
[ "$(json 'd["host"]["hostname"]' <"$SANDBOX/probe.json")" = node1 ] || fail "probe did not reach node1"
note "probe vnode1 over SSH: $((SECONDS - t1)) s, kernel $(json 'd["host"]["kernel"]' <"$SANDBOX/probe.json")"
[ ! -s "$SANDBOX/ssh/known_hosts" ] || fail "the person's known_hosts was written: $(cat "$SANDBOX/ssh/known_hosts")"

"$CTL" lab down || fail "lab down exited $?"
for _ in 1 2 3 4 5; do
  [ -z "$(lab_qemus)" ] && break
  sleep 1
done
[ -z "$(lab_qemus)" ] || fail "QEMU processes of this lab left after down: $(lab_qemus | tr '\n' ' ')"
[ ! -e "$LAB_FOLDER" ] || fail "$LAB_FOLDER is still there"
[ "$("$CTL" nodes list --json | json 'sum(1 for n in d["nodes"] if n.get("virtual"))')" = 0 ] \
  || fail "virtual nodes left in the inventory"
[ "$("$CTL" lab status --json | json 'd["up"]')" = False ] || fail "status still says up"
note "ok ($((SECONDS - t0)) s)"
