// The probe decoder against every fixture snapshot's expected-probe.json (an
// oracle written by hand from docs/probe.md), plus inline documents that must
// be refused with a clear message or read with nulls, never crash.

#include "protocol/engineversion.h"
#include "protocol/probedecoder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace halolink;

namespace {

QString fixturesDir()
{
    return QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots");
}

// Compares an optional fact with the JSON it came from: null/missing <-> nullopt.
template<typename T>
bool sameOptional(const std::optional<T> &value, const QJsonValue &json)
{
    if (json.isNull() || json.isUndefined())
        return !value.has_value();
    if (!value)
        return false;
    if constexpr (std::is_same_v<T, QString>)
        return *value == json.toString();
    else if constexpr (std::is_same_v<T, bool>)
        return *value == json.toBool();
    else if constexpr (std::is_same_v<T, double>)
        return qFuzzyCompare(*value, json.toDouble());
    else
        return *value == json.toInteger();
}

const char kMinimal[] = R"({"schema":"halolink.probe/1"})";

} // namespace

class TestProbeDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtures_data();
    void fixtures();
    void rejects_data();
    void rejects();
    void minimalDocument();
    void nullsEverywhere();
    void unknownFieldsAreIgnored();
    void unknownCheckStatusIsKept();
    void largeIntegersAreExact();
    void engineError();
    void engineVersion_data();
    void engineVersion();
};

void TestProbeDecoder::fixtures_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(fixturesDir());
    const QStringList snapshots = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    int found = 0;
    for (const QString &name : snapshots) {
        const QString path = dir.filePath(name + QStringLiteral("/expected-probe.json"));
        if (QFile::exists(path)) {
            QTest::newRow(qPrintable(name)) << path;
            ++found;
        }
    }
    // Iterate whatever is there, but never pass vacuously.
    if (found == 0)
        QTest::newRow("no fixtures") << QString();
}

