// TelemetryStore: ring wraparound, the three resolutions and their buckets,
// gaps kept as gaps, range queries picking a resolution, samples out of
// order, and memory that stays flat over 10 million samples.

#include "telemetry/ring.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <unistd.h>

using namespace halolink;
using halolink::telemetry::Ring;

namespace {

struct Item {
    double t;
    int v;
};

// Resident set size in bytes (Linux).
qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.value(1).toLongLong() * sysconf(_SC_PAGESIZE);
}

constexpr double kT0 = 1764470000.0; // a plausible epoch time, on a 10 s boundary

} // namespace

class TestTelemetryStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ringWrapsAround();
    void ringBinarySearch();
    void keysParseAndFormat();
    void rawKeepsEverySample();
    void bucketsAggregateMinMaxMeanLast();
    void openBucketIsReadable();
    void gapsStayGaps();
    void dataAfterAGapStartsWhereItResumes();
    void nodeGapBreaksMeshTowardsIt();
    void outOfOrderIsDropped();
    void rangeQueryPicksResolution();
    void readIncludesEdgesOnly();
    void readClosedAfterIsIncremental();
    void meshSeriesAreSmaller();
    void seriesAddedIsCoalesced();
    void memoryStaysFlat();
};

void TestTelemetryStore::ringWrapsAround()
{
    Ring<Item> ring(4);
    QCOMPARE(ring.capacity(), 4);
    QVERIFY(ring.isEmpty());
    for (int i = 0; i < 10; ++i)
        ring.push(Item{double(i), i});
    QCOMPARE(ring.size(), 4);
    QVERIFY(ring.hasWrapped());
    QCOMPARE(ring.front().v, 6);
    QCOMPARE(ring.back().v, 9);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(ring.at(i).v, 6 + i);
    const void *storage = ring.storage();
    for (int i = 10; i < 1000; ++i)
        ring.push(Item{double(i), i});
    QCOMPARE(ring.storage(), storage); // never reallocated
    QCOMPARE(ring.capacity(), 4);

    Ring<Item> notFull(8);
    notFull.push(Item{1, 1});
    notFull.push(Item{2, 2});
    QVERIFY(!notFull.hasWrapped());
    QCOMPARE(notFull.size(), 2);

    // The storage is written as items come, up to exactly the capacity.
    Ring<Item> big(100000);
    const void *reserved = big.storage();
    for (int i = 0; i < 10; ++i)
        big.push(Item{double(i), i});
    QCOMPARE(big.usedBytes(), 10 * sizeof(Item));
    for (int i = 10; i < 250000; ++i)
        big.push(Item{double(i), i});
    QCOMPARE(big.storage(), reserved); // reserved once, never moved
    QCOMPARE(big.usedBytes(), 100000 * sizeof(Item));
    QCOMPARE(big.bytes(), 100000 * sizeof(Item));
    QCOMPARE(big.size(), 100000);
    QCOMPARE(big.front().v, 150000);
    QCOMPARE(big.back().v, 249999);
    QCOMPARE(big.at(50000).v, 200000);
    big.clear();
    big.push(Item{1e9, 7});
    QCOMPARE(big.size(), 1);
    QCOMPARE(big.front().v, 7);
}

void TestTelemetryStore::ringBinarySearch()
{
    Ring<Item> ring(5);
    for (int i = 0; i < 7; ++i) // holds t = 2..6
        ring.push(Item{double(i), i});
    QCOMPARE(ring.lowerBound(0), 0);
    QCOMPARE(ring.lowerBound(2), 0);
    QCOMPARE(ring.lowerBound(3.5), 2);
    QCOMPARE(ring.upperBound(3), 2);
    QCOMPARE(ring.lowerBound(100), 5);
}

