#pragma once
// Long work on the GUI thread, a slice at a time: see EventSlice.

#include <QElapsedTimer>
#include <QMetaObject>
#include <QtGlobal>

namespace halolink {

// One event's share of a longer job on the GUI thread (a node's backlog of
// lines, a pass of mesh updates at 64 nodes). Work until spent(), then
// continueLater(): the rest runs in a queued call, behind the events
// already posted (Qt hands on only those queued before it began), so a
// frame or a click waits at most about kNs, not the whole job.
class EventSlice {
public:
    static constexpr qint64 kNs = 4'000'000;

    EventSlice() { m_clock.start(); }
    bool spent() const { return m_clock.nsecsElapsed() > kNs; }

    // Queues object->method() once: `queued` says a call is pending, and
    // method() clears it first thing.
    template<typename T>
    static void continueLater(T *object, void (T::*method)(), bool &queued)
    {
        if (queued)
            return;
        queued = true;
        QMetaObject::invokeMethod(object, method, Qt::QueuedConnection);
    }

private:
    QElapsedTimer m_clock;
};

} // namespace halolink
