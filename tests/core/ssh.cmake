# SSH, deployment and agent-session tests (label ssh). They start real OpenSSH
# servers (tests/core/sshd_fixture.*) and skip, with the reason, where that is
# not possible (not root, no sshd). Included from tests/CMakeLists.txt.
add_library(halolink_sshd_fixture STATIC core/sshd_fixture.cpp core/sshd_fixture.h core/cluster_netns.cpp core/cluster_netns.h
    core/sched_autogroup.cpp core/sched_autogroup.h)
target_link_libraries(halolink_sshd_fixture PUBLIC halolink_core Qt6::Core Qt6::Network)
target_include_directories(halolink_sshd_fixture PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/core)

halolink_add_qt_test(tst_ssh_shellquote SOURCES core/tst_ssh_shellquote.cpp LIBS halolink_core LABELS ssh core)
halolink_add_qt_test(tst_ssh_session SOURCES core/tst_ssh_session.cpp LIBS halolink_sshd_fixture LABELS ssh)
halolink_add_qt_test(tst_deploy SOURCES core/tst_deploy.cpp LIBS halolink_sshd_fixture LABELS ssh)
halolink_add_qt_test(tst_agent_session_ssh SOURCES core/tst_agent_session_ssh.cpp LIBS halolink_sshd_fixture LABELS ssh)
halolink_add_qt_test(tst_ssh_parallel SOURCES core/tst_ssh_parallel.cpp LIBS halolink_sshd_fixture LABELS ssh)

# The HaloLink side of tests/bench/fanout_probe (a program, not a test).
add_executable(fanout_probe_runner bench/fanout_probe_runner.cpp)
target_link_libraries(fanout_probe_runner PRIVATE halolink_core)
