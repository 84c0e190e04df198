// The engine's texts in the user's language (core/protocol/enginetexts.*):
// the app's translatable tables against the engine's own (engine/probe/
// check_messages.*, engine/roce/plan_texts.*, linked in); the engine's probe of
// every captured snapshot, and its plans for them, read back as the app reads
// them; pt_BR; the fallbacks to the engine's English.

#include <QProcess>
#include <QTemporaryDir>

#include "probe/check_messages.h"
#include "probe/probe.h"
#include "probe/probefacts.h"
#include "protocol/enginetexts.h"
#include "protocol/probedecoder.h"
#include "roce/plan.h"
#include "roce/plan_texts.h"
#include "roce/verify.h"
#include "roce/verify_texts.h"
#include "sys/root.h"
#include "translation/translators.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>
#include <QTranslator>

#include <set>

using namespace halolink;
using enginetext::Table;

Q_DECLARE_METATYPE(enginetext::Table)

namespace {

std::span<const sys::KeyedText> engineTable(Table table)
{
    switch (table) {
    case Table::CheckMessage: return probe::checkMessages();
    case Table::PlanText: return roce::planTexts();
    case Table::VerifyText: return roce::verifyTexts();
    }
    return {};
}

void addTables()
{
    QTest::addColumn<Table>("table");
    QTest::newRow("check findings") << Table::CheckMessage;
    QTest::newRow("plan texts") << Table::PlanText;
    QTest::newRow("verify texts") << Table::VerifyText;
}

QJsonObject toQt(const nlohmann::ordered_json &j)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(j.dump())).object();
}

// "{netdev} has MTU {mtu:int}" -> names with kinds in order, and the text with
// %1..%n in their place (the app's form of the same text).
struct EngineText {
    QStringList args;
    QString numbered;
};

EngineText numbered(std::string_view text)
{
    EngineText out;
    const QString t = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    static const QRegularExpression placeholder(QStringLiteral("\\{(\\w+(?::\\w+)?)\\}"));
    qsizetype from = 0;
    for (const QRegularExpressionMatch &m : placeholder.globalMatch(t)) {
        out.numbered += t.mid(from, m.capturedStart() - from);
        if (!out.args.contains(m.captured(1))) // a value named twice keeps its number
            out.args << m.captured(1);
        out.numbered += QLatin1Char('%') + QString::number(out.args.indexOf(m.captured(1)) + 1);
        from = m.capturedEnd();
    }
    out.numbered += t.mid(from);
    return out;
}

// Values of the right kind for a list of names: strings, integers, reals
// whose one-decimal form differs between C and pt_BR.
QJsonObject sampleArgs(const QStringList &specs)
{
    QJsonObject args;
    int i = 0;
    for (const QString &spec : specs) {
        ++i;
        const QString name = spec.section(QLatin1Char(':'), 0, 0);
        const QString kind = spec.section(QLatin1Char(':'), 1);
        if (kind == QLatin1String("int"))
            args.insert(name, 4000 + i);
        else if (kind == QLatin1String("real"))
            args.insert(name, 12.34 * i);
        else
            args.insert(name, QStringLiteral("v%1_%2").arg(i).arg(name));
    }
    return args;
}

nlohmann::ordered_json toEngineJson(const QJsonObject &o)
{
    return nlohmann::ordered_json::parse(QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString());
}

QStringList snapshotDirs()
{
    QStringList out;
    const QDir dir(QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots"));
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFile::exists(dir.filePath(name + QStringLiteral("/manifest.json"))))
            out << dir.filePath(name);
    return out;
}

Check check(const QString &key, const QJsonObject &args, const QString &english = QStringLiteral("english"))
{
    Check c;
    c.id = QStringLiteral("some_check");
    c.status = Check::Status::Warn;
    c.message = english;
    c.messageKey = key;
    c.messageArgs = args;
    return c;
}

} // namespace

