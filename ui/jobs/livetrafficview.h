#pragma once
// While a job runs: per node, the data-plane RDMA port's tx/rx rates and the
// data NIC's, from the telemetry the app already collects (TelemetryStore,
// the same series as the dashboard's RDMA and NIC charts), refreshed once a
// second while shown — the "while it runs" half of the RDMA proof.

#include <QList>
#include <QPointer>
#include <QWidget>

class QLabel;
class QTableWidget;
class QTimer;

namespace halolink {
class TelemetryStore;
}

namespace halolink::ui {

class LiveTrafficView final : public QWidget {
    Q_OBJECT

public:
    struct NodePort {
        QString nodeId;
        QString name;
        QString dataInterface;
        QString rdmaDevice; // empty: the probe names none on the data interface
        int rdmaPort = 0;
    };

    explicit LiveTrafficView(TelemetryStore *store, QWidget *parent = nullptr);

    void setNodes(const QList<NodePort> &nodes);
    // Rates are shown (and refreshed) only while the job runs; otherwise `why`.
    void setActive(bool active, const QString &why = QString());
    bool isActive() const { return m_active; }
    void refresh();

    // Mean of the raw samples of the last second of the series (NaN: none recent).
    static double recentRate(const TelemetryStore *store, const QString &key);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateTimer();

    QPointer<TelemetryStore> m_store;
    QList<NodePort> m_nodes;
    bool m_active = false;
    QLabel *m_note;
    QTableWidget *m_table;
    QTimer *m_timer;
};

} // namespace halolink::ui
