// The translations (translations/halolink_<lang>.ts):
//  - every message is finished, not empty, and keeps what the program fills in
//    or acts on: the placeholders (%1..%99, %n in every plural form), the
//    number of accelerators (&), the HTML tags, the leading and trailing white
//    space and the closing punctuation;
//  - lupdate over today's sources (the same run as the update_translations
//    target) warns about nothing and finds no text the catalogues lack, and
//    none they keep as obsolete: a text added without a translation fails here;
//  - halolinkctl speaks the language of the locale it runs in (and Qt's own
//    texts with it), English under C or a language without a translation;
//  - English plurals: halolink_en.ts holds only the plural messages, every one
//    finished and none left with "(s)"; under English, C or a language without
//    a translation, "%n node(s) added." reads "1 node added." / "2 nodes added.".

#include "translation/translators.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLibraryInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

namespace {

struct TsMessage {
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type; // "", "unfinished", "vanished", "obsolete"
    QStringList translations;

    QString key() const { return context + QChar(0x1f) + source + QChar(0x1f) + comment; }
    bool isObsolete() const { return type == QLatin1String("vanished") || type == QLatin1String("obsolete"); }
    QString where() const
    {
        return QStringLiteral("[%1] \"%2\"").arg(context, source.left(80).replace(QLatin1Char('\n'), QLatin1String("\\n")));
    }
};

struct TsFile {
    QString language;
    QList<TsMessage> messages;
    QString error;
};

TsFile readTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage *message = nullptr;
    bool inTranslation = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("TS")) {
                ts.language = xml.attributes().value(QLatin1String("language")).toString();
            } else if (name == QLatin1String("name") && !message) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                ts.messages.append(TsMessage{});
                message = &ts.messages.last();
                message->context = context;
                message->numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (message && name == QLatin1String("source")) {
                message->source = xml.readElementText();
            } else if (message && name == QLatin1String("comment")) {
                message->comment = xml.readElementText();
            } else if (message && name == QLatin1String("translation")) {
                message->type = xml.attributes().value(QLatin1String("type")).toString();
                if (message->numerus) {
                    inTranslation = true;
                } else {
                    message->translations << xml.readElementText();
                }
            } else if (message && inTranslation && name == QLatin1String("numerusform")) {
                message->translations << xml.readElementText();
            }
        } else if (xml.isEndElement()) {
            if (xml.name() == QLatin1String("translation"))
                inTranslation = false;
            else if (xml.name() == QLatin1String("message"))
                message = nullptr;
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

// halolink_en.ts: the English plural forms alone (lupdate -pluralonly).
bool pluralsOnly(const QString &path)
{
    return QFileInfo(path).fileName() == QLatin1String("halolink_en.ts");
}

QStringList tsFiles()
{
    const QDir dir(QStringLiteral(HALOLINK_TRANSLATIONS_DIR));
    QStringList files;
    for (const QString &name : dir.entryList({QStringLiteral("halolink_*.ts")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(n|[1-9][0-9]?)"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    return sorted(found);
}

int accelerators(QString text)
{
    // An accelerator is '&' before a visible character: not "&&" (a literal
    // ampersand) and not an HTML entity (&amp; &lt; &nbsp; &#8594;).
    static const QRegularExpression entity(QStringLiteral("&(?:[a-zA-Z]+|#[0-9]+|#x[0-9a-fA-F]+);"));
    text.remove(entity);
    text.remove(QStringLiteral("&&"));
    static const QRegularExpression accel(QStringLiteral("&(?=\\S)"));
    return int(text.count(accel));
}

QStringList htmlTags(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("</?(?:a|b|i|u|p|br|code|h[1-6]|span|table|tr|td|th|ul|ol|li|pre|tt|em|strong|div|"
                       "small|big|hr|img|font|qt|nobr)\\b[^>]*>"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0).toLower();
    return sorted(found);
}

QString leadingSpace(const QString &text)
{
    qsizetype i = 0;
    while (i < text.size() && text.at(i).isSpace())
        ++i;
    return text.left(i);
}

QString trailingSpace(const QString &text)
{
    qsizetype i = text.size();
    while (i > 0 && text.at(i - 1).isSpace())
        --i;
    return text.mid(i);
}

// The closing punctuation, as a class: other scripts' full stops count as '.'.
QString ending(const QString &text)
{
    const QString t = text.trimmed();
    if (t.endsWith(QLatin1String("...")) || t.endsWith(QChar(0x2026)))
        return QStringLiteral("…");
    if (t.isEmpty())
        return {};
    const QChar c = t.back();
    if (c == QLatin1Char('.') || c == QChar(0x3002) || c == QChar(0x0964))
        return QStringLiteral(".");
    if (c == QLatin1Char(':') || c == QChar(0xff1a))
        return QStringLiteral(":");
    if (c == QLatin1Char('?') || c == QChar(0xff1f))
        return QStringLiteral("?");
    if (c == QLatin1Char('!') || c == QChar(0xff01))
        return QStringLiteral("!");
    return {};
}

QStringList problems(const TsMessage &m)
{
    QStringList out;
    if (m.type == QLatin1String("unfinished"))
        out << QStringLiteral("unfinished");
    if (m.translations.isEmpty())
        out << QStringLiteral("no translation");
    for (const QString &t : m.translations) {
        QStringList p;
        if (t.trimmed().isEmpty() && !m.source.trimmed().isEmpty())
            p << QStringLiteral("empty");
        if (placeholders(t) != placeholders(m.source))
            p << QStringLiteral("placeholders %1, the source has %2")
                     .arg(placeholders(t).join(QLatin1Char(' ')), placeholders(m.source).join(QLatin1Char(' ')));
        if (accelerators(t) != accelerators(m.source))
            p << QStringLiteral("%1 accelerator(s), the source has %2").arg(accelerators(t)).arg(accelerators(m.source));
        if (htmlTags(t) != htmlTags(m.source))
            p << QStringLiteral("HTML tags %1, the source has %2")
                     .arg(htmlTags(t).join(QLatin1Char(' ')), htmlTags(m.source).join(QLatin1Char(' ')));
        if (leadingSpace(t) != leadingSpace(m.source) || trailingSpace(t) != trailingSpace(m.source))
            p << QStringLiteral("leading or trailing white space differs");
        if (ending(t) != ending(m.source))
            p << QStringLiteral("ends with '%1', the source with '%2'").arg(ending(t), ending(m.source));
        if (!p.isEmpty())
            out << QStringLiteral("\"%1\": %2").arg(t.left(60).replace(QLatin1Char('\n'), QLatin1String("\\n")),
                                                   p.join(QLatin1String("; ")));
    }
    return out;
}

void failWith(const QString &what, const QStringList &list)
{
    if (list.isEmpty())
        return;
    QString text = QStringLiteral("%1 (%2):").arg(what).arg(list.size());
    for (const QString &line : list.mid(0, 25))
        text += QStringLiteral("\n  ") + line;
    if (list.size() > 25)
        text += QStringLiteral("\n  …");
    QFAIL(qPrintable(text));
}

// The environment of a child with exactly these locale variables.
QProcessEnvironment localeEnvironment(const QStringList &assignments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "QT_LOGGING_RULES"})
        env.remove(QLatin1String(name));
    for (const QString &a : assignments)
        env.insert(a.section(QLatin1Char('='), 0, 0), a.section(QLatin1Char('='), 1));
    return env;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void catalogueIsComplete_data();
    void catalogueIsComplete();
    void sourcesMatchTheCatalogues();
    void embeddedInThePrograms();
    void halolinkctlSpeaksTheLocale_data();
    void halolinkctlSpeaksTheLocale();
    void halolinkctlEnglishPlurals_data();
    void halolinkctlEnglishPlurals();
    void englishPlurals(); // last: it installs the English translation in this process

private:
    QTemporaryDir m_tmp;
};

void TestTranslations::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    QVERIFY2(!tsFiles().isEmpty(), HALOLINK_TRANSLATIONS_DIR);
}

void TestTranslations::catalogueIsComplete_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : tsFiles())
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestTranslations::catalogueIsComplete()
{
    QFETCH(QString, path);
    const TsFile ts = readTs(path);
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    // The language is the file name's: halolink_pt_BR.ts is pt_BR.
    QCOMPARE(ts.language, QFileInfo(path).completeBaseName().section(QLatin1Char('_'), 1));
    QVERIFY(!ts.messages.isEmpty());

    QStringList found;
    QSet<QString> keys;
    qsizetype pluralForms = -1;
    for (const TsMessage &m : ts.messages) {
        if (keys.contains(m.key()))
            found << m.where() + QStringLiteral(": twice");
        keys.insert(m.key());
        if (m.isObsolete())
            continue; // not used; sourcesMatchTheCatalogues() fails if it is
        if (m.numerus) {
            // Every plural message has the language's number of forms.
            if (pluralForms < 0)
                pluralForms = m.translations.size();
            if (m.translations.size() != pluralForms)
                found << m.where() + QStringLiteral(": %1 plural forms, others have %2")
                                         .arg(m.translations.size())
                                         .arg(pluralForms);
        }
        for (const QString &p : problems(m))
            found << m.where() + QStringLiteral(": ") + p;
        if (pluralsOnly(path)) {
            if (!m.numerus)
                found << m.where() + QStringLiteral(": not a plural message (lupdate -pluralonly)");
            if (m.translations.size() != 2)
                found << m.where() + QStringLiteral(": English has 2 plural forms, not %1").arg(m.translations.size());
            for (const QString &t : m.translations) {
                if (t.contains(QLatin1String("(s)")) || t.contains(QLatin1String("(es)")) || t.contains(QLatin1String("(ies)")))
                    found << m.where() + QStringLiteral(": \"%1\" still has the (s)").arg(t);
            }
        }
    }
    failWith(QStringLiteral("Messages to fix in %1 (Qt Linguist)").arg(QFileInfo(path).fileName()), found);
}

