#include "protocol/agentdecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>

#include <cmath>

namespace halolink {

namespace {

// A number, or unknown for null, a missing key, a wrong type or a non-finite value.
std::optional<double> number(const QJsonObject &object, QLatin1StringView key)
{
    const QJsonValue value = object.value(key);
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d))
        return std::nullopt;
    return d;
}

std::optional<qint64> integer(const QJsonObject &object, QLatin1StringView key)
{
    const QJsonValue value = object.value(key); // looked up once: frames carry several
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d < -9.2e18 || d > 9.2e18)
        return std::nullopt;
    // Large nanosecond times lose nothing here: QJsonValue keeps integers as qint64.
    return value.toInteger(qint64(d));
}

QString string(const QJsonObject &object, QLatin1StringView key)
{
    const QJsonValue value = object.value(key);
    return value.isString() ? value.toString() : QString();
}

QList<NamedCounter> namedCounters(const QJsonValue &value)
{
    QList<NamedCounter> counters;
    if (!value.isObject())
        return counters;
    const QJsonObject object = value.toObject();
    counters.reserve(object.size());
    for (auto it = object.begin(); it != object.end(); ++it) {
        NamedCounter counter;
        counter.name = it.key();
        if (it.value().isDouble() && std::isfinite(it.value().toDouble()))
            counter.value = it.value().toDouble();
        counters.append(counter);
    }
    return counters;
}

} // namespace

AgentLine parseAgentLine(QByteArrayView line)
{
    AgentLine result;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError) {
        result.error = QStringLiteral("not JSON at offset %1: %2").arg(error.offset).arg(error.errorString());
        return result;
    }
    if (!document.isObject()) {
        result.error = QStringLiteral("not a JSON object");
        return result;
    }
    result.object = document.object();
    const QJsonValue event = result.object.value(QLatin1StringView("event"));
    if (event.isString()) {
        result.kind = AgentLineKind::Event;
        result.event = event.toString();
        return result;
    }
    result.id = integer(result.object, QLatin1StringView("id"));
    if (result.id && (result.object.contains(QLatin1StringView("result"))
                      || result.object.contains(QLatin1StringView("error")))) {
        result.kind = AgentLineKind::Reply;
        return result;
    }
    result.kind = AgentLineKind::Other;
    return result;
}

DecodeResult<AgentHelloEvent> decodeAgentHello(const QJsonObject &event)
{
    DecodeResult<AgentHelloEvent> result;
    if (event.value(QLatin1StringView("event")).toString() != QLatin1StringView("hello")) {
        result.error = QStringLiteral("event: not a hello");
        return result;
    }
    AgentHelloEvent hello;
    hello.engineVersion = string(event, QLatin1StringView("engine_version"));
    const std::optional<qint64> protocol = integer(event, QLatin1StringView("protocol"));
    if (!protocol) {
        result.error = QStringLiteral("protocol: missing or not a number");
        return result;
    }
    hello.protocol = int(*protocol);
    for (const QJsonValue &capability : event.value(QLatin1StringView("capabilities")).toArray()) {
        if (capability.isString())
            hello.capabilities.append(capability.toString());
    }
    hello.hostname = string(event, QLatin1StringView("hostname"));
    hello.pid = integer(event, QLatin1StringView("pid"));
    result.value = std::move(hello);
    return result;
}

