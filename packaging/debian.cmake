# The Debian package (CPack, DEB generator), included from the top-level
# CMakeLists.txt:   cmake --build build --target package
#   -> build/halolink_<version>_<arch>.deb
# It holds what the install rules put under /usr: bin/halolink and
# bin/halolinkctl; libexec/halolink/halolink-engine (where EngineLocator finds
# it from bin/, and where the app uploads it to nodes from); the .desktop file,
# AppStream metainfo and icons named by HALOLINK_APP_ID (resources/); the
# manual pages (docs/man/); whatever .qm translations the build made; and in
# /usr/share/doc/halolink/ the copyright file and the changelog (debian/).
# Library dependencies come from dpkg-shlibdeps (package dpkg-dev). The
# package test (tests/package/) builds it, runs lintian on it, installs,
# checks and purges it.
# lintian finds no error and no warning. Its infos that stay: on each of the
# three programs binary-has-unneeded-section .comment (Debian's dh_strip
# removes it with extra strip options; CPack's CPACK_STRIP_FILES runs plain
# strip), hardening-no-bindnow and hardening-no-fortify-functions (the
# project builds with CMake's flags, not dpkg-buildflags' -Wl,-z,now and
# -D_FORTIFY_SOURCE=2).

set(HALOLINK_PACKAGE_MAINTAINER "HaloLink maintainers <maintainers@users.noreply.a-seed-908d575a.example>"
    CACHE STRING "Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME halolink)
set(CPACK_PACKAGE_VENDOR "The HaloLink developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${HALOLINK_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "HaloLink sets up, watches and uses small AMD Strix Halo GPU clusters\n"
  "(two to eight nodes) linked by RDMA network cards: Intel E810 in RoCE v2\n"
  "mode, Mellanox ConnectX, InfiniBand. It reaches the nodes over SSH and\n"
  "deploys its own node program, halolink-engine, to them.\n"
  "\n"
  "It offers a guided setup (preflight checks, RoCE v2 configuration with a\n"
  "reviewable plan and automatic rollback, verification of RDMA against\n"
  "TCP), live dashboards of latency, bandwidth, RDMA counters and GPU use,\n"
  "and tensor-parallel inference jobs (vLLM over Ray, llama.cpp RPC) with\n"
  "proof that RDMA carried the traffic.\n"
  "\n"
  "This package contains the desktop app halolink, the command line\n"
  "halolinkctl and halolink-engine.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${HALOLINK_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Directories 0755 whatever the umask of whoever builds the package (with
# umask 002 they were 0775: lintian's non-standard-dir-perm on every one).
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# Depends: what the programs link, as dpkg-shlibdeps finds it.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Recommends: what the programs use without linking it. The engine opens
# libibverbs/librdmacm (and the NIC's provider) with dlopen and reports their
# absence; libssh runs the OpenSSH client for a ProxyJump; Qt needs its
# Wayland plugin on Wayland and its SVG plugins for the scalable icon.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "openssh-client, rdma-core, libibverbs1, librdmacm1, ibverbs-providers, qt6-wayland, libqt6svg6")
# Suggests: GPU telemetry (ROCm SMI, opened with dlopen), a Secret Service
# keychain for passwords a person chooses to keep, and what the virtual
# cluster (/usr/share/halolink/lab/halolink-lab) runs: from
# scripts/install-deps.sh's lab list QEMU, busybox-static (the initramfs),
# cpio, kmod (depmod, modprobe) and e2fsprogs (--persistent's mkfs.ext4; the
# list's qemu-utils and tcpdump serve the tests, systemd and udev a Debian
# host has); and what the VMs run from the host's own root over 9p: sshd,
# rdma-core and ibverbs-utils; the host logs in with the ssh client.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
    "librocm-smi64-1, gnome-keyring | kwalletmanager | keepassxc, qemu-system-x86, busybox-static, cpio, kmod, openssh-server, openssh-client, rdma-core, ibverbs-utils, e2fsprogs")

# /usr/share/doc/halolink/: what Debian's policy asks of every package.
# copyright: the machine-readable copyright file (GPL-3.0+, pointing to
# /usr/share/common-licenses/GPL-3 rather than holding the text).
# changelog.gz: the package's Debian changelog. The version has no Debian
# revision (0.1.0, not 0.1.0-1): the package is built by the project itself,
# so it is "native", and for a native package lintian wants changelog.gz,
# not changelog.Debian.gz (wrong-name-for-changelog-of-native-package).
# Compressed here like the manual pages: -9, and -n for no name or time
# stamp inside, so the same changelog gives the same file.
include(GNUInstallDirs)
set(HALOLINK_PACKAGE_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/${CPACK_PACKAGE_NAME})
set(debian_changelog ${CMAKE_CURRENT_LIST_DIR}/debian/changelog)
file(STRINGS ${debian_changelog} debian_changelog_head LIMIT_COUNT 1)
if(NOT debian_changelog_head MATCHES "^${CPACK_PACKAGE_NAME} \\(${PROJECT_VERSION}\\) ")
  message(WARNING "packaging: the newest entry of ${debian_changelog} is '${debian_changelog_head}', "
                  "the project is ${PROJECT_VERSION}: add an entry for it")
endif()
find_program(HALOLINK_GZIP gzip REQUIRED)
set(debian_changelog_gz ${CMAKE_CURRENT_BINARY_DIR}/packaging/changelog.gz)
add_custom_command(
  OUTPUT ${debian_changelog_gz}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/packaging
  COMMAND ${HALOLINK_GZIP} -9 -n -c ${debian_changelog} > ${debian_changelog_gz}
  DEPENDS ${debian_changelog}
  COMMENT "Compressing the Debian changelog")
add_custom_target(halolink_debian_changelog ALL DEPENDS ${debian_changelog_gz})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/debian/copyright ${debian_changelog_gz}
        DESTINATION ${HALOLINK_PACKAGE_DOC_DIR})

if(NOT CMAKE_CROSSCOMPILING)
  find_program(HALOLINK_DPKG_SHLIBDEPS dpkg-shlibdeps)
  if(NOT HALOLINK_DPKG_SHLIBDEPS)
    message(WARNING "packaging: dpkg-shlibdeps (Debian: dpkg-dev) not found: "
                    "'--target package' will fail (scripts/install-deps.sh installs it)")
  endif()
endif()

include(CPack)
