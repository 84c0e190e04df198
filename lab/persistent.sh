# shellcheck shell=bash
# The lab's --persistent mode, sourced by `lab` (its helpers and variables
# are the script's): each node's disk and the configuration its systemd boots
# with (prepare_persistent), and `lab reboot` (cmd_reboot). See README.md.

# ---------------------------------------------------------------- disk and units

# --persistent: node $1's systemd configuration in its share (guest/init copies
# it to /run at every boot: never stored on the disk, so always this lab's),
# and its disk, formatted here once with the node's identity already in the
# upper layer (hostname, machine-id, hosts) and root's home.
prepare_persistent() {
  local i=$1 nd share sd net ipv4 mgmt_mac data_mac u name mac stage
  nd=$(node_dir "$i")
  share=$nd/share
  local tool
  for tool in /lib/systemd/systemd /lib/systemd/systemd-networkd /lib/systemd/systemd-udevd; do
    [ -x "$tool" ] || die "--persistent boots this host's systemd, and $tool is missing (scripts/install-deps.sh --lab installs systemd and udev)"
  done
  command -v mkfs.ext4 >/dev/null || die "--persistent needs mkfs.ext4 (e2fsprogs)"
  install -m 0755 "$SCRIPT_DIR/guest/shutdown" "$share/shutdown"
  sd=$share/systemd/system
  net=$share/systemd/network
  ipv4=$(cat "$nd/data_ipv4")
  mgmt_mac=52:54:00:4c:00:$(printf '%02x' "$i")
  data_mac=52:54:00:4c:01:$(printf '%02x' "$i")
  mkdir -p "$sd/multi-user.target.wants" "$sd/sockets.target.wants" "$net"

  # The same sshd settings as guest/stage2's.
  cat >"$share/sshd_config" <<'SSHD_CONFIG'
Port 22
ListenAddress 0.0.0.0
HostKey /run/halolab-ssh/ssh_host_ed25519_key
PermitRootLogin prohibit-password
PubkeyAuthentication yes
AuthorizedKeysFile .ssh/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
UseDNS no
PrintMotd no
PrintLastLog no
MaxSessions 64
MaxStartups 64:30:128
LoginGraceTime 300
Subsystem sftp /usr/lib/openssh/sftp-server
SSHD_CONFIG

  cat >"$sd/halolab-sshd.service" <<'SSHD_UNIT'
# HaloLink lab: sshd with the lab's pinned host key; root logs in by key only.
[Unit]
Description=HaloLink lab sshd (pinned host key)
After=network.target
OnFailure=halolab-failed.service
StartLimitIntervalSec=60
StartLimitBurst=5

[Service]
Type=notify
RuntimeDirectory=sshd halolab-ssh
RuntimeDirectoryMode=0755
ExecStartPre=/usr/bin/install -m 0600 /run/halolab/ssh_host_ed25519_key /run/halolab-ssh/ssh_host_ed25519_key
ExecStartPre=/usr/bin/install -d -m 0700 /root/.ssh
ExecStartPre=/usr/bin/install -m 0600 /run/halolab/authorized_keys /root/.ssh/authorized_keys
ExecStart=/usr/sbin/sshd -D -f /run/halolab/sshd_config
ExecReload=/bin/kill -HUP $MAINPID
KillMode=process
Restart=on-failure
RestartSec=2

[Install]
WantedBy=multi-user.target
SSHD_UNIT

  cat >"$sd/halolab-ready.service" <<READY_UNIT
# HaloLink lab: HALOLINK-LAB-READY on the serial console once the node reached
# multi-user.target and sshd listens; \`lab up\` and \`lab reboot\` wait for it.
[Unit]
Description=HaloLink lab: tell the host the node is ready
Requires=halolab-sshd.service
After=halolab-sshd.service multi-user.target

[Service]
Type=oneshot
ExecStart=/bin/sh -c 'for n in \$(seq 300); do if ss -Hltn "sport = :22" | grep -q .; then echo "HALOLINK-LAB-READY node=$i" >/dev/console; exit 0; fi; sleep 0.2; done; exit 1'

[Install]
WantedBy=multi-user.target
READY_UNIT

  cat >"$sd/halolab-failed.service" <<FAILED_UNIT
# HaloLink lab: tells the host (serial console) that sshd could not start.
[Unit]
Description=HaloLink lab: report a failed boot
DefaultDependencies=no

[Service]
Type=oneshot
ExecStart=/bin/sh -c 'echo "HALOLINK-LAB-FAILED node=$i: halolab-sshd.service failed" >/dev/console'
FAILED_UNIT

  {
    echo '# HaloLink lab: the data-plane NIC up, as in the default lab mode, with its'
    echo '# lab address unless --bare. systemd-networkd does not manage it (no .network).'
    echo '[Unit]'
    echo "Description=HaloLink lab: data-plane NIC $DATA_IFACE up"
    echo "BindsTo=sys-subsystem-net-devices-$DATA_IFACE.device"
    echo "After=sys-subsystem-net-devices-$DATA_IFACE.device"
    echo
    echo '[Service]'
    echo 'Type=oneshot'
    echo 'RemainAfterExit=yes'
    echo "ExecStart=/sbin/ip link set dev $DATA_IFACE up"
    if [ -n "$ipv4" ]; then echo "ExecStart=/sbin/ip addr replace $ipv4 dev $DATA_IFACE"; fi
    echo
    echo '[Install]'
    echo 'WantedBy=multi-user.target'
  } >"$sd/halolab-net.service"

  for u in halolab-sshd halolab-ready halolab-net; do
    ln -s "/run/systemd/system/$u.service" "$sd/multi-user.target.wants/$u.service"
  done
  # systemd-networkd enabled as `systemctl enable systemd-networkd` does.
  ln -s /lib/systemd/system/systemd-networkd.service "$sd/multi-user.target.wants/systemd-networkd.service"
  ln -s /lib/systemd/system/systemd-networkd.socket "$sd/sockets.target.wants/systemd-networkd.socket"
  ln -s /lib/systemd/system/systemd-networkd.service "$sd/dbus-org.freedesktop.network1.service"
  # The host's default is graphical.target; a lab node boots to multi-user.
  ln -s /lib/systemd/system/multi-user.target "$sd/default.target"
  # Static parts of the host image a lab node does not need, each costing
  # seconds under TCG: masked at runtime (`systemctl is-enabled`: masked-runtime).
  for u in systemd-binfmt.service proc-sys-fs-binfmt_misc.automount proc-sys-fs-binfmt_misc.mount \
    dev-hugepages.mount sys-kernel-debug.mount sys-kernel-tracing.mount sys-fs-fuse-connections.mount \
    modprobe@drm.service modprobe@dm_mod.service modprobe@loop.service modprobe@fuse.service \
    modprobe@efi_pstore.service systemd-update-utmp.service \
    systemd-update-utmp-runlevel.service systemd-random-seed.service systemd-sysusers.service \
    systemd-tmpfiles-clean.timer getty.target; do
    ln -s /dev/null "$sd/$u"
  done
  # The 9p shares guest/init mounted (kernel modules, lab files) stay until
  # the end: stopping them with the other mounts fails while udevd or kmod
  # still map the module index. guest/shutdown unmounts everything last.
  for u in usr-lib-modules.mount run-halolab.mount; do
    mkdir -p "$sd/$u.d"
    printf '%s\n' '# HaloLink lab: not unmounted by systemd at shutdown (guest/shutdown does it).' \
      '[Unit]' 'DefaultDependencies=no' >"$sd/$u.d/10-halolab.conf"
  done

  # NIC names by MAC, for the virtio NICs only (a VLAN or a bond on top of one
  # carries the same MAC and must keep its own name).
  for name in eth0 "$DATA_IFACE"; do
    mac=$mgmt_mac
    [ "$name" = eth0 ] || mac=$data_mac
    printf '%s\n' "# HaloLink lab: the NIC with MAC $mac is $name." \
      '[Match]' "MACAddress=$mac" 'Driver=virtio_net' '' '[Link]' "Name=$name" \
      >"$net/10-halolab-$name.link"
  done
  printf '%s\n' '# HaloLink lab: the management NIC (QEMU user networking).' \
    '[Match]' "MACAddress=$mgmt_mac" 'Driver=virtio_net' '' \
    '[Network]' 'Address=10.0.2.15/24' 'Gateway=10.0.2.2' 'LinkLocalAddressing=no' 'IPv6AcceptRA=no' \
    >"$net/10-halolab-eth0.network"

  # The disk: u/ = the overlay's upper layer, w/ = its work folder, root/ =
  # root's home, tmp/ = the VM's /tmp (emptied at every boot by guest/init).
  stage=$nd/disk.d
  [ -d "$nd" ] || die "node$i: no node folder $nd"
  rm -rf "$stage"
  mkdir -p "$stage/u/etc" "$stage/w" "$stage/root/.ssh" "$stage/tmp"
  cp -a /etc/skel/. "$stage/root/" 2>/dev/null || true
  chmod 0700 "$stage/root" "$stage/root/.ssh"
  chmod 1777 "$stage/tmp"
  install -m 0600 "$share/authorized_keys" "$stage/root/.ssh/authorized_keys"
  printf 'node%d\n' "$i" >"$stage/u/etc/hostname"
  tr -d '-' </proc/sys/kernel/random/uuid >"$stage/u/etc/machine-id"
  chmod 0444 "$stage/u/etc/machine-id"
  cat /etc/hosts "$share/hosts" >"$stage/u/etc/hosts"
  rm -f "$nd/disk.img"
  truncate -s "${HALOLINK_LAB_DISK_MB:-2048}M" "$nd/disk.img"
  mkfs.ext4 -q -F -L "halolab-node$i" -m 0 -d "$stage" "$nd/disk.img" >"$nd/mkfs.log" 2>&1 \
    || die "node$i: mkfs.ext4 failed: $(cat "$nd/mkfs.log")"
  rm -rf "$stage"
  mkfifo "$nd/monitor.in" "$nd/monitor.out"
}

