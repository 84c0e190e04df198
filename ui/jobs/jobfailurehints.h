#pragma once
// What a failed launch's last log lines mean, in the job's terms: the
// engines' own errors name GPUs where the real cause is elsewhere (vLLM
// counts the GPUs of the Ray cluster it joined, not the nodes' hardware;
// every node joins with --num-gpus=1). The Jobs window shows these under
// the failure, so that a person looks at what is actually missing.

#include "jobs/job.h"

#include <QStringList>

namespace halolink::ui {

// Sentences for the person, for the failure text (the launcher's error with
// the end of the role's log); empty when nothing known is in it.
QStringList failureHints(const QString &failure, const jobs::Job &job);

} // namespace halolink::ui
