# Tests of `halolink-engine api` (engine/api/), `counters`
# (engine/monitor/counters_command.cpp) and `exporter` (engine/exporter/),
# included by tests/CMakeLists.txt. They run the real binary
# (HALOLINK_ENGINE_PATH): the api test against an HTTP server it runs on
# loopback, the counters test on a fake sysfs tree, the exporter test
# serving a fake sysfs tree on a free loopback port, scraped over TCP (it
# also tests the text format writer's escaping directly, with
# halolink_engine_lib).

halolink_add_qt_test(tst_engine_api SOURCES engine/tst_engine_api.cpp engine/engine_test_util.h LABELS engine)
# `api bench` against the llama-server test double (python3) on loopback,
# and its statistics and SHA-256 directly (halolink_engine_lib).
halolink_add_qt_test(tst_serve_bench SOURCES engine/tst_serve_bench.cpp engine/engine_test_util.h
  LIBS halolink_engine_lib LABELS engine)
halolink_add_qt_test(tst_engine_counters SOURCES engine/tst_engine_counters.cpp engine/engine_test_util.h
  LABELS engine)
halolink_add_qt_test(tst_engine_exporter SOURCES engine/tst_engine_exporter.cpp engine/engine_test_util.h
  LIBS halolink_engine_lib Qt6::Network LABELS engine)

# It measures time to the first token and waits for timeouts: not next to
# the benchmarks.
set_tests_properties(tst_engine_api PROPERTIES RUN_SERIAL TRUE)
# Its timings are compared with the double's token delay.
set_tests_properties(tst_serve_bench PROPERTIES RUN_SERIAL TRUE)
# It waits for its server's timeouts and opens ports: not next to the
# timing-sensitive tests either.
set_tests_properties(tst_engine_exporter PROPERTIES RUN_SERIAL TRUE)
