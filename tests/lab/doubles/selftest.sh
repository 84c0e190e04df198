#!/usr/bin/env bash
# Self-test of HaloLink's `ray`, `vllm`, `rpc-server` and `llama-server` TEST
# DOUBLES (not Ray, not vLLM, not llama.cpp) on this host: no VMs and no RDMA
# device. Head 127.0.0.1, workers 127.0.0.2/.3 (loopback), a private Ray folder
# (HALOLINK_DOUBLE_RAY_DIR). The NET/IB path is driven with a fake sysfs tree
# and, for the end-to-end exchange, a fake ibv_rc_pingpong speaking TCP (the
# real one fails here: no device, which exercises the run-time fallback).
# llama.cpp: ggml-rpc-server on 127.0.0.2, llama-server --rpc to it (TCP), then both over the
# fake RDMA; llama-old/rpc-server (the name before the rename).
# Exit 0 when everything passed.
# HALOLINK_DOUBLE_SELFTEST_KEEP=1 keeps the temporary folder (logs).
set -euo pipefail

D="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
T="$(mktemp -d "${TMPDIR:-/tmp}/halolink-doubles-selftest.XXXXXX")"
export HALOLINK_DOUBLE_RAY_DIR="$T/ray"
export HALOLINK_DOUBLE_STARTUP_S=0.3
export HALOLINK_DOUBLE_TOKEN_DELAY_S=0.01
export HALOLINK_DOUBLE_HEARTBEAT_TIMEOUT_S=5
export PATH="$D:$PATH"
unset RAY_ADDRESS NCCL_SOCKET_IFNAME NCCL_IB_HCA NCCL_IB_GID_INDEX NCCL_IB_DISABLE VLLM_HOST_IP NCCL_DEBUG \
    NCCL_DEBUG_SUBSYS NCCL_IB_TIMEOUT NCCL_IB_RETRY_CNT VLLM_USE_RAY_V2_EXECUTOR_BACKEND VLLM_API_KEY LLAMA_API_KEY \
    RAY_enable_autoscaler_v2 GGML_RDMA_DEV GGML_RDMA_GID GGML_RPC_NO_RDMA HALOLINK_DOUBLE_RPC_RDMA_BUILD \
    HALOLINK_DOUBLE_IB_SYSFS HALOLINK_DOUBLE_PINGPONG HALOLINK_DOUBLE_RPC_LOAD_BYTES HALOLINK_DOUBLE_RPC_BATCH_BYTES \
    HALOLINK_DOUBLE_RPC_CONNECT_TIMEOUT_S || true
export NCCL_SOCKET_IFNAME=lo # NCCL would pick this host's eth0
export VLLM_CONFIG_ROOT="$T/vllm-config"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
PIDS=()
START=$SECONDS

