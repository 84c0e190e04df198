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

} // namespace halolink::test