void TestProbeDecoder::fixtures()
{
    QFETCH(QString, path);
    QVERIFY2(!path.isEmpty(), qPrintable(QStringLiteral("no */expected-probe.json under %1").arg(fixturesDir())));

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const QJsonObject json = QJsonDocument::fromJson(bytes).object();
    QVERIFY(!json.isEmpty());

    const DecodeResult<ProbeReport> result = decodeProbeReport(bytes);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(result.error.isEmpty());
    const ProbeReport &report = *result.value;

    QCOMPARE(report.schema, QStringLiteral("halolink.probe/1"));
    QVERIFY(sameOptional(report.engineVersion, json.value(QStringLiteral("engine_version"))));

    const QJsonObject host = json.value(QStringLiteral("host")).toObject();
    QVERIFY(sameOptional(report.host.hostname, host.value(QStringLiteral("hostname"))));
    QVERIFY(sameOptional(report.host.kernel, host.value(QStringLiteral("kernel"))));
    QVERIFY(sameOptional(report.host.memoryTotalBytes, host.value(QStringLiteral("memory_total_bytes"))));
    QCOMPARE(report.host.os.has_value(), host.value(QStringLiteral("os")).isObject());
    if (report.host.os)
        QVERIFY(sameOptional(report.host.os->prettyName,
                             host.value(QStringLiteral("os")).toObject().value(QStringLiteral("pretty_name"))));
    const QJsonObject cmdline = host.value(QStringLiteral("cmdline")).toObject();
    QCOMPARE(report.host.cmdline.size(), cmdline.size());
    for (auto it = cmdline.begin(); it != cmdline.end(); ++it)
        QCOMPARE(report.host.cmdline.value(it.key()), it->toString());

    const QJsonArray gpus = json.value(QStringLiteral("gpus")).toArray();
    QCOMPARE(report.gpus.size(), gpus.size());
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const QJsonObject g = gpus.at(i).toObject();
        const Gpu &gpu = report.gpus.at(i);
        QCOMPARE(gpu.card, g.value(QStringLiteral("card")).toString());
        QVERIFY(sameOptional(gpu.gfxTarget, g.value(QStringLiteral("gfx_target"))));
        QVERIFY(sameOptional(gpu.vramTotalBytes, g.value(QStringLiteral("vram_total_bytes"))));
        QVERIFY(sameOptional(gpu.gttTotalBytes, g.value(QStringLiteral("gtt_total_bytes"))));
        QVERIFY(sameOptional(gpu.gttUsedBytes, g.value(QStringLiteral("gtt_used_bytes"))));
        QVERIFY(sameOptional(gpu.busyPercent, g.value(QStringLiteral("busy_percent"))));
    }

    const QJsonArray nics = json.value(QStringLiteral("nics")).toArray();
    QCOMPARE(report.nics.size(), nics.size());
    for (qsizetype i = 0; i < nics.size(); ++i) {
        const QJsonObject n = nics.at(i).toObject();
        const Nic &nic = report.nics.at(i);
        QCOMPARE(nic.netdev, n.value(QStringLiteral("netdev")).toString());
        QVERIFY(sameOptional(nic.driver, n.value(QStringLiteral("driver"))));
        QVERIFY(sameOptional(nic.mtu, n.value(QStringLiteral("mtu"))));
        QVERIFY(sameOptional(nic.speedMbps, n.value(QStringLiteral("speed_mbps"))));
        QVERIFY(sameOptional(nic.firmware, n.value(QStringLiteral("firmware"))));
        QVERIFY(sameOptional(nic.rdmaDevice, n.value(QStringLiteral("rdma_device"))));
        QVERIFY(sameOptional(nic.carriesManagement, n.value(QStringLiteral("carries_management"))));
        QCOMPARE(nic.ipv4.size(), n.value(QStringLiteral("ipv4")).toArray().size());
        QCOMPARE(nic.pcie.has_value(), n.value(QStringLiteral("pcie")).isObject());
        if (nic.pcie) {
            const QJsonObject p = n.value(QStringLiteral("pcie")).toObject();
            QVERIFY(sameOptional(nic.pcie->linkWidth, p.value(QStringLiteral("link_width"))));
            QVERIFY(sameOptional(nic.pcie->maxLinkWidth, p.value(QStringLiteral("max_link_width"))));
            QVERIFY(sameOptional(nic.pcie->linkSpeedGts, p.value(QStringLiteral("link_speed_gts"))));
        }
    }

    const QJsonArray rdma = json.value(QStringLiteral("rdma")).toArray();
    QCOMPARE(report.rdma.size(), rdma.size());
    for (qsizetype i = 0; i < rdma.size(); ++i) {
        const QJsonObject r = rdma.at(i).toObject();
        const RdmaPort &port = report.rdma.at(i);
        QCOMPARE(port.device, r.value(QStringLiteral("device")).toString());
        QCOMPARE(port.port, r.value(QStringLiteral("port")).toInt());
        QVERIFY(sameOptional(port.transport, r.value(QStringLiteral("transport"))));
        QVERIFY(sameOptional(port.state, r.value(QStringLiteral("state"))));
        QVERIFY(sameOptional(port.activeMtu, r.value(QStringLiteral("active_mtu"))));
        QVERIFY(sameOptional(port.netdev, r.value(QStringLiteral("netdev"))));
        QVERIFY(sameOptional(port.roceV2Ipv4GidIndex, r.value(QStringLiteral("roce_v2_ipv4_gid_index"))));
        const QJsonArray gids = r.value(QStringLiteral("gids")).toArray();
        QCOMPARE(port.gids.size(), gids.size());
        for (qsizetype g = 0; g < gids.size(); ++g) {
            const QJsonObject gid = gids.at(g).toObject();
            QCOMPARE(port.gids.at(g).index, gid.value(QStringLiteral("index")).toInt());
            QCOMPARE(port.gids.at(g).gid, gid.value(QStringLiteral("gid")).toString());
            QVERIFY(sameOptional(port.gids.at(g).type, gid.value(QStringLiteral("type"))));
        }
    }

    const QJsonObject libs = json.value(QStringLiteral("libraries")).toObject();
    QVERIFY(sameOptional(report.libraries.libibverbs, libs.value(QStringLiteral("libibverbs"))));
    QVERIFY(sameOptional(report.libraries.librdmacm, libs.value(QStringLiteral("librdmacm"))));
    QVERIFY(sameOptional(report.libraries.rocmSmi, libs.value(QStringLiteral("rocm_smi"))));

    const QJsonArray checks = json.value(QStringLiteral("checks")).toArray();
    QCOMPARE(report.checks.size(), checks.size());
    QVERIFY(!report.checks.isEmpty());
    for (qsizetype i = 0; i < checks.size(); ++i) {
        const QJsonObject c = checks.at(i).toObject();
        const Check &check = report.checks.at(i);
        QCOMPARE(check.id, c.value(QStringLiteral("id")).toString());
        QCOMPARE(check.statusText, c.value(QStringLiteral("status")).toString());
        QVERIFY(check.status != Check::Status::Unknown);
        QVERIFY(sameOptional(check.subject, c.value(QStringLiteral("subject"))));
        QCOMPARE(check.message, c.value(QStringLiteral("message")).toString());
    }

    // The same through the QJsonDocument entry point.
    const DecodeResult<ProbeReport> viaDocument = decodeProbeReport(QJsonDocument(json));
    QVERIFY2(viaDocument.ok(), qPrintable(viaDocument.error));
    QCOMPARE(viaDocument.value->checks.size(), report.checks.size());
}

