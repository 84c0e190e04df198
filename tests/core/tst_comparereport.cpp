// The RDMA/TCP comparison's report (core/jobs/comparereport.h): levels side
// by side from two halolink.serve_bench/1 documents, the speed-up, whether the
// greedy outputs matched, a partly failed level left out, the JSON read back,
// the CSV, and the comparisons kept in a folder, newest first.
//
// The bench documents are in the shape `halolink-engine api bench` prints
// (docs/engine-commands.md, "api bench"); the figures are made up for the
// arithmetic, not measurements.

#include "jobs/comparereport.h"
#include "jobs/joblauncher.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace halolink::jobs;

namespace {

QJsonObject level(int concurrency, double tokensPerS, double ttftP50, double itlP50, double itlP99, int failed = 0)
{
    return QJsonObject{{QStringLiteral("concurrency"), concurrency},
                       {QStringLiteral("requests"), 8},
                       {QStringLiteral("failed"), failed},
                       {QStringLiteral("total_output_tokens_per_s"), tokensPerS},
                       {QStringLiteral("ttft_ms"), QJsonObject{{QStringLiteral("p50"), ttftP50}}},
                       {QStringLiteral("itl_ms"), QJsonObject{{QStringLiteral("p50"), itlP50}, {QStringLiteral("p99"), itlP99}}}};
}

QJsonObject bench(const QJsonArray &levels, const QString &hash)
{
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.serve_bench/1")},
                       {QStringLiteral("ok"), true},
                       {QStringLiteral("outputs_sha256"), hash},
                       {QStringLiteral("levels"), levels}};
}

Comparison sample()
{
    Comparison c;
    c.jobName = QStringLiteral("tp");
    c.engine = QStringLiteral("vllm");
    c.nodes = {QStringLiteral("node1"), QStringLiteral("node2")};
    c.started = QDateTime(QDate(2026, 12, 2), QTime(19, 30), Qt::UTC);
    c.finished = c.started.addSecs(600);
    c.concurrency = {1, 4, 16};
    c.maxTokens = 128;
    c.seed = 1234;
    c.rdma.ran = c.rdma.ok = true;
    c.tcp.ran = c.tcp.ok = true;
    c.tcp.tcpOnly = true;
    c.rdma.bench = bench({level(1, 20.0, 100, 48.0, 60.0), level(4, 64.0, 150, 60.0, 90.0), level(16, 150.0, 400, 100, 180)},
                         QStringLiteral("aa"));
    c.tcp.bench = bench({level(1, 16.0, 120, 60.0, 75.0), level(4, 40.0, 200, 95.0, 130.0), level(16, 90.0, 500, 170, 300, 2)},
                        QStringLiteral("aa"));
    c.rdma.proof.verdict = Proof::Verdict::Rdma;
    c.rdma.proof.summary = QStringLiteral("RDMA carried the traffic.");
    c.tcp.proof.verdict = Proof::Verdict::Tcp;
    c.ok = true;
    return c;
}

} // namespace

class TestCompareReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void concurrencyLevels()
    {
        QString why;
        QCOMPARE(parseConcurrencyLevels(QStringLiteral("1,4,16"), &why), std::optional<QList<int>>(QList<int>{1, 4, 16}));
        // Spaces and empty items are ignored, a repeated level counts once, order is kept.
        QCOMPARE(parseConcurrencyLevels(QStringLiteral(" 4, 1 ,,4 "), &why), std::optional<QList<int>>(QList<int>{4, 1}));
        QCOMPARE(parseConcurrencyLevels(QStringLiteral("512"), &why), std::optional<QList<int>>(QList<int>{512}));
        // What api bench refuses is refused here first, with the item named.
        for (const QString &bad : {QStringLiteral("0"), QStringLiteral("1,513"), QStringLiteral("1,x"), QStringLiteral("-4")}) {
            why.clear();
            QVERIFY2(!parseConcurrencyLevels(bad, &why), qPrintable(bad));
            QVERIFY2(why.contains(QStringLiteral("from 1 to 512")), qPrintable(why));
        }
        for (const QString &none : {QString(), QStringLiteral(" , "), QStringLiteral(",")}) {
            why.clear();
            QVERIFY(!parseConcurrencyLevels(none, &why));
            QVERIFY2(why.contains(QStringLiteral("at least one")), qPrintable(why));
        }
    }

    void levelsSideBySide()
    {
        const QList<CompareLevel> l = sample().levels();
        QCOMPARE(l.size(), 3);
        QCOMPARE(l[0].concurrency, 1);
        QCOMPARE(*l[0].rdmaTokensPerS, 20.0);
        QCOMPARE(*l[0].tcpTokensPerS, 16.0);
        QCOMPARE(*l[0].speedup, 1.25);
        QCOMPARE(*l[1].speedup, 1.6);
        QCOMPARE(*l[1].tcpItlP99Ms, 130.0);
        QCOMPARE(*l[0].rdmaTtftP50Ms, 100.0);
        // Two of TCP's requests at 16 failed: its figures are not comparable, so no speed-up.
        QVERIFY(l[2].rdmaTokensPerS.has_value());
        QVERIFY(!l[2].tcpTokensPerS.has_value());
        QVERIFY(!l[2].speedup.has_value());
    }

    void aLevelOnlyOneRunHas()
    {
        Comparison c = sample();
        c.concurrency = {1, 64};
        const QList<CompareLevel> l = c.levels();
        QCOMPARE(l.size(), 2);
        QVERIFY(!l[1].rdmaTokensPerS && !l[1].tcpTokensPerS && !l[1].speedup);
    }

    void outputsMatch()
    {
        Comparison c = sample();
        QCOMPARE(c.outputsMatch(), std::optional<bool>(true));
        c.tcp.bench[QStringLiteral("outputs_sha256")] = QStringLiteral("bb");
        QCOMPARE(c.outputsMatch(), std::optional<bool>(false));
        c.tcp.ok = false; // a failed run's hash says nothing
        QVERIFY(!c.outputsMatch().has_value());
        c = sample();
        c.rdma.bench.remove(QStringLiteral("outputs_sha256"));
        QVERIFY(!c.outputsMatch().has_value());

        // Fewer requests than prompts: no outputs_sha256, but the prompts both
        // runs completed are compared one by one; the others say nothing.
        c = sample();
        c.rdma.bench[QStringLiteral("outputs_sha256")] = QJsonValue();
        c.tcp.bench[QStringLiteral("outputs_sha256")] = QJsonValue();
        c.rdma.bench[QStringLiteral("prompt_sha256")] = QJsonArray{QStringLiteral("p0"), QStringLiteral("p1"), QJsonValue()};
        c.tcp.bench[QStringLiteral("prompt_sha256")] = QJsonArray{QStringLiteral("p0"), QJsonValue(), QStringLiteral("p2")};
        QCOMPARE(c.outputsCompared(), 1);
        QCOMPARE(c.outputsMatch(), std::optional<bool>(true));
        QCOMPARE(toJson(c).value(QStringLiteral("outputs_compared")).toInt(), 1);
        c.tcp.bench[QStringLiteral("prompt_sha256")] = QJsonArray{QStringLiteral("other"), QJsonValue(), QStringLiteral("p2")};
        QCOMPARE(c.outputsMatch(), std::optional<bool>(false));
        c.tcp.bench[QStringLiteral("prompt_sha256")] = QJsonArray{QJsonValue(), QJsonValue(), QStringLiteral("p2")};
        QCOMPARE(c.outputsCompared(), 0);
        QVERIFY(!c.outputsMatch().has_value());
    }

    void jsonReadBack()
    {
        Comparison c = sample();
        c.prediction = QJsonObject{{QStringLiteral("way"), QStringLiteral("tensor parallel over 2")},
                                   {QStringLiteral("rdma_tokens_per_s"), 22.0},
                                   {QStringLiteral("tcp_tokens_per_s"), 18.5}};
        const QJsonObject o = toJson(c);
        QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.compare/1"));
        QCOMPARE(o.value(QStringLiteral("outputs_match")).toBool(), true);
        const QJsonArray levels = o.value(QStringLiteral("levels")).toArray();
        QCOMPARE(levels.size(), 3);
        QCOMPARE(levels[1].toObject().value(QStringLiteral("speedup")).toDouble(), 1.6);
        QVERIFY(levels[2].toObject().value(QStringLiteral("tcp_tokens_per_s")).isNull());
        QCOMPARE(o.value(QStringLiteral("runs")).toObject().value(QStringLiteral("rdma")).toObject().value(QStringLiteral("proof"))
                     .toObject().value(QStringLiteral("verdict")).toString(),
                 QStringLiteral("rdma"));

        QString error;
        const auto back = comparisonFromJson(QJsonDocument::fromJson(QJsonDocument(o).toJson()).object(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->jobName, c.jobName);
        QCOMPARE(back->started, c.started);
        QCOMPARE(back->concurrency, c.concurrency);
        QCOMPARE(back->rdma.proof.verdict, Proof::Verdict::Rdma);
        QCOMPARE(back->tcp.proof.verdict, Proof::Verdict::Tcp);
        QCOMPARE(*back->levels()[1].speedup, 1.6);
        QCOMPARE(back->prediction.value(QStringLiteral("rdma_tokens_per_s")).toDouble(), 22.0);
        QVERIFY(!comparisonFromJson(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.bench/1")}}, &error));
        QVERIFY(error.contains(QStringLiteral("halolink.compare/1")));
    }

    void textAndCsv()
    {
        Comparison c = sample();
        const QString text = comparisonText(c);
        QVERIFY2(text.contains(QStringLiteral("1.60x")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("The greedy outputs of both runs are the same.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("The job runs as it did before the comparison.")), qPrintable(text));
        c.restored = false;
        c.restoreError = QStringLiteral("vllm on node1 ended while starting");
        QVERIFY(comparisonText(c).contains(QStringLiteral("could not be put back as it was: vllm on node1")));

        const QStringList lines = comparisonCsv(sample()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[0].startsWith(QStringLiteral("concurrency,rdma_tokens_per_s,tcp_tokens_per_s,speedup")));
        QCOMPARE(lines[1].section(QLatin1Char(','), 0, 3), QStringLiteral("1,20.000,16.000,1.2500"));
        QCOMPARE(lines[3].section(QLatin1Char(','), 0, 3), QStringLiteral("16,150.000,,")); // not measured: empty
    }

    void keptNewestFirst()
    {
        QTemporaryDir dir;
        ComparisonStore store(dir.path() + QStringLiteral("/comparisons"));
        Comparison a = sample();
        Comparison b = sample();
        b.started = a.started.addSecs(3600);
        Comparison other = sample();
        other.jobName = QStringLiteral("other/../job");
        QString error;
        QVERIFY2(!store.save(a, &error).isEmpty(), qPrintable(error));
        QVERIFY2(!store.save(b, &error).isEmpty(), qPrintable(error));
        const QString otherPath = store.save(other, &error);
        QVERIFY2(!otherPath.isEmpty(), qPrintable(error));
        QVERIFY2(QFileInfo(otherPath).dir() == QDir(store.folder()), qPrintable(otherPath)); // no path from the name
        QFile junk(store.folder() + QStringLiteral("/junk.json"));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{not json");
        junk.close();
        const QList<Comparison> kept = store.list(QStringLiteral("tp"));
        QCOMPARE(kept.size(), 2);
        QCOMPARE(kept[0].started, b.started);
        QCOMPARE(kept[1].started, a.started);
        QCOMPARE(store.list().size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestCompareReport)
#include "tst_comparereport.moc"