DecodeResult<TelemetryFrame> decodeTelemetryFrame(const QJsonObject &event)
{
    DecodeResult<TelemetryFrame> result;
    const std::optional<qint64> time = integer(event, QLatin1StringView("time_ns"));
    if (!time) {
        result.error = QStringLiteral("time_ns: missing or not a number");
        return result;
    }
    TelemetryFrame frame;
    frame.timeNs = *time;
    frame.seq = integer(event, QLatin1StringView("seq"));
    frame.intervalNs = integer(event, QLatin1StringView("interval_ns"));

    const QJsonArray gpus = event.value(QLatin1StringView("gpus")).toArray();
    frame.gpus.reserve(gpus.size());
    for (const QJsonValue &value : gpus) {
        const QJsonObject gpu = value.toObject();
        GpuSample sample;
        sample.card = string(gpu, QLatin1StringView("card"));
        if (sample.card.isEmpty())
            continue; // cannot be named, so cannot be plotted
        sample.busyPercent = number(gpu, QLatin1StringView("busy_percent"));
        sample.vramUsedBytes = number(gpu, QLatin1StringView("vram_used_bytes"));
        sample.gttUsedBytes = number(gpu, QLatin1StringView("gtt_used_bytes"));
        sample.powerW = number(gpu, QLatin1StringView("power_w"));
        sample.temperatureC = number(gpu, QLatin1StringView("temperature_c"));
        frame.gpus.append(std::move(sample));
    }

    const QJsonArray nics = event.value(QLatin1StringView("nics")).toArray();
    frame.nics.reserve(nics.size());
    for (const QJsonValue &value : nics) {
        const QJsonObject nic = value.toObject();
        NicSample sample;
        sample.netdev = string(nic, QLatin1StringView("netdev"));
        if (sample.netdev.isEmpty())
            continue;
        sample.rxBytes = number(nic, QLatin1StringView("rx_bytes"));
        sample.txBytes = number(nic, QLatin1StringView("tx_bytes"));
        sample.rxBytesPerS = number(nic, QLatin1StringView("rx_bytes_per_s"));
        sample.txBytesPerS = number(nic, QLatin1StringView("tx_bytes_per_s"));
        sample.operstate = string(nic, QLatin1StringView("operstate"));
        sample.carrierChanges = number(nic, QLatin1StringView("carrier_changes"));
        const QJsonValue stats = nic.value(QLatin1StringView("port_stats"));
        if (stats.isObject()) {
            const QJsonObject o = stats.toObject();
            sample.hasPortStats = true;
            const QJsonArray rx = o.value(QLatin1StringView("pause_rx_prio")).toArray();
            const QJsonArray tx = o.value(QLatin1StringView("pause_tx_prio")).toArray();
            for (int p = 0; p < 8; ++p) {
                if (p < rx.size() && rx.at(p).isDouble())
                    sample.pauseRxPrio[std::size_t(p)] = rx.at(p).toDouble();
                if (p < tx.size() && tx.at(p).isDouble())
                    sample.pauseTxPrio[std::size_t(p)] = tx.at(p).toDouble();
            }
            sample.pauseRxLink = number(o, QLatin1StringView("pause_rx_link"));
            sample.pauseTxLink = number(o, QLatin1StringView("pause_tx_link"));
            sample.crcErrors = number(o, QLatin1StringView("crc_errors"));
            sample.rxDiscards = number(o, QLatin1StringView("rx_discards"));
        }
        frame.nics.append(std::move(sample));
    }

    const QJsonArray ports = event.value(QLatin1StringView("rdma")).toArray();
    frame.rdma.reserve(ports.size());
    for (const QJsonValue &value : ports) {
        const QJsonObject port = value.toObject();
        RdmaSample sample;
        sample.device = string(port, QLatin1StringView("device"));
        if (sample.device.isEmpty())
            continue;
        sample.port = int(integer(port, QLatin1StringView("port")).value_or(1));
        sample.rxBytesPerS = number(port, QLatin1StringView("rx_bytes_per_s"));
        sample.txBytesPerS = number(port, QLatin1StringView("tx_bytes_per_s"));
        sample.rxPacketsPerS = number(port, QLatin1StringView("rx_packets_per_s"));
        sample.txPacketsPerS = number(port, QLatin1StringView("tx_packets_per_s"));
        sample.errors = namedCounters(port.value(QLatin1StringView("errors")));
        sample.congestion = namedCounters(port.value(QLatin1StringView("congestion")));
        sample.state = string(port, QLatin1StringView("state"));
        frame.rdma.append(std::move(sample));
    }
    result.value = std::move(frame);
    return result;
}

DecodeResult<MeshSample> decodeMeshSample(const QJsonObject &event)
{
    DecodeResult<MeshSample> result;
    const std::optional<qint64> time = integer(event, QLatin1StringView("time_ns"));
    if (!time) {
        result.error = QStringLiteral("time_ns: missing or not a number");
        return result;
    }
    MeshSample sample;
    sample.timeNs = *time;
    sample.peer = string(event, QLatin1StringView("peer"));
    sample.transport = string(event, QLatin1StringView("transport"));
    if (sample.peer.isEmpty() || sample.transport.isEmpty()) {
        result.error = QStringLiteral("mesh: peer and transport are required");
        return result;
    }
    sample.address = string(event, QLatin1StringView("address"));
    sample.device = string(event, QLatin1StringView("device"));
    if (const std::optional<qint64> n = integer(event, QLatin1StringView("samples")))
        sample.samples = int(*n);
    if (const std::optional<qint64> gid = integer(event, QLatin1StringView("gid_index")))
        sample.gidIndex = int(*gid);
    const QJsonObject rtt = event.value(QLatin1StringView("rtt_ns")).toObject();
    sample.rttP50Ns = number(rtt, QLatin1StringView("p50"));
    sample.rttP99Ns = number(rtt, QLatin1StringView("p99"));
    const QJsonObject oneWay = event.value(QLatin1StringView("one_way_ns")).toObject();
    sample.oneWayP50Ns = number(oneWay, QLatin1StringView("p50"));
    sample.oneWayP99Ns = number(oneWay, QLatin1StringView("p99"));
    // One way is round trip / 2 (INTERFACES.md): derive it when only one was sent.
    if (!sample.oneWayP50Ns && sample.rttP50Ns)
        sample.oneWayP50Ns = *sample.rttP50Ns / 2;
    if (!sample.oneWayP99Ns && sample.rttP99Ns)
        sample.oneWayP99Ns = *sample.rttP99Ns / 2;
    if (!sample.rttP50Ns && sample.oneWayP50Ns)
        sample.rttP50Ns = *sample.oneWayP50Ns * 2;
    if (!sample.rttP99Ns && sample.oneWayP99Ns)
        sample.rttP99Ns = *sample.oneWayP99Ns * 2;
    const QJsonValue error = event.value(QLatin1StringView("error"));
    if (error.isObject()) {
        AgentError e;
        e.code = string(error.toObject(), QLatin1StringView("code"));
        e.message = string(error.toObject(), QLatin1StringView("message"));
        sample.error = e;
        sample.rttP50Ns.reset();
        sample.rttP99Ns.reset();
        sample.oneWayP50Ns.reset();
        sample.oneWayP99Ns.reset();
    }
    result.value = std::move(sample);
    return result;
}

} // namespace halolink
