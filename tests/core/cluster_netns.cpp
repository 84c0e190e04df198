#include "cluster_netns.h"

#include "sshd_fixture.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStringList>

#include <csignal>

#include <unistd.h>

namespace halolink::test {

namespace {

bool ip(const QStringList &args, QString *error)
{
    QString out;
    if (SshdFixture::run(QStringLiteral("ip"), args, &out))
        return true;
    if (error)
        *error = QStringLiteral("ip %1: %2").arg(args.join(QLatin1Char(' ')), out.trimmed());
    return false;
}

} // namespace

ClusterNetns::~ClusterNetns()
{
    destroy();
}

QString ClusterNetns::unavailableReason()
{
    const QString why = NetnsSet::unavailableReason();
    if (!why.isEmpty())
        return why;
    // Bridges and veths work in this kernel? Tried in a namespace of our own.
    const QString probe = QStringLiteral("hlsoak-probe%1").arg(::getpid());
    QString error;
    const bool ok = ip({ QStringLiteral("netns"), QStringLiteral("add"), probe }, &error)
        && ip({ QStringLiteral("-n"), probe, QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("br0"),
                  QStringLiteral("type"), QStringLiteral("bridge") },
            &error)
        && ip({ QStringLiteral("-n"), probe, QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("v0"),
                  QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"),
                  QStringLiteral("v1") },
            &error);
    ip({ QStringLiteral("netns"), QStringLiteral("del"), probe }, nullptr);
    return ok ? QString() : QStringLiteral("no bridges or veths here: %1").arg(error);
}

QString ClusterNetns::prefix() const
{
    return QStringLiteral("hlsoak-%1-").arg(m_tag);
}

QString ClusterNetns::switchName() const
{
    return prefix() + QStringLiteral("sw");
}

QString ClusterNetns::name(int i) const
{
    return prefix() + QStringLiteral("n%1").arg(i);
}

QString ClusterNetns::hostInterface() const
{
    return QStringLiteral("hlsoak-%1").arg(m_tag).left(15);
}

QString ClusterNetns::address(int net, int i) const
{
    const int n = i + 2; // .0.1 is the host
    return QStringLiteral("10.%1.%2.%3").arg(net).arg(n / 256).arg(n % 256);
}

QString ClusterNetns::managementAddress(int i) const
{
    return address(m_subnet, i);
}

QString ClusterNetns::dataAddress(int i) const
{
    return address(m_subnet + 1, i);
}

QString ClusterNetns::hostAddress() const
{
    return QStringLiteral("10.%1.0.1").arg(m_subnet);
}

void ClusterNetns::removeLeftovers() const
{
    QString out;
    SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("netns"), QStringLiteral("list") }, &out);
    const QRegularExpression own(QStringLiteral("^%1(sw|n\\d+)$").arg(QRegularExpression::escape(prefix())));
    for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString ns = line.section(QLatin1Char(' '), 0, 0);
        if (!own.match(ns).hasMatch())
            continue;
        // An sshd or agent of the crashed run still in there: by pid, then the namespace.
        QString pids;
        SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("netns"), QStringLiteral("pids"), ns }, &pids);
        for (const QString &pid : pids.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (const qint64 p = pid.trimmed().toLongLong(); p > 1 && p != ::getpid())
                ::kill(pid_t(p), SIGKILL);
        }
        ip({ QStringLiteral("netns"), QStringLiteral("del"), ns }, nullptr);
    }
    ip({ QStringLiteral("link"), QStringLiteral("del"), hostInterface() }, nullptr);
}

void ClusterNetns::raiseNeighbourLimits(int count)
{
    // Each node: its peers on the data plane, the host and a few on the
    // management network; the host's and the switch's entries on top.
    const qint64 need = qint64(count) * (count + 4) + 64;
    const struct {
        const char *name;
        qint64 value;
    } limits[] = {{"gc_thresh1", need}, {"gc_thresh2", 2 * need}, {"gc_thresh3", 4 * need}};
    for (const auto &l : limits) {
        const QString path = QStringLiteral("/proc/sys/net/ipv4/neigh/default/") + QLatin1String(l.name);
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray before = f.readAll().trimmed();
        f.close();
        if (before.toLongLong() >= l.value)
            continue;
        if (f.open(QIODevice::WriteOnly) && f.write(QByteArray::number(l.value) + '\n') > 0)
            m_neighbourLimits.append({path, before});
    }
}

