#!/usr/bin/env bash
# shellcheck disable=SC2016 # single-quoted text is for the node's shell
# A --persistent lab node survives a REAL reboot with what was written in it:
# boots its own bare 2-node lab with systemd as PID 1 and a disk under the
# overlay (`lab up 2 --persistent --bare`), then on node1 writes a file under
# /etc, a oneshot unit enabled for multi-user.target, a systemd-networkd
# .network for eth1 with an address and a modules-load.d entry, and runs
# `lab reboot 1` (systemctl reboot in the VM). After it: the file is there,
# the unit ran in the new boot, networkd configured eth1, the module is
# loaded, configfs is mounted, the system is `running`, the NIC names and the
# SSH host key are the same, the disk was unmounted cleanly; node2 did not
# reboot and saw none of it. Then `lab reboot 1 --hard` (QEMU system_reset):
# a file written and synced before it is still there and the disk's journal
# was recovered (the reset really was unclean).
# HALOLINK_LAB_DIR names this test's own lab folder (ctest: lab-reboot);
# by hand it defaults to <repo>/build/lab-reboot.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"

export HALOLINK_LAB_DIR=${HALOLINK_LAB_DIR:-$(cd "$(dirname "$LAB")/.." && pwd)/build/lab-reboot}
t0=$SECONDS
rc=0
"$LAB" up 2 --persistent --bare --replace >/dev/null || rc=$?
[ "$rc" = 77 ] && skip_test "QEMU cannot run here"
[ "$rc" = 0 ] || fail "lab up 2 --persistent --bare failed"
trap '"$LAB" down >/dev/null 2>&1 || true' EXIT
t_up=$((SECONDS - t0))
note "lab up 2 --persistent --bare: ${t_up}s"

lab_dir=$HALOLINK_LAB_DIR
on() { "$LAB" ssh "$@"; }
boot_id() { on "$1" -- cat /proc/sys/kernel/random/boot_id; }
qemu_pid() { cat "$lab_dir/node$1/qemu.pid"; }

# Every failed check is listed, then the test fails.
FAILED=()
check() { # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then
    note "ok: $what"
  else
    note "NOT OK: $what"
    FAILED+=("$what")
  fi
}
end_checks() {
  if [ "${#FAILED[@]}" -gt 0 ]; then
    fail "${#FAILED[@]} check(s) failed: $(printf '[%s] ' "${FAILED[@]}")"
  fi
}

token=halolink-persist-$$-$RANDOM
declare -A boot1 pid1
for i in 1 2; do
  boot1[$i]=$(boot_id "$i")
  pid1[$i]=$(qemu_pid "$i")
done

# The starting point: systemd is PID 1, a fresh node is `running`, eth1 is
# not managed and has no IPv4 address, rdma_rxe is not loaded.
check "node1: PID 1 is systemd" test "$(on 1 -- cat /proc/1/comm)" = systemd
check "node1: systemd-detect-virt says qemu (not the host's docker)" test "$(on 1 -- systemd-detect-virt || true)" = qemu
check "node1: a fresh node is running" test "$(on 1 -- timeout 300 systemctl is-system-running --wait || true)" = running
check "node1: eth1 unmanaged by networkd before" on 1 -- sh -c 'networkctl list --no-legend | grep -Eq "^ *[0-9]+ eth1 .* unmanaged *$"'
check "node1: eth0 configured by networkd" on 1 -- sh -c 'networkctl list --no-legend | grep -Eq "^ *[0-9]+ eth0 .* configured *$"'
check "node1: eth1 has no IPv4 address (--bare)" test -z "$(on 1 -- ip -4 -o addr show dev eth1)"
check "node1: rdma_rxe and rdma_ucm not loaded yet" on 1 -- test ! -e /sys/module/rdma_rxe -a ! -e /sys/module/rdma_ucm
check "node1: the host's enabled units are not running" on 1 -- sh -c '! systemctl is-active -q postgresql.service ssh.service cron.service getty@tty1.service systemd-timesyncd.service apt-daily.timer'
end_checks

# What the engine's persistence writes, in miniature.
on 1 -- sh -c 'echo "$1" >/etc/halolab-persist-token' sh "$token"
on 1 -- sh -c 'cat >/etc/systemd/system/halolab-smoke.service' <<'UNIT'
[Unit]
Description=HaloLink lab smoke test: a oneshot enabled for multi-user.target

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/sh -c 'cat /proc/sys/kernel/random/boot_id >/run/halolab-smoke.ran'

[Install]
WantedBy=multi-user.target
UNIT
on 1 -- systemctl enable halolab-smoke.service 2>&1 | sed 's/^/  node1| /'
on 1 -- sh -c 'printf "%s\n" "[Match]" "Name=eth1" "" "[Network]" "Address=10.78.0.1/24" >/etc/systemd/network/50-halolink-eth1.network'
on 1 -- sh -c 'printf "%s\n" "# halolab smoke test" crc32_generic rdma_rxe rdma_ucm >/etc/modules-load.d/halolab-smoke.conf'
fp1=$(on 1 -- ssh-keygen -l -E sha256 -f /run/halolab-ssh/ssh_host_ed25519_key | cut -d' ' -f2)

t0=$SECONDS
"$LAB" reboot 1 || fail "lab reboot 1 failed"
t_reboot=$((SECONDS - t0))
note "lab reboot 1 (clean): ${t_reboot}s"

