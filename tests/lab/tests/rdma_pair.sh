#!/usr/bin/env bash
# Soft-RoCE between node1 and node2: `lab rxe` creates rxe0 on each data NIC,
# then real RoCE v2 verbs traffic runs with the detected GID index.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
require_lab

"$LAB" rxe 1 2 | sed 's/^/  /' || fail "lab rxe 1 2 failed"
note "GID index: node1 $(gid_index 1), node2 $(gid_index 2)"
run_verbs_pair 1 2 18515 ibv_rc_pingpong -d rxe0 -g @GID@ -n 50
run_verbs_pair 1 2 18515 ib_send_lat -d rxe0 -x @GID@ -F -n 200
note "ibv_rc_pingpong and ib_send_lat passed between node1 and node2"
