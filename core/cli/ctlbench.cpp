// halolinkctl bench: the data plane measured between two nodes (a reflector on
// NODE_B, the agent's benchmark on NODE_A against NODE_B's data-plane address).

#include "cli/ctlcommon.h"

#include "inventory/nodevalidation.h"
#include "ssh/shellquote.h"

#include <QJsonDocument>

namespace halolink::cli {

using namespace std::chrono_literals;

// --- bench -------------------------------------------------------------------------------

namespace {

QString formatNs(double ns)
{
    if (ns >= 1e6)
        return QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'f', 2);
    return QStringLiteral("%1 µs").arg(ns / 1e3, 0, 'f', 2);
}

} // namespace

BenchBetween benchBetween(CtlConnector &connector, const Node &a, const Node &b, QJsonObject params, int port,
                          bool anyPortIfTaken, std::chrono::milliseconds benchTimeout, QTextStream *progress)
{
    BenchBetween run;
    const bool rdma = params.value(QStringLiteral("transport")).toString() == QLatin1String("rdma");
    auto say = [progress](const QString &line) {
        if (progress) {
            *progress << "halolinkctl bench: " << line << '\n';
            progress->flush();
        }
    };
    say(tr("starting the reflector on %1…").arg(b.name));
    auto startReflector = [&](int p) {
        return connector.call(b.id, QStringLiteral("reflector.start"),
                              {{QStringLiteral("bind"), QStringLiteral("0.0.0.0")},
                               {QStringLiteral("port"), p},
                               {QStringLiteral("rdma"), rdma}},
                              30s);
    };
    run.reflector = startReflector(port);
    if (!run.reflector.ok && anyPortIfTaken
        && run.reflector.error.value(QStringLiteral("code")).toString() == QLatin1String("port_in_use"))
        run.reflector = startReflector(0); // another reflector (the app's) has the default port
    if (!run.reflector.ok)
        return run;
    params.insert(QStringLiteral("peer"), b.dataPlaneIp());
    params.insert(QStringLiteral("port"), run.reflector.result.toObject().value(QStringLiteral("port")).toInt());
    const QString transport = rdma ? QStringLiteral("RDMA") : QStringLiteral("TCP");
    const QString pair = tr("%1 -> %2 (%3)").arg(a.name, b.name, b.dataPlaneIp());
    if (params.value(QStringLiteral("test")).toString() == QLatin1String("bandwidth"))
        say(tr("measuring the %1 bandwidth, %2…").arg(transport, pair));
    else
        say(tr("measuring the %1 latency, %2…").arg(transport, pair));
    run.bench = connector.call(a.id, QStringLiteral("bench"), params, benchTimeout);
    say(tr("stopping the reflector on %1…").arg(b.name));
    connector.call(b.id, QStringLiteral("reflector.stop"), {}, 10s);
    return run;
}

