# UI tests (label ui): offscreen, with the real engine.
halolink_add_qt_test(tst_mainwindow SOURCES ui/tst_mainwindow.cpp LIBS halolink_ui halolink_core LABELS ui)
halolink_add_qt_test(tst_statusstyle SOURCES ui/tst_statusstyle.cpp LIBS halolink_ui halolink_core LABELS ui)
