#!/usr/bin/env bash
# The two things a newcomer does first, on a fresh Debian 12 machine:
#   scripts/dev.sh run    install what is needed, build, start HaloLink
#   scripts/dev.sh test   install what is needed (lab included), build, run every test
#   scripts/dev.sh lab    as run, with what the virtual cluster needs, and a virtual cluster of 2
#                         Soft-RoCE nodes booting in the app at once (N: scripts/dev.sh lab 3)
# Environment: BUILD_DIR (default build), JOBS (default: number of cores).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
build=${BUILD_DIR:-build}
jobs=${JOBS:-$(nproc)}

configure_and_build() {
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build "$build" -j "$jobs"
}

case "${1:-}" in
  run)
    scripts/install-deps.sh
    configure_and_build
    shift
    exec "$build/app/halolink" "$@"
    ;;
  lab)
    scripts/install-deps.sh --lab
    configure_and_build
    shift
    exec "$build/app/halolink" --virtual-cluster "${1:-2}"
    ;;
  test)
    scripts/install-deps.sh --lab
    configure_and_build
    shift
    # Every test: engine, core, ui and the QEMU Soft-RoCE lab.
    ctest --test-dir "$build" --output-on-failure --timeout 1200 "$@"
    ;;
  *)
    sed -n '2,7p' "$0" >&2
    exit 2
    ;;
esac