void TestTranslations::sourcesMatchTheCatalogues()
{
    // The update_translations target's lupdate run (translations/CMakeLists.txt),
    // into a file of its own: the committed catalogues stay as they are.
    QFile argsFile(QStringLiteral(HALOLINK_LUPDATE_ARGS_FILE));
    QVERIFY2(argsFile.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(argsFile.fileName()));
    QStringList args = QString::fromUtf8(argsFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QString fresh = m_tmp.filePath(QStringLiteral("fresh.ts"));
    args << QStringLiteral("-ts") << fresh;
    QProcess lupdate;
    lupdate.start(QStringLiteral(HALOLINK_LUPDATE), args);
    QVERIFY2(lupdate.waitForFinished(120000), qPrintable(lupdate.errorString()));
    const QString output = QString::fromLocal8Bit(lupdate.readAllStandardOutput() + lupdate.readAllStandardError());
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, qPrintable(output));

    // lupdate's warnings ("Class 'X' lacks Q_OBJECT macro", "tr() cannot be
    // called without context", ...) are texts filed under another context than
    // the program looks them up in, or not extracted at all.
    static const QRegularExpression warning(QStringLiteral("^\\S+:\\d+: (.*)$"), QRegularExpression::MultilineOption);
    QStringList warnings;
    for (auto it = warning.globalMatch(output); it.hasNext();)
        warnings << it.next().captured(0);
    failWith(QStringLiteral("lupdate warns (see core/cli/ctlcommon.h for how texts outside a QObject are "
                            "marked)"),
             warnings);

    const TsFile extracted = readTs(fresh);
    QVERIFY2(extracted.error.isEmpty(), qPrintable(extracted.error));
    QVERIFY(extracted.messages.size() > 100);
    QHash<QString, TsMessage> used;
    for (const TsMessage &m : extracted.messages)
        used.insert(m.key(), m);

    for (const QString &path : tsFiles()) {
        const TsFile ts = readTs(path);
        QHash<QString, TsMessage> catalogue;
        for (const TsMessage &m : ts.messages)
            catalogue.insert(m.key(), m);
        QStringList missing;
        QStringList stale;
        for (const TsMessage &m : std::as_const(extracted.messages)) {
            if (pluralsOnly(path) && !m.numerus)
                continue; // English needs no other translation
            const auto it = catalogue.constFind(m.key());
            if (it == catalogue.constEnd())
                missing << m.where() + QStringLiteral(": not in the catalogue");
            else if (it->isObsolete())
                missing << m.where() + QStringLiteral(": obsolete in the catalogue, but used");
            else if (it->numerus != m.numerus)
                missing << m.where() + (m.numerus ? QStringLiteral(": plural (%n) now") : QStringLiteral(": no longer plural"));
        }
        for (const TsMessage &m : std::as_const(ts.messages)) {
            if (!m.isObsolete() && !used.contains(m.key()))
                stale << m.where();
        }
        // Texts no longer in the sources do no harm; the next update marks them vanished.
        if (!stale.isEmpty())
            qInfo("%s: %d message(s) no longer in the sources, e.g. %s", qPrintable(QFileInfo(path).fileName()),
                  int(stale.size()), qPrintable(stale.first()));
        failWith(QStringLiteral("The sources have texts %1 lacks: build the update_translations target, "
                                "translate them (Qt Linguist) and commit the .ts")
                     .arg(QFileInfo(path).fileName())
                     + (pluralsOnly(path) ? QStringLiteral(" (English: the commands in translations/CMakeLists.txt)")
                                          : QString()),
                 missing);
    }
}

