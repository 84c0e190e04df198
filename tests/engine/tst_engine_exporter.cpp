// `halolink-engine exporter` (engine/exporter/), the real binary on a fake
// sysfs tree (--root), scraped over real TCP connections: the body parsed
// strictly as the Prometheus text format 0.0.4 (HELP and TYPE before a
// family's samples, families contiguous, `name{labels} value` lines, label
// values escaped, no series twice), the values of the tree (rxe packets,
// PMA bytes = data x 4, irdma sums, NIC bytes, GPU gauges; unreadable
// values absent, never 0), a counter that grows between scrapes, a device
// that appears, the HTTP answers (404, 405, HEAD, 400, 431), slow and
// parallel clients, port in use, usage errors, the non-loopback warning and
// a clean stop on SIGTERM/SIGINT. promtool checks the body when installed.
// The escaping and number formatting are also tested on their own
// (halolink_engine_lib).

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <stdexcept>

#include "engine_test_util.h"
#include "exporter/exposition.h"

using namespace halolink::test;

namespace {

class FakeSysfs {
public:
    explicit FakeSysfs(const QString &root)
        : m_root(root)
    {
    }
    // In place (truncate, write), as sysfs files change: the exporter keeps
    // them open.
    bool write(const QString &rel, const QByteArray &text)
    {
        const QString path = m_root + "/" + rel;
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        return f.write(text + "\n") == text.size() + 1;
    }
    bool write(const QString &rel, qint64 value) { return write(rel, QByteArray::number(value)); }
    bool link(const QString &rel, const QString &target)
    {
        const QString path = m_root + "/" + rel;
        QDir().mkpath(QFileInfo(path).path());
        return QFile::link(target, path);
    }
    void mkdir(const QString &rel) { QDir().mkpath(m_root + "/" + rel); }
    bool writeAll(const QString &dir, std::initializer_list<std::pair<const char *, qint64>> values)
    {
        bool ok = true;
        for (const auto &[name, v] : values)
            ok = write(dir + "/" + name, v) && ok;
        return ok;
    }

private:
    QString m_root;
};

// ---- The text format, parsed strictly ------------------------------------

struct Sample {
    QString name;
    QMap<QString, QString> labels;
    double value = 0;
};

struct Exposition {
    QString error; // the first violation, with its line; empty when valid
    QMap<QString, QString> types; // family -> counter | gauge | ...
    QMap<QString, QString> help;
    QList<Sample> samples;

    // The samples of `name` whose labels include `match`.
    QList<Sample> find(const QString &name, const QMap<QString, QString> &match = {}) const
    {
        QList<Sample> out;
        for (const auto &s : samples) {
            if (s.name != name)
                continue;
            bool ok = true;
            for (auto it = match.begin(); it != match.end(); ++it)
                ok = ok && s.labels.value(it.key(), QStringLiteral("\x01")) == it.value();
            if (ok)
                out.push_back(s);
        }
        return out;
    }
};

bool validMetricName(const QString &n)
{
    static const QRegularExpression re(QStringLiteral("^[a-zA-Z_:][a-zA-Z0-9_:]*$"));
    return re.match(n).hasMatch();
}

bool validLabelName(const QString &n)
{
    static const QRegularExpression re(QStringLiteral("^[a-zA-Z_][a-zA-Z0-9_]*$"));
    return re.match(n).hasMatch() && !n.startsWith(QLatin1String("__"));
}

// A sample value as Go's strconv.ParseFloat (what Prometheus uses) takes it.
bool parseValue(const QString &text, double *out)
{
    if (text == QLatin1String("NaN")) {
        *out = qQNaN();
        return true;
    }
    if (text == QLatin1String("+Inf") || text == QLatin1String("Inf")) {
        *out = qInf();
        return true;
    }
    if (text == QLatin1String("-Inf")) {
        *out = -qInf();
        return true;
    }
    static const QRegularExpression re(
        QStringLiteral("^[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?$"));
    if (!re.match(text).hasMatch())
        return false;
    bool ok = false;
    *out = text.toDouble(&ok);
    return ok;
}

Exposition parseExposition(const QByteArray &body)
{
    Exposition x;
    auto fail = [&](int line, const QString &why, const QString &text) {
        if (x.error.isEmpty())
            x.error = QStringLiteral("line %1: %2: %3").arg(line).arg(why, text);
    };
    if (!body.endsWith('\n')) {
        x.error = QStringLiteral("the body does not end with a line feed");
        return x;
    }
    const QString text = QString::fromUtf8(body);
    if (text.toUtf8() != body) {
        x.error = QStringLiteral("the body is not valid UTF-8");
        return x;
    }
    QStringList lines = text.split(QLatin1Char('\n'));
    lines.removeLast(); // after the final line feed

    QSet<QString> closed; // families whose samples ended (another began)
    QString current; // the family whose samples come now
    QSet<QString> seenSeries;
    QSet<QString> sampled;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &l = lines[i];
        const int n = i + 1;
        if (l.isEmpty()) {
            fail(n, QStringLiteral("empty line"), l);
            continue;
        }
        if (l.startsWith(QLatin1Char('#'))) {
            static const QRegularExpression meta(QStringLiteral("^# (HELP|TYPE) ([^ ]+) ?(.*)$"));
            const auto m = meta.match(l);
            if (!m.hasMatch())
                continue; // a plain comment
            const QString family = m.captured(2);
            if (!validMetricName(family))
                fail(n, QStringLiteral("invalid metric name"), l);
            if (sampled.contains(family))
                fail(n, QStringLiteral("HELP/TYPE after the family's samples"), l);
            if (m.captured(1) == QLatin1String("TYPE")) {
                static const QSet<QString> types { "counter", "gauge", "histogram", "summary", "untyped" };
                if (!types.contains(m.captured(3)))
                    fail(n, QStringLiteral("unknown type"), l);
                if (x.types.contains(family))
                    fail(n, QStringLiteral("TYPE twice"), l);
                x.types[family] = m.captured(3);
            } else {
                if (x.help.contains(family))
                    fail(n, QStringLiteral("HELP twice"), l);
                // Only \\ and \n are escapes in HELP.
                const QString h = m.captured(3);
                for (int k = 0; k < h.size(); ++k) {
                    if (h[k] == QLatin1Char('\\')) {
                        if (k + 1 >= h.size()
                            || (h[k + 1] != QLatin1Char('\\') && h[k + 1] != QLatin1Char('n')))
                            fail(n, QStringLiteral("bad escape in HELP"), l);
                        ++k;
                    }
                }
                x.help[family] = h;
            }
            if (family != current && !current.isEmpty())
                closed.insert(current);
            current = family;
            continue;
        }
        // name{label="value",...} value
        Sample s;
        int p = 0;
        while (p < l.size() && l[p] != QLatin1Char('{') && l[p] != QLatin1Char(' '))
            ++p;
        s.name = l.left(p);
        if (!validMetricName(s.name)) {
            fail(n, QStringLiteral("invalid metric name"), l);
            continue;
        }
        bool bad = false;
        if (p < l.size() && l[p] == QLatin1Char('{')) {
            ++p;
            while (!bad && p < l.size() && l[p] != QLatin1Char('}')) {
                int q = p;
                while (q < l.size() && l[q] != QLatin1Char('='))
                    ++q;
                const QString label = l.mid(p, q - p);
                if (!validLabelName(label) || q + 1 >= l.size() || l[q + 1] != QLatin1Char('"')) {
                    bad = true;
                    break;
                }
                p = q + 2;
                QString value;
                bool closedQuote = false;
                while (p < l.size()) {
                    const QChar c = l[p];
                    if (c == QLatin1Char('\\')) {
                        if (p + 1 >= l.size()) {
                            bad = true;
                            break;
                        }
                        const QChar e = l[p + 1];
                        if (e == QLatin1Char('\\'))
                            value += QLatin1Char('\\');
                        else if (e == QLatin1Char('"'))
                            value += QLatin1Char('"');
                        else if (e == QLatin1Char('n'))
                            value += QLatin1Char('\n');
                        else {
                            bad = true;
                            break;
                        }
                        p += 2;
                    } else if (c == QLatin1Char('"')) {
                        closedQuote = true;
                        ++p;
                        break;
                    } else {
                        value += c;
                        ++p;
                    }
                }
                if (bad || !closedQuote || s.labels.contains(label)) {
                    bad = true;
                    break;
                }
                s.labels[label] = value;
                if (p < l.size() && l[p] == QLatin1Char(','))
                    ++p;
                else if (p >= l.size() || l[p] != QLatin1Char('}'))
                    bad = true;
            }
            if (p >= l.size())
                bad = true;
            ++p; // '}'
        }
        if (bad) {
            fail(n, QStringLiteral("malformed labels"), l);
            continue;
        }
        if (p >= l.size() || l[p] != QLatin1Char(' ')) {
            fail(n, QStringLiteral("no space before the value"), l);
            continue;
        }
        const QString valueText = l.mid(p + 1);
        if (!parseValue(valueText, &s.value)) {
            fail(n, QStringLiteral("the value is not a number (or a timestamp follows it)"), l);
            continue;
        }
        // Our families have no suffixed series (_bucket, _sum, _count).
        if (!x.types.contains(s.name) || !x.help.contains(s.name))
            fail(n, QStringLiteral("a sample before its family's HELP and TYPE"), l);
        if (closed.contains(s.name))
            fail(n, QStringLiteral("the family's samples are not contiguous"), l);
        if (s.name != current) {
            if (!current.isEmpty())
                closed.insert(current);
            current = s.name;
        }
        QStringList key;
        for (auto it = s.labels.begin(); it != s.labels.end(); ++it)
            key << it.key() + "=" + it.value();
        const QString series = s.name + "{" + key.join(QLatin1Char(',')) + "}";
        if (seenSeries.contains(series))
            fail(n, QStringLiteral("the same series twice"), l);
        seenSeries.insert(series);
        sampled.insert(s.name);
        x.samples.push_back(s);
    }
    for (auto it = x.types.begin(); it != x.types.end(); ++it) {
        if (!sampled.contains(it.key()))
            fail(0, QStringLiteral("a family without samples"), it.key());
        if (it.value() == QLatin1String("counter") && !it.key().endsWith(QLatin1String("_total")))
            fail(0, QStringLiteral("a counter whose name does not end in _total"), it.key());
    }
    return x;
}

