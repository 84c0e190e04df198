// The node dialogs offscreen: add/edit with live validation, the host-key
// decision (unknown: accept/reject; changed: no accept), credentials (the
// keychain box only when a keychain works), ~/.ssh/config import; and the main
// window's node actions with a corrupt inventory file.

#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "mainwindow.h"
#include "nodes/credentialsdialog.h"
#include "nodes/hostkeydialog.h"
#include "nodes/nodeactions.h"
#include "nodes/nodedialog.h"
#include "nodes/sshimportdialog.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace halolink;
using namespace halolink::ui;

namespace {

void type(QLineEdit *edit, const QString &text)
{
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

QString message(NodeDialog &d, const char *field)
{
    QLabel *l = d.messageLabel(QLatin1String(field));
    return l && !l->isHidden() ? l->text() : QString();
}

} // namespace

class TestNodeDialogs : public QObject
{
    Q_OBJECT

private:
    QString m_dataDir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_nodedialogs"));
        m_dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        qputenv("HALOLINK_ENGINE", HALOLINK_ENGINE_PATH);
        qputenv("HALOLINK_NO_KEYCHAIN", "1");
    }

    void init() { QDir(m_dataDir).removeRecursively(); }
    void cleanupTestCase() { QDir(m_dataDir).removeRecursively(); }

    void addDialogValidatesAsYouType()
    {
        Inventory inventory;
        inventory.load();
        Node halo1;
        halo1.name = QStringLiteral("halo1");
        halo1.host = QStringLiteral("halo1");
        QVERIFY(inventory.addNode(halo1));

        NodeDialog d(&inventory, Node{});
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        // Nothing typed yet: no shouting, but no OK either.
        QVERIFY(!d.okButton()->isEnabled());
        QVERIFY(message(d, "name").isEmpty());

        type(d.field(QStringLiteral("name")), QStringLiteral("HALO1"));
        QVERIFY2(message(d, "name").contains(QLatin1String("already called 'halo1'")), qPrintable(message(d, "name")));
        type(d.field(QStringLiteral("name")), QStringLiteral("halo2"));
        QVERIFY(message(d, "name").isEmpty());

        type(d.field(QStringLiteral("host")), QStringLiteral("alice@halo2"));
        QVERIFY(message(d, "host").contains(QLatin1String("user 'alice'")));
        type(d.field(QStringLiteral("host")), QStringLiteral("10.0.0.2"));
        QVERIFY(message(d, "host").isEmpty());

        type(d.field(QStringLiteral("port")), QStringLiteral("70000"));
        QVERIFY2(message(d, "port").contains(QLatin1String("65535")), qPrintable(message(d, "port")));
        QVERIFY(!d.okButton()->isEnabled());
        type(d.field(QStringLiteral("port")), QStringLiteral("2222"));

        type(d.field(QStringLiteral("data_address")), QStringLiteral("192.168.100.300/30"));
        QVERIFY(message(d, "data_address").contains(QLatin1String("'300'")));
        QVERIFY(!d.okButton()->isEnabled());
        type(d.field(QStringLiteral("data_address")), QStringLiteral("192.168.100.1/33"));
        QVERIFY(message(d, "data_address").contains(QLatin1String("/33")));
        type(d.field(QStringLiteral("data_address")), QStringLiteral("10.0.0.2/24"));
        // Allowed, with a warning: the management address as data plane.
        QVERIFY(message(d, "data_address").contains(QLatin1String("management")));
        QCOMPARE(d.messageLabel(QStringLiteral("data_address"))->property("severity").toString(), QStringLiteral("warning"));
        QVERIFY(d.okButton()->isEnabled());
        type(d.field(QStringLiteral("data_address")), QStringLiteral("192.168.100.2/30"));
        QVERIFY(message(d, "data_address").isEmpty());

        const Node n = d.node();
        QCOMPARE(n.name, QStringLiteral("halo2"));
        QCOMPARE(n.host, QStringLiteral("10.0.0.2"));
        QCOMPARE(n.port, 2222);
        QCOMPARE(n.dataAddress, QStringLiteral("192.168.100.2/30"));
        QTest::mouseClick(d.okButton(), Qt::LeftButton);
        QCOMPARE(d.result(), int(QDialog::Accepted));
    }

    void editThisComputer()
    {
        Inventory inventory;
        inventory.load();
        NodeDialog d(&inventory, inventory.nodes().first());
        QVERIFY(!d.field(QStringLiteral("host")));
        QVERIFY(d.field(QStringLiteral("name"))->isReadOnly());
        type(d.field(QStringLiteral("data_interface")), QStringLiteral("enp194s0np0"));
        type(d.field(QStringLiteral("data_address")), QStringLiteral("192.168.100.1/30"));
        QVERIFY(d.okButton()->isEnabled());
        const Node n = d.node();
        QVERIFY(n.isLocal());
        QCOMPARE(n.name, QStringLiteral("This computer"));
        QVERIFY(inventory.updateNode(n));
        QCOMPARE(inventory.nodes().first().dataInterface, QStringLiteral("enp194s0np0"));
    }

    void hostKeyUnknown()
    {
        HostKeyInfo info;
        info.host = QStringLiteral("halo1");
        info.port = 2222;
        info.keyType = QStringLiteral("ssh-ed25519");
        info.fingerprint = QStringLiteral("SHA256:abcdEFGH0123456789abcdEFGH0123456789abcdEFG");
        HostKeyDialog d(QStringLiteral("halo1"), info);
        QCOMPARE(d.mode(), HostKeyDialog::Mode::Unknown);
        QVERIFY(d.acceptButton());
        QCOMPARE(d.fingerprintLabel()->text(), info.fingerprint);
        // Enter rejects; trusting takes a deliberate click.
        QVERIFY(d.rejectButton()->isDefault());
        QVERIFY(!d.acceptButton()->isDefault());
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QTest::mouseClick(d.acceptButton(), Qt::LeftButton);
        QCOMPARE(d.result(), int(QDialog::Accepted));
    }