void TestTranslations::embeddedInThePrograms()
{
    // Every catalogue is built into halolink_core (:/i18n), so both programs carry it.
    QStringList languages;
    for (const QString &path : tsFiles())
        languages << QFileInfo(path).completeBaseName().section(QLatin1Char('_'), 1);
    QCOMPARE(halolink::availableTranslations(), languages);
}

void TestTranslations::halolinkctlSpeaksTheLocale_data()
{
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<QString>("language"); // the translation expected, empty for English
    QTest::newRow("LANG=pt_BR") << QStringList{QStringLiteral("LANG=pt_BR.UTF-8")} << QStringLiteral("pt_BR");
    QTest::newRow("LC_ALL=pt_BR over LANG=en_US")
        << QStringList{QStringLiteral("LANG=en_US.UTF-8"), QStringLiteral("LC_ALL=pt_BR.UTF-8")} << QStringLiteral("pt_BR");
    QTest::newRow("LC_MESSAGES=pt_BR")
        << QStringList{QStringLiteral("LANG=en_US.UTF-8"), QStringLiteral("LC_MESSAGES=pt_BR.UTF-8")}
        << QStringLiteral("pt_BR");
    QTest::newRow("LANGUAGE=pt_BR:en first")
        << QStringList{QStringLiteral("LANG=en_US.UTF-8"), QStringLiteral("LANGUAGE=pt_BR:en")} << QStringLiteral("pt_BR");
    QTest::newRow("C") << QStringList{QStringLiteral("LC_ALL=C")} << QString();
    QTest::newRow("C.UTF-8") << QStringList{QStringLiteral("LC_ALL=C.UTF-8")} << QString();
    QTest::newRow("en_US") << QStringList{QStringLiteral("LANG=en_US.UTF-8")} << QString();
    QTest::newRow("de_DE (no translation)") << QStringList{QStringLiteral("LANG=de_DE.UTF-8")} << QString();
}

