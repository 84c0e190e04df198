# UI tests (label ui): offscreen, with the real engine.
halolink_add_qt_test(tst_mainwindow SOURCES ui/tst_mainwindow.cpp LIBS halolink_ui halolink_core LABELS ui)
halolink_add_qt_test(tst_statusstyle SOURCES ui/tst_statusstyle.cpp LIBS halolink_ui halolink_core LABELS ui)

# The cluster dashboard offscreen (synthetic cluster through the real decoder, and this computer live).
find_package(QCustomPlotQt6 REQUIRED) # imported targets are per directory
halolink_add_qt_test(tst_dashboard SOURCES ui/tst_dashboard.cpp LIBS halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::PrintSupport LABELS ui)
halolink_add_qt_test(tst_dashboard_readright SOURCES ui/tst_dashboard_readright.cpp LIBS halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::PrintSupport LABELS ui)
halolink_add_qt_test(tst_dashboard_manyseries SOURCES ui/tst_dashboard_manyseries.cpp LIBS halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::PrintSupport LABELS ui)

# Benchmark (not a test): tests/bench/dashboard_frame runs it.
add_executable(dashboard_frame_bench bench/dashboard_frame.cpp)
target_link_libraries(dashboard_frame_bench PRIVATE halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::Widgets)

# Node dialogs (add/edit, host key, credentials, ssh config import) and the main window's node actions.
halolink_add_qt_test(tst_nodedialogs SOURCES ui/tst_nodedialogs.cpp LIBS halolink_ui halolink_core LABELS ui)

# The main window with an SSH node (real sshd on loopback; skips without root).
halolink_add_qt_test(tst_mainwindow_nodes SOURCES ui/tst_mainwindow_nodes.cpp LIBS halolink_ui halolink_core halolink_sshd_fixture LABELS ui ssh)

# The job form and its preview (nodes from a real inventory file, probes from the fixtures).
halolink_add_qt_test(tst_jobpreview SOURCES ui/tst_jobpreview.cpp LIBS halolink_ui halolink_core LABELS ui)

# The Jobs window from the main window's menu: preview, refused launches, the
# smoke result and RDMA proof, live traffic, accessibility.
halolink_add_qt_test(tst_jobswindow SOURCES ui/tst_jobswindow.cpp LIBS halolink_ui halolink_core LABELS ui)

# The RDMA/TCP comparison's view (chart bars, table, n/a, CSV) from comparisons
# built in the test, the kept ones from a store folder, and the dialog's options.
halolink_add_qt_test(tst_comparisonview SOURCES ui/tst_comparisonview.cpp LIBS halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::PrintSupport LABELS ui)

# The advice beside the New Job form (fit, split, predicted tok/s over RDMA and
# TCP) from the fixture probes and a shape given by a stand-in reader.
halolink_add_qt_test(tst_adviceview SOURCES ui/tst_adviceview.cpp LIBS halolink_ui halolink_core LABELS ui)

# The Jobs window driving a real launch over two sshd nodes in network
# namespaces (veth data plane) through the Ray/vLLM test doubles; skips without root.
halolink_add_qt_test(tst_jobswindow_ssh SOURCES ui/tst_jobswindow_ssh.cpp LIBS halolink_ui halolink_core halolink_sshd_fixture LABELS ui ssh)
set_tests_properties(tst_jobswindow_ssh PROPERTIES RUN_SERIAL TRUE)

# Accessibility: every dashboard chart's table alternative (same latest values,
# units, live), accessible names of every focusable widget in the main window,
# the dashboard and each setup wizard page, tab order, mnemonic clashes.
halolink_add_qt_test(tst_accessibility SOURCES ui/tst_accessibility.cpp LIBS halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::PrintSupport LABELS ui)

# The first screen (no cluster: the ways in; a cluster: the dashboard; the last
# node removed: the ways in again), This computer as a workstation and as a
# node (the real engine here), the virtual cluster's refusal without QEMU.
halolink_add_qt_test(tst_firstscreen SOURCES ui/tst_firstscreen.cpp LIBS halolink_ui halolink_core LABELS ui)

# The cluster HaloLink keeps (Cluster page): none kept, one kept, Change This
# Cluster (the wizard on it), Verify Again refused with its reason, Forget.
halolink_add_qt_test(tst_clusterpage SOURCES ui/tst_clusterpage.cpp LIBS halolink_ui halolink_core LABELS ui)

# Fabric health and alerts in the window (panel, bar, events), and desktop
# notifications over a dbus-daemon of the test's own.
find_package(Qt6 REQUIRED COMPONENTS DBus)
halolink_add_qt_test(tst_fabrichealthui SOURCES ui/tst_fabrichealthui.cpp LIBS halolink_ui halolink_core Qt6::DBus LABELS ui)

# The setup wizard's pages over fixture probes (no node reached): cabling
# default and addresses, the saved cluster setup as defaults, Soft-RoCE's QoS,
# the Apply/Verify tables, the rollback countdown; HALOLINK_SHOT_DIR saves PNGs.
halolink_add_qt_test(tst_setupwizard SOURCES ui/tst_setupwizard.cpp LIBS halolink_ui halolink_core QCustomPlotQt6::QCustomPlotQt6 Qt6::PrintSupport LABELS ui)
