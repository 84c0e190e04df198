#!/usr/bin/env bash
# The engine deployed into the VMs over SSH reports the Soft-RoCE device as
# it is: rxe0 on eth1, transport roce, the RoCE v2 IPv4 GID index the node's
# own sysfs gives, the active MTU ibv_devinfo gives, management on eth0. A
# snapshot taken in the VM replays to the same answer.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
# shellcheck source=engine_lib.sh
source "$(dirname "$0")/engine_lib.sh"
require_lab

"$LAB" rxe 1 2 >/dev/null || fail "lab rxe 1 2 failed"
engine=$(deploy_engine 1)
again=$(deploy_engine 1)
[ "$engine" = "$again" ] || fail "a second deployment chose another path"
note "engine deployed to node1 at $engine"

run_engine 1 probe --compact
[ "$RC" = 0 ] || fail "probe exited $RC"
doc=$OUT
gid=$(gid_index 1)
mtu=$("$LAB" ssh 1 -- ibv_devinfo -v -d rxe0 | awk '/active_mtu:/ {print $2; exit}')
addr=$(data_ipv4 1)
note "expected: rxe0 on eth1, GID index $gid, active MTU $mtu, address $addr"

jcheck "$doc" 'd["schema"] == "halolink.probe/1"'
jcheck "$doc" 'd["libraries"]["libibverbs"] is True and d["libraries"]["librdmacm"] is True' "rdma-core loads in the VM"
jcheck "$doc" '[p["device"] for p in d["rdma"]] == ["rxe0"]' "exactly one RDMA port, rxe0"
port='d["rdma"][0]'
jcheck "$doc" "$port[\"transport\"] == \"roce\" and $port[\"link_layer\"] == \"Ethernet\"" "rxe0 is RoCE"
jcheck "$doc" "$port[\"netdev\"] == \"eth1\"" "rxe0 sits on eth1"
jcheck "$doc" "$port[\"state\"] == \"ACTIVE\"" "rxe0 port is ACTIVE"
jcheck "$doc" "$port[\"roce_v2_ipv4_gid_index\"] == $gid" "RoCE v2 IPv4 GID index is $gid as sysfs says"
jcheck "$doc" "any(g[\"index\"] == $gid and g[\"gid\"] == \"::ffff:$addr\" and g[\"type\"] == \"RoCE v2\" for g in $port[\"gids\"])" "GID $gid is ::ffff:$addr, RoCE v2"
jcheck "$doc" "$port[\"active_mtu\"] == $mtu" "active MTU (verbs) equals ibv_devinfo's $mtu"
jcheck "$doc" '{n["netdev"]: n["rdma_device"] for n in d["nics"]}.get("eth1") == "rxe0"' "eth1's RDMA device is rxe0"
jcheck "$doc" '{n["netdev"]: n["carries_management"] for n in d["nics"]} == {"eth0": True, "eth1": False}' "the SSH connection runs over eth0, not the data plane"
jcheck "$doc" 'all(c["status"] == "pass" for c in d["checks"] if c["id"] in ("no_rdma_device", "port_not_active", "no_roce_v2_gid", "rdma_core_missing", "iwarp_mode", "management_on_rdma_netdev"))' "RDMA checks pass"

# Snapshot in the VM, replayed in the VM: the same document.
snap=/tmp/halolink-snapshot-$$
run_engine 1 snapshot --out "$snap"
[ "$RC" = 0 ] || fail "snapshot exited $RC: $OUT"
"$LAB" ssh 1 -- test -f "$snap/cmd/ibv_devinfo_-v_-d_rxe0.out" || fail "the snapshot lacks ibv_devinfo's output"
run_engine 1 probe --compact
live=$OUT
run_engine 1 probe --compact --root "$snap"
[ "$RC" = 0 ] || fail "probe --root exited $RC"
replay=$OUT
python3 - "$live" "$replay" <<'PY' || fail "the replayed snapshot differs from the live probe"
import json, sys
live, replay = (json.loads(a) for a in sys.argv[1:3])
for doc in (live, replay):
    for g in doc["gpus"]:
        for k in ("busy_percent", "vram_used_bytes", "gtt_used_bytes", "power_w", "temperature_c"):
            g.pop(k, None)
if live != replay:
    for k in live:
        if live[k] != replay.get(k):
            print("differs:", k, json.dumps(live[k])[:500], "vs", json.dumps(replay.get(k))[:500], file=sys.stderr)
    sys.exit(1)
PY
"$LAB" ssh 1 -- rm -rf "$snap"
note "probe and snapshot replay agree on node1 (rxe0, GID $gid, MTU $mtu)"