class TestEngineTexts : public QObject
{
    Q_OBJECT

private slots:
    void tablesAgree_data() { addTables(); }
    void tablesAgree();
    void renderingAgrees_data() { addTables(); }
    void renderingAgrees();
    void everySnapshotReadsBack();
    void everyPlanReadsBack();
    void everyVerifyReadsBack();
    void brazilianPortuguese();
    void fallsBackToTheEnginesMessage();
    void notApplicable();
};

// Every key of the engine is in the app's table with the same values in the
// same order and the same English text; the app has no key the engine lacks.
void TestEngineTexts::tablesAgree()
{
    QFETCH(Table, table);
    QMap<QString, enginetext::Text> app;
    for (const enginetext::Text &t : enginetext::texts(table)) {
        QVERIFY2(!app.contains(t.key), qPrintable(QStringLiteral("key twice in the app's table: ") + t.key));
        app.insert(t.key, t);
    }
    std::set<std::string> engineKeys;
    for (const sys::KeyedText &m : engineTable(table)) {
        const QString key = QString::fromUtf8(m.key.data(), static_cast<qsizetype>(m.key.size()));
        QVERIFY2(engineKeys.insert(std::string(m.key)).second, qPrintable(QStringLiteral("key twice: ") + key));
        QVERIFY2(app.contains(key), qPrintable(QStringLiteral("the app cannot translate %1").arg(key)));
        const EngineText e = numbered(m.text);
        QCOMPARE(app[key].args, e.args);
        QCOMPARE(app[key].text, e.numbered);
    }
    QCOMPARE(qsizetype(engineKeys.size()), app.size());
    QVERIFY(app.size() >= 25);
}

// The engine's rendering and the app's (untranslated, C locale) give the same
// text for the same values; values of the wrong kind are refused by both.
void TestEngineTexts::renderingAgrees()
{
    QFETCH(Table, table);
    for (const enginetext::Text &t : enginetext::texts(table)) {
        const QJsonObject args = sampleArgs(t.args);
        const std::string engine = sys::renderText(engineTable(table), t.key.toStdString(), toEngineJson(args));
        const std::optional<QString> app = enginetext::render(table, t.key, args, QLocale::c(), false);
        QVERIFY2(app, qPrintable(t.key));
        QCOMPARE(*app, QString::fromStdString(engine));
        if (!t.args.isEmpty()) {
            QJsonObject wrong = args;
            wrong.insert(t.args.first().section(QLatin1Char(':'), 0, 0), QJsonArray{});
            QVERIFY(!enginetext::render(table, t.key, wrong, QLocale::c(), false));
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                     sys::renderText(engineTable(table), t.key.toStdString(), toEngineJson(wrong)));
        }
    }
}

// The real engine probe of each captured snapshot, decoded as the app decodes
// it: every check has a key the app knows, and the app says in English exactly
// what the engine said.
void TestEngineTexts::everySnapshotReadsBack()
{
    const QStringList dirs = snapshotDirs();
    QVERIFY(dirs.size() >= 4);
    std::set<QString> keysSeen;
    for (const QString &dir : dirs) {
        const nlohmann::ordered_json doc = probe::probe(sys::Root(dir.toStdString()));
        const DecodeResult<ProbeReport> report = decodeProbeReport(QByteArray::fromStdString(doc.dump()));
        QVERIFY2(report.value, qPrintable(dir));
        QVERIFY(!report.value->checks.isEmpty());
        for (const Check &c : report.value->checks) {
            QVERIFY2(!c.messageKey.isEmpty(), qPrintable(c.id));
            keysSeen.insert(c.messageKey);
            const std::optional<QString> english
                = enginetext::render(Table::CheckMessage, c.messageKey, c.messageArgs, QLocale::c(), false);
            QVERIFY2(english, qPrintable(dir + QLatin1Char(' ') + c.messageKey));
            QCOMPARE(*english, c.message);
        }
    }
    QVERIFY2(keysSeen.size() >= 20, "the snapshots should reach most of the table");
}

