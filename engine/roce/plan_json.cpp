// Plans as JSON (schema halolink.roce-plan/1, docs/roce-config.md) and back,
// and the shell rendering of their commands for people.

#include "roce/plan.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace halolink::roce {

namespace {

std::string modeText(int mode)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", mode & 07777);
    return buf;
}

} // namespace

const char *stateName(StepState state)
{
    switch (state) {
    case StepState::Done:
        return "done";
    case StepState::Unknown:
        return "unknown";
    case StepState::Todo:
        break;
    }
    return "todo";
}

StepState stateFromName(const std::string &name)
{
    return name == "done" ? StepState::Done : name == "unknown" ? StepState::Unknown : StepState::Todo;
}

void writeStepState(Json &o, const Step &s)
{
    o["already_done"] = s.done();
    o["state"] = stateName(s.state);
    if (s.state == StepState::Unknown)
        o["unknown_reason"] = s.unknownReason;
    if (!s.kind.empty())
        o["refresh"] = {{"kind", s.kind}, {"args", s.kindArgs}};
}

void readStepState(const Json &o, Step &s)
{
    // "state" since engine 0.2; an older plan has only already_done.
    if (o.contains("state") && o["state"].is_string())
        s.state = stateFromName(o["state"].get<std::string>());
    else
        s.state = o.value("already_done", false) ? StepState::Done : StepState::Todo;
    if (o.contains("unknown_reason") && o["unknown_reason"].is_string())
        s.unknownReason = o["unknown_reason"].get<std::string>();
    if (o.contains("refresh") && o["refresh"].is_object() && o["refresh"].contains("kind") &&
        o["refresh"]["kind"].is_string()) {
        s.kind = o["refresh"]["kind"].get<std::string>();
        s.kindArgs = o["refresh"].value("args", Json::object());
        if (!s.kindArgs.is_object())
            s.kindArgs = Json::object();
    }
}

void readWhyKey(const Json &stepJson, Step &step)
{
    if (stepJson.contains("why_key") && stepJson["why_key"].is_string() && stepJson.contains("why_args") &&
        stepJson["why_args"].is_object()) {
        step.whyKey = stepJson["why_key"].get<std::string>();
        step.whyArgs = stepJson["why_args"];
    }
}

void readWarnings(const Json &planJson, Plan &plan)
{
    plan.warnings.clear();
    plan.warningKeys.clear();
    if (!planJson.contains("warnings") || !planJson["warnings"].is_array())
        return;
    for (const auto &w : planJson["warnings"])
        if (w.is_string())
            plan.warnings.push_back(w.get<std::string>());
    if (!planJson.contains("warning_keys") || !planJson["warning_keys"].is_array())
        return;
    for (const auto &k : planJson["warning_keys"]) {
        if (!k.is_object() || !k.contains("key") || !k["key"].is_string() || !k.contains("args") ||
            !k["args"].is_object()) {
            plan.warningKeys.clear();
            return;
        }
        plan.warningKeys.push_back(k);
    }
    if (plan.warningKeys.size() != plan.warnings.size())
        plan.warningKeys.clear();
}

std::string shellLine(const std::vector<std::string> &argv)
{
    std::string out;
    for (auto &w : argv) {
        if (!out.empty())
            out += ' ';
        bool safe = !w.empty() && std::all_of(w.begin(), w.end(), [](unsigned char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   std::string_view("_@%+=:,./-").find(char(c)) != std::string_view::npos;
        });
        if (safe) {
            out += w;
            continue;
        }
        out += '\'';
        for (char c : w) {
            if (c == '\'')
                out += "'\\''";
            else
                out += c;
        }
        out += '\'';
    }
    return out;
}

Json planJson(const Plan &plan)
{
    Json j;
    j["schema"] = "halolink.roce-plan/1";
    j["interface"] = plan.spec.interface;
    j["backend"] = plan.backend;
    j["device"] = plan.device ? Json(*plan.device) : Json(nullptr);
    j["device_recreated"] = plan.deviceRecreated;
    Json steps = Json::array();
    for (auto &s : plan.steps) {
        Json o;
        o["id"] = s.id;
        o["why"] = s.why;
        if (!s.whyKey.empty()) {
            o["why_key"] = s.whyKey;
            o["why_args"] = s.whyArgs;
        }
        o["commands"] = s.commands;
        Json shell = Json::array();
        for (auto &c : s.commands)
            shell.push_back(shellLine(c));
        o["shell"] = shell;
        Json files = Json::array();
        for (auto &f : s.files)
            files.push_back({{"path", f.path}, {"content", f.content}, {"mode", modeText(f.mode)}});
        o["files"] = files;
        o["check"] = s.check;
        writeStepState(o, s);
        o["undo"] = s.undo;
        Json undoShell = Json::array();
        for (auto &c : s.undo)
            undoShell.push_back(shellLine(c));
        o["undo_shell"] = undoShell;
        o["undo_files"] = s.undoFiles;
        if (!s.undoAfterFiles.empty()) {
            o["undo_after_files"] = s.undoAfterFiles;
            Json after = Json::array();
            for (auto &c : s.undoAfterFiles)
                after.push_back(shellLine(c));
            o["undo_after_files_shell"] = after;
        }
        steps.push_back(std::move(o));
    }
    j["steps"] = steps;
    j["warnings"] = plan.warnings;
    if (plan.warningKeys.size() == plan.warnings.size())
        j["warning_keys"] = plan.warningKeys;
    j["spec"] = specJson(plan.spec);
    return j;
}

Plan planFromJson(const Json &doc)
{
    if (!doc.is_object() || doc.value("schema", "") != "halolink.roce-plan/1")
        throw sys::EngineError{"invalid_plan", "not a halolink.roce-plan/1 document"};
    try {
        Plan p;
        if (doc.contains("spec"))
            p.spec = parseSpec(doc["spec"]);
        else
            p.spec.interface = doc.value("interface", "");
        p.backend = doc.value("backend", "");
        if (doc.contains("device") && doc["device"].is_string())
            p.device = doc["device"].get<std::string>();
        p.deviceRecreated = doc.value("device_recreated", false);
        for (auto &o : doc.at("steps")) {
            Step s;
            s.id = o.at("id").get<std::string>();
            s.why = o.value("why", "");
            readWhyKey(o, s);
            s.commands = o.value("commands", std::vector<std::vector<std::string>>{});
            for (auto &f : o.value("files", Json::array())) {
                FileWrite w;
                w.path = f.at("path").get<std::string>();
                w.content = f.at("content").get<std::string>();
                if (f.contains("mode") && f["mode"].is_string())
                    w.mode = int(std::stol(f["mode"].get<std::string>(), nullptr, 8));
                else if (f.contains("mode") && f["mode"].is_number_integer())
                    w.mode = f["mode"].get<int>();
                s.files.push_back(std::move(w));
            }
            s.check = o.value("check", "");
            readStepState(o, s);
            s.undo = o.value("undo", std::vector<std::vector<std::string>>{});
            s.undoFiles = o.value("undo_files", std::vector<std::string>{});
            s.undoAfterFiles = o.value("undo_after_files", std::vector<std::vector<std::string>>{});
            p.steps.push_back(std::move(s));
        }
        readWarnings(doc, p);
        return p;
    } catch (const Json::exception &e) {
        throw sys::EngineError{"invalid_plan", std::string("malformed plan: ") + e.what()};
    }
}

} // namespace halolink::roce
