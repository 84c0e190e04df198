#pragma once
// Helpers for tests that run the real halolink-engine binary.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace halolink::test {

struct EngineRun {
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

inline QString enginePath()
{
    return QStringLiteral(HALOLINK_ENGINE_PATH);
}

inline EngineRun runEngine(const QStringList &args, int timeoutMs = 30000,
                           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                           const QString &program = enginePath(), const QByteArray &stdinData = {})
{
    EngineRun r;
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForStarted(5000))
        return r;
    if (!stdinData.isEmpty())
        p.write(stdinData);
    p.closeWriteChannel();
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(2000);
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// The first difference between two JSON values, as "path: expected X, got Y";
// empty when they are equal. Check messages are prose: only id, status and
// subject of a check are compared.
inline QString jsonDiff(const QJsonValue &expected, const QJsonValue &actual, const QString &path = QStringLiteral("$"))
{
    auto show = [](const QJsonValue &v) {
        if (v.isObject())
            return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
        if (v.isArray())
            return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
        if (v.isString())
            return QLatin1Char('"') + v.toString() + QLatin1Char('"');
        if (v.isNull())
            return QStringLiteral("null");
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        if (v.isUndefined())
            return QStringLiteral("(absent)");
        return QString::number(v.toDouble(), 'g', 17);
    };
    if (expected.type() != actual.type())
        return path + QStringLiteral(": expected ") + show(expected) + QStringLiteral(", got ") + show(actual);
    if (expected.isObject()) {
        const QJsonObject e = expected.toObject(), a = actual.toObject();
        const bool isCheck = path.contains(QStringLiteral(".checks["));
        for (auto it = e.begin(); it != e.end(); ++it) {
            if (isCheck && it.key() == QStringLiteral("message"))
                continue;
            QString d = jsonDiff(it.value(), a.value(it.key()), path + QLatin1Char('.') + it.key());
            if (!d.isEmpty())
                return d;
        }
        for (auto it = a.begin(); it != a.end(); ++it)
            if (!e.contains(it.key()) && !(isCheck && it.key() == QStringLiteral("message")))
                return path + QLatin1Char('.') + it.key() + QStringLiteral(": unexpected field ") + show(it.value());
        return {};
    }
    if (expected.isArray()) {
        const QJsonArray e = expected.toArray(), a = actual.toArray();
        for (int i = 0; i < std::min(e.size(), a.size()); ++i) {
            QString d = jsonDiff(e[i], a[i], path + QStringLiteral("[%1]").arg(i));
            if (!d.isEmpty())
                return d;
        }
        if (e.size() != a.size())
            return path + QStringLiteral(": expected %1 entries, got %2: ").arg(e.size()).arg(a.size()) + show(actual);
        return {};
    }
    if (expected != actual)
        return path + QStringLiteral(": expected ") + show(expected) + QStringLiteral(", got ") + show(actual);
    return {};
}

} // namespace halolink::test
