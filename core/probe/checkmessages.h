#pragma once
// Check findings in the user's language. The engine (no Qt) writes each
// finding in English together with the key of its text and the values that
// fill it (engine/probe/check_messages.h); this is the app's translatable copy
// of that table. tests/core/tst_checkmessages.cpp keeps the two in step.

#include "protocol/probereport.h"

#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::facts {

// The check's finding in the user's language: the text of its key filled with
// its values; the engine's own (English) message for a key this version does
// not know, or for values that do not fit the text.
QString checkMessage(const Check &check);

// Whether the check is about something the node does not have (an MTU check on
// a node without an RDMA netdev): a pass that says nothing.
bool checkNotApplicable(const Check &check);

// The table, for tests and translators: key, English text with %1..%n, and
// the names of the values in the order of their numbers ("netdev", "mtu:int",
// "gib:real").
struct CheckMessageText {
    QString key;
    QString text;
    QStringList args;
};
QList<CheckMessageText> checkMessageTexts();

// The text of `key` filled with `args`, translated (or not) and with numbers
// written for `locale`; nullopt for an unknown key or values that do not fit.
std::optional<QString> renderCheckMessage(const QString &key, const QJsonObject &args, const QLocale &locale,
                                          bool translate = true);

} // namespace halolink::facts
