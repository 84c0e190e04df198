#include "protocol/probedecoder.h"

#include <halolink/protocol.h>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

#include <cmath>
#include <limits>

namespace halolink {

namespace {

// This file's texts outside a QObject: ProbeDecoder::tr("...") is looked up in the
// context lupdate files it under.
struct ProbeDecoder {
    Q_DECLARE_TR_FUNCTIONS(ProbeDecoder)
};

// Internal only: every public function catches it and turns it into an error string.
struct DecodeError {
    QString message;
};

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return ProbeDecoder::tr("null");
    case QJsonValue::Bool:
        return ProbeDecoder::tr("a boolean");
    case QJsonValue::Double:
        return ProbeDecoder::tr("a number");
    case QJsonValue::String:
        return ProbeDecoder::tr("a string");
    case QJsonValue::Array:
        return ProbeDecoder::tr("an array");
    case QJsonValue::Object:
        return ProbeDecoder::tr("an object");
    case QJsonValue::Undefined: break;
    }
    return ProbeDecoder::tr("nothing");
}

[[noreturn]] void fail(const QString &path, const char *expected, const QJsonValue &got)
{
    throw DecodeError{ProbeDecoder::tr("%1: expected %2, got %3")
                          .arg(path, ProbeDecoder::tr(expected), typeName(got))};
}

QString join(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString indexed(const QString &path, qsizetype i)
{
    return path + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
}

// Reads one object, remembering where it is for the error messages.
class ObjectReader
{
public:
    ObjectReader(const QJsonObject &object, QString path)
        : m_object(object)
        , m_path(std::move(path))
    {
    }

    QString path(const QString &key) const { return join(m_path, key); }
    const QString &path() const { return m_path; }
    QJsonValue value(const QString &key) const { return m_object.value(key); }
    const QJsonObject &json() const { return m_object; }
    static bool absent(const QJsonValue &v) { return v.isUndefined() || v.isNull(); }

    std::optional<QString> optString(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (absent(v))
            return std::nullopt;
        if (!v.isString())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "a string"), v);
        return v.toString();
    }

    QString string(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (!v.isString())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "a string"), v);
        return v.toString();
    }

    std::optional<qint64> optInteger(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (absent(v))
            return std::nullopt;
        if (!v.isDouble())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "an integer"), v);
        const double d = v.toDouble();
        if (!std::isfinite(d) || std::trunc(d) != d)
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "an integer"), v);
        // QJsonValue keeps integers written without a fraction exactly, up to 2^63.
        const qint64 exact = v.toInteger(std::numeric_limits<qint64>::min());
        if (exact == std::numeric_limits<qint64>::min())
            return static_cast<qint64>(d);
        return exact;
    }

    std::optional<int> optInt(const QString &key) const
    {
        const std::optional<qint64> v = optInteger(key);
        if (!v)
            return std::nullopt;
        if (*v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
            throw DecodeError{ProbeDecoder::tr("%1: %2 is out of range").arg(path(key)).arg(*v)};
        return static_cast<int>(*v);
    }

    int integer(const QString &key) const
    {
        if (absent(value(key)))
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "an integer"), value(key));
        return *optInt(key);
    }

    std::optional<double> optDouble(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (absent(v))
            return std::nullopt;
        if (!v.isDouble())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "a number"), v);
        return v.toDouble();
    }

    std::optional<bool> optBool(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (absent(v))
            return std::nullopt;
        if (!v.isBool())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "a boolean"), v);
        return v.toBool();
    }

    std::optional<ObjectReader> optObject(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (absent(v))
            return std::nullopt;
        if (!v.isObject())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "an object"), v);
        return ObjectReader(v.toObject(), path(key));
    }

    // A missing or null list is an empty list: the engine leaves out what it cannot see.
    QJsonArray array(const QString &key) const
    {
        const QJsonValue v = value(key);
        if (absent(v))
            return {};
        if (!v.isArray())
            fail(path(key), QT_TRANSLATE_NOOP("ProbeDecoder", "an array"), v);
        return v.toArray();
    }

    template<typename T, typename Fn>
    QList<T> objects(const QString &key, Fn readOne) const
    {
        const QJsonArray items = array(key);
        QList<T> out;
        out.reserve(items.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QJsonValue item = items.at(i);
            const QString itemPath = indexed(path(key), i);
            if (!item.isObject())
                fail(itemPath, QT_TRANSLATE_NOOP("ProbeDecoder", "an object"), item);
            out.append(readOne(ObjectReader(item.toObject(), itemPath)));
        }
        return out;
    }

    QStringList strings(const QString &key) const
    {
        const QJsonArray items = array(key);
        QStringList out;
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (!items.at(i).isString())
                fail(indexed(path(key), i), QT_TRANSLATE_NOOP("ProbeDecoder", "a string"), items.at(i));
            out.append(items.at(i).toString());
        }
        return out;
    }

    const QJsonObject &object() const { return m_object; }

