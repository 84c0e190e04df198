# Engine tests: probe, snapshot, robustness. They run the real halolink-engine.
halolink_add_qt_test(tst_probe_fixtures SOURCES engine/tst_probe_fixtures.cpp LABELS engine)
halolink_add_qt_test(tst_probe_robustness SOURCES engine/tst_probe_robustness.cpp LABELS engine)
halolink_add_qt_test(tst_snapshot SOURCES engine/tst_snapshot.cpp LABELS engine)
halolink_add_qt_test(tst_engine_portable SOURCES engine/tst_engine_portable.cpp LABELS engine)
halolink_add_qt_test(tst_engine_units SOURCES engine/tst_engine_units.cpp LIBS halolink_engine_lib LABELS engine)
halolink_add_qt_test(tst_roce_plan SOURCES engine/tst_roce_plan.cpp LIBS halolink_engine_lib LABELS engine)
halolink_add_qt_test(tst_roce_apply SOURCES engine/tst_roce_apply.cpp LABELS engine)
halolink_add_qt_test(tst_roce_verify SOURCES engine/tst_roce_verify.cpp LIBS halolink_engine_lib LABELS engine)