    void hostKeyChangedHasNoAccept()
    {
        HostKeyInfo info;
        info.host = QStringLiteral("halo1");
        const QString why = QStringLiteral("The host key of halo1 has CHANGED ... ssh-keygen -R 'halo1'");
        HostKeyDialog d(QStringLiteral("halo1"), info, why);
        QCOMPARE(d.mode(), HostKeyDialog::Mode::Changed);
        QVERIFY(!d.acceptButton());
        const QList<QPushButton *> buttons = d.findChildren<QPushButton *>();
        QCOMPARE(buttons.size(), 1);
        QVERIFY(!buttons.first()->text().contains(QLatin1String("Trust")));
        bool shown = false;
        for (QLabel *l : d.findChildren<QLabel *>())
            shown = shown || l->text() == why;
        QVERIFY(shown);
    }

    void credentials()
    {
        CredentialsDialog withKeychain(QStringLiteral("halo1"), QStringLiteral("alice@halo1"), CredentialKind::Password,
                                       QString(), true);
        QVERIFY(withKeychain.rememberBox());
        QCOMPARE(withKeychain.secretField()->echoMode(), QLineEdit::Password);
        QTest::keyClicks(withKeychain.secretField(), QStringLiteral("s3cret"));
        withKeychain.rememberBox()->setChecked(true);
        QVERIFY(withKeychain.remember());
        QCOMPARE(withKeychain.takeSecret(), QByteArray("s3cret"));
        QVERIFY(withKeychain.secretField()->text().isEmpty());

        CredentialsDialog without(QStringLiteral("halo1"), QStringLiteral("alice@halo1"), CredentialKind::KeyPassphrase,
                                  QString(), false);
        QVERIFY(!without.rememberBox());
        QVERIFY(!without.remember());
        QVERIFY(without.noteLabel()->text().contains(QLatin1String("this session only")));
    }

    void importDialog()
    {
        Inventory inventory;
        inventory.load();
        Node existing;
        existing.name = QStringLiteral("halo1");
        existing.host = QStringLiteral("halo1");
        QVERIFY(inventory.addNode(existing));
        SshImportDialog d(&inventory, QStringLiteral(HALOLINK_FIXTURES_DIR "/sshconfig/config"));
        // Relative Includes resolve against ~/.ssh, as ssh does: the fixture's config.d is not read here.
        QCOMPARE(d.hostList()->topLevelItemCount(), 4);
        QVERIFY(!(d.hostList()->topLevelItem(0)->flags() & Qt::ItemIsEnabled)); // halo1 is there already
        QCOMPARE(d.hostList()->topLevelItem(1)->text(1), QStringLiteral("192.168.1.12"));
        QCOMPARE(d.selectedNodes().size(), 3);
        d.hostList()->topLevelItem(1)->setCheckState(0, Qt::Unchecked);
        QCOMPARE(d.selectedNodes().size(), 2);
        QVERIFY(d.importButton()->isEnabled());
        QVERIFY(d.notesLabel()->text().contains(QLatin1String("Match")));
        for (const Node &n : d.selectedNodes())
            QCOMPARE(n.host, n.name);
    }

    void mainWindowNodeActions()
    {
        // A corrupt inventory: the window still comes up with This computer,
        // tells the person, and kept the file.
        const QString path = Inventory::defaultFilePath();
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ not json");
        f.close();

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        NodeActions *actions = window.nodeActions();
        QVERIFY(actions);
        QTRY_VERIFY(actions->currentDialog());
        auto *box = qobject_cast<QMessageBox *>(actions->currentDialog());
        QVERIFY(box);
        QVERIFY2(box->text().contains(QLatin1String("could not be read")), qPrintable(box->text()));
        QVERIFY(!actions->inventory()->movedAsidePath().isEmpty());
        QVERIFY(QFile::exists(actions->inventory()->movedAsidePath()));
        box->accept();
        QCOMPARE(window.nodeModel()->rowCount(), 1);

        // The Node menu offers the actions.
        QStringList texts;
        for (QAction *menu : window.menuBar()->actions()) {
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    texts << a->text();
        }
        QVERIFY(texts.contains(QStringLiteral("&Add Node…")));
        QVERIFY(texts.contains(QStringLiteral("&Import from SSH Config…")));

        // A node added (here by another program) shows up and is being connected to.
        Inventory other;
        other.load();
        Node n;
        n.name = QStringLiteral("unreachable");
        n.host = QStringLiteral("127.0.0.1");
        n.port = 1; // nothing listens there
        QVERIFY(other.addNode(n));
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeModel()->rowCount(), 2, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(QStringLiteral("unreachable")) == NodeState::Unreachable, 15000);
        QVERIFY(!window.nodeModel()->detail(QStringLiteral("unreachable")).isEmpty());
        // Selected SSH node: edit/remove/reconnect enabled; This computer: no remove.
        window.nodeView()->setCurrentIndex(window.nodeView()->model()->index(1, 0));
        QVERIFY(actions->removeAction()->isEnabled());
        QVERIFY(actions->reconnectAction()->isEnabled());
        window.nodeView()->setCurrentIndex(window.nodeView()->model()->index(0, 0));
        QVERIFY(!actions->removeAction()->isEnabled());
        QVERIFY(actions->editAction()->isEnabled());
        window.close();
    }
};

QTEST_MAIN(TestNodeDialogs)
#include "tst_nodedialogs.moc"