# ---------------------------------------------------------------- reboot

# Sends one command to node $1's QEMU monitor (the FIFOs monitor.in/.out of a
# --persistent node) and drains the monitor's output into monitor.log.
monitor_cmd() {
  local nd
  nd=$(node_dir "$1")
  if [ ! -p "$nd/monitor.in" ] || [ ! -p "$nd/monitor.out" ]; then die "node$1 has no QEMU monitor FIFOs"; fi
  timeout 0.5 cat "$nd/monitor.out" >>"$nd/monitor.log" 2>/dev/null || true
  # shellcheck disable=SC2016 # positional parameters of the inner bash
  timeout 10 bash -c 'printf "%s\n" "$1" >"$2"' monitor "$2" "$nd/monitor.in" \
    || die "node$1: cannot write to the QEMU monitor"
  timeout 1 cat "$nd/monitor.out" >>"$nd/monitor.log" 2>/dev/null || true
}

# Waits until node $1's console shows HALOLINK-LAB-READY after byte offset $2.
wait_node_ready() {
  local i=$1 offset=$2 timeout=$3 nd start=$SECONDS
  nd=$(node_dir "$i")
  while :; do
    if tail -c "+$((offset + 1))" "$nd/console.log" 2>/dev/null | grep -q 'HALOLINK-LAB-READY'; then
      return 0
    fi
    if tail -c "+$((offset + 1))" "$nd/console.log" 2>/dev/null | grep -q "$FAIL_RE" \
      || ! owned_pid "$nd/qemu.pid" "$nd/qemu.pid" >/dev/null; then
      log "node$i failed to boot again; last console lines ($nd/console.log):"
      tail -n 25 "$nd/console.log" >&2 2>/dev/null || true
      return 1
    fi
    if ((SECONDS - start > timeout)); then
      log "timed out after ${timeout}s waiting for node$i to boot again; console tail:"
      tail -n 15 "$nd/console.log" >&2 2>/dev/null || true
      return 1
    fi
    sleep 1
  done
}

