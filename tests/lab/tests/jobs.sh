#!/usr/bin/env bash
# Tensor-parallel jobs on two VM nodes, started by the real launcher
# (`halolinkctl job ...`) through the test doubles of Ray's and vLLM's CLIs
# (tests/lab/doubles, first in the job's PATH; the VMs see the host's files).
# The doubles choose RDMA or TCP the way NCCL does, from the environment the
# launcher gives them, and move real bytes: ibv_rc_pingpong over rxe0, or a
# TCP socket on eth1. So the RDMA proof reads real Soft-RoCE port counters.
#  - a model missing on node2: refused before anything starts;
#  - the RDMA job: checks, Ray head, worker, vLLM, readiness, smoke test with
#    the proof "rdma" (rxe0 packets on both nodes), logs (NET/IB), status and
#    a smoke test from fresh halolinkctl processes (the app restarted finds
#    the job), stop (nothing left on either node);
#  - a wrong NCCL_IB_GID_INDEX override: the doubles fall back to TCP as NCCL
#    does, and the proof says TCP and names the wrong GID as the cause.
# Uses the shared lab (ctest's lab fixture); HALOLINKCTL and HALOLINK_ENGINE
# name the binaries built on the host.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
# shellcheck source=engine_lib.sh
source "$(dirname "$0")/engine_lib.sh"

require_lab
[ -x "${HALOLINKCTL:-}" ] || fail "HALOLINKCTL must name the built halolinkctl"
SRC=$(cd "$(dirname "$0")/../../.." && pwd)
LAB_DIR=$(jget "$("$LAB" info)" 'd["lab_dir"]')
INFO=$("$LAB" info)

work=$(mktemp -d)
export HOME=$work/home XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache
mkdir -p "$HOME" "$work/ssh"
export HALOLINK_SSH_CONFIG=$LAB_DIR/ssh_config HALOLINK_SSH_KNOWN_HOSTS=$LAB_DIR/known_hosts
export HALOLINK_SSH_GLOBAL_KNOWN_HOSTS=/dev/null HALOLINK_SSH_DIR=$work/ssh HALOLINK_SSH_AGENT=none
export QT_QPA_PLATFORM=offscreen

