# shellcheck shell=bash
# What this machine offers the lab, sourced by halolink-lab (its helpers and
# variables are the script's): QEMU and the host tools, with the install line
# of the person's distribution when something is missing (check_host), and
# the accelerator: KVM where it really runs a guest, TCG otherwise
# (choose_accel, after ensure_kernel: the KVM check boots the cached kernel).

# The Debian/Ubuntu packages the lab needs on the host: scripts/install-deps.sh's
# lab=(...) list (tst_virtualcluster checks that every one of them is here),
# then what the VMs run from the host's own root over 9p (sshd, rdma, ibv_*)
# and the ssh client the host logs in with.
readonly LAB_PACKAGES=(
  qemu-system-x86 qemu-utils busybox-static cpio kmod tcpdump
  systemd udev e2fsprogs
  openssh-server openssh-client rdma-core ibverbs-utils
)

# os-release(5): /etc/os-release, else /usr/lib/os-release; prints the value of
# variable $1 (shell-style assignment, optionally quoted). HALOLINK_LAB_OS_RELEASE
# names another file (tests).
os_release_value() {
  local file=${HALOLINK_LAB_OS_RELEASE:-}
  if [ -z "$file" ]; then
    if [ -r /etc/os-release ]; then file=/etc/os-release; else file=/usr/lib/os-release; fi
  fi
  [ -r "$file" ] || return 0
  sed -n "s/^$1=//p" "$file" | head -n1 | sed -e 's/^"\(.*\)"$/\1/' -e "s/^'\(.*\)'$/\1/"
}

# 0 when this is Debian, Ubuntu or a distribution that names one of them in
# ID_LIKE (os-release(5): a space-separated list of closely related IDs).
debian_like() {
  local id
  for id in $(os_release_value ID) $(os_release_value ID_LIKE); do
    case $id in debian | ubuntu) return 0 ;; esac
  done
  return 1
}

# The packages of LAB_PACKAGES that dpkg does not list as installed.
missing_lab_packages() {
  local pkg status
  for pkg in "${LAB_PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || printf '%s\n' "$pkg"
  done
}

# Exit 77 because $1 (what is missing) is missing, with what to do about it:
# on Debian and Ubuntu the apt-get line of $2 (the package that has it) and of
# the lab's packages dpkg does not list as installed.
refuse_missing() {
  local what=$1 pkg=$2 sudo='' os p
  os=$(os_release_value PRETTY_NAME)
  [ -n "$os" ] || os=$(os_release_value ID)
  [ -n "$os" ] || os="this system (no /etc/os-release)"
  if debian_like && command -v apt-get >/dev/null; then
    local -a install=("$pkg")
    while read -r p; do
      [ "$p" = "$pkg" ] || install+=("$p")
    done < <(missing_lab_packages)
    [ "$(id -u)" = 0 ] || sudo='sudo '
    skip "$what not found. The virtual cluster needs QEMU and a few tools; on $os install them with: ${sudo}apt-get install ${install[*]}"
  fi
  skip "$what not found. The virtual cluster boots Debian's kernel, which it fetches with apt-get download, so it needs Debian or Ubuntu (with apt); $os is neither"
}

check_host() {
  command -v qemu-system-x86_64 >/dev/null || refuse_missing qemu-system-x86_64 qemu-system-x86
  qemu-system-x86_64 -accel help 2>/dev/null | grep -qx tcg \
    || skip "this qemu-system-x86_64 has no TCG accelerator"
  local tool
  local -A package_of=([ssh]=openssh-client [ssh-keygen]=openssh-client [scp]=openssh-client
    [cpio]=cpio [gzip]=gzip [depmod]=kmod [modprobe]=kmod [ss]=iproute2 [flock]=util-linux)
  for tool in ssh ssh-keygen scp cpio gzip depmod modprobe ss flock; do
    command -v "$tool" >/dev/null || refuse_missing "'$tool'" "${package_of[$tool]}"
  done
  if [ ! -x /bin/busybox ] || ldd /bin/busybox >/dev/null 2>&1; then
    refuse_missing "a static /bin/busybox" busybox-static
  fi
  [ -x /usr/sbin/sshd ] || refuse_missing /usr/sbin/sshd openssh-server
  [ -x /bin/bash ] || skip "/bin/bash not found"
}

