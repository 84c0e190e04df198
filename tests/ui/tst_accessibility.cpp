// Accessibility offscreen: every dashboard chart has a table of the same
// numbers (its own Chart/Table toggle, units in the headers, updated live,
// the latest values in the chart's accessible description), and so does the
// setup wizard's Verify chart (each pair's latencies in its description);
// every focusable widget of the main window, the dashboard and each setup
// wizard page has an accessible name; each wizard page (each one shown, its
// splitters laid out) has its tab order in reading order; every button, check
// box and radio button of a wizard page has a mnemonic; no mnemonic clashes
// per page and per menu; Ctrl+Tab moves between panels.

#include "dashboard/dashboardpage.h"
#include "dashboard/latencyheatmap.h"
#include "dashboard/timeserieschart.h"
#include "engine/enginelocator.h"
#include "mainwindow.h"
#include "mnemonics.h"
#include "setup/setupcontroller.h"
#include "setup/setuppages.h"
#include "setup/setupwizard.h"
#include "ssh/credentialstore.h" // setupcontroller.h's QPointer<CredentialStore>
#include "telemetry/syntheticcluster.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QGroupBox>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QWizard>

#include <qcustomplot.h>

using namespace halolink;
using namespace halolink::ui;
using halolink::test::mnemonic;
using halolink::test::mnemonicClashes;

namespace {

constexpr qint64 kStep = 100000000; // 10 Hz

qint64 nowNs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000000;
}

void feed(TelemetryIngest &ingest, SyntheticCluster &cluster, qint64 from, qint64 to)
{
    for (qint64 t = from; t <= to; t += kStep) {
        for (int node = 0; node < cluster.nodeCount(); ++node)
            QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(node), cluster.frameLine(node, t, kStep)));
        if ((t / kStep) % 10 != 0)
            continue;
        for (int a = 0; a < cluster.nodeCount(); ++a) {
            for (int b = 0; b < cluster.nodeCount(); ++b) {
                if (a != b) {
                    QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(a), cluster.meshLine(a, b, "rdma", t)));
                    QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(a), cluster.meshLine(a, b, "tcp", t)));
                }
            }
        }
    }
}

// The name a screen reader hears (accessibleName, else the text, else the buddy's label).
QString accessibleNameOf(QWidget *w)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
    return iface ? iface->text(QAccessible::Name).trimmed() : QString();
}

bool focusable(QWidget *w)
{
    return (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy();
}

// Widgets Qt makes focusable inside composite widgets, named by their owner.
// Documented in docs/accessibility.md.
bool isException(QWidget *w)
{
    // The line edit inside a spin box or an editable combo box: the owner has the name.
    if (w->parentWidget() && (w->parentWidget()->inherits("QAbstractSpinBox") || w->parentWidget()->inherits("QComboBox")))
        return true;
    // QTabWidget's tab bar: each tab is named by its text.
    if (w->inherits("QTabBar"))
        return true;
    return false;
}

QStringList unnamedFocusable(QWidget *root)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!focusable(w) || isException(w))
            continue;
        if (accessibleNameOf(w).isEmpty())
            out.append(QStringLiteral("%1 \"%2\" (parent %3)")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                                w->parentWidget() ? QString::fromLatin1(w->parentWidget()->metaObject()->className())
                                                  : QString()));
    }
    return out;
}

QStringList menuClashes(const QList<QAction *> &actions, const QString &where)
{
    QHash<QChar, QStringList> seen;
    QStringList out;
    for (QAction *a : actions) {
        if (a->isSeparator() || !a->isVisible())
            continue;
        const QChar c = mnemonic(a->text());
        if (!c.isNull())
            seen[c].append(a->text());
        if (a->menu())
            out += menuClashes(a->menu()->actions(), a->text());
    }
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        if (it.value().size() > 1)
            out.append(QStringLiteral("%1: '%2': %3").arg(where, it.key(), it.value().join(QStringLiteral(", "))));
    }
    return out;
}

// The page's inputs in focus-chain order (from the page), visible ones only.
QList<QWidget *> tabChain(QWidget *page)
{
    QList<QWidget *> out;
    QWidget *w = page->nextInFocusChain();
    for (int guard = 0; w && w != page && guard < 10000; ++guard, w = w->nextInFocusChain()) {
        if (page->isAncestorOf(w) && focusable(w) && w->isVisibleTo(page) && !isException(w) && !out.contains(w))
            out.append(w);
    }
    return out;
}