MODEL=/tmp/halolink-lab-model/tiny
cleanup() {
  for i in 1 2; do
    "$LAB" ssh "$i" -- sh -c 'pkill -KILL -f "[t]ests/lab/doubles/" ; rm -rf /tmp/halolink-lab-model "$HOME"/.cache/halolink/jobs; true' \
      >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

ctl() { "$HALOLINKCTL" "$@"; }

for i in 1 2; do
  port=$(jget "$INFO" "d['nodes'][$((i - 1))]['ssh_port']")
  ctl nodes add "node$i" --host 127.0.0.1 --port "$port" --user root --identity "$LAB_DIR/id_ed25519" \
    --data-interface eth1 --data-address "$(data_ipv4 "$i")/24" >/dev/null || fail "nodes add node$i"
done
for i in 1 2; do "$LAB" rxe "$i" >/dev/null || fail "node$i: rxe0"; done

PATH_IN_JOB="$SRC/tests/lab/doubles:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
common=(--runtime host --model "$MODEL" --env "PATH=$PATH_IN_JOB" --env HALOLINK_DOUBLE_STARTUP_S=1
  --ray-timeout 180 --server-timeout 300 --timeout 180)

no_doubles_left() {
  for i in 1 2; do
    left=$("$LAB" ssh "$i" -- sh -c 'pgrep -af "[t]ests/lab/doubles/" || true')
    [ -z "$left" ] || fail "node$i still runs: $left"
  done
}

# 1. The model only on node1: refused, nothing started.
"$LAB" ssh 1 -- sh -c "mkdir -p $MODEL && echo '{}' >$MODEL/config.json" || fail "model on node1"
rc=0
err=$(ctl job launch "${common[@]}" --name lab-missing node1 node2 2>&1 >/dev/null) || rc=$?
[ "$rc" = 1 ] || fail "launch with the model missing on node2 exited $rc: $err"
grep -q "node2: the model $MODEL is not on this node" <<<"$err" || fail "no clear error: $err"
grep -q "node1: the model" <<<"$err" && fail "node1 has the model: $err"
no_doubles_left
note "model missing on node2: refused before anything started"
"$LAB" ssh 2 -- sh -c "mkdir -p $MODEL && echo '{}' >$MODEL/config.json" || fail "model on node2"

# 2. RDMA: launched, ready, smoke-tested; the proof comes from rxe0's counters.
rc=0
out=$(ctl job launch "${common[@]}" --name lab-rdma --json node1 node2 2>"$work/launch.err") || rc=$?
[ "$rc" = 0 ] || { cat "$work/launch.err" >&2; fail "RDMA launch exited $rc"; }
jcheck "$out" 'd["launched"] and d["smoke"]["ok"]' "launched and answered"
jcheck "$out" 'd["smoke"]["completion_tokens"] > 1 and 0 < d["smoke"]["ttft_ms"] <= d["smoke"]["total_ms"]' "tokens and TTFT"
jcheck "$out" 'd["smoke"]["proof"]["verdict"] == "rdma"' "the proof says RDMA"
jcheck "$out" 'all(n["rdma_device"] == "rxe0" and n["rdma_packets"] >= 256 for n in d["smoke"]["proof"]["nodes"])' \
  "rxe0 packets on both nodes"
grep -q "ray-worker ready" "$work/launch.err" || fail "no readiness of the worker in the progress: $(cat "$work/launch.err")"
note "RDMA job: $(jget "$out" 'd["smoke"]["proof"]["summary"]')"
note "smoke test: $(jget "$out" 'd["smoke"]["completion_tokens"]') tokens, TTFT $(jget "$out" 'round(d["smoke"]["ttft_ms"])') ms"

logs=$(ctl job logs lab-rdma --node node1 --role vllm --lines 500) || fail "job logs"
grep -q "NET/IB : Using \[0\]rxe0:1" <<<"$logs" || fail "vLLM's log shows no NET/IB: $logs"
grep -q "node1/vllm: " <<<"$logs" || fail "log lines are not labelled: $logs"

# A fresh halolinkctl (the app started again) finds the job, and tests it again.
status=$(ctl job status --json) || fail "job status"
jcheck "$status" 'len(d["jobs"]) == 1 and d["jobs"][0]["name"] == "lab-rdma" and d["jobs"][0]["state"] == "running"' \
  "status finds the running job"
smoke=$(ctl job smoke lab-rdma --json 2>/dev/null) || fail "job smoke"
jcheck "$smoke" 'd["smoke"]["ok"] and d["smoke"]["proof"]["verdict"] == "rdma"' "smoke test of the found job: RDMA"

ctl job stop lab-rdma >/dev/null || fail "job stop"
status=$(ctl job status --json) || fail "job status after stop"
jcheck "$status" 'd["jobs"] == []' "no job after stop"
no_doubles_left
note "stopped: nothing left on either node"

# 3. A wrong GID index: the transport falls back to TCP and the proof says so.
good=$(gid_index 1)
wrong=$((good + 7))
rc=0
out=$(ctl job launch "${common[@]}" --name lab-gid --env "NCCL_IB_GID_INDEX=$wrong" --json node1 node2 2>"$work/gid.err") || rc=$?
[ "$rc" = 0 ] || { cat "$work/gid.err" >&2; fail "wrong-GID launch exited $rc"; }
jcheck "$out" 'd["smoke"]["proof"]["verdict"] == "tcp"' "the proof says TCP"
jcheck "$out" "any('NCCL_IB_GID_INDEX=$wrong' in c and 'index $good' in c for c in d['smoke']['proof']['causes'])" \
  "the wrong GID is named as the cause"
note "wrong GID: $(jget "$out" 'd["smoke"]["proof"]["causes"][0]')"
ctl job stop lab-gid >/dev/null || fail "job stop (wrong GID)"
no_doubles_left
note "ok"