// ---- HTTP over a plain socket --------------------------------------------

struct HttpAnswer {
    bool ok = false; // a whole answer arrived
    int status = 0;
    QMap<QString, QString> headers; // lower-case names
    QByteArray body;
    QByteArray raw;
};

HttpAnswer parseAnswer(const QByteArray &raw, bool head)
{
    HttpAnswer a;
    a.raw = raw;
    const int end = raw.indexOf("\r\n\r\n");
    if (end < 0)
        return a;
    // Every line of the head ends in CRLF (the last one's LF is the split's).
    QList<QByteArray> lines = raw.left(end + 2).split('\n');
    lines.removeLast();
    static const QRegularExpression statusLine(QStringLiteral("^HTTP/1\\.1 (\\d{3}) [^\\r\\n]*\\r$"));
    const auto m = statusLine.match(QString::fromLatin1(lines.value(0)));
    if (!m.hasMatch())
        return a;
    a.status = m.captured(1).toInt();
    for (int i = 1; i < lines.size(); ++i) {
        QByteArray l = lines[i];
        if (!l.endsWith('\r'))
            return a;
        l.chop(1);
        const int colon = l.indexOf(':');
        if (colon <= 0)
            return a;
        a.headers[QString::fromLatin1(l.left(colon)).toLower()]
            = QString::fromLatin1(l.mid(colon + 1)).trimmed();
    }
    a.body = raw.mid(end + 4);
    bool lengthOk = false;
    const int length = a.headers.value("content-length").toInt(&lengthOk);
    a.ok = lengthOk && (head ? a.body.isEmpty() : a.body.size() == length);
    return a;
}

HttpAnswer http(quint16 port, const QByteArray &request, int timeoutMs = 10000)
{
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    if (!s.waitForConnected(timeoutMs))
        return {};
    s.write(request);
    s.waitForBytesWritten(timeoutMs);
    QByteArray raw;
    QElapsedTimer t;
    t.start();
    while (s.state() == QAbstractSocket::ConnectedState && t.elapsed() < timeoutMs) {
        s.waitForReadyRead(100);
        raw += s.readAll();
    }
    raw += s.readAll();
    return parseAnswer(raw, request.startsWith("HEAD "));
}

