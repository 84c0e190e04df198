#!/usr/bin/env bash
# Installs every package HaloLink needs to build, run and test, from Debian
# bookworm. Idempotent: safe to run again; it only installs what is missing.
#   scripts/install-deps.sh            build + app + test peers
#   scripts/install-deps.sh --lab      also the QEMU Soft-RoCE lab packages
set -euo pipefail

want_lab=0
for arg in "$@"; do
  case "$arg" in
    --lab) want_lab=1 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "install-deps: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

build=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libqt6svg6 qt6-svg-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libssh-dev qtkeychain-qt6-dev
  libibverbs-dev librdmacm-dev librocm-smi-dev
  nlohmann-json3-dev
  librsvg2-bin dpkg-dev
)
runtime_and_test=(
  openssh-client openssh-server iproute2 ethtool kmod procps sudo
  sockperf iperf3 perftest pdsh python3 curl
  xvfb xauth x11-apps imagemagick fonts-dejavu-core
  rdma-core ibverbs-utils ibverbs-providers
  desktop-file-utils appstream man-db groff-base lintian dbus-daemon
)
lab=(
  qemu-system-x86 qemu-utils busybox-static cpio kmod tcpdump
  systemd udev e2fsprogs
)

pkgs=("${build[@]}" "${runtime_and_test[@]}")
if [ "$want_lab" = 1 ]; then pkgs+=("${lab[@]}"); fi

if [ "$(id -u)" != 0 ]; then
  SUDO=sudo
else
  SUDO=
fi

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: everything is installed already"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