// Pairs visited against reading order: b comes after a in the chain but is
// entirely above a, or on the same line and entirely to its left.
QStringList readingOrderInversions(QWidget *page, const QList<QWidget *> &chain)
{
    QStringList out;
    auto rect = [page](QWidget *w) { return QRect(w->mapTo(page, QPoint(0, 0)), w->size()); };
    for (int i = 0; i < chain.size(); ++i) {
        for (int j = i + 1; j < chain.size(); ++j) {
            const QRect a = rect(chain.at(i));
            const QRect b = rect(chain.at(j));
            if (chain.at(i)->isAncestorOf(chain.at(j)) || chain.at(j)->isAncestorOf(chain.at(i)))
                continue;
            const bool above = b.bottom() < a.top();
            const bool sameLine = b.top() <= a.bottom() && a.top() <= b.bottom();
            const bool left = sameLine && b.right() < a.left();
            if (above || left)
                out.append(QStringLiteral("%1 before %2").arg(accessibleNameOf(chain.at(i)), accessibleNameOf(chain.at(j))));
        }
    }
    return out;
}

struct DashboardFixture {
    TelemetryStore store;
    TelemetryIngest ingest{&store};
    SyntheticCluster cluster{4};
    DashboardPage page{&store, &ingest, nullptr};
    qint64 fedUntil = 0;

    void start()
    {
        const qint64 now = nowNs();
        feed(ingest, cluster, now - qint64(60) * 1000000000, now);
        fedUntil = now;
        page.resize(1400, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setWindowSeconds(60);
        page.tick();
    }
    void more(int frames)
    {
        feed(ingest, cluster, fedUntil + kStep, fedUntil + frames * kStep);
        fedUntil += frames * kStep;
    }
};

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyChartHasItsTable();
    void heatmapTableIsTheMatrix();
    void dashboardNamesAndPanels();
    void mainWindowNamesAndMenus();
    void wizardPages();
    void verifyChartDescription();
};

void TestAccessibility::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_accessibility"));
    qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
}

void TestAccessibility::everyChartHasItsTable()
{
    DashboardFixture f;
    f.start();
    for (int round = 0; round < 2; ++round) {
        for (TimeSeriesChart *chart : f.page.charts()) {
            const QString what = chart->title();
            // Its own toggle, named, and the table it shows.
            QVERIFY2(chart->tableButton(), qPrintable(what));
            QVERIFY2(!accessibleNameOf(chart->tableButton()).isEmpty(), qPrintable(what));
            chart->tableButton()->click();
            QCOMPARE(chart->page(), DashboardPanel::Page::Table);
            QTableView *view = chart->tableView();
            QVERIFY(view->isVisible());
            QVERIFY2(!accessibleNameOf(view).isEmpty(), qPrintable(what));
            // The model the chart reads from, not a copy.
            QCOMPARE(view->model(), static_cast<QAbstractItemModel *>(chart->tableModel()));
            QAbstractItemModel *model = view->model();
            const QList<TimeSeriesChart::Line> lines = chart->lines();
            QVERIFY2(!lines.isEmpty(), qPrintable(what));
            QCOMPARE(model->rowCount(), lines.size());
            // Units in the headers.
            const QString unit = telemetry::unitSymbol(f.store.info(lines.first().series).unit);
            QVERIFY2(model->headerData(SeriesTableModel::LatestColumn, Qt::Horizontal).toString().contains(unit),
                     qPrintable(model->headerData(SeriesTableModel::LatestColumn, Qt::Horizontal).toString()));
            // The latest value of each line is the last point of its graph.
            chart->sync(f.page.viewStart(), f.page.viewEnd(), true, true);
            for (int row = 0; row < lines.size(); ++row) {
                QCPGraph *graph = chart->plot()->graph(row);
                QVERIFY(graph && !graph->data()->isEmpty());
                double last = qQNaN();
                for (auto it = graph->data()->constEnd(); it != graph->data()->constBegin();) {
                    --it;
                    if (it->value == it->value) {
                        last = it->value;
                        break;
                    }
                }
                const SeriesInfo &info = f.store.info(lines.at(row).series);
                const QString shown = model->index(row, SeriesTableModel::LatestColumn).data().toString();
                QCOMPARE(shown, telemetry::formatValue(last, info.unit));
                QCOMPARE(model->index(row, SeriesTableModel::SeriesColumn).data().toString().isEmpty(), false);
                // The chart's description says it too.
                QVERIFY2(chart->plot()->accessibleDescription().contains(shown),
                         qPrintable(chart->plot()->accessibleDescription()));
            }
            chart->tableButton()->click();
            QCOMPARE(chart->page(), DashboardPanel::Page::Chart);
        }
        // Live: new data reaches the tables too.
        f.more(30);
        f.page.setPaused(false);
        f.page.setWindowSeconds(60); // reload
        f.page.tick();
    }
}