// The engine's plans for the snapshots (each backend, QoS on and off,
// persistence, routes), read as the Review page reads them: every step's
// reason and every warning has a key the app knows and says the same English.
void TestEngineTexts::everyPlanReadsBack()
{
    struct Case {
        const char *snapshot;
        const char *spec;
    };
    const Case cases[] = {
        {"strix-halo-e810-roce", R"({"interface":"enp194s0np0","address":"10.20.0.1/24","peers":["10.99.0.2"],"persist":true})"},
        {"e810-iwarp", R"({"interface":"enp23s0f0","address":"10.10.0.1/24","peers":["10.10.0.2"]})"},
        {"e810-iwarp", R"({"interface":"enp23s0f0","address":"10.10.0.1/24","backend":"mlx5","qos":{"enabled":false}})"},
        {"connectx6dx-gid3", R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24","persist":true})"},
        {"e810-iwarp", R"({"interface":"enp23s0f1","address":"10.50.0.1/24","qos":{"enabled":false},"persist":true})"},
        {"connectx6dx-gid3", R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24","backend":"generic"})"},
        // Soft-RoCE on the NIC without RDMA (a copy whose manifest has no SSH
        // session on it), with persistence under systemd-networkd.
        {"rxe", R"({"interface":"enp195s0","address":"10.40.0.1/24","peers":["10.41.0.2"],"persist":true})"},
    };
    QTemporaryDir rxeNode;
    {
        const QString root = rxeNode.filePath(QStringLiteral("node"));
        QVERIFY(QProcess::execute(QStringLiteral("cp"),
                                  {QStringLiteral("-a"), QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/strix-halo-no-rdma"),
                                   root}) == 0);
        QFile m(root + QStringLiteral("/manifest.json"));
        QVERIFY(m.open(QIODevice::ReadOnly));
        QJsonObject manifest = QJsonDocument::fromJson(m.readAll()).object();
        m.close();
        manifest.remove(QStringLiteral("ssh_connection"));
        QVERIFY(m.open(QIODevice::WriteOnly | QIODevice::Truncate));
        m.write(QJsonDocument(manifest).toJson());
        m.close();
        for (const auto &[unit, state] : {std::pair{"NetworkManager.service", "inactive\n"},
                                          std::pair{"systemd-networkd.service", "active\n"}}) {
            QFile f(root + QStringLiteral("/cmd/systemctl_is-active_") + QLatin1String(unit) + QStringLiteral(".out"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(state);
        }
        QFile e(root + QStringLiteral("/cmd/systemctl_is-enabled_halolink-roce-enp195s0.service.out"));
        QVERIFY(e.open(QIODevice::WriteOnly));
        e.write("disabled\n");
    }
    std::set<QString> keysSeen;
    int warnings = 0;
    for (const Case &c : cases) {
        const QString where = QString::fromLatin1(c.snapshot) + QLatin1Char(' ') + QString::fromLatin1(c.spec);
        const QString dir = QLatin1String(c.snapshot) == QLatin1String("rxe")
                                ? rxeNode.filePath(QStringLiteral("node"))
                                : QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/") + QLatin1String(c.snapshot);
        nlohmann::ordered_json planDoc;
        try {
            const roce::Plan plan
                = roce::makePlan(roce::parseSpec(nlohmann::ordered_json::parse(c.spec)), sys::Root(dir.toStdString()));
            planDoc = roce::planJson(plan);
            // Through the journal's form too: an applied plan keeps its keys.
            QCOMPARE(roce::planJson(roce::planFromJson(planDoc)).dump(), planDoc.dump());
        } catch (const sys::EngineError &e) {
            QFAIL(qPrintable(where + QStringLiteral(": ") + QString::fromStdString(e.message)));
        }
        const QJsonObject plan = toQt(planDoc);
        const QJsonArray steps = plan.value(QStringLiteral("steps")).toArray();
        QVERIFY2(!steps.isEmpty(), qPrintable(where));
        for (const QJsonValue &v : steps) {
            const QJsonObject step = v.toObject();
            const QString key = step.value(QStringLiteral("why_key")).toString();
            QVERIFY2(!key.isEmpty(), qPrintable(where + QStringLiteral(": ") + step.value(QStringLiteral("id")).toString()));
            keysSeen.insert(key);
            const std::optional<QString> english = enginetext::render(
                Table::PlanText, key, step.value(QStringLiteral("why_args")).toObject(), QLocale::c(), false);
            QVERIFY2(english, qPrintable(where + QStringLiteral(": ") + key));
            QCOMPARE(*english, step.value(QStringLiteral("why")).toString());
            QCOMPARE(enginetext::planStepWhy(step), step.value(QStringLiteral("why")).toString());
        }
        const QJsonArray english = plan.value(QStringLiteral("warnings")).toArray();
        const QJsonArray keys = plan.value(QStringLiteral("warning_keys")).toArray();
        QCOMPARE(keys.size(), english.size());
        const QStringList shown = enginetext::planWarnings(plan);
        QCOMPARE(shown.size(), english.size());
        for (qsizetype i = 0; i < english.size(); ++i) {
            ++warnings;
            const QJsonObject k = keys.at(i).toObject();
            keysSeen.insert(k.value(QStringLiteral("key")).toString());
            const std::optional<QString> text = enginetext::render(Table::PlanText, k.value(QStringLiteral("key")).toString(),
                                                                   k.value(QStringLiteral("args")).toObject(), QLocale::c(), false);
            QVERIFY2(text, qPrintable(where + QStringLiteral(": ") + k.value(QStringLiteral("key")).toString()));
            QCOMPARE(*text, english.at(i).toString());
            QCOMPARE(shown.at(i), english.at(i).toString());
        }
    }
    QVERIFY2(warnings >= 3, "the cases should raise warnings");
    QVERIFY2(keysSeen.size() >= 15, "the cases should reach most of the plan texts");

    // A plan from an engine older than the keys reads as it was written.
    const QJsonObject old{{QStringLiteral("warnings"), QJsonArray{QStringLiteral("w1")}},
                          {QStringLiteral("warning_keys"), QJsonArray{}}};
    QCOMPARE(enginetext::planWarnings(old), QStringList{QStringLiteral("w1")});
    QCOMPARE(enginetext::planStepWhy({{QStringLiteral("why"), QStringLiteral("because")}}), QStringLiteral("because"));
}

// The engine's verify of the snapshots against specs they meet and specs
// they do not (each backend, a wrong address, MTU and ToS, no RDMA device):
// every check's detail has a key the app knows and says the same English.
void TestEngineTexts::everyVerifyReadsBack()
{
    struct Case {
        const char *snapshot;
        const char *spec;
    };
    const Case cases[] = {
        {"strix-halo-e810-roce", R"({"interface":"enp194s0np0","address":"192.168.100.1/24"})"},
        {"strix-halo-e810-roce", R"({"interface":"enp194s0np0","address":"10.9.0.1/24","mtu":4200,"qos":{"tos":106}})"},
        {"e810-iwarp", R"({"interface":"enp23s0f0","address":"10.10.0.1/24"})"},
        {"e810-iwarp", R"({"interface":"enp23s0f1","address":"10.10.0.1/24","backend":"rxe","qos":{"enabled":false}})"},
        {"connectx6dx-gid3", R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24"})"},
        {"strix-halo-no-rdma", R"({"interface":"enp195s0","address":"10.40.0.1/24"})"},
    };
    std::set<QString> keysSeen;
    for (const Case &c : cases) {
        const QString where = QString::fromLatin1(c.snapshot) + QLatin1Char(' ') + QString::fromLatin1(c.spec);
        const QString dir = QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/") + QLatin1String(c.snapshot);
        nlohmann::ordered_json doc;
        try {
            roce::VerifyOptions options;
            options.benchSkipped = "snapshot";
            doc = roce::verifyNode(roce::parseSpec(nlohmann::ordered_json::parse(c.spec)), sys::Root(dir.toStdString()),
                                   options);
        } catch (const sys::EngineError &e) {
            QFAIL(qPrintable(where + QStringLiteral(": ") + QString::fromStdString(e.message)));
        }
        const QJsonArray checks = toQt(doc).value(QStringLiteral("checks")).toArray();
        QVERIFY2(checks.size() >= 8, qPrintable(where));
        for (const QJsonValue &v : checks) {
            const QJsonObject check = v.toObject();
            const QString key = check.value(QStringLiteral("detail_key")).toString();
            QVERIFY2(!key.isEmpty(), qPrintable(where + QStringLiteral(": ") + check.value(QStringLiteral("id")).toString()));
            keysSeen.insert(key);
            const std::optional<QString> english = enginetext::render(
                Table::VerifyText, key, check.value(QStringLiteral("detail_args")).toObject(), QLocale::c(), false);
            QVERIFY2(english, qPrintable(where + QStringLiteral(": ") + key));
            QCOMPARE(*english, check.value(QStringLiteral("detail")).toString());
            QCOMPARE(enginetext::verifyDetail(check), *english);
        }
    }
    QVERIFY2(keysSeen.size() >= 15, "the cases should reach most of the verify texts");
}

void TestEngineTexts::brazilianPortuguese()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QStringLiteral("pt_BR")));
    const QStringList loaded = installTranslators(QLocale(QStringLiteral("pt_BR")));
    const auto backToEnglish = qScopeGuard([&] {
        qDeleteAll(QCoreApplication::instance()->findChildren<QTranslator *>());
        QLocale::setDefault(before);
    });
    QVERIFY2(!loaded.isEmpty(), "no pt_BR translation under :/i18n");

    // Every text is translated, and its values land where the translation puts them.
    for (const Table table : {Table::CheckMessage, Table::PlanText, Table::VerifyText}) {
        for (const enginetext::Text &t : enginetext::texts(table)) {
            const QJsonObject args = sampleArgs(t.args);
            const QString pt = *enginetext::render(table, t.key, args, QLocale());
            const QString en = *enginetext::render(table, t.key, args, QLocale::c(), false);
            QVERIFY2(pt != en, qPrintable(QStringLiteral("%1 is not translated: %2").arg(t.key, pt)));
            for (const QString &spec : t.args) {
                const QJsonValue v = args.value(spec.section(QLatin1Char(':'), 0, 0));
                const QString written = v.isString() ? v.toString()
                                        : spec.endsWith(QLatin1String(":real")) ? QLocale().toString(v.toDouble(), 'f', 1)
                                                                                : QString::number(v.toInteger());
                QVERIFY2(pt.contains(written), qPrintable(t.key + QStringLiteral(": ") + pt + QStringLiteral(" lacks ") + written));
            }
        }
    }
    const QJsonObject step{{QStringLiteral("why"), QStringLiteral("english")},
                           {QStringLiteral("why_key"), QStringLiteral("step.dscp_prio")},
                           {QStringLiteral("why_args"), QJsonObject{{QStringLiteral("dscp"), 26}, {QStringLiteral("priority"), 3}}}};
    QVERIFY2(enginetext::planStepWhy(step).contains(QStringLiteral("DSCP 26")), qPrintable(enginetext::planStepWhy(step)));
    QVERIFY2(!enginetext::planStepWhy(step).contains(QStringLiteral("packets marked")), qPrintable(enginetext::planStepWhy(step)));

    Check gtt = check(QStringLiteral("gtt.small"),
                      {{QStringLiteral("card"), QStringLiteral("card1")},
                       {QStringLiteral("gtt_gib"), 62.469},
                       {QStringLiteral("memory_gib"), 124.938}});
    const QString text = facts::checkMessage(gtt);
    QVERIFY2(text.contains(QStringLiteral("62,5")) && text.contains(QStringLiteral("124,9")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("card1")), qPrintable(text));
    const QString none = facts::checkMessage(check(QStringLiteral("rdma_device.none"), {}));
    QVERIFY2(!none.contains(QStringLiteral("check that")), qPrintable(none));

    qDeleteAll(QCoreApplication::instance()->findChildren<QTranslator *>()); // back to English
    QVERIFY(facts::checkMessage(check(QStringLiteral("rdma_device.none"), {})).startsWith(QStringLiteral("no RDMA")));
}