# lab reboot I [--hard]: a real reboot of a --persistent node. Clean: runs
# `systemctl reboot` in the VM; --hard: QEMU's `system_reset` (the machine's
# reset button: no shutdown, no sync, the guest's page cache is lost). Either
# way the machine restarts inside the same QEMU process, so the SSH port, host
# key, data link and disk stay; waits for HALOLINK-LAB-READY printed by the
# new boot, re-opens the SSH control connection, exits 0.
cmd_reboot() {
  local i='' hard=0
  while [ $# -gt 0 ]; do
    case $1 in
      --hard) hard=1 ;;
      [0-9]*) i=$1 ;;
      *) usage ;;
    esac
    shift
  done
  [ -n "$i" ] || usage
  require_node "$i"
  lab_persistent || die "reboot needs a lab started with --persistent (a default node keeps its changes in RAM and has no systemd)"
  FAIL_RE="$FAIL_RE\\|emergency mode"
  local nd pid offset rc=0 t0=$SECONDS how=clean
  nd=$(node_dir "$i")
  pid=$(owned_pid "$nd/qemu.pid" "$nd/qemu.pid") || die "node$i: its QEMU process is not running"
  offset=$(stat -c %s "$nd/console.log")
  if [ "$hard" = 1 ]; then
    how=hard
    monitor_cmd "$i" system_reset
  else
    timeout 120 ssh -F "$(ssh_cfg)" "node$i" -- systemctl reboot </dev/null || rc=$?
    # 255: the connection went down with the node, which it may.
    [ "$rc" = 0 ] || [ "$rc" = 255 ] || die "node$i: systemctl reboot exited $rc"
  fi
  stop_master_sock "$(cat "$LAB_DIR/ctl_dir")/node$i"
  wait_node_ready "$i" "$offset" "${HALOLINK_LAB_BOOT_TIMEOUT:-600}" || die "node$i did not come back after the $how reboot"
  [ "$(owned_pid "$nd/qemu.pid" "$nd/qemu.pid" || true)" = "$pid" ] || die "node$i: its QEMU process changed"
  open_master "$i" || die "node$i: SSH after the reboot failed"
  log "node$i: $how reboot done in $((SECONDS - t0))s"
}

