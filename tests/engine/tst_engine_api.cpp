// `halolink-engine api health|models|chat` against a real HTTP server run by
// this test on 127.0.0.1 (a thread, plain sockets), which answers each
// request the way a scenario says, byte for byte: what vLLM and llama-server
// send (chunked server-sent events with or without usage, Content-Length,
// read-until-close), their error bodies, a server that accepts and never
// answers, and a port nothing listens on. The real engine binary runs as a
// subprocess; its one JSON line and exit code are checked.

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <functional>
#include <mutex>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "engine_test_util.h"

using namespace halolink::test;

namespace {

struct Request {
    QByteArray method;
    QByteArray path;
    QByteArray head;
    QByteArray body;
};

class FakeHttpServer {
public:
    // Writes the answer to `fd`; the connection is closed after it returns.
    using Handler = std::function<void(FakeHttpServer &, int fd, const Request &)>;

    explicit FakeHttpServer(Handler handler)
        : m_handler(std::move(handler))
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        int one = 1;
        ::setsockopt(m_listen, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(m_listen, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(m_listen, 8) != 0)
            qFatal("cannot listen on 127.0.0.1");
        socklen_t len = sizeof a;
        ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this] { run(); });
    }
    ~FakeHttpServer()
    {
        m_stop = true;
        m_thread.join();
        ::close(m_listen);
    }

    QString url(const QString &path = {}) const
    {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_port) + path;
    }
    quint16 port() const { return m_port; }
    bool stopping() const { return m_stop; }
    std::vector<Request> requests()
    {
        std::lock_guard lock(m_mutex);
        return m_requests;
    }

    static void send(int fd, const QByteArray &bytes)
    {
        qsizetype sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
            if (n <= 0)
                return;
            sent += n;
        }
    }
    static void pause(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

private:
    void run()
    {
        while (!m_stop) {
            pollfd p { m_listen, POLLIN, 0 };
            if (::poll(&p, 1, 50) <= 0)
                continue;
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0)
                continue;
            Request r;
            if (readRequest(fd, r)) {
                {
                    std::lock_guard lock(m_mutex);
                    m_requests.push_back(r);
                }
                m_handler(*this, fd, r);
            }
            ::close(fd);
        }
    }

    bool readRequest(int fd, Request &r)
    {
        QByteArray data;
        char buf[4096];
        qsizetype headEnd = -1;
        while ((headEnd = data.indexOf("\r\n\r\n")) < 0) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                return false;
            data.append(buf, n);
        }
        r.head = data.left(headEnd);
        const QList<QByteArray> requestLine = r.head.split('\n').value(0).trimmed().split(' ');
        r.method = requestLine.value(0);
        r.path = requestLine.value(1);
        qsizetype length = 0;
        for (const QByteArray &line : r.head.split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        r.body = data.mid(headEnd + 4);
        while (r.body.size() < length) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                return false;
            r.body.append(buf, n);
        }
        return true;
    }

    Handler m_handler;
    int m_listen = -1;
    quint16 m_port = 0;
    std::atomic<bool> m_stop { false };
    std::mutex m_mutex;
    std::vector<Request> m_requests;
    std::thread m_thread;
};

QByteArray chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

QByteArray sseEvent(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

QByteArray contentChunk(const QByteArray &content)
{
    return R"({"id":"chatcmpl-1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":")"
        + content + R"("},"finish_reason":null}]})";
}

constexpr const char *kRoleChunk
    = R"({"id":"chatcmpl-1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]})";
constexpr const char *kStopChunk
    = R"({"id":"chatcmpl-1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":""},"finish_reason":"stop"}]})";
constexpr const char *kUsageChunk
    = R"({"id":"chatcmpl-1","object":"chat.completion.chunk","model":"m","choices":[],"usage":{"prompt_tokens":12,"total_tokens":19,"completion_tokens":7}})";

QByteArray jsonResponse(int status, const char *reason, const QByteArray &body)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " " + reason
        + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\n\r\n" + body;
}

