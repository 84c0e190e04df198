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
#  - the nodes' RoCE v2 GID indexes differ (node2 gets another address before
#    its rxe device is made), vLLM runs its classic executor (which overwrites
#    the workers' NCCL_* with the head's unless they are listed in
#    ray_non_carry_over_env_vars.json): every worker ran with its own node's
#    HCA and GID, read from its process environment; the proof's verdict rests
#    on the counters, RCCL's transport lines and the job's queue pairs; the API
#    answers 401 without the job's key;
#  - a wrong NCCL_IB_GID_INDEX override: RCCL fails (no TCP fallback), and the
#    launch stops in bounded time with RCCL's line and the cause;
#  - llama.cpp RPC with its RDMA transport: the traffic goes over rxe0 and the
#    proof says so from the counters, "RDMA activated" and the queue pairs;
#  - a user without root and the default 8 MiB memlock: refused, with the
#    limit and what to change.
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

MODEL=/tmp/halolink-lab-model/tiny
cleanup() {
  for i in 1 2; do
    "$LAB" ssh "$i" -- sh -c 'pkill -KILL -f "[t]ests/lab/doubles/" ; rm -rf /tmp/halolink-lab-model "$HOME"/.cache/halolink/jobs; true' \
      >/dev/null 2>&1 || true
  done
  "$LAB" ssh 2 -- sh -c 'ip -6 addr del fd77::2/64 dev eth1 2>/dev/null; true' >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

ctl() { "$HALOLINKCTL" "$@"; }

for i in 1 2; do
  port=$(jget "$INFO" "d['nodes'][$((i - 1))]['ssh_port']")
  ctl nodes add "node$i" --host 127.0.0.1 --port "$port" --user root --identity "$LAB_DIR/id_ed25519" \
    --data-interface eth1 --data-address "$(data_ipv4 "$i")/24" >/dev/null || fail "nodes add node$i"
done
# The RoCE v2 GID index of node $1's data address (not just any IPv4 GID).
data_gid() {
  local want
  want=$(python3 -c 'import ipaddress,sys; print(ipaddress.IPv6Address("::ffff:" + sys.argv[1]).exploded)' "$(data_ipv4 "$1")")
  "$LAB" ssh "$1" -- sh -c "d=/sys/class/infiniband/rxe0/ports/1; for f in \$(grep -l -x -F $want \$d/gids/* 2>/dev/null); do \
    i=\${f##*/}; [ \"\$(cat \$d/gid_attrs/types/\$i 2>/dev/null)\" = 'RoCE v2' ] && echo \$i; done; true" | head -n 1
}
data_gid_quiet() { data_gid "$1" 2>/dev/null; }

# Different GID indexes: node2's rxe0 is made while eth1 has an IPv6 address
# and not yet its IPv4 one; the data address comes after it, so its RoCE v2
# GID is a later entry. (Another IPv4 address would do the same, but NCCL's
# socket side, and the doubles', take an interface's first IPv4 address:
# one in another subnet is a real misconfiguration, not this test's.)
D2=$(data_ipv4 2)
for i in 1 2; do "$LAB" ssh "$i" -- sh -c 'rdma link delete rxe0 2>/dev/null; true' >/dev/null; done
"$LAB" ssh 2 -- sh -c "ip addr del $D2/24 dev eth1 && ip -6 addr add fd77::2/64 dev eth1 nodad" || fail "node2: the other address"
"$LAB" rxe 1 >/dev/null || fail "node1: rxe0"
# (lab rxe waits for an IPv4 GID, which node2 has only once its address is back.)
"$LAB" ssh 2 -- sh -c 'modprobe crc32_generic && modprobe rdma_rxe && modprobe ib_uverbs && modprobe rdma_ucm &&
  rdma link add rxe0 type rxe netdev eth1' || fail "node2: rxe0"
"$LAB" ssh 2 -- sh -c "ip addr add $D2/24 dev eth1" || fail "node2: the data address back"
for _ in $(seq 50); do [ -n "$(data_gid_quiet 2)" ] && break; sleep 0.2; done
G1=$(data_gid 1)
G2=$(data_gid 2)
[[ $G1 =~ ^[0-9]+$ && $G2 =~ ^[0-9]+$ ]] || fail "no RoCE v2 GID of the data address: node1 '$G1', node2 '$G2'"
[ "$G1" != "$G2" ] || fail "the GID indexes are the same ($G1): the test needs them to differ"
note "RoCE v2 GID of the data address: index $G1 on node1, $G2 on node2"

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
out=$(ctl job launch "${common[@]}" --name lab-rdma --env VLLM_USE_RAY_V2_EXECUTOR_BACKEND=0 --json node1 node2 \
  2>"$work/launch.err") || rc=$?
[ "$rc" = 0 ] || { cat "$work/launch.err" >&2; fail "RDMA launch exited $rc"; }
jcheck "$out" 'd["launched"] and d["smoke"]["ok"]' "launched and answered"
jcheck "$out" 'd["smoke"]["completion_tokens"] > 1 and 0 < d["smoke"]["ttft_ms"] <= d["smoke"]["total_ms"]' "tokens and TTFT"
jcheck "$out" 'd["smoke"]["proof"]["verdict"] == "rdma"' "the proof says RDMA"
jcheck "$out" 'all(n["rdma_device"] == "rxe0" and n["rdma_packets"] >= 256 for n in d["smoke"]["proof"]["nodes"])' \
  "rxe0 packets on both nodes"
jcheck "$out" 'all(n["transport"] == "ib" and (n["queue_pairs"] or 0) > 0 and n["state"] == "rdma" for n in d["smoke"]["proof"]["nodes"])' \
  "RCCL says NET/IB and the job owns queue pairs on both nodes"
jcheck "$out" 'len(d["smoke"]["proof"]["evidence"]) == 3' "the verdict names its three witnesses"
jcheck "$out" 'all(n["env_differences"] == [] for n in d["smoke"]["proof"]["nodes"])' "the processes run with what was rendered"
# The worker's own values, from its process environment (vLLM's classic
# executor would have given it the head's index $G1).
wenv=$("$LAB" ssh 2 -- sh -c 'for p in $(pgrep -f RayWorker); do tr "\000" "\n" </proc/$p/environ; done' | sort -u)
grep -qx "NCCL_IB_GID_INDEX=$G2" <<<"$wenv" || fail "node2's worker does not run with its own GID index $G2: $(grep NCCL_ <<<"$wenv")"
grep -qx "NCCL_IB_HCA==rxe0:1" <<<"$wenv" || fail "node2's worker has no NCCL_IB_HCA: $(grep NCCL_ <<<"$wenv")"
note "node2's worker: NCCL_IB_GID_INDEX=$G2 (node1: $G1)"
grep -q "ray-worker ready" "$work/launch.err" || fail "no readiness of the worker in the progress: $(cat "$work/launch.err")"
note "RDMA job: $(jget "$out" 'd["smoke"]["proof"]["summary"]')"
note "smoke test: $(jget "$out" 'd["smoke"]["completion_tokens"]') tokens, TTFT $(jget "$out" 'round(d["smoke"]["ttft_ms"])') ms"

logs=$(ctl job logs lab-rdma --node node1 --role vllm --lines 2000) || fail "job logs"
grep -q "NET/IB : Using \[0\]rxe0:1" <<<"$logs" || fail "vLLM's log shows no NET/IB: $logs"
grep -q "Overwriting environment variable NCCL_IB" <<<"$logs" && fail "vLLM overwrote a worker's NCCL_IB value: $(grep Overwriting <<<"$logs")"
# The API takes requests only with the job's key.
key=$(ctl job api-key lab-rdma) || fail "job api-key"
[ ${#key} -ge 24 ] || fail "a short API key: $key"
ENG=$ENGINE
unauth=$("$LAB" ssh 1 -- "$ENG" api models --url "http://$(data_ipv4 1):8000" </dev/null || true)
jcheck "$unauth" 'd["status"] == 401' "no key: 401"
authed=$(printf '%s\n' "$key" | "$LAB" ssh 1 -- "$ENG" api models --url "http://$(data_ipv4 1):8000" --api-key-stdin) \
  || fail "the key is refused: $authed"
note "API: 401 without the key, the model list with it"
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

# 3. A wrong GID index (past the end of the table): RCCL's ibv_query_gid
# fails and vLLM dies; the launch ends with RCCL's line and the cause.
wrong=4096 # past the end of the table (rxe has 1024 entries per port)
rc=0
start=$(date +%s)
out=$(ctl job launch "${common[@]}" --name lab-gid --env "NCCL_IB_GID_INDEX=$wrong" --json node1 node2 2>"$work/gid.err") || rc=$?
took=$(($(date +%s) - start))
[ "$rc" = 1 ] || { cat "$work/gid.err" >&2; fail "wrong-GID launch exited $rc"; }
grep -q "ibv_query_gid" "$work/gid.err" || fail "RCCL's line is not in the error: $(tail -n 30 "$work/gid.err")"
grep -q "NCCL_IB_GID_INDEX=$wrong is not in the device's GID table" "$work/gid.err" \
  || fail "no cause in the error: $(tail -n 30 "$work/gid.err")"
[ "$took" -lt 240 ] || fail "the wrong GID took ${took}s to fail"
no_doubles_left
note "wrong GID: the launch failed in ${took}s with RCCL's line and the cause"

# 4. llama.cpp RPC with its RDMA transport.
GGUF=/tmp/halolink-lab-model/tiny.gguf
# GGUF's magic and version 3, then anything (the llama-server double reads no further).
"$LAB" ssh 1 -- sh -c "printf 'GGUF\\003\\000\\000\\000' >$GGUF && head -c 8192 /dev/zero >>$GGUF" || fail "gguf on node1"
rc=0
out=$(ctl job launch --engine llama-rpc --runtime host --model "$GGUF" --env "PATH=$PATH_IN_JOB" \
  --env HALOLINK_DOUBLE_STARTUP_S=1 --ray-timeout 180 --server-timeout 300 --timeout 180 --name lab-llama --json \
  node1 node2 2>"$work/llama.err") || rc=$?
[ "$rc" = 0 ] || { cat "$work/llama.err" >&2; fail "llama.cpp launch exited $rc"; }
jcheck "$out" 'd["smoke"]["ok"] and d["smoke"]["proof"]["verdict"] == "rdma"' "llama.cpp: the proof says RDMA"
jcheck "$out" 'all(n["transport"] == "rdma" and (n["queue_pairs"] or 0) > 0 for n in d["smoke"]["proof"]["nodes"])' \
  "llama.cpp: RDMA activated and queue pairs on both nodes"
note "llama.cpp RPC: $(jget "$out" 'd["smoke"]["proof"]["summary"]')"
ctl job stop lab-llama >/dev/null || fail "job stop (llama)"
no_doubles_left

# 5. A user without root (no CAP_IPC_LOCK; "*" as its password hash: sshd
# without PAM refuses an account that useradd left locked with "!") and the kernel's default 8 MiB
# locked-memory limit: the RDMA job is refused before anything starts, with
# the limit and what to change.
for i in 1 2; do
  "$LAB" ssh "$i" -- sh -c 'id hl >/dev/null 2>&1 || useradd -m -s /bin/sh hl; usermod -p "*" hl && mkdir -p /home/hl/.ssh &&
    cp /root/.ssh/authorized_keys /home/hl/.ssh/ && chown -R hl: /home/hl/.ssh && chmod 700 /home/hl/.ssh &&
    chmod 600 /home/hl/.ssh/authorized_keys' || fail "node$i: user hl"
  port=$(jget "$INFO" "d['nodes'][$((i - 1))]['ssh_port']")
  ctl nodes add "user$i" --host 127.0.0.1 --port "$port" --user hl --identity "$LAB_DIR/id_ed25519" \
    --data-interface eth1 --data-address "$(data_ipv4 "$i")/24" >/dev/null || fail "nodes add user$i"
done
limit=$("$LAB" ssh 2 -- su -s /bin/sh hl -c 'ulimit -l')
rc=0
err=$(ctl job launch "${common[@]}" --name lab-memlock user1 user2 2>&1 >/dev/null) || rc=$?
[ "$rc" = 1 ] || fail "a launch with memlock $limit KiB exited $rc: $err"
grep -Eq "user2: the locked-memory limit \(ulimit -l\) is [0-9]+ KiB, and RDMA needs unlimited or at least 1 GiB" <<<"$err" \
  || fail "no clear memlock refusal: $err"
grep -q "memlock unlimited" <<<"$err" || fail "the refusal does not say what to change: $err"
for i in 1 2; do
  left=$("$LAB" ssh "$i" -- sh -c 'pgrep -u hl -af "[t]ests/lab/doubles/" || true')
  [ -z "$left" ] || fail "node$i runs as hl: $left"
done
note "memlock $limit KiB without root: refused before anything started"
note "ok"
