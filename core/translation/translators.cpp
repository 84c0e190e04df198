#include "translation/translators.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLoggingCategory>
#include <QTranslator>

namespace halolink {

namespace {

Q_LOGGING_CATEGORY(lcTranslation, "halolink.translation", QtWarningMsg)

const QString kResourceDir = QStringLiteral(":/i18n");
const QString kPrefix = QStringLiteral("halolink_");

// Loads one translation and installs it on the application, which owns it.
QString install(const QLocale &locale, const QString &name, const QString &dir)
{
    auto *translator = new QTranslator(QCoreApplication::instance());
    if (!translator->load(locale, name, QStringLiteral("_"), dir)) {
        delete translator;
        return {};
    }
    QCoreApplication::installTranslator(translator);
    return translator->filePath();
}

} // namespace

QStringList installTranslators(const QLocale &locale)
{
    QStringList loaded;
    if (!QCoreApplication::instance())
        return loaded;
    // English is the source texts plus halolink_en.qm, which holds only the
    // plural forms of the "%n node(s)" texts ("1 node", "2 nodes"; made with
    // lupdate -pluralonly, see translations/CMakeLists.txt). "C" and "POSIX"
    // mean no translation, whatever LANGUAGE lists (as gettext), but English
    // plurals (as gettext's msgid_plural). tests/CMakeLists.txt runs the tests
    // with LC_ALL=C.UTF-8 and no LANGUAGE.
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    auto englishPlurals = [&] {
        const QString en = install(english, QStringLiteral("halolink"), kResourceDir);
        if (!en.isEmpty())
            loaded << en;
        return loaded;
    };
    if (locale.language() == QLocale::C)
        return englishPlurals();
    // QTranslator tries the locale's UI languages in order ("pt-BR" ->
    // halolink_pt_BR.qm, then halolink_pt.qm; "en-US" -> halolink_en.qm) and
    // then a bare halolink.qm, which does not exist: English then.
    const QString own = install(locale, QStringLiteral("halolink"), kResourceDir);
    if (own.isEmpty()) {
        qCDebug(lcTranslation) << "no translation for" << locale.uiLanguages() << "- English";
        return englishPlurals(); // and Qt's own texts in English too: one language a window
    }
    loaded << own;
    const QString qt = install(locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    if (!qt.isEmpty())
        loaded << qt;
    else
        qCDebug(lcTranslation) << "no Qt translation for" << locale.uiLanguages() << "in"
                               << QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    qCDebug(lcTranslation) << "loaded" << loaded;
    return loaded;
}

QStringList availableTranslations()
{
    QStringList languages;
    const QStringList files = QDir(kResourceDir).entryList({kPrefix + QStringLiteral("*.qm")}, QDir::Files, QDir::Name);
    for (const QString &file : files)
        languages << file.mid(kPrefix.size(), file.size() - kPrefix.size() - 3);
    return languages;
}

} // namespace halolink
