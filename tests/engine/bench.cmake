# Tests of the engine's `bench` and `reflect` (engine/bench/), included by
# tests/CMakeLists.txt. Unit tests link halolink_engine_lib; the others run
# the real halolink-engine binary (HALOLINK_ENGINE_PATH) on loopback.

set(_bench_tests
  tst_bench_stats
  tst_bench_control
  tst_bench_tcp
  tst_bench_failures)

foreach(_t IN LISTS _bench_tests)
  if(COMMAND halolink_add_qt_test)
    halolink_add_qt_test(${_t}
      SOURCES ${CMAKE_CURRENT_LIST_DIR}/${_t}.cpp ${CMAKE_CURRENT_LIST_DIR}/bench_test_util.h
      LIBS halolink_engine_lib Qt6::Network
      LABELS engine)
  else()
    add_executable(${_t} ${CMAKE_CURRENT_LIST_DIR}/${_t}.cpp)
    target_link_libraries(${_t} PRIVATE Qt6::Test Qt6::Network halolink_engine_lib)
    target_compile_definitions(${_t} PRIVATE
      HALOLINK_ENGINE_PATH="$<TARGET_FILE:halolink-engine>")
    add_dependencies(${_t} halolink-engine)
    add_test(NAME ${_t} COMMAND ${_t})
    set_tests_properties(${_t} PROPERTIES LABELS engine TIMEOUT 300)
  endif()
  target_include_directories(${_t} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
endforeach()

# They start servers on loopback ports and measure time: never two at once.
set_tests_properties(tst_bench_tcp tst_bench_failures PROPERTIES RUN_SERIAL TRUE)
