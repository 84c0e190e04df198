# The Debian package (label package): built with CPack, installed with apt,
# its programs run from /usr, desktop file / AppStream / manual pages checked,
# then purged. Needs root (skipped otherwise); downloads nothing.
# Included from tests/CMakeLists.txt, so paths are relative to tests/.
add_test(NAME package_deb
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/package/test_deb.sh
          --build-dir ${PROJECT_BINARY_DIR} --version ${PROJECT_VERSION} --app-id ${HALOLINK_APP_ID})
set_tests_properties(package_deb PROPERTIES
  LABELS package
  TIMEOUT 420
  SKIP_RETURN_CODE 77
  RESOURCE_LOCK halolink_dpkg)
