#pragma once
// The scheduler's autogroups off for a test's lifetime: see AutogroupOff.

#include <QByteArray>
#include <QString>

namespace halolink::test {

// With kernel.sched_autogroup_enabled = 1 (the default of most kernels, and
// of this machine's), the scheduler first shares the CPUs between sessions
// (setsid) and only then, inside each, by nice value: see sched(7),
// "The autogroup feature". Every SSH login is a session of its own and so is
// the engine's agent (it calls setsid), so 64 nodes at nice 19 still take 64
// shares against the app's one. A test whose nodes stand for other machines
// turns autogroups off while it runs, so that their nice value counts, and
// puts the setting back afterwards. Needs root; without the file (a kernel
// without CONFIG_SCHED_AUTOGROUP) there is nothing to do.
class AutogroupOff {
public:
    AutogroupOff();
    ~AutogroupOff();
    AutogroupOff(const AutogroupOff &) = delete;
    AutogroupOff &operator=(const AutogroupOff &) = delete;
    // What the run had, for its report: "off (was on)", "off", "on (could not
    // turn off: ...)", "none (kernel without autogroups)".
    QString state() const { return m_state; }

private:
    QByteArray m_before; // empty: nothing to restore
    QString m_state;
};

} // namespace halolink::test
