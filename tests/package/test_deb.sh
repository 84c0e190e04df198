#!/usr/bin/env bash
# The Debian package as a person gets it: built with CPack, checked with
# lintian when it is installed, installed with apt (no network: every
# dependency must be installed already), its programs run from the installed
# paths, its copyright file, desktop files and manual pages checked, then
# purged, checking that nothing of it is left.
#
#   test_deb.sh --build-dir DIR --version X.Y.Z --app-id ID [--deb FILE]
#
# Needs root (exit 77, "skipped", otherwise). Leaves the machine as it found
# it even when a check fails: a trap purges what this test installed. It never
# touches a halolink package that it did not install itself.
set -euo pipefail

build_dir= version= app_id= deb=
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --app-id) app_id=$2; shift 2 ;;
    --deb) deb=$2; shift 2 ;;
    *) echo "test_deb: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$build_dir" ] && [ -n "$version" ] && [ -n "$app_id" ] || { echo "test_deb: --build-dir, --version and --app-id are needed" >&2; exit 2; }

pkg=halolink
engine=/usr/libexec/halolink/halolink-engine
marker_dir=/var/lib/halolink-package-test
marker=$marker_dir/installed-by-test

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

if [ "$(id -u)" != 0 ]; then
  echo "SKIP: the package test installs and purges a .deb with apt/dpkg: run it as root"
  exit 77
fi
for tool in dpkg dpkg-deb dpkg-query apt-get desktop-file-validate appstreamcli man groff python3 flock; do
  command -v "$tool" >/dev/null || fail "$tool is missing (scripts/install-deps.sh installs what this test needs)"
done

# One package test at a time on this machine (a second build tree's too).
lock=/var/lock/halolink-package-test.lock
mkdir -p "$(dirname "$lock")"
exec 9>"$lock"
flock -w 600 9 || fail "another package test holds $lock"

installed() {
  dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qv '^not-installed$'
}
purge() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get remove --purge -y -q -o DPkg::Lock::Timeout=120 "$pkg" >/dev/null 2>&1 \
    || dpkg --purge "$pkg" >/dev/null 2>&1 || true
}

if installed; then
  if [ -e "$marker" ]; then
    echo "a halolink package left by an earlier run of this test is installed: purging it first"
    purge
    installed && fail "could not purge the halolink package left by an earlier run (dpkg --purge $pkg)"
    rm -f "$marker"
  else
    fail "a halolink package is installed on this machine and this test did not install it: it will not touch it (dpkg --purge $pkg, then run again)"
  fi
fi

