#!/usr/bin/env bash
# In a lab of three or more nodes (multicast data segment), RoCE v2 works
# between node2 and node3 too, not only on the first pair.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
require_lab

n=$(lab_node_count)
[ "$n" -ge 3 ] || skip_test "the lab has $n nodes; this test needs 3 (lab up 3)"
"$LAB" rxe 2 3 | sed 's/^/  /' || fail "lab rxe 2 3 failed"
run_verbs_pair 2 3 18515 ibv_rc_pingpong -d rxe0 -g @GID@ -n 50
run_verbs_pair 3 2 18515 ib_send_lat -d rxe0 -x @GID@ -F -n 100
note "RoCE v2 verbs passed between node2 and node3"
