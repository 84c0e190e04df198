#pragma once
// Private to the SshWorker sources (sshworker*.cpp): helpers more than one of them uses.

#include <QByteArray>
#include <QList>

namespace halolink::sshworker_detail {

template<typename Map> QList<int> keysOf(const Map &map)
{
    QList<int> keys;
    for (const auto &kv : map)
        keys << kv.first;
    return keys;
}

inline void wipe(QByteArray &secret)
{
    if (!secret.isEmpty())
        secret.fill('\0');
    secret.clear();
}

} // namespace halolink::sshworker_detail
