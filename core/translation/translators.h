#pragma once

#include <QLocale>
#include <QStringList>

namespace halolink {

// Makes the program speak the person's language: HaloLink's own translation
// for the locale (halolink_<lang>.qm, embedded under :/i18n by the build; see
// translations/) and, when there is one, Qt's (qtbase_<lang>.qm from
// QLibraryInfo::TranslationsPath: the standard dialog buttons, the command
// line parser's texts). Installed on the application once, at the top of
// main() of halolink and halolinkctl, before any text is made.
//
// The language is QLocale::system()'s: LC_ALL, LC_MESSAGES or LANG, and the
// list in LANGUAGE first when it is set (as gettext; LANGUAGE=pt_BR:en). The C
// and POSIX locales, English, and a language HaloLink has no translation for
// keep the English source texts, with halolink_en.qm for their plural forms
// ("%n node(s)" -> "1 node", "2 nodes"); Qt's are then not loaded under C or a
// language without a translation, so a window never mixes two languages.
// Returns the files loaded.
QStringList installTranslators(const QLocale &locale = QLocale::system());

// The languages a translation is built in (e.g. "en" (plural forms only),
// "pt_BR"), from :/i18n.
QStringList availableTranslations();

} // namespace halolink
