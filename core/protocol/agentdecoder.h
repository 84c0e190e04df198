#pragma once
// Reads the agent's JSON lines into the structs of agentevents.h. Tolerant the
// way INTERFACES.md asks: unknown fields are ignored, null stays unknown, a
// field of the wrong type becomes unknown too (one bad counter must not drop a
// whole frame). Only what makes an event meaningless is an error: not an
// object, no `time_ns`, a mesh event without `peer`/`transport`.

#include "protocol/agentevents.h"
#include "protocol/probedecoder.h" // DecodeResult

#include <QByteArrayView>
#include <QJsonObject>

namespace halolink {

enum class AgentLineKind {
    Malformed, // not JSON or not an object
    Event,     // {"event": ...}
    Reply,     // {"id": N, "result"|"error": ...}
    Other,     // an object that is neither (ignored)
};

struct AgentLine {
    AgentLineKind kind = AgentLineKind::Malformed;
    QJsonObject object;
    QString event;          // for Event
    std::optional<qint64> id; // for Reply
    QString error;          // for Malformed
};

AgentLine parseAgentLine(QByteArrayView line);

DecodeResult<AgentHelloEvent> decodeAgentHello(const QJsonObject &event);
DecodeResult<TelemetryFrame> decodeTelemetryFrame(const QJsonObject &event);
DecodeResult<MeshSample> decodeMeshSample(const QJsonObject &event);

} // namespace halolink
