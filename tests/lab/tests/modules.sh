#!/usr/bin/env bash
# shellcheck disable=SC2016 # single-quoted text is for the node's shell
# Every node runs the cached Debian kernel and can load the RDMA and network
# modules HaloLink's configuration engine needs; configfs is mounted.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
require_lab

n=$(lab_node_count)
for ((i = 1; i <= n; i++)); do
  "$LAB" ssh "$i" -- bash -c '
    set -e
    echo "kernel $(uname -r)"
    [ -d "/lib/modules/$(uname -r)" ] || { echo "no modules for $(uname -r)"; exit 1; }
    for m in crc32_generic rdma_rxe ib_uverbs rdma_ucm veth; do
      modprobe "$m"
      [ -d "/sys/module/$m" ] || { echo "module $m did not load"; exit 1; }
    done
    ip link add halolab-va type veth peer name halolab-vb
    ip link del halolab-va
    grep -q " /sys/kernel/config configfs " /proc/mounts || { echo "configfs is not mounted"; exit 1; }
    [ -d /sys/kernel/config/rdma_cm ] || { echo "no rdma_cm in configfs"; exit 1; }
    [ -c /dev/infiniband/rdma_cm ] || { echo "no /dev/infiniband/rdma_cm"; exit 1; }
    echo "modules ok"
  ' | sed "s/^/  node$i| /" || fail "node$i: module checks failed"
done
note "rdma_rxe, ib_uverbs, rdma_ucm, veth, crc32_generic load on all $n nodes"