void TestAccessibility::heatmapTableIsTheMatrix()
{
    DashboardFixture f;
    f.start();
    LatencyHeatmap *heatmap = f.page.heatmap();
    heatmap->tableButton()->click();
    QCOMPARE(heatmap->page(), DashboardPanel::Page::Table);
    QCOMPARE(heatmap->tableView()->model(), static_cast<QAbstractItemModel *>(heatmap->model()));
    const int n = heatmap->model()->rowCount();
    QCOMPARE(n, 4);
    for (int from = 0; from < n; ++from) {
        for (int to = 0; to < n; ++to) {
            if (from != to)
                QCOMPARE(heatmap->model()->index(from, to).data().toString(), heatmap->cellText(from, to));
        }
    }
    QVERIFY(!heatmap->plot()->accessibleDescription().isEmpty());
    // Enter on a cell picks the pair, as a click on the heatmap does.
    QSignalSpy picked(heatmap, &LatencyHeatmap::pairClicked);
    Q_EMIT heatmap->tableView()->activated(heatmap->model()->index(0, 1));
    QCOMPARE(picked.size(), 1);
}

void TestAccessibility::dashboardNamesAndPanels()
{
    DashboardFixture f;
    f.start();
    QStringList unnamed = unnamedFocusable(&f.page);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
    QVERIFY2(mnemonicClashes(&f.page).isEmpty(), qPrintable(mnemonicClashes(&f.page).join(QLatin1Char('\n'))));
    // Ctrl+Tab walks the panels in order, Ctrl+Shift+Tab back.
    f.page.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&f.page));
    f.page.windowBox()->setFocus();
    const QList<DashboardPanel *> panels = f.page.panels();
    for (DashboardPanel *panel : panels) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
        QVERIFY2(panel->isAncestorOf(QApplication::focusWidget()), qPrintable(panel->title()));
    }
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(panels.at(panels.size() - 2)->isAncestorOf(QApplication::focusWidget()));
    // Space presses the focused button (it is not a dashboard shortcut).
    DashboardPanel *gpu = f.page.gpuChart();
    gpu->tableButton()->setFocus();
    QTest::keyClick(gpu->tableButton(), Qt::Key_Space);
    QCOMPARE(gpu->page(), DashboardPanel::Page::Table);
    QVERIFY(!f.page.isPaused());
    // Tab inside a panel: its controls in reading order, then the chart.
    QStringList inversions = readingOrderInversions(f.page.heatmap(), tabChain(f.page.heatmap()));
    QVERIFY2(inversions.isEmpty(), qPrintable(inversions.join(QLatin1Char('\n'))));
}

void TestAccessibility::mainWindowNamesAndMenus()
{
    MainWindow window;
    window.resize(1400, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showDashboard();
    QStringList unnamed = unnamedFocusable(&window);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
    const QStringList clashes = menuClashes(window.menuBar()->actions(), QStringLiteral("menu bar"));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}

void TestAccessibility::wizardPages()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setupAction()->trigger();
    SetupWizard *wizard = window.setupWizard();
    QVERIFY(wizard);
    QVERIFY(QTest::qWaitForWindowExposed(wizard));
    QWizardPage *current = wizard->currentPage();
    for (int id : wizard->pageIds()) {
        QWizardPage *page = wizard->page(id);
        const QString what = QStringLiteral("page %1 (%2)").arg(id).arg(page->title());
        // A page not shown yet is shown here, over the current one (the wizard
        // calls no initializePage() for it), so that its layouts and splitters
        // give every widget the geometry that says the reading order.
        const bool shownHere = page != current;
        if (shownHere) {
            page->setGeometry(current->geometry());
            page->show();
        }
        QVERIFY2(page->isVisible(), qPrintable(what));
        QStringList unnamed = unnamedFocusable(page);
        QVERIFY2(unnamed.isEmpty(), qPrintable(what + QLatin1Char('\n') + unnamed.join(QLatin1Char('\n'))));
        // Every button, check box and radio button has a mnemonic (no
        // exceptions), and none clashes with another on the page, hidden ones
        // included, or with the wizard's buttons as they read on this page.
        const QStringList without = test::buttonsWithoutMnemonic(page);
        QVERIFY2(without.isEmpty(), qPrintable(what + QLatin1Char('\n') + without.join(QLatin1Char('\n'))));
        const QStringList clashes = mnemonicClashes(page, test::wizardButtonTexts(page), true);
        QVERIFY2(clashes.isEmpty(), qPrintable(what + QLatin1Char('\n') + clashes.join(QLatin1Char('\n'))));
        // Tab order: reading order, the widgets in a splitter included.
        const QList<QWidget *> chain = tabChain(page);
        if (qEnvironmentVariableIsSet("A11Y_DEBUG")) {
            for (QWidget *w : chain)
                qDebug() << id << w->metaObject()->className() << accessibleNameOf(w) << QRect(w->mapTo(page, QPoint()), w->size());
        }
        for (QSplitter *split : page->findChildren<QSplitter *>()) {
            for (int i = 0; i < split->count(); ++i) {
                QWidget *w = split->widget(i);
                QVERIFY2(w->isVisible() && w->height() > 0, qPrintable(what + QLatin1String(": ") + accessibleNameOf(w)));
                if (focusable(w))
                    QVERIFY2(chain.contains(w), qPrintable(what + QLatin1String(": not in the tab order: ") + accessibleNameOf(w)));
            }
        }
        const QStringList inversions = readingOrderInversions(page, chain);
        QVERIFY2(inversions.isEmpty(), qPrintable(what + QLatin1Char('\n') + inversions.join(QLatin1Char('\n'))));
        if (shownHere)
            page->hide();
    }
    // The Apply and Verify pages have their splitters, and the Verify chart is one of the stops.
    QVERIFY(wizard->page(SetupWizard::ApplyPageId)->findChild<QSplitter *>());
    auto *verify = qobject_cast<VerifyPage *>(wizard->page(SetupWizard::VerifyPageId));
    QVERIFY(verify);
    QVERIFY(verify->findChild<QSplitter *>());
    QVERIFY(tabChain(verify).contains(verify->findChild<QCustomPlot *>(QStringLiteral("latencyChart"))));
    // The wizard's own buttons are named too, and Next is the default (Enter).
    for (auto which : {QWizard::NextButton, QWizard::CancelButton})
        QVERIFY(!accessibleNameOf(wizard->button(which)).isEmpty());
}

