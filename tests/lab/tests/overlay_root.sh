#!/usr/bin/env bash
# shellcheck disable=SC2016 # single-quoted text is for the node's shell
# The node's root is the host's / read-only under a tmpfs overlay: writable in
# the VM (even /etc and /usr), while the host and the other nodes see nothing.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"
require_lab

token=halolink-lab-$$-$RANDOM
files=(/etc/"$token" /usr/local/"$token" /root/"$token" /tmp/"$token")

fstype=$("$LAB" ssh 1 -- findmnt -n -o FSTYPE /)
[ "$fstype" = overlay ] || fail "node1's root is '$fstype', not overlay"

for f in "${files[@]}"; do
  "$LAB" ssh 1 -- sh -c 'echo "$1" > "$2"' sh "$token" "$f" || fail "node1: cannot write $f"
  [ "$("$LAB" ssh 1 -- cat "$f")" = "$token" ] || fail "node1: $f does not read back"
  [ ! -e "$f" ] || fail "$f appeared on the host"
  if "$LAB" ssh 2 -- test -e "$f"; then fail "$f written on node1 is visible on node2"; fi
done
note "node1 wrote ${files[*]}; the host and node2 do not see them"

# Changing a file that exists on the host changes only the VM's copy.
"$LAB" ssh 1 -- sh -c 'echo "# $1" >> /etc/hostname' sh "$token"
grep -q "$token" /etc/hostname 2>/dev/null && fail "the host's /etc/hostname changed"
"$LAB" ssh 1 -- grep -q "$token" /etc/hostname || fail "node1's /etc/hostname change did not stick"
"$LAB" ssh 1 -- rm -f "${files[@]}"
note "host files modified in the VM stay unmodified on the host"
