# Core tests (label core): decoder, local engine, models, halolinkctl.
# Included from tests/CMakeLists.txt, so paths are relative to tests/.
halolink_add_qt_test(tst_probedecoder SOURCES core/tst_probedecoder.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_localengine SOURCES core/tst_localengine.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_nodelistmodel SOURCES core/tst_nodelistmodel.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_probemodels SOURCES core/tst_probemodels.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_checkstatus SOURCES core/tst_checkstatus.cpp LIBS halolink_core LABELS core)

halolink_add_qt_test(tst_halolinkctl SOURCES core/tst_halolinkctl.cpp LIBS halolink_core LABELS core)
target_compile_definitions(tst_halolinkctl PRIVATE HALOLINKCTL_PATH="$<TARGET_FILE:halolinkctl>")
add_dependencies(tst_halolinkctl halolinkctl)

# Where an installed app finds its engine (../libexec/halolink/, ../lib/halolink/,
# never a build tree's), down to a copied halolinkctl in a fake prefix.
halolink_add_qt_test(tst_enginelocator SOURCES core/tst_enginelocator.cpp LIBS halolink_core LABELS core)
target_compile_definitions(tst_enginelocator PRIVATE HALOLINKCTL_PATH="$<TARGET_FILE:halolinkctl>"
                           HALOLINK_BUILD_DIR="${PROJECT_BINARY_DIR}")
add_dependencies(tst_enginelocator halolinkctl)

# Telemetry: store, agent-event decoder and ingest, models, local source.
halolink_add_qt_test(tst_telemetrystore SOURCES core/tst_telemetrystore.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_telemetryingest SOURCES core/tst_telemetryingest.cpp LIBS halolink_core LABELS core)

# The cluster setup's rules (interface, addresses, QoS, spec, exported script, preflight).
halolink_add_qt_test(tst_setupplan SOURCES core/tst_setupplan.cpp LIBS halolink_core LABELS core)
# The confirmed cluster setup's record (cabling, data planes, QoS, the verification and its time).
halolink_add_qt_test(tst_savedsetup SOURCES core/tst_savedsetup.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_savedsetuptext SOURCES core/tst_savedsetuptext.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_fabrichealth SOURCES core/tst_fabrichealth.cpp LIBS halolink_core LABELS core)

# Tensor-parallel jobs: rendering from the fixture probes, quoting through a real shell.
halolink_add_qt_test(tst_jobrender SOURCES core/tst_jobrender.cpp LIBS halolink_core LABELS core)
halolink_add_qt_test(tst_jobproof SOURCES core/tst_jobproof.cpp LIBS halolink_core LABELS core)
# The RDMA/TCP comparison's report: levels side by side, speed-up, outputs, JSON, CSV, the kept ones.
halolink_add_qt_test(tst_comparereport SOURCES core/tst_comparereport.cpp LIBS halolink_core LABELS core)

# The engine's texts in the user's language: the app's tables against the engine's
# (both linked), the probe of every snapshot and plans for them read back, pt_BR.
halolink_add_qt_test(tst_enginetexts SOURCES core/tst_enginetexts.cpp
  LIBS halolink_core halolink_engine_lib LABELS core)

# The latency mesh's per-node budget (ClusterController::meshPlan).
halolink_add_qt_test(tst_meshbudget SOURCES core/tst_meshbudget.cpp LIBS halolink_core LABELS core)

# The advisor's fit and speed model against published shapes and measurements (docs/advise.md).
halolink_add_qt_test(tst_advise SOURCES core/tst_advise.cpp LIBS halolink_core LABELS core)
# The advisor's answer: the three ways, the recommended one, halolink.advice/1 and its text.
halolink_add_qt_test(tst_advisor SOURCES core/tst_advisor.cpp LIBS halolink_core LABELS core)