work=$(mktemp -d /tmp/halolink-package-test.XXXXXX)
chmod 0755 "$work" # apt's _apt user reads the .deb from here
cleanup() {
  local rc=$?
  if [ -e "$marker" ] && installed; then
    echo "cleaning up: purging the package this test installed"
    purge
  fi
  if installed && [ -e "$marker" ]; then
    echo "WARNING: the halolink package is still installed (dpkg --purge $pkg)" >&2
  else
    rm -f "$marker"
    rmdir "$marker_dir" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

step "build the package"
arch=$(dpkg --print-architecture)
if [ -z "$deb" ]; then
  deb=$build_dir/${pkg}_${version}_${arch}.deb
  rm -f "$deb"
  # Under umask 002 (a group-writable umask), so that lintian sees whether the
  # package's permissions depend on the builder's umask.
  (umask 002 && cmake --build "$build_dir" --target package) > "$work/cpack.log" 2>&1 || { tail -40 "$work/cpack.log" >&2; fail "cmake --build $build_dir --target package failed"; }
  tail -3 "$work/cpack.log"
fi
[ -f "$deb" ] || fail "no package at $deb"
cp "$deb" "$work/" && deb=$work/$(basename "$deb") && chmod 0644 "$deb"
echo "$deb: $(du -h "$deb" | cut -f1)"

step "its control fields"
dpkg-deb -f "$deb"
[ "$(dpkg-deb -f "$deb" Package)" = "$pkg" ] || fail "Package is not $pkg"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version (project())"
for field in Maintainer Section Description Depends; do
  [ -n "$(dpkg-deb -f "$deb" "$field")" ] || fail "no $field field"
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6core6 libqt6widgets6 libssh; do
  grep -q "$lib" <<<"$depends" || fail "Depends has no $lib: dpkg-shlibdeps did not run? ($depends)"
done

step "lintian"
# Debian's own checks of a binary package. Every error fails the test, and so
# does every warning whose tag is not in this list. An entry is the tag, a
# space and why it cannot be fixed or is wrong for this package, e.g.
#   "some-tag CPack cannot do X"
# lintian 2.116 (Debian 12) warns about nothing else in this package. Its
# infos are shown and allowed (packaging/debian.cmake says which and why).
lintian_allowed_warnings=(
  "unusual-interpreter share/halolink/lab/guest/{init,shutdown} are not run on this system: lab/up.sh copies them into the virtual nodes' initramfs, whose only shell is busybox-static installed there as /bin/busybox"
)
if command -v lintian >/dev/null; then
  # As root, lintian still runs (it unpacks into a directory of its own).
  lintian --version
  # Exit 2 is "tags at error level were found" (checked below); 1 is lintian failing.
  lintian_rc=0
  lintian_out=$(lintian --display-info --tag-display-limit 0 "$deb" 2>&1) || lintian_rc=$?
  printf '%s\n' "$lintian_out"
  [ "$lintian_rc" = 0 ] || [ "$lintian_rc" = 2 ] || fail "lintian itself failed (exit $lintian_rc)"
  errors=$(grep '^E: ' <<<"$lintian_out" || true)
  [ -z "$errors" ] || fail "lintian reports errors: $(printf '\n%s' "$errors")"
  unexpected=
  while IFS= read -r line; do
    # "W: halolink: tag-name [details]"
    tag=$(awk '{ print $3 }' <<<"$line")
    allowed=0
    for entry in "${lintian_allowed_warnings[@]}"; do
      [ "${entry%% *}" = "$tag" ] && allowed=1
    done
    [ "$allowed" = 1 ] || unexpected+=$'\n'"$line"
  done < <(grep '^W: ' <<<"$lintian_out" || true)
  [ -z "$unexpected" ] || fail "lintian warns (fix it, or add the tag to lintian_allowed_warnings with the reason):$unexpected"
  echo "lintian: no errors, no warnings but the ${#lintian_allowed_warnings[@]} allowed ($(grep -c '^I: ' <<<"$lintian_out" || true) infos)"
else
  echo "lintian is not installed: not run (scripts/install-deps.sh installs it)"
fi

step "dependencies (installed already: this test downloads nothing)"
export DEBIAN_FRONTEND=noninteractive
apt_opts=(-y -q --no-install-recommends -o DPkg::Lock::Timeout=120)
if ! apt-get install -s "${apt_opts[@]}" "$deb" > "$work/simulate.log" 2>&1; then
  cat "$work/simulate.log" >&2
  fail "apt cannot install the package here (see above); scripts/install-deps.sh installs its dependencies"
fi
missing=$(awk '$1 == "Inst" && $2 != "'"$pkg"'" { print $2 }' "$work/simulate.log" | tr '\n' ' ')
[ -z "$missing" ] || fail "the package needs packages that are not installed: $missing- this test downloads nothing (needs the network); run scripts/install-deps.sh first"

step "install"
mkdir -p "$marker_dir" && touch "$marker"
# (The simulation above found nothing else to install, so apt downloads nothing.)
apt-get install "${apt_opts[@]}" "$deb" > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "apt-get install $deb failed"; }
[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg")" = "ii " ] || fail "the package is not installed and configured: $(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg")"
dpkg -L "$pkg" > "$work/files"
echo "$(wc -l < "$work/files") paths"

step "installed files"
expect=(/usr/bin/halolink /usr/bin/halolinkctl "$engine"
        "/usr/share/applications/$app_id.desktop" "/usr/share/metainfo/$app_id.metainfo.xml"
        "/usr/share/icons/hicolor/scalable/apps/$app_id.svg"
        /usr/share/man/man1/halolink.1.gz /usr/share/man/man1/halolinkctl.1.gz /usr/share/man/man1/halolink-engine.1.gz
        "/usr/share/doc/$pkg/copyright" "/usr/share/doc/$pkg/changelog.gz")
