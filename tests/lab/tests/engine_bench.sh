#!/usr/bin/env bash
# engine reflect on node2, engine bench on node1, across the data-plane link:
# TCP and RDMA latency and bandwidth complete with sane numbers, RDMA uses
# rxe0 with the detected GID index, and --tos is honoured: the RoCE v2
# packets on the wire carry the traffic class asked for.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
# shellcheck source=engine_lib.sh
source "$(dirname "$0")/engine_lib.sh"
require_lab
command -v tcpdump >/dev/null || fail "tcpdump is not installed (scripts/install-deps.sh --lab installs it)"

"$LAB" rxe 1 2 >/dev/null || fail "lab rxe 1 2 failed"
peer=$(data_ipv4 2)
gid=$(gid_index 1)
port=7471
trap 'stop_reflector 2 $port' EXIT
start_reflector 2 "$port"

sane_latency() { # $1 = document, $2 = transport
  jcheck "$1" "d[\"schema\"] == \"halolink.bench/1\" and d[\"transport\"] == \"$2\" and d[\"test\"] == \"latency\""
  jcheck "$1" 'd["rtt_ns"]["min"] > 0 and d["rtt_ns"]["min"] <= d["rtt_ns"]["p50"] <= d["rtt_ns"]["p99"] <= d["rtt_ns"]["max"] < 5e9' "ordered, positive round trips"
  jcheck "$1" 'abs(d["one_way_ns"]["p50"] - d["rtt_ns"]["p50"] / 2) <= 1' "one way is half the round trip"
}

run_engine 1 bench --peer "$peer" --port "$port" --transport tcp --test latency --iters 300 --warmup 30
[ "$RC" = 0 ] || fail "TCP latency exited $RC: $OUT"
sane_latency "$OUT" tcp
note "TCP latency over eth1: one-way p50 $(jget "$OUT" 'd["one_way_ns"]["p50"]') ns"

run_engine 1 bench --peer "$peer" --port "$port" --transport tcp --test bandwidth --duration 2
[ "$RC" = 0 ] || fail "TCP bandwidth exited $RC: $OUT"
jcheck "$OUT" 'd["bandwidth_bps"] > 1e5' "TCP bandwidth is positive"
note "TCP bandwidth over eth1: $(jget "$OUT" 'round(d["bandwidth_bps"] / 1e6, 1)') Mbit/s"

# RDMA latency with ToS 104 (DSCP 26), captured on node2's data NIC.
"$LAB" ssh 2 -- sh -c 'exec >/dev/null 2>&1; setsid timeout 90 tcpdump -i eth1 -nn -v -c 300 udp port 4791 >/tmp/roce.cap 2>/tmp/roce.err & echo $! >/tmp/tcpdump.pid'
for ((n = 0; n < 40; n++)); do
  "$LAB" ssh 2 -- grep -q 'listening on' /tmp/roce.err 2>/dev/null && break
  sleep 0.5
done
run_engine 1 bench --peer "$peer" --port "$port" --transport rdma --test latency --iters 300 --warmup 30 --tos 104
[ "$RC" = 0 ] || fail "RDMA latency exited $RC: $OUT"
sane_latency "$OUT" rdma
jcheck "$OUT" "d[\"device\"] == \"rxe0\" and d[\"gid_index\"] == $gid and d[\"tos\"] == 104" "RDMA used rxe0, GID $gid, ToS 104"
note "RDMA latency over rxe0: one-way p50 $(jget "$OUT" 'd["one_way_ns"]["p50"]') ns"
sleep 1
"$LAB" ssh 2 -- sh -c 'kill "$(cat /tmp/tcpdump.pid)" 2>/dev/null; sleep 0.5; true'
cap=$("$LAB" ssh 2 -- cat /tmp/roce.cap)
head -4 <<<"$cap" | sed 's/^/  capture| /'
# Sort the packets: connection-manager datagrams (256-byte MADs to QP1: UDP
# length 280) and the test's own sends; the test's packets must all be
# marked, and must be there.
read -r mads marked_mads sends marked_sends < <(python3 -c '
import re, sys
mads = marked_mads = sends = marked_sends = 0
tos = None
for line in sys.stdin:
    m = re.search(r"IP \(tos (0x[0-9a-f]+)", line)
    if m:
        tos = m.group(1)
        continue
    m = re.search(r"UDP, length (\d+)", line)
    if m and tos is not None:
        if int(m.group(1)) == 280:
            mads += 1; marked_mads += tos == "0x68"
        else:
            sends += 1; marked_sends += tos == "0x68"
        tos = None
print(mads, marked_mads, sends, marked_sends)
' <<<"$cap")
note "captured $mads CM datagrams ($marked_mads marked) and $sends data packets ($marked_sends with tos 0x68)"
[ "$sends" -ge 20 ] || fail "fewer than 20 RoCE v2 data packets captured on node2's eth1"
[ "$marked_sends" = "$sends" ] || fail "only $marked_sends of $sends RoCE v2 data packets carried tos 0x68 (DSCP 26)"
note "RoCE v2 packets on the wire carry tos 0x68 (DSCP 26)"

run_engine 1 bench --peer "$peer" --port "$port" --transport rdma --test bandwidth --duration 2
[ "$RC" = 0 ] || fail "RDMA bandwidth exited $RC: $OUT"
jcheck "$OUT" "d[\"bandwidth_bps\"] > 1e5 and d[\"device\"] == \"rxe0\" and d[\"gid_index\"] == $gid" "RDMA bandwidth is positive, on rxe0"
note "RDMA write bandwidth over rxe0: $(jget "$OUT" 'round(d["bandwidth_bps"] / 1e6, 1)') Mbit/s"
