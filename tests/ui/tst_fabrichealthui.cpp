// Fabric health and alerts in the app (offscreen): frames through the real
// decoder and ingest into the main window's store, HealthMonitor over them;
// the dashboard's Fabric health panel shows the link with its verdict icon,
// reason and rates; a retransmit burst raises the alert bar and an entry in
// View > Events…, which clear when the burst is over; and the desktop
// notification goes to a real D-Bus session bus (a dbus-daemon of this test)
// where a stand-in of org.freedesktop.Notifications, on its own connection,
// receives Notify with the freedesktop signature and the urgency hint, then
// CloseNotification when the alert clears.
//
// HALOLINK_SHOT_DIR=/some/dir saves PNGs of the panel and the bar there.

#include "alerts/alertbar.h"
#include "alerts/desktopnotifier.h"
#include "alerts/eventlogdialog.h"
#include "dashboard/dashboardpage.h"
#include "dashboard/fabrichealthpanel.h"
#include "engine/enginelocator.h"
#include "health/fabrichealthmodel.h"
#include "health/healthmonitor.h"
#include "mainwindow.h"
#include "modelroles.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrystore.h"

#include <QAction>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

using namespace halolink;
using namespace halolink::ui;

namespace {

void shoot(QWidget *w, const QString &name)
{
    QTest::qWait(50);
    if (const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR"); !dir.isEmpty())
        QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

// One frame of node n1 (docs/agent-protocol.md): rxe0 port 1 on eth1.
QJsonObject frame(double t, double retransmits, bool portStats)
{
    QJsonObject nic{{"netdev", "eth1"}, {"rx_bytes", 0}, {"tx_bytes", 0}, {"operstate", "up"}, {"carrier_changes", 1}};
    if (portStats) {
        QJsonArray zeros;
        for (int p = 0; p < 8; ++p)
            zeros.append(0);
        nic.insert("port_stats", QJsonObject{{"pause_rx_prio", zeros}, {"pause_tx_prio", zeros}, {"pause_rx_link", 0},
                                             {"pause_tx_link", 0}, {"crc_errors", 0}, {"rx_discards", 0}});
    }
    const QJsonObject port{{"device", "rxe0"}, {"port", 1}, {"state", "ACTIVE"},
                           {"errors", QJsonObject{{"retransmits", retransmits}, {"seq_naks", 0}}},
                           {"congestion", QJsonObject{}}};
    return QJsonObject{{"event", "frame"}, {"seq", qint64(t * 10)}, {"time_ns", qint64(t * 1e9)},
                       {"interval_ns", 100000000}, {"gpus", QJsonArray()}, {"nics", QJsonArray{nic}},
                       {"rdma", QJsonArray{port}}};
}

// What a notification server answers (Desktop Notifications Specification).
class FakeNotifications : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")

public:
    struct Shown {
        QString appName, summary, body;
        uint replacesId = 0;
        QVariantMap hints;
        int timeout = 0;
    };
    QList<Shown> shown;
    QList<uint> closed;

public Q_SLOTS:
    uint Notify(const QString &appName, uint replacesId, const QString &appIcon, const QString &summary,
                const QString &body, const QStringList &actions, const QVariantMap &hints, int timeout)
    {
        Q_UNUSED(appIcon);
        Q_UNUSED(actions);
        shown.append({appName, summary, body, replacesId, hints, timeout});
        return uint(shown.size()) + 40;
    }
    void CloseNotification(uint id) { closed.append(id); }
};

} // namespace

class TestFabricHealthUi : public QObject
{
    Q_OBJECT

    QProcess m_bus;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_fabrichealthui"));
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        qunsetenv("SSH_AUTH_SOCK");
        QLocale::setDefault(QLocale::c());
        QFile::remove(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/inventory.json"));
        // A session bus of this test's own, before anything asks for one.
        m_bus.start(QStringLiteral("dbus-daemon"), {QStringLiteral("--session"), QStringLiteral("--nofork"),
                                                    QStringLiteral("--print-address=1")});
        if (m_bus.waitForStarted(5000) && m_bus.waitForReadyRead(5000)) {
            const QByteArray address = m_bus.readLine().trimmed();
            qputenv("DBUS_SESSION_BUS_ADDRESS", address);
        } else {
            qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        }
    }

    void cleanupTestCase()
    {
        m_bus.kill();
        m_bus.waitForFinished(5000);
    }