for size in 16 22 24 32 48 64 128 256 512; do
  expect+=("/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
for f in "${expect[@]}"; do
  grep -qxF "$f" "$work/files" || fail "$f is not in the package"
  [ -f "$f" ] || fail "$f is not on disk"
done
for f in /usr/bin/halolink /usr/bin/halolinkctl "$engine"; do
  [ -x "$f" ] || fail "$f is not executable"
  if ldd "$f" | grep -q 'not found'; then ldd "$f" | grep 'not found' >&2; fail "$f misses libraries"; fi
done
python3 - "$app_id" <<'PY' || fail "an icon PNG has the wrong size"
import struct, sys
for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
    path = f"/usr/share/icons/hicolor/{size}x{size}/apps/{sys.argv[1]}.png"
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path + ": not a PNG"
    w, h = struct.unpack(">II", head[16:24])
    assert (w, h) == (size, size), f"{path}: {w}x{h}"
print("icons: 9 PNG sizes and the SVG")
PY
# The copyright file (Debian's machine-readable format): everything is
# GPL-3.0+, and the licence's text is the one Debian ships, not a copy.
copyright=/usr/share/doc/$pkg/copyright
head -1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' || fail "$copyright is not in the machine-readable format (its Format line)"
grep -qx 'Upstream-Name: HaloLink' "$copyright" || fail "$copyright has no Upstream-Name: HaloLink"
python3 - "$copyright" <<'PY' || fail "$copyright does not say that every file is GPL-3.0+"
import sys
# Paragraphs are separated by blank lines; fields start at column 0.
paras = [p for p in open(sys.argv[1], encoding="utf-8").read().split("\n\n") if p.strip()]
def fields(p):
    out, key = {}, None
    for line in p.splitlines():
        if line[:1] in (" ", "\t") and key:
            out[key] += "\n" + line.strip()
        else:
            key, _, value = line.partition(":")
            out[key] = value.strip()
    return out
paras = [fields(p) for p in paras]
files = [p for p in paras if "Files" in p]
assert files and files[0]["Files"] == "*", "no 'Files: *' paragraph"
assert all(p.get("License", "").split("\n")[0] == "GPL-3.0+" for p in files), [p.get("License") for p in files]
assert "HaloLink developers" in files[0].get("Copyright", ""), files[0].get("Copyright")
text = [p for p in paras if "License" in p and "Files" not in p and p["License"].startswith("GPL-3.0+")]
assert text, "no stand-alone License: GPL-3.0+ paragraph with the notice"
assert "/usr/share/common-licenses/GPL-3" in text[0]["License"], "the notice does not point to /usr/share/common-licenses/GPL-3"
print("copyright: Files: * is GPL-3.0+, the notice points to /usr/share/common-licenses/GPL-3")
PY
head -1 <(zcat "/usr/share/doc/$pkg/changelog.gz") | grep -q "^$pkg ($version) " || fail "the newest entry of /usr/share/doc/$pkg/changelog.gz is not $pkg ($version)"
# Translations: every .qm the build made is installed (none is fine too).
qm_count=0
while IFS= read -r qm; do
  qm_count=$((qm_count + 1))
  [ -f "/usr/share/halolink/translations/$(basename "$qm")" ] || fail "translation $(basename "$qm") (built as $qm) is not installed in /usr/share/halolink/translations"
done < <(find "$build_dir" -name '*.qm' -not -path '*/_CPack_Packages/*' 2>/dev/null)
echo "translations: $qm_count .qm file(s) built, all installed"

step "the programs, from the installed paths"
home=$work/home
mkdir -p "$home" && mkdir -m 0700 "$work/runtime"
# A home of its own: nothing of root's settings, inventory or cache is read or
# written. English whatever the host's locale, since the texts are checked.
run_env=(env -u HALOLINK_ENGINE -u LANGUAGE LC_ALL=C.UTF-8 HOME="$home" XDG_CONFIG_HOME="$home/.config"
         XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" XDG_RUNTIME_DIR="$work/runtime"
         QT_QPA_PLATFORM=offscreen HALOLINK_NO_KEYCHAIN=1)
cd "$work"
out=$("${run_env[@]}" /usr/bin/halolink --version) || fail "halolink --version exited $?"
echo "halolink --version: $out"
[ "$out" = "halolink $version" ] || fail "halolink --version printed '$out', not 'halolink $version'"
out=$("${run_env[@]}" /usr/bin/halolink --help) || fail "halolink --help exited $?"
grep -q -- '--color-scheme' <<<"$out" && grep -q -- '--version' <<<"$out" || fail "halolink --help lacks --color-scheme or --version: $out"
out=$("${run_env[@]}" /usr/bin/halolinkctl --help) || fail "halolinkctl --help exited $?"
grep -q 'Commands:' <<<"$out" || fail "halolinkctl --help lacks its commands"
out=$("${run_env[@]}" /usr/bin/halolinkctl --version) || fail "halolinkctl --version exited $?"
echo "halolinkctl --version: $out"
grep -q "^halolinkctl $version (protocol [0-9]*)$" <<<"$out" || fail "halolinkctl --version printed '$out'"
out=$("${run_env[@]}" "$engine" --version) || fail "halolink-engine --version exited $?"
echo "halolink-engine --version: $out"
grep -q "^halolink-engine $version (protocol [0-9]*)$" <<<"$out" || fail "halolink-engine --version printed '$out'"

"${run_env[@]}" "$engine" probe > "$work/probe.json" || fail "$engine probe exited $?"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"]=="halolink.probe/1", d.get("schema"); print("halolink-engine probe:", d["host"]["hostname"], len(d.get("checks", [])), "checks")' "$work/probe.json" \
  || fail "halolink-engine probe did not print a halolink.probe/1 document"

# The app finds the installed engine by itself (no HALOLINK_ENGINE).
"${run_env[@]}" /usr/bin/halolinkctl engine --json > "$work/engine.json" || { cat "$work/engine.json"; fail "halolinkctl engine exited $?"; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["path"]==sys.argv[2], d; print("halolinkctl engine:", d["path"], d["version"], "protocol", d["protocol"])' "$work/engine.json" "$engine" \
  || fail "halolinkctl does not use $engine: $(cat "$work/engine.json")"
"${run_env[@]}" /usr/bin/halolinkctl probe --json > "$work/ctl-probe.json" || fail "halolinkctl probe (This computer) exited $?"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"]=="halolink.probe/1"; print("halolinkctl probe: This computer probed through the installed engine")' "$work/ctl-probe.json" \
  || fail "halolinkctl probe did not print a halolink.probe/1 document"

step "desktop file and AppStream metainfo"
desktop=/usr/share/applications/$app_id.desktop
metainfo=/usr/share/metainfo/$app_id.metainfo.xml
out=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate: $out"
[ -z "$out" ] || fail "desktop-file-validate has remarks: $out"
echo "desktop-file-validate $desktop: clean"
appstreamcli validate --no-net "$metainfo" || fail "appstreamcli validate --no-net $metainfo failed"
python3 - "$metainfo" "$app_id" "$version" <<'PY' || fail "the metainfo does not match the package"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.findtext("id") == sys.argv[2], root.findtext("id")
launchable = root.find("launchable").text
assert launchable == sys.argv[2] + ".desktop", launchable
newest = root.find("releases/release").get("version")
assert newest == sys.argv[3], f"newest release {newest}, package {sys.argv[3]}"
assert root.find("content_rating") is not None
license = root.findtext("project_license")
assert license == "GPL-3.0-or-later", f"project_license {license!r}"
print(f"metainfo: id {sys.argv[2]}, launches {launchable}, newest release {newest}, licence {license}")
PY
grep -qx "Exec=halolink" "$desktop" && grep -qx "Icon=$app_id" "$desktop" || fail "$desktop: Exec or Icon is not halolink / $app_id"

step "manual pages"
for page in halolink halolinkctl halolink-engine; do
  file=/usr/share/man/man1/$page.1.gz
  [ "$(man -w "$page" 2>/dev/null)" = "$file" ] || fail "man -w $page does not find $file"
  warnings=$(zcat "$file" | groff -man -Tutf8 -ww -z 2>&1) || fail "groff failed on $file: $warnings"
  [ -z "$warnings" ] || fail "groff warns on $file: $warnings"
  text=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$file" 2>"$work/man.err") || fail "man -l $file failed: $(cat "$work/man.err")"
  [ ! -s "$work/man.err" ] || fail "man -l $file: $(cat "$work/man.err")"
  for section in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" "SEE ALSO"; do
    grep -q "^$section" <<<"$text" || fail "$page(1) has no $section section"
  done
  echo "$page(1): renders without warnings ($(wc -l <<<"$text") lines)"
done

step "purge"
# Files and directories of the package, before it goes.
grep -v '^/\.$' "$work/files" > "$work/paths"
apt-get remove --purge "${apt_opts[@]}" "$pkg" > "$work/remove.log" 2>&1 || { cat "$work/remove.log" >&2; fail "apt-get remove --purge $pkg failed"; }
installed && fail "the package is still known to dpkg after the purge"
rm -f "$marker"
left=()
while IFS= read -r path; do
  [ -e "$path" ] || [ -L "$path" ] || continue
  if [ -d "$path" ] && [ ! -L "$path" ]; then
    # A directory may stay when another package owns it or it holds other files.
    dpkg-query -S "$path" >/dev/null 2>&1 && continue
    [ -n "$(ls -A "$path")" ] && continue
  fi
  left+=("$path")
done < "$work/paths"
ls /var/lib/dpkg/info/"$pkg".* >/dev/null 2>&1 && left+=(/var/lib/dpkg/info/"$pkg".*)
[ "${#left[@]}" -eq 0 ] || fail "left after the purge: ${left[*]}"
for dir in /usr/libexec/halolink /usr/share/halolink; do
  [ ! -e "$dir" ] || fail "$dir is left after the purge"
done
echo "nothing of the package is left ($(wc -l < "$work/paths") paths checked)"

printf '\nPASS: the Debian package builds, installs, works from /usr, validates, and purges cleanly\n'
