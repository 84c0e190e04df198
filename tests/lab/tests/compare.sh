#!/usr/bin/env bash
# "Compare RDMA and TCP" end to end on two VM nodes: a llama.cpp RPC job
# (the test doubles of llama-server and rpc-server, tests/lab/doubles, whose
# RDMA transport moves its bytes with ibv_rc_pingpong over rxe0 and whose TCP
# path uses a socket on eth1) launched by the real launcher, then
# `halolinkctl job compare`:
#  - the serving benchmark (the engine's `api bench` on node1) over RDMA, the
#    job relaunched TCP-only, the benchmark again, the job relaunched as it was;
#  - each run's proof from real Soft-RoCE port counters: "rdma", then "tcp";
#  - the greedy outputs of both runs are the same; a speed-up per level;
#  - afterwards the job runs again on RDMA (its processes' environment), and
#    the comparison is kept (compare --list);
#  - Ctrl-C (SIGINT) in the middle: cancelled, and the job is put back as it was;
#  - bad options are refused before anything happens.
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
ctl_sandbox "$work" "$LAB_DIR"

GGUF=/tmp/halolink-lab-cmp/tiny.gguf
cleanup() {
  for i in 1 2; do
    "$LAB" ssh "$i" -- sh -c 'pkill -KILL -f "[t]ests/lab/doubles/" ; rm -rf /tmp/halolink-lab-cmp "$HOME"/.cache/halolink/jobs; true' \
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
  "$LAB" rxe "$i" >/dev/null || fail "node$i: rxe0"
done

no_doubles_left() {
  for i in 1 2; do
    left=$("$LAB" ssh "$i" -- sh -c 'pgrep -af "[t]ests/lab/doubles/" || true')
    [ -z "$left" ] || fail "node$i still runs: $left"
  done
}
# The llama-server's GGML_RDMA_DEV on node1, from its process environment.
rdma_dev_of_server() {
  "$LAB" ssh 1 -- sh -c 'p=$(cat "$HOME"/.cache/halolink/jobs/lab-cmp/*/llama-server.pid) &&
    tr "\000" "\n" </proc/$p/environ | sed -n "s/^GGML_RDMA_DEV=//p"'
}

PATH_IN_JOB="$SRC/tests/lab/doubles:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# GGUF's magic and version 3, then anything (the llama-server double reads no further).
"$LAB" ssh 1 -- sh -c "mkdir -p ${GGUF%/*} && printf 'GGUF\\003\\000\\000\\000' >$GGUF && head -c 8192 /dev/zero >>$GGUF" \
  || fail "gguf on node1"
rc=0
ctl job launch --engine llama-rpc --runtime host --model "$GGUF" --env "PATH=$PATH_IN_JOB" \
  --env HALOLINK_DOUBLE_STARTUP_S=1 --env HALOLINK_DOUBLE_PREFILL_S_PER_TOKEN=0.001 \
  --env HALOLINK_DOUBLE_STEP_PER_SEQ_S=0.004 --env HALOLINK_DOUBLE_JITTER=0.2 \
  --env HALOLINK_DOUBLE_RPC_BATCH_BYTES=16384 --ray-timeout 180 --server-timeout 300 --timeout 180 --name lab-cmp --no-smoke \
  node1 node2 >"$work/launch.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$work/launch.out" >&2; fail "launch exited $rc"; }
[ "$(rdma_dev_of_server)" = rxe0 ] || fail "the job does not start on RDMA: GGML_RDMA_DEV='$(rdma_dev_of_server)'"

# 1. Bad options: refused at once, the job untouched.
rc=0
ctl job compare lab-cmp --concurrency 0,4 >/dev/null 2>"$work/bad.err" || rc=$?
[ "$rc" = 2 ] || fail "--concurrency 0,4 exited $rc"
grep -q "concurrency levels are numbers from 1 to 512" "$work/bad.err" || fail "no clear error: $(cat "$work/bad.err")"

