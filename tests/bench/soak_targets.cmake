# The soak (tests/bench/soak_64, on demand) and its short version as a test
# (tst_soak_short, labels ssh and soak), one code: soak_cluster.* and its parts (soak_farm.h: the chaos,
# soak_stalls.h: the GUI thread watch, soak_sampler.h: CPU and memory,
# soak_ledger.h: what the app received, soak_probes.h: clocks). Included
# from tests/CMakeLists.txt after ui/ui.cmake and core/ssh.cmake, so paths
# are relative to tests/.
find_package(QCustomPlotQt6 REQUIRED)
add_library(halolink_soak STATIC bench/soak_cluster.cpp bench/soak_cluster.h bench/soak_farm.h bench/soak_ledger.h
  bench/soak_probes.h bench/soak_sampler.h bench/soak_stalls.h)
target_link_libraries(halolink_soak PUBLIC halolink_sshd_fixture halolink_ui halolink_core
  QCustomPlotQt6::QCustomPlotQt6 Qt6::Widgets)
target_include_directories(halolink_soak PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/bench)
target_compile_definitions(halolink_soak PRIVATE HALOLINK_ENGINE_PATH="$<TARGET_FILE:halolink-engine>")
add_dependencies(halolink_soak halolink-engine)

add_executable(soak_runner bench/soak_runner.cpp)
target_link_libraries(soak_runner PRIVATE halolink_soak)

halolink_add_qt_test(tst_soak_short SOURCES core/tst_soak_short.cpp LIBS halolink_soak LABELS ssh soak)
set_tests_properties(tst_soak_short PROPERTIES TIMEOUT 480 RUN_SERIAL TRUE)
# In CI since 2026-12-02: it had been disabled after one run under a load of
# about 60 found a 3 s outage of one node as a gap in only some of its series;
# runs here since (load 2, and 8 with six busy loops beside it) found every
# outage in every series. Should it fail so again, the report lists those
# series and their points around the outage.