    void panelBarAndEvents()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.desktopNotifier()->setEnabled(false); // the next test covers them
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        health::HealthMonitor *monitor = window.healthMonitor();
        monitor->stop(); // evaluated by hand below
        double t = 1'800'000'000.0;
        monitor->clock = [&t] { return t; };
        monitor->nodeLinks = [] {
            health::NodeLinks l;
            l.nodeId = QStringLiteral("n1");
            l.name = QStringLiteral("node1");
            l.dataInterface = QStringLiteral("eth1");
            l.rdmaPorts << health::NodeLinks::Port{QStringLiteral("rxe0"), 1, QStringLiteral("eth1")};
            return QList<health::NodeLinks>{l};
        };
        monitor->nodeStatus = [] { return QList<health::NodeStatus>{}; };
        double retransmits = 0;
        auto run = [&](double seconds, double perFrame) {
            for (int i = 0; i < int(seconds * 10); ++i) {
                t += 0.1;
                retransmits += perFrame;
                window.telemetryIngest()->ingestEvent(QStringLiteral("n1"), frame(t, retransmits, i % 10 == 0));
            }
            monitor->evaluate();
        };
        run(12, 0);
        window.showDashboard();
        FabricHealthPanel *panel = window.dashboard()->fabricHealth();
        QCOMPARE(panel->model()->rowCount(), 1);
        auto cell = [&](int column, int role = Qt::DisplayRole) {
            return panel->view()->model()->index(0, column).data(role);
        };
        QCOMPARE(cell(health::FabricHealthModel::VerdictColumn).toString(), QStringLiteral("healthy"));
        QCOMPARE(cell(health::FabricHealthModel::LinkColumn).toString(), QStringLiteral("rxe0 port 1 (eth1) — data plane"));
        QVERIFY(!cell(health::FabricHealthModel::VerdictColumn, Qt::DecorationRole).isNull()); // its icon
        QCOMPARE(cell(health::FabricHealthModel::ErrorsColumn).toString(), QStringLiteral("0.0"));
        QCOMPARE(cell(health::FabricHealthModel::CrcColumn).toString(), QStringLiteral("0.0"));
        QCOMPARE(cell(health::FabricHealthModel::CnpColumn).toString(), QStringLiteral("—")); // rxe has no CNPs: not 0
        QVERIFY2(panel->summary()->text().startsWith(QStringLiteral("1 link(s): 1 healthy")),
                 qPrintable(panel->summary()->text()));
        QVERIFY(!window.alertBar()->isVisible());

        // A retransmit burst: 2 a frame, 20/s.
        run(12, 2);
        QCOMPARE(cell(health::FabricHealthModel::VerdictColumn).toString(), QStringLiteral("degraded"));
        QVERIFY2(cell(health::FabricHealthModel::ReasonColumn).toString().contains(QStringLiteral("20 RDMA transport errors/s")),
                 qPrintable(cell(health::FabricHealthModel::ReasonColumn).toString()));
        QVERIFY(window.alertBar()->isVisible());
        QVERIFY2(window.alertBar()->text()->text().startsWith(QStringLiteral("node1: rxe0 port 1 (eth1) degraded (since ")),
                 qPrintable(window.alertBar()->text()->text()));
        shoot(&window, QStringLiteral("fabric-degraded.png"));
        window.eventsAction()->trigger();
        EventLogDialog *log = window.eventLog();
        QVERIFY(log && log->isVisible());
        QCOMPARE(log->table()->rowCount(), 1);
        QCOMPARE(log->table()->item(0, 1)->text(), QStringLiteral("still holds"));
        QCOMPARE(log->table()->item(0, 2)->text(), QStringLiteral("warning"));
        shoot(log, QStringLiteral("fabric-events.png"));

        // Over: healthy again, the bar gone, the event cleared with its time.
        run(12, 0);
        QCOMPARE(cell(health::FabricHealthModel::VerdictColumn).toString(), QStringLiteral("healthy"));
        QVERIFY(!window.alertBar()->isVisible());
        QCOMPARE(log->table()->rowCount(), 1);
        QVERIFY(log->table()->item(0, 1)->text() != QStringLiteral("still holds"));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(log->exportCsv(dir.filePath(QStringLiteral("events.csv")), &error), qPrintable(error));
        QFile csv(dir.filePath(QStringLiteral("events.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.first(), QByteArray("raised_utc,cleared_utc,severity,kind,node,alert,details"));
        QVERIFY2(lines.at(1).contains(",warning,link_degraded,node1,"), lines.at(1).constData());
    }

    void desktopNotificationsOverDBus()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QSKIP("dbus-daemon could not be started here");
        // The stand-in server on a connection of its own.
        QDBusConnection server = QDBusConnection::connectToBus(qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"),
                                                               QStringLiteral("notifications-server"));
        QVERIFY(server.isConnected());
        FakeNotifications fake;
        QVERIFY(server.registerObject(QStringLiteral("/org/freedesktop/Notifications"), &fake,
                                      QDBusConnection::ExportAllSlots));
        QVERIFY(server.registerService(QStringLiteral("org.freedesktop.Notifications")));

        DesktopNotifier notifier;
        health::Alert a;
        a.key = QStringLiteral("link/n1/rdma/rxe0/1");
        a.severity = health::Severity::Critical;
        a.title = QStringLiteral("node1: rxe0 port 1 (eth1) failing");
        a.message = QStringLiteral("80 RDMA transport errors/s");
        notifier.show(a);
        QTRY_COMPARE(notifier.delivered(), 1);
        QCOMPARE(fake.shown.size(), 1);
        QCOMPARE(fake.shown.first().appName, QStringLiteral("HaloLink"));
        QCOMPARE(fake.shown.first().summary, a.title);
        QCOMPARE(fake.shown.first().body, a.message);
        QCOMPARE(fake.shown.first().replacesId, 0u);
        QCOMPARE(fake.shown.first().timeout, -1);
        QCOMPARE(fake.shown.first().hints.value(QStringLiteral("urgency")).toInt(), 2);
        notifier.close(a);
        QTRY_COMPARE(fake.closed.size(), 1);
        QCOMPARE(fake.closed.first(), 41u); // the id the server gave
        server.unregisterService(QStringLiteral("org.freedesktop.Notifications"));
        QDBusConnection::disconnectFromBus(QStringLiteral("notifications-server"));
    }
};

QTEST_MAIN(TestFabricHealthUi)
#include "tst_fabrichealthui.moc"
