#include "node/nodepage.h"

#include "node/gpucard.h"
#include "probe/checkstatus.h"
#include "probe/probefacts.h"
#include "probe/probemodels.h"
#include "status/statusproxymodel.h"
#include "status/statusstyle.h"

#include <QAction>
#include <QCheckBox>
#include <QEvent>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

constexpr int kIconSize = 16;
constexpr int kMaxProblemsShown = 6;

QLabel *valueLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

QLabel *placeholderLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

QString orUnknown(const std::optional<QString> &value)
{
    return value.value_or(facts::unknownText());
}

Check::Status worstStatus(const ProbeReport &report)
{
    return countChecks(report.checks).worst();
}

} // namespace

NodePage::NodePage(ProbeModels *models, QAction *refreshAction, QWidget *parent)
    : QWidget(parent)
    , m_models(models)
    , m_title(new QLabel(this))
    , m_subtitle(new QLabel(this))
    , m_stateIcon(new QLabel(this))
    , m_stateText(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_banner(new QFrame(this))
    , m_bannerIcon(new QLabel(m_banner))
    , m_bannerText(new QLabel(m_banner))
    , m_tabs(new QTabWidget(this))
    , m_placeholder(new QLabel(this))
    , m_checksProxy(new StatusProxyModel(this))
    , m_nicsProxy(new StatusProxyModel(this))
    , m_portsProxy(new StatusProxyModel(this))
    , m_gidsProxy(new StatusProxyModel(this))
{
    m_checksProxy->setSourceModel(models->checks());
    m_nicsProxy->setSourceModel(models->nics());
    m_portsProxy->setSourceModel(models->rdmaPorts());
    m_gidsProxy->setSourceModel(models->gids());

    // Header: node name, what it is, its state, Refresh.
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.35);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAccessibleName(tr("Node name"));
    m_title->setObjectName(QStringLiteral("title"));
    m_stateText->setObjectName(QStringLiteral("state"));
    m_banner->setObjectName(QStringLiteral("banner"));
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setWordWrap(true);
    m_stateText->setAccessibleName(tr("Node state"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setMaximumHeight(m_stateText->sizeHint().height());
    m_busy->setTextVisible(false);
    m_busy->setAccessibleName(tr("Probing"));
    m_busy->hide();
    auto *refresh = new QToolButton(this);
    refresh->setDefaultAction(refreshAction);
    refresh->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    refresh->setAccessibleName(tr("Refresh node"));

    auto *titleColumn = new QVBoxLayout;
    titleColumn->setSpacing(2);
    titleColumn->addWidget(m_title);
    titleColumn->addWidget(m_subtitle);
    auto *header = new QHBoxLayout;
    header->addLayout(titleColumn, 1);
    header->addWidget(m_busy, 0, Qt::AlignVCenter);
    header->addWidget(m_stateIcon, 0, Qt::AlignVCenter);
    header->addWidget(m_stateText, 0, Qt::AlignVCenter);
    header->addSpacing(8);
    header->addWidget(refresh, 0, Qt::AlignVCenter);

    // Banner: what went wrong and what to do about it.
    m_banner->setFrameShape(QFrame::StyledPanel);
    m_banner->setAutoFillBackground(true);
    m_banner->setAccessibleName(tr("Problem"));
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextFormat(Qt::RichText);
    m_bannerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bannerIcon->setAlignment(Qt::AlignTop);
    auto *bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->addWidget(m_bannerIcon, 0, Qt::AlignTop);
    bannerLayout->addWidget(m_bannerText, 1);
    m_banner->hide();

    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);

    m_tabs->setAccessibleName(tr("Node details"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(createOverviewTab(), tr("&Overview"));
    m_tabs->addTab(createChecksTab(), tr("&Checks"));
    m_tabs->addTab(createNetworkTab(), tr("&Network && RDMA"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_placeholder, 1);

    applyPaletteColours();
    updateHeader();
    updateOverview();
    updateChecksSummary();
    updateNetworkPlaceholders();
}

QTableView *NodePage::createTable(StatusProxyModel *proxy, const QString &accessibleName)
{
    auto *view = new QTableView(this);
    view->setModel(proxy);
    view->setAccessibleName(accessibleName);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setIconSize(QSize(kIconSize, kIconSize));
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return view;
}

QWidget *NodePage::createOverviewTab()
{
    auto *content = new QWidget;

    // Host
    auto *hostBox = new QGroupBox(tr("Host"), content);
    m_hostForm = new QFormLayout(hostBox);
    m_hostForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_hostname = valueLabel(hostBox);
    m_hostname->setObjectName(QStringLiteral("hostname"));
    m_os = valueLabel(hostBox);
    m_kernel = valueLabel(hostBox);
    m_kernel->setObjectName(QStringLiteral("kernel"));
    m_memory = valueLabel(hostBox);
    m_engine = valueLabel(hostBox);
    m_libraries = valueLabel(hostBox);
    m_hostForm->addRow(tr("Hostname:"), m_hostname);
    m_hostForm->addRow(tr("OS:"), m_os);
    m_hostForm->addRow(tr("Kernel:"), m_kernel);
    m_hostForm->addRow(tr("Memory:"), m_memory);
    m_hostForm->addRow(tr("Engine:"), m_engine);
    m_hostForm->addRow(tr("Libraries:"), m_libraries);

    // Kernel command line flags for unified memory and IOMMU
    auto *flagsBox = new QGroupBox(tr("Unified memory (kernel command line)"), content);
    auto *flagsLayout = new QVBoxLayout(flagsBox);
    m_kernelFlags = valueLabel(flagsBox);
    m_kernelFlags->setTextFormat(Qt::RichText);
    m_kernelFlags->setAccessibleName(tr("Kernel command line flags"));
    flagsLayout->addWidget(m_kernelFlags);

    // Preflight summary
    m_preflightBox = new QGroupBox(tr("Preflight"), content);
    m_preflightBox->setAccessibleName(tr("Preflight summary"));
    m_preflightIcon = new QLabel(m_preflightBox);
    m_preflightCounts = valueLabel(m_preflightBox);
    m_preflightProblems = valueLabel(m_preflightBox);
    m_preflightProblems->setTextFormat(Qt::RichText);
    auto *showChecks = new QPushButton(tr("Show all checks"), m_preflightBox);
    connect(showChecks, &QPushButton::clicked, this, [this] { m_tabs->setCurrentIndex(1); });
    auto *countsRow = new QHBoxLayout;
    countsRow->addWidget(m_preflightIcon);
    countsRow->addWidget(m_preflightCounts, 1);
    countsRow->addWidget(showChecks);
    auto *preflightLayout = new QVBoxLayout(m_preflightBox);
    preflightLayout->addLayout(countsRow);
    preflightLayout->addWidget(m_preflightProblems);

    // GPUs
    auto *gpuColumn = new QWidget(content);
    m_gpuLayout = new QVBoxLayout(gpuColumn);
    m_gpuLayout->setContentsMargins(0, 0, 0, 0);
    m_noGpu = placeholderLabel(tr("No GPU found."), gpuColumn);
    m_gpuLayout->addWidget(m_noGpu);

    auto *left = new QVBoxLayout;
    left->addWidget(hostBox);
    left->addWidget(flagsBox);
    left->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_preflightBox);
    right->addWidget(gpuColumn);
    right->addStretch(1);
    auto *columns = new QHBoxLayout(content);
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);

    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAccessibleName(tr("Overview"));
    return scroll;
}

QWidget *NodePage::createChecksTab()
{
    auto *page = new QWidget;
    m_problemsOnly = new QCheckBox(tr("Show only warnings and failures"), page);
    m_problemsOnly->setAccessibleName(tr("Show only problems"));
    m_checksSummary = new QLabel(page);
    connect(m_problemsOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_checksProxy->setProblemsOnly(on, ChecksModel::StatusColumn);
        m_checksView->resizeRowsToContents();
    });

    m_checksView = createTable(m_checksProxy, tr("Preflight checks"));
    m_checksView->setWordWrap(true);
    m_checksView->setTextElideMode(Qt::ElideNone);
    auto *header = m_checksView->horizontalHeader();
    header->setSectionResizeMode(ChecksModel::MessageColumn, QHeaderView::Stretch);
    // Long messages wrap onto several lines rather than being cut off.
    m_checksView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_checksSummary, 1);
    bar->addWidget(m_problemsOnly);
    auto *layout = new QVBoxLayout(page);
    layout->addLayout(bar);
    layout->addWidget(m_checksView, 1);
    return page;
}

