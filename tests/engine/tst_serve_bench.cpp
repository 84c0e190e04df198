// `halolink-engine api bench` (engine/api/serve_bench.cpp): the pure parts
// (SHA-256 against the FIPS 180-4 examples, nearest-rank percentiles, a
// level's summary and its nulls, the output digests) with
// halolink_engine_lib, then the real binary against the `llama-server` test
// double (tests/lab/doubles, not llama.cpp) run on 127.0.0.1: a sweep 1,4,
// the document's fields, timing against the double's token delay, two runs
// with the same digests, a wrong key (401), a refused connection, a bad
// --prompts file, and SIGTERM in the middle of a level.

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "api/serve_bench_stats.h"
#include "engine_test_util.h"
#include "sys/sha256.h"

using namespace halolink;
using namespace halolink::test;

namespace {

constexpr double kTokenDelayS = 0.01; // HALOLINK_DOUBLE_TOKEN_DELAY_S of the double

quint16 freePort()
{
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(s, reinterpret_cast<sockaddr *>(&a), &len);
    ::close(s);
    return ntohs(a.sin_port);
}

QJsonObject lastLine(const QByteArray &out)
{
    const QList<QByteArray> lines = out.trimmed().split('\n');
    return QJsonDocument::fromJson(lines.isEmpty() ? QByteArray() : lines.last()).object();
}

QList<QJsonObject> progressLines(const QByteArray &out)
{
    QList<QJsonObject> list;
    const QList<QByteArray> lines = out.trimmed().split('\n');
    for (qsizetype i = 0; i + 1 < lines.size(); ++i)
        list << QJsonDocument::fromJson(lines[i]).object();
    return list;
}

QString describe(const EngineRun &r)
{
    return QStringLiteral("exit %1, stdout: %2, stderr: %3")
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.trimmed().right(3000)), QString::fromUtf8(r.err.trimmed().right(2000)));
}

} // namespace

class TestServeBench : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void sha256Vectors();
    void percentiles();
    void levelSummary();
    void digests();
    void sweep();
    void batchedTiming();
    void wrongKey();
    void connectionRefused();
    void badPromptsFile_data();
    void badPromptsFile();
    void sigterm();

private:
    QStringList bench(const QStringList &extra) const;
    QString startServer(QProcess &server, const QHash<QString, QString> &knobs);
    QTemporaryDir m_dir;
    QProcess m_server;
    QString m_url;
};

void TestServeBench::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile model(m_dir.filePath("model.gguf"));
    QVERIFY(model.open(QIODevice::WriteOnly));
    model.write(QByteArray("GGUF\x03\0\0\0", 8) + QByteArray(64, '\0'));
    model.close();
    m_url = startServer(m_server, {});
    QVERIFY(!m_url.isEmpty());
}

// The llama-server double on a free loopback port, with the key "right-key",
// 16 slots and `knobs` (tests/lab/doubles/README.md) added to its environment.
QString TestServeBench::startServer(QProcess &server, const QHash<QString, QString> &knobs)
{
    const quint16 port = freePort();
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("HALOLINK_DOUBLE_STARTUP_S", "0");
    env.insert("HALOLINK_DOUBLE_TOKEN_DELAY_S", QString::number(kTokenDelayS));
    env.insert("LLAMA_API_KEY", "right-key");
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        env.insert(it.key(), it.value());
    server.setProcessEnvironment(env);
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(QStringLiteral("python3"),
        { QStringLiteral(HALOLINK_SOURCE_DIR "/tests/lab/doubles/llama-server"), "-m", m_dir.filePath("model.gguf"),
            "--host", "127.0.0.1", "--port", QString::number(port), "-np", "16" });
    if (!server.waitForStarted(5000))
        return {};
    QByteArray log;
    QElapsedTimer t;
    t.start();
    while (!log.contains("starting the main loop") && t.elapsed() < 15000) {
        server.waitForReadyRead(200);
        log += server.readAll();
    }
    if (!log.contains("starting the main loop")) {
        qWarning("the llama-server double did not start: %s", log.constData());
        return {};
    }
    return QStringLiteral("http://127.0.0.1:%1").arg(port);
}

void TestServeBench::cleanupTestCase()
{
    m_server.terminate();
    if (!m_server.waitForFinished(5000))
        m_server.kill();
}

