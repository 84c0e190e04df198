// The virtual cluster's backend without booting a VM (label core, fast):
// VirtualCluster's parsers on a real `halolink-lab up 2` / `status --json`
// captured on a build machine (tests/fixtures/lab/), the inventory nodes made
// from it, the phases read from the script's stderr, the refusal when QEMU is
// missing (a PATH without qemu-system-x86_64: the apt-get line naming the
// package; another distribution: Debian or Ubuntu needed) through
// VirtualCluster and through `halolinkctl lab up` (exit 77), a name already
// taken by a real node, usage errors, cancel() and stopNow() during `up`
// (a stand-in script), and stopNow() with nothing up.
// The boot itself: lab_virtual_cluster (label lab).

#include "inventory/node.h"
#include "lab/virtualcluster.h"
#include "ssh/sshendpoint.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(HALOLINK_FIXTURES_DIR "/lab/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(f.fileName()));
    return f.readAll();
}

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestVirtualCluster : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_noQemuPath; // a PATH with everything but qemu-system-x86_64

    QProcessEnvironment sandboxEnv(const QString &name) const
    {
        const QString root = m_tmp.filePath(name);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"}) {
            const QString dir = root + QLatin1Char('/') + QString::fromLatin1(v).toLower();
            QDir().mkpath(dir);
            env.insert(QString::fromLatin1(v), dir);
        }
        env.insert(QStringLiteral("HALOLINK_LAB_DIR"), root + QStringLiteral("/lab"));
        env.insert(QStringLiteral("HALOLINK_LAB_CACHE"), root + QStringLiteral("/lab-cache"));
        env.insert(QStringLiteral("HALOLINK_SSH_AGENT"), QStringLiteral("none"));
        env.remove(QStringLiteral("HALOLINK_LAB_SCRIPT"));
        return env;
    }

    Run ctl(const QStringList &args, const QProcessEnvironment &env, int timeoutMs = 60000) const
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(HALOLINKCTL_PATH), args);
        Run r;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_tmp.isValid());
        // PATH without QEMU: a folder of links to every program of the usual
        // folders except qemu-system-x86_64 (the lab finds bash, ssh... there).
        m_noQemuPath = m_tmp.filePath(QStringLiteral("noqemu-bin"));
        QVERIFY(QDir().mkpath(m_noQemuPath));
        for (const QString &dirName : {QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/bin"), QStringLiteral("/bin"),
                                       QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")}) {
            const QDir dir(dirName);
            for (const QString &f : dir.entryList(QDir::Files | QDir::System)) {
                if (f == QLatin1String("qemu-system-x86_64") || QFileInfo::exists(m_noQemuPath + QLatin1Char('/') + f))
                    continue;
                QFile::link(dir.filePath(f), m_noQemuPath + QLatin1Char('/') + f);
            }
        }
        QVERIFY(QFileInfo::exists(m_noQemuPath + QStringLiteral("/bash")));
        QVERIFY(!QFileInfo::exists(m_noQemuPath + QStringLiteral("/qemu-system-x86_64")));
    }

    void scriptFoundInSourceTree()
    {
        qunsetenv("HALOLINK_LAB_SCRIPT");
        QStringList tried;
        QCOMPARE(VirtualCluster::locateScript(&tried), QStringLiteral(HALOLINK_SOURCE_DIR "/lab/halolink-lab"));
        QCOMPARE(tried.first(), QStringLiteral(HALOLINK_SOURCE_DIR "/lab/halolink-lab"));
        qputenv("HALOLINK_LAB_SCRIPT", "/nowhere/halolink-lab");
        QCOMPARE(VirtualCluster::scriptCandidates(), QStringList{QStringLiteral("/nowhere/halolink-lab")});
        QVERIFY(VirtualCluster::locateScript().isEmpty());
        qunsetenv("HALOLINK_LAB_SCRIPT");
        qunsetenv("HALOLINK_LAB_DIR");
        QVERIFY(VirtualCluster::defaultLabDir().endsWith(QLatin1String("/virtual-cluster")));
        QVERIFY(VirtualCluster::defaultCacheDir().endsWith(QLatin1String("/lab-cache")));
    }

    // The real output of `halolink-lab up 2` on this kind of machine.
    void parsesRealUpOutput()
    {
        const QByteArray raw = fixture(QStringLiteral("up-2-tcg.stdout"));
        const QJsonObject json = QJsonDocument::fromJson(raw.trimmed()).object();
        QString error;
        const auto info = VirtualCluster::parseUpJson(raw.trimmed(), &error);
        QVERIFY2(info, qPrintable(error));
        QCOMPARE(info->accel, QStringLiteral("tcg"));
        QCOMPARE(info->kernel, QStringLiteral("6.1.0-57-amd64"));
        QCOMPARE(info->labDir, json.value(QStringLiteral("lab_dir")).toString());
        QCOMPARE(info->nodes.size(), 2);
        const QList<Node> nodes = info->inventoryNodes();
        QCOMPARE(nodes.size(), 2);
        for (int i = 0; i < 2; ++i) {
            const QJsonObject vm = json.value(QStringLiteral("nodes")).toArray().at(i).toObject();
            const Node &n = nodes.at(i);
            QCOMPARE(n.name, QStringLiteral("vnode%1").arg(i + 1));
            QCOMPARE(n.kind, Node::Kind::Ssh);
            QCOMPARE(n.host, QStringLiteral("127.0.0.1"));
            QCOMPARE(n.port, vm.value(QStringLiteral("ssh_port")).toInt());
            QVERIFY(n.port > 0);
            QCOMPARE(n.user, QStringLiteral("root"));
            QCOMPARE(n.identityFile, vm.value(QStringLiteral("key_file")).toString());
            QCOMPARE(n.knownHostsFile, vm.value(QStringLiteral("known_hosts")).toString());
            QCOMPARE(n.dataInterface, QStringLiteral("eth1"));
            QCOMPARE(n.dataAddress, QStringLiteral("10.77.0.%1/24").arg(i + 1));
            QCOMPARE(n.virtualCluster, info->labDir);
            QVERIFY(n.isVirtual());
            QVERIFY(info->nodes.at(i).hostKeyFingerprint.startsWith(QLatin1String("SHA256:")));
            // The pinned file alone, the lab's key alone.
            const SshEndpoint ep = n.sshEndpoint();
            QCOMPARE(ep.knownHostsFile, n.knownHostsFile);
            QCOMPARE(ep.agentSocket, QStringLiteral("none"));
        }
        QCOMPARE(info->inventoryNodes(QStringLiteral("lab")).at(1).name, QStringLiteral("lab2"));
    }

    void rejectsIncompleteUpOutput()
    {
        QString error;
        QVERIFY(!VirtualCluster::parseUpJson("not json", &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!VirtualCluster::parseUpJson(R"({"lab_dir":"/l","nodes":[]})", &error));
        QVERIFY(!VirtualCluster::parseUpJson(R"({"lab_dir":"/l","nodes":[{"index":1,"ssh_port":22}]})", &error));
        QVERIFY2(error.contains(QLatin1String("key file")), qPrintable(error));
        // --bare: data_ipv4 null; no "accel" (a lab from before it): TCG.
        const auto bare = VirtualCluster::parseUpJson(
            R"({"lab_dir":"/l","nodes":[{"index":1,"ssh_port":2201,"user":"root","key_file":"/l/k","known_hosts":"/l/kh","data_interface":"eth1","data_ipv4":null}]})",
            &error);
        QVERIFY2(bare, qPrintable(error));
        QCOMPARE(bare->accel, QStringLiteral("tcg"));
        QVERIFY(bare->inventoryNodes().first().dataAddress.isEmpty());
    }

    void parsesRealStatusOutput()
    {
        QString error;
        const auto up = VirtualCluster::parseStatusJson(fixture(QStringLiteral("status-up.json")).trimmed(), &error);
        QVERIFY2(up, qPrintable(error));
        QVERIFY(up->up);
        QCOMPARE(up->accel, QStringLiteral("tcg"));
        QCOMPARE(up->nodes.size(), 2);
        QVERIFY(up->allRunning());
        QCOMPARE(up->nodes.at(1).labName, QStringLiteral("node2"));
        const auto down = VirtualCluster::parseStatusJson(fixture(QStringLiteral("status-down.json")).trimmed(), &error);
        QVERIFY2(down, qPrintable(error));
        QVERIFY(!down->up);
        QVERIFY(down->nodes.isEmpty());
        QVERIFY(!down->allRunning());
        QVERIFY(!VirtualCluster::parseStatusJson("{}", &error));
    }

    // The phases as the real `up` said its steps.
    void phasesFromRealStderr()
    {
        QList<VirtualCluster::Phase> phases;
        QStringList lines;
        for (const QByteArray &l : fixture(QStringLiteral("up-2-tcg.stderr")).split('\n')) {
            QString line = QString::fromUtf8(l).trimmed();
            if (line.isEmpty())
                continue;
            QVERIFY(line.startsWith(QLatin1String("halolink-lab: ")));
            line = line.mid(14);
            lines << line;
            if (const auto p = VirtualCluster::phaseOfLine(line))
                phases << *p;
        }
        QCOMPARE(phases, (QList<VirtualCluster::Phase>{VirtualCluster::Phase::Booting, VirtualCluster::Phase::Connecting,
                                                       VirtualCluster::Phase::Up}));
        QVERIFY(lines.first().startsWith(QLatin1String("no KVM here (")));
        QVERIFY(VirtualCluster::refusalOf(lines).isEmpty());
        QCOMPARE(VirtualCluster::refusalOf({QStringLiteral("halolink-lab: cannot run the lab here: no QEMU")}),
                 QStringLiteral("no QEMU"));
        QCOMPARE(VirtualCluster::phaseOfLine(QStringLiteral("fetching Debian kernel linux-image-6.1.0-57-amd64 into /c (once)")),
                 std::optional(VirtualCluster::Phase::FetchingKernel));
    }

    void refusedWithoutQemu_data()
    {
        QTest::addColumn<QString>("osRelease");
        QTest::addColumn<QString>("expected");
        QTest::newRow("debian") << QString() << QStringLiteral("apt-get install qemu-system-x86");
        QTest::newRow("ubuntu") << QStringLiteral("ID=ubuntu\nID_LIKE=debian\nPRETTY_NAME=\"Ubuntu 24.04 LTS\"\n")
                                << QStringLiteral("on Ubuntu 24.04 LTS install them with: ");
        QTest::newRow("fedora") << QStringLiteral("ID=fedora\nPRETTY_NAME=\"Fedora Linux 42\"\n")
                                << QStringLiteral("so it needs Debian or Ubuntu (with apt); Fedora Linux 42 is neither");
    }

    void refusedWithoutQemu()
    {
        QFETCH(QString, osRelease);
        QFETCH(QString, expected);
        if (osRelease.isEmpty() && !QFileInfo::exists(QStringLiteral("/usr/bin/apt-get")))
            QSKIP("not a Debian-like host");
        QProcessEnvironment extra;
        extra.insert(QStringLiteral("PATH"), m_noQemuPath);
        if (!osRelease.isEmpty()) {
            const QString file = m_tmp.filePath(QStringLiteral("os-release-%1").arg(QTest::currentDataTag()));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(osRelease.toUtf8());
            f.close();
            extra.insert(QStringLiteral("HALOLINK_LAB_OS_RELEASE"), file);
        }
        VirtualCluster vc;
        const QString labDir = m_tmp.filePath(QStringLiteral("refused-lab"));
        vc.setLabDir(labDir);
        vc.setCacheDir(m_tmp.filePath(QStringLiteral("refused-cache")));
        vc.setExtraEnvironment(extra);
        QSignalSpy finished(&vc, &VirtualCluster::upFinished);
        QVERIFY(!vc.up(1));
        QVERIFY(vc.up(2));
        QVERIFY(vc.isBusy());
        QVERIFY(!vc.up(2)); // one operation at a time
        QVERIFY(finished.wait(30000));
        const auto r = finished.first().first().value<VirtualClusterResult>();
        QCOMPARE(r.outcome, VirtualClusterResult::Outcome::Refused);
        QCOMPARE(r.exitCode, 77);
        QVERIFY2(r.message.startsWith(QLatin1String("qemu-system-x86_64 not found.")), qPrintable(r.message));
        QVERIFY2(r.message.contains(expected), qPrintable(r.message));
        QVERIFY(!QFileInfo::exists(labDir));
        QCOMPARE(vc.phase(), VirtualCluster::Phase::Idle);
    }

    void ctlLabUpRefusedWithoutQemu()
    {
        if (!QFileInfo::exists(QStringLiteral("/usr/bin/apt-get")))
            QSKIP("not a Debian-like host");
        QProcessEnvironment env = sandboxEnv(QStringLiteral("ctl-refused"));
        env.insert(QStringLiteral("PATH"), m_noQemuPath);
        const Run r = ctl({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("2")}, env);
        QCOMPARE(r.exitCode, 77);
        QVERIFY2(r.err.contains(QLatin1String("the virtual cluster cannot run on this computer: qemu-system-x86_64 not found.")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("apt-get install qemu-system-x86")), qPrintable(r.err));
        const Run list = ctl({QStringLiteral("nodes"), QStringLiteral("list"), QStringLiteral("--json")}, env);
        QCOMPARE(list.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(list.out.toUtf8()).object().value(QStringLiteral("nodes")).toArray().size(), 1);
    }

    void ctlLabUpRefusesATakenName()
    {
        const QProcessEnvironment env = sandboxEnv(QStringLiteral("ctl-taken"));
        QCOMPARE(ctl({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("vnode2"), QStringLiteral("--host"),
                      QStringLiteral("halo2.lan")},
                     env)
                     .exitCode,
                 0);
        const Run r = ctl({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("3")}, env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("already has a node named vnode2 that is not virtual")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(env.value(QStringLiteral("HALOLINK_LAB_DIR")))); // nothing booted
        const Run list = ctl({QStringLiteral("nodes"), QStringLiteral("list")}, env);
        QVERIFY(!list.out.contains(QLatin1String("(virtual)")));
    }

    void ctlUsage()
    {
        const QProcessEnvironment env = sandboxEnv(QStringLiteral("ctl-usage"));
        QCOMPARE(ctl({QStringLiteral("lab")}, env).exitCode, 2);
        QCOMPARE(ctl({QStringLiteral("lab"), QStringLiteral("frob")}, env).exitCode, 2);
        QCOMPARE(ctl({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("1")}, env).exitCode, 2);
        QCOMPARE(ctl({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("9")}, env).exitCode, 2);
        QCOMPARE(ctl({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("two")}, env).exitCode, 2);
        const Run help = ctl({QStringLiteral("lab"), QStringLiteral("--help")}, env);
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(QLatin1String("up [N]")));
        QVERIFY(ctl({QStringLiteral("--help")}, env).out.contains(QLatin1String("lab up [N] | down | status [--json]")));
        // Nothing up: status says so (exit 0, "up": false), down is a no-op.
        const Run status = ctl({QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--json")}, env);
        QCOMPARE(status.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(status.out.toUtf8()).object().value(QStringLiteral("up")), QJsonValue(false));
        const Run down = ctl({QStringLiteral("lab"), QStringLiteral("down")}, env);
        QCOMPARE(down.exitCode, 0);
        QVERIFY2(down.out.contains(QLatin1String("removed from the inventory")), qPrintable(down.out));
    }

    // cancel() and stopNow() during `up`, with a stand-in script that logs
    // its commands and sleeps in `up` (trapping TERM as halolink-lab does).
    void cancelAndStopNowDuringUp()
    {
        const QString script = m_tmp.filePath(QStringLiteral("fake-lab"));
        const QString log = m_tmp.filePath(QStringLiteral("fake-lab.log"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/bash\n"
                               "echo \"$* dir=$HALOLINK_LAB_DIR cache=$HALOLINK_LAB_CACHE\" >>'%1'\n"
                               "if [ \"$1\" = up ]; then\n"
                               "  trap 'echo up-terminated >>\"%1\"; exit 130' TERM\n"
                               "  echo 'halolink-lab: started 2 nodes (tcg, ...); waiting for them to boot' >&2\n"
                               "  for i in $(seq 300); do sleep 0.1; done\n"
                               "fi\n"
                               "exit 0\n")
                    .arg(log)
                    .toUtf8());
        f.close();
        QVERIFY(f.setPermissions(f.permissions() | QFileDevice::ExeOwner));
        for (const bool viaStopNow : {false, true}) {
            QFile::remove(log);
            VirtualCluster vc;
            vc.setScript(script);
            vc.setLabDir(QStringLiteral("/x/lab"));
            vc.setCacheDir(QStringLiteral("/x/cache"));
            QSignalSpy finished(&vc, &VirtualCluster::upFinished);
            QSignalSpy progress(&vc, &VirtualCluster::progress);
            QVERIFY(vc.up(3));
            QVERIFY(progress.wait(10000));
            QCOMPARE(progress.first().first().toString(), QStringLiteral("started 2 nodes (tcg, ...); waiting for them to boot"));
            QCOMPARE(vc.phase(), VirtualCluster::Phase::Booting);
            QElapsedTimer t;
            t.start();
            if (viaStopNow) {
                QVERIFY(vc.stopNow(std::chrono::seconds(10)));
                QCOMPARE(finished.size(), 1);
            } else {
                vc.cancel();
                QCOMPARE(vc.phase(), VirtualCluster::Phase::Stopping);
                QVERIFY(finished.wait(10000));
            }
            QVERIFY(t.elapsed() < 5000);
            QCOMPARE(finished.first().first().value<VirtualClusterResult>().outcome,
                     VirtualClusterResult::Outcome::Cancelled);
            QVERIFY(!vc.isBusy());
            QFile l(log);
            QVERIFY(l.open(QIODevice::ReadOnly));
            QCOMPARE(QString::fromUtf8(l.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
                     (QStringList{QStringLiteral("up 3 --replace dir=/x/lab cache=/x/cache"), QStringLiteral("up-terminated"),
                                  QStringLiteral("down dir=/x/lab cache=/x/cache")}));
        }
    }

    // `lab down` removes the virtual nodes of its folder also when that folder
    // is named through a symbolic link (the script records the resolved path),
    // and leaves another folder's virtual node and the real nodes alone.
    void ctlLabDownRemovesTheFoldersNodesThroughALink()
    {
        QProcessEnvironment env = sandboxEnv(QStringLiteral("ctl-link"));
        const QString real = m_tmp.filePath(QStringLiteral("ctl-link/real"));
        const QString link = m_tmp.filePath(QStringLiteral("ctl-link/link"));
        QVERIFY(QDir().mkpath(real));
        QVERIFY(QFile::link(real, link));
        env.insert(QStringLiteral("HALOLINK_LAB_DIR"), link + QStringLiteral("/virtual-cluster"));
        const QString inventory = env.value(QStringLiteral("XDG_DATA_HOME")) + QStringLiteral("/HaloLink/halolink/inventory.json");
        QVERIFY(QDir().mkpath(QFileInfo(inventory).absolutePath()));
        QFile f(inventory);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({"format":"halolink-inventory","version":1,"nodes":[
            {"id":"vnode1","name":"vnode1","kind":"ssh","host":"127.0.0.1","port":2201,"virtual_cluster":"%1/virtual-cluster","known_hosts_file":"%1/virtual-cluster/known_hosts"},
            {"id":"other","name":"other","kind":"ssh","host":"127.0.0.1","port":2202,"virtual_cluster":"/elsewhere/virtual-cluster"},
            {"id":"real","name":"real","kind":"ssh","host":"real.lan"}]})")
                    .arg(real)
                    .toUtf8());
        f.close();
        const Run down = ctl({QStringLiteral("lab"), QStringLiteral("down")}, env);
        QCOMPARE(down.exitCode, 0);
        const Run list = ctl({QStringLiteral("nodes"), QStringLiteral("list"), QStringLiteral("--json")}, env);
        QStringList names;
        for (const QJsonValue &n : QJsonDocument::fromJson(list.out.toUtf8()).object().value(QStringLiteral("nodes")).toArray())
            names << n.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names, (QStringList{QStringLiteral("This computer"), QStringLiteral("other"), QStringLiteral("real")}));
    }

    void stopNowWithNothingUp()
    {
        VirtualCluster vc;
        vc.setLabDir(m_tmp.filePath(QStringLiteral("stopnow-lab")));
        vc.setCacheDir(m_tmp.filePath(QStringLiteral("stopnow-cache")));
        QElapsedTimer t;
        t.start();
        QVERIFY(vc.stopNow(std::chrono::seconds(20)));
        QVERIFY(t.elapsed() < 20000);
        QCOMPARE(vc.phase(), VirtualCluster::Phase::Idle);
    }
};

QTEST_GUILESS_MAIN(TestVirtualCluster)
#include "tst_virtualcluster.moc"
