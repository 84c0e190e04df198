// The app in Brazilian Portuguese: ctest runs this with LC_ALL=pt_BR.UTF-8
// (tests/i18n/i18n.cmake), the translators are installed by the call main()
// makes, and the main window, its menus, a button, the node list and Qt's own
// dialog buttons read in Portuguese; so do the findings of the engine's
// checks on a node page (the engine writes English with a message key); each
// setup wizard page's buttons keep a mnemonic and none clashes on the page
// (with the wizard's own buttons in Qt's Portuguese).

#include "../ui/mnemonics.h"
#include "inventory/nodelistmodel.h"
#include "mainwindow.h"
#include "node/nodepage.h"
#include "probe/probemodels.h"
#include "protocol/probedecoder.h"
#include "setup/setupwizard.h"
#include "translation/translators.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

using namespace halolink;
using namespace halolink::ui;

class TestMainWindowPtBr : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void menusAndButtons();
    void qtsOwnTexts();
    void checkFindings();
    void wizardMnemonics();

private:
    QStringList m_loaded;
};

void TestMainWindowPtBr::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow_pt_br"));
    QVERIFY2(QLocale::system().name() == QLatin1String("pt_BR"),
             qPrintable(QStringLiteral("the test runs with LC_ALL=pt_BR.UTF-8, got %1").arg(QLocale::system().name())));
    m_loaded = installTranslators(); // as main() does, from the system locale
    QVERIFY2(!m_loaded.isEmpty() && QFileInfo(m_loaded.first()).fileName() == QLatin1String("halolink_pt_BR.qm"),
             qPrintable(m_loaded.join(QLatin1Char(' '))));
}

void TestMainWindowPtBr::menusAndButtons()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QStringList menus;
    for (QAction *a : window.menuBar()->actions())
        menus << a->text();
    QCOMPARE(menus, (QStringList{QStringLiteral("&Arquivo"), QStringLiteral("E&xibir"), QStringLiteral("&Nó"),
                                 QStringLiteral("&Cluster"), QStringLiteral("A&juda")}));
    QCOMPARE(window.refreshAction()->text(), QStringLiteral("&Atualizar"));
    QCOMPARE(window.setupAction()->text(), QStringLiteral("&Configurar cluster…"));
    QStringList nodeMenu;
    for (QAction *a : window.menuBar()->actions().at(2)->menu()->actions())
        nodeMenu << a->text();
    QVERIFY2(nodeMenu.contains(QStringLiteral("A&dicionar nó…")), qPrintable(nodeMenu.join(QLatin1String(", "))));

    QTabWidget *tabs = window.nodePage()->tabs();
    QCOMPARE(tabs->tabText(0), QStringLiteral("&Visão geral"));
    QCOMPARE(tabs->tabText(2), QStringLiteral("&Rede && RDMA"));

    QStringList buttons;
    for (QPushButton *b : window.nodePage()->findChildren<QPushButton *>())
        buttons << b->text();
    QVERIFY2(buttons.contains(QStringLiteral("Mostrar todas as verificações")), qPrintable(buttons.join(QLatin1String(", "))));

    // The node list: its header and this computer's name.
    QAbstractItemModel *nodes = window.nodeView()->model();
    QCOMPARE(nodes->headerData(NodeListModel::NameColumn, Qt::Horizontal).toString(), QStringLiteral("Nó"));
    QCOMPARE(nodes->index(0, NodeListModel::NameColumn).data().toString(), QStringLiteral("Este computador"));
}

void TestMainWindowPtBr::qtsOwnTexts()
{
    if (m_loaded.size() < 2)
        QSKIP(qPrintable(QStringLiteral("no qtbase_pt_BR.qm in %1 (Debian: qt6-translations-l10n)")
                             .arg(QLibraryInfo::path(QLibraryInfo::TranslationsPath))));
    QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Cancelar"));
}

void TestMainWindowPtBr::checkFindings()
{
    QFile file(QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/strix-halo-no-rdma/expected-probe.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const DecodeResult<ProbeReport> report = decodeProbeReport(file.readAll());
    QVERIFY2(report.value, qPrintable(report.error));

    ProbeModels models;
    QAction refresh;
    NodePage page(&models, &refresh);
    models.setReport(*report.value);
    page.showReport(*report.value);
    QString shown;
    for (QLabel *label : page.findChildren<QLabel *>())
        shown += label->text() + QLatin1Char('\n');
    QVERIFY2(shown.contains(QStringLiteral("nenhum dispositivo RDMA: verifique se o driver RDMA")), qPrintable(shown));
    QVERIFY2(!shown.contains(QStringLiteral("no RDMA device")), qPrintable(shown));
    // The GTT finding, with its numbers written the Brazilian way.
    QVERIFY2(shown.contains(QStringLiteral("alcança apenas 62,5 GiB como GTT de 124,9 GiB")), qPrintable(shown));
    // The Checks tab's table says the same.
    QStringList findings;
    for (int row = 0; row < models.checks()->rowCount(); ++row)
        findings << models.checks()->index(row, ChecksModel::MessageColumn).data().toString();
    QVERIFY2(findings.contains(QStringLiteral("não se aplica: nenhuma porta RDMA")),
             qPrintable(findings.join(QLatin1Char('\n'))));
}

void TestMainWindowPtBr::wizardMnemonics()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setupAction()->trigger();
    SetupWizard *wizard = window.setupWizard();
    QVERIFY(wizard);
    QCOMPARE(wizard->windowTitle(), QStringLiteral("Configurar o cluster"));
    for (int id : wizard->pageIds()) {
        QWizardPage *page = wizard->page(id);
        const QString what = QStringLiteral("page %1 (%2)").arg(id).arg(page->title());
        const QStringList without = test::buttonsWithoutMnemonic(page);
        QVERIFY2(without.isEmpty(), qPrintable(what + QLatin1Char('\n') + without.join(QLatin1Char('\n'))));
        const QStringList clashes = test::mnemonicClashes(page, test::wizardButtonTexts(page), true);
        QVERIFY2(clashes.isEmpty(), qPrintable(what + QLatin1Char('\n') + clashes.join(QLatin1Char('\n'))));
    }
}

QTEST_MAIN(TestMainWindowPtBr)
#include "tst_mainwindow_pt_br.moc"
