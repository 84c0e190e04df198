// The agent's model_shape method (docs/agent-protocol.md): the same
// halolink.model_shape/1 document as `halolink-engine model-shape PATH`, for
// a real GGUF file written here (Llama-3.1-70B's shape, data sparse), the
// same errors as the command, bad params answered as invalid_params, and the
// session going on after each.

#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "agent_test_util.h"
#include "gguf_test_writer.h"

using namespace agenttest;

namespace {

// `halolink-engine model-shape ARGS --compact`: its exit code and document.
QJsonObject command(const QStringList &args, int *exitCode)
{
    QProcess p;
    p.start(enginePath(),
        QStringList { QStringLiteral("model-shape") } + args + QStringList { QStringLiteral("--compact") });
    if (!p.waitForFinished(30000))
        qFatal("model-shape did not finish");
    *exitCode = p.exitCode();
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

} // namespace

class TestAgentModelShape : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_gguf;

private Q_SLOTS:
    void initTestCase();
    void advertised();
    void sameDocumentAsTheCommand();
    void errorsAsTheCommand();
    void badParams();
};

void TestAgentModelShape::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_gguf = m_dir.filePath(QStringLiteral("Llama-3.1-70B-Q4_K_M.gguf"));
    QVERIFY(gguftest::llama70b().writeSparse(m_gguf));
}

void TestAgentModelShape::advertised()
{
    AgentProcess a;
    QVERIFY(a.start());
    const QJsonObject hello = a.waitForEvent(QStringLiteral("hello"));
    QVERIFY(hello.value("capabilities").toArray().contains(QStringLiteral("model_shape")));
}

void TestAgentModelShape::sameDocumentAsTheCommand()
{
    AgentProcess a;
    QVERIFY(a.start());
    int rc = -1;
    const QJsonObject expected = command({ m_gguf }, &rc);
    QCOMPARE(rc, 0);
    const QJsonObject reply
        = a.waitForReply(a.request(QStringLiteral("model_shape"), { { "path", m_gguf } }), 30000);
    QVERIFY2(reply.contains("result"), QJsonDocument(reply).toJson().constData());
    const QJsonObject doc = reply.value("result").toObject();
    QCOMPARE(doc, expected);
    QCOMPARE(doc.value("schema").toString(), QStringLiteral("halolink.model_shape/1"));
    QCOMPARE(doc.value("weights").toObject().value("total_bytes").toDouble(), 44979306752.0);
    QCOMPARE(doc.value("hyperparameters").toObject().value("kv_heads").toInt(), 8);
    const QJsonObject kv = doc.value("derived").toObject().value("kv_cache").toObject();
    QCOMPARE(kv.value("bytes_per_token").toDouble(), 327680.0);

    // kv_bytes as --kv-bytes.
    const QJsonObject q8 = command({ m_gguf, QStringLiteral("--kv-bytes"), QStringLiteral("1.0625") }, &rc);
    QCOMPARE(rc, 0);
    const QJsonObject r2 = a.waitForReply(
        a.request(QStringLiteral("model_shape"), { { "path", m_gguf }, { "kv_bytes", 1.0625 } }), 30000);
    QCOMPARE(r2.value("result").toObject(), q8);
    QCOMPARE(q8.value("derived").toObject().value("kv_cache").toObject().value("element_bytes").toDouble(),
        1.0625);
}

void TestAgentModelShape::errorsAsTheCommand()
{
    AgentProcess a;
    QVERIFY(a.start());
    const QString missing = m_dir.filePath(QStringLiteral("no-such.gguf"));
    const QString notGguf = m_dir.filePath(QStringLiteral("notes.gguf"));
    {
        QFile f(notGguf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("these are notes, not a model\n");
    }
    for (const QString &path : { missing, notGguf }) {
        int rc = -1;
        const QJsonObject expected = command({ path }, &rc).value("error").toObject();
        QCOMPARE(rc, 1);
        const QJsonObject reply
            = a.waitForReply(a.request(QStringLiteral("model_shape"), { { "path", path } }), 30000);
        const QJsonObject error = reply.value("error").toObject();
        QVERIFY2(!error.isEmpty(), QJsonDocument(reply).toJson().constData());
        QCOMPARE(error.value("code").toString(), expected.value("code").toString());
        QCOMPARE(error.value("message").toString(), expected.value("message").toString());
        QVERIFY(error.value("message").toString().contains(path));
    }
    QCOMPARE(a.waitForReply(a.request(QStringLiteral("model_shape"), { { "path", missing } }), 30000)
                 .value("error")
                 .toObject()
                 .value("code")
                 .toString(),
        QStringLiteral("not_found"));
    QCOMPARE(a.waitForReply(a.request(QStringLiteral("model_shape"), { { "path", notGguf } }), 30000)
                 .value("error")
                 .toObject()
                 .value("code")
                 .toString(),
        QStringLiteral("bad_magic"));
    // The session goes on.
    QVERIFY(a.waitForReply(a.request(QStringLiteral("ping"))).contains("result"));
}

void TestAgentModelShape::badParams()
{
    AgentProcess a;
    QVERIFY(a.start());
    const QList<QJsonObject> bad {
        {},
        { { "path", "" } },
        { { "path", 5 } },
        { { "path", m_gguf }, { "kv_bytes", 100 } },
        { { "path", m_gguf }, { "kv_bytes", "f16" } },
        { { "path", m_gguf }, { "compact", true } },
    };
    for (const QJsonObject &params : bad) {
        const QJsonObject reply = a.waitForReply(a.request(QStringLiteral("model_shape"), params), 30000);
        const QJsonObject error = reply.value("error").toObject();
        QVERIFY2(error.value("code").toString() == QLatin1String("invalid_params"),
            QJsonDocument(reply).toJson().constData());
        QVERIFY(!error.value("message").toString().isEmpty());
    }
    QVERIFY(a.waitForReply(a.request(QStringLiteral("ping"))).contains("result"));
}

QTEST_GUILESS_MAIN(TestAgentModelShape)
#include "tst_agent_model_shape.moc"
