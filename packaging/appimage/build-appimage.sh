#!/usr/bin/env bash
# Builds HaloLink-<version>-x86_64.AppImage: the app, halolinkctl and the
# engine (which the app uploads to nodes) with the Qt libraries and plugins,
# using linuxdeploy and linuxdeploy-plugin-qt. Run it from anywhere in the
# repository, on the oldest distribution the AppImage should run on (the
# AppImage needs that glibc or newer; Debian 12 gives glibc 2.36).
#
#   packaging/appimage/build-appimage.sh               build, AppDir, AppImage
#   packaging/appimage/build-appimage.sh --appdir-only build and lay out the AppDir only
#
# Needs scripts/install-deps.sh's packages (plus qt6-wayland for Wayland), and
# for the AppImage step linuxdeploy-x86_64.AppImage and
# linuxdeploy-plugin-qt-x86_64.AppImage (github.com/linuxdeploy releases),
# executable, in PATH or in packaging/appimage/tools/.
# Environment: BUILD_DIR (default build-appimage), JOBS (default: cores).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD_DIR:-$root/build-appimage}
jobs=${JOBS:-$(nproc)}
appdir=$build/AppDir
appdir_only=0
for arg in "$@"; do
  case "$arg" in
    --appdir-only) appdir_only=1 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "build-appimage: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DBUILD_TESTING=OFF
cmake --build "$build" -j "$jobs"
rm -rf "$appdir"
DESTDIR=$appdir cmake --install "$build" --strip

app_id=$(sed -n 's/^set(HALOLINK_APP_ID "\(.*\)")$/\1/p' "$root/CMakeLists.txt")
version=$(sed -n 's/^project(HaloLink VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
desktop=$appdir/usr/share/applications/$app_id.desktop
icon=$appdir/usr/share/icons/hicolor/256x256/apps/$app_id.png
for f in "$appdir/usr/bin/halolink" "$appdir/usr/bin/halolinkctl" \
         "$appdir/usr/libexec/halolink/halolink-engine" "$desktop" "$icon"; do
  [ -e "$f" ] || { echo "build-appimage: $f is missing from the AppDir" >&2; exit 1; }
done
echo "build-appimage: AppDir ready: $appdir"
if [ "$appdir_only" = 1 ]; then
  exit 0
fi

PATH=$here/tools:$PATH
linuxdeploy=$(command -v linuxdeploy-x86_64.AppImage || command -v linuxdeploy || true)
plugin_qt=$(command -v linuxdeploy-plugin-qt-x86_64.AppImage || command -v linuxdeploy-plugin-qt || true)
if [ -z "$linuxdeploy" ] || [ -z "$plugin_qt" ]; then
  echo "build-appimage: linuxdeploy and linuxdeploy-plugin-qt are needed (see the top of this script)" >&2
  exit 1
fi

# Qt 6 of the distribution; Wayland and the SVG icon engine come along.
export QMAKE=${QMAKE:-$(command -v qmake6 || echo /usr/lib/qt6/bin/qmake)}
export EXTRA_QT_MODULES="svg;waylandclient"
export EXTRA_PLATFORM_PLUGINS="libqwayland-egl.so;libqwayland-generic.so"
export LINUXDEPLOY_OUTPUT_VERSION=$version
# The engine is left as it is: it runs on nodes with only their libc (static
# libstdc++, dlopen for RDMA and ROCm), so it gets no bundled libraries.
cd "$build"
"$linuxdeploy" --appdir "$appdir" \
  --executable "$appdir/usr/bin/halolink" \
  --executable "$appdir/usr/bin/halolinkctl" \
  --desktop-file "$desktop" \
  --icon-file "$icon" \
  --plugin qt \
  --output appimage
ls -l "$build"/HaloLink-*.AppImage