private:
    QJsonObject m_object;
    QString m_path;
};

Host readHost(const ObjectReader &r)
{
    Host host;
    host.hostname = r.optString(QStringLiteral("hostname"));
    host.kernel = r.optString(QStringLiteral("kernel"));
    if (const auto os = r.optObject(QStringLiteral("os"))) {
        host.os = OsRelease{os->optString(QStringLiteral("id")),
                            os->optString(QStringLiteral("version_id")),
                            os->optString(QStringLiteral("pretty_name"))};
    }
    if (const auto cmdline = r.optObject(QStringLiteral("cmdline"))) {
        host.cmdlineKnown = true;
        const QJsonObject &o = cmdline->object();
        for (auto it = o.begin(); it != o.end(); ++it) {
            // A bare flag is "" in the document; tolerate null for it as well.
            if (it->isNull()) {
                host.cmdline.insert(it.key(), QString());
                continue;
            }
            host.cmdline.insert(it.key(), cmdline->string(it.key()));
        }
    }
    host.memoryTotalBytes = r.optInteger(QStringLiteral("memory_total_bytes"));
    return host;
}

Gpu readGpu(const ObjectReader &r)
{
    Gpu gpu;
    gpu.card = r.string(QStringLiteral("card"));
    gpu.pci = r.optString(QStringLiteral("pci"));
    gpu.driver = r.optString(QStringLiteral("driver"));
    gpu.vendorId = r.optString(QStringLiteral("vendor_id"));
    gpu.deviceId = r.optString(QStringLiteral("device_id"));
    gpu.gfxTarget = r.optString(QStringLiteral("gfx_target"));
    gpu.vramTotalBytes = r.optInteger(QStringLiteral("vram_total_bytes"));
    gpu.vramUsedBytes = r.optInteger(QStringLiteral("vram_used_bytes"));
    gpu.gttTotalBytes = r.optInteger(QStringLiteral("gtt_total_bytes"));
    gpu.gttUsedBytes = r.optInteger(QStringLiteral("gtt_used_bytes"));
    gpu.busyPercent = r.optInt(QStringLiteral("busy_percent"));
    return gpu;
}

Nic readNic(const ObjectReader &r)
{
    Nic nic;
    nic.netdev = r.string(QStringLiteral("netdev"));
    nic.driver = r.optString(QStringLiteral("driver"));
    nic.pci = r.optString(QStringLiteral("pci"));
    nic.mac = r.optString(QStringLiteral("mac"));
    nic.mtu = r.optInt(QStringLiteral("mtu"));
    nic.operstate = r.optString(QStringLiteral("operstate"));
    nic.speedMbps = r.optInteger(QStringLiteral("speed_mbps"));
    nic.ipv4 = r.strings(QStringLiteral("ipv4"));
    nic.firmware = r.optString(QStringLiteral("firmware"));
    if (const auto pcie = r.optObject(QStringLiteral("pcie"))) {
        nic.pcie = PcieLink{pcie->optDouble(QStringLiteral("link_speed_gts")),
                            pcie->optInt(QStringLiteral("link_width")),
                            pcie->optDouble(QStringLiteral("max_link_speed_gts")),
                            pcie->optInt(QStringLiteral("max_link_width"))};
    }
    nic.rdmaDevice = r.optString(QStringLiteral("rdma_device"));
    nic.carriesManagement = r.optBool(QStringLiteral("carries_management"));
    return nic;
}

Gid readGid(const ObjectReader &r)
{
    Gid gid;
    gid.index = r.integer(QStringLiteral("index"));
    gid.gid = r.string(QStringLiteral("gid"));
    gid.type = r.optString(QStringLiteral("type"));
    gid.netdev = r.optString(QStringLiteral("netdev"));
    return gid;
}

RdmaPort readRdmaPort(const ObjectReader &r)
{
    RdmaPort port;
    port.device = r.string(QStringLiteral("device"));
    port.port = r.integer(QStringLiteral("port"));
    port.netdev = r.optString(QStringLiteral("netdev"));
    port.transport = r.optString(QStringLiteral("transport"));
    port.linkLayer = r.optString(QStringLiteral("link_layer"));
    port.state = r.optString(QStringLiteral("state"));
    port.physState = r.optString(QStringLiteral("phys_state"));
    port.rate = r.optString(QStringLiteral("rate"));
    port.activeMtu = r.optInt(QStringLiteral("active_mtu"));
    port.gids = r.objects<Gid>(QStringLiteral("gids"), readGid);
    port.roceV2Ipv4GidIndex = r.optInt(QStringLiteral("roce_v2_ipv4_gid_index"));
    if (const auto devlink = r.optObject(QStringLiteral("devlink"))) {
        port.devlink = DevlinkRdmaMode{devlink->optBool(QStringLiteral("enable_roce")),
                                       devlink->optBool(QStringLiteral("enable_iwarp"))};
    }
    return port;
}

