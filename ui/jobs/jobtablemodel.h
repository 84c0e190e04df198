#pragma once
// The Jobs window's list: one row per job (found on the nodes or launched
// from the window) with its state in words and an icon that matches them.

#include <QAbstractTableModel>
#include <QIcon>
#include <QList>
#include <QPalette>
#include <QStringList>

namespace halolink::ui {

enum class JobState {
    Running,
    PartlyRunning,
    Stopped,
    Checking,
    Starting,
    SmokeTesting,
    Benchmarking, // the serving benchmark (a comparison's runs included)
    Stopping,
    Failed,
    Refused, // the launch was refused before anything started (checks, rendering)
    Unknown
};

struct JobRow {
    QString key; // stable: name and head node
    QString name;
    JobState state = JobState::Unknown;
    QString stateDetail; // tooltip: why, or what is happening
    QString engine; // "vLLM over Ray, podman"
    QString model;
    QString api; // http://head:port/v1
    QStringList nodes; // names, the head first
};

class JobTableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NameColumn, StateColumn, EngineColumn, ModelColumn, ApiColumn, NodesColumn, ColumnCount };
    Q_ENUM(Column)

    explicit JobTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // -1 when there is none.
    int rowOf(const QString &key) const;
    const JobRow &row(int index) const { return m_rows.at(index); }
    // Adds the row, or replaces the one with the same key; its index.
    int setRow(const JobRow &row);
    // Removes the row with that key (false: there is none).
    bool removeJob(const QString &key);
    void setPalette(const QPalette &palette);

    static QString stateText(JobState state);
    static bool isBusy(JobState state);
    // Something of the job may run on its nodes (worth stopping).
    static bool mayRun(JobState state);
    // Done with: nothing of it runs, it can leave the list.
    static bool isRemovable(JobState state);

private:
    QList<JobRow> m_rows;
    QPalette m_palette;
    QIcon m_icons[4];
};

} // namespace halolink::ui
