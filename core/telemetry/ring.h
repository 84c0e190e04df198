#pragma once
// A fixed-capacity ring of items in time order: the storage is allocated once,
// pushing is O(1), and when full the oldest item is overwritten. Index 0 is the
// oldest item. Items must have a `double t` (seconds) kept non-decreasing by
// the caller, so lowerBound() can binary-search by time.

#include <QtGlobal>

#include <vector>

namespace halolink::telemetry {

template<typename T>
class Ring
{
public:
    explicit Ring(qsizetype capacity = 0)
        : m_items(size_t(std::max<qsizetype>(capacity, 1)))
    {
    }

    qsizetype capacity() const { return qsizetype(m_items.size()); }
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    bool isFull() const { return m_size == capacity(); }
    // Whether an item was ever overwritten: then the ring no longer holds the
    // series from its start.
    bool hasWrapped() const { return m_wrapped; }

    void push(const T &item)
    {
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
        m_start = 0;
        m_size = 0;
        m_wrapped = false;
    }
    size_t bytes() const { return m_items.capacity() * sizeof(T); }
    const T *storage() const { return m_items.data(); }

private:
    std::vector<T> m_items;
    qsizetype m_start = 0;
    qsizetype m_size = 0;
    bool m_wrapped = false;
};

} // namespace halolink::telemetry