void TestProbeDecoder::rejects_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("errorContains");

    QTest::newRow("empty") << QByteArray() << QStringLiteral("malformed JSON");
    QTest::newRow("truncated") << QByteArray(R"({"schema":"halolink.probe/1","host":{)")
                               << QStringLiteral("malformed JSON");
    QTest::newRow("garbage") << QByteArray("Segmentation fault\n") << QStringLiteral("malformed JSON");
    QTest::newRow("array at top") << QByteArray("[1,2,3]") << QStringLiteral("JSON object");
    QTest::newRow("no schema") << QByteArray(R"({"host":{}})") << QStringLiteral("no \"schema\"");
    QTest::newRow("wrong schema") << QByteArray(R"({"schema":"halolink.bench/1"})")
                                  << QStringLiteral("unsupported schema \"halolink.bench/1\"");
    QTest::newRow("future schema") << QByteArray(R"({"schema":"halolink.probe/2"})")
                                   << QStringLiteral("unsupported schema");
    QTest::newRow("schema not a string") << QByteArray(R"({"schema":1})") << QStringLiteral("schema");
    QTest::newRow("nics not an array") << QByteArray(R"({"schema":"halolink.probe/1","nics":{}})")
                                       << QStringLiteral("nics: expected an array, got an object");
    QTest::newRow("nic not an object") << QByteArray(R"({"schema":"halolink.probe/1","nics":[1]})")
                                       << QStringLiteral("nics[0]: expected an object");
    QTest::newRow("mtu is a string")
        << QByteArray(R"({"schema":"halolink.probe/1","nics":[{"netdev":"eth0"},{"netdev":"eth1","mtu":"9000"}]})")
        << QStringLiteral("nics[1].mtu: expected an integer, got a string");
    QTest::newRow("mtu fractional") << QByteArray(R"({"schema":"halolink.probe/1","nics":[{"netdev":"e","mtu":1.5}]})")
                                    << QStringLiteral("nics[0].mtu: expected an integer");
    QTest::newRow("netdev missing") << QByteArray(R"({"schema":"halolink.probe/1","nics":[{"mtu":1500}]})")
                                    << QStringLiteral("nics[0].netdev: expected a string, got nothing");
    QTest::newRow("gid index missing")
        << QByteArray(R"({"schema":"halolink.probe/1","rdma":[{"device":"rxe0","port":1,"gids":[{"gid":"::1"}]}]})")
        << QStringLiteral("rdma[0].gids[0].index");
    QTest::newRow("port out of range")
        << QByteArray(R"({"schema":"halolink.probe/1","rdma":[{"device":"rxe0","port":99999999999}]})")
        << QStringLiteral("rdma[0].port");
    QTest::newRow("check without status")
        << QByteArray(R"({"schema":"halolink.probe/1","checks":[{"id":"mtu_small"}]})")
        << QStringLiteral("checks[0].status");
    QTest::newRow("host is a string") << QByteArray(R"({"schema":"halolink.probe/1","host":"halo1"})")
                                      << QStringLiteral("host: expected an object");
    QTest::newRow("cmdline value a number")
        << QByteArray(R"({"schema":"halolink.probe/1","host":{"cmdline":{"iommu":1}}})")
        << QStringLiteral("host.cmdline.iommu");
    QTest::newRow("library not a bool")
        << QByteArray(R"({"schema":"halolink.probe/1","libraries":{"libibverbs":"yes"}})")
        << QStringLiteral("libraries.libibverbs: expected a boolean");
}