QWidget *NodePage::createNetworkTab()
{
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->setChildrenCollapsible(false);
    auto addSection = [&](const QString &title, QTableView *view, QLabel *placeholder) {
        auto *box = new QGroupBox(title, splitter);
        auto *layout = new QVBoxLayout(box);
        layout->addWidget(placeholder);
        layout->addWidget(view, 1);
        view->setMinimumHeight(90);
        splitter->addWidget(box);
    };
    m_nicsView = createTable(m_nicsProxy, tr("Network interfaces"));
    m_portsView = createTable(m_portsProxy, tr("RDMA ports"));
    m_gidsView = createTable(m_gidsProxy, tr("GID table"));
    m_noNics = placeholderLabel(tr("No network interfaces with a device were found."), this);
    m_noPorts = placeholderLabel(
        tr("No RDMA device. RoCE needs an RDMA-capable NIC (E810 with irdma, ConnectX with mlx5) "
           "or Soft-RoCE (rdma link add rxe0 type rxe netdev IFACE)."),
        this);
    m_noGids = placeholderLabel(tr("No GIDs: an RDMA port gets them from the addresses of its interface."), this);
    addSection(tr("Network interfaces"), m_nicsView, m_noNics);
    addSection(tr("RDMA ports"), m_portsView, m_noPorts);
    addSection(tr("GID table (the marked entry carries RoCE v2 traffic)"), m_gidsView, m_noGids);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 3);
    splitter->setAccessibleName(tr("Network and RDMA"));
    return splitter;
}

