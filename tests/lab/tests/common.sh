# Shared helpers of the lab smoke tests (sourced, not run). Each test runs
# against the lab that ctest's lab_up fixture started (or one started by hand
# with `lab/halolink-lab up N`); without a lab it exits 77 so ctest skips it.
# shellcheck shell=bash

set -euo pipefail

LAB=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/lab/halolink-lab
readonly LAB
TEST_NAME=$(basename "$0" .sh)
readonly TEST_NAME

note() { printf '%s: %s\n' "$TEST_NAME" "$*"; }
fail() { printf '%s: FAIL: %s\n' "$TEST_NAME" "$*" >&2; exit 1; }
skip_test() { printf '%s: SKIP: %s\n' "$TEST_NAME" "$*"; exit 77; }

# Skips (77) when no lab is up; fails when the lab is up but a node is down.
require_lab() {
  local rc=0
  "$LAB" status >/dev/null 2>&1 || rc=$?
  case $rc in
    0) ;;
    3) skip_test "no lab is up (ctest's lab_up fixture starts one; by hand: $LAB up 3)" ;;
    *) "$LAB" status >&2 || true; fail "the lab is up but some node is not running" ;;
  esac
}

# halolinkctl (and the app) in a sandbox under $1: its own HOME, XDG folders
# and inventory, the lab's ssh_config and known_hosts ($2, the lab's folder),
# no agent, no global known_hosts, offscreen.
ctl_sandbox() {
  export HOME=$1/home XDG_DATA_HOME=$1/data XDG_CONFIG_HOME=$1/config XDG_CACHE_HOME=$1/cache
  mkdir -p "$HOME" "$1/ssh"
  export HALOLINK_SSH_CONFIG=$2/ssh_config HALOLINK_SSH_KNOWN_HOSTS=$2/known_hosts
  export HALOLINK_SSH_GLOBAL_KNOWN_HOSTS=/dev/null HALOLINK_SSH_DIR=$1/ssh HALOLINK_SSH_AGENT=none
  export QT_QPA_PLATFORM=offscreen
}

lab_node_count() { "$LAB" status | grep -c '^node'; }

# The node's data-plane IPv4 address, without the prefix length.
data_ipv4() {
  local addr
  addr=$("$LAB" status | awk -v n="node$1" '$1 == n {print $5}')
  [ -n "$addr" ] || fail "node$1 has no data-plane IPv4 address (was the lab started with --bare?)"
  printf '%s\n' "${addr%/*}"
}

# The RoCE v2 IPv4 GID index of rxe0 on node $1, read from the node's sysfs
# (gid_attrs/types + gids). Never assumed: mlx5 has it at 3, rxe at 1.
gid_index() {
  local idx
  idx=$("$LAB" gid "$1" rxe0) || fail "node$1: no RoCE v2 IPv4 GID on rxe0"
  [[ $idx =~ ^[0-9]+$ ]] || fail "node$1: bad GID index '$idx'"
  printf '%s\n' "$idx"
}

# Runs one verbs program as server on node $1 and as client on node $2 (the
# client gets the server's data-plane address as last argument). In the
# arguments, @GID@ becomes each side's own detected GID index.
# Waits until the server listens on its TCP exchange port ($3) first.
run_verbs_pair() {
  local server=$1 client=$2 port=$3
  shift 3
  local server_ip sgid cgid
  server_ip=$(data_ipv4 "$server")
  sgid=$(gid_index "$server")
  cgid=$(gid_index "$client")
  local -a sargs=("${@//@GID@/$sgid}") cargs=("${@//@GID@/$cgid}")
  local out
  out=$(mktemp -d)
  # shellcheck disable=SC2064 # expand now: $out is local
  trap "rm -rf '$out'" RETURN

  note "node$server: ${sargs[*]}"
  timeout 180 "$LAB" ssh "$server" -- timeout 150 "${sargs[@]}" >"$out/server" 2>&1 &
  local spid=$! i listening=0
  for ((i = 0; i < 120; i++)); do
    if "$LAB" ssh "$server" -- ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
      listening=1
      break
    fi
    kill -0 "$spid" 2>/dev/null || break
    sleep 0.5
  done
  if [ "$listening" != 1 ]; then
    kill "$spid" 2>/dev/null || true
    wait "$spid" 2>/dev/null || true
    cat "$out/server" >&2
    fail "the server on node$server never listened on port $port"
  fi

  note "node$client: ${cargs[*]} $server_ip"
  local crc=0 src=0
  timeout 180 "$LAB" ssh "$client" -- timeout 150 "${cargs[@]}" "$server_ip" >"$out/client" 2>&1 || crc=$?
  wait "$spid" || src=$?
  sed 's/^/  server| /' "$out/server"
  sed 's/^/  client| /' "$out/client"
  [ "$crc" = 0 ] || fail "client on node$client exited with $crc"
  [ "$src" = 0 ] || fail "server on node$server exited with $src"
}