boot2=$(boot_id 1)
state=$(on 1 -- timeout 300 systemctl is-system-running --wait || true)
failed_units=$(on 1 -- systemctl list-units --failed --plain --no-legend || true)
[ -z "$failed_units" ] || printf '%s\n' "$failed_units" | sed 's/^/  node1 failed unit| /'
check "node1: a new boot (boot_id changed)" test "$boot2" != "${boot1[1]}"
check "node1: the same QEMU process (in-place reset)" test "$(qemu_pid 1)" = "${pid1[1]}"
check "node1: is-system-running says running (it said: $state)" test "$state" = running
check "node1: the file under /etc survived" test "$(on 1 -- cat /etc/halolab-persist-token 2>/dev/null || true)" = "$token"
check "node1: halolab-smoke.service is enabled" test "$(on 1 -- systemctl is-enabled halolab-smoke.service || true)" = enabled
check "node1: halolab-smoke.service ran in this boot" test "$(on 1 -- cat /run/halolab-smoke.ran 2>/dev/null || true)" = "$boot2"
check "node1: halolab-smoke.service is active" test "$(on 1 -- systemctl is-active halolab-smoke.service || true)" = active
check "node1: eth1 has 10.78.0.1/24 from networkd" on 1 -- sh -c 'ip -4 -o addr show dev eth1 | grep -q " 10.78.0.1/24 "'
check "node1: networkd configured eth1 with the written file" on 1 -- sh -c 'networkctl status eth1 | grep -q "Network File: /etc/systemd/network/50-halolink-eth1.network"'
check "node1: modules-load.d loaded rdma_rxe and rdma_ucm at boot" on 1 -- sh -c 'test -e /sys/module/rdma_rxe -a -e /sys/module/rdma_ucm && journalctl -b -t systemd-modules-load --no-pager | grep -q "Inserted module .rdma_ucm."'
check "node1: configfs mounted, rdma_cm in it" on 1 -- sh -c 'findmnt -n -t configfs /sys/kernel/config >/dev/null && test -d /sys/kernel/config/rdma_cm'
check "node1: sys-kernel-config.mount active" test "$(on 1 -- systemctl is-active sys-kernel-config.mount || true)" = active
check "node1: systemd-udevd and systemd-networkd active" on 1 -- systemctl is-active -q systemd-udevd.service systemd-networkd.service
check "node1: eth0 and eth1 by MAC" on 1 -- sh -c 'test "$(cat /sys/class/net/eth0/address)" = 52:54:00:4c:00:01 && test "$(cat /sys/class/net/eth1/address)" = 52:54:00:4c:01:01'
check "node1: eth0 is 10.0.2.15/24 (networkd)" on 1 -- sh -c 'ip -4 -o addr show dev eth0 | grep -q " 10.0.2.15/24 " && networkctl list --no-legend | grep -Eq "^ *[0-9]+ eth0 .* configured *$"'
check "node1: the same SSH host key" test "$(on 1 -- ssh-keygen -l -E sha256 -f /run/halolab-ssh/ssh_host_ed25519_key | cut -d' ' -f2)" = "$fp1"
check "node1: a fresh strict SSH login after the reboot" timeout 120 ssh -F "$lab_dir/ssh_config" -o ControlMaster=no -o ControlPath=none -o StrictHostKeyChecking=yes node1 true
check "node1: the disk was unmounted cleanly (no journal recovery)" on 1 -- sh -c '! dmesg | grep -q "EXT4-fs (vda): recovery complete"'
check "node1: the host's enabled units still do not run" on 1 -- sh -c '! systemctl is-active -q postgresql.service ssh.service cron.service getty@tty1.service systemd-timesyncd.service apt-daily.timer'
check "node2: did not reboot" test "$(boot_id 2)" = "${boot1[2]}"
check "node2: the same QEMU process" test "$(qemu_pid 2)" = "${pid1[2]}"
check "node2: does not have node1's file" on 2 -- test ! -e /etc/halolab-persist-token
check "node2: eth1 still has no IPv4 address" test -z "$(on 2 -- ip -4 -o addr show dev eth1)"
end_checks

# --hard: the reset button. A file written and synced before it survives; the
# journal recovery at mount shows the disk was not unmounted.
hard_token=$token-hard
on 1 -- sh -c 'echo "$1" >/etc/halolab-hard-token && sync /etc/halolab-hard-token' sh "$hard_token"
t0=$SECONDS
"$LAB" reboot 1 --hard || fail "lab reboot 1 --hard failed"
t_hard=$((SECONDS - t0))
note "lab reboot 1 --hard: ${t_hard}s"
boot3=$(boot_id 1)
check "node1: a new boot after --hard" test "$boot3" != "$boot2"
check "node1: the synced file survived the reset" test "$(on 1 -- cat /etc/halolab-hard-token 2>/dev/null || true)" = "$hard_token"
check "node1: the earlier file too" test "$(on 1 -- cat /etc/halolab-persist-token 2>/dev/null || true)" = "$token"
check "node1: the reset was unclean (ext4 recovered its journal)" on 1 -- sh -c 'dmesg | grep -q "EXT4-fs (vda): recovery complete"'
check "node1: halolab-smoke.service ran again" test "$(on 1 -- cat /run/halolab-smoke.ran 2>/dev/null || true)" = "$boot3"
check "node2: did not reboot" test "$(boot_id 2)" = "${boot1[2]}"
end_checks

note "passed: up ${t_up}s, clean reboot ${t_reboot}s, hard reboot ${t_hard}s"
