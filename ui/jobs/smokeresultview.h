#pragma once
// A job's smoke test and its RDMA proof: time to first token, tokens/s and
// the answer; the verdict in words with an icon (RDMA carried it, TCP did,
// mixed, no traffic, unknown), the likely causes as a list, and per node the
// data-plane RDMA port's packets and bytes and the NIC's bytes during the
// test (core/jobs/joblauncher.h judgeTraffic()).

#include "jobs/joblauncher.h"

#include <QWidget>

#include <optional>

class QFrame;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QTableWidget;

namespace halolink::ui {

class SmokeResultView final : public QWidget {
    Q_OBJECT

public:
    explicit SmokeResultView(QWidget *parent = nullptr);

    void setResult(const jobs::SmokeResult &result);
    // Nothing to show; `why` says so (e.g. "running…").
    void clear(const QString &why = QString());
    std::optional<jobs::SmokeResult> result() const { return m_result; }

    // The verdict in words, as shown.
    static QString verdictTitle(jobs::Proof::Verdict verdict);

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyVerdictStyle();

    std::optional<jobs::SmokeResult> m_result;
    QLabel *m_placeholder;
    QWidget *m_content;
    QLabel *m_answerState;
    QLabel *m_ttft;
    QLabel *m_rate;
    QLabel *m_tokens;
    QLabel *m_total;
    QPlainTextEdit *m_answer;
    QFrame *m_banner;
    QLabel *m_verdictIcon;
    QLabel *m_verdict;
    QLabel *m_summary;
    QWidget *m_causesBox;
    QLabel *m_causesLabel;
    QListWidget *m_causes;
    QTableWidget *m_nodes;
};

} // namespace halolink::ui