Check readCheck(const ObjectReader &r)
{
    Check check;
    check.id = r.string(QStringLiteral("id"));
    check.statusText = r.string(QStringLiteral("status"));
    if (check.statusText == QLatin1String("pass"))
        check.status = Check::Status::Pass;
    else if (check.statusText == QLatin1String("warn"))
        check.status = Check::Status::Warn;
    else if (check.statusText == QLatin1String("fail"))
        check.status = Check::Status::Fail;
    else
        check.status = Check::Status::Unknown; // a newer engine's status: shown, not fatal
    check.subject = r.optString(QStringLiteral("subject"));
    check.message = r.optString(QStringLiteral("message")).value_or(QString());
    check.messageKey = r.optString(QStringLiteral("message_key")).value_or(QString());
    if (const auto args = r.optObject(QStringLiteral("message_args")))
        check.messageArgs = args->json();
    // The engine's "pass" for a check with nothing to look at (the wire keeps
    // "pass"; statusText says so).
    if (check.status == Check::Status::Pass
        && (check.messageKey.startsWith(QLatin1String("not_applicable."))
            || (check.messageKey.isEmpty() && check.message.startsWith(QLatin1String("not applicable")))))
        check.status = Check::Status::NotApplicable;
    return check;
}

ProbeReport readReport(const ObjectReader &r)
{
    ProbeReport report;
    const QJsonValue schema = r.value(QStringLiteral("schema"));
    if (!schema.isString())
        throw DecodeError { ProbeDecoder::tr("not a probe document: no \"schema\" (expected \"%1\")")
                                .arg(QLatin1String(protocol::kProbeSchema)) };
    report.schema = schema.toString();
    if (report.schema != QLatin1String(protocol::kProbeSchema))
        throw DecodeError { ProbeDecoder::tr("unsupported schema \"%1\" (this version reads \"%2\")")
                                .arg(report.schema, QLatin1String(protocol::kProbeSchema)) };
    report.engineVersion = r.optString(QStringLiteral("engine_version"));
    if (const auto host = r.optObject(QStringLiteral("host")))
        report.host = readHost(*host);
    report.gpus = r.objects<Gpu>(QStringLiteral("gpus"), readGpu);
    report.nics = r.objects<Nic>(QStringLiteral("nics"), readNic);
    report.rdma = r.objects<RdmaPort>(QStringLiteral("rdma"), readRdmaPort);
    if (const auto libs = r.optObject(QStringLiteral("libraries"))) {
        report.libraries = Libraries{libs->optBool(QStringLiteral("libibverbs")),
                                     libs->optBool(QStringLiteral("librdmacm")),
                                     libs->optBool(QStringLiteral("rocm_smi"))};
    }
    report.checks = r.objects<Check>(QStringLiteral("checks"), readCheck);
    return report;
}

std::optional<QJsonObject> parseObject(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = ProbeDecoder::tr("malformed JSON at offset %1: %2")
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
        return std::nullopt;
    }
    if (!document.isObject()) {
        *error = ProbeDecoder::tr("expected a JSON object at the top level");
        return std::nullopt;
    }
    return document.object();
}

} // namespace

DecodeResult<ProbeReport> decodeProbeReport(const QJsonDocument &document)
{
    if (document.isNull() || !document.isObject())
        return { std::nullopt, ProbeDecoder::tr("expected a JSON object at the top level") };
    try {
        return {readReport(ObjectReader(document.object(), QString())), QString()};
    } catch (const DecodeError &e) {
        return {std::nullopt, e.message};
    }
}

DecodeResult<ProbeReport> decodeProbeReport(const QByteArray &json)
{
    QString error;
    const std::optional<QJsonObject> object = parseObject(json, &error);
    if (!object)
        return {std::nullopt, error};
    return decodeProbeReport(QJsonDocument(*object));
}

DecodeResult<EngineErrorReport> decodeEngineError(const QByteArray &json)
{
    QString error;
    const std::optional<QJsonObject> object = parseObject(json, &error);
    if (!object)
        return {std::nullopt, error};
    try {
        const ObjectReader top(*object, QString());
        const std::optional<ObjectReader> e = top.optObject(QStringLiteral("error"));
        if (!e)
            return { std::nullopt, ProbeDecoder::tr("not an error document: no \"error\" object") };
        return {EngineErrorReport{e->optString(QStringLiteral("code")).value_or(QString()),
                                  e->optString(QStringLiteral("message")).value_or(QString())},
                QString()};
    } catch (const DecodeError &e) {
        return {std::nullopt, e.message};
    }
}

} // namespace halolink
