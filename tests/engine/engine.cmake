# Engine tests: probe, snapshot, robustness. They run the real halolink-engine.
halolink_add_qt_test(tst_probe_fixtures SOURCES engine/tst_probe_fixtures.cpp LABELS engine)
halolink_add_qt_test(tst_probe_robustness SOURCES engine/tst_probe_robustness.cpp LABELS engine)
halolink_add_qt_test(tst_snapshot SOURCES engine/tst_snapshot.cpp LABELS engine)
halolink_add_qt_test(tst_engine_portable SOURCES engine/tst_engine_portable.cpp LABELS engine)
halolink_add_qt_test(tst_engine_units SOURCES engine/tst_engine_units.cpp LIBS halolink_engine_lib LABELS engine)
halolink_add_qt_test(tst_roce_plan SOURCES engine/tst_roce_plan.cpp LIBS halolink_engine_lib LABELS engine)
halolink_add_qt_test(tst_roce_apply SOURCES engine/tst_roce_apply.cpp LABELS engine)
halolink_add_qt_test(tst_roce_verify SOURCES engine/tst_roce_verify.cpp LIBS halolink_engine_lib LABELS engine)
# The parsers against tests/fixtures/tool-output/ (real outputs of ip, dcb,
# devlink, ethtool, ibv_devinfo, systemctl).
halolink_add_qt_test(tst_tool_output SOURCES engine/tst_tool_output.cpp LIBS halolink_engine_lib LABELS engine)
# Plans from the snapshots applied to a node double that changes as the real
# tools change the node: idempotence and the exact undo.
halolink_add_qt_test(tst_roce_idempotence SOURCES engine/tst_roce_idempotence.cpp engine/node_double.cpp
  LIBS halolink_engine_lib LABELS engine)
halolink_add_qt_test(tst_model_shape SOURCES engine/tst_model_shape.cpp engine/gguf_test_writer.h LIBS halolink_engine_lib LABELS engine)