void NodePage::setNode(const Node &node, bool clusterNode)
{
    m_node = node;
    m_clusterNode = clusterNode;
    updateHeader();
}

void NodePage::clear()
{
    m_report.reset();
    m_failureReason.clear();
    m_failure = LocalEngine::Failure::None;
    m_sessionDetail.clear();
    m_session = NodeState::NotProbed;
    m_banner->hide();
    setState(State::Idle);
    updateOverview();
    updateChecksSummary();
    updateNetworkPlaceholders();
}

void NodePage::showSession(NodeState state, const QString &detail)
{
    m_session = state;
    m_sessionDetail = detail;
    setState(State::Session);
}

void NodePage::showProbing()
{
    setState(State::Probing);
}

void NodePage::showReport(const ProbeReport &report)
{
    m_report = report;
    m_failureReason.clear();
    m_failure = LocalEngine::Failure::None;
    setState(State::Ready);
    updateOverview();
    updateChecksSummary();
    updateNetworkPlaceholders();
    m_checksView->resizeRowsToContents();
}

void NodePage::showFailure(const QString &reason, LocalEngine::Failure failure)
{
    m_failureReason = reason;
    m_failure = failure;
    setState(State::Failed);
}

QString NodePage::failureHint(LocalEngine::Failure failure)
{
    switch (failure) {
    case LocalEngine::Failure::EngineMissing:
        return tr("Install HaloLink together with its engine, build it (cmake --build build --target "
                  "halolink-engine), or set HALOLINK_ENGINE to the engine's path. Then press Refresh (F5).");
    case LocalEngine::Failure::FailedToStart:
        return tr("Make sure the engine file is executable (chmod +x) and built for this machine.");
    case LocalEngine::Failure::Crashed:
        return tr("Run \"halolink-engine probe\" in a terminal to see where it stops, and report it with "
                  "that output.");
    case LocalEngine::Failure::TimedOut:
        return tr("Something the engine reads is not answering (for example a NIC driver or ethtool). "
                  "Run \"halolink-engine probe\" in a terminal to see which.");
    case LocalEngine::Failure::ExitedWithError:
        return tr("The engine says what went wrong above. Fix that, then press Refresh (F5).");
    case LocalEngine::Failure::BadOutput:
        return tr("This program is not the engine this HaloLink expects. Reinstall HaloLink, or point "
                  "HALOLINK_ENGINE at the halolink-engine of the same version.");
    case LocalEngine::Failure::ProtocolMismatch:
        return tr("Install the engine that came with this HaloLink version.");
    case LocalEngine::Failure::None: break;
    }
    return {};
}