QStringList TestServeBench::bench(const QStringList &extra) const
{
    return QStringList { "api", "bench", "--url", m_url, "--model", "m", "--api-key-stdin" } + extra;
}

void TestServeBench::sha256Vectors()
{
    // FIPS 180-4's examples (NIST CSRC "SHA256.pdf"), and the empty message.
    QCOMPARE(QString::fromStdString(sys::sha256Hex("abc")),
        QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(QString::fromStdString(sys::sha256Hex("")),
        QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    const std::string m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    QCOMPARE(QString::fromStdString(sys::sha256Hex(m448)),
        QStringLiteral("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    // Fed in pieces across block edges: the same digest.
    sys::Sha256 h;
    for (char c : m448)
        h.update(std::string_view(&c, 1));
    const auto d = h.finish();
    QCOMPARE(int(d[0]), 0x24);
    QCOMPARE(int(d[31]), 0xc1);
    // A million 'a' (FIPS 180-2 appendix B.3).
    QCOMPARE(QString::fromStdString(sys::sha256Hex(std::string(1'000'000, 'a'))),
        QStringLiteral("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
}

void TestServeBench::percentiles()
{
    QVERIFY(!api::percentile({}, 50));
    QVERIFY(!api::mean({}));
    QCOMPARE(*api::percentile({ 7 }, 99), 7.0);
    // Nearest rank of 1..10 (unsorted): p50 rank 5, p99 rank 10, p10 rank 1.
    const std::vector<double> v { 10, 3, 1, 9, 2, 8, 4, 7, 5, 6 };
    QCOMPARE(*api::percentile(v, 50), 5.0);
    QCOMPARE(*api::percentile(v, 99), 10.0);
    QCOMPARE(*api::percentile(v, 10), 1.0);
    QCOMPARE(*api::percentile(v, 51), 6.0);
    QCOMPARE(*api::mean(v), 5.5);
    QVERIFY(api::roundedOrNull(std::nullopt).is_null());
    QCOMPARE(api::roundedOrNull(1.23456).get<double>(), 1.235);
}

void TestServeBench::levelSummary()
{
    api::ChatResult r;
    r.sentNs = 1'000'000'000;
    r.contentNs = { 1'100'000'000, 1'110'000'000, 1'130'000'000 };
    r.usageTokens = 3;
    r.text = "abc";
    const api::RequestOutcome ok = api::measureRequest(r, 0, 1'200'000'000);
    QCOMPARE(ok.ttftMs, 100.0);
    QCOMPARE(ok.itlMs.size(), 2u);
    QCOMPARE(ok.itlMs[1], 20.0);
    QCOMPARE(*ok.tokensPerS, 2 / 0.03);
    api::RequestOutcome bad;
    bad.errorCode = "http_status";
    bad.errorMessage = "HTTP 500";
    bad.finishedNs = 5;
    api::RequestOutcome earlier = bad;
    earlier.errorMessage = "earlier";
    earlier.finishedNs = 4;

    const Json level = api::levelJson(2, { ok, bad, earlier }, 2'000'000'000);
    QCOMPARE(level["requests"].get<int>(), 3);
    QCOMPARE(level["failed"].get<int>(), 2);
    QCOMPARE(level["first_error"]["message"].get<std::string>(), std::string("earlier"));
    QCOMPARE(level["output_tokens"].get<int>(), 3);
    QCOMPARE(level["total_output_tokens_per_s"].get<double>(), 1.5);
    QCOMPARE(level["ttft_ms"]["p50"].get<double>(), 100.0);
    QCOMPARE(level["itl_ms"]["p50"].get<double>(), 10.0);
    QCOMPARE(level["itl_ms"]["p99"].get<double>(), 20.0);
    // No request succeeded: every statistic is null, never 0.
    const Json none = api::levelJson(1, { bad }, 1'000'000);
    QVERIFY(none["total_output_tokens_per_s"].is_null());
    QVERIFY(none["ttft_ms"]["p50"].is_null() && none["ttft_ms"]["mean"].is_null());
    QVERIFY(none["itl_ms"]["p99"].is_null());
    QVERIFY(none["request_output_tokens_per_s"]["mean"].is_null());
}

void TestServeBench::digests()
{
    api::RequestOutcome a;
    a.ok = true;
    a.prompt = 0;
    a.text = "one";
    api::RequestOutcome b = a;
    b.prompt = 1;
    b.text = "two";
    api::OutputDigests d(2);
    d.add(a);
    QVERIFY(d.outputsSha256().is_null()); // prompt 1 never completed
    QVERIFY(d.promptSha256()[1].is_null());
    d.add(b);
    d.add(a);
    QVERIFY(d.deterministic());
    const std::string joined = sys::sha256Hex("one") + "\n" + sys::sha256Hex("two");
    QCOMPARE(d.outputsSha256().get<std::string>(), sys::sha256Hex(joined));
    api::RequestOutcome c = b;
    c.text = "other";
    d.add(c);
    QVERIFY(!d.deterministic());
    QCOMPARE(d.nondeterministicPrompts().dump(), std::string("[1]"));
    // The first text stays the digest.
    QCOMPARE(d.promptSha256()[1].get<std::string>(), sys::sha256Hex("two"));
}

void TestServeBench::sweep()
{
    const auto env = QProcessEnvironment::systemEnvironment();
    const QStringList args = bench({ "--concurrency", "1,4", "--requests", "8", "--max-tokens", "6" });
    const EngineRun r = runEngine(args, 30000, env, enginePath(), "right-key\n");
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
    const QJsonObject o = lastLine(r.out);
    QCOMPARE(o.value("schema").toString(), QStringLiteral("halolink.serve_bench/1"));
    QCOMPARE(o.value("ok").toBool(), true);
    QVERIFY(o.value("error").isNull());
    QCOMPARE(o.value("url").toString(), m_url);
    QCOMPARE(o.value("max_tokens").toInt(), 6);
    QCOMPARE(o.value("seed").toInt(), 1234);
    QCOMPARE(o.value("prompts").toInt(), 12);
    QVERIFY(o.value("started_ns").toDouble() > 1.6e18);
    QVERIFY(o.value("duration_s").toDouble() > 0);
    QCOMPARE(o.value("deterministic").toBool(), true);
    QCOMPARE(o.value("nondeterministic_prompts").toArray().size(), 0);
    // 8 requests a level over 12 prompts: prompts 8-11 never ran.
    const QJsonArray digests = o.value("prompt_sha256").toArray();
    QCOMPARE(digests.size(), 12);
    QCOMPARE(digests[0].toString().size(), 64);
    QVERIFY(digests[8].isNull());
    QVERIFY(o.value("outputs_sha256").isNull());

    const QJsonArray levels = o.value("levels").toArray();
    QCOMPARE(levels.size(), 2);
    const QJsonObject l1 = levels[0].toObject(), l4 = levels[1].toObject();
    QCOMPARE(l1.value("concurrency").toInt(), 1);
    QCOMPARE(l4.value("concurrency").toInt(), 4);
    for (const QJsonObject &l : { l1, l4 }) {
        QCOMPARE(l.value("requests").toInt(), 8);
        QCOMPARE(l.value("failed").toInt(), 0);
        QVERIFY(l.value("first_error").isNull());
        QCOMPARE(l.value("output_tokens").toInt(), 48);
        const double ttft = l.value("ttft_ms").toObject().value("p50").toDouble();
        const double itl = l.value("itl_ms").toObject().value("p50").toDouble();
        // The double sleeps kTokenDelayS before each token, the first too.
        QVERIFY2(ttft >= kTokenDelayS * 1e3 * 0.8 && ttft < 500, qPrintable(QString::number(ttft)));
        QVERIFY2(itl >= kTokenDelayS * 1e3 * 0.8 && itl < kTokenDelayS * 1e3 * 3, qPrintable(QString::number(itl)));
        QVERIFY(l.value("ttft_ms").toObject().value("p99").toDouble() >= ttft);
        QVERIFY(l.value("itl_ms").toObject().value("p99").toDouble() >= itl);
        const double tps = l.value("request_output_tokens_per_s").toObject().value("p50").toDouble();
        QVERIFY2(tps > 0.3 / kTokenDelayS && tps < 1.3 / kTokenDelayS, qPrintable(QString::number(tps)));
    }
    // Four in flight: more tokens a second overall.
    QVERIFY2(l4.value("total_output_tokens_per_s").toDouble() > 2 * l1.value("total_output_tokens_per_s").toDouble(),
        qPrintable(QJsonDocument(levels).toJson(QJsonDocument::Compact)));
    // Progress lines: each level ends with done == of.
    const QList<QJsonObject> lines = progressLines(r.out);
    QVERIFY(lines.size() >= 2);
    for (const QJsonObject &p : lines)
        QCOMPARE(p.value("event").toString(), QStringLiteral("progress"));
    QCOMPARE(lines.last().value("concurrency").toInt(), 4);
    QCOMPARE(lines.last().value("done").toInt(), 8);
    QCOMPARE(lines.last().value("of").toInt(), 8);

    // Every prompt once (the default request count at concurrency 1 is the
    // number of prompts): outputs_sha256, the same in a second run.
    const QStringList all = bench({ "--concurrency", "1", "--max-tokens", "4" });
    const EngineRun a = runEngine(all, 30000, env, enginePath(), "right-key\n");
    const EngineRun b = runEngine(all, 30000, env, enginePath(), "right-key\n");
    QVERIFY2(a.exitCode == 0 && b.exitCode == 0, qPrintable(describe(a) + describe(b)));
    const QString sa = lastLine(a.out).value("outputs_sha256").toString();
    QCOMPARE(sa.size(), 64);
    QCOMPARE(lastLine(b.out).value("outputs_sha256").toString(), sa);
    QCOMPARE(lastLine(a.out).value("levels").toArray()[0].toObject().value("requests").toInt(), 12);
}

void TestServeBench::batchedTiming()
{
    // The double's ServingClock (tests/lab/doubles/_hd_http.py): a prefill of
    // 4 ms per prompt token, each decode step 10 ms + 6 ms for every other
    // sequence in flight, +-30 % jitter from a fixed seed.
    QProcess server;
    const QString url = startServer(server,
        { { "HALOLINK_DOUBLE_PREFILL_S_PER_TOKEN", "0.004" }, { "HALOLINK_DOUBLE_STEP_PER_SEQ_S", "0.006" },
            { "HALOLINK_DOUBLE_JITTER", "0.3" }, { "HALOLINK_DOUBLE_SEED", "7" } });
    QVERIFY(!url.isEmpty());
    auto stop = qScopeGuard([&server] {
        server.terminate();
        if (!server.waitForFinished(5000))
            server.kill();
    });
    const EngineRun r = runEngine({ "api", "bench", "--url", url, "--model", "m", "--api-key-stdin", "--concurrency",
                                      "1,4", "--requests", "12", "--max-tokens", "8" },
        60000, QProcessEnvironment::systemEnvironment(), enginePath(), "right-key\n");
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
    const QJsonArray levels = lastLine(r.out).value("levels").toArray();
    QCOMPARE(levels.size(), 2);
    const QString all = QString::fromUtf8(QJsonDocument(levels).toJson(QJsonDocument::Compact));
    const QJsonObject l1 = levels[0].toObject(), l4 = levels[1].toObject();
    auto stat = [](const QJsonObject &l, const char *what, const char *p) {
        return l.value(QLatin1String(what)).toObject().value(QLatin1String(p)).toDouble();
    };
    // The built-in prompts count 13 to 122 tokens in the double
    // (count_prompt_tokens): the first token waits for 52 to 488 ms of
    // prefill (median 152 ms), +-30 %: the slowest is far above the median.
    QVERIFY2(stat(l1, "ttft_ms", "p99") > 1.5 * stat(l1, "ttft_ms", "p50"), qPrintable(all));
    QVERIFY2(stat(l1, "ttft_ms", "p99") > 300, qPrintable(all));
    // Jitter: the inter-token gaps spread (p99 above p50) at one in flight.
    QVERIFY2(stat(l1, "itl_ms", "p99") > 1.1 * stat(l1, "itl_ms", "p50"), qPrintable(all));
    // A batched step costs more with more sequences in it: inter-token
    // latency grows with concurrency, and total tokens/s grow by less than 4x.
    QVERIFY2(stat(l4, "itl_ms", "p50") > 1.3 * stat(l1, "itl_ms", "p50"), qPrintable(all));
    const double t1 = l1.value("total_output_tokens_per_s").toDouble();
    const double t4 = l4.value("total_output_tokens_per_s").toDouble();
    QVERIFY2(t4 > t1 && t4 < 4 * t1, qPrintable(all));
    // Timing does not change the greedy outputs.
    QCOMPARE(lastLine(r.out).value("deterministic").toBool(), true);
}

void TestServeBench::wrongKey()
{
    const EngineRun r = runEngine(bench({ "--concurrency", "1,4", "--requests", "2" }), 30000,
        QProcessEnvironment::systemEnvironment(), enginePath(), "wrong-key\n");
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(describe(r)));
    const QJsonObject o = lastLine(r.out);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("http_status"));
    QVERIFY2(o.value("error").toObject().value("message").toString().contains("401"), qPrintable(describe(r)));
    // A level where nothing succeeded ends the sweep.
    const QJsonArray levels = o.value("levels").toArray();
    QCOMPARE(levels.size(), 1);
    QCOMPARE(levels[0].toObject().value("failed").toInt(), 2);
    QVERIFY(levels[0].toObject().value("first_error").toObject().value("message").toString().contains(
        "Invalid API Key"));
    QVERIFY(levels[0].toObject().value("ttft_ms").toObject().value("p50").isNull());
}

void TestServeBench::connectionRefused()
{
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(freePort());
    const EngineRun r = runEngine({ "api", "bench", "--url", url, "--model", "m", "--requests", "3" });
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(describe(r)));
    const QJsonObject o = lastLine(r.out);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("connection_refused"));
    QCOMPARE(o.value("levels").toArray().size(), 1);
    QVERIFY(o.value("outputs_sha256").isNull());
}

void TestServeBench::badPromptsFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("not json") << QByteArray("prompt one");
    QTest::newRow("object") << QByteArray(R"({"prompts":["a"]})");
    QTest::newRow("empty array") << QByteArray("[]");
    QTest::newRow("number") << QByteArray(R"(["a", 3])");
    QTest::newRow("empty string") << QByteArray(R"(["a", ""])");
}

void TestServeBench::badPromptsFile()
{
    QFETCH(QByteArray, content);
    QFile f(m_dir.filePath("prompts.json"));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    const EngineRun r = runEngine({ "api", "bench", "--url", m_url, "--model", "m", "--prompts", f.fileName() });
    QVERIFY2(r.finished && r.exitCode == 2, qPrintable(describe(r)));
    QCOMPARE(r.json().value("error").toObject().value("code").toString(), QStringLiteral("usage"));
    // A missing file too; a good one is used (2 prompts: 2 requests at concurrency 1).
    QCOMPARE(runEngine({ "api", "bench", "--url", m_url, "--model", "m", "--prompts", m_dir.filePath("none") })
                 .exitCode,
        2);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(R"(["Say one.", "Say two."])");
    f.close();
    const EngineRun ok = runEngine(bench({ "--prompts", f.fileName(), "--concurrency", "1", "--max-tokens", "2" }),
        30000, QProcessEnvironment::systemEnvironment(), enginePath(), "right-key\n");
    QVERIFY2(ok.exitCode == 0, qPrintable(describe(ok)));
    QCOMPARE(lastLine(ok.out).value("prompts").toInt(), 2);
    QCOMPARE(lastLine(ok.out).value("levels").toArray()[0].toObject().value("requests").toInt(), 2);
}

void TestServeBench::sigterm()
{
    // Each level is 2 requests of 200 tokens at 10 ms a token: ~4 s.
    QProcess p;
    p.start(enginePath(), bench({ "--concurrency", "1,2", "--requests", "2", "--max-tokens", "200" }));
    QVERIFY(p.waitForStarted(5000));
    p.write("right-key\n");
    p.closeWriteChannel();
    QByteArray out;
    QElapsedTimer t;
    t.start();
    // Level 1 (2 x 200 tokens, ~4 s) ends with its progress line; SIGTERM soon after level 2 starts.
    while (!out.contains("\"concurrency\":1,\"done\":2,\"of\":2") && t.elapsed() < 20000) {
        p.waitForReadyRead(100);
        out += p.readAllStandardOutput();
    }
    QVERIFY2(out.contains("\"concurrency\":1,\"done\":2"), out.constData());
    QTest::qWait(300);
    t.restart();
    p.terminate();
    QVERIFY(p.waitForFinished(5000));
    QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
    out += p.readAllStandardOutput();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    const QJsonObject o = lastLine(out);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("cancelled"));
    QVERIFY(o.value("error").toObject().value("message").toString().contains("SIGTERM"));
    const QJsonArray levels = o.value("levels").toArray();
    QCOMPARE(levels.size(), 1);
    QCOMPARE(levels[0].toObject().value("concurrency").toInt(), 1);
}

QTEST_GUILESS_MAIN(TestServeBench)
#include "tst_serve_bench.moc"