HttpAnswer get(quint16 port, const QByteArray &path)
{
    return http(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/plain\r\n\r\n");
}

// ---- The exporter as a child process -------------------------------------

class Exporter {
public:
    // Starts `exporter ARGS` and waits for its first stdout line.
    bool start(const QStringList &args)
    {
        m_p.start(enginePath(), QStringList { "exporter" } + args);
        if (!m_p.waitForStarted(5000))
            return false;
        QElapsedTimer t;
        t.start();
        while (!m_p.canReadLine() && t.elapsed() < 15000 && m_p.state() == QProcess::Running)
            m_p.waitForReadyRead(100);
        if (!m_p.canReadLine())
            return false;
        m_first = QJsonDocument::fromJson(m_p.readLine()).object();
        const QString address = m_first.value("address").toString();
        m_port = static_cast<quint16>(address.mid(address.lastIndexOf(':') + 1).toUInt());
        return m_first.value("event").toString() == QLatin1String("listening") && m_port != 0;
    }
    // Sends `signal` and waits for the exit.
    bool stop(int signal = SIGTERM)
    {
        if (m_p.state() == QProcess::NotRunning)
            return true;
        ::kill(static_cast<pid_t>(m_p.processId()), signal);
        return m_p.waitForFinished(10000);
    }
    ~Exporter()
    {
        if (m_p.state() != QProcess::NotRunning) {
            m_p.kill();
            m_p.waitForFinished(5000);
        }
    }
    quint16 port() const { return m_port; }
    const QJsonObject &first() const { return m_first; }
    QProcess &process() { return m_p; }

private:
    QProcess m_p;
    QJsonObject m_first;
    quint16 m_port = 0;
};

QMap<QString, QString> port(const char *device)
{
    return { { "device", QString::fromLatin1(device) }, { "port", "1" } };
}

double value(const Exposition &x, const QString &name, const QMap<QString, QString> &labels, bool *found)
{
    const QList<Sample> s = x.find(name, labels);
    *found = s.size() == 1;
    return s.isEmpty() ? -1 : s.front().value;
}

#define EXPECT_VALUE(x, name, labels, expected)                                                              \
    do {                                                                                                     \
        bool found_ = false;                                                                                 \
        const double v_ = value(x, QStringLiteral(name), labels, &found_);                                   \
        QVERIFY2(found_, qPrintable(QStringLiteral("no single sample of %1").arg(QStringLiteral(name))));    \
        QCOMPARE(v_, double(expected));                                                                      \
    } while (false)

#define EXPECT_ABSENT(x, name, labels)                                                                       \
    QVERIFY2(x.find(QStringLiteral(name), labels).isEmpty(),                                                 \
        qPrintable(QStringLiteral("%1 should be absent").arg(QStringLiteral(name))))

// A hw_counters name with every character the format escapes.
const QString kOddName = QStringLiteral("we\"ird\\na\nme");

} // namespace

class TestEngineExporter : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void escapingAndNumbers();
    void listeningEvent();
    void strictTextFormat();
    void rdmaPorts();
    void normalisedAndRawCounters();
    void nicsAndGpus();
    void unreadableValuesAreAbsent();
    void counterGrowsAndDevicesAppear();
    void httpAnswers();
    void malformedRequests();
    void slowAndParallelClients();
    void promtool();
    void portInUse();
    void usageErrors();
    void nonLoopbackWarning();
    void ipv6Loopback();
    void stopsOnSignals();

private:
    Exposition scrape();
    QTemporaryDir m_dir;
    std::unique_ptr<Exporter> m_exporter;
};

void TestEngineExporter::initTestCase()
{
    QVERIFY(m_dir.isValid());
    FakeSysfs s(m_dir.path());

    // GPUs: card1 an amdgpu with everything, card0 a device whose files
    // are all missing (its metrics absent, never 0).
    s.mkdir("sys/devices/pci0000:00/0000:c5:00.0/hwmon/hwmon3");
    s.mkdir("sys/bus/pci/drivers/amdgpu");
    QVERIFY(s.link("sys/devices/pci0000:00/0000:c5:00.0/driver", "../../../bus/pci/drivers/amdgpu"));
    QVERIFY(s.link("sys/class/drm/card1/device", "../../../devices/pci0000:00/0000:c5:00.0"));
    QVERIFY(s.writeAll("sys/devices/pci0000:00/0000:c5:00.0",
        { { "gpu_busy_percent", 42 }, { "mem_info_vram_used", 268435456 },
            { "mem_info_vram_total", 536870912 }, { "mem_info_gtt_used", 8589934592 },
            { "mem_info_gtt_total", 133143986176 } }));
    QVERIFY(s.writeAll("sys/devices/pci0000:00/0000:c5:00.0/hwmon/hwmon3",
        { { "power1_average", 25500000 }, { "temp1_input", 47250 } }));
    s.mkdir("sys/devices/pci0000:00/0000:c6:00.0");
    QVERIFY(s.link("sys/class/drm/card0/device", "../../../devices/pci0000:00/0000:c6:00.0"));

    // eth1: a virtio NIC, the parent of rxe0.
    s.mkdir("sys/devices/pci0000:00/0000:00:03.0/virtio0");
    QVERIFY(s.link("sys/class/net/eth1/device", "../../../devices/pci0000:00/0000:00:03.0/virtio0"));
    QVERIFY(s.writeAll("sys/class/net/eth1/statistics",
        { { "rx_bytes", 1111 }, { "tx_bytes", 2222 }, { "rx_packets", 11 }, { "tx_packets", 22 } }));
    // enp194s0np0: the same PCI function as mlx5_0; no packet counters.
    s.mkdir("sys/devices/pci0000:00/0000:c2:00.0");
    QVERIFY(s.link("sys/class/net/enp194s0np0/device", "../../../devices/pci0000:00/0000:c2:00.0"));
    QVERIFY(s.writeAll(
        "sys/class/net/enp194s0np0/statistics", { { "rx_bytes", 6000000000 }, { "tx_bytes", 7000000000 } }));
    QVERIFY(s.writeAll("sys/class/net/lo/statistics", { { "rx_bytes", 5 }, { "tx_bytes", 5 } }));
    // enp194s0np0's state and its `ethtool -S` in replay: mlx5's names
    // (en_stats.c) with PFC on priority 3 and link pause off.
    QVERIFY(s.write("sys/class/net/enp194s0np0/operstate", "up"));
    QVERIFY(s.write("sys/class/net/enp194s0np0/carrier_changes", 4));
    QVERIFY(s.write("sys/class/net/eth1/operstate", "lowerlayerdown"));
    QVERIFY(s.write("cmd/ethtool_-S_enp194s0np0.out",
        "NIC statistics:\n     rx_prio3_pause: 1520\n     rx_prio3_pause_duration: 9000\n"
        "     tx_prio3_pause: 88\n     rx_crc_errors_phy: 3\n     rx_discards_phy: 12\n"));
    QVERIFY(s.write("sys/class/infiniband/mlx5_0/ports/1/state", "4: ACTIVE"));
    QVERIFY(s.write("sys/class/infiniband/rxe0/ports/1/state", "1: DOWN"));

    // rxe0 on eth1: packets only (no bytes).
    QVERIFY(s.write("sys/class/infiniband/rxe0/parent", "eth1"));
    QVERIFY(s.writeAll("sys/class/infiniband/rxe0/ports/1/hw_counters",
        { { "sent_pkts", 100 }, { "rcvd_pkts", 200 }, { "out_of_seq_request", 2 }, { "rcvd_rnr_err", 3 },
            { "rcvd_seq_err", 5 }, { "completer_retry_err", 9 }, { "lifespan", 10 } }));
    // mlx5_0: PMA counters (units of 4 bytes), its own names, and a raw
    // counter whose name needs every escape.
    QVERIFY(s.link("sys/class/infiniband/mlx5_0/device", "../../../devices/pci0000:00/0000:c2:00.0"));
    QVERIFY(s.writeAll("sys/class/infiniband/mlx5_0/ports/1/counters",
        { { "port_rcv_data", 5000000000 }, { "port_xmit_data", 2000 }, { "port_rcv_packets", 50 },
            { "port_xmit_packets", 60 } }));
    QVERIFY(s.writeAll("sys/class/infiniband/mlx5_0/ports/1/hw_counters",
        { { "np_cnp_sent", 31 }, { "rp_cnp_handled", 32 }, { "out_of_sequence", 35 },
            { "local_ack_timeout_err", 36 }, { "packet_seq_err", 37 } }));
    QVERIFY(s.write("sys/class/infiniband/mlx5_0/ports/1/hw_counters/" + kOddName, 77));
    // irdma0: IP octets/packets in hw_counters; its netdev from the GID table.
    QVERIFY(s.write("sys/class/infiniband/irdma0/ports/1/gids/0", "fe80:0000:0000:0000:0211:22ff:fe33:4455"));
    QVERIFY(s.write("sys/class/infiniband/irdma0/ports/1/gid_attrs/ndevs/0", "ens1f0"));
    QVERIFY(s.write("sys/class/infiniband/irdma0/ports/1/gid_attrs/types/0", "RoCE v2"));
    QVERIFY(s.writeAll("sys/class/infiniband/irdma0/ports/1/hw_counters",
        { { "ip4InOctets", 1000 }, { "ip6InOctets", 24 }, { "ip4OutOctets", 3000 }, { "ip6OutOctets", 0 },
            { "ip4InPkts", 10 }, { "ip6InPkts", 1 }, { "ip4OutPkts", 30 }, { "ip6OutPkts", 0 },
            { "cnpSent", 21 }, { "cnpHandled", 22 }, { "RxECNMrkd", 24 }, { "RetransSegs", 25 },
            { "RNR received", 26 }, { "lifespan", 10 } }));

    m_exporter = std::make_unique<Exporter>();
    QVERIFY2(m_exporter->start({ "--listen", "127.0.0.1:0", "--root", m_dir.path(), "--timeout", "3" }),
        m_exporter->process().readAllStandardError().constData());
}