void TestTranslations::halolinkctlSpeaksTheLocale()
{
    QFETCH(QStringList, environment);
    QFETCH(QString, language);

    // What the texts read in that language: from the embedded catalogue, the
    // one the program loads.
    const QString description =
        QStringLiteral("HaloLink command line: the same nodes, settings and engine as the halolink app.");
    const QString unknown = QStringLiteral("unknown command '%1'.");
    const QString options = QStringLiteral("Options:");
    QString expectedDescription = description;
    QString expectedUnknown = unknown;
    QString expectedOptions = options;
    if (!language.isEmpty()) {
        QTranslator ours;
        QVERIFY(ours.load(QStringLiteral(":/i18n/halolink_%1.qm").arg(language)));
        expectedDescription = ours.translate("halolinkctl", qPrintable(description));
        expectedUnknown = ours.translate("halolinkctl", qPrintable(unknown));
        QVERIFY(!expectedDescription.isEmpty() && expectedDescription != description);
        // Qt's own texts (the options list) come with it when Qt has the language.
        QTranslator qt;
        if (qt.load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            expectedOptions = qt.translate("QCommandLineParser", qPrintable(options));
        else
            qInfo("no qtbase_%s.qm in %s: Qt's own texts stay English", qPrintable(language),
                  qPrintable(QLibraryInfo::path(QLibraryInfo::TranslationsPath)));
    }

    QProcess help;
    help.setProcessEnvironment(localeEnvironment(environment));
    help.start(QStringLiteral(HALOLINKCTL_PATH), {QStringLiteral("--help")});
    QVERIFY(help.waitForFinished(30000));
    QCOMPARE(help.exitCode(), 0);
    const QString out = QString::fromUtf8(help.readAllStandardOutput());
    QVERIFY2(out.contains(expectedDescription), qPrintable(out));
    QVERIFY2(out.contains(QLatin1Char('\n') + expectedOptions + QLatin1Char('\n')), qPrintable(out));
    if (!language.isEmpty())
        QVERIFY2(!out.contains(description), qPrintable(out));

    // An error, on stderr, in the same language.
    QProcess wrong;
    wrong.setProcessEnvironment(localeEnvironment(environment));
    wrong.start(QStringLiteral(HALOLINKCTL_PATH), {QStringLiteral("no-such-command")});
    QVERIFY(wrong.waitForFinished(30000));
    QCOMPARE(wrong.exitCode(), 2);
    const QString err = QString::fromUtf8(wrong.readAllStandardError());
    QVERIFY2(err.contains(expectedUnknown.arg(QStringLiteral("no-such-command"))), qPrintable(err));
}

void TestTranslations::halolinkctlEnglishPlurals_data()
{
    QTest::addColumn<QStringList>("environment");
    QTest::newRow("C.UTF-8") << QStringList{QStringLiteral("LC_ALL=C.UTF-8")};
    QTest::newRow("en_US") << QStringList{QStringLiteral("LANG=en_US.UTF-8")};
    QTest::newRow("en_GB") << QStringList{QStringLiteral("LANG=en_GB.UTF-8")};
    QTest::newRow("de_DE (no translation)") << QStringList{QStringLiteral("LANG=de_DE.UTF-8")};
}

void TestTranslations::halolinkctlEnglishPlurals()
{
    // "nodes import-ssh-config" says "%n node(s) added." at its end.
    QFETCH(QStringList, environment);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    for (const int count : {1, 2}) {
        QString config;
        for (int i = 0; i < count; ++i)
            config += QStringLiteral("Host plural%1-%2\n  HostName 192.0.2.%1\n").arg(i + 1).arg(count);
        const QString path = home.filePath(QStringLiteral("ssh_config_%1").arg(count));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(config.toUtf8()) > 0);
        file.close();
        QProcessEnvironment env = localeEnvironment(environment);
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        QProcess ctl;
        ctl.setProcessEnvironment(env);
        ctl.start(QStringLiteral(HALOLINKCTL_PATH),
                  {QStringLiteral("nodes"), QStringLiteral("import-ssh-config"), QStringLiteral("--config"), path});
        QVERIFY(ctl.waitForFinished(30000));
        const QString out = QString::fromUtf8(ctl.readAllStandardOutput());
        QVERIFY2(ctl.exitCode() == 0, qPrintable(out + QString::fromUtf8(ctl.readAllStandardError())));
        const QString expected = count == 1 ? QStringLiteral("\n1 node added.\n") : QStringLiteral("\n2 nodes added.\n");
        QVERIFY2(out.contains(expected), qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("(s)")), qPrintable(out));
    }
}