void TestTelemetryStore::keysParseAndFormat()
{
    using namespace telemetry;
    const SeriesKey gpu = parseSeriesKey(QStringLiteral("node2/gpu/card1/busy_percent"));
    QCOMPARE(gpu.node, QStringLiteral("node2"));
    QCOMPARE(gpu.metric, QStringLiteral("gpu/card1/busy_percent"));
    QVERIFY(!gpu.isMesh());
    const SeriesKey mesh = parseSeriesKey(QStringLiteral("mesh/node1->node2/rdma/one_way_p50_ns"));
    QCOMPARE(mesh.node, QStringLiteral("node1"));
    QCOMPARE(mesh.peer, QStringLiteral("node2"));
    QCOMPARE(mesh.metric, QStringLiteral("rdma/one_way_p50_ns"));
    QCOMPARE(meshKey(QStringLiteral("node1"), QStringLiteral("node2"), QStringLiteral("rdma"),
                     QLatin1StringView("one_way_p50_ns")),
             QStringLiteral("mesh/node1->node2/rdma/one_way_p50_ns"));
    QCOMPARE(rdmaKey(QStringLiteral("node1"), QStringLiteral("rxe0"), 1, QStringLiteral("errors/retransmits")),
             QStringLiteral("node1/rdma/rxe0/1/errors/retransmits"));
    QCOMPARE(unitForMetric(u"gpu/card1/busy_percent"), Unit::Percent);
    QCOMPARE(unitForMetric(u"nic/eth1/rx_bytes_per_s"), Unit::BytesPerSecond);
    QCOMPARE(unitForMetric(u"rdma/rxe0/1/rx_packets_per_s"), Unit::PerSecond);
    QCOMPARE(unitForMetric(u"gpu/card1/vram_used_bytes"), Unit::Bytes);
    QCOMPARE(unitForMetric(u"rdma/one_way_p50_ns"), Unit::Nanoseconds);
    QCOMPARE(unitForMetric(u"rdma/rxe0/1/errors/retransmits"), Unit::Count);
    QCOMPARE(formatValue(qQNaN(), Unit::Percent), QStringLiteral("—"));
    QCOMPARE(formatValue(5600, Unit::Nanoseconds), QStringLiteral("5.60 µs"));
    QCOMPARE(formatValue(1.2e9, Unit::BytesPerSecond), QStringLiteral("1.20 GB/s"));
    QCOMPARE(formatValue(37, Unit::Percent), QStringLiteral("37 %"));
}

void TestTelemetryStore::rawKeepsEverySample()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("node1/gpu/card1/busy_percent"));
    QCOMPARE(store.ensureSeries(QStringLiteral("node1/gpu/card1/busy_percent")), s);
    QCOMPARE(store.findSeries(QStringLiteral("nope")), -1);
    QCOMPARE(store.info(s).node, QStringLiteral("node1"));
    QCOMPARE(store.info(s).unit, telemetry::Unit::Percent);
    for (int i = 0; i < 50; ++i)
        store.append(s, kT0 + i * 0.1, i);
    SeriesSlice slice;
    store.read(s, Resolution::Raw, kT0, kT0 + 10, slice);
    QCOMPARE(slice.size(), 50);
    QCOMPARE(slice.keys.first(), kT0);
    QCOMPARE(slice.values.at(49), 49.0);
    QCOMPARE(store.latest(s).value, 49.0);
    QVERIFY(!store.latest(s).gap);
    QCOMPARE(store.lastTime(), kT0 + 4.9);
}

void TestTelemetryStore::bucketsAggregateMinMaxMeanLast()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("n/nic/eth0/rx_bytes_per_s"));
    // 10 Hz for 25 s; the value is a saw 0..9 within each second, with one spike.
    for (int i = 0; i < 250; ++i) {
        const double v = (i == 123) ? 1000 : i % 10;
        store.append(s, kT0 + i * 0.1 + 0.01, v);
    }
    SeriesSlice one;
    store.read(s, Resolution::OneSecond, kT0, kT0 + 100, one);
    QCOMPARE(one.resolution, Resolution::OneSecond);
    QCOMPARE(one.size(), 25); // 24 closed + the open one
    QCOMPARE(one.keys.at(0), kT0);
    QCOMPARE(one.keys.at(1), kT0 + 1);
    QCOMPARE(one.mins.at(0), 0.0);
    QCOMPARE(one.maxs.at(0), 9.0);
    QCOMPARE(one.values.at(0), 4.5);
    QCOMPARE(one.lasts.at(0), 9.0);
    // The spike survives aggregation: max, not just the mean.
    QCOMPARE(one.maxs.at(12), 1000.0);
    QVERIFY(one.values.at(12) > 4.5 && one.values.at(12) < 1000);

    SeriesSlice ten;
    store.read(s, Resolution::TenSeconds, kT0, kT0 + 100, ten);
    QCOMPARE(ten.size(), 3);
    QCOMPARE(ten.keys.at(1), kT0 + 10);
    QCOMPARE(ten.maxs.at(1), 1000.0);
    QCOMPARE(ten.mins.at(1), 0.0);
    QCOMPARE(ten.values.at(0), 4.5);
    QCOMPARE(ten.lasts.at(2), 9.0);
    QCOMPARE(store.pointCount(s, Resolution::TenSeconds), 3);
}