# ---------------------------------------------------------------- accelerator

# Why KVM cannot be used here (empty: it can, as far as the device and QEMU go).
kvm_unavailable_reason() {
  if [ ! -e /dev/kvm ]; then
    echo "/dev/kvm missing"
  elif [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
    echo "/dev/kvm not accessible to $(id -un) (add the account to group $(stat -c %G /dev/kvm))"
  elif ! qemu-system-x86_64 -accel help 2>/dev/null | grep -qx kvm; then
    echo "this qemu-system-x86_64 has no KVM accelerator"
  fi
}

# 0 when the cached kernel really starts under KVM: on some virtual machines
# /dev/kvm exists and QEMU accepts -accel kvm, but the guest hangs in the
# kernel's real-mode setup (LAB.md; seen on the build machines: nothing after
# "Probing EDD"). The kernel's first line ("Linux version", printed with
# earlyprintk) comes within a second under a working KVM. The answer is kept
# in the cache for this host kernel, QEMU and guest kernel.
kvm_boots_kernel() {
  local key probe_file=$CACHE_DIR/kvm-probe log=$CACHE_DIR/kvm-probe.log
  key="$(uname -r) $(qemu-system-x86_64 --version | head -n1) $KERNEL_VER"
  if [ -f "$probe_file" ] && [ "$(head -n1 "$probe_file")" = "$key" ]; then
    [ "$(sed -n 2p "$probe_file")" = ok ]
    return
  fi
  rm -f "$log"
  timeout "${HALOLINK_LAB_KVM_PROBE_TIMEOUT:-10}" qemu-system-x86_64 \
    -machine pc -accel kvm -cpu host -smp 1 -m 256 -nodefaults -no-user-config \
    -display none -no-reboot -serial "file:$log" -kernel "$KERNEL_IMAGE" \
    -append "console=ttyS0 earlyprintk=ttyS0 panic=-1" </dev/null >/dev/null 2>&1 &
  local pid=$! i result=hangs
  for ((i = 0; i < 10 * ${HALOLINK_LAB_KVM_PROBE_TIMEOUT:-10}; i++)); do
    if grep -q 'Linux version' "$log" 2>/dev/null; then result=ok; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  printf '%s\n%s\n' "$key" "$result" >"$probe_file"
  [ "$result" = ok ]
}

# Sets ACCEL (kvm|tcg) and ACCEL_ARGS (QEMU's -accel and -cpu).
# HALOLINK_LAB_ACCEL=kvm|tcg overrides the choice; kvm asked but unusable: 77.
choose_accel() {
  local want=${HALOLINK_LAB_ACCEL:-auto} why
  case $want in auto | kvm | tcg) ;; *) die "HALOLINK_LAB_ACCEL must be kvm or tcg, not '$want'" ;; esac
  if [ "$want" != tcg ]; then
    why=$(kvm_unavailable_reason)
    if [ -z "$why" ] && ! kvm_boots_kernel; then
      why="/dev/kvm is there, but a guest kernel did not start under KVM within ${HALOLINK_LAB_KVM_PROBE_TIMEOUT:-10} s (nested virtualisation?)"
    fi
    if [ -z "$why" ]; then
      ACCEL=kvm
      ACCEL_ARGS=(-accel kvm -cpu "${HALOLINK_LAB_CPU:-host}")
      return 0
    fi
    [ "$want" = kvm ] && skip "HALOLINK_LAB_ACCEL=kvm, but KVM cannot be used: $why"
    log "no KVM here ($why): emulating with TCG; a node boots in ~8-10 s (up 2: 13-19 s) and RDMA is ~100x slower than on an E810 (ib_send_lat ~440-560 us typical here vs 5.2 us)"
  else
    log "emulating with TCG (HALOLINK_LAB_ACCEL=tcg)"
  fi
  ACCEL=tcg
  ACCEL_ARGS=(-accel tcg -cpu "${HALOLINK_LAB_CPU:-qemu64}")
}