void TestTranslations::englishPlurals()
{
    // As main() does under an English locale: the English plural forms load.
    const QStringList loaded = halolink::installTranslators(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY2(loaded.contains(QStringLiteral(":/i18n/halolink_en.qm")), qPrintable(loaded.join(QLatin1Char(' '))));
    // Real messages of the code: halolinkctl's (core/cli/ctlnodes.cpp) and the node list's.
    QCOMPARE(QCoreApplication::translate("halolinkctl", "%n node(s) added.", nullptr, 1), QStringLiteral("1 node added."));
    QCOMPARE(QCoreApplication::translate("halolinkctl", "%n node(s) added.", nullptr, 2), QStringLiteral("2 nodes added."));
    QCOMPARE(QCoreApplication::translate("halolinkctl", "%n node(s) added.", nullptr, 0), QStringLiteral("0 nodes added."));
    QCOMPARE(QCoreApplication::translate("halolinkctl", "connecting to %n node(s)…", nullptr, 1),
             QStringLiteral("connecting to 1 node…"));
    // A verb that follows the number, written out by hand.
    QCOMPARE(QCoreApplication::translate("halolink::ui::VerifyPage",
                                         "RDMA works between every pair; %n pair(s) have notes worth reading. %1 keeps "
                                         "the change and saves the cluster.",
                                         nullptr, 1)
                 .arg(QStringLiteral("Finish")),
             QStringLiteral("RDMA works between every pair; 1 pair has notes worth reading. Finish keeps the change and "
                            "saves the cluster."));
    // Every plural message of the catalogue, as the program reads it.
    QTranslator en;
    QVERIFY(en.load(QStringLiteral(":/i18n/halolink_en.qm")));
    const TsFile ts = readTs(QStringLiteral(HALOLINK_TRANSLATIONS_DIR "/halolink_en.ts"));
    QVERIFY(ts.messages.size() > 10);
    for (const TsMessage &m : ts.messages) {
        for (const int n : {1, 2}) {
            const QString t = en.translate(qPrintable(m.context), qPrintable(m.source),
                                           m.comment.isEmpty() ? nullptr : qPrintable(m.comment), n);
            QVERIFY2(!t.isEmpty() && !t.contains(QLatin1String("(s)")), qPrintable(m.where()));
        }
    }
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
