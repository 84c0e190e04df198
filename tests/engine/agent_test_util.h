#pragma once
// Drives a real `halolink-engine agent` through its stdin/stdout, as the app
// does: send request lines, collect every line it writes, wait for the
// ones a test is after.

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTest>

#include <functional>

namespace agenttest {

inline QString enginePath()
{
    return QStringLiteral(HALOLINK_ENGINE_PATH);
}

class AgentProcess {
public:
    explicit AgentProcess(const QStringList &extraArgs = {})
    {
        m_process.setProgram(enginePath());
        m_process.setArguments(QStringList { QStringLiteral("agent") } + extraArgs);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
    }
    ~AgentProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(3000);
        }
    }

    bool start()
    {
        m_process.start();
        return m_process.waitForStarted(5000);
    }
    QProcess &process() { return m_process; }
    qint64 pid() const { return m_process.processId(); }

    void sendRaw(const QByteArray &bytes) { m_process.write(bytes); }
    void send(const QJsonObject &request)
    {
        m_process.write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    }
    int request(const QString &method, const QJsonObject &params = {})
    {
        const int id = ++m_lastId;
        QJsonObject r { { "id", id }, { "method", method } };
        if (!params.isEmpty())
            r.insert("params", params);
        send(r);
        return id;
    }

    // Every line so far, parsed (a line that is not a JSON object is kept
    // as {"unparsed": text} so that a test can see it).
    const QList<QJsonObject> &lines() const { return m_lines; }
    QByteArray stderrText() { return m_stderr += m_process.readAllStandardError(); }

    // Reads output until `match` accepts a line that arrived after the
    // first `from` lines, or `timeoutMs` passes. Returns the line or {}.
    QJsonObject waitFor(
        const std::function<bool(const QJsonObject &)> &match, int timeoutMs = 10000, int from = 0)
    {
        QElapsedTimer t;
        t.start();
        int checked = from;
        for (;;) {
            for (; checked < m_lines.size(); ++checked) {
                if (match(m_lines[checked]))
                    return m_lines[checked];
            }
            if (t.elapsed() >= timeoutMs || m_process.state() == QProcess::NotRunning) {
                pump(0);
                for (; checked < m_lines.size(); ++checked) {
                    if (match(m_lines[checked]))
                        return m_lines[checked];
                }
                return {};
            }
            pump(qMax<qint64>(1, qMin<qint64>(100, timeoutMs - t.elapsed())));
        }
    }
    QJsonObject waitForReply(int id, int timeoutMs = 10000)
    {
        return waitFor(
            [id](const QJsonObject &o) {
                return o.contains("id") && !o.contains("event") && o.value("id").toInt() == id;
            },
            timeoutMs);
    }
    QJsonObject waitForEvent(const QString &event, int timeoutMs = 10000, int from = 0)
    {
        return waitFor(
            [event](const QJsonObject &o) { return o.value("event").toString() == event; }, timeoutMs, from);
    }
    // Collects output for `ms` milliseconds.
    void collect(int ms)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms)
            pump(ms - t.elapsed());
    }
    QList<QJsonObject> events(const QString &event, int from = 0) const
    {
        QList<QJsonObject> out;
        for (int i = from; i < m_lines.size(); ++i) {
            if (m_lines[i].value("event").toString() == event)
                out.append(m_lines[i]);
        }
        return out;
    }

private:
    void pump(qint64 waitMs)
    {
        if (waitMs > 0 && m_process.bytesAvailable() == 0 && m_process.state() != QProcess::NotRunning)
            m_process.waitForReadyRead(static_cast<int>(waitMs));
        m_buffer += m_process.readAllStandardOutput();
        m_stderr += m_process.readAllStandardError();
        qsizetype nl;
        while ((nl = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(nl);
            m_buffer.remove(0, nl + 1);
            QJsonParseError e;
            const QJsonDocument doc = QJsonDocument::fromJson(line, &e);
            m_lines.append(
                doc.isObject() ? doc.object() : QJsonObject { { "unparsed", QString::fromUtf8(line) } });
        }
    }

    QProcess m_process;
    QByteArray m_buffer;
    QByteArray m_stderr;
    QList<QJsonObject> m_lines;
    int m_lastId = 0;
};

} // namespace agenttest
