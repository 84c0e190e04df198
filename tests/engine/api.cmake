# Tests of `halolink-engine api` (engine/api/) and `counters`
# (engine/monitor/counters_command.cpp), included by tests/CMakeLists.txt.
# Both run the real binary (HALOLINK_ENGINE_PATH): the api test against an
# HTTP server it runs on loopback, the counters test on a fake sysfs tree.

halolink_add_qt_test(tst_engine_api SOURCES engine/tst_engine_api.cpp engine/engine_test_util.h LABELS engine)
halolink_add_qt_test(tst_engine_counters SOURCES engine/tst_engine_counters.cpp engine/engine_test_util.h
  LABELS engine)

# It measures time to the first token and waits for timeouts: not next to
# the benchmarks.
set_tests_properties(tst_engine_api PROPERTIES RUN_SERIAL TRUE)
