// Latency statistics: nearest-rank percentiles in floating point, mean and
// sample standard deviation in double, one way = round trip / 2.

#include <QTest>

#include <cmath>
#include <numeric>

#include "bench/stats.h"

using namespace halolink::bench;

class TestBenchStats : public QObject {
    Q_OBJECT

private slots:
    void nearestRankDefinition_data();
    void nearestRankDefinition();
    void summaryOfOneToHundred();
    void p999NeedsThousandSamples();
    void floatingPointRankDoesNotRoundUp();
    void meanAndSampleStdev();
    void stdevIsNotTruncated();
    void singleSample();
    void emptyHasNoSummary();
    void unsortedInput();
    void oneWayIsHalfTheRoundTrip();
    void largeValuesStayAccurate();
    void jsonKeys();
};

void TestBenchStats::nearestRankDefinition_data()
{
    QTest::addColumn<QList<double>>("sorted");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    // Wikipedia's worked example: {15, 20, 35, 40, 50}.
    const QList<double> five { 15, 20, 35, 40, 50 };
    QTest::newRow("p5") << five << 5.0 << 15.0; // ceil(0.25) = 1
    QTest::newRow("p30") << five << 30.0 << 20.0; // ceil(1.5) = 2
    QTest::newRow("p40") << five << 40.0 << 20.0; // ceil(2.0) = 2
    QTest::newRow("p50") << five << 50.0 << 35.0; // ceil(2.5) = 3
    QTest::newRow("p100") << five << 100.0 << 50.0;
    QTest::newRow("p0 is min") << five << 0.0 << 15.0;
    const QList<double> ten { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    QTest::newRow("ten p90") << ten << 90.0 << 9.0; // ceil(9.0) = 9
    QTest::newRow("ten p99") << ten << 99.0 << 10.0; // ceil(9.9) = 10
    QTest::newRow("ten p50") << ten << 50.0 << 5.0; // ceil(5.0) = 5
    QTest::newRow("ten p51") << ten << 51.0 << 6.0; // ceil(5.1) = 6
}

void TestBenchStats::nearestRankDefinition()
{
    QFETCH(QList<double>, sorted);
    QFETCH(double, p);
    QFETCH(double, expected);
    std::vector<double> v(sorted.begin(), sorted.end());
    QCOMPARE(nearestRank(v, p), expected);
}

void TestBenchStats::summaryOfOneToHundred()
{
    std::vector<std::int64_t> v(100);
    std::iota(v.begin(), v.end(), 1);
    auto s = summarize(v);
    QVERIFY(s);
    QCOMPARE(s->count, std::size_t(100));
    QCOMPARE(s->min, 1.0);
    QCOMPARE(s->p50, 50.0);
    QCOMPARE(s->p90, 90.0);
    QCOMPARE(s->p99, 99.0);
    QCOMPARE(s->p999, 100.0); // ceil(99.9) = 100
    QCOMPARE(s->max, 100.0);
    QCOMPARE(s->mean, 50.5);
    // Sample stdev of 1..n is sqrt(n(n+1)/12).
    QVERIFY(std::fabs(s->stdev - std::sqrt(100.0 * 101.0 / 12.0)) < 1e-9);
}

void TestBenchStats::p999NeedsThousandSamples()
{
    std::vector<std::int64_t> v(2000);
    std::iota(v.begin(), v.end(), 1);
    auto s = summarize(v);
    QCOMPARE(s->p999, 1998.0); // ceil(0.999 * 2000) = 1998
    QCOMPARE(s->p99, 1980.0);
    QCOMPARE(s->p50, 1000.0);
}

void TestBenchStats::floatingPointRankDoesNotRoundUp()
{
    // 99.9 / 100 * 1000 is 999.0000000000001 in binary floating point; the
    // nearest rank is still 999, not 1000.
    std::vector<double> v(1000);
    std::iota(v.begin(), v.end(), 1.0);
    QCOMPARE(nearestRank(v, 99.9), 999.0);
    std::vector<double> w(10000);
    std::iota(w.begin(), w.end(), 1.0);
    QCOMPARE(nearestRank(w, 99.9), 9990.0);
    QCOMPARE(nearestRank(w, 90), 9000.0);
    QCOMPARE(nearestRank(w, 99), 9900.0);
}

void TestBenchStats::meanAndSampleStdev()
{
    // Classic example: population stdev 2, sample stdev sqrt(32/7).
    std::vector<double> v { 2, 4, 4, 4, 5, 5, 7, 9 };
    auto s = summarize(v);
    QCOMPARE(s->mean, 5.0);
    QVERIFY(std::fabs(s->stdev - std::sqrt(32.0 / 7.0)) < 1e-12);
}

void TestBenchStats::stdevIsNotTruncated()
{
    // perftest would print an integer here; we keep the fraction.
    std::vector<std::int64_t> v { 1000, 1001 };
    auto s = summarize(v);
    QVERIFY(std::fabs(s->stdev - std::sqrt(0.5)) < 1e-12);
    QCOMPARE(s->mean, 1000.5);
}

void TestBenchStats::singleSample()
{
    auto s = summarize(std::vector<std::int64_t> { 4242 });
    QVERIFY(s);
    QCOMPARE(s->min, 4242.0);
    QCOMPARE(s->p50, 4242.0);
    QCOMPARE(s->p999, 4242.0);
    QCOMPARE(s->max, 4242.0);
    QCOMPARE(s->stdev, 0.0);
}

void TestBenchStats::emptyHasNoSummary()
{
    QVERIFY(!summarize(std::vector<std::int64_t> {}));
}

void TestBenchStats::unsortedInput()
{
    auto s = summarize(std::vector<std::int64_t> { 50, 15, 40, 20, 35 });
    QCOMPARE(s->min, 15.0);
    QCOMPARE(s->p50, 35.0);
    QCOMPARE(s->max, 50.0);
}

void TestBenchStats::oneWayIsHalfTheRoundTrip()
{
    auto s = summarize(std::vector<std::int64_t> { 10, 20, 31 });
    Summary half = scaled(*s, 0.5);
    QCOMPARE(half.min, 5.0);
    QCOMPARE(half.p50, 10.0);
    QCOMPARE(half.max, 15.5);
    QCOMPARE(half.mean, s->mean / 2);
    QCOMPARE(half.stdev, s->stdev / 2);
}

void TestBenchStats::largeValuesStayAccurate()
{
    // Nanosecond samples around a large offset: the one-pass update keeps
    // the variance exact where sum-of-squares would cancel.
    std::vector<std::int64_t> v;
    for (int i = 0; i < 1000; ++i)
        v.push_back(1'000'000'000'000LL + (i % 2));
    auto s = summarize(v);
    QVERIFY(std::fabs(s->stdev - std::sqrt(250.0 / 999.0)) < 1e-9);
    QCOMPARE(s->mean, 1'000'000'000'000.5);
}

void TestBenchStats::jsonKeys()
{
    auto s = summarize(std::vector<std::int64_t> { 1, 2, 3 });
    auto j = summaryJson(*s);
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it)
        keys.push_back(it.key());
    QCOMPARE(keys, (std::vector<std::string> { "min", "p50", "p90", "p99", "p999", "max", "mean", "stdev" }));
}

QTEST_GUILESS_MAIN(TestBenchStats)
#include "tst_bench_stats.moc"