void TestEngineExporter::cleanupTestCase()
{
    if (m_exporter)
        QVERIFY(m_exporter->stop());
}

Exposition TestEngineExporter::scrape()
{
    const HttpAnswer a = get(m_exporter->port(), "/metrics");
    if (!a.ok || a.status != 200) {
        Exposition x;
        x.error = QStringLiteral("GET /metrics: status %1: %2").arg(a.status).arg(QString::fromUtf8(a.raw));
        return x;
    }
    return parseExposition(a.body);
}

void TestEngineExporter::escapingAndNumbers()
{
    using Writer = halolink::exporter::Exposition;
    using halolink::exporter::MetricType;
    QCOMPARE(Writer::escapeLabelValue("a\"b\\c\nd"), std::string("a\\\"b\\\\c\\nd"));
    QCOMPARE(Writer::escapeLabelValue("caf\xC3\xA9 \xE2\x82\xAC"), std::string("caf\xC3\xA9 \xE2\x82\xAC"));
    // Invalid UTF-8 (a lone continuation byte, a cut sequence, an overlong
    // slash, a surrogate) becomes U+FFFD per byte.
    QCOMPARE(Writer::escapeLabelValue("a\x80z"), std::string("a\xEF\xBF\xBDz"));
    QCOMPARE(Writer::escapeLabelValue("\xE2\x82"), std::string("\xEF\xBF\xBD\xEF\xBF\xBD"));
    QCOMPARE(Writer::escapeLabelValue("\xC0\xAF"), std::string("\xEF\xBF\xBD\xEF\xBF\xBD"));
    QCOMPARE(Writer::escapeLabelValue("\xED\xA0\x80").size(), std::size_t(9));
    QCOMPARE(Writer::escapeHelp("a\\b\nc\"d"), std::string("a\\\\b\\nc\"d"));
    QCOMPARE(Writer::formatDouble(0.1), std::string("0.1"));
    QCOMPARE(Writer::formatDouble(25.5), std::string("25.5"));
    QCOMPARE(Writer::formatDouble(1e21), std::string("1e+21"));
    QCOMPARE(Writer::formatDouble(qQNaN()), std::string("NaN"));
    QCOMPARE(Writer::formatDouble(-qInf()), std::string("-Inf"));
    QVERIFY(Writer::validMetricName("halolink_rdma_port_receive_bytes_total"));
    QVERIFY(!Writer::validMetricName("9lives"));
    QVERIFY(!Writer::validLabelName("__name__"));

    Writer x;
    x.family("empty_total", MetricType::Counter, "no samples: left out");
    x.family("a_total", MetricType::Counter, "two\nlines");
    x.sample({ { "name", "q\"" } }, std::uint64_t(18446744073709551615ULL));
    x.family("b", MetricType::Gauge, "b");
    x.sample({}, 0.5);
    QCOMPARE(QString::fromStdString(x.text()),
        QStringLiteral("# HELP a_total two\\nlines\n# TYPE a_total counter\na_total{name=\"q\\\"\"} "
                       "18446744073709551615\n# HELP b b\n# TYPE b gauge\nb 0.5\n"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, x.family("b", MetricType::Gauge, "again"));
}

void TestEngineExporter::listeningEvent()
{
    const QJsonObject &e = m_exporter->first();
    QCOMPARE(e.value("address").toString(), QStringLiteral("127.0.0.1:%1").arg(m_exporter->port()));
    QCOMPARE(
        e.value("url").toString(), QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_exporter->port()));
    QCOMPARE(e.value("loopback").toBool(), true);
    QVERIFY(!e.value("engine_version").toString().isEmpty());
    // Loopback: no warning.
    QVERIFY(!m_exporter->process().readAllStandardError().contains("warning"));
}

