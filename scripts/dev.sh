#!/usr/bin/env bash
# The two things a newcomer does first, on a fresh Debian 12 machine:
#   scripts/dev.sh run    install what is needed, build, start HaloLink
#   scripts/dev.sh test   install what is needed (lab included), build, run every test
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
  test)
    scripts/install-deps.sh --lab
    configure_and_build
    shift
    # Every test: engine, core, ui and the QEMU Soft-RoCE lab.
    ctest --test-dir "$build" --output-on-failure --timeout 1200 "$@"
    ;;
  *)
    sed -n '2,5p' "$0" >&2
    exit 2
    ;;
esac