cleanup() {
    local p
    for p in "${PIDS[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    if [ -n "${HALOLINK_DOUBLE_SELFTEST_KEEP:-}" ]; then echo "kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT

step() { printf '== %s (%ds)\n' "$*" $((SECONDS - START)); }
die() {
    printf 'FAIL: %s\n' "$*" >&2
    for f in "$T"/*.log; do [ -f "$f" ] && { printf -- '--- %s\n' "$f" >&2; tail -n 40 "$f" >&2; }; done
    exit 1
}
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# wait_log FILE PATTERN [SECONDS]
wait_log() {
    local i
    for ((i = 0; i < ${3:-15} * 10; i++)); do
        grep -qE -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    die "'$2' not in $1 within ${3:-15} s"
}
# wait_exit PID [SECONDS]: waits for a background job; its exit code in RC
wait_exit() {
    local i
    for ((i = 0; i < ${2:-15} * 10; i++)); do
        kill -0 "$1" 2>/dev/null || break
        sleep 0.1
    done
    kill -0 "$1" 2>/dev/null && die "pid $1 still running"
    RC=0
    { wait "$1"; } 2>/dev/null || RC=$?
}
# expect RC PATTERN CMD...: CMD exits with RC and its output matches PATTERN
expect() {
    local want=$1 pat=$2 rc=0
    shift 2
    "$@" >"$T/out.txt" 2>&1 || rc=$?
    [ "$rc" = "$want" ] || { cat "$T/out.txt" >&2; die "$* exited $rc, expected $want"; }
    grep -qE -- "$pat" "$T/out.txt" || { cat "$T/out.txt" >&2; die "$*: no '$pat' in its output"; }
}
bg() { # bg LOG CMD...: start in the background, pid in $!
    local log=$1
    shift
    "$@" >"$log" 2>&1 </dev/null &
    PIDS+=($!)
}

RP=$(free_port)
VP=$(free_port)

# A fake sysfs with one Soft-RoCE port: GID 0 link-local (RoCE v1), GID 1 the
# IPv4-mapped RoCE v2 one, GID 2 empty.
S="$T/sysfs"
P="$S/rxe0/ports/1"
mkdir -p "$P/gids" "$P/gid_attrs/types" "$S/rxe1/ports/1/gids" "$S/rxe1/ports/1/gid_attrs/types"
echo "4: ACTIVE" >"$P/state"
echo "Ethernet" >"$P/link_layer"
echo "fe80:0000:0000:0000:5054:00ff:fe4c:0101" >"$P/gids/0"
echo "RoCE v2" >"$P/gid_attrs/types/0"
echo "0000:0000:0000:0000:0000:ffff:7f00:0001" >"$P/gids/1"
echo "RoCE v2" >"$P/gid_attrs/types/1"
echo "0000:0000:0000:0000:0000:0000:0000:0000" >"$P/gids/2"
echo "0000:0000:0000:0000:0000:0000:0000:0000" >"$P/gids/3"
echo "1: DOWN" >"$S/rxe1/ports/1/state"
echo "Ethernet" >"$S/rxe1/ports/1/link_layer"

# A fake ibv_rc_pingpong: same options, the exchange over TCP, same result lines.
cat >"$T/fake_pingpong" <<'EOF'
#!/usr/bin/python3
import getopt, os, socket, sys, time
opts, rest = getopt.getopt(sys.argv[1:], "p:d:i:s:m:r:n:l:eg:oOPtcjN")
o = dict(opts)
port, size, iters = int(o.get("-p", 18515)), int(o.get("-s", 4096)), int(o.get("-n", 1000))
for k in ("-d", "-i", "-g"):
    assert k in o, "missing " + k
print("  local address:  LID 0x0000, QPN 0x000011, PSN 0x0a0b0c, GID ::ffff:127.0.0.1", flush=True)
time.sleep(0.3)  # like opening the device: the caller must wait until we listen
if rest:
    c = socket.create_connection((rest[0], port), timeout=10)
    if os.environ.get("FAKE_PP_CLIENT_FAIL"):
        sys.exit("Failed status transport retry counter exceeded (12) for wr_id 2")
else:
    s = socket.socket(socket.AF_INET6)
    s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    s.bind(("::", port)); s.listen(1)
    c, _ = s.accept()
c.settimeout(20)
t0 = time.time()
buf = b"x" * size
for _ in range(iters):
    if rest:
        c.sendall(buf)
    n = 0
    while n < size:
        d = c.recv(size - n)
        if not d:
            sys.exit("Couldn't read remote address")
        n += len(d)
    if not rest:
        c.sendall(buf)
dt = max(time.time() - t0, 1e-6)
print("%d bytes in %.2f seconds = %.2f Mbit/sec" % (2 * size * iters, dt, 2 * size * iters * 8 / dt / 1e6))
print("%d iters in %.2f seconds = %.2f usec/iter" % (iters, dt, dt * 1e6 / iters))
EOF
chmod +x "$T/fake_pingpong"

step "NCCL imitation (unit checks of the shared module)"
"$PY" -B "$D/selftest_units.py" "$D" "$S" || die "unit checks"

step "ray: head and first worker (fake sysfs, NET/IB would be used; the real ibv_rc_pingpong fails here)"
NCCL_IB_HCA=nosuchdev NCCL_SOCKET_IFNAME=lo bg "$T/head.log" \
    ray start --head --port="$RP" --node-ip-address=127.0.0.1 --num-gpus=1 --dashboard-host=0.0.0.0 --block
HEAD=$!
wait_log "$T/head.log" "Ray runtime started."
grep -qF "ray start --address='127.0.0.1:$RP'" "$T/head.log" || die "no Next steps line"
[ "$(cat "$HALOLINK_DOUBLE_RAY_DIR/ray_current_cluster")" = "127.0.0.1:$RP" ] || die "ray_current_cluster"
HALOLINK_DOUBLE_IB_SYSFS="$S" NCCL_IB_HCA="=rxe0:1" bg "$T/worker-a.log" \
    ray start --address="127.0.0.1:$RP" --node-ip-address=127.0.0.2 --num-gpus=1 --block
WA=$!
wait_log "$T/worker-a.log" "Ray runtime started."
expect 0 "Autoscaler status" ray status
[ "$(grep -cE '^ 1 node_[0-9a-f]{56}$' "$T/out.txt")" = 2 ] || { cat "$T/out.txt"; die "ray status: not 2 nodes"; }
grep -qx " 0.0/2.0 GPU" "$T/out.txt" || die "ray status: GPU line"
grep -qx " (no pending nodes)" "$T/out.txt" && grep -qx " (no resource demands)" "$T/out.txt" || die "ray status format"
expect 0 "node_" ray status --address="127.0.0.1:$RP"

step "ray: failures"
expect 2 "Error: Missing option '--address'" ray start --block
expect 2 "No such option: --bogus" ray start --head --bogus --block
expect 1 "already in use" ray start --head --port="$RP" --node-ip-address=127.0.0.1 --block
HALOLINK_DOUBLE_CONNECT_TIMEOUT_S=1 expect 1 "Unable to connect to GCS at 127.0.0.1:$VP" \
    ray start --address="127.0.0.1:$VP" --node-ip-address=127.0.0.2 --block
HALOLINK_DOUBLE_STATUS_TIMEOUT_S=0.5 expect 1 "ConnectionError: Could not find any running Ray instance" \
    ray status --address="127.0.0.1:$VP"
expect 0 "^ray, version [0-9.]+$" ray --version
expect 0 "^[0-9]+\.[0-9]+" vllm --version

step "vllm: failures"
expect 1 "OSError: Incorrect path_or_model_id: '/nonexistent/model'" \
    vllm serve /nonexistent/model --tensor-parallel-size 2 --distributed-executor-backend ray --port "$VP"
mkdir -p "$T/emptymodel"
expect 1 "does not appear to have a file named config.json" vllm serve "$T/emptymodel" --port "$VP"
touch "$T/weights.bin"
expect 1 "OSError: Incorrect path_or_model_id" vllm serve "$T/weights.bin" --port "$VP"
expect 1 "OSError: \[Errno 98\] Address already in use" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray --host 0.0.0.0 --port "$RP"
expect 1 "ValueError: The number of required GPUs exceeds the total number of available GPUs in the placement group." \
    vllm serve org/model --tensor-parallel-size 3 --distributed-executor-backend ray --port "$VP"
MEM_KB=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
truncate -s $((MEM_KB * 1024 * 2)) "$T/huge.gguf" # sparse: 2x MemTotal > 0.9 x MemTotal x 2 GPUs
NCCL_IB_HCA=nosuchdev VLLM_USE_RAY_V2_EXECUTOR_BACKEND=0 expect 1 "ValueError: .*out of memory" \
    vllm serve "$T/huge.gguf" --tensor-parallel-size 2 --distributed-executor-backend ray \
    --gpu-memory-utilization 0.90 --port "$VP"
mkdir -p "$T/model"
echo '{"architectures": ["LlamaForCausalLM"]}' >"$T/model/config.json"
RAY_ADDRESS="127.0.0.1:$VP" HALOLINK_DOUBLE_RAY_CONNECT_TIMEOUT_S=0.5 expect 1 \
    "ConnectionError: Could not find any running Ray instance" \
    vllm serve "$T/model" --tensor-parallel-size 2 --distributed-executor-backend ray --port "$VP"
expect 2 "unrecognized arguments|required" vllm serve

step "vllm over NET/Socket; RayDistributedExecutor overwrites the worker's NCCL_IB_HCA"
NCCL_IB_HCA=nosuchdev NCCL_DEBUG=INFO VLLM_USE_RAY_V2_EXECUTOR_BACKEND=0 NCCL_IB_TIMEOUT=22 bg "$T/vllm1.log" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray \
    --gpu-memory-utilization 0.90 --host 0.0.0.0 --port "$VP" --enforce-eager --max-model-len 2048 --seed 1
V1=$!
wait_log "$T/vllm1.log" "Application startup complete" 20
curl -sf -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$VP/health" | grep -qx 200 || die "/health"
curl -sf "http://127.0.0.1:$VP/v1/models" >"$T/models.json"
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); m=d["data"][0]
assert d["object"]=="list" and m["id"]=="org/model" and m["owned_by"]=="vllm" and m["max_model_len"]==2048, d' \
    "$T/models.json" || die "/v1/models: $(cat "$T/models.json")"
curl -sfN "http://127.0.0.1:$VP/v1/chat/completions" -H 'Content-Type: application/json' \
    -d '{"model":"org/model","messages":[{"role":"user","content":"Hello there"}],"stream":true,"max_tokens":8,
         "stream_options":{"include_usage":true}}' >"$T/sse.txt" || die "streamed chat"
[ "$(grep -c '^data: {.*"chat.completion.chunk".*"content":"' "$T/sse.txt")" = 9 ] || { cat "$T/sse.txt"; die "SSE chunks"; }
grep -q '"completion_tokens":8' "$T/sse.txt" || die "SSE usage chunk"
[ "$(grep '^data: ' "$T/sse.txt" | tail -n 1)" = "data: [DONE]" ] || die "SSE [DONE]"
code=$(curl -s -o "$T/404.json" -w '%{http_code}' "http://127.0.0.1:$VP/v1/chat/completions" \
    -H 'Content-Type: application/json' -d '{"model":"other","messages":[{"role":"user","content":"x"}]}')
[ "$code" = 404 ] && grep -q '"NotFoundError"' "$T/404.json" || die "wrong model: $code $(cat "$T/404.json")"
curl -sf "http://127.0.0.1:$VP/v1/chat/completions" -H 'Content-Type: application/json' \
    -d '{"model":"org/model","messages":[{"role":"user","content":"x"}],"max_tokens":3}' >"$T/chat.json"
grep -q '"object":"chat.completion"' "$T/chat.json" && grep -q '"completion_tokens":3' "$T/chat.json" || die "chat"
expect 0 "^ 2.0/2.0 GPU" ray status
L1="$T/vllm1.log"
grep -q "\[ray_env.py:98\] Copying the following environment variables to workers: \[.*'NCCL_IB_HCA'" "$L1" ||
    die "no copy line"
grep -qE "^\(RayWorkerWrapper pid=[0-9]+, ip=127.0.0.2\) WARNING .* Overwriting environment variable NCCL_IB_HCA \
from '=rxe0:1' to 'nosuchdev'$" "$L1" || die "no overwrite line"
grep -qE "NCCL INFO NET/Socket : Using \[0\]lo:127.0.0.1<0>$" "$L1" || die "no NET/Socket line"
grep -qE "^\(RayWorkerWrapper pid=[0-9]+, ip=127.0.0.2\) .* NCCL INFO NET/IB : No device found.$" "$L1" ||
    die "the worker did not use the head's NCCL_IB_HCA"
grep -qE "NCCL INFO Channel 00/0 : 0\[0\] -> 1\[0\] \[send\] via NET/Socket/0 comm 0x" "$L1" || die "no Channel line"
grep -qE "^halolink-double: init 1048576 bytes over NET/Socket to 127.0.0.2 in [0-9.]+ s" "$L1" || die "no init line"
grep -qE "^halolink-double: allreduce 1048576 bytes over NET/Socket to 127.0.0.2" "$L1" || die "no allreduce line"
grep -qE 'INFO:     127.0.0.1:[0-9]+ - "GET /health HTTP/1.1" 200 OK' "$L1" || die "no access log"
pgrep -f "^ray::RayWorkerWrapper .*_hd_worker.py --worker 127.0.0.2" -P "$WA" >/dev/null || die "no worker process"
kill -TERM "$V1"
wait_exit "$V1"; [ "$RC" = 0 ] || die "vllm: SIGTERM exit code"
expect 0 "^ 0.0/2.0 GPU" ray status
sleep 0.5
pgrep -f "^ray::RayWorkerWrapper" -P "$WA" >/dev/null && die "the worker process outlived its vllm"

step "vllm: RayExecutorV2 never overwrites: the worker keeps NET/IB, the head NET/Socket: init fails"
NCCL_IB_HCA=nosuchdev NCCL_DEBUG=WARN expect 1 \
    "^RuntimeError: Engine core initialization failed. See root cause above. Failed core proc\(s\): \{\}$" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray --port "$VP"
grep -q "Overwriting environment variable" "$T/out.txt" && die "V2 overwrote"
grep -qE "^\(EngineCore_DP0 pid=[0-9]+\) RuntimeError: NCCL error: remote process exited or there was a network error" \
    "$T/out.txt" || die "no NCCL RuntimeError"
grep -qE "^\(RayWorkerProc pid=[0-9]+, ip=127.0.0.2\) .* NCCL WARN " "$T/out.txt" || die "no worker WARN line"

step "vllm: ray_non_carry_over_env_vars.json keeps the worker's NCCL_IB_HCA (RayDistributedExecutor)"
mkdir -p "$VLLM_CONFIG_ROOT"
echo '["NCCL_IB_HCA"]' >"$VLLM_CONFIG_ROOT/ray_non_carry_over_env_vars.json"
NCCL_IB_HCA=nosuchdev NCCL_DEBUG=INFO VLLM_USE_RAY_V2_EXECUTOR_BACKEND=0 expect 1 "Engine core initialization failed" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray --port "$VP"
grep -q "\[ray_env.py:103\] RAY_NON_CARRY_OVER_ENV_VARS from config: {'NCCL_IB_HCA'}$" "$T/out.txt" || die "no config line"
grep -q "Overwriting environment variable NCCL_IB_HCA" "$T/out.txt" && die "NCCL_IB_HCA was carried over"
grep -qE "^\(RayWorkerWrapper pid=[0-9]+, ip=127.0.0.2\) .* NCCL INFO NET/IB : Using \[0\]rxe0:1/RoCE" "$T/out.txt" ||
    die "the worker did not keep its NCCL_IB_HCA"
rm "$VLLM_CONFIG_ROOT/ray_non_carry_over_env_vars.json"

step "ray: a worker leaves (SIGTERM, exit 0); a second worker with a fake ibv_rc_pingpong"
kill -TERM "$WA"
wait_exit "$WA"; [ "$RC" = 0 ] || die "worker: SIGTERM exit code"
sleep 0.3
expect 0 "Autoscaler" ray status
[ "$(grep -cE '^ 1 node_' "$T/out.txt")" = 1 ] || die "ray status after the worker left"
grep -qx " (no failures)" "$T/out.txt" || die "a graceful stop counted as failure"
IBENV=(HALOLINK_DOUBLE_IB_SYSFS="$S" NCCL_IB_HCA="=rxe0:1" HALOLINK_DOUBLE_PINGPONG="$T/fake_pingpong")
env "${IBENV[@]}" bash -c 'exec "$@"' _ ray start --address="127.0.0.1:$RP" --node-ip-address=127.0.0.3 --num-gpus=1 \
    --block >"$T/worker-b.log" 2>&1 </dev/null &
WB=$!
PIDS+=("$WB")
wait_log "$T/worker-b.log" "Ray runtime started."

step "vllm over NET/IB (fake pingpong): QPs held for the communicator; a second vllm waits for the GPUs"
env "${IBENV[@]}" NCCL_DEBUG=INFO VLLM_HOST_IP=127.0.0.1 bash -c 'exec "$@"' _ vllm serve "$T/model" \
    --tensor-parallel-size 2 --distributed-executor-backend ray --host 127.0.0.1 --port "$VP" \
    --served-model-name served >"$T/vllm3.log" 2>&1 </dev/null &
V3=$!
PIDS+=("$V3")
wait_log "$T/vllm3.log" "Application startup complete" 20
curl -sf "http://127.0.0.1:$VP/v1/chat/completions" -H 'Content-Type: application/json' \
    -d '{"model":"served","messages":[{"role":"user","content":"x"}],"max_tokens":2}' >/dev/null || die "chat 3"
grep -q "NCCL INFO NET/IB : Using \[0\]rxe0:1/RoCE ; OOB lo:127.0.0.1<0>$" "$T/vllm3.log" || die "vllm3: NET/IB line"
grep -qE "^halolink-double: init 1048576 bytes over NET/IB to 127.0.0.1 in [0-9.]+ s" "$T/vllm3.log" || die "vllm3: init"
grep -qE "^halolink-double: allreduce 1048576 bytes over NET/IB to 127.0.0.1" "$T/vllm3.log" || die "vllm3: allreduce"
grep -qE "halolink-double: allreduce 1048576 bytes over NET/IB from 127.0.0.1" "$T/worker-b.log" || die "worker b"
descendant_pingpong() { # PID: a waiting fake_pingpong server (a held QP) under PID
    local p
    for p in $(pgrep -f "fake_pingpong -d rxe0 -i 1 -g 1 -s 4096 -n 1 "); do
        while [ "$p" -gt 1 ]; do
            [ "$p" = "$1" ] && return 0
            p=$(awk '{print $4}' "/proc/$p/stat" 2>/dev/null) || break
        done
    done
    return 1
}
descendant_pingpong "$WB" || die "no QP held under the worker's ray start"
descendant_pingpong "$V3" || die "no QP held under vllm serve"
HALOLINK_DOUBLE_PG_TIMEOUT_S=1 NCCL_IB_HCA=nosuchdev expect 1 "ValueError: Cannot provide a placement group" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray --port "$(free_port)"
kill -TERM "$V3"
wait_exit "$V3"; [ "$RC" = 0 ] || die "vllm3: SIGTERM exit code"
sleep 0.5
descendant_pingpong "$WB" && die "the worker's QP outlived the communicator"

step "vllm: NCCL_IB_GID_INDEX beyond the GID table: ibv_query_gid fails, no fallback"
HALOLINK_DOUBLE_IB_SYSFS="$S" NCCL_IB_HCA="=rxe0:1" HALOLINK_DOUBLE_PINGPONG="$T/fake_pingpong" \
    NCCL_DEBUG=WARN NCCL_IB_GID_INDEX=7 expect 1 "^RuntimeError: Engine core initialization failed" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray --port "$VP"
grep -qE "^[^ ]+:[0-9]+:[0-9]+ \[0\] misc/ibvwrap.cc:137 NCCL WARN Call to ibv_query_gid failed with error Unknown error -1 \
errno -1$" "$T/out.txt" || die "no ibv_query_gid WARN"
grep -q "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)" "$T/out.txt" ||
    die "no system error"
grep -q "NCCL INFO" "$T/out.txt" && die "INFO lines with NCCL_DEBUG=WARN"

step "vllm: a QP that never completes: RCCL's retries, then a failed init (no fallback)"
HALOLINK_DOUBLE_IB_SYSFS="$S" NCCL_IB_HCA="=rxe0:1" HALOLINK_DOUBLE_PINGPONG="$T/fake_pingpong" \
    FAKE_PP_CLIENT_FAIL=1 NCCL_DEBUG=WARN NCCL_IB_TIMEOUT=12 VLLM_HOST_IP=127.0.0.1 expect 1 \
    "^RuntimeError: Engine core initialization failed" \
    vllm serve org/model --tensor-parallel-size 2 --distributed-executor-backend ray --port "$VP"
grep -qE "transport/net_ib.cc:1985 NCCL WARN NET/IB : Got completion from peer 127.0.0.1<0> with status=12 " \
    "$T/out.txt" || die "no completion WARN"
grep -q "NCCL error: remote process exited or there was a network error" "$T/out.txt" || die "no remote error"

step "vllm: --api-key; the worker's node dies: /health 503, exit 1"
env "${IBENV[@]}" VLLM_HOST_IP=127.0.0.1 HALOLINK_DOUBLE_STARTUP_S=0 bash -c 'exec "$@"' _ vllm serve org/model \
    --tensor-parallel-size 2 --distributed-executor-backend ray --host 127.0.0.1 --port "$VP" --api-key sekrit \
    >"$T/vllm4.log" 2>&1 </dev/null &
V4=$!
PIDS+=("$V4")
wait_log "$T/vllm4.log" "Application startup complete" 20
[ "$(curl -s -w ' %{http_code}' "http://127.0.0.1:$VP/v1/models")" = '{"error":"Unauthorized"} 401' ] || die "401"
curl -sf -o /dev/null -H "Authorization: Bearer sekrit" "http://127.0.0.1:$VP/v1/models" || die "the key is refused"
curl -sf -o /dev/null "http://127.0.0.1:$VP/health" || die "/health is not public"
{ kill -KILL "$WB"; wait_exit "$WB"; } 2>/dev/null # (no "Killed" job notice)
wait_log "$T/vllm4.log" "the engine is dead" 10
code=$(curl -s -o "$T/h.txt" -w '%{http_code}' "http://127.0.0.1:$VP/health") || true
[ "$code" = 503 ] && [ ! -s "$T/h.txt" ] || die "vllm4: /health answered $code after the node died, expected 503"
wait_exit "$V4" 10; [ "$RC" = 1 ] || die "vllm4: did not exit 1 after its worker's node died"
grep -q "ActorDiedError" "$T/vllm4.log" || die "vllm4: no ActorDiedError"

step "ray: the head stops; its worker loses it (exit 1); ray stop"
bg "$T/worker-c.log" ray start --address="127.0.0.1:$RP" --node-ip-address=127.0.0.2 --num-gpus=1 --block
WC=$!
wait_log "$T/worker-c.log" "Ray runtime started."
kill -TERM "$HEAD"
wait_exit "$HEAD"; [ "$RC" = 0 ] || die "head: SIGTERM exit code"
wait_exit "$WC" 10; [ "$RC" = 1 ] || die "worker: did not exit 1 when the head was lost"
grep -q "Failed to connect to GCS" "$T/worker-c.log" || die "worker: no GCS message"
[ ! -e "$HALOLINK_DOUBLE_RAY_DIR/ray_current_cluster" ] || die "ray_current_cluster left behind"
expect 0 "Did not find any active Ray processes." ray stop
expect 0 "Ray runtime started." ray start --head --port="$RP" --node-ip-address=127.0.0.1 --num-gpus=1
expect 0 "^ 1 node_" ray status
expect 0 "Stopped all 1 Ray processes." ray stop
RAY_enable_autoscaler_v2=1 expect 0 "Ray runtime started." \
    ray start --head --port="$RP" --node-ip-address=127.0.0.1 --num-gpus=1
expect 0 "^Idle:$" ray status # autoscaler v2: nodes without work are idle
grep -A1 -x "Active:" "$T/out.txt" | grep -qx " (no active nodes)" && grep -A1 -x "Idle:" "$T/out.txt" |
    grep -qE "^ 1 node_[0-9a-f]{56}$" && grep -qx "Total Usage:" "$T/out.txt" || die "ray status v2: $(cat "$T/out.txt")"
expect 0 "Stopped all 1 Ray processes." ray stop

HALOLINK_DOUBLE_STATUS_TIMEOUT_S=0.5 expect 1 "Could not find any running Ray instance" ray status

step "llama.cpp: ggml-rpc-server, the old rpc-server, and their failures"
LP=$(free_port)
RPCP=$(free_port)
printf 'GGUF\003\000\000\000' >"$T/model.gguf" # GGUF's magic, version 3, then anything
head -c 8192 /dev/zero >>"$T/model.gguf"
printf 'GGML\001\000\000\000' >"$T/old.gguf" # not GGUF's magic
bg "$T/rpc.log" ggml-rpc-server -H 127.0.0.2 -p "$RPCP" -t 2 -c
RS=$!
wait_log "$T/rpc.log" "^Starting RPC server v3\.0\.0$"
grep -qx "  endpoint       : 127.0.0.2:$RPCP" "$T/rpc.log" && grep -qE "^  CPU: .* \([0-9]+ MiB, [0-9]+ MiB free\)$" \
    "$T/rpc.log" && grep -qx "WARNING: Host ('127.0.0.2') is != '127.0.0.1'" "$T/rpc.log" || die "ggml-rpc-server banner"
expect 1 "^Failed to create server socket$" ggml-rpc-server -H 127.0.0.2 -p "$RPCP"
expect 0 "^error: unknown argument: --bogus$" ggml-rpc-server -H 127.0.0.2 -p "$(free_port)" --bogus
expect 0 "^error: unknown argument: -m$" ggml-rpc-server -H 127.0.0.2 -p "$(free_port)" -m 2048
expect 1 "^Invalid parameters$" ggml-rpc-server -p
command -v rpc-server >/dev/null && die "rpc-server is in PATH next to ggml-rpc-server"
OLDP=$(free_port)
PATH="$D/llama-old:/usr/bin:/bin" bg "$T/rpc-old.log" rpc-server -H 127.0.0.2 -p "$OLDP" -m 2048
RSO=$!
wait_log "$T/rpc-old.log" "^  CPU: .* \(2048 MiB, 2048 MiB free\)$"
PATH="$D/llama-old:/usr/bin:/bin" command -v ggml-rpc-server >/dev/null && die "llama-old has ggml-rpc-server"
PATH="$D/llama-old:/usr/bin:/bin" expect 0 "^error: unknown argument: --bogus$" rpc-server --bogus
kill -TERM "$RSO"
wait_exit "$RSO"; [ "$RC" = 0 ] || die "old rpc-server: SIGTERM exit code $RC"

step "llama.cpp: llama-server's failures"
expect 1 "llama_model_load: error loading model: failed to open $T/missing.gguf: No such file or directory" \
    llama-server -m "$T/missing.gguf" --host 127.0.0.1 --port "$LP" -ngl 999
grep -q "^main: error: unable to load model" "$T/out.txt" || die "llama-server: no 'unable to load model'"
expect 1 "invalid magic characters: 'GGML', expected 'GGUF'" \
    llama-server -m "$T/old.gguf" --host 127.0.0.1 --port "$LP" -ngl 999
grep -q "^main: error: unable to load model" "$T/out.txt" || die "llama-server: invalid magic not fatal"
expect 1 "^main: couldn't bind HTTP server socket, hostname: 0.0.0.0, port: $RPCP" \
    llama-server -m "$T/model.gguf" --host 0.0.0.0 --port "$RPCP" -ngl 999 --rpc "127.0.0.2:$RPCP"
HALOLINK_DOUBLE_RPC_CONNECT_TIMEOUT_S=0.5 expect 1 "failed to connect to rpc server.*127.0.0.2:$LP" \
    llama-server -m "$T/model.gguf" --host 127.0.0.1 --port "$LP" -ngl 999 --rpc "127.0.0.2:$RPCP,127.0.0.2:$LP"
grep -q "^main: error: unable to load model" "$T/out.txt" || die "llama-server: rpc down not fatal"

step "llama.cpp: llama-server -ngl 999 --rpc 127.0.0.2:$RPCP"
HALOLINK_DOUBLE_STARTUP_S=1.5 bg "$T/llama.log" llama-server -m "$T/model.gguf" --host 0.0.0.0 --port "$LP" \
    -ngl 999 --rpc "127.0.0.2:$RPCP" -c 2048 --temp 0.7 --no-webui
LS=$!
wait_log "$T/llama.log" "^main: HTTP server is listening, hostname: 0.0.0.0, port: $LP"
code=$(curl -s -o "$T/health.json" -w '%{http_code}' "http://127.0.0.1:$LP/health") || true
[ "$code" = 503 ] && [ "$(cat "$T/health.json")" = \
    '{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}' ] ||
    die "llama-server: /health while loading: $code $(cat "$T/health.json")"
wait_log "$T/llama.log" "^main: server is listening on http://0.0.0.0:$LP - starting the main loop" 10
[ "$(curl -sf "http://127.0.0.1:$LP/health")" = '{"status":"ok"}' ] || die "llama-server: /health once loaded"
curl -sf "http://127.0.0.1:$LP/v1/models" >"$T/models.json"
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); m=d["data"][0]
assert d["object"]=="list" and m["id"]==sys.argv[2] and m["owned_by"]=="llamacpp", d' \
    "$T/models.json" "$T/model.gguf" || die "llama-server /v1/models: $(cat "$T/models.json")"
curl -sfN "http://127.0.0.1:$LP/v1/chat/completions" -H 'Content-Type: application/json' \
    -d '{"model":"whatever","messages":[{"role":"user","content":"Hello there"}],"stream":true,"max_tokens":8,
         "stream_options":{"include_usage":true}}' >"$T/llama-sse.txt" || die "llama-server: streamed chat"
[ "$(grep -c '^data: {.*"delta":{"content":"' "$T/llama-sse.txt")" = 8 ] || { cat "$T/llama-sse.txt"; die "SSE chunks"; }
grep -q '^data: {"choices":\[\],.*"usage":{"completion_tokens":8,' "$T/llama-sse.txt" || die "llama SSE usage"
grep -q '"finish_reason":"length"' "$T/llama-sse.txt" || die "llama SSE finish_reason"
[ "$(grep '^data: ' "$T/llama-sse.txt" | tail -n 1)" = "data: [DONE]" ] || die "llama SSE [DONE]"
curl -sf "http://127.0.0.1:$LP/v1/chat/completions" -H 'Content-Type: application/json' \
    -d '{"messages":[{"role":"user","content":"x"}],"max_tokens":3}' >"$T/llama-chat.json" || die "llama chat"
grep -q '"object":"chat.completion"' "$T/llama-chat.json" && grep -q '"completion_tokens":3' "$T/llama-chat.json" ||
    die "llama-server chat: $(cat "$T/llama-chat.json")"
# (the lines after an answer may follow curl's exit: waited for)
wait_log "$T/rpc.log" "^halolink-double: RPC\[127.0.0.2:$RPCP\] set_tensor: 1048576 bytes from 127.0.0.1:[0-9]+" 5
wait_log "$T/rpc.log" \
    "^halolink-double: RPC\[127.0.0.2:$RPCP\] graph_compute: task 0 from 127.0.0.1:[0-9]+: 9 batches, [0-9]{7} bytes received" 5
grep -qE "^llm_load_tensors: RPC\[127.0.0.2:$RPCP\] buffer size = [0-9.]+ MiB" "$T/llama.log" || die "no buffer line"
grep -qE "^llama_model_load_from_file_impl: using device RPC\[127.0.0.2:$RPCP\]" "$T/llama.log" || die "no device line"
wait_log "$T/llama.log" "^ggml_backend_rpc: RPC\[127.0.0.2:$RPCP\]: task 1: 4 batches, [0-9]+ bytes sent" 5
grep -q "^srv  log_server_r: request: GET /health 127.0.0.1 503" "$T/llama.log" || die "llama-server: no 503 log line"
wait_log "$T/llama.log" "^srv  log_server_r: request: POST /v1/chat/completions 127.0.0.1 200" 5
kill -TERM "$LS"
wait_exit "$LS"; [ "$RC" = 0 ] || die "llama-server: SIGTERM exit code $RC"
grep -q "^halolink-double: client connection closed" "$T/rpc.log" || die "rpc-server: the closed connection is not logged"

step "llama.cpp: the rpc-server stops (SIGTERM, exit 0); llama-server's next completion fails, exit 1"
HALOLINK_DOUBLE_STARTUP_S=0 bg "$T/llama2.log" llama-server -m "$T/model.gguf" --host 127.0.0.1 --port "$LP" \
    -ngl 999 --rpc "127.0.0.2:$RPCP"
LS2=$!
wait_log "$T/llama2.log" "starting the main loop"
kill -TERM "$RS"
wait_exit "$RS"; [ "$RC" = 0 ] || die "rpc-server: SIGTERM exit code $RC"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$LP/v1/chat/completions" \
    -d '{"messages":[{"role":"user","content":"x"}],"max_tokens":2}') || true
[ "$code" = 500 ] || die "llama-server: a completion without its rpc-server answered $code"
wait_exit "$LS2"; [ "$RC" = 1 ] || die "llama-server: exit code $RC after losing its rpc-server, expected 1"
grep -q "lost the connection to the RPC server at 127.0.0.2:$RPCP" "$T/llama2.log" || die "llama2: no loss line"

step "llama.cpp: RDMA between llama-server and ggml-rpc-server (fake sysfs and pingpong); --api-key"
RD=(HALOLINK_DOUBLE_IB_SYSFS="$S" HALOLINK_DOUBLE_PINGPONG="$T/fake_pingpong")
RPCR=$(free_port)
env "${RD[@]}" bash -c 'exec "$@"' _ ggml-rpc-server -H 127.0.0.1 -p "$RPCR" >"$T/rpc-rdma.log" 2>&1 </dev/null &
RSR=$!
PIDS+=("$RSR")
wait_log "$T/rpc-rdma.log" "^Devices:"
# Every 2nd bulk pair fails on purpose: each is tried again on a fresh pair, and the answers still come.
env "${RD[@]}" HALOLINK_DOUBLE_STARTUP_S=0 HALOLINK_DOUBLE_RDMA_BULK_FAIL_EVERY=2 bash -c 'exec "$@"' _ llama-server \
    -m "$T/model.gguf" --host 127.0.0.1 --port "$LP" -ngl 999 --rpc "127.0.0.1:$RPCR" --api-key k1,k2 \
    >"$T/llama-rdma.log" 2>&1 </dev/null &
LSR=$!
PIDS+=("$LSR")
wait_log "$T/llama-rdma.log" "starting the main loop"
for f in "$T/llama-rdma.log" "$T/rpc-rdma.log"; do
    grep -qx "RDMA probed: dev=rxe0 gid=1 RoCEv2 qpn=17 inline=256" "$f" || die "no probe line in $f"
    grep -qx "RDMA activated: qpn=17->17 mtu=1024 rx_depth=24" "$f" || die "no activation line in $f"
done
grep -qx "srv          init: api_keys: ****k1,k2" "$T/llama-rdma.log" && die "keys not split"
grep -qx "srv          init: api_keys: 2 keys loaded" "$T/llama-rdma.log" || die "no api_keys line"
[ "$(curl -s -w ' %{http_code}' "http://127.0.0.1:$LP/v1/chat/completions" -d '{"messages":[{"role":"user","content":"x"}]}')" \
    = '{"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}} 401' ] || die "llama 401"
curl -sf -o /dev/null "http://127.0.0.1:$LP/health" && curl -sf -o /dev/null "http://127.0.0.1:$LP/v1/models" ||
    die "llama-server: public routes refused"
curl -sf -o /dev/null -H "X-Api-Key: k2" "http://127.0.0.1:$LP/v1/chat/completions" \
    -d '{"messages":[{"role":"user","content":"x"}],"max_tokens":2}' || die "llama-server: X-Api-Key refused"
curl -sf -o /dev/null -H "Authorization: Bearer k1" "http://127.0.0.1:$LP/props" || die "llama-server: Bearer refused"
wait_log "$T/rpc-rdma.log" "graph_compute: task 0 .*: 3 batches" 5
grep -q "^halolink-double: RDMA bulk transfer failed (attempt 1 of 3), again on a fresh pair" "$T/llama-rdma.log" ||
    die "no bulk pair was tried again"
kill -TERM "$LSR" "$RSR"
wait_exit "$LSR"; wait_exit "$RSR"
HALOLINK_DOUBLE_RPC_RDMA_BUILD=0 env "${RD[@]}" bash -c 'exec "$@"' _ ggml-rpc-server -H 127.0.0.1 -p "$RPCR" \
    >"$T/rpc-tcp.log" 2>&1 </dev/null &
RST=$!
PIDS+=("$RST")
wait_log "$T/rpc-tcp.log" "^Devices:"
env "${RD[@]}" HALOLINK_DOUBLE_STARTUP_S=0 bash -c 'exec "$@"' _ llama-server -m "$T/model.gguf" --host 127.0.0.1 \
    --port "$LP" -ngl 999 --rpc "127.0.0.1:$RPCR" >"$T/llama-tcp.log" 2>&1 </dev/null &
LST=$!
PIDS+=("$LST")
wait_log "$T/llama-tcp.log" "starting the main loop"
grep -q "^RDMA probed" "$T/llama-tcp.log" || die "the client did not probe"
grep -q "^RDMA" "$T/rpc-tcp.log" && die "a server built without RDMA probed"
grep -q "^RDMA activated" "$T/llama-tcp.log" && die "activated against a server without RDMA"
kill -TERM "$LST" "$RST"
wait_exit "$LST"; wait_exit "$RST"

step "no process left"
left=""
for pid in $(ps -eo pid=); do
    args=$({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null) || continue
    case "$args" in
    *"$D/ray "* | *"$D/vllm "* | *"$D/ggml-rpc-server "* | *rpc-server* | *"$D/llama-server "* | *pingpong* | ray::*)
        { tr '\0' '\n' <"/proc/$pid/environ"; } 2>/dev/null | grep -qxF "HALOLINK_DOUBLE_RAY_DIR=$HALOLINK_DOUBLE_RAY_DIR" &&
            left="$left $pid"
        ;;
    esac
done
[ -z "$left" ] || { ps -o pid,args -p "${left# }" >&2 || true; die "processes left:$left"; }

printf 'PASS: HaloLink ray/vllm/rpc-server/llama-server test doubles self-test (%d s)\n' $((SECONDS - START))
