# Tests of `halolink-engine agent` (engine/agent/, engine/monitor/), included
# by tests/CMakeLists.txt. Session and mesh tests drive the real binary
# (HALOLINK_ENGINE_PATH) through its stdin/stdout; the monitor test links
# halolink_engine_lib and runs the sampler against a fake sysfs tree.

set(_agent_tests
  tst_agent_session
  tst_agent_monitor
  tst_agent_mesh
  tst_agent_model_shape
  tst_agent_exec
  tst_nic_port_stats)

foreach(_t IN LISTS _agent_tests)
  halolink_add_qt_test(${_t}
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/${_t}.cpp ${CMAKE_CURRENT_LIST_DIR}/agent_test_util.h
    LIBS halolink_engine_lib Qt6::Network
    LABELS engine)
  target_include_directories(${_t} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
endforeach()

# They open loopback ports and measure time: never next to each other or
# next to the bench tests.
set_tests_properties(tst_agent_session tst_agent_mesh PROPERTIES RUN_SERIAL TRUE)
