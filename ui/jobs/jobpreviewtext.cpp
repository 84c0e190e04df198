#include "jobs/jobpreviewtext.h"

#include "ssh/shellquote.h"

#include <QCoreApplication>

namespace halolink::ui {

namespace {

class JobPreview {
    Q_DECLARE_TR_FUNCTIONS(JobPreview)
};

// The word without its opening quote, to see what it starts with.
QChar firstChar(const QString &word)
{
    for (const QChar c : word) {
        if (c != QLatin1Char('\'') && c != QLatin1Char('"'))
            return c;
    }
    return {};
}

bool isOperator(const QString &word)
{
    static const QStringList ops { QStringLiteral("&&"), QStringLiteral("||"), QStringLiteral(";"),
        QStringLiteral("|"), QStringLiteral("&"), QStringLiteral("{"), QStringLiteral("}") };
    return ops.contains(word) || word.startsWith(QLatin1Char('>')) || word.startsWith(QLatin1Char('<'))
        || word.endsWith(QLatin1Char(';'));
}

// An option without '=' keeps the value after it on its line
// ('--tensor-parallel-size' '2', -H 10.0.0.1).
QStringList commandUnits(const QStringList &words)
{
    QStringList units;
    for (int i = 0; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (i + 1 < words.size() && firstChar(w) == QLatin1Char('-') && !w.contains(QLatin1Char('='))
            && !isOperator(w)) {
            const QString &next = words.at(i + 1);
            if (firstChar(next) != QLatin1Char('-') && !isOperator(next)) {
                units << w + QLatin1Char(' ') + next;
                ++i;
                continue;
            }
        }
        units << w;
    }
    return units;
}

// Units packed into lines of at most `width` columns (prefix and joint
// included) where they fit; `joint` ends every line but the last.
QStringList pack(const QStringList &units, int width, const QString &first, const QString &rest,
    const QString &joint)
{
    QStringList lines;
    QString line = first;
    bool empty = true;
    for (const QString &u : units) {
        if (!empty && width > 0 && line.size() + 1 + u.size() + joint.size() > width) {
            lines << line + joint;
            line = rest;
            empty = true;
        }
        if (!empty)
            line += QLatin1Char(' ');
        line += u;
        empty = false;
    }
    lines << line;
    return lines;
}

QString commandLines(const QString &command, int width, const QString &first, const QString &rest)
{
    return pack(commandUnits(shellWords(command)), width, first, rest, QStringLiteral(" \\"))
        .join(QLatin1Char('\n'));
}

QString proseLines(const QString &text, int width, const QString &first, const QString &rest)
{
    // Line breaks of the text itself are kept.
    QStringList out;
    const QStringList paragraphs = text.split(QLatin1Char('\n'));
    for (int i = 0; i < paragraphs.size(); ++i)
        out << pack(paragraphs.at(i).split(QLatin1Char(' '), Qt::SkipEmptyParts), width, i == 0 ? first : rest,
            rest, QString());
    return out.join(QLatin1Char('\n'));
}

} // namespace

QStringList shellWords(const QString &command)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command.at(i);
        if (!quote.isNull()) {
            word += c;
            if (c == quote)
                quote = QChar();
            else if (quote == QLatin1Char('"') && c == QLatin1Char('\\') && i + 1 < command.size())
                word += command.at(++i);
            continue;
        }
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\n')) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        word += c;
        if (c == QLatin1Char('\'') || c == QLatin1Char('"'))
            quote = c;
        else if (c == QLatin1Char('\\') && i + 1 < command.size())
            word += command.at(++i);
    }
    if (inWord)
        words << word;
    return words;
}

QString wrapCommand(const QString &command, int width, int indent)
{
    return commandLines(command, width, QString(), QString(indent, QLatin1Char(' ')));
}

QString wrapProse(const QString &text, int width, const QString &first, const QString &rest)
{
    return proseLines(text, width, first, rest);
}