QString describe(const EngineRun &r)
{
    return QStringLiteral("exit %1, stdout: %2, stderr: %3")
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.trimmed()), QString::fromUtf8(r.err.trimmed()));
}

// One JSON line on stdout, and the exit code.
QJsonObject expectRun(const EngineRun &r, int exitCode)
{
    if (!r.finished) {
        qWarning("the engine did not finish: %s", qPrintable(describe(r)));
        return {};
    }
    if (r.exitCode != exitCode) {
        qWarning("expected exit %d: %s", exitCode, qPrintable(describe(r)));
        return {};
    }
    if (r.out.count('\n') != 1 || !r.out.endsWith('\n')) {
        qWarning("expected exactly one line: %s", qPrintable(describe(r)));
        return {};
    }
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &e);
    if (!doc.isObject()) {
        qWarning("not a JSON object (%s): %s", qPrintable(e.errorString()), qPrintable(describe(r)));
        return {};
    }
    return doc.object();
}

} // namespace

class TestEngineApi : public QObject {
    Q_OBJECT

private slots:
    void healthOk();
    void healthUnavailable();
    void connectionRefused();
    void timeoutOnSilentServer();
    void models();
    void modelsNotAList();
    void chatChunkedWithUsage();
    void chatWithoutUsage();
    void chatContentLength();
    void chatUntilClose();
    void chatModelNotFound();
    void chatWithoutTokens();
    void chatStreamError();
    void apiKeyFromStdin();
    void badUsage_data();
    void badUsage();
};

void TestEngineApi::healthOk()
{
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    });
    const QJsonObject o = expectRun(runEngine({ "api", "health", "--url", server.url() }), 0);
    QCOMPARE(o.value("schema").toString(), QStringLiteral("halolink.api/1"));
    QCOMPARE(o.value("check").toString(), QStringLiteral("health"));
    QCOMPARE(o.value("ok").toBool(), true);
    QCOMPARE(o.value("status").toInt(), 200);
    QVERIFY(o.value("ms").isDouble());
    QVERIFY(o.value("ms").toDouble() >= 0);
    QVERIFY(!o.contains("error"));

    // A path prefix (and a trailing slash) goes before /health.
    expectRun(runEngine({ "api", "health", "--url", server.url("/prefix/") }), 0);
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 2u);
    QCOMPARE(requests[0].method, QByteArray("GET"));
    QCOMPARE(requests[0].path, QByteArray("/health"));
    QVERIFY(requests[0].head.contains("\r\nHost: 127.0.0.1:" + QByteArray::number(server.port())));
    QCOMPARE(requests[1].path, QByteArray("/prefix/health"));
}

void TestEngineApi::healthUnavailable()
{
    // llama-server while it loads the model.
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd,
            jsonResponse(503, "Service Unavailable",
                R"({"error":{"code":503,"message":"Loading model","type":"unavailable_error"}})"));
    });
    const QJsonObject o = expectRun(runEngine({ "api", "health", "--url", server.url() }), 1);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("status").toInt(), 503);
    const QJsonObject error = o.value("error").toObject();
    QCOMPARE(error.value("code").toString(), QStringLiteral("http_status"));
    QVERIFY2(error.value("message").toString().contains("Loading model"),
        qPrintable(error.value("message").toString()));
    QVERIFY(error.value("message").toString().contains("503"));
}

void TestEngineApi::connectionRefused()
{
    // A port that was free a moment ago: nothing listens there.
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
    socklen_t len = sizeof a;
    ::getsockname(s, reinterpret_cast<sockaddr *>(&a), &len);
    ::close(s);
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(ntohs(a.sin_port));

    for (const char *check : { "health", "models" }) {
        const QJsonObject o = expectRun(runEngine({ "api", check, "--url", url }), 1);
        QCOMPARE(o.value("ok").toBool(), false);
        QVERIFY(o.value("status").isNull());
        QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("connection_refused"));
    }
    const QJsonObject o = expectRun(runEngine({ "api", "chat", "--url", url, "--model", "m" }), 1);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("connection_refused"));
    QCOMPARE(o.value("model").toString(), QStringLiteral("m"));
}