// The Verify page's chart says in its accessible description what its bars
// show: each pair with its RDMA and TCP one-way latency and the speed-up, the
// same texts as the table, updated as the results come in.
void TestAccessibility::verifyChartDescription()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setupAction()->trigger();
    SetupWizard *wizard = window.setupWizard();
    QVERIFY(wizard);
    auto *verify = qobject_cast<VerifyPage *>(wizard->page(SetupWizard::VerifyPageId));
    QVERIFY(verify);
    auto *chart = verify->findChild<QCustomPlot *>(QStringLiteral("latencyChart"));
    auto *table = verify->findChild<QTableWidget *>(QStringLiteral("pairsTable"));
    QVERIFY(chart && table);
    QVERIFY(chart->focusPolicy() & Qt::TabFocus);

    QList<setup::NodeInput> nodes(2);
    nodes[0].nodeId = QStringLiteral("id1");
    nodes[0].name = QStringLiteral("demo1");
    nodes[1].nodeId = QStringLiteral("id2");
    nodes[1].name = QStringLiteral("demo2");
    wizard->controller()->setNodes(nodes);
    verify->showPairs({});
    QCOMPARE(chart->accessibleDescription(), QStringLiteral("No pair measured yet."));

    // The first pair arrives (TCP still to be measured), then the second.
    setup::PairResult first;
    first.a = 0;
    first.b = 1;
    first.rdmaLatency.oneWayNs = 2150;
    QList<setup::PairResult> pairs{first};
    verify->showPairs(pairs);
    QString description = chart->accessibleDescription();
    QVERIFY2(description.contains(table->item(0, 0)->text()), qPrintable(description));
    QVERIFY2(description.contains(QStringLiteral("demo1 → demo2: RDMA 2.15 µs, TCP not measured")), qPrintable(description));

    pairs[0].tcpLatency.oneWayNs = 12900;
    setup::PairResult second;
    second.a = 1;
    second.b = 0;
    second.rdmaLatency.oneWayNs = 3000;
    second.tcpLatency.oneWayNs = 15000;
    pairs.append(second);
    verify->showPairs(pairs);
    description = chart->accessibleDescription();
    QCOMPARE(table->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
        // The pair's name, its RDMA and TCP one-way latencies and speed-up as the table says them.
        const QString said = QStringLiteral("%1: RDMA %2, TCP %3, speed-up %4")
                                 .arg(table->item(row, 0)->text(), table->item(row, 3)->text(),
                                      table->item(row, 1)->text(), table->item(row, 5)->text());
        QVERIFY2(description.contains(said), qPrintable(description + QStringLiteral(" lacks ") + said));
    }
    QVERIFY2(description.contains(QStringLiteral("demo1 → demo2: RDMA 2.15 µs, TCP 12.9 µs, speed-up 6.00×")),
             qPrintable(description));
    QVERIFY2(description.contains(QStringLiteral("demo2 → demo1: RDMA 3.00 µs, TCP 15.0 µs, speed-up 5.00×")),
             qPrintable(description));
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
