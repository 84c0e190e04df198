#pragma once
// The soak's clocks and readings of this machine: CLOCK_REALTIME and
// MONOTONIC in ns, the process's RSS (/proc/self/statm), a process's
// CPU ticks (/proc/<pid>/stat), the machine's busy and total ticks
// (/proc/stat) and its load average.

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>

#include <chrono>
#include <cmath>

#include <time.h>
#include <unistd.h>

namespace halolink::soak {


using Clock = std::chrono::steady_clock;
constexpr qint64 kSecond = 1'000'000'000;

inline qint64 clockNs(clockid_t id)
{
    timespec ts{};
    ::clock_gettime(id, &ts);
    return qint64(ts.tv_sec) * kSecond + ts.tv_nsec;
}
inline qint64 realtimeNs() { return clockNs(CLOCK_REALTIME); }
inline qint64 monoNs() { return clockNs(CLOCK_MONOTONIC); }

inline double mib(qint64 bytes) { return double(bytes) / 1048576.0; }
double round2(double v) { return std::round(v * 100) / 100; }

inline qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    return statm.readAll().split(' ').value(1).toLongLong() * sysconf(_SC_PAGESIZE);
}

// utime + stime of a /proc/<pid>/stat, in clock ticks; -1 when gone.
inline qint64 processTicks(const QString &statPath)
{
    QFile f(statPath);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    return fields.at(11).toLongLong() + fields.at(12).toLongLong();
}

struct MachineTicks {
    qint64 busy = 0;
    qint64 total = 0;
};

inline MachineTicks machineTicks()
{
    QFile f(QStringLiteral("/proc/stat"));
    MachineTicks t;
    if (!f.open(QIODevice::ReadOnly))
        return t;
    const QList<QByteArray> cpu = f.readLine().simplified().split(' ');
    for (int i = 1; i < cpu.size(); ++i) {
        const qint64 v = cpu.at(i).toLongLong();
        if (i <= 8) // user nice system idle iowait irq softirq steal
            t.total += v;
        if (i <= 8 && i != 4 && i != 5)
            t.busy += v;
    }
    return t;
}

inline QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2);
}

} // namespace halolink::soak