void TestEngineApi::timeoutOnSilentServer()
{
    // Accepts, reads the request, never answers.
    FakeHttpServer server([](FakeHttpServer &s, int fd, const Request &) {
        char b;
        while (!s.stopping()) {
            pollfd p { fd, POLLIN, 0 };
            if (::poll(&p, 1, 50) > 0 && ::recv(fd, &b, 1, 0) <= 0)
                return; // the engine gave up and closed
        }
    });
    QElapsedTimer t;
    t.start();
    const QJsonObject o
        = expectRun(runEngine({ "api", "health", "--url", server.url(), "--timeout", "1" }), 1);
    const qint64 elapsed = t.elapsed();
    QCOMPARE(o.value("ok").toBool(), false);
    QVERIFY(o.value("status").isNull());
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("timeout"));
    QVERIFY2(o.value("ms").toDouble() >= 990, qPrintable(QString::number(o.value("ms").toDouble())));
    QVERIFY2(elapsed < 5000, qPrintable(QString::number(elapsed)));

    // The chat's timeout covers the whole answer too.
    const QJsonObject c = expectRun(
        runEngine({ "api", "chat", "--url", server.url(), "--model", "m", "--timeout", "0.5" }), 1);
    QCOMPARE(c.value("error").toObject().value("code").toString(), QStringLiteral("timeout"));
}

void TestEngineApi::apiKeyFromStdin()
{
    // vLLM with --api-key: 401 {"error":"Unauthorized"} on /v1 without the
    // key (vllm/entrypoints/openai/server_utils.py AuthenticationMiddleware).
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &r) {
        if ((r.head + "\r\n").contains("\r\nAuthorization: Bearer s3cret-key\r\n"))
            FakeHttpServer::send(fd, jsonResponse(200, "OK", R"({"object":"list","data":[{"id":"m"}]})"));
        else
            FakeHttpServer::send(fd, jsonResponse(401, "Unauthorized", R"({"error":"Unauthorized"})"));
    });
    const auto env = QProcessEnvironment::systemEnvironment();
    const QStringList args { "api", "models", "--url", server.url(), "--api-key-stdin" };
    QJsonObject o = expectRun(runEngine(args, 30000, env, enginePath(), "s3cret-key\n"), 0);
    QCOMPARE(o.value("models").toArray().first().toString(), QStringLiteral("m"));
    // Without the key: the server's own words.
    o = expectRun(runEngine({ "api", "models", "--url", server.url() }), 1);
    QCOMPARE(o.value("status").toInt(), 401);
    QVERIFY2(o.value("error").toObject().value("message").toString().contains("Unauthorized"),
        qPrintable(o.value("error").toObject().value("message").toString()));
    // No key on stdin, or one with white space: usage errors, nothing sent.
    const auto before = server.requests().size();
    QCOMPARE(runEngine(args, 30000, env, enginePath(), {}).exitCode, 2);
    QCOMPARE(runEngine(args, 30000, env, enginePath(), "two words\n").exitCode, 2);
    QCOMPARE(server.requests().size(), before);
    // The key is in the request, never in the engine's output.
    const EngineRun r = runEngine(args, 30000, env, enginePath(), "s3cret-key\n");
    QVERIFY(!r.out.contains("s3cret") && !r.err.contains("s3cret"));
}

void TestEngineApi::models()
{
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd,
            jsonResponse(200, "OK",
                R"({"object":"list","data":[{"id":"Qwen/Qwen3-30B-A3B","object":"model","owned_by":"vllm","max_model_len":40960},)"
                R"({"id":"lora-1","object":"model"}]})"));
    });
    const QJsonObject o = expectRun(runEngine({ "api", "models", "--url", server.url() }), 0);
    QCOMPARE(o.value("check").toString(), QStringLiteral("models"));
    QCOMPARE(o.value("ok").toBool(), true);
    QCOMPARE(o.value("status").toInt(), 200);
    QCOMPARE(o.value("models").toArray(), QJsonArray({ "Qwen/Qwen3-30B-A3B", "lora-1" }));
    QCOMPARE(server.requests().at(0).path, QByteArray("/v1/models"));
}