void TestEngineExporter::strictTextFormat()
{
    const HttpAnswer a = get(m_exporter->port(), "/metrics");
    QVERIFY2(a.ok, a.raw.constData());
    QCOMPARE(a.status, 200);
    QCOMPARE(a.headers.value("content-type"), QStringLiteral("text/plain; version=0.0.4; charset=utf-8"));
    QCOMPARE(a.headers.value("connection"), QStringLiteral("close"));
    const Exposition x = parseExposition(a.body);
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error + "\n" + QString::fromUtf8(a.body)));

    const QList<Sample> info = x.find("halolink_engine_info");
    QCOMPARE(info.size(), 1);
    QCOMPARE(info.front().value, 1.0);
    QVERIFY(!info.front().labels.value("version").isEmpty());
    QCOMPARE(info.front().labels.value("protocol"), QStringLiteral("1"));
    QCOMPARE(x.types.value("halolink_engine_info"), QStringLiteral("gauge"));
    const QList<Sample> duration = x.find("halolink_scrape_duration_seconds");
    QCOMPARE(duration.size(), 1);
    QVERIFY(duration.front().value >= 0 && duration.front().value < 5);
    QCOMPARE(x.types.value("halolink_scrape_duration_seconds"), QStringLiteral("gauge"));
    for (const char *counter : { "halolink_nic_receive_bytes_total", "halolink_rdma_port_receive_bytes_total",
             "halolink_rdma_port_retransmits_total", "halolink_rdma_hw_counters_total" })
        QCOMPARE(x.types.value(QString::fromLatin1(counter)), QStringLiteral("counter"));
    for (const char *g :
        { "halolink_gpu_busy_ratio", "halolink_gpu_vram_used_bytes", "halolink_gpu_power_watts" })
        QCOMPARE(x.types.value(QString::fromLatin1(g)), QStringLiteral("gauge"));
}

void TestEngineExporter::rdmaPorts()
{
    const Exposition x = scrape();
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error));
    // rxe: packets from hw_counters, no bytes.
    QMap<QString, QString> rxe = port("rxe0");
    rxe["netdev"] = "eth1";
    EXPECT_VALUE(x, "halolink_rdma_port_receive_packets_total", rxe, 200);
    EXPECT_VALUE(x, "halolink_rdma_port_transmit_packets_total", rxe, 100);
    EXPECT_ABSENT(x, "halolink_rdma_port_receive_bytes_total", port("rxe0"));
    EXPECT_ABSENT(x, "halolink_rdma_port_transmit_bytes_total", port("rxe0"));
    // PMA: data x 4, above 32 bits.
    QMap<QString, QString> mlx = port("mlx5_0");
    mlx["netdev"] = "enp194s0np0";
    EXPECT_VALUE(x, "halolink_rdma_port_receive_bytes_total", mlx, 20000000000.0);
    EXPECT_VALUE(x, "halolink_rdma_port_transmit_bytes_total", mlx, 8000);
    EXPECT_VALUE(x, "halolink_rdma_port_receive_packets_total", mlx, 50);
    EXPECT_VALUE(x, "halolink_rdma_port_transmit_packets_total", mlx, 60);
    // irdma: IP octets and packets summed.
    QMap<QString, QString> irdma = port("irdma0");
    irdma["netdev"] = "ens1f0";
    EXPECT_VALUE(x, "halolink_rdma_port_receive_bytes_total", irdma, 1024);
    EXPECT_VALUE(x, "halolink_rdma_port_transmit_bytes_total", irdma, 3000);
    EXPECT_VALUE(x, "halolink_rdma_port_receive_packets_total", irdma, 11);
    EXPECT_VALUE(x, "halolink_rdma_port_transmit_packets_total", irdma, 30);
    // Every sample of an RDMA family has exactly device, port and netdev
    // (and name for the raw counters).
    for (const auto &s : x.samples) {
        if (!s.name.startsWith(QLatin1String("halolink_rdma_")))
            continue;
        QStringList keys = s.labels.keys();
        keys.removeAll("name");
        QCOMPARE(keys, QStringList({ "device", "netdev", "port" }));
    }
}

void TestEngineExporter::normalisedAndRawCounters()
{
    const Exposition x = scrape();
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error));
    EXPECT_VALUE(x, "halolink_rdma_port_retransmits_total", port("rxe0"), 9);
    EXPECT_VALUE(x, "halolink_rdma_port_out_of_sequence_total", port("rxe0"), 2);
    EXPECT_VALUE(x, "halolink_rdma_port_seq_naks_total", port("rxe0"), 5);
    EXPECT_VALUE(x, "halolink_rdma_port_rnr_naks_total", port("rxe0"), 3);
    EXPECT_ABSENT(x, "halolink_rdma_port_local_ack_timeouts_total", port("rxe0"));
    EXPECT_ABSENT(x, "halolink_rdma_port_cnp_sent_total", port("rxe0"));
    EXPECT_VALUE(x, "halolink_rdma_port_local_ack_timeouts_total", port("mlx5_0"), 36);
    EXPECT_VALUE(x, "halolink_rdma_port_cnp_sent_total", port("mlx5_0"), 31);
    EXPECT_VALUE(x, "halolink_rdma_port_cnp_handled_total", port("mlx5_0"), 32);
    EXPECT_ABSENT(x, "halolink_rdma_port_retransmits_total", port("mlx5_0"));
    EXPECT_VALUE(x, "halolink_rdma_port_retransmits_total", port("irdma0"), 25);
    EXPECT_VALUE(x, "halolink_rdma_port_ecn_marked_total", port("irdma0"), 24);
    EXPECT_ABSENT(x, "halolink_rdma_port_cnp_ignored_total", {});

    auto raw = [](const char *device, const QString &name) {
        QMap<QString, QString> l = port(device);
        l["name"] = name;
        return l;
    };
    EXPECT_VALUE(x, "halolink_rdma_hw_counters_total", raw("rxe0", "sent_pkts"), 100);
    EXPECT_VALUE(x, "halolink_rdma_hw_counters_total", raw("irdma0", "RNR received"), 26);
    EXPECT_VALUE(x, "halolink_rdma_hw_counters_total", raw("mlx5_0", "np_cnp_sent"), 31);
    // The name with a quote, a backslash and a line feed reads back whole.
    EXPECT_VALUE(x, "halolink_rdma_hw_counters_total", raw("mlx5_0", kOddName), 77);
    EXPECT_ABSENT(x, "halolink_rdma_hw_counters_total", raw("rxe0", "lifespan"));
    QCOMPARE(x.find("halolink_rdma_hw_counters_total", port("rxe0")).size(), 6);
    QCOMPARE(x.find("halolink_rdma_hw_counters_total", port("irdma0")).size(), 13);
    QCOMPARE(x.find("halolink_rdma_hw_counters_total", port("mlx5_0")).size(), 6);
}

