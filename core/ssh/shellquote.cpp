#include "ssh/shellquote.h"

namespace halolink {

QString shellQuote(const QString &value)
{
    QString out;
    out.reserve(value.size() + 2);
    out += QLatin1Char('\'');
    for (const QChar c : value) {
        if (c == QLatin1Char('\''))
            out += QLatin1String("'\\''"); // close, escaped quote, reopen
        else
            out += c;
    }
    out += QLatin1Char('\'');
    return out;
}

QString shellCommand(const QStringList &argv)
{
    QStringList quoted;
    quoted.reserve(argv.size());
    for (const QString &arg : argv)
        quoted << shellQuote(arg);
    return quoted.join(QLatin1Char(' '));
}

} // namespace halolink
