// ProbeModels fed from the fixture snapshots' expected probes, under
// QAbstractItemModelTester: rows match the report, verdict cells carry a status.

#include "modelroles.h"
#include "probe/probefacts.h"
#include "probe/probemodels.h"
#include "probe/probesummary.h"
#include "protocol/probedecoder.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QTest>

using namespace halolink;

namespace {

ProbeReport loadFixture(const QString &name)
{
    QFile file(QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/%1/expected-probe.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const DecodeResult<ProbeReport> result = decodeProbeReport(file.readAll());
    return result.value.value_or(ProbeReport{});
}

QStringList fixtureNames()
{
    QStringList names;
    const QDir dir(QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots"));
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (QFile::exists(dir.filePath(name + QStringLiteral("/expected-probe.json"))))
            names << name;
    }
    return names;
}

// Every cell of every row answers display and tooltip without asserting.
void touchAll(const QAbstractItemModel &model)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = 0; c < model.columnCount(); ++c) {
            const QModelIndex i = model.index(r, c);
            QVERIFY(i.data(Qt::DisplayRole).isValid());
            i.data(Qt::ToolTipRole);
            i.data(Roles::Status);
        }
    }
    for (int c = 0; c < model.columnCount(); ++c)
        QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
}

} // namespace

class TestProbeModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtures_data();
    void fixtures();
    void verdicts();
    void clearEmptiesEverything();
    void unifiedMemoryFlags();
};

void TestProbeModels::fixtures_data()
{
    QTest::addColumn<QString>("name");
    const QStringList names = fixtureNames();
    for (const QString &name : names)
        QTest::newRow(qPrintable(name)) << name;
    if (names.isEmpty())
        QTest::newRow("no fixtures") << QString();
}