QString hcaMeaning(const QString &value)
{
    QStringList parts;
    QString v = value.trimmed();
    if (v.isEmpty())
        return {};
    if (v.startsWith(QLatin1Char('^'))) {
        parts << JobPreview::tr("'^' excludes the devices listed");
        v = v.mid(1);
    }
    if (v.startsWith(QLatin1Char('='))) {
        v = v.mid(1);
        const QString device = v.section(QLatin1Char(','), 0, 0).section(QLatin1Char(':'), 0, 0);
        parts << JobPreview::tr("'=' means exactly the device %1 (without it, RCCL takes every device whose name starts "
                    "with %1)")
                     .arg(device);
    } else {
        parts << JobPreview::tr("a prefix: every device whose name starts with it");
    }
    for (const QString &hca : v.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype colon = hca.indexOf(QLatin1Char(':'));
        if (colon > 0)
            parts << JobPreview::tr("':%1' is the port of %2").arg(hca.mid(colon + 1), hca.left(colon));
    }
    return parts.join(QStringLiteral(", "));
}

QString jobPreviewText(const jobs::Rendered &r, const QList<jobs::JobNode> &nodes, const JobPreviewNotes &notes,
    const QStringList &formErrors, int width)
{
    QStringList out;
    const QString errorPrefix = JobPreview::tr("error: ");
    const QString errorIndent(errorPrefix.size(), QLatin1Char(' '));
    for (const QString &e : formErrors) {
        if (!r.errors.contains(e))
            out << proseLines(e, width, errorPrefix, errorIndent);
    }
    for (const QString &e : r.errors)
        out << proseLines(e, width, errorPrefix, errorIndent);
    if (!r.ok())
        return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
    const QString warningPrefix = JobPreview::tr("warning: ");
    for (const QString &w : r.warnings)
        out << proseLines(w, width, warningPrefix, QString(warningPrefix.size(), QLatin1Char(' ')));
    const QString notePrefix = JobPreview::tr("note: ");
    for (const QString &n : notes.notes)
        out << proseLines(n, width, notePrefix, QString(notePrefix.size(), QLatin1Char(' ')));
    for (const jobs::JobNode &n : nodes) {
        out << proseLines(QStringLiteral("== %1 (%2, %3)").arg(n.name, n.dataInterface, n.dataIp), width, QString(),
            QStringLiteral("   "));
        for (const jobs::EnvVar &v : r.env.value(n.nodeId)) {
            QString source = notes.sources.value(v.name, v.source);
            if (v.name == QLatin1String("NCCL_IB_HCA") && !source.contains(QLatin1String("'='"))) {
                // Unless the source says it already: the syntax, not a typo.
                const QString meaning = hcaMeaning(v.value);
                if (!meaning.isEmpty())
                    source += QStringLiteral("; ") + meaning;
            }
            const QString assignment = QStringLiteral("  %1=%2").arg(v.name, shellQuote(v.value));
            const QString comment = QStringLiteral("    # ") + source;
            if (width <= 0 || assignment.size() + comment.size() <= width)
                out << assignment + comment;
            else
                out << assignment << proseLines(source, width, QStringLiteral("      # "), QStringLiteral("      # "));
        }
    }
    out << proseLines(JobPreview::tr("Steps (same order runs at once; each waits for the one before):"), width,
        QString(), QStringLiteral("  "));
    for (const jobs::Step &s : r.steps) {
        out << proseLines(QStringLiteral("[%1] %2 %3: %4").arg(s.order + 1).arg(s.nodeName, s.role, s.what), width,
            QStringLiteral("  "), QStringLiteral("      "));
        out << commandLines(s.command, width, QStringLiteral("      $ "), QStringLiteral("          "));
        out << proseLines(JobPreview::tr("waits for: %1").arg(s.readiness), width, QStringLiteral("      "),
            QStringLiteral("        "));
    }
    out << proseLines(JobPreview::tr("API: %1/v1").arg(r.apiUrl), width, QString(), QStringLiteral("  "));
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace halolink::ui
