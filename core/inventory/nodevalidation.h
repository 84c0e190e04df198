#pragma once
// Checks a node before it goes into the inventory, with messages precise
// enough to act on ("'300' in '10.0.0.300' is not a number from 0 to 255").
// Errors block saving; warnings are shown and allowed (loopback data-plane
// addresses are what the tests use, for example).

#include "inventory/node.h"

#include <QList>
#include <QString>

namespace halolink {

struct ValidationIssue {
    enum class Severity { Error, Warning };
    // The field the message is about: "name", "host", "user", "port",
    // "identity_file", "data_interface", "data_address".
    QString field;
    QString message;
    Severity severity = Severity::Error;

    bool isError() const { return severity == Severity::Error; }
};

using ValidationIssues = QList<ValidationIssue>;

// `others`: the rest of the inventory (the node itself, by id, is skipped).
ValidationIssues validateNode(const Node &node, const QList<Node> &others);
bool hasErrors(const ValidationIssues &issues);
// The messages of one severity (or all), one per line, for the CLI and tooltips.
QString issuesText(const ValidationIssues &issues, bool errorsOnly = false);

// "a.b.c.d" or "a.b.c.d/prefix". prefix is -1 when not given.
bool parseIpv4Address(const QString &text, quint32 *address, int *prefix, QString *error);

// Port as typed: empty is 0 ("from the ssh config"). False with a message otherwise.
bool parsePort(const QString &text, int *port, QString *error);

} // namespace halolink