void NodePage::setState(State state)
{
    m_state = state;
    const bool connecting = state == State::Session
        && (m_session == NodeState::Connecting || m_session == NodeState::Deploying || m_session == NodeState::NotProbed);
    m_busy->setVisible(state == State::Probing || connecting);
    if (state == State::Session) {
        QString title;
        switch (m_session) {
        case NodeState::Unreachable: title = tr("“%1” cannot be reached yet; HaloLink keeps trying."); break;
        case NodeState::Lost: title = tr("The connection to “%1” was lost; HaloLink keeps trying."); break;
        case NodeState::Failed: title = tr("HaloLink cannot work with “%1”."); break;
        default: title = tr("Connecting to “%1”…"); break;
        }
        QString html = QStringLiteral("<b>%1</b>").arg(title.arg(m_node.name.toHtmlEscaped()));
        if (!m_sessionDetail.isEmpty())
            html += QStringLiteral("<br>%1").arg(m_sessionDetail.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        if (m_report)
            html += QStringLiteral("<br><i>%1</i>").arg(tr("The details below are from the last probe, before that."));
        m_bannerText->setText(html);
        m_banner->show();
    } else if (state == State::Failed) {
        const QString hint = failureHint(m_failure);
        QString html = QStringLiteral("<b>%1</b><br>%2")
                           .arg(tr("Could not probe “%1”.").arg(m_node.name.toHtmlEscaped()),
                                m_failureReason.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        if (!hint.isEmpty())
            html += QStringLiteral("<br><br>%1 %2").arg(tr("What to do:"), hint.toHtmlEscaped());
        if (m_report)
            html += QStringLiteral("<br><i>%1</i>").arg(tr("The details below are from the last successful probe."));
        m_bannerText->setText(html);
        m_banner->show();
    } else if (state == State::Ready) {
        m_banner->hide();
    }
    updateHeader();
}

void NodePage::updateHeader()
{
    m_title->setText(m_node.name);
    QStringList parts;
    if (m_report) {
        const Host &host = m_report->host;
        parts << orUnknown(host.hostname);
        if (host.os && host.os->prettyName)
            parts << *host.os->prettyName;
        if (host.kernel)
            parts << tr("Linux %1").arg(*host.kernel);
    } else if (m_node.isLocal()) {
        parts << tr("The machine HaloLink runs on; no SSH needed.");
    } else if (!m_node.host.isEmpty()) {
        parts << tr("%1 over SSH").arg(m_node.user.isEmpty() ? m_node.host : m_node.user + QLatin1Char('@') + m_node.host);
    }
    m_subtitle->setText(parts.join(QStringLiteral(" · ")));

    QString text;
    std::optional<Check::Status> status;
    switch (m_state) {
    case State::Idle: text = tr("Not probed yet"); break;
    case State::Probing: text = tr("Probing…"); break;
    case State::Ready:
        text = tr("Ready");
        status = m_report ? worstStatus(*m_report) : Check::Status::Pass;
        if (status == Check::Status::Fail)
            text = tr("Ready — checks failed");
        else if (status == Check::Status::Warn)
            text = tr("Ready — with warnings");
        break;
    case State::Failed:
        text = tr("Failed");
        status = Check::Status::Fail;
        break;
    case State::Session:
        text = NodeListModel::stateText(m_session);
        if (m_session == NodeState::Failed || m_session == NodeState::Lost || m_session == NodeState::Unreachable)
            status = Check::Status::Fail;
        break;
    }
    m_stateText->setText(text);

    // Until a first probe answers there is nothing to show in the tabs but dashes.
    m_tabs->setVisible(m_report.has_value());
    m_placeholder->setVisible(!m_report.has_value());
    m_placeholder->setText(m_state == State::Probing ? tr("Asking the engine about %1…").arg(m_node.name)
                           : m_state == State::Failed || m_state == State::Session ? QString()
                                                      : tr("Not probed yet. Press Refresh (F5)."));
    if (status) {
        m_stateIcon->setPixmap(StatusStyle::icon(*status, palette()).pixmap(kIconSize, kIconSize));
        m_stateIcon->show();
    } else {
        m_stateIcon->hide();
    }
}

void NodePage::updateOverview()
{
    const QString u = facts::unknownText();
    if (!m_report) {
        for (QLabel *label : {m_hostname, m_os, m_kernel, m_memory, m_engine, m_libraries})
            label->setText(u);
        m_kernelFlags->setText(u);
        m_preflightCounts->setText(tr("No probe yet."));
        m_preflightProblems->clear();
        m_preflightIcon->clear();
        return;
    }
    const ProbeReport &report = *m_report;
    const Host &host = report.host;
    m_hostname->setText(orUnknown(host.hostname));
    m_os->setText(host.os ? host.os->prettyName.value_or(host.os->id.value_or(u)) : u);
    m_kernel->setText(orUnknown(host.kernel));
    m_memory->setText(facts::bytes(host.memoryTotalBytes));
    m_engine->setText(orUnknown(report.engineVersion));
    m_libraries->setText(tr("libibverbs: %1 · librdmacm: %2 · ROCm SMI: %3")
                             .arg(facts::yesNo(report.libraries.libibverbs), facts::yesNo(report.libraries.librdmacm),
                                  facts::yesNo(report.libraries.rocmSmi)));

    // Kernel flags, each with what it means.
    const QList<facts::KernelFlag> flags = facts::unifiedMemoryFlags(host);
    if (!host.cmdlineKnown) {
        m_kernelFlags->setText(tr("The kernel command line could not be read."));
    } else if (flags.isEmpty()) {
        bool amdgpu = false;
        for (const Gpu &gpu : report.gpus)
            amdgpu = amdgpu || gpu.driver == QLatin1String("amdgpu");
        m_kernelFlags->setText(amdgpu ? tr("No amdgpu, ttm or IOMMU flags: the driver defaults apply, so the GPU "
                                           "may reach only part of system memory.")
                                      : tr("No amdgpu, ttm or IOMMU flags on the kernel command line."));
    } else {
        QString html = QStringLiteral("<table cellspacing=\"2\">");
        for (const facts::KernelFlag &flag : flags) {
            QString key = flag.key.toHtmlEscaped();
            if (!flag.value.isEmpty())
                key += QLatin1Char('=') + flag.value.toHtmlEscaped();
            html += QStringLiteral("<tr><td><code>%1</code></td><td>&nbsp;%2</td></tr>")
                        .arg(key, flag.meaning.toHtmlEscaped());
        }
        html += QStringLiteral("</table>");
        m_kernelFlags->setText(html);
    }

    // GPU cards, rebuilt per report (a node has one or two).
    while (QLayoutItem *item = m_gpuLayout->takeAt(0)) {
        if (item->widget() && item->widget() != m_noGpu)
            item->widget()->deleteLater();
        delete item;
    }
    m_gpuLayout->addWidget(m_noGpu);
    m_noGpu->setVisible(report.gpus.isEmpty());
    for (const Gpu &gpu : report.gpus) {
        auto *card = new GpuCard(m_gpuLayout->parentWidget());
        card->setGpu(gpu, host.memoryTotalBytes);
        m_gpuLayout->addWidget(card);
    }

    // Preflight: counts, and the problems in words.
    // Not applicable and unknown are counted apart, never as passes.
    const CheckCounts counts = countChecks(report.checks);
    const int fails = counts.failed;
    const int warns = counts.warnings;
    m_preflightIcon->setPixmap(StatusStyle::icon(counts.worst(), palette()).pixmap(24, 24));
    m_preflightCounts->setText(counts.text());
    QString problems;
    int shown = 0;
    for (const Check::Status wanted : {Check::Status::Fail, Check::Status::Warn}) {
        for (const Check &check : report.checks) {
            if (check.status != wanted)
                continue;
            if (shown == kMaxProblemsShown)
                break;
            ++shown;
            const QString colour = StatusStyle::color(check.status, palette()).name();
            QString title = facts::checkTitle(check.id).toHtmlEscaped();
            if (check.subject)
                title += QStringLiteral(" (%1)").arg(check.subject->toHtmlEscaped());
            problems += QStringLiteral("<p style=\"margin:2px 0\"><span style=\"color:%1\"><b>%2</b></span> %3</p>")
                            .arg(colour, title, facts::checkMessage(check).toHtmlEscaped());
        }
    }
    if (fails + warns > shown)
        problems += QStringLiteral("<p>%1</p>").arg(tr("… and %n more on the Checks tab.", "", fails + warns - shown));
    const bool workstation = m_node.isLocal() && !m_clusterNode;
    if (fails + warns == 0)
        problems = workstation ? tr("HaloLink works on this computer.")
                               : tr("Everything HaloLink checks looks right on this node.");
    if (workstation)
        problems += QStringLiteral("<p>%1</p>").arg(
            tr("This computer is the workstation HaloLink runs on, not a node of the cluster, so the checks "
               "about cluster nodes (RDMA, RoCE, GTT) do not apply here. If it takes part in the cluster, give "
               "it a data plane (Node > Edit Node…).")
                .toHtmlEscaped());
    m_preflightProblems->setText(problems);
}

void NodePage::updateChecksSummary()
{
    const int index = m_tabs->indexOf(m_checksView->parentWidget());
    if (!m_report) {
        m_checksSummary->setText(tr("No checks yet."));
        m_tabs->setTabIcon(index, {});
        m_tabs->setTabText(index, tr("&Checks"));
        return;
    }
    const CheckCounts counts = countChecks(m_report->checks);
    const int fails = counts.failed;
    const int warns = counts.warnings;
    m_checksSummary->setText(tr("Checks: %1").arg(counts.text()));
    m_tabs->setTabIcon(index, StatusStyle::icon(worstStatus(*m_report), palette()));
    m_tabs->setTabText(index, fails + warns > 0 ? tr("&Checks (%1)").arg(fails + warns) : tr("&Checks"));
}

void NodePage::updateNetworkPlaceholders()
{
    const auto toggle = [](QTableView *view, QLabel *placeholder, bool empty, bool known) {
        view->setVisible(!empty);
        placeholder->setVisible(empty && known);
    };
    const bool known = m_report.has_value();
    toggle(m_nicsView, m_noNics, m_models->nics()->rowCount() == 0, known);
    toggle(m_portsView, m_noPorts, m_models->rdmaPorts()->rowCount() == 0, known);
    toggle(m_gidsView, m_noGids, m_models->gids()->rowCount() == 0, known);
    if (!known) {
        m_nicsView->show();
        m_portsView->show();
        m_gidsView->show();
    }
}

void NodePage::applyPaletteColours()
{
    const QPalette pal = palette();
    for (StatusProxyModel *proxy : {m_checksProxy, m_nicsProxy, m_portsProxy, m_gidsProxy})
        proxy->setPalette(pal);
    QPalette bannerPalette = pal;
    bannerPalette.setColor(QPalette::Window, StatusStyle::background(Check::Status::Fail, pal));
    m_banner->setPalette(bannerPalette);
    m_bannerIcon->setPixmap(StatusStyle::icon(Check::Status::Fail, pal).pixmap(24, 24));
}

void NodePage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPaletteColours();
        updateHeader();
        if (m_report) {
            updateOverview();
            updateChecksSummary();
        }
    }
}

} // namespace halolink::ui