void TestEngineExporter::nicsAndGpus()
{
    const Exposition x = scrape();
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error));
    const QMap<QString, QString> eth1 { { "interface", "eth1" } };
    EXPECT_VALUE(x, "halolink_nic_receive_bytes_total", eth1, 1111);
    EXPECT_VALUE(x, "halolink_nic_transmit_bytes_total", eth1, 2222);
    EXPECT_VALUE(x, "halolink_nic_receive_packets_total", eth1, 11);
    EXPECT_VALUE(x, "halolink_nic_transmit_packets_total", eth1, 22);
    const QMap<QString, QString> cx { { "interface", "enp194s0np0" } };
    EXPECT_VALUE(x, "halolink_nic_receive_bytes_total", cx, 6000000000.0);
    EXPECT_VALUE(x, "halolink_nic_transmit_bytes_total", cx, 7000000000.0);
    EXPECT_ABSENT(x, "halolink_nic_receive_packets_total", cx);
    EXPECT_ABSENT(x, "halolink_nic_receive_bytes_total", (QMap<QString, QString> { { "interface", "lo" } }));

    // State and port counters: what the app's fabric health and alerts read.
    EXPECT_VALUE(x, "halolink_nic_up", cx, 1);
    EXPECT_VALUE(x, "halolink_nic_up", eth1, 0);
    EXPECT_VALUE(x, "halolink_nic_carrier_changes_total", cx, 4);
    EXPECT_VALUE(x, "halolink_nic_pause_frames_total",
        (QMap<QString, QString> { { "interface", "enp194s0np0" }, { "direction", "rx" }, { "priority", "3" } }), 1520);
    EXPECT_VALUE(x, "halolink_nic_pause_frames_total",
        (QMap<QString, QString> { { "interface", "enp194s0np0" }, { "direction", "tx" }, { "priority", "3" } }), 88);
    EXPECT_ABSENT(x, "halolink_nic_pause_frames_total",
        (QMap<QString, QString> { { "interface", "enp194s0np0" }, { "direction", "rx" }, { "priority", "0" } }));
    EXPECT_ABSENT(x, "halolink_nic_pause_frames_total",
        (QMap<QString, QString> { { "interface", "enp194s0np0" }, { "direction", "rx" }, { "priority", "link" } }));
    EXPECT_VALUE(x, "halolink_nic_crc_errors_total", cx, 3);
    EXPECT_VALUE(x, "halolink_nic_rx_discards_total", cx, 12);
    EXPECT_ABSENT(x, "halolink_nic_crc_errors_total", eth1); // virtio: no such counter, not 0
    QMap<QString, QString> mlxPort { { "device", "mlx5_0" }, { "port", "1" }, { "netdev", "enp194s0np0" } };
    EXPECT_VALUE(x, "halolink_rdma_port_active", mlxPort, 1);

    const QMap<QString, QString> card1 { { "card", "card1" }, { "pci", "0000:c5:00.0" } };
    EXPECT_VALUE(x, "halolink_gpu_busy_ratio", card1, 0.42);
    EXPECT_VALUE(x, "halolink_gpu_vram_used_bytes", card1, 268435456);
    EXPECT_VALUE(x, "halolink_gpu_vram_total_bytes", card1, 536870912);
    EXPECT_VALUE(x, "halolink_gpu_gtt_used_bytes", card1, 8589934592.0);
    EXPECT_VALUE(x, "halolink_gpu_gtt_total_bytes", card1, 133143986176.0);
    EXPECT_VALUE(x, "halolink_gpu_power_watts", card1, 25.5);
    EXPECT_VALUE(x, "halolink_gpu_temperature_celsius", card1, 47.25);
}

void TestEngineExporter::unreadableValuesAreAbsent()
{
    const Exposition x = scrape();
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error));
    // card0 has no readable file: no sample at all (never 0).
    for (const auto &s : x.samples)
        QVERIFY2(s.labels.value("card") != QLatin1String("card0"), qPrintable(s.name));
    // And no sample anywhere is a placeholder for a missing value: the zeros
    // in the tree are the only zeros (irdma's ip6OutOctets and ip6OutPkts).
    for (const auto &s : x.samples) {
        if (s.value == 0)
            QVERIFY2((s.name == QLatin1String("halolink_rdma_hw_counters_total")
                         && (s.labels.value("name") == QLatin1String("ip6OutOctets")
                             || s.labels.value("name") == QLatin1String("ip6OutPkts")))
                    // states that are off: eth1 not up, rxe0 DOWN
                    || (s.name == QLatin1String("halolink_nic_up") && s.labels.value("interface") == QLatin1String("eth1"))
                    || (s.name == QLatin1String("halolink_rdma_port_active")
                        && s.labels.value("device") == QLatin1String("rxe0")),
                qPrintable(s.name));
    }
}

void TestEngineExporter::counterGrowsAndDevicesAppear()
{
    FakeSysfs s(m_dir.path());
    QVERIFY(s.write("sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_pkts", 250));
    QVERIFY(s.write("sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data", 5000000100));
    QVERIFY(s.write("sys/class/net/eth1/statistics/rx_bytes", 987654321));
    // A device created since the last scrape (an rxe on a new link).
    QVERIFY(s.write("sys/class/infiniband/rxe1/parent", "eth1"));
    QVERIFY(s.writeAll(
        "sys/class/infiniband/rxe1/ports/1/hw_counters", { { "sent_pkts", 7 }, { "rcvd_pkts", 8 } }));

    const Exposition x = scrape();
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error));
    EXPECT_VALUE(x, "halolink_rdma_port_receive_packets_total", port("rxe0"), 250);
    EXPECT_VALUE(x, "halolink_rdma_hw_counters_total",
        (QMap<QString, QString> { { "device", "rxe0" }, { "name", "rcvd_pkts" } }), 250);
    EXPECT_VALUE(x, "halolink_rdma_port_receive_bytes_total", port("mlx5_0"), 20000000400.0);
    EXPECT_VALUE(x, "halolink_nic_receive_bytes_total", (QMap<QString, QString> { { "interface", "eth1" } }),
        987654321);
    QMap<QString, QString> rxe1 = port("rxe1");
    rxe1["netdev"] = "eth1";
    EXPECT_VALUE(x, "halolink_rdma_port_receive_packets_total", rxe1, 8);

    // Back to the values the other slots expect, and rxe1 gone again.
    QVERIFY(s.write("sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_pkts", 200));
    QVERIFY(s.write("sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data", 5000000000));
    QVERIFY(s.write("sys/class/net/eth1/statistics/rx_bytes", 1111));
    QVERIFY(QDir(m_dir.path() + "/sys/class/infiniband/rxe1").removeRecursively());
    const Exposition after = scrape();
    QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
    EXPECT_ABSENT(after, "halolink_rdma_port_receive_packets_total", port("rxe1"));
    EXPECT_VALUE(after, "halolink_rdma_port_receive_packets_total", port("rxe0"), 200);
}

