#pragma once
// A node of the cluster as the inventory knows it. "This computer" is always
// one (kind Local, no SSH); SSH nodes arrive with the inventory issue.

#include <QMetaType>
#include <QString>

namespace halolink {

struct Node {
    enum class Kind { Local, Ssh };

    QString id;   // stable key; "local" for this computer
    QString name; // what people see
    Kind kind = Kind::Ssh;

    static constexpr const char *kLocalId = "local";
    static Node local();

    bool isLocal() const { return kind == Kind::Local; }
    friend bool operator==(const Node &, const Node &) = default;
};

} // namespace halolink

Q_DECLARE_METATYPE(halolink::Node)
