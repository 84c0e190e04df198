#include "sched_autogroup.h"

#include <QFile>

namespace halolink::test {

namespace {
const QString kPath = QStringLiteral("/proc/sys/kernel/sched_autogroup_enabled");
}

AutogroupOff::AutogroupOff()
{
    QFile f(kPath);
    if (!f.open(QIODevice::ReadOnly)) {
        m_state = QStringLiteral("none (kernel without autogroups)");
        return;
    }
    const QByteArray before = f.readAll().trimmed();
    f.close();
    if (before == "0") {
        m_state = QStringLiteral("off");
        return;
    }
    if (!f.open(QIODevice::WriteOnly) || f.write("0\n") <= 0) {
        m_state = QStringLiteral("on (could not turn off: %1)").arg(f.errorString());
        return;
    }
    m_before = before;
    m_state = QStringLiteral("off (was %1)").arg(QString::fromLatin1(before));
}

AutogroupOff::~AutogroupOff()
{
    if (m_before.isEmpty())
        return;
    QFile f(kPath);
    if (f.open(QIODevice::WriteOnly))
        f.write(m_before + '\n');
}

} // namespace halolink::test