void TestEngineExporter::httpAnswers()
{
    const quint16 p = m_exporter->port();
    const HttpAnswer index = get(p, "/");
    QVERIFY2(index.ok, index.raw.constData());
    QCOMPARE(index.status, 200);
    QVERIFY(index.body.contains("/metrics"));
    QVERIFY(index.headers.value("content-type").startsWith(QLatin1String("text/html")));

    const HttpAnswer query = get(p, "/metrics?name[]=halolink_gpu_busy_ratio");
    QCOMPARE(query.status, 200);
    QVERIFY(query.body.contains("halolink_engine_info"));

    for (const char *path : { "/nope", "/metrics/", "/Metrics", "/metrics.txt" }) {
        const HttpAnswer a = get(p, path);
        QVERIFY2(a.ok, a.raw.constData());
        QCOMPARE(a.status, 404);
    }
    for (const char *method : { "POST", "PUT", "DELETE", "OPTIONS", "BREW" }) {
        const HttpAnswer a
            = http(p, QByteArray(method) + " /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
        QVERIFY2(a.ok, a.raw.constData());
        QCOMPARE(a.status, 405);
        QCOMPARE(a.headers.value("allow"), QStringLiteral("GET, HEAD"));
    }
    const HttpAnswer head = http(p, "HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
    QVERIFY2(head.ok, head.raw.constData());
    QCOMPARE(head.status, 200);
    QVERIFY(head.headers.value("content-length").toInt() > 100);
    QVERIFY(head.body.isEmpty());
    // HTTP/1.0 and bare line feeds are fine too.
    const HttpAnswer old = http(p, "GET /metrics HTTP/1.0\n\n");
    QVERIFY2(old.ok, old.raw.constData());
    QCOMPARE(old.status, 200);
}

void TestEngineExporter::malformedRequests()
{
    const quint16 p = m_exporter->port();
    const QList<QByteArray> bad {
        "garbage\r\n\r\n",
        "GET\r\n\r\n",
        "GET /metrics\r\n\r\n",
        "GET  /metrics HTTP/1.1\r\n\r\n",
        "GET /metrics HTTP/1.1 extra\r\n\r\n",
        "GET metrics HTTP/1.1\r\n\r\n",
        "GET /metrics HTTX/1.1\r\n\r\n",
        "G(T /metrics HTTP/1.1\r\n\r\n",
        "GET /metrics HTTP/1.1\r\nno colon here\r\n\r\n",
        "GET /metrics HTTP/1.1\r\n folded: header\r\n\r\n",
        "GET /metrics HTTP/1.1\r\nX: a\x01"
        "b\r\n\r\n",
        QByteArray("GET /\0metrics HTTP/1.1\r\n\r\n", 26),
        QByteArray("\xff\xfe\xfd\x00\x01\r\n\r\n", 9),
    };
    for (const QByteArray &req : bad) {
        const HttpAnswer a = http(p, req);
        QVERIFY2(a.ok, qPrintable(QString::fromLatin1(req.toPercentEncoding()) + ": " + a.raw));
        QCOMPARE(a.status, 400);
    }
    const HttpAnswer v2 = http(p, "GET /metrics HTTP/2.0\r\n\r\n");
    QCOMPARE(v2.status, 505);
    // A head that never ends within the limit.
    const HttpAnswer huge
        = http(p, "GET /metrics HTTP/1.1\r\nX-Long: " + QByteArray(40000, 'a') + "\r\n\r\n");
    QCOMPARE(huge.status, 431);
    // Random bytes, a connection closed mid-request, one reset: none ends it.
    for (int i = 0; i < 20; ++i) {
        QByteArray junk(200 + i * 37, '\0');
        for (int k = 0; k < junk.size(); ++k)
            junk[k] = char((k * 131 + i * 17) & 0xff);
        http(p, junk + "\r\n\r\n", 3000);
    }
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, p);
        QVERIFY(s.waitForConnected(5000));
        s.write("GET /metr");
        s.waitForBytesWritten(1000);
        s.abort();
    }
    QCOMPARE(m_exporter->process().state(), QProcess::Running);
    const Exposition x = scrape();
    QVERIFY2(x.error.isEmpty(), qPrintable(x.error));
}

void TestEngineExporter::slowAndParallelClients()
{
    const quint16 p = m_exporter->port();
    // A client that sends half a request and then nothing, another that
    // sends nothing at all: scrapes are answered meanwhile, and the server
    // closes the silent ones after --timeout (3 s here).
    QTcpSocket slow, silent;
    slow.connectToHost(QHostAddress::LocalHost, p);
    silent.connectToHost(QHostAddress::LocalHost, p);
    QVERIFY(slow.waitForConnected(5000));
    QVERIFY(silent.waitForConnected(5000));
    slow.write("GET /metrics HTTP/1.1\r\nHost: x\r\n");
    QVERIFY(slow.waitForBytesWritten(1000));
    QElapsedTimer t;
    t.start();
    const HttpAnswer during = get(p, "/metrics");
    QCOMPARE(during.status, 200);
    QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));

    // Several at once: all connected and sent before any is read.
    std::vector<std::unique_ptr<QTcpSocket>> many;
    for (int i = 0; i < 16; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QHostAddress::LocalHost, p);
        QVERIFY(s->waitForConnected(5000));
        s->write("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY(s->waitForBytesWritten(1000));
        many.push_back(std::move(s));
    }
    for (auto &s : many) {
        QByteArray raw;
        QElapsedTimer w;
        w.start();
        while (s->state() == QAbstractSocket::ConnectedState && w.elapsed() < 10000) {
            s->waitForReadyRead(100);
            raw += s->readAll();
        }
        raw += s->readAll();
        const HttpAnswer a = parseAnswer(raw, false);
        QVERIFY2(a.ok && a.status == 200, raw.left(200).constData());
        QVERIFY2(parseExposition(a.body).error.isEmpty(), qPrintable(parseExposition(a.body).error));
    }

    // The silent ones were closed by the server, not before its timeout.
    for (QTcpSocket *s : { &slow, &silent }) {
        while (s->state() == QAbstractSocket::ConnectedState && t.elapsed() < 10000)
            s->waitForDisconnected(100);
        QCOMPARE(s->state(), QAbstractSocket::UnconnectedState);
        QVERIFY(s->readAll().isEmpty()); // closed without an answer
    }
    QVERIFY2(t.elapsed() >= 2500, qPrintable(QString::number(t.elapsed())));
}