void ClusterNetns::restoreNeighbourLimits()
{
    // Put back in the reverse order of raising.
    for (auto it = m_neighbourLimits.crbegin(); it != m_neighbourLimits.crend(); ++it) {
        QFile f(it->first);
        if (f.open(QIODevice::WriteOnly))
            f.write(it->second + '\n');
    }
    m_neighbourLimits.clear();
}

bool ClusterNetns::create(int count, QString *error)
{
    destroy();
    removeLeftovers();
    raiseNeighbourLimits(count);
    const QString sw = switchName();
    const QString mask = QStringLiteral("/%1").arg(prefixLength());
    const QList<QStringList> switchSteps {
        { QStringLiteral("netns"), QStringLiteral("add"), sw },
        { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("mgmtbr"),
            QStringLiteral("type"), QStringLiteral("bridge") },
        { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("databr"),
            QStringLiteral("type"), QStringLiteral("bridge") },
        { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), QStringLiteral("mgmtbr"),
            QStringLiteral("up") },
        { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), QStringLiteral("databr"),
            QStringLiteral("up") },
        // The host's way onto the management network.
        { QStringLiteral("link"), QStringLiteral("add"), hostInterface(), QStringLiteral("type"), QStringLiteral("veth"),
            QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("uplink"), QStringLiteral("netns"), sw },
        { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), QStringLiteral("uplink"),
            QStringLiteral("master"), QStringLiteral("mgmtbr"), QStringLiteral("up") },
        { QStringLiteral("addr"), QStringLiteral("add"), hostAddress() + mask, QStringLiteral("dev"), hostInterface() },
        { QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), hostInterface(), QStringLiteral("up") },
    };
    m_switch = true;
    for (const QStringList &step : switchSteps) {
        if (!ip(step, error))
            return false;
    }
    for (int i = 0; i < count; ++i) {
        const QString ns = name(i);
        m_count = i + 1;
        if (!ip({ QStringLiteral("netns"), QStringLiteral("add"), ns }, error))
            return false;
        const struct {
            QString port, bridge, inside, address;
        } links[] = {
            { QStringLiteral("m%1").arg(i), QStringLiteral("mgmtbr"), managementInterface(), managementAddress(i) },
            { QStringLiteral("d%1").arg(i), QStringLiteral("databr"), dataInterface(), dataAddress(i) },
        };
        for (const auto &l : links) {
            const QList<QStringList> steps {
                { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("add"), l.port,
                    QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"),
                    l.inside, QStringLiteral("netns"), ns },
                { QStringLiteral("-n"), sw, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), l.port,
                    QStringLiteral("master"), l.bridge, QStringLiteral("up") },
                { QStringLiteral("-n"), ns, QStringLiteral("addr"), QStringLiteral("add"), l.address + mask,
                    QStringLiteral("dev"), l.inside },
                { QStringLiteral("-n"), ns, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), l.inside,
                    QStringLiteral("up") },
            };
            for (const QStringList &step : steps) {
                if (!ip(step, error))
                    return false;
            }
        }
        if (!ip({ QStringLiteral("-n"), ns, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), QStringLiteral("lo"),
                    QStringLiteral("up") },
                error))
            return false;
    }
    return true;
}

void ClusterNetns::destroy()
{
    for (int i = 0; i < m_count; ++i)
        ip({ QStringLiteral("netns"), QStringLiteral("del"), name(i) }, nullptr);
    m_count = 0;
    if (m_switch) {
        ip({ QStringLiteral("link"), QStringLiteral("del"), hostInterface() }, nullptr);
        ip({ QStringLiteral("netns"), QStringLiteral("del"), switchName() }, nullptr);
        m_switch = false;
    }
    restoreNeighbourLimits();
}

} // namespace halolink::test
