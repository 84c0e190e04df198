#pragma once
// What the engine says to people, in the user's language. The engine (no Qt)
// writes its texts in English from tables of texts by key, with the key and
// the values beside the English (engine/sys/keyed_text.h): the findings of
// the probe's checks (message_key, message_args), the reasons and warnings of
// a RoCE plan (why_key, why_args; warning_keys) and the details of `verify`'s
// checks (detail_key, detail_args). These are the app's
// translatable copies of those tables; tests/core/tst_enginetexts.cpp keeps
// them in step with the engine's.

#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::enginetext {

enum class Table {
    CheckMessage, // engine/probe/check_messages.cpp
    PlanText,     // engine/roce/plan_texts.cpp
    VerifyText,   // engine/roce/verify_texts.cpp
};

// One entry: key, English text with %1..%n, and the names of the values in
// the order of their numbers ("netdev", "mtu:int", "gib:real").
struct Text {
    QString key;
    QString text;
    QStringList args;
};
QList<Text> texts(Table table);

// The text of `key` filled with `args`, translated (or not) and with numbers
// written for `locale`; nullopt for an unknown key or values that do not fit
// (missing, extra, or of another type).
std::optional<QString> render(Table table, const QString &key, const QJsonObject &args, const QLocale &locale,
                              bool translate = true);

// `english` said in the user's language when `key` and `args` allow it, else
// `english` itself (an older engine, a key this version does not know).
QString translated(Table table, const QString &key, const QJsonObject &args, const QString &english);

// A plan step's reason and a plan's warnings in the user's language.
QString planStepWhy(const QJsonObject &step);
QStringList planWarnings(const QJsonObject &plan);
// The detail of one of `verify`'s checks in the user's language.
QString verifyDetail(const QJsonObject &check);

} // namespace halolink::enginetext
