#include "inventory/sshconfigimport.h"

#include "ssh/sshpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace halolink {

namespace {

// This file's texts outside a QObject: ConfigImport::tr("...") is looked up in the
// context lupdate files it under.
struct ConfigImport {
    Q_DECLARE_TR_FUNCTIONS(SshConfigImport)
};

constexpr int kMaxIncludeDepth = 16;

// One line of the config after tokenizing: keyword (lower case) and arguments.
struct ConfigLine {
    QString keyword;
    QStringList args;
    QString file;
    int line = 0;
};

// ssh's rules: "Key value", "Key=value", "Key = value"; arguments separated by
// blanks; double quotes group; '#' starts a comment at the start of a line.
bool tokenize(const QString &raw, QString *keyword, QStringList *args)
{
    const QString line = raw.trimmed();
    if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
        return false;
    qsizetype i = 0;
    while (i < line.size() && !line.at(i).isSpace() && line.at(i) != QLatin1Char('='))
        ++i;
    *keyword = line.left(i).toLower();
    while (i < line.size() && line.at(i).isSpace())
        ++i;
    if (i < line.size() && line.at(i) == QLatin1Char('='))
        ++i;
    args->clear();
    QString current;
    bool inQuotes = false, have = false;
    for (; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == QLatin1Char('"')) {
            inQuotes = !inQuotes;
            have = true;
        } else if (c.isSpace() && !inQuotes) {
            if (have)
                *args << current;
            current.clear();
            have = false;
        } else {
            current += c;
            have = true;
        }
    }
    if (have)
        *args << current;
    return !keyword->isEmpty();
}

// ssh expands "~" with the passwd home, not $HOME (ssh/sshpaths.h).
QString expandTilde(const QString &path)
{
    return expandSshTilde(path);
}

class Reader
{
public:
    Reader(const QString &sshDir, SshConfigImport *result)
        : m_sshDir(sshDir)
        , m_result(result)
    {
    }

    QList<ConfigLine> lines;

    bool read(const QString &path, int depth, QString *error)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
            *error = ConfigImport::tr("%1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
            return false;
        }
        const QStringList text = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
        for (int n = 0; n < text.size(); ++n) {
            ConfigLine l;
            if (!tokenize(text.at(n), &l.keyword, &l.args))
                continue;
            l.file = path;
            l.line = n + 1;
            if (l.keyword == QLatin1String("include")) {
                include(l, depth);
                continue;
            }
            lines << l;
        }
        return true;
    }

private:
    void include(const ConfigLine &l, int depth)
    {
        if (depth >= kMaxIncludeDepth) {
            m_result->notes << ConfigImport::tr("%1:%2: Include nested more than %3 deep; not followed.")
                                   .arg(QDir::toNativeSeparators(l.file))
                                   .arg(l.line)
                                   .arg(kMaxIncludeDepth);
            return;
        }
        for (const QString &arg : l.args) {
            QString pattern = expandTilde(arg);
            if (QDir::isRelativePath(pattern))
                pattern = m_sshDir + QLatin1Char('/') + pattern;
            const QFileInfo info(pattern);
            QStringList files;
            if (pattern.contains(QLatin1Char('*')) || pattern.contains(QLatin1Char('?'))
                || pattern.contains(QLatin1Char('['))) {
                QDir dir = info.absoluteDir();
                const QStringList names = dir.entryList({info.fileName()}, QDir::Files, QDir::Name);
                for (const QString &name : names)
                    files << dir.filePath(name);
            } else if (info.exists()) {
                files << pattern;
            } else {
                // ssh ignores a missing include; say so, it may be a typo.
                m_result->notes << ConfigImport::tr("%1:%2: Include %3 does not exist; skipped.")
                                       .arg(QDir::toNativeSeparators(l.file))
                                       .arg(l.line)
                                       .arg(arg);
            }
            for (const QString &file : files) {
                QString error;
                if (!read(file, depth + 1, &error))
                    m_result->notes << ConfigImport::tr("%1:%2: Include not readable: %3")
                                           .arg(QDir::toNativeSeparators(l.file))
                                           .arg(l.line)
                                           .arg(error);
            }
        }
    }

    QString m_sshDir;
    SshConfigImport *m_result;
};

bool isPattern(const QString &name)
{
    return name.contains(QLatin1Char('*')) || name.contains(QLatin1Char('?')) || name.startsWith(QLatin1Char('!'));
}