void TestProbeModels::fixtures()
{
    QFETCH(QString, name);
    QVERIFY2(!name.isEmpty(), "no fixture snapshots with expected-probe.json");
    const ProbeReport report = loadFixture(name);
    QVERIFY(!report.checks.isEmpty());

    ProbeModels models;
    QAbstractItemModelTester checksTester(models.checks(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester nicsTester(models.nics(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester portsTester(models.rdmaPorts(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester gidsTester(models.gids(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    models.setReport(report);
    QCOMPARE(models.checks()->rowCount(), report.checks.size());
    QCOMPARE(models.nics()->rowCount(), report.nics.size());
    QCOMPARE(models.rdmaPorts()->rowCount(), report.rdma.size());
    qsizetype gids = 0;
    for (const RdmaPort &port : report.rdma)
        gids += port.gids.size();
    QCOMPARE(models.gids()->rowCount(), gids);

    touchAll(*models.checks());
    touchAll(*models.nics());
    touchAll(*models.rdmaPorts());
    touchAll(*models.gids());

    for (int r = 0; r < report.checks.size(); ++r) {
        const Check &check = report.checks.at(r);
        const QModelIndex status = models.checks()->index(r, ChecksModel::StatusColumn);
        QCOMPARE(status.data(Roles::Status).toInt(), int(check.status));
        QCOMPARE(status.data(Roles::Key).toString(), check.id);
        QCOMPARE(models.checks()->index(r, ChecksModel::MessageColumn).data().toString(), check.message);
        QCOMPARE(models.checks()->index(r, ChecksModel::SubjectColumn).data().toString(),
                 check.subject.value_or(QString()));
        QVERIFY(!models.checks()->index(r, ChecksModel::CheckColumn).data().toString().isEmpty());
    }
    for (int r = 0; r < report.rdma.size(); ++r) {
        const RdmaPort &port = report.rdma.at(r);
        const QString gid = models.rdmaPorts()->index(r, RdmaPortsModel::RoceGidColumn).data().toString();
        if (port.roceV2Ipv4GidIndex)
            QCOMPARE(gid, QString::number(*port.roceV2Ipv4GidIndex));
    }
    // The marked GID rows are exactly the ports' RoCE v2 indexes.
    int marked = 0;
    for (int r = 0; r < models.gids()->rowCount(); ++r)
        marked += models.gids()->index(r, GidsModel::IndexColumn).data(Roles::Status).isValid() ? 1 : 0;
    int expected = 0;
    for (const RdmaPort &port : report.rdma)
        expected += port.roceV2Ipv4GidIndex ? 1 : 0;
    QCOMPARE(marked, expected);

    // The terminal summary names every check.
    const QString summary = probeSummaryText(report, QStringLiteral("This computer"));
    for (const Check &check : report.checks)
        QVERIFY(summary.contains(check.id));
}

void TestProbeModels::verdicts()
{
    ProbeReport report;
    Nic nic;
    nic.netdev = QStringLiteral("enp1s0");
    nic.mtu = 1500;
    nic.operstate = QStringLiteral("down");
    nic.rdmaDevice = QStringLiteral("mlx5_0");
    nic.pcie = PcieLink{16.0, 4, 16.0, 16};
    report.nics << nic;
    Nic unknown;
    unknown.netdev = QStringLiteral("eth9");
    report.nics << unknown;
    RdmaPort port;
    port.device = QStringLiteral("irdma0");
    port.port = 1;
    port.transport = QStringLiteral("iwarp");
    port.state = QStringLiteral("DOWN");
    report.rdma << port;
    RdmaPort roce;
    roce.device = QStringLiteral("mlx5_0");
    roce.port = 1;
    roce.transport = QStringLiteral("roce");
    roce.state = QStringLiteral("ACTIVE");
    report.rdma << roce;

    ProbeModels models;
    QAbstractItemModelTester nicsTester(models.nics(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    models.setReport(report);
    const auto nicStatus = [&](int row, int column) {
        return models.nics()->index(row, column).data(Roles::Status);
    };
    QCOMPARE(nicStatus(0, NicsModel::MtuColumn).toInt(), int(Check::Status::Warn));
    QCOMPARE(nicStatus(0, NicsModel::PcieColumn).toInt(), int(Check::Status::Warn));
    QCOMPARE(nicStatus(0, NicsModel::StateColumn).toInt(), int(Check::Status::Fail));
    QVERIFY(!nicStatus(1, NicsModel::MtuColumn).isValid());
    QCOMPARE(models.nics()->index(1, NicsModel::MtuColumn).data().toString(), facts::unknownText());
    QVERIFY(!models.nics()->index(1, NicsModel::MtuColumn).data(Qt::ToolTipRole).toString().isEmpty());
    QCOMPARE(models.nics()->index(0, NicsModel::PcieColumn).data().toString(), QStringLiteral("16 GT/s x4 / x16"));

    const auto portStatus = [&](int row, int column) {
        return models.rdmaPorts()->index(row, column).data(Roles::Status);
    };
    QCOMPARE(portStatus(0, RdmaPortsModel::TransportColumn).toInt(), int(Check::Status::Warn));
    QCOMPARE(portStatus(0, RdmaPortsModel::StateColumn).toInt(), int(Check::Status::Fail));
    QVERIFY(!portStatus(0, RdmaPortsModel::RoceGidColumn).isValid()); // iWARP: not applicable
    QCOMPARE(models.rdmaPorts()->index(0, RdmaPortsModel::TransportColumn).data().toString(), QStringLiteral("iWARP"));
    QCOMPARE(portStatus(1, RdmaPortsModel::RoceGidColumn).toInt(), int(Check::Status::Fail)); // RoCE without GID
    QCOMPARE(models.rdmaPorts()->index(1, RdmaPortsModel::RoceGidColumn).data().toString(), QStringLiteral("none"));
}

void TestProbeModels::clearEmptiesEverything()
{
    const QStringList names = fixtureNames();
    if (names.isEmpty())
        QSKIP("no fixture snapshots");
    ProbeModels models;
    QAbstractItemModelTester tester(models.checks(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    models.setReport(loadFixture(names.first()));
    QVERIFY(models.checks()->rowCount() > 0);
    models.clear();
    QCOMPARE(models.checks()->rowCount(), 0);
    QCOMPARE(models.nics()->rowCount(), 0);
    QCOMPARE(models.rdmaPorts()->rowCount(), 0);
    QCOMPARE(models.gids()->rowCount(), 0);
}

void TestProbeModels::unifiedMemoryFlags()
{
    Host host;
    host.cmdlineKnown = true;
    host.cmdline = {{QStringLiteral("amdgpu.gttsize"), QStringLiteral("126976")},
                    {QStringLiteral("ttm.pages_limit"), QStringLiteral("32505856")},
                    {QStringLiteral("iommu"), QStringLiteral("pt")},
                    {QStringLiteral("quiet"), QString()},
                    {QStringLiteral("root"), QStringLiteral("/dev/sda1")}};
    const QList<facts::KernelFlag> flags = facts::unifiedMemoryFlags(host);
    QStringList keys;
    for (const facts::KernelFlag &flag : flags)
        keys << flag.key;
    QCOMPARE(keys, (QStringList{QStringLiteral("amdgpu.gttsize"), QStringLiteral("iommu"),
                                QStringLiteral("ttm.pages_limit")}));
    // 126976 MiB and 32505856 pages of 4 KiB are both 124 GiB.
    QVERIFY2(flags.at(0).meaning.contains(QLatin1String("124.0 GiB")), qPrintable(flags.at(0).meaning));
    QVERIFY2(flags.at(2).meaning.contains(QLatin1String("124.0 GiB")), qPrintable(flags.at(2).meaning));
}

QTEST_GUILESS_MAIN(TestProbeModels)
#include "tst_probemodels.moc"