void TestTelemetryStore::openBucketIsReadable()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("n/gpu/card0/busy_percent"));
    store.append(s, kT0 + 0.2, 10);
    store.append(s, kT0 + 0.5, 30);
    double key, mean, min, max, last;
    QVERIFY(store.openBucket(s, Resolution::OneSecond, &key, &mean, &min, &max, &last));
    QCOMPARE(key, kT0);
    QCOMPARE(mean, 20.0);
    QCOMPARE(min, 10.0);
    QCOMPARE(max, 30.0);
    QCOMPARE(last, 30.0);
    QVERIFY(!store.openBucket(s, Resolution::Raw, &key, &mean, &min, &max, &last));
}

void TestTelemetryStore::gapsStayGaps()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("node3/gpu/card1/busy_percent"));
    store.markGap(s, kT0); // nothing to break yet: no marker
    QCOMPARE(store.pointCount(s, Resolution::Raw), 0);
    for (int i = 0; i < 30; ++i)
        store.append(s, kT0 + i * 0.1, 50);
    store.markGap(s, kT0 + 3.05);
    store.markGap(s, kT0 + 3.5); // consecutive gaps merge
    QVERIFY(store.latest(s).gap);
    QCOMPARE(store.latest(s).value, 50.0); // the last known value is still there
    for (int i = 0; i < 30; ++i)
        store.append(s, kT0 + 20 + i * 0.1, 60);
    QVERIFY(!store.latest(s).gap);

    for (Resolution r : {Resolution::Raw, Resolution::OneSecond, Resolution::TenSeconds}) {
        SeriesSlice slice;
        store.read(s, r, kT0, kT0 + 60, slice);
        int gaps = 0;
        for (qsizetype i = 0; i < slice.size(); ++i) {
            if (std::isnan(slice.values.at(i))) {
                ++gaps;
                // Nothing bridges the hole: the points around it are on either side.
                QVERIFY(i > 0 && i + 1 < slice.size());
                QVERIFY(slice.keys.at(i - 1) <= kT0 + 3.05);
                QVERIFY(slice.keys.at(i + 1) >= kT0 + 3.05);
            }
            if (i > 0)
                QVERIFY2(slice.keys.at(i) >= slice.keys.at(i - 1), "keys stay sorted around gaps");
        }
        QCOMPARE(gaps, 1);
    }
    // A NaN sample is a gap too.
    store.append(s, kT0 + 30, qQNaN());
    QVERIFY(store.latest(s).gap);
}

// A mesh series measured every few seconds: lost (a peer down) at 13 s of a
// ten-second period, its node lost too (the gap already holds), back at
// 27 s. The bucket that opens after the gap is keyed where the data resumes,
// not at its period's start (20 s), which lies inside the outage: read at
// ten seconds the series is in a gap from 13 s until 27 s (tst_soak_short
// found a node's outage with no gap in such series).
void TestTelemetryStore::dataAfterAGapStartsWhereItResumes()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("mesh/node1->node2/tcp/rtt_p50_ns"));
    const double base = std::floor(kT0 / 10) * 10;
    store.append(s, base + 1, 100);
    store.append(s, base + 6, 110);
    store.markGap(s, base + 13);   // the peer stopped answering
    store.markGap(s, base + 22);   // the node itself lost: already in a gap
    store.append(s, base + 27, 120); // back
    store.append(s, base + 29, 130);
    for (Resolution r : {Resolution::OneSecond, Resolution::TenSeconds}) {
        if (store.pointCount(s, r) == 0)
            continue; // a mesh series keeps no one-second level
        SeriesSlice slice;
        store.read(s, r, base, base + 60, slice);
        qsizetype gapAt = -1;
        for (qsizetype i = 0; i < slice.size(); ++i)
            if (std::isnan(slice.values.at(i)))
                gapAt = i;
        QStringList seen;
        for (qsizetype i = 0; i < slice.size(); ++i)
            seen << QStringLiteral("%1%2").arg(slice.keys.at(i) - base).arg(std::isnan(slice.values.at(i)) ? "g" : "");
        QVERIFY2(gapAt > 0 && gapAt + 1 < slice.size(), qPrintable(seen.join(QLatin1Char(' '))));
        // Nothing in (13, 27): the outage reads as one.
        QVERIFY2(slice.keys.at(gapAt + 1) >= base + 27, qPrintable(QString::number(slice.keys.at(gapAt + 1) - base)));
        QVERIFY(slice.keys.at(gapAt) <= base + 13);
        for (qsizetype i = 1; i < slice.size(); ++i)
            QVERIFY(slice.keys.at(i) >= slice.keys.at(i - 1));
    }
}