void TestEngineApi::modelsNotAList()
{
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(
            fd, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 13\r\n\r\n<html></html>");
    });
    const QJsonObject o = expectRun(runEngine({ "api", "models", "--url", server.url() }), 1);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("status").toInt(), 200);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("bad_response"));
}

void TestEngineApi::chatChunkedWithUsage()
{
    // vLLM: chunked server-sent events, the usage in a last chunk without
    // choices, then [DONE]. One event is cut across two HTTP chunks and one
    // uses "\r\n" line ends. The text has a \u escape, a raw multi-byte
    // UTF-8 character, a surrogate pair, a newline and quotes.
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd,
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nTransfer-Encoding: "
            "chunked\r\n\r\n");
        FakeHttpServer::send(fd, chunk(sseEvent(kRoleChunk)));
        FakeHttpServer::pause(60);
        FakeHttpServer::send(fd, chunk(sseEvent(contentChunk("Hel"))));
        FakeHttpServer::pause(50);
        const QByteArray second = sseEvent(contentChunk(R"(lo \u00e9 )"));
        FakeHttpServer::send(fd, chunk(second.left(20)));
        FakeHttpServer::pause(10);
        FakeHttpServer::send(fd, chunk(second.mid(20)));
        FakeHttpServer::pause(50);
        FakeHttpServer::send(fd,
            chunk("data: "
                + contentChunk("w\xc3\xb6"
                               "rld ")
                + "\r\n\r\n"));
        FakeHttpServer::pause(50);
        FakeHttpServer::send(fd, chunk(sseEvent(contentChunk(R"(\ud83d\ude00\n\"q\")"))));
        FakeHttpServer::send(fd, chunk(sseEvent(kStopChunk) + sseEvent(kUsageChunk)));
        FakeHttpServer::send(fd, chunk(sseEvent("[DONE]")) + "0\r\n\r\n");
    });
    const QJsonObject o
        = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "Qwen/Qwen3-30B-A3B",
                        "--prompt", "Say \"hi\"", "--max-tokens", "16" }),
            0);
    QCOMPARE(o.value("check").toString(), QStringLiteral("chat"));
    QCOMPARE(o.value("ok").toBool(), true);
    QCOMPARE(o.value("status").toInt(), 200);
    QCOMPARE(o.value("model").toString(), QStringLiteral("Qwen/Qwen3-30B-A3B"));
    QCOMPARE(o.value("text").toString(),
        QString::fromUtf8("Hello \xc3\xa9 w\xc3\xb6"
                          "rld \xf0\x9f\x98\x80\n\"q\""));
    QCOMPARE(o.value("completion_tokens").toInt(), 7);
    QCOMPARE(o.value("tokens_source").toString(), QStringLiteral("usage"));
    QCOMPARE(o.value("finish_reason").toString(), QStringLiteral("stop"));
    const double ttft = o.value("ttft_ms").toDouble();
    const double total = o.value("total_ms").toDouble();
    // The first content came 60 ms after the answer began.
    QVERIFY2(ttft >= 55, qPrintable(QString::number(ttft)));
    QVERIFY2(ttft < total, qPrintable(QStringLiteral("%1 %2").arg(ttft).arg(total)));
    QVERIFY(total < 10000);
    // 7 tokens, the first and the last content at least 160 ms apart:
    // (7 - 1) / 0.16 s = 37.5 at most.
    QVERIFY(o.value("tokens_per_s").isDouble());
    const double tps = o.value("tokens_per_s").toDouble();
    QVERIFY2(tps > 0 && tps <= 37.5, qPrintable(QString::number(tps)));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 1u);
    QCOMPARE(requests[0].method, QByteArray("POST"));
    QCOMPARE(requests[0].path, QByteArray("/v1/chat/completions"));
    QVERIFY(requests[0].head.toLower().contains("content-type: application/json"));
    const QJsonObject body = QJsonDocument::fromJson(requests[0].body).object();
    QCOMPARE(body.value("model").toString(), QStringLiteral("Qwen/Qwen3-30B-A3B"));
    QCOMPARE(body.value("max_tokens").toInt(), 16);
    QCOMPARE(body.value("stream").toBool(), true);
    QCOMPARE(body.value("stream_options").toObject().value("include_usage").toBool(), true);
    const QJsonArray messages = body.value("messages").toArray();
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages[0].toObject().value("role").toString(), QStringLiteral("user"));
    QCOMPARE(messages[0].toObject().value("content").toString(), QStringLiteral("Say \"hi\""));
}

