// Status colours stay readable on light and dark palettes (contrast against
// the view background), and the proxy gives verdict cells an icon and colour.

#include "appearance.h"
#include "modelroles.h"
#include "status/statusproxymodel.h"
#include "status/statusstyle.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QStandardItemModel>
#include <QStyle>
#include <QTest>

using namespace halolink;
using namespace halolink::ui;

namespace {

double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    return p;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf7, 0xf7, 0xf7));
    p.setColor(QPalette::Text, Qt::black);
    return p;
}

} // namespace

class TestStatusStyle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readable_data();
    void readable();
    void proxyDecorates();
    void colorSchemeNames();
};

void TestStatusStyle::readable_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << darkPalette();
}

void TestStatusStyle::readable()
{
    QFETCH(QPalette, palette);
    for (const Check::Status s : {Check::Status::Pass, Check::Status::Warn, Check::Status::Fail}) {
        const QColor c = StatusStyle::color(s, palette);
        for (const QPalette::ColorRole bg : {QPalette::Base, QPalette::AlternateBase, QPalette::Window}) {
            // WCAG AA for normal text is 4.5:1.
            const double ratio = contrast(c, palette.color(bg));
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("status %1 on role %2: %3:1")
                                                  .arg(int(s)).arg(int(bg)).arg(ratio)));
        }
        // The banner background keeps the normal text readable.
        QVERIFY(contrast(palette.color(QPalette::Text), StatusStyle::background(s, palette)) >= 4.5);
        QVERIFY(!StatusStyle::icon(s, palette).isNull());
    }
}

void TestStatusStyle::proxyDecorates()
{
    QStandardItemModel source(2, 2);
    source.setData(source.index(0, 0), QStringLiteral("Fail"));
    source.setData(source.index(0, 0), int(Check::Status::Fail), Roles::Status);
    source.setData(source.index(1, 0), QStringLiteral("Pass"));
    source.setData(source.index(1, 0), int(Check::Status::Pass), Roles::Status);
    StatusProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&source);
    proxy.setPalette(lightPalette());
    QVERIFY(!proxy.index(0, 0).data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(proxy.index(0, 0).data(Qt::ForegroundRole).value<QColor>(),
             StatusStyle::color(Check::Status::Fail, lightPalette()));
    QVERIFY(!proxy.index(1, 0).data(Qt::ForegroundRole).isValid()); // pass keeps the normal text colour
    QVERIFY(!proxy.index(0, 1).data(Qt::DecorationRole).isValid());

    proxy.setProblemsOnly(true, 0);
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("Fail"));
    proxy.setProblemsOnly(false);
    QCOMPARE(proxy.rowCount(), 2);
}

void TestStatusStyle::colorSchemeNames()
{
    QCOMPARE(parseColorScheme(QStringLiteral("dark")), ColorScheme::Dark);
    QCOMPARE(parseColorScheme(QStringLiteral("Light")), ColorScheme::Light);
    QCOMPARE(parseColorScheme(QStringLiteral("system")), ColorScheme::System);
    QVERIFY(!parseColorScheme(QStringLiteral("purple")));
}

QTEST_MAIN(TestStatusStyle)
#include "tst_statusstyle.moc"