# 2. The comparison.
bench=(--concurrency 1,2 --requests 3 --max-tokens 8)
start=$(date +%s)
rc=0
out=$(ctl job compare lab-cmp "${bench[@]}" --json 2>"$work/compare.err") || rc=$?
took=$(($(date +%s) - start))
[ "$rc" = 0 ] || { cat "$work/compare.err" >&2; printf '%s\n' "$out" >&2; fail "compare exited $rc"; }
jcheck "$out" 'd["schema"] == "halolink.compare/1" and d["ok"] and d["restored"] and not d["cancelled"]' "compared and put back"
jcheck "$out" 'd["runs"]["rdma"]["proof"]["verdict"] == "rdma"' "the RDMA run's proof says RDMA (rxe0 counters)"
jcheck "$out" 'd["runs"]["tcp"]["proof"]["verdict"] == "tcp" and d["runs"]["tcp"]["tcp_only"]' "the TCP run's proof says TCP"
jcheck "$out" 'd["outputs_match"] is True' "the greedy outputs of both runs are the same"
jcheck "$out" '[l["concurrency"] for l in d["levels"]] == [1, 2] and all(l["speedup"] and l["speedup"] > 0 for l in d["levels"])' \
  "a speed-up per level"
jcheck "$out" 'all(l["rdma_ttft_p50_ms"] > 0 and l["tcp_itl_p50_ms"] > 0 for l in d["levels"])' "latencies of both runs"
grep -q "Relaunching 'lab-cmp' with TCP only" "$work/compare.err" || fail "no relaunch to TCP said: $(tail -n 20 "$work/compare.err")"
grep -q "Putting 'lab-cmp' back as it was (RDMA)" "$work/compare.err" || fail "no relaunch back said"
[ "$(rdma_dev_of_server)" = rxe0 ] || fail "after the comparison the job is not on RDMA: '$(rdma_dev_of_server)'"
kept=$(ctl job compare lab-cmp --list --json) || fail "compare --list"
jcheck "$kept" 'len(d["comparisons"]) == 1 and d["comparisons"][0]["ok"]' "the comparison is kept"
ctl job compare lab-cmp --list --csv | head -n 1 | grep -q '^concurrency,rdma_tokens_per_s' || fail "compare --list --csv"
note "compare: $(jget "$out" '", ".join("%dx%.2f" % (l["concurrency"], l["speedup"]) for l in d["levels"])') (concurrency x speed-up), ${took}s"

# 3. Ctrl-C during the first benchmark: cancelled, the job as it was.
rc=0
# halolinkctl itself in the background (not through the ctl function, whose
# subshell would get the signal), as a person's Ctrl-C reaches it.
"$HALOLINKCTL" job compare lab-cmp --concurrency 1 --requests 200 --max-tokens 64 --json >"$work/cancel.out" \
  2>"$work/cancel.err" &
pid=$!
for _ in $(seq 300); do grep -q "concurrency 1: " "$work/cancel.err" && break; sleep 0.2; done
sleep 3 # a few of the engine's repeated lines
grep -q "concurrency 1: " "$work/cancel.err" || { kill $pid; fail "no benchmark progress: $(tail -n 20 "$work/cancel.err")"; }
# The engine repeats an unchanged progress line every second; it is shown once.
[ "$(grep -c "concurrency 1: 0/200" "$work/cancel.err")" -le 1 ] || fail "the same progress line shown again"
kill -INT $pid
wait $pid || rc=$?
[ "$rc" = 1 ] || fail "the cancelled comparison exited $rc"
c=$(cat "$work/cancel.out")
jcheck "$c" 'd["cancelled"] and not d["ok"] and d["restored"]' "cancelled, and the job is as it was"
jcheck "$c" 'not d["runs"]["tcp"]["ran"]' "the TCP run did not start"
[ "$(rdma_dev_of_server)" = rxe0 ] || fail "after the cancel the job is not on RDMA"
"$LAB" ssh 1 -- sh -c 'pgrep -af "[a]pi bench" || true' | grep -q . && fail "the benchmark still runs on node1"
note "cancel: the benchmark stopped, the job runs as before"

ctl job stop lab-cmp >/dev/null || fail "job stop"
no_doubles_left
note "stopped: nothing left on either node"