void TestEngineApi::chatWithoutUsage()
{
    // A server that ignores stream_options: tokens are the content chunks.
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(
            fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        FakeHttpServer::send(fd, chunk(sseEvent(kRoleChunk)));
        for (const char *piece : { "one", " two", " three" }) {
            FakeHttpServer::pause(30);
            FakeHttpServer::send(fd, chunk(sseEvent(contentChunk(piece))));
        }
        FakeHttpServer::send(fd, chunk(sseEvent(kStopChunk) + sseEvent("[DONE]")) + "0\r\n\r\n");
    });
    const QJsonObject o = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "m" }), 0);
    QCOMPARE(o.value("ok").toBool(), true);
    QCOMPARE(o.value("text").toString(), QStringLiteral("one two three"));
    QCOMPARE(o.value("completion_tokens").toInt(), 3);
    QCOMPARE(o.value("tokens_source").toString(), QStringLiteral("chunks"));
    QVERIFY(o.value("tokens_per_s").toDouble() > 0);
    QVERIFY(o.value("ttft_ms").toDouble() < o.value("total_ms").toDouble());

    // Defaults: the prompt and 64 tokens.
    const QJsonObject body = QJsonDocument::fromJson(server.requests().at(0).body).object();
    QCOMPARE(body.value("max_tokens").toInt(), 64);
    QVERIFY(!body.value("messages").toArray().at(0).toObject().value("content").toString().isEmpty());
}

void TestEngineApi::chatContentLength()
{
    // The whole stream at once, framed by Content-Length.
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        const QByteArray body = sseEvent(kRoleChunk) + sseEvent(contentChunk("Hi"))
            + sseEvent(contentChunk(" there")) + sseEvent(kStopChunk) + sseEvent("[DONE]");
        FakeHttpServer::send(fd,
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: "
                + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    });
    const QJsonObject o = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "m" }), 0);
    QCOMPARE(o.value("ok").toBool(), true);
    QCOMPARE(o.value("text").toString(), QStringLiteral("Hi there"));
    QCOMPARE(o.value("completion_tokens").toInt(), 2);
    QCOMPARE(o.value("tokens_source").toString(), QStringLiteral("chunks"));
    QVERIFY(o.value("ttft_ms").toDouble() <= o.value("total_ms").toDouble());
}

void TestEngineApi::chatUntilClose()
{
    // HTTP/1.0 style: no length, the body ends with the connection; the
    // last event has no blank line after it and there is no [DONE].
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd, "HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\n\r\n");
        FakeHttpServer::send(fd, sseEvent(contentChunk("a")));
        FakeHttpServer::pause(20);
        FakeHttpServer::send(fd, ": keep-alive comment\n\n");
        FakeHttpServer::send(fd, "data: " + contentChunk("b") + "\n");
    });
    const QJsonObject o = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "m" }), 0);
    QCOMPARE(o.value("text").toString(), QStringLiteral("ab"));
    QCOMPARE(o.value("completion_tokens").toInt(), 2);
}

