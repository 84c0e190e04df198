#include "welcome/welcomepage.h"

#include "status/statusstyle.h"

#include <QCommandLinkButton>
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

QCommandLinkButton *wayIn(const QString &title, const QString &description, const char *name, QWidget *parent)
{
    auto *button = new QCommandLinkButton(title, description, parent);
    button->setObjectName(QLatin1String(name));
    button->setAccessibleDescription(description);
    return button;
}

} // namespace

WelcomePage::WelcomePage(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    column->setSpacing(12);

    auto *title = new QLabel(tr("Welcome to HaloLink"), content);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    title->setFont(big);
    title->setAccessibleName(title->text());
    column->addWidget(title);

    auto *what = new QLabel(
        tr("HaloLink sets up RDMA (RoCE v2) between your Strix Halo machines, shows whether it works and what "
           "it delivers (latency and bandwidth against TCP, errors, GPU and memory use), and runs "
           "tensor-parallel LLMs across them with vLLM over Ray or llama.cpp RPC, with proof that RDMA "
           "carried the traffic."),
        content);
    what->setWordWrap(true);
    what->setObjectName(QStringLiteral("welcomeWhat"));
    column->addWidget(what);

    auto *ways = new QLabel(tr("There is no cluster yet. Three ways in:"), content);
    column->addWidget(ways);

    m_setup = wayIn(tr("Set up a cluster"),
                    tr("The guided setup: your machines over SSH, a check of each, RoCE v2 (mode, MTU, addresses, "
                       "QoS) as a plan you review and that rolls back by itself unless you confirm it, and a "
                       "measurement of RDMA against TCP between every pair."),
                    "welcomeSetup", content);
    m_addNodes = wayIn(tr("Add nodes"),
                       tr("Add machines by their SSH address to see their hardware, GPUs and RDMA devices before "
                          "changing anything."),
                       "welcomeAddNodes", content);
    m_import = wayIn(tr("Import nodes from ~/.ssh/config"),
                     tr("Pick the hosts you already reach with ssh."), "welcomeImport", content);
    m_virtual = wayIn(tr("Try a virtual cluster"),
                      tr("No Strix Halo boxes or RDMA NICs at hand? Boot two to four small virtual machines with "
                         "Soft-RoCE on this computer and try the setup, the dashboards and the latency mesh on "
                         "them for real."),
                      "welcomeVirtualCluster", content);
    for (QCommandLinkButton *b : {m_setup, m_addNodes, m_import, m_virtual})
        column->addWidget(b);
    m_virtualState = new QLabel(content);
    m_virtualState->setObjectName(QStringLiteral("welcomeVirtualState"));
    m_virtualState->setWordWrap(true);
    m_virtualState->setVisible(false);
    column->addWidget(m_virtualState);

    column->addSpacing(8);
    m_local = new QLabel(content);
    m_local->setObjectName(QStringLiteral("welcomeLocalStatus"));
    m_local->setWordWrap(true);
    m_local->setTextFormat(Qt::RichText);
    m_local->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_local->setText(tr("Probing this computer…"));
    m_local->setAccessibleName(m_local->text());
    connect(m_local, &QLabel::linkActivated, this, &WelcomePage::thisComputerRequested);
    column->addWidget(m_local);
    column->addStretch(1);

    connect(m_setup, &QAbstractButton::clicked, this, &WelcomePage::setUpClusterRequested);
    connect(m_addNodes, &QAbstractButton::clicked, this, &WelcomePage::addNodeRequested);
    connect(m_import, &QAbstractButton::clicked, this, &WelcomePage::importRequested);
    connect(m_virtual, &QAbstractButton::clicked, this, &WelcomePage::virtualClusterRequested);

    // A readable column, centred, that scrolls on a small screen.
    content->setMaximumWidth(760);
    auto *centre = new QWidget;
    auto *row = new QHBoxLayout(centre);
    row->addStretch(1);
    row->addWidget(content, 4);
    row->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(centre);
    scroll->setAccessibleName(tr("Welcome to HaloLink"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

void WelcomePage::setLocalStatus(const QString &text, bool ok)
{
    const QColor colour = StatusStyle::color(ok ? Check::Status::Pass : Check::Status::Fail, palette());
    m_local->setText(QStringLiteral("<span style=\"color:%1\">%2</span> %3 <a href=\"local\">%4</a>")
                         .arg(colour.name(), ok ? QStringLiteral("&#x2714;") : QStringLiteral("&#x2716;"),
                              text.toHtmlEscaped(), tr("This computer's page").toHtmlEscaped()));
    m_local->setAccessibleName(text);
}

void WelcomePage::setVirtualClusterState(const QString &text)
{
    m_virtualState->setText(text);
    m_virtualState->setVisible(!text.isEmpty());
}

} // namespace halolink::ui