void TestTelemetryStore::nodeGapBreaksMeshTowardsIt()
{
    TelemetryStore store;
    const int own = store.ensureSeries(QStringLiteral("node2/gpu/card1/busy_percent"));
    const int towards = store.ensureSeries(QStringLiteral("mesh/node1->node2/rdma/one_way_p50_ns"));
    const int from = store.ensureSeries(QStringLiteral("mesh/node2->node1/rdma/one_way_p50_ns"));
    const int other = store.ensureSeries(QStringLiteral("node1/gpu/card1/busy_percent"));
    for (int s : {own, towards, from, other})
        store.append(s, kT0, 1);
    QCOMPARE(store.nodes(), (QStringList{QStringLiteral("node2"), QStringLiteral("node1")}));
    store.markNodeGap(QStringLiteral("node2"), kT0 + 1);
    QVERIFY(store.latest(own).gap);
    QVERIFY(store.latest(towards).gap);
    QVERIFY(store.latest(from).gap);
    QVERIFY(!store.latest(other).gap);
}

void TestTelemetryStore::outOfOrderIsDropped()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("n/gpu/card0/busy_percent"));
    store.append(s, kT0 + 1, 1);
    store.append(s, kT0 + 0.5, 2); // the clock stepped back
    store.append(s, kT0 + 1, 3);   // same time is fine
    QCOMPARE(store.droppedOutOfOrder(), quint64(1));
    QCOMPARE(store.pointCount(s, Resolution::Raw), 2);
}

void TestTelemetryStore::rangeQueryPicksResolution()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("n/gpu/card0/busy_percent"));
    // 2 h at 10 Hz: raw holds the last 5 min, 1 s buckets the last hour.
    const int n = 2 * 3600 * 10;
    for (int i = 0; i < n; ++i)
        store.append(s, kT0 + i * 0.1, i % 100);
    const double now = kT0 + (n - 1) * 0.1;
    QCOMPARE(store.pointCount(s, Resolution::Raw), 3200);
    QCOMPARE(store.pointCount(s, Resolution::OneSecond), 3600 + 1); // + the open bucket
    QVERIFY(std::abs(store.retainedFrom(s, Resolution::Raw) - (now - 319.9)) < 1e-6);

    QCOMPARE(store.pickResolution(s, now - 60, now, 4000), Resolution::Raw);
    QCOMPARE(store.pickResolution(s, now - 300, now, 4000), Resolution::Raw);
    QCOMPARE(store.pickResolution(s, now - 300, now, 1000), Resolution::OneSecond); // too dense for the budget
    QCOMPARE(store.pickResolution(s, now - 900, now, 4000), Resolution::OneSecond); // raw no longer holds it
    QCOMPARE(store.pickResolution(s, now - 3600, now, 4000), Resolution::OneSecond);
    QCOMPARE(store.pickResolution(s, now - 6 * 3600, now, 4000), Resolution::TenSeconds);
    QCOMPARE(store.pickResolution(s, now - 24 * 3600, now, 4000), Resolution::TenSeconds);

    // An hour-long window over a series only 4 min old: raw holds all of it.
    TelemetryStore young;
    const int y = young.ensureSeries(QStringLiteral("n/gpu/card0/busy_percent"));
    for (int i = 0; i < 2400; ++i)
        young.append(y, kT0 + i * 0.1, 1);
    QCOMPARE(young.pickResolution(y, kT0 + 240 - 3600, kT0 + 240, 4000), Resolution::Raw);

    SeriesSlice slice;
    store.read(s, Resolution::OneSecond, now - 900, now, slice);
    QVERIFY(slice.size() >= 900 && slice.size() <= 903);
    QVERIFY(slice.keys.first() <= now - 900);
    QVERIFY(slice.keys.last() >= now - 1);
}

void TestTelemetryStore::readIncludesEdgesOnly()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("n/gpu/card0/busy_percent"));
    for (int i = 0; i < 100; ++i)
        store.append(s, kT0 + i, i);
    SeriesSlice slice;
    store.read(s, Resolution::Raw, kT0 + 10.5, kT0 + 20.5, slice);
    // 11..20 inside, 10 and 21 as the edges.
    QCOMPARE(slice.size(), 12);
    QCOMPARE(slice.values.first(), 10.0);
    QCOMPARE(slice.values.last(), 21.0);
}