void TestEngineExporter::promtool()
{
    const QString promtool = QStandardPaths::findExecutable("promtool");
    if (promtool.isEmpty())
        QSKIP("promtool is not installed; the strict parser above checked the format");
    const HttpAnswer a = get(m_exporter->port(), "/metrics");
    QCOMPARE(a.status, 200);
    QProcess p;
    p.start(promtool, { "check", "metrics" });
    QVERIFY(p.waitForStarted());
    p.write(a.body);
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(30000));
    QVERIFY2(p.exitCode() == 0, (p.readAllStandardOutput() + p.readAllStandardError()).constData());
}

void TestEngineExporter::portInUse()
{
    const QString taken = QStringLiteral("127.0.0.1:%1").arg(m_exporter->port());
    const EngineRun r = runEngine({ "exporter", "--listen", taken, "--root", m_dir.path() }, 15000);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    const QJsonObject err = r.json().value("error").toObject();
    QCOMPARE(err.value("code").toString(), QStringLiteral("port_in_use"));
    QVERIFY2(err.value("message").toString().contains(taken), qPrintable(err.value("message").toString()));
    QVERIFY(r.err.contains("in use"));

    // A port some other program listens on.
    QTcpServer other;
    QVERIFY(other.listen(QHostAddress::LocalHost, 0));
    const EngineRun r2
        = runEngine({ "exporter", "--listen", QStringLiteral("127.0.0.1:%1").arg(other.serverPort()),
                        "--root", m_dir.path() },
            15000);
    QCOMPARE(r2.exitCode, 1);
    QCOMPARE(r2.json().value("error").toObject().value("code").toString(), QStringLiteral("port_in_use"));
}

void TestEngineExporter::usageErrors()
{
    const QList<QStringList> bad {
        { "--listen", "nonsense" },
        { "--listen", "127.0.0.1" },
        { "--listen", "127.0.0.1:" },
        { "--listen", "127.0.0.1:65536" },
        { "--listen", "127.0.0.1:-1" },
        { "--listen", "127.0.0.1:80x" },
        { "--listen", "300.0.0.1:9477" },
        { "--listen", "localhost:9477" },
        { "--listen", "::1:9477" },
        { "--listen", "[::1]9477" },
        { "--listen", "[nothing]:9477" },
        { "--listen", ":9477" },
        { "--listen" },
        { "--timeout", "0" },
        { "--bogus" },
        { "extra" },
    };
    for (const QStringList &args : bad) {
        const EngineRun r = runEngine(QStringList { "exporter" } + args, 15000);
        QVERIFY2(r.finished && r.exitCode == 2, qPrintable(args.join(' ') + ": " + r.err));
        QCOMPARE(r.json().value("error").toObject().value("code").toString(), QStringLiteral("usage"));
    }
    const EngineRun missing
        = runEngine({ "exporter", "--listen", "127.0.0.1:0", "--root", m_dir.path() + "/nowhere" });
    QCOMPARE(missing.exitCode, 1);
    QCOMPARE(missing.json().value("error").toObject().value("code").toString(), QStringLiteral("bad_root"));

    const EngineRun help = runEngine({ "--help" });
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("exporter [--listen ADDR:PORT]"));
}

void TestEngineExporter::nonLoopbackWarning()
{
    Exporter e;
    QVERIFY(e.start({ "--listen", "0.0.0.0:0", "--root", m_dir.path() }));
    QCOMPARE(e.first().value("loopback").toBool(), false);
    QVERIFY(e.first().value("address").toString().startsWith(QLatin1String("0.0.0.0:")));
    const HttpAnswer a = get(e.port(), "/metrics"); // 0.0.0.0 includes loopback
    QCOMPARE(a.status, 200);
    QVERIFY(e.stop());
    const QByteArray err = e.process().readAllStandardError();
    QVERIFY2(err.contains("warning") && err.contains("not a loopback address")
            && err.contains("anyone who can reach this port can read"),
        err.constData());
    QCOMPARE(e.process().exitCode(), 0);
}

void TestEngineExporter::ipv6Loopback()
{
    // Where IPv6 is off, nothing can listen on [::1]: nothing to test then.
    {
        QTcpServer v6;
        if (!v6.listen(QHostAddress::LocalHostIPv6, 0))
            QSKIP("no IPv6 loopback here");
    }
    Exporter e;
    QVERIFY(e.start({ "--listen", "[::1]:0", "--root", m_dir.path() }));
    QVERIFY(e.first().value("address").toString().startsWith(QLatin1String("[::1]:")));
    QCOMPARE(e.first().value("loopback").toBool(), true);
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHostIPv6, e.port());
    QVERIFY(s.waitForConnected(5000));
    s.write("GET /metrics HTTP/1.1\r\nHost: [::1]\r\n\r\n");
    QByteArray raw;
    while (s.state() == QAbstractSocket::ConnectedState && s.waitForReadyRead(5000))
        raw += s.readAll();
    raw += s.readAll();
    QCOMPARE(parseAnswer(raw, false).status, 200);
    QVERIFY(e.stop());
    QVERIFY(!e.process().readAllStandardError().contains("warning"));
}

void TestEngineExporter::stopsOnSignals()
{
    for (int sig : { SIGTERM, SIGINT }) {
        Exporter e;
        QVERIFY(e.start({ "--listen", "127.0.0.1:0", "--root", m_dir.path() }));
        const quint16 p = e.port();
        // Stops even with a client connected that sends nothing.
        QTcpSocket idle;
        idle.connectToHost(QHostAddress::LocalHost, p);
        QVERIFY(idle.waitForConnected(5000));
        QElapsedTimer t;
        t.start();
        QVERIFY(e.stop(sig));
        QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(e.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(e.process().exitCode(), 0);
        const QJsonObject stopped
            = QJsonDocument::fromJson(e.process().readAllStandardOutput().trimmed()).object();
        QCOMPARE(stopped.value("event").toString(), QStringLiteral("stopped"));
        // The port is free again.
        QTcpServer again;
        QVERIFY(again.listen(QHostAddress::LocalHost, p));
    }
}

QTEST_GUILESS_MAIN(TestEngineExporter)
#include "tst_engine_exporter.moc"