// A key this version does not know, or values that do not fit its text, show
// the engine's own message rather than a broken sentence.
void TestEngineTexts::fallsBackToTheEnginesMessage()
{
    const QJsonObject mtu{{QStringLiteral("netdev"), QStringLiteral("enp1s0")}, {QStringLiteral("mtu"), 1500}};
    QCOMPARE(facts::checkMessage(check(QStringLiteral("mtu.small"), mtu)).left(20),
             QStringLiteral("enp1s0 has MTU 1500:"));
    QCOMPARE(facts::checkMessage(check(QString(), mtu, QStringLiteral("from an old engine"))),
             QStringLiteral("from an old engine"));
    QCOMPARE(facts::checkMessage(check(QStringLiteral("mtu.new_in_a_later_engine"), mtu)), QStringLiteral("english"));
    QCOMPARE(facts::checkMessage(check(QStringLiteral("mtu.small"), {{QStringLiteral("netdev"), QStringLiteral("x")}})),
             QStringLiteral("english")); // a value missing
    QJsonObject extra = mtu;
    extra.insert(QStringLiteral("speed"), 1);
    QCOMPARE(facts::checkMessage(check(QStringLiteral("mtu.small"), extra)), QStringLiteral("english"));
    QCOMPARE(facts::checkMessage(check(QStringLiteral("mtu.small"),
                                       {{QStringLiteral("netdev"), QStringLiteral("enp1s0")},
                                        {QStringLiteral("mtu"), 1500.5}})),
             QStringLiteral("english")); // not an integer
    QCOMPARE(facts::checkMessage(check(QStringLiteral("mtu.small"),
                                       {{QStringLiteral("netdev"), 7}, {QStringLiteral("mtu"), 1500}})),
             QStringLiteral("english")); // not a string

    // A value is put in as it is, even when it looks like a placeholder.
    const QString odd = facts::checkMessage(
        check(QStringLiteral("mtu.ok"), {{QStringLiteral("netdev"), QStringLiteral("%2x")}, {QStringLiteral("mtu"), 9000}}));
    QCOMPARE(odd, QStringLiteral("%2x has MTU 9000"));

    // Through the decoder: message_key and message_args are optional, and of a type.
    const DecodeResult<ProbeReport> old = decodeProbeReport(QByteArrayLiteral(
        R"({"schema":"halolink.probe/1","host":{},"checks":[{"id":"mtu_small","status":"warn","subject":"e","message":"m"}]})"));
    QVERIFY2(old.value, qPrintable(old.error));
    QCOMPARE(facts::checkMessage(old.value->checks.first()), QStringLiteral("m"));
    const DecodeResult<ProbeReport> bad = decodeProbeReport(QByteArrayLiteral(
        R"({"schema":"halolink.probe/1","host":{},"checks":[{"id":"x","status":"warn","message":"m","message_args":[1]}]})"));
    QVERIFY(!bad.value);
    QVERIFY2(bad.error.contains(QStringLiteral("message_args")), qPrintable(bad.error));
}

void TestEngineTexts::notApplicable()
{
    QVERIFY(facts::checkNotApplicable(check(QStringLiteral("not_applicable.no_gpu"), {})));
    QVERIFY(!facts::checkNotApplicable(check(QStringLiteral("gtt.ok"), {}, QStringLiteral("not applicable: x"))));
    QVERIFY(facts::checkNotApplicable(check(QString(), {}, QStringLiteral("not applicable: old engine"))));
    QVERIFY(!facts::checkNotApplicable(check(QString(), {}, QStringLiteral("card0 can reach 1 GiB"))));
}

QTEST_GUILESS_MAIN(TestEngineTexts)
#include "tst_enginetexts.moc"