void TestProbeDecoder::rejects()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, errorContains);
    const DecodeResult<ProbeReport> result = decodeProbeReport(json);
    QVERIFY(!result.ok());
    QVERIFY2(result.error.contains(errorContains),
             qPrintable(QStringLiteral("error \"%1\" lacks \"%2\"").arg(result.error, errorContains)));
}

void TestProbeDecoder::minimalDocument()
{
    const DecodeResult<ProbeReport> result = decodeProbeReport(QByteArray(kMinimal));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(!result.value->engineVersion);
    QVERIFY(!result.value->host.hostname);
    QVERIFY(!result.value->host.cmdlineKnown);
    QVERIFY(result.value->gpus.isEmpty());
    QVERIFY(result.value->checks.isEmpty());
}

void TestProbeDecoder::nullsEverywhere()
{
    const QByteArray json = R"({
      "schema": "halolink.probe/1", "engine_version": null,
      "host": {"hostname": null, "kernel": null, "os": null, "cmdline": null, "memory_total_bytes": null},
      "gpus": [{"card": "card0", "pci": null, "driver": null, "gfx_target": null, "vram_total_bytes": null,
                "vram_used_bytes": null, "gtt_total_bytes": null, "gtt_used_bytes": null, "busy_percent": null}],
      "nics": [{"netdev": "eth0", "driver": null, "pci": null, "mac": null, "mtu": null, "operstate": null,
                "speed_mbps": null, "ipv4": null, "firmware": null, "pcie": null, "rdma_device": null,
                "carries_management": null}],
      "rdma": [{"device": "rxe0", "port": 1, "netdev": null, "transport": null, "link_layer": null,
                "state": null, "phys_state": null, "rate": null, "active_mtu": null,
                "gids": [{"index": 0, "gid": "fe80::1", "type": null, "netdev": null}],
                "roce_v2_ipv4_gid_index": null, "devlink": null}],
      "libraries": {"libibverbs": null, "librdmacm": null, "rocm_smi": null},
      "checks": [{"id": "no_rdma_device", "status": "pass", "subject": null, "message": null}]
    })";
    const DecodeResult<ProbeReport> result = decodeProbeReport(json);
    QVERIFY2(result.ok(), qPrintable(result.error));
    const ProbeReport &r = *result.value;
    QVERIFY(!r.engineVersion);
    QVERIFY(!r.host.hostname && !r.host.kernel && !r.host.os && !r.host.memoryTotalBytes);
    QVERIFY(!r.host.cmdlineKnown);
    QCOMPARE(r.gpus.size(), 1);
    QVERIFY(!r.gpus.first().gfxTarget && !r.gpus.first().gttTotalBytes && !r.gpus.first().busyPercent);
    QCOMPARE(r.nics.size(), 1);
    const Nic &nic = r.nics.first();
    QVERIFY(!nic.mtu && !nic.speedMbps && !nic.pcie && !nic.rdmaDevice && !nic.carriesManagement);
    QVERIFY(nic.ipv4.isEmpty());
    QCOMPARE(r.rdma.size(), 1);
    QVERIFY(!r.rdma.first().roceV2Ipv4GidIndex && !r.rdma.first().activeMtu && !r.rdma.first().transport);
    QCOMPARE(r.rdma.first().gids.size(), 1);
    QVERIFY(!r.rdma.first().gids.first().type);
    QVERIFY(!r.libraries.libibverbs && !r.libraries.librdmacm && !r.libraries.rocmSmi);
    QCOMPARE(r.checks.size(), 1);
    QVERIFY(!r.checks.first().subject);
    QVERIFY(r.checks.first().message.isEmpty());
}

