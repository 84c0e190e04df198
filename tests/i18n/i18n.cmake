# Translations (label core and ui): the catalogues in translations/ are complete
# and match the sources (the same lupdate run as the update_translations
# target), halolinkctl speaks the locale's language; the main window in pt_BR.
find_package(Qt6 REQUIRED COMPONENTS LinguistTools) # Qt6::lupdate (imported targets are per directory)

halolink_add_qt_test(tst_translations SOURCES i18n/tst_translations.cpp LIBS halolink_core LABELS core)
target_compile_definitions(tst_translations PRIVATE
  HALOLINKCTL_PATH="$<TARGET_FILE:halolinkctl>"
  HALOLINK_LUPDATE="$<TARGET_FILE:Qt6::lupdate>"
  HALOLINK_LUPDATE_ARGS_FILE="${HALOLINK_LUPDATE_ARGS_FILE}"
  HALOLINK_TRANSLATIONS_DIR="${PROJECT_SOURCE_DIR}/translations")
add_dependencies(tst_translations halolinkctl)

# Started with the pt_BR locale; main()'s installTranslators() reads it.
halolink_add_qt_test(tst_mainwindow_pt_br SOURCES i18n/tst_mainwindow_pt_br.cpp LIBS halolink_ui halolink_core LABELS ui)
set_tests_properties(tst_mainwindow_pt_br PROPERTIES ENVIRONMENT
  "QT_QPA_PLATFORM=offscreen;HALOLINK_ENGINE=$<TARGET_FILE:halolink-engine>;LC_ALL=pt_BR.UTF-8;LANGUAGE=pt_BR")
