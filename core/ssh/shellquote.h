#pragma once
// The one place where a value becomes part of a remote command line.
//
// Every command HaloLink runs on a node goes through a POSIX shell (that is how
// SSH "exec" works: the server runs `$SHELL -c <command>`). Anything a person
// typed or a node reported is quoted with shellQuote() before it is put into
// such a command, so it always arrives as exactly one literal argument and is
// never run as shell syntax.

#include <QString>
#include <QStringList>

namespace halolink {

// POSIX single-quote style: the value inside '...', each ' written as '\''.
// Nothing is special inside single quotes ($, `, \, ;, newlines, globs), so the
// result is one word whatever the value holds. The empty string becomes ''.
QString shellQuote(const QString &value);

// Each argument quoted, joined by single spaces: a command line that runs argv
// exactly, without the shell interpreting any of it.
QString shellCommand(const QStringList &argv);

} // namespace halolink
