#!/usr/bin/env bash
# shellcheck disable=SC2016 # single-quoted text is for the node's shell
# SSH to every node works with strict host key checking against the lab's
# known_hosts, and a wrong or missing pinned key is refused.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
require_lab

lab_dir=$("$LAB" status --json | sed -n 's/^{"lab_dir":"\([^"]*\)".*/\1/p')
cfg=$lab_dir/ssh_config
[ -f "$cfg" ] || fail "no ssh_config in $lab_dir"
n=$(lab_node_count)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Fresh connections (no multiplexing), so each one really checks the host key.
fresh=(-F "$cfg" -o ControlMaster=no -o ControlPath=none -o StrictHostKeyChecking=yes)
for ((i = 1; i <= n; i++)); do
  name=$(timeout 120 ssh "${fresh[@]}" "node$i" hostname) || fail "node$i: strict SSH login failed"
  [ "$name" = "node$i" ] || fail "node$i answered as '$name'"
  note "node$i: strict host key check passed (hostname $name)"

  # Through the wrapper too (reuses the lab's connection).
  [ "$("$LAB" ssh "$i" -- hostname)" = "node$i" ] || fail "node$i: lab ssh failed"
done

# Exit codes and quoting go through `lab ssh` unchanged.
rc=0
"$LAB" ssh 1 -- sh -c 'exit 42' || rc=$?
[ "$rc" = 42 ] || fail "lab ssh did not propagate exit code 42 (got $rc)"
got=$("$LAB" ssh 1 -- printf '%s|' 'a b' '$HOME' "it's" '*')
[ "$got" = "a b|\$HOME|it's|*|" ] || fail "lab ssh mangled arguments: '$got'"
note "lab ssh propagates exit codes and quotes arguments"

# No pinned key: refused.
: >"$scratch/empty_known_hosts"
if timeout 120 ssh "${fresh[@]}" -o UserKnownHostsFile="$scratch/empty_known_hosts" node1 true 2>"$scratch/err"; then
  fail "login succeeded without a pinned host key"
fi
grep -q 'Host key verification failed' "$scratch/err" || fail "unexpected error: $(cat "$scratch/err")"

# Another node's key pinned for node1's port: refused.
if [ "$n" -ge 2 ]; then
  port_of() { "$LAB" status | awk -v n="node$1" '$1 == n {sub(/.*:/, "", $3); print $3}'; }
  port1=$(port_of 1)
  key2=$(awk -v h="[127.0.0.1]:$(port_of 2)" '$1 == h {print $2, $3}' "$lab_dir/known_hosts")
  [ -n "$key2" ] || fail "node2's key is not pinned in $lab_dir/known_hosts"
  printf '[127.0.0.1]:%s %s\n' "$port1" "$key2" >"$scratch/wrong_known_hosts"
  if timeout 120 ssh "${fresh[@]}" -o UserKnownHostsFile="$scratch/wrong_known_hosts" node1 true 2>"$scratch/err"; then
    fail "login succeeded with the wrong pinned host key"
  fi
  grep -q 'HOST IDENTIFICATION HAS CHANGED\|Host key verification failed' "$scratch/err" \
    || fail "unexpected error: $(cat "$scratch/err")"
fi
note "missing or wrong pinned host keys are refused"