void TestProbeDecoder::unknownFieldsAreIgnored()
{
    const QByteArray json = R"({
      "schema": "halolink.probe/1", "engine_version": "9.9.9", "future_section": {"a": [1, 2]},
      "host": {"hostname": "halo9", "uptime_ns": 123, "os": {"id": "x", "variant": "y"}},
      "nics": [{"netdev": "eth0", "queues": 64, "pcie": {"link_width": 4, "aspm": "off"}}],
      "rdma": [{"device": "mlx5_0", "port": 1, "transport": "roce", "counters": {"x": 1},
                "gids": [{"index": 3, "gid": "::ffff:10.0.0.1", "type": "RoCE v2", "flags": 7}],
                "roce_v2_ipv4_gid_index": 3}],
      "checks": [{"id": "new_check", "status": "pass", "subject": null, "message": "m", "severity": 3}]
    })";
    const DecodeResult<ProbeReport> result = decodeProbeReport(json);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.value->host.hostname, QStringLiteral("halo9"));
    QCOMPARE(result.value->nics.first().pcie->linkWidth, 4);
    QCOMPARE(result.value->rdma.first().roceV2Ipv4GidIndex, 3);
    QCOMPARE(result.value->checks.first().id, QStringLiteral("new_check"));
}

void TestProbeDecoder::unknownCheckStatusIsKept()
{
    const DecodeResult<ProbeReport> result = decodeProbeReport(
        QByteArray(R"({"schema":"halolink.probe/1","checks":[{"id":"x","status":"info","message":"m"}]})"));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.value->checks.first().status, Check::Status::Unknown);
    QCOMPARE(result.value->checks.first().statusText, QStringLiteral("info"));
}

void TestProbeDecoder::largeIntegersAreExact()
{
    const DecodeResult<ProbeReport> result = decodeProbeReport(QByteArray(
        R"({"schema":"halolink.probe/1","host":{"memory_total_bytes":134132158464},"gpus":[{"card":"card1","gtt_total_bytes":9007199254740993}]})"));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(*result.value->host.memoryTotalBytes, Q_INT64_C(134132158464));
    QCOMPARE(*result.value->gpus.first().gttTotalBytes, Q_INT64_C(9007199254740993));
}

void TestProbeDecoder::engineError()
{
    const DecodeResult<EngineErrorReport> ok =
        decodeEngineError(QByteArray(R"({"error":{"code":"bad_root","message":"no such directory: /x"}})"));
    QVERIFY2(ok.ok(), qPrintable(ok.error));
    QCOMPARE(ok.value->code, QStringLiteral("bad_root"));
    QCOMPARE(ok.value->message, QStringLiteral("no such directory: /x"));

    QVERIFY(!decodeEngineError(QByteArray(kMinimal)).ok());
    QVERIFY(!decodeEngineError(QByteArray("nope")).ok());
    QVERIFY(!decodeEngineError(QByteArray(R"({"error":"text"})")).ok());
    QVERIFY(!decodeEngineError(QByteArray(R"({"error":{"code":5}})")).ok());
}

void TestProbeDecoder::engineVersion_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("protocol");
    QTest::newRow("normal") << "halolink-engine 0.1.0 (protocol 1)\n" << true << "0.1.0" << 1;
    QTest::newRow("prerelease") << "halolink-engine 1.2.3-rc1 (protocol 12)" << true << "1.2.3-rc1" << 12;
    QTest::newRow("other program") << "ls (GNU coreutils) 9.1" << false << "" << 0;
    QTest::newRow("empty") << "" << false << "" << 0;
    QTest::newRow("no protocol") << "halolink-engine 0.1.0" << false << "" << 0;
}

void TestProbeDecoder::engineVersion()
{
    QFETCH(QString, line);
    QFETCH(bool, valid);
    const std::optional<EngineVersion> parsed = EngineVersion::parse(line);
    QCOMPARE(parsed.has_value(), valid);
    if (valid) {
        QFETCH(QString, version);
        QFETCH(int, protocol);
        QCOMPARE(parsed->version, version);
        QCOMPARE(parsed->protocol, protocol);
    }
}

QTEST_GUILESS_MAIN(TestProbeDecoder)
#include "tst_probedecoder.moc"