void TestTelemetryStore::readClosedAfterIsIncremental()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("n/gpu/card0/busy_percent"));
    for (int i = 0; i < 35; ++i)
        store.append(s, kT0 + i * 0.1, i);
    SeriesSlice slice;
    store.readClosedAfter(s, Resolution::Raw, kT0 + 3.0, slice);
    QCOMPARE(slice.size(), 4); // 3.1 .. 3.4
    slice.clear();
    store.readClosedAfter(s, Resolution::OneSecond, kT0, slice);
    QCOMPARE(slice.size(), 2); // kT0+1, kT0+2 closed; kT0+3 still open
}

void TestTelemetryStore::meshSeriesAreSmaller()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("mesh/node1->node2/rdma/one_way_p50_ns"));
    for (int i = 0; i < 2 * 3600; ++i) // 2 h at 1 Hz
        store.append(s, kT0 + i, 5000 + i % 7);
    QCOMPARE(store.pointCount(s, Resolution::Raw), store.config().meshRawCapacity);
    QCOMPARE(store.pointCount(s, Resolution::OneSecond), 0); // no such level for mesh
    const double now = kT0 + 2 * 3600 - 1;
    QCOMPARE(store.pickResolution(s, now - 300, now, 4000), Resolution::Raw);
    QCOMPARE(store.pickResolution(s, now - 3600, now, 4000), Resolution::TenSeconds);
    QVERIFY(store.memoryBytes() < TelemetryStore::bytesPerSeries(store.config()));
}

void TestTelemetryStore::seriesAddedIsCoalesced()
{
    TelemetryStore store;
    QSignalSpy spy(&store, &TelemetryStore::seriesAdded);
    for (int i = 0; i < 10; ++i)
        store.ensureSeries(QStringLiteral("n/gpu/card%1/busy_percent").arg(i));
    QCOMPARE(spy.count(), 0); // not per series, and never per sample
    QTRY_COMPARE(spy.count(), 1);
}

void TestTelemetryStore::memoryStaysFlat()
{
    TelemetryStore store;
    const int s = store.ensureSeries(QStringLiteral("node1/nic/eth1/rx_bytes_per_s"));
    QCOMPARE(store.memoryBytes(), size_t(0)); // nothing until a value arrives
    store.append(s, kT0 - 1, 0);
    const size_t bytes = store.memoryBytes();
    QCOMPARE(bytes, TelemetryStore::bytesPerSeries(store.config()));
    // Reserved, not written: a short-lived series of a big mesh holds what it
    // saw, not 24 h of zeros.
    QVERIFY2(store.usedBytes() < bytes / 100, qPrintable(QString::number(store.usedBytes())));

    // 9 M samples fill every ring (100 Hz: raw wraps after 30 s, 1 s buckets
    // after 1 h, 10 s buckets after 24 h = 8.64 M samples), then 1 M more.
    double t = kT0;
    auto run = [&](int n) {
        for (int i = 0; i < n; ++i) {
            store.append(s, t, double(i & 1023));
            t += 0.01;
            if ((i & 0xFFFFF) == 0xFFFFF)
                store.markGap(s, t); // gaps now and then take slots too
        }
    };
    run(9000000);
    QCOMPARE(store.usedBytes(), bytes); // full
    const qint64 rssWarm = residentBytes();
    run(1000000);
    const qint64 rssEnd = residentBytes();

    QCOMPARE(store.memoryBytes(), bytes);
    QCOMPARE(store.pointCount(s, Resolution::Raw), store.config().rawCapacity);
    QCOMPARE(store.pointCount(s, Resolution::OneSecond), store.config().oneSecondCapacity + 1);
    QCOMPARE(store.pointCount(s, Resolution::TenSeconds), store.config().tenSecondCapacity + 1);
    if (rssWarm > 0 && rssEnd > 0)
        QVERIFY2(rssEnd - rssWarm < 1024 * 1024,
                 qPrintable(QStringLiteral("RSS grew by %1 bytes over 1 M samples").arg(rssEnd - rssWarm)));
    // 24 h at 10 s resolution is still there, less the slots the 9 gaps took (a
    // marker, and the period they split counts twice).
    QVERIFY2(store.retainedFrom(s, Resolution::TenSeconds) <= t - 24 * 3600 + 9 * 3 * 10,
             qPrintable(QString::number(t - store.retainedFrom(s, Resolution::TenSeconds))));
}

QTEST_GUILESS_MAIN(TestTelemetryStore)
#include "tst_telemetrystore.moc"
