#pragma once
// The main window: nodes on the left ("This computer" always first), the
// selected node's page on the right, Refresh (F5), engine version in the
// status bar.

#include "engine/localengine.h"

#include <QMainWindow>

class QAction;
class QLabel;
class QSplitter;
class QTreeView;

namespace halolink {
class NodeListModel;
class ProbeModels;
} // namespace halolink

namespace halolink::ui {

class NodePage;
class StatusProxyModel;

class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    NodeListModel *nodeModel() const { return m_nodes; }
    NodePage *nodePage() const { return m_page; }
    QTreeView *nodeView() const { return m_nodeView; }
    LocalEngine *localEngine() const { return m_localEngine; }
    QAction *refreshAction() const { return m_refreshAction; }

public Q_SLOTS:
    void refresh();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void onProbeFinished(const ProbeReport &report);
    void onProbeFailed(const QString &reason);
    void onVersionKnown(const EngineVersion &version);
    void showAbout();
    void restoreState();

    NodeListModel *m_nodes;
    ProbeModels *m_probeModels;
    LocalEngine *m_localEngine;
    StatusProxyModel *m_nodeProxy;
    QTreeView *m_nodeView;
    NodePage *m_page;
    QSplitter *m_splitter;
    QLabel *m_engineLabel;
    QAction *m_refreshAction = nullptr;
};

} // namespace halolink::ui