void TestEngineApi::chatModelNotFound()
{
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd,
            jsonResponse(404, "Not Found",
                R"({"error":{"message":"The model `nope` does not exist.","type":"NotFoundError","param":null,"code":404}})"));
    });
    const QJsonObject o
        = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "nope" }), 1);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("status").toInt(), 404);
    QCOMPARE(o.value("model").toString(), QStringLiteral("nope"));
    const QJsonObject error = o.value("error").toObject();
    QCOMPARE(error.value("code").toString(), QStringLiteral("http_status"));
    QVERIFY2(error.value("message").toString().contains("The model `nope` does not exist."),
        qPrintable(error.value("message").toString()));
    QVERIFY(!o.contains("text"));

    // A body that is not JSON: its beginning is the message.
    FakeHttpServer plain([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(fd,
            "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 600\r\n\r\n" + QByteArray("boom ")
                + QByteArray(595, 'x'));
    });
    const QJsonObject p = expectRun(runEngine({ "api", "chat", "--url", plain.url(), "--model", "m" }), 1);
    const QString message = p.value("error").toObject().value("message").toString();
    QVERIFY2(message.contains("boom xxx"), qPrintable(message));
    QVERIFY2(message.count('x') == 495, qPrintable(message)); // the first 500 bytes
}

void TestEngineApi::chatWithoutTokens()
{
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(
            fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        FakeHttpServer::send(
            fd, chunk(sseEvent(kRoleChunk) + sseEvent(kStopChunk) + sseEvent("[DONE]")) + "0\r\n\r\n");
    });
    const QJsonObject o = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "m" }), 1);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("status").toInt(), 200);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("no_tokens"));
}

void TestEngineApi::chatStreamError()
{
    // A failure after the 200 went out comes as an event.
    FakeHttpServer server([](FakeHttpServer &, int fd, const Request &) {
        FakeHttpServer::send(
            fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        FakeHttpServer::send(fd, chunk(sseEvent(contentChunk("Hi"))));
        FakeHttpServer::send(fd,
            chunk(
                sseEvent(
                    R"({"error":{"object":"error","message":"engine died","type":"InternalServerError","code":500}})")
                + sseEvent("[DONE]"))
                + "0\r\n\r\n");
    });
    const QJsonObject o = expectRun(runEngine({ "api", "chat", "--url", server.url(), "--model", "m" }), 1);
    QCOMPARE(o.value("ok").toBool(), false);
    QCOMPARE(o.value("status").toInt(), 200);
    QCOMPARE(o.value("error").toObject().value("code").toString(), QStringLiteral("stream_error"));
    QVERIFY(o.value("error").toObject().value("message").toString().contains("engine died"));
}

void TestEngineApi::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("https") << QStringList { "api", "health", "--url", "https://127.0.0.1:8000" };
    QTest::newRow("garbage") << QStringList { "api", "health", "--url", "garbage" };
    QTest::newRow("no host") << QStringList { "api", "health", "--url", "http://:8000" };
    QTest::newRow("bad port") << QStringList { "api", "health", "--url", "http://127.0.0.1:99999" };
    QTest::newRow("bad ipv4") << QStringList { "api", "health", "--url", "http://300.1.2.3" };
    QTest::newRow("bad ipv6") << QStringList { "api", "health", "--url", "http://[::1" };
    QTest::newRow("query") << QStringList { "api", "health", "--url", "http://127.0.0.1/?x=1" };
    QTest::newRow("no url") << QStringList { "api", "health" };
    QTest::newRow("no check") << QStringList { "api", "--url", "http://127.0.0.1" };
    QTest::newRow("unknown check") << QStringList { "api", "ping", "--url", "http://127.0.0.1" };
    QTest::newRow("chat without model") << QStringList { "api", "chat", "--url", "http://127.0.0.1" };
    QTest::newRow("model on health") << QStringList { "api", "health", "--url", "http://127.0.0.1", "--model",
        "m" };
    QTest::newRow("bad timeout") << QStringList { "api", "health", "--url", "http://127.0.0.1", "--timeout",
        "0" };
    QTest::newRow("bad max tokens") << QStringList { "api", "chat", "--url", "http://127.0.0.1", "--model",
        "m", "--max-tokens", "x" };
}

void TestEngineApi::badUsage()
{
    QFETCH(QStringList, args);
    const EngineRun r = runEngine(args);
    QVERIFY2(r.finished && r.exitCode == 2, qPrintable(describe(r)));
    QCOMPARE(r.json().value("error").toObject().value("code").toString(), QStringLiteral("usage"));
}

QTEST_GUILESS_MAIN(TestEngineApi)
#include "tst_engine_api.moc"
