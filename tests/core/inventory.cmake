# Inventory, cluster controller and halolinkctl over real sshd nodes (labels
# core / ssh). Included from tests/CMakeLists.txt after ssh.cmake (it uses
# halolink_sshd_fixture), so paths are relative to tests/.
halolink_add_qt_test(tst_inventory SOURCES core/tst_inventory.cpp LIBS halolink_core LABELS core)
# One SSH folder for the import and the connection; the user from the account; errors name the config.
halolink_add_qt_test(tst_sshpaths SOURCES core/tst_sshpaths.cpp LIBS halolink_core LABELS core)

halolink_add_qt_test(tst_clustercontroller SOURCES core/tst_clustercontroller.cpp LIBS halolink_sshd_fixture LABELS ssh)

halolink_add_qt_test(tst_halolinkctl_ssh SOURCES core/tst_halolinkctl_ssh.cpp core/ctl_ssh_runner.h LIBS halolink_sshd_fixture LABELS ssh)
target_compile_definitions(tst_halolinkctl_ssh PRIVATE HALOLINKCTL_PATH="$<TARGET_FILE:halolinkctl>")
add_dependencies(tst_halolinkctl_ssh halolinkctl)
# halolinkctl configure (plan, apply, verify, confirm, rollback, status, sudo) over the same fixture.
halolink_add_qt_test(tst_halolinkctl_configure_ssh SOURCES core/tst_halolinkctl_configure_ssh.cpp core/ctl_ssh_runner.h
  LIBS halolink_sshd_fixture LABELS ssh)
target_compile_definitions(tst_halolinkctl_configure_ssh PRIVATE HALOLINKCTL_PATH="$<TARGET_FILE:halolinkctl>")
add_dependencies(tst_halolinkctl_configure_ssh halolinkctl)
# halolinkctl job advise over two sshd nodes: a GGUF written by the test, read on the first node.
halolink_add_qt_test(tst_ctl_advise_ssh SOURCES core/tst_ctl_advise_ssh.cpp core/ctl_ssh_runner.h LIBS halolink_sshd_fixture LABELS ssh)
target_compile_definitions(tst_ctl_advise_ssh PRIVATE HALOLINKCTL_PATH="$<TARGET_FILE:halolinkctl>")
add_dependencies(tst_ctl_advise_ssh halolinkctl)

# The cluster setup over real sshd nodes: sudo password per node, RDMA pause/resume, agent restart.
halolink_add_qt_test(tst_setupcontroller_ssh SOURCES core/tst_setupcontroller_ssh.cpp LIBS halolink_sshd_fixture LABELS ssh)

# Tensor-parallel jobs over two sshd nodes in network namespaces (a veth data plane), through the Ray/vLLM test doubles.
halolink_add_qt_test(tst_joblauncher_ssh SOURCES core/tst_joblauncher_ssh.cpp LIBS halolink_sshd_fixture LABELS ssh)
