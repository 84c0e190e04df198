#pragma once
// Mnemonics (the & accelerators) of what a window shows, for the tests that
// check them in English (tst_accessibility) and in Brazilian Portuguese
// (tst_mainwindow_pt_br): which letters clash, which buttons have none.

#include <QAbstractButton>
#include <QCheckBox>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QStringList>
#include <QWizard>
#include <QWizardPage>

namespace halolink::test {

// The letter after the first '&' that is not "&&", lower case; null without one.
inline QChar mnemonic(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) == QLatin1Char('&')) {
            if (text.at(i + 1) == QLatin1Char('&')) {
                ++i;
                continue;
            }
            return text.at(i + 1).toLower();
        }
    }
    return {};
}

// Letters used twice among the texts in root (buttons, buddied labels, group
// boxes) plus `extra` (e.g. the wizard's buttons). Visible ones only, unless
// hiddenToo: a page's hidden widgets (an "Advanced" box) show up later on it.
inline QStringList mnemonicClashes(QWidget *root, const QStringList &extra = {}, bool hiddenToo = false)
{
    QHash<QChar, QStringList> seen;
    auto add = [&](const QString &text) {
        const QChar c = mnemonic(text);
        if (!c.isNull())
            seen[c].append(text);
    };
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!hiddenToo && !w->isVisibleTo(root))
            continue;
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            add(b->text());
        else if (auto *l = qobject_cast<QLabel *>(w); l && l->buddy())
            add(l->text());
        else if (auto *g = qobject_cast<QGroupBox *>(w))
            add(g->title());
    }
    for (const QString &text : extra)
        add(text);
    QStringList out;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        if (it.value().size() > 1)
            out.append(QStringLiteral("'%1': %2").arg(it.key(), it.value().join(QStringLiteral(", "))));
    }
    return out;
}

// Push buttons, check boxes and radio buttons in root (hidden ones too) whose
// text has no mnemonic. Tool buttons and a table's corner button are not
// reached with Alt+letter and are not counted.
inline QStringList buttonsWithoutMnemonic(QWidget *root)
{
    QStringList out;
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>()) {
        if (!qobject_cast<QPushButton *>(b) && !qobject_cast<QCheckBox *>(b) && !qobject_cast<QRadioButton *>(b))
            continue;
        if (mnemonic(b->text()).isNull())
            out.append(QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(b->metaObject()->className()), b->text()));
    }
    return out;
}

// The texts of the wizard's own buttons as they read with this page (a page
// may name its Finish button itself).
inline QStringList wizardButtonTexts(QWizardPage *page)
{
    QStringList out;
    for (auto which : {QWizard::BackButton, QWizard::NextButton, QWizard::CommitButton, QWizard::FinishButton,
                       QWizard::CancelButton})
        out.append(page->buttonText(which));
    return out;
}

} // namespace halolink::test
