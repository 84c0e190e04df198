#!/usr/bin/env bash
# Unit checks of lab/host.sh without booting anything (ctest lab_host_unit,
# label core): the accelerator choice and QEMU arguments for KVM and TCG with
# the KVM checks stubbed (this machine cannot run a KVM guest: the KVM command
# line is checked here only), the HALOLINK_LAB_ACCEL overrides and refusal,
# os-release parsing, and that LAB_PACKAGES holds scripts/install-deps.sh's
# lab list.
set -euo pipefail
# shellcheck disable=SC2317 # functions called from host.sh, stubs redefined between checks
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
fail=0
check() { # $1 = what, $2 = got, $3 = expected
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: got '$2', expected '$3'"; fail=1; fi
}

# What halolink-lab defines before sourcing host.sh (called from it and the stubs).
log() { printf 'halolink-lab: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
skip() { log "cannot run the lab here: $*"; exit 77; }
# shellcheck source-path=SCRIPTDIR source=../../../lab/host.sh
source "$SRC/lab/host.sh"

run_choice() { # prints "ACCEL ARGS..." or the exit code; stderr to $T/err
  ( choose_accel; echo "$ACCEL ${ACCEL_ARGS[*]}" ) 2>"$T/err" || echo "exit $?"
}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# KVM usable (stubbed): -accel kvm -cpu host, no emulation line.
kvm_unavailable_reason() { :; }
kvm_boots_kernel() { return 0; }
unset HALOLINK_LAB_ACCEL HALOLINK_LAB_CPU
check "auto with a working KVM" "$(run_choice)" "kvm -accel kvm -cpu host"
check "no stderr line with KVM" "$(cat "$T/err")" ""
check "HALOLINK_LAB_ACCEL=tcg wins over KVM" "$(HALOLINK_LAB_ACCEL=tcg run_choice)" "tcg -accel tcg -cpu qemu64"
check "HALOLINK_LAB_CPU under KVM" "$(HALOLINK_LAB_CPU=max run_choice)" "kvm -accel kvm -cpu max"

# No /dev/kvm (stubbed): TCG and the line saying so.
kvm_unavailable_reason() { echo "/dev/kvm missing"; }
check "auto without KVM" "$(run_choice)" "tcg -accel tcg -cpu qemu64"
check "the emulation line" "$(grep -c '^halolink-lab: no KVM here (/dev/kvm missing): emulating with TCG' "$T/err")" 1
check "kvm asked without KVM" "$(HALOLINK_LAB_ACCEL=kvm run_choice)" "exit 77"
check "the refusal says why" "$(grep -c 'HALOLINK_LAB_ACCEL=kvm, but KVM cannot be used: /dev/kvm missing' "$T/err")" 1
check "a bad HALOLINK_LAB_ACCEL" "$(HALOLINK_LAB_ACCEL=hvf run_choice)" "exit 1"

# /dev/kvm usable but the guest hangs (this machine): TCG, the reason named.
kvm_unavailable_reason() { :; }
kvm_boots_kernel() { return 1; }
check "auto with a hanging KVM" "$(run_choice)" "tcg -accel tcg -cpu qemu64"
check "the hang named" "$(grep -c 'did not start under KVM' "$T/err")" 1

# The real device check on this machine.
if [ ! -e /dev/kvm ]; then
  check "the device check" "$(bash -c "source '$SRC/lab/host.sh'; kvm_unavailable_reason")" "/dev/kvm missing"
fi

# os-release(5): quoted and unquoted values, ID_LIKE lists.
printf 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\nPRETTY_NAME=\x27Linux Mint 22\x27\n' >"$T/mint"
printf 'ID=fedora\nID_LIKE=""\n' >"$T/fedora"
printf 'ID="ubuntu"\nID_LIKE=debian\n' >"$T/ubuntu"
check "PRETTY_NAME in single quotes" "$(HALOLINK_LAB_OS_RELEASE=$T/mint os_release_value PRETTY_NAME)" "Linux Mint 22"
check "Mint is Debian-like" "$(HALOLINK_LAB_OS_RELEASE=$T/mint debian_like && echo yes)" yes
check "Ubuntu is Debian-like" "$(HALOLINK_LAB_OS_RELEASE=$T/ubuntu debian_like && echo yes)" yes
check "Fedora is not" "$(HALOLINK_LAB_OS_RELEASE=$T/fedora debian_like || echo no)" no

# LAB_PACKAGES holds every package of install-deps.sh's lab list.
lab_list=$(sed -n '/^lab=(/,/^)/p' "$SRC/scripts/install-deps.sh" | sed '1d;$d' | tr -s ' \n' '\n' | sed '/^$/d')
[ -n "$lab_list" ] || { echo "FAIL: no lab=(...) list in scripts/install-deps.sh"; fail=1; }
for p in $lab_list; do
  case " ${LAB_PACKAGES[*]} " in
    *" $p "*) ;;
    *) echo "FAIL: $p (install-deps.sh's lab list) is not in lab/host.sh's LAB_PACKAGES"; fail=1 ;;
  esac
done
echo "install-deps.sh lab list checked: ${lab_list//$'\n'/ }"
exit "$fail"
