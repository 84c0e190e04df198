#pragma once
// A fixed-capacity ring of items in time order: the storage is reserved once,
// whole, but not initialised: an item's memory is first written when it is
// pushed, so the pages of a ring that has not filled are not resident (a
// series seen for a minute does not hold 24 h of zeros: a 64-node mesh has
// thousands, and zeroing them stalled the GUI thread). Pushing is O(1), never
// moves the storage, and when full the oldest item is overwritten. Index 0 is
// the oldest item. Items must have a `double t` (seconds) kept non-decreasing by
// the caller, so lowerBound() can binary-search by time.

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace halolink::telemetry {

template<typename T>
class Ring
{
public:
    explicit Ring(qsizetype capacity = 0)
        : m_capacity(std::max<qsizetype>(capacity, 1))
    {
        m_items.reserve(size_t(m_capacity));
    }

    qsizetype capacity() const { return m_capacity; }
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    bool isFull() const { return m_size == capacity(); }
    // Whether an item was ever overwritten: then the ring no longer holds the
    // series from its start.
    bool hasWrapped() const { return m_wrapped; }

    void push(const T &item)
    {
        if (qsizetype(m_items.size()) < m_capacity) {
            // Not full yet (never wrapped, m_start is 0): into the reserved storage.
            m_items.push_back(item);
            m_size = qsizetype(m_items.size());
            return;
        }
        qsizetype slot = m_start + m_size;
        if (slot >= capacity())
            slot -= capacity();
        m_items[size_t(slot)] = item;
        if (m_size < capacity()) {
            ++m_size;
        } else {
            m_wrapped = true;
            if (++m_start == capacity())
                m_start = 0;
        }
    }

    const T &at(qsizetype i) const
    {
        qsizetype slot = m_start + i;
        if (slot >= capacity())
            slot -= capacity();
        return m_items[size_t(slot)];
    }
    const T &front() const { return at(0); }
    const T &back() const { return at(m_size - 1); }

    // The first index whose time is >= t (size() when none).
    qsizetype lowerBound(double t) const
    {
        qsizetype lo = 0, hi = m_size;
        while (lo < hi) {
            const qsizetype mid = lo + (hi - lo) / 2;
            if (at(mid).t < t)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
    // The first index whose time is > t.
    qsizetype upperBound(double t) const
    {
        qsizetype lo = 0, hi = m_size;
        while (lo < hi) {
            const qsizetype mid = lo + (hi - lo) / 2;
            if (at(mid).t <= t)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    void clear()
    {
        m_items.clear(); // the storage stays; it is filled again from the start
        m_start = 0;
        m_size = 0;
        m_wrapped = false;
    }
    size_t bytes() const { return m_items.capacity() * sizeof(T); } // reserved
    size_t usedBytes() const { return m_items.size() * sizeof(T); } // written so far
    const T *storage() const { return m_items.data(); }

private:
    std::vector<T> m_items;
    qsizetype m_capacity;
    qsizetype m_start = 0;
    qsizetype m_size = 0;
    bool m_wrapped = false;
};

} // namespace halolink::telemetry