bool globMatches(const QString &pattern, const QString &name)
{
    // ssh patterns know only * and ?; escape everything else.
    QString re;
    for (const QChar c : pattern) {
        if (c == QLatin1Char('*'))
            re += QLatin1String(".*");
        else if (c == QLatin1Char('?'))
            re += QLatin1Char('.');
        else
            re += QRegularExpression::escape(QString(c));
    }
    return QRegularExpression(QRegularExpression::anchoredPattern(re), QRegularExpression::CaseInsensitiveOption)
        .match(name)
        .hasMatch();
}

} // namespace

Node SshConfigHost::toNode() const
{
    Node n;
    n.kind = Node::Kind::Ssh;
    n.name = alias;
    n.host = alias;
    return n;
}

QString defaultSshConfigPath()
{
    // The same file the connection reads (ssh/sshpaths.h).
    return sshUserConfigFile();
}

bool sshPatternListMatches(const QStringList &patterns, const QString &name)
{
    bool matched = false;
    for (const QString &p : patterns) {
        if (p.startsWith(QLatin1Char('!'))) {
            if (globMatches(p.mid(1), name))
                return false; // a negated match rules the block out
        } else if (globMatches(p, name)) {
            matched = true;
        }
    }
    return matched;
}

SshConfigImport parseSshConfig(const QString &pathIn, const QString &sshDirIn)
{
    SshConfigImport result;
    const QString path = pathIn.isEmpty() ? defaultSshConfigPath() : pathIn;
    const QString sshDir = sshDirIn.isEmpty() ? sshFolder() : sshDirIn;
    Reader reader(sshDir, &result);
    if (!reader.read(path, 0, &result.error))
        return result;

    // Blocks: index -1 is "before any Host" (applies to all).
    struct Block {
        bool isMatch = false;
        QStringList patterns;
        QList<ConfigLine> options;
    };
    QList<Block> blocks{Block{false, {QStringLiteral("*")}, {}}};
    for (const ConfigLine &l : reader.lines) {
        if (l.keyword == QLatin1String("host")) {
            blocks << Block{false, l.args, {}};
            bool anyName = false;
            for (const QString &a : l.args) {
                if (isPattern(a))
                    continue;
                anyName = true;
                if (std::any_of(result.hosts.begin(), result.hosts.end(),
                                [&a](const SshConfigHost &h) { return h.alias == a; }))
                    continue;
                SshConfigHost h;
                h.alias = a;
                h.file = l.file;
                h.line = l.line;
                result.hosts << h;
            }
            if (!anyName)
                result.notes << ConfigImport::tr("%1:%2: Host %3 has only patterns; nothing to import.")
                                    .arg(QDir::toNativeSeparators(l.file))
                                    .arg(l.line)
                                    .arg(l.args.join(QLatin1Char(' ')));
        } else if (l.keyword == QLatin1String("match")) {
            blocks << Block{true, {}, {}};
            result.notes << ConfigImport::tr(
                "%1:%2: Match %3 is not evaluated (it may need a connection); its settings are "
                "not shown here, but ssh and HaloLink still apply them when connecting.")
                                .arg(QDir::toNativeSeparators(l.file))
                                .arg(l.line)
                                .arg(l.args.join(QLatin1Char(' ')));
        } else {
            blocks.last().options << l;
        }
    }

    for (SshConfigHost &h : result.hosts) {
        bool haveHostName = false, haveUser = false, havePort = false;
        for (const Block &b : blocks) {
            if (b.isMatch || !sshPatternListMatches(b.patterns, h.alias))
                continue;
            for (const ConfigLine &o : b.options) {
                const QString value = o.args.value(0);
                if (o.keyword == QLatin1String("hostname") && !haveHostName) {
                    haveHostName = true;
                    h.hostName = QString(value).replace(QLatin1String("%h"), h.alias);
                } else if (o.keyword == QLatin1String("user") && !haveUser) {
                    haveUser = true;
                    h.user = value;
                } else if (o.keyword == QLatin1String("port") && !havePort) {
                    havePort = true;
                    h.port = value.toInt();
                } else if (o.keyword == QLatin1String("identityfile")) {
                    // IdentityFile accumulates (every one is tried).
                    const QString file = expandTilde(value);
                    if (!file.isEmpty() && !h.identityFiles.contains(file))
                        h.identityFiles << file;
                }
            }
        }
    }
    return result;
}

} // namespace halolink