int runBench(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("bench"),
                     tr("Measure the data plane between two nodes: starts a reflector on NODE_B (through its "
                        "agent), runs the benchmark from NODE_A to NODE_B's data-plane address, and prints the "
                        "result (--json: the halolink.bench/1 document). NODE_B needs a data-plane address "
                        "('halolinkctl nodes edit NODE_B --data-address A.B.C.D/P')."),
                     QStringLiteral("[options] NODE_A NODE_B"));
    const QCommandLineOption transport(QStringLiteral("transport"), tr("tcp or rdma (default tcp)."), tr("transport"),
                                       QStringLiteral("tcp"));
    const QCommandLineOption test(QStringLiteral("test"), tr("latency or bandwidth (default latency)."), tr("test"),
                                  QStringLiteral("latency"));
    const QCommandLineOption size(QStringLiteral("size"), tr("Message size in bytes."), tr("bytes"));
    const QCommandLineOption iters(QStringLiteral("iters"), tr("Timed iterations (latency)."), tr("n"));
    const QCommandLineOption warmup(QStringLiteral("warmup"), tr("Warm-up iterations (latency)."), tr("n"));
    const QCommandLineOption duration(QStringLiteral("duration"), tr("Seconds (bandwidth)."), tr("seconds"));
    const QCommandLineOption port(QStringLiteral("port"), tr("Reflector port on NODE_B (default 7471; any free port "
                                                             "when that one is taken)."),
                                  tr("port"));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print the halolink.bench/1 document."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"), tr("Connecting gives up after <seconds> (default 60)."),
                                           tr("seconds"), QStringLiteral("60"));
    cp.parser.addOptions({transport, test, size, iters, warmup, duration, port, json, timeoutOption, acceptOption()});
    cp.parser.addPositionalArgument(QStringLiteral("node_a"), tr("Where the benchmark runs."), QStringLiteral("NODE_A"));
    cp.parser.addPositionalArgument(QStringLiteral("node_b"), tr("Where the reflector runs."), QStringLiteral("NODE_B"));
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    const QStringList pos = cp.parser.positionalArguments();
    if (pos.size() != 2) {
        err << "halolinkctl bench: " << tr("give two nodes: NODE_A (runs the benchmark) and NODE_B (reflects).") << '\n';
        return CtlUsage;
    }
    const QString transportValue = cp.parser.value(transport);
    const QString testValue = cp.parser.value(test);
    if (transportValue != QLatin1String("tcp") && transportValue != QLatin1String("rdma")) {
        err << "halolinkctl bench: " << tr("--transport must be tcp or rdma.") << '\n';
        return CtlUsage;
    }
    if (testValue != QLatin1String("latency") && testValue != QLatin1String("bandwidth")) {
        err << "halolinkctl bench: " << tr("--test must be latency or bandwidth.") << '\n';
        return CtlUsage;
    }
    QJsonObject params{{QStringLiteral("transport"), transportValue}, {QStringLiteral("test"), testValue}};
    double benchSeconds = testValue == QLatin1String("bandwidth") ? 10 : 30;
    for (const QCommandLineOption *o : {&size, &iters, &warmup}) {
        if (!cp.parser.isSet(*o))
            continue;
        bool ok = false;
        const qlonglong v = cp.parser.value(*o).toLongLong(&ok);
        if (!ok || v < 0) {
            err << "halolinkctl bench: " << tr("--%1 needs a whole number.").arg(o->names().first()) << '\n';
            return CtlUsage;
        }
        params.insert(o->names().first(), double(v));
    }
    if (cp.parser.isSet(duration)) {
        double d = 0;
        if (!parseSeconds(cp.parser, duration, &d, QStringLiteral("bench"), err))
            return CtlUsage;
        params.insert(QStringLiteral("duration_s"), d);
        benchSeconds = d;
    }
    int reflectorPort = 7471;
    if (cp.parser.isSet(port)) {
        QString error;
        if (!parsePort(cp.parser.value(port), &reflectorPort, &error) || reflectorPort == 0) {
            err << "halolinkctl bench: " << (error.isEmpty() ? tr("--port needs a port number.") : error) << '\n';
            return CtlUsage;
        }
    }
    double timeoutSeconds = 0;
    if (!parseSeconds(cp.parser, timeoutOption, &timeoutSeconds, QStringLiteral("bench"), err))
        return CtlUsage;

    Inventory inventory;
    loadInventory(inventory, err);
    const auto a = inventory.find(pos.at(0));
    const auto b = inventory.find(pos.at(1));
    if (!a || !b) {
        err << "halolinkctl bench: " << tr("no node '%1' in the inventory.").arg(!a ? pos.at(0) : pos.at(1)) << '\n';
        return CtlFailure;
    }
    if (a->id == b->id) {
        err << "halolinkctl bench: " << tr("NODE_A and NODE_B are the same node (%1).").arg(a->name) << '\n';
        return CtlUsage;
    }
    const QString peer = b->dataPlaneIp();
    if (peer.isEmpty()) {
        err << "halolinkctl bench: "
            << tr("%1 has no data-plane address, and the benchmark measures the data plane (never the SSH "
                  "address). Set one: halolinkctl nodes edit %2 --data-address A.B.C.D/P")
                   .arg(b->name, shellQuote(b->name))
            << '\n';
        return CtlFailure;
    }

    CtlConnector connector(&inventory, cp.parser.isSet(acceptOption()), err);
    connector.setProgress(true); // 30 s and more in silence otherwise
    connector.connectAll({*a, *b}, ms(timeoutSeconds));
    for (const Node &n : {*a, *b}) {
        if (!connector.isReady(n.id)) {
            err << "halolinkctl bench: " << n.name << ": " << connector.failure(n.id) << '\n';
            if (cp.parser.isSet(json))
                printJsonError(out, connector.failureCode(n.id), n.name + QStringLiteral(": ") + connector.failure(n.id));
            return CtlFailure;
        }
    }
    const BenchBetween run = benchBetween(connector, *a, *b, params, reflectorPort, !cp.parser.isSet(port),
                                          ms(benchSeconds * 4 + 60), &err);
    const CallResult &reflector = run.reflector;
    if (!reflector.ok) {
        err << "halolinkctl bench: " << tr("the reflector on %1 did not start: %2").arg(b->name, reflector.errorString()) << '\n';
        if (cp.parser.isSet(json))
            printJsonError(out, reflector.error.value(QStringLiteral("code")).toString(), reflector.errorString());
        return CtlFailure;
    }
    const QJsonObject reflectorResult = reflector.result.toObject();
    if (transportValue == QLatin1String("rdma") && !reflectorResult.value(QStringLiteral("rdma")).toBool())
        err << "halolinkctl bench: " << tr("note: the reflector on %1 has no RDMA: %2")
                                           .arg(b->name, reflectorResult.value(QStringLiteral("rdma_reason")).toString())
            << '\n';
    const CallResult &bench = run.bench;
    if (!bench.ok) {
        err << "halolinkctl bench: " << tr("%1 -> %2: %3").arg(a->name, b->name, bench.errorString()) << '\n';
        if (cp.parser.isSet(json))
            printJsonError(out, bench.error.value(QStringLiteral("code")).toString(), bench.errorString());
        return CtlFailure;
    }
    const QJsonObject doc = bench.result.toObject();
    if (cp.parser.isSet(json)) {
        out << QJsonDocument(doc).toJson(QJsonDocument::Compact) << '\n';
        return CtlOk;
    }
    out << tr("%1 -> %2 (%3), %4 %5, %6 bytes")
               .arg(a->name, b->name, peer, doc.value(QStringLiteral("transport")).toString(),
                    doc.value(QStringLiteral("test")).toString())
               .arg(doc.value(QStringLiteral("size")).toInt())
        << '\n';
    const QJsonObject oneWay = doc.value(QStringLiteral("one_way_ns")).toObject();
    const QJsonObject rtt = doc.value(QStringLiteral("rtt_ns")).toObject();
    if (!oneWay.isEmpty()) {
        out << tr("  one way:    p50 %1  p99 %2  max %3")
                   .arg(formatNs(oneWay.value(QStringLiteral("p50")).toDouble()),
                        formatNs(oneWay.value(QStringLiteral("p99")).toDouble()),
                        formatNs(oneWay.value(QStringLiteral("max")).toDouble()))
            << '\n';
        out << tr("  round trip: p50 %1  p99 %2  max %3")
                   .arg(formatNs(rtt.value(QStringLiteral("p50")).toDouble()),
                        formatNs(rtt.value(QStringLiteral("p99")).toDouble()),
                        formatNs(rtt.value(QStringLiteral("max")).toDouble()))
            << '\n';
    }
    const QJsonValue bps = doc.value(QStringLiteral("bandwidth_bps"));
    if (bps.isDouble())
        out << tr("  bandwidth:  %1 Gbit/s").arg(bps.toDouble() / 1e9, 0, 'f', 2) << '\n';
    return CtlOk;
}

} // namespace halolink::cli
