#include "inventory/nodevalidation.h"

#include "ssh/sshpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>

namespace halolink {

namespace {

// This file's texts outside a QObject: NodeValidation::tr("...") is looked up in the
// context lupdate files it under.
struct NodeValidation {
    Q_DECLARE_TR_FUNCTIONS(NodeValidation)
};

void error(ValidationIssues &issues, const char *field, const QString &message)
{
    issues.append({QLatin1String(field), message, ValidationIssue::Severity::Error});
}

void warning(ValidationIssues &issues, const char *field, const QString &message)
{
    issues.append({QLatin1String(field), message, ValidationIssue::Severity::Warning});
}

bool hasControlOrSpace(const QString &s)
{
    for (const QChar c : s) {
        if (c.isSpace() || c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

bool hasControl(const QString &s)
{
    for (const QChar c : s) {
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

// As ssh expands it (passwd home; ssh/sshpaths.h).
QString expandHome(const QString &path)
{
    return expandSshTilde(path);
}

QString ipText(quint32 a)
{
    return QStringLiteral("%1.%2.%3.%4").arg(a >> 24).arg((a >> 16) & 0xff).arg((a >> 8) & 0xff).arg(a & 0xff);
}

} // namespace

bool parsePort(const QString &text, int *port, QString *message)
{
    const QString t = text.trimmed();
    if (t.isEmpty()) {
        *port = 0;
        return true;
    }
    bool ok = false;
    const qlonglong value = t.toLongLong(&ok);
    if (!ok) {
        *message = NodeValidation::tr(
            "The port '%1' is not a number; use 1 to 65535, or leave it empty for the ssh "
            "config's port (else 22).")
                       .arg(t);
        return false;
    }
    if (value < 1 || value > 65535) {
        *message = NodeValidation::tr(
            "The port must be from 1 to 65535 (got %1); leave it empty for the ssh config's "
            "port (else 22).")
                       .arg(value);
        return false;
    }
    *port = int(value);
    return true;
}

bool parseIpv4Address(const QString &text, quint32 *address, int *prefix, QString *message)
{
    const QString t = text.trimmed();
    QString addressPart = t;
    *prefix = -1;
    const qsizetype slash = t.indexOf(QLatin1Char('/'));
    if (slash >= 0) {
        addressPart = t.left(slash);
        const QString p = t.mid(slash + 1);
        bool ok = false;
        const int value = p.toInt(&ok);
        if (p.isEmpty() || !ok || !std::all_of(p.begin(), p.end(), [](QChar c) { return c.isDigit(); })) {
            *message = NodeValidation::tr(
                "The prefix length after '/' in '%1' must be a number from 1 to 32, like /24.")
                           .arg(t);
            return false;
        }
        if (value < 1 || value > 32) {
            *message = NodeValidation::tr("The prefix length must be from 1 to 32 (got /%1 in '%2').")
                           .arg(value)
                           .arg(t);
            return false;
        }
        *prefix = value;
    }
    const QStringList parts = addressPart.split(QLatin1Char('.'));
    if (parts.size() != 4) {
        *message = NodeValidation::tr(
            "'%1' is not an IPv4 address: it needs four numbers from 0 to 255 separated by dots, "
            "like 192.168.100.1 (optionally with a prefix, like 192.168.100.1/30).")
                       .arg(addressPart);
        return false;
    }
    quint32 a = 0;
    for (const QString &part : parts) {
        bool ok = !part.isEmpty() && part.size() <= 3
                  && std::all_of(part.begin(), part.end(), [](QChar c) { return c.isDigit(); });
        const int value = ok ? part.toInt() : -1;
        if (!ok || value > 255) {
            *message
                = NodeValidation::tr("'%1' in '%2' is not a number from 0 to 255.").arg(part, addressPart);
            return false;
        }
        // "010" reads as octal to inet_aton and many tools: refuse the ambiguity.
        if (part.size() > 1 && part.startsWith(QLatin1Char('0'))) {
            *message = NodeValidation::tr(
                "'%1' in '%2' has a leading zero, which some tools read as octal; write it "
                "without (%3).")
                           .arg(part, addressPart, QString::number(value));
            return false;
        }
        a = (a << 8) | quint32(value);
    }
    *address = a;
    return true;
}

ValidationIssues validateNode(const Node &node, const QList<Node> &others)
{
    ValidationIssues issues;

    // Name
    const QString name = node.name.trimmed();
    if (name.isEmpty()) {
        error(issues, "name", NodeValidation::tr("Give the node a name."));
    } else if (name.size() > 64) {
        error(issues, "name",
            NodeValidation::tr("The name is %1 characters long; use at most 64.").arg(name.size()));
    } else if (hasControl(name)) {
        error(issues, "name",
            NodeValidation::tr("The name contains a control character (a tab or a line break)."));
    } else {
        for (const Node &other : others) {
            if (other.id == node.id)
                continue;
            if (other.name.trimmed().compare(name, Qt::CaseInsensitive) == 0) {
                error(issues, "name",
                    NodeValidation::tr(
                        "Another node is already called '%1' (names are compared without regard to case).")
                        .arg(other.name));
                break;
            }
        }
        if (!node.isLocal()
            && (name.compare(QLatin1String(Node::kLocalId), Qt::CaseInsensitive) == 0
                || name.compare(Node::local().name, Qt::CaseInsensitive) == 0)) {
            error(issues, "name",
                NodeValidation::tr("'%1' is the name of this computer in HaloLink; choose another.")
                    .arg(name));
        }
    }

    if (!node.isLocal()) {
        // Host
        const QString host = node.host.trimmed();
        if (host.isEmpty()) {
            error(issues, "host",
                NodeValidation::tr(
                    "Enter the SSH host: a host name, an address or a Host alias from ~/.ssh/config."));
        } else if (hasControlOrSpace(host)) {
            error(issues, "host",
                NodeValidation::tr("The host '%1' contains a space or a control character.").arg(host));
        } else if (host.startsWith(QLatin1Char('-'))) {
            error(issues, "host",
                NodeValidation::tr("A host cannot start with '-' (it would read as an ssh option)."));
        } else if (const auto bad = std::find_if(host.begin(), host.end(), [](QChar c) {
                       return !(c.isLetterOrNumber() || QStringLiteral("._-:[]%@").contains(c));
                   });
                   bad != host.end()) {
            error(issues, "host",
                NodeValidation::tr(
                    "The host '%1' contains '%2', which no host name, address or ssh alias has.")
                    .arg(host, *bad));
        } else if (host.contains(QLatin1Char('@'))) {
            const QString user = host.section(QLatin1Char('@'), 0, -2);
            const QString rest = host.section(QLatin1Char('@'), -1);
            error(issues, "host",
                NodeValidation::tr("Put the user in the User field: '%1' is host '%2' with user '%3'.")
                    .arg(host, rest, user));
        } else if (host.count(QLatin1Char(':')) == 1 && !host.startsWith(QLatin1Char('['))) {
            error(issues, "host",
                NodeValidation::tr("Put the port in the Port field: '%1' is host '%2' with port %3.")
                    .arg(host, host.section(QLatin1Char(':'), 0, 0), host.section(QLatin1Char(':'), 1)));
        }

        // User
        if (!node.user.isEmpty()) {
            if (hasControlOrSpace(node.user))
                error(issues, "user",
                    NodeValidation::tr("The user name '%1' contains a space or a control character.")
                        .arg(node.user));
            else if (node.user.startsWith(QLatin1Char('-')))
                error(issues, "user", NodeValidation::tr("A user name cannot start with '-'."));
            else if (node.user.contains(QLatin1Char('@')) || node.user.contains(QLatin1Char(':')))
                error(issues, "user",
                    NodeValidation::tr("The user name '%1' cannot contain '@' or ':'.").arg(node.user));
        }

        // Port
        if (node.port < 0 || node.port > 65535)
            error(issues, "port",
                NodeValidation::tr(
                    "The port must be from 1 to 65535 (got %1); leave it empty for the ssh config's port "
                    "(else 22).")
                    .arg(node.port));

        // Identity file
        if (!node.identityFile.isEmpty()) {
            const QFileInfo key(expandHome(node.identityFile));
            if (!key.exists())
                error(issues, "identity_file",
                    NodeValidation::tr("The identity file %1 does not exist.").arg(node.identityFile));
            else if (!key.isFile())
                error(issues, "identity_file",
                    NodeValidation::tr("%1 is not a file (the private key is).").arg(node.identityFile));
            else if (!key.isReadable())
                error(issues, "identity_file",
                    NodeValidation::tr("%1 cannot be read by you.").arg(node.identityFile));
            else if (key.fileName().endsWith(QLatin1String(".pub")))
                error(issues, "identity_file",
                    NodeValidation::tr(
                        "%1 is a public key; choose the private key (the same name without .pub).")
                        .arg(node.identityFile));
        }
    }

    // Data-plane interface: a Linux interface name (IFNAMSIZ 16 with the NUL).
    const QString ifname = node.dataInterface.trimmed();
    if (!ifname.isEmpty()) {
        if (ifname.size() > 15)
            error(issues, "data_interface",
                NodeValidation::tr("The interface name '%1' is %2 characters long; Linux allows at most 15.")
                    .arg(ifname)
                    .arg(ifname.size()));
        else if (hasControlOrSpace(ifname) || ifname.contains(QLatin1Char('/')) || ifname.contains(QLatin1Char(':'))
                 || ifname == QLatin1String(".") || ifname == QLatin1String(".."))
            error(issues, "data_interface",
                NodeValidation::tr(
                    "'%1' is not a valid interface name (no spaces, '/' or ':'), like enp194s0np0.")
                    .arg(ifname));
    }

    // Data-plane address
    const QString address = node.dataAddress.trimmed();
    if (!address.isEmpty()) {
        quint32 a = 0;
        int prefix = -1;
        QString message;
        if (!parseIpv4Address(address, &a, &prefix, &message)) {
            error(issues, "data_address", message);
        } else {
            const quint32 first = a >> 24;
            if (a == 0)
                error(issues, "data_address", NodeValidation::tr("0.0.0.0 is not the address of a node."));
            else if (first >= 224 && first <= 239)
                error(issues, "data_address",
                    NodeValidation::tr("%1 is a multicast address, not the address of a node.")
                        .arg(ipText(a)));
            else if (first >= 240)
                error(issues, "data_address",
                    NodeValidation::tr("%1 is a reserved or broadcast address, not the address of a node.")
                        .arg(ipText(a)));
            else if (prefix > 0 && prefix <= 30) {
                const quint32 hostMask = prefix == 32 ? 0 : (0xffffffffu >> prefix);
                if ((a & hostMask) == 0)
                    error(issues, "data_address",
                        NodeValidation::tr(
                            "%1 is the network address of %1/%2, not a node's address (in a /%2 the first "
                            "usable one is %3).")
                            .arg(ipText(a))
                            .arg(prefix)
                            .arg(ipText(a + 1)));
                else if ((a & hostMask) == hostMask)
                    error(issues, "data_address",
                        NodeValidation::tr(
                            "%1 is the broadcast address of its /%2 network, not a node's address.")
                            .arg(ipText(a))
                            .arg(prefix));
            }
            if (first == 127)
                warning(issues, "data_address",
                    NodeValidation::tr(
                        "%1 is a loopback address: only this node itself reaches it (fine for tests, not "
                        "for a cluster).")
                        .arg(ipText(a)));
            if (!node.isLocal() && node.host.trimmed() == ipText(a))
                warning(issues, "data_address",
                    NodeValidation::tr(
                        "The data-plane address is the SSH (management) address: benchmarks and the "
                        "latency mesh would measure the management network, not the RDMA link."));
            for (const Node &other : others) {
                if (other.id != node.id && !other.dataPlaneIp().isEmpty() && other.dataPlaneIp() == ipText(a)
                    && first != 127) {
                    warning(issues, "data_address",
                        NodeValidation::tr("%1 already uses the data-plane address %2.")
                            .arg(other.name, ipText(a)));
                    break;
                }
            }
        }
    }
    return issues;
}

bool hasErrors(const ValidationIssues &issues)
{
    return std::any_of(issues.begin(), issues.end(), [](const ValidationIssue &i) { return i.isError(); });
}

QString issuesText(const ValidationIssues &issues, bool errorsOnly)
{
    QStringList lines;
    for (const ValidationIssue &i : issues) {
        if (errorsOnly && !i.isError())
            continue;
        lines << i.message;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace halolink
