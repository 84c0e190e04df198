#!/usr/bin/env bash
# Failures end with a clear JSON error in bounded time, never a hang: a
# device that is not there, a GID that is not the one the route uses, a peer
# without RDMA, an address nobody answers, and the peer's VM frozen or its
# reflector killed in the middle of a test.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
# shellcheck source=engine_lib.sh
source "$(dirname "$0")/engine_lib.sh"
require_lab

"$LAB" rxe 1 2 >/dev/null || fail "lab rxe 1 2 failed"
peer=$(data_ipv4 2)
gid=$(gid_index 1)
port=7471
plain=7472
cleanup() {
  "$LAB" resume 2 2>/dev/null || true
  stop_reflector 2 "$port"
  stop_reflector 2 "$plain"
}
trap cleanup EXIT
start_reflector 2 "$port"
start_reflector 2 "$plain" --no-rdma

# expect_error CODE MAX_SECONDS ENGINE-ARGS...
expect_error() {
  local code=$1 max=$2
  shift 2
  run_engine 1 "$@"
  [ "$RC" = 1 ] || fail "$*: expected exit 1 ($code), got $RC: $OUT"
  jcheck "$OUT" "d[\"error\"][\"code\"] == \"$code\"" "$*: expected error $code"
  python3 -c "import sys; sys.exit(0 if $SECS <= $max else 1)" || fail "$*: took ${SECS}s, more than ${max}s"
  note "$code after ${SECS}s: $(jget "$OUT" 'd["error"]["message"]')"
}

rdma=(bench --peer "$peer" --transport rdma --test latency --iters 200 --warmup 10)
expect_error unknown_device 20 "${rdma[@]}" --port "$port" --device mlx5_7
wrong=$((gid == 0 ? 1 : 0))
expect_error gid_mismatch 20 "${rdma[@]}" --port "$port" --gid-index "$wrong"
expect_error rdma_unavailable 20 "${rdma[@]}" --port "$plain"
expect_error peer_unreachable 20 bench --peer 10.77.0.99 --port "$port" --transport tcp --test latency

# The peer's whole VM frozen mid-test: a long RDMA latency run, then SIGSTOP.
engine=$(deploy_engine 1)
"$LAB" ssh 1 -- rm -f /tmp/frozen.json /tmp/frozen.rc
"$LAB" ssh 1 -- sh -c 'exec >/dev/null 2>&1; setsid sh -c "timeout 120 \"\$0\" bench --peer \"\$1\" --port \"\$2\" --transport rdma --test latency --iters 2000000 --warmup 10 >/tmp/frozen.json; echo \$? >/tmp/frozen.rc" "$@" &' sh "$engine" "$peer" "$port"
sleep 8
"$LAB" pause 2
start=$(date +%s)
for ((n = 0; n < 60; n++)); do
  "$LAB" ssh 1 -- test -f /tmp/frozen.rc && break
  sleep 1
done
secs=$(($(date +%s) - start))
"$LAB" resume 2
rc=$("$LAB" ssh 1 -- cat /tmp/frozen.rc 2>/dev/null || echo none)
out=$("$LAB" ssh 1 -- cat /tmp/frozen.json 2>/dev/null || true)
[ "$rc" = 1 ] || fail "frozen peer: expected exit 1, got '$rc': $out"
jcheck "$out" 'd["error"]["code"] in ("peer_lost", "peer_unresponsive")' "frozen peer: peer_lost"
[ "$secs" -le 40 ] || fail "frozen peer: the error took ${secs}s"
note "peer VM frozen mid-test: $(jget "$out" 'd["error"]["code"]') within ${secs}s"

# The reflector killed mid-test, over TCP and RDMA.
for transport in tcp rdma; do
  "$LAB" ssh 1 -- rm -f /tmp/killed.json /tmp/killed.rc
  "$LAB" ssh 1 -- sh -c 'exec >/dev/null 2>&1; setsid sh -c "timeout 120 \"\$0\" bench --peer \"\$1\" --port \"\$2\" --transport \"\$3\" --test bandwidth --duration 60 >/tmp/killed.json; echo \$? >/tmp/killed.rc" "$@" &' sh "$engine" "$peer" "$port" "$transport"
  sleep 6
  "$LAB" ssh 2 -- sh -c 'kill -9 "$(cat /tmp/reflect-7471.pid)"'
  start=$(date +%s)
  for ((n = 0; n < 40; n++)); do
    "$LAB" ssh 1 -- test -f /tmp/killed.rc && break
    sleep 1
  done
  secs=$(($(date +%s) - start))
  rc=$("$LAB" ssh 1 -- cat /tmp/killed.rc 2>/dev/null || echo none)
  out=$("$LAB" ssh 1 -- cat /tmp/killed.json 2>/dev/null || true)
  [ "$rc" = 1 ] || fail "$transport reflector killed: expected exit 1, got '$rc': $out"
  jcheck "$out" 'd["error"]["code"] == "peer_lost"' "$transport reflector killed: peer_lost"
  [ "$secs" -le 30 ] || fail "$transport reflector killed: the error took ${secs}s"
  note "$transport reflector killed mid-test: peer_lost within ${secs}s"
  start_reflector 2 "$port"
done
