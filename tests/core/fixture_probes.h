#pragma once
// The fixture snapshots' probe documents (tests/fixtures/snapshots/*/expected-probe.json)
// as ProbeReports, for core tests that reason about real captured node states.

#include "protocol/probedecoder.h"

#include <QFile>
#include <QString>

namespace halolink::test {

// Aborts the test program when the fixture is missing or does not decode:
// every caller depends on it.
inline ProbeReport fixtureProbe(const QString &name)
{
    QFile f(QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/%1/expected-probe.json").arg(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read fixture %s", qPrintable(name));
    auto r = decodeProbeReport(f.readAll());
    if (!r.value)
        qFatal("fixture %s does not decode: %s", qPrintable(name), qPrintable(r.error));
    return *r.value;
}

// The same probe as if taken on a node whose `iface` has the address `ip`:
// its IPv4 GIDs on that netdev carry `ip`, as the kernel's GID table would
// (the fixtures were captured on hosts with other addresses).
inline ProbeReport fixtureProbeWithAddress(const QString &name, const QString &iface, const QString &ip)
{
    ProbeReport probe = fixtureProbe(name);
    for (RdmaPort &p : probe.rdma) {
        if (p.netdev.value_or(QString()) != iface && !iface.isEmpty())
            continue;
        for (Gid &g : p.gids)
            if (g.gid.startsWith(QLatin1String("::ffff:")))
                g.gid = QStringLiteral("::ffff:") + ip;
    }
    return probe;
}

} // namespace halolink::test
