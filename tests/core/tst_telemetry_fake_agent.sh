#!/bin/sh
# TEST DOUBLE for `halolink-engine agent` (docs/agent-protocol.md); NOT the engine.
# tst_telemetryingest copies it into a temporary directory and runs it as the
# "engine": it says hello, answers the first request (telemetry.start), writes
# that request to requests.log next to itself, then prints FAKE_FRAMES frames
# (default 200) 50 ms apart and exits — which the app must treat as a lost agent.
[ "$1" = "agent" ] || { echo "usage: fake agent" >&2; exit 2; }
here=$(dirname "$0")
frames=${FAKE_FRAMES:-200}
[ -f "$here/frames" ] && frames=$(cat "$here/frames")
echo '{"event":"hello","engine_version":"0.1.0","protocol":1,"capabilities":["telemetry"],"hostname":"fakehost","pid":1}'
IFS= read -r line
printf '%s\n' "$line" >> "$here/requests.log"
id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
echo "{\"id\":$id,\"result\":{\"interval_ms\":100}}"
i=0
while [ "$i" -lt "$frames" ]; do
  t=$(date +%s%N)
  echo "{\"event\":\"frame\",\"seq\":$i,\"time_ns\":$t,\"interval_ns\":50000000,\"gpus\":[{\"card\":\"card0\",\"busy_percent\":$i,\"vram_used_bytes\":1000,\"gtt_used_bytes\":2000}],\"nics\":[{\"netdev\":\"eth0\",\"rx_bytes_per_s\":$((i*1000)),\"tx_bytes_per_s\":null}],\"rdma\":[]}"
  i=$((i+1))
  sleep 0.05
done
