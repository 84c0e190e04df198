#pragma once
// Runs the real halolink-engine for the bench/reflect tests: one-shot
// commands with a bounded time, and a reflector kept running in the
// background on a free loopback port.

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTest>

namespace benchtest {

inline QString enginePath()
{
    return QStringLiteral(HALOLINK_ENGINE_PATH);
}

struct Run {
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
    QJsonObject json; // stdout parsed as one JSON document, when it is one

    QString errorCode() const { return json.value("error").toObject().value("code").toString(); }
    QString errorMessage() const { return json.value("error").toObject().value("message").toString(); }
    QString describe() const
    {
        return QStringLiteral("exit %1 after %2 ms\nstdout: %3\nstderr: %4")
            .arg(exitCode)
            .arg(elapsedMs)
            .arg(QString::fromUtf8(out), QString::fromUtf8(err));
    }
};

inline void parse(Run &r)
{
    QJsonParseError e;
    auto doc = QJsonDocument::fromJson(r.out, &e);
    if (doc.isObject())
        r.json = doc.object();
}

// Runs `program args` (the engine unless told otherwise) and waits at most
// `timeoutMs`; a process still running then is killed and reported as such.
inline Run run(const QStringList &args, int timeoutMs = 20000, const QString &program = enginePath())
{
    Run r;
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    if (!p.waitForStarted(5000))
        return r;
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(2000);
    }
    r.elapsedMs = t.elapsed();
    r.exitCode = r.finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    parse(r);
    return r;
}

// A port nobody listens on right now (the kernel's choice, then released).
inline int freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

// `halolink-engine reflect` on 127.0.0.1, stopped (SIGTERM) when destroyed.
class Reflector {
public:
    explicit Reflector(int port = freePort(), QStringList extra = {})
        : m_port(port)
    {
        m_process.start(enginePath(),
            QStringList { "reflect", "--bind", "127.0.0.1", "--port", QString::number(port) } + extra);
        if (!m_process.waitForStarted(5000))
            return;
        // The first stdout line says it listens; wait for it (bounded).
        QElapsedTimer t;
        t.start();
        while (!m_process.canReadLine() && t.elapsed() < 10000 && m_process.state() == QProcess::Running)
            m_process.waitForReadyRead(200);
        if (m_process.canReadLine()) {
            m_firstLine = m_process.readLine();
            m_listening = QJsonDocument::fromJson(m_firstLine).object();
        }
    }
    ~Reflector() { stop(); }

    int port() const { return m_port; }
    bool ok() const { return m_listening.value("event").toString() == "listening"; }
    const QJsonObject &listening() const { return m_listening; }
    QByteArray firstLine() const { return m_firstLine; }
    QProcess &process() { return m_process; }

    // SIGTERM and wait; returns the exit code (-1 when it had to be killed).
    int stop(int timeoutMs = 5000)
    {
        if (m_process.state() == QProcess::NotRunning)
            return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
        m_process.terminate();
        if (!m_process.waitForFinished(timeoutMs)) {
            m_process.kill();
            m_process.waitForFinished(2000);
            return -1;
        }
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    void kill()
    {
        m_process.kill();
        m_process.waitForFinished(2000);
    }

private:
    int m_port;
    QProcess m_process;
    QByteArray m_firstLine;
    QJsonObject m_listening;
};

inline QStringList benchArgs(int port, QStringList extra)
{
    return QStringList { "bench", "--peer", "127.0.0.1", "--port", QString::number(port) } + extra;
}

} // namespace benchtest
