#include "roce/journal.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "sys/root.h"

namespace halolink::roce {

using sys::EngineError;

long long nowEpoch()
{
    return static_cast<long long>(::time(nullptr));
}

namespace {

using Argvs = std::vector<std::vector<std::string>>;

Json argvsJson(const Argvs &argvs)
{
    Json a = Json::array();
    for (const auto &argv : argvs)
        a.push_back(argv);
    return a;
}

Argvs argvsFrom(const Json &doc, const char *what)
{
    Argvs out;
    if (doc.is_null())
        return out;
    if (!doc.is_array())
        throw EngineError{"invalid_plan", std::string(what) + ": expected a list of argv lists"};
    for (const auto &argv : doc) {
        if (!argv.is_array() || argv.empty())
            throw EngineError{"invalid_plan", std::string(what) + ": every command is a non-empty argv list"};
        std::vector<std::string> words;
        for (const auto &w : argv) {
            if (!w.is_string())
                throw EngineError{"invalid_plan", std::string(what) + ": argv words are strings"};
            words.push_back(w.get<std::string>());
        }
        out.push_back(std::move(words));
    }
    return out;
}

bool validUtf8(const std::string &s)
{
    try {
        (void)Json(s).dump();
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

std::string toHex(const std::string &s)
{
    static const char *digits = "0123456789abcdef";
    std::string out;
    out.reserve(s.size() * 2);
    for (unsigned char c : s) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out;
}

std::string fromHex(const std::string &s)
{
    auto val = [](char c) -> int {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    };
    std::string out;
    for (size_t i = 0; i + 1 < s.size(); i += 2) {
        int hi = val(s[i]), lo = val(s[i + 1]);
        if (hi < 0 || lo < 0)
            throw EngineError{"bad_journal", "a file backup's content_hex is not hexadecimal"};
        out += static_cast<char>(hi * 16 + lo);
    }
    return out;
}

std::string dirOf(const std::string &path)
{
    auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    if (slash == 0)
        return "/";
    return path.substr(0, slash);
}

} // namespace

Json executablePlanJson(const Plan &plan)
{
    Json doc;
    doc["schema"] = "halolink.roce-plan/1";
    doc["interface"] = plan.spec.interface;
    doc["backend"] = plan.backend;
    doc["device"] = plan.device ? Json(*plan.device) : Json(nullptr);
    doc["device_recreated"] = plan.deviceRecreated;
    Json steps = Json::array();
    for (const auto &s : plan.steps) {
        Json files = Json::array();
        for (const auto &f : s.files)
            files.push_back({{"path", f.path}, {"content", f.content}, {"mode", f.mode}});
        steps.push_back({{"id", s.id},
                         {"why", s.why},
                         {"commands", argvsJson(s.commands)},
                         {"files", files},
                         {"check", s.check}});
        writeStepState(steps.back(), s);
        steps.back()["undo"] = argvsJson(s.undo);
        steps.back()["undo_files"] = s.undoFiles;
        if (!s.undoAfterFiles.empty())
            steps.back()["undo_after_files"] = argvsJson(s.undoAfterFiles);
        if (!s.whyKey.empty()) {
            steps.back()["why_key"] = s.whyKey;
            steps.back()["why_args"] = s.whyArgs;
        }
    }
    doc["steps"] = steps;
    doc["warnings"] = plan.warnings;
    if (plan.warningKeys.size() == plan.warnings.size())
        doc["warning_keys"] = plan.warningKeys;
    return doc;
}

Plan executablePlanFromJson(const Json &doc)
{
    if (!doc.is_object() || !doc.contains("steps") || !doc["steps"].is_array())
        throw EngineError{"invalid_plan", "a plan is an object with a \"steps\" list"};
    Plan plan;
    plan.spec.interface = doc.value("interface", std::string());
    plan.backend = doc.value("backend", std::string());
    if (doc.contains("device") && doc["device"].is_string())
        plan.device = doc["device"].get<std::string>();
    plan.deviceRecreated = doc.value("device_recreated", false);
    readWarnings(doc, plan);
    for (const auto &js : doc["steps"]) {
        if (!js.is_object() || !js.contains("id") || !js["id"].is_string())
            throw EngineError{"invalid_plan", "every step is an object with a string \"id\""};
        Step s;
        s.id = js["id"].get<std::string>();
        s.why = js.value("why", std::string());
        readWhyKey(js, s);
        s.check = js.value("check", std::string());
        readStepState(js, s);
        s.commands = argvsFrom(js.value("commands", Json()), "commands");
        s.undo = argvsFrom(js.value("undo", Json()), "undo");
        s.undoAfterFiles = argvsFrom(js.value("undo_after_files", Json()), "undo_after_files");
        if (js.contains("files") && js["files"].is_array())
            for (const auto &f : js["files"]) {
                if (!f.is_object() || !f.contains("path") || !f["path"].is_string())
                    throw EngineError{"invalid_plan", "step " + s.id + ": every file has a path"};
                FileWrite w;
                w.path = f["path"].get<std::string>();
                w.content = f.value("content", std::string());
                w.mode = f.value("mode", 0644);
                if (w.path.empty() || w.path[0] != '/')
                    throw EngineError{"invalid_plan", "step " + s.id + ": file paths are absolute"};
                s.files.push_back(std::move(w));
            }
        if (js.contains("undo_files") && js["undo_files"].is_array())
            for (const auto &p : js["undo_files"])
                if (p.is_string())
                    s.undoFiles.push_back(p.get<std::string>());
        plan.steps.push_back(std::move(s));
    }
    return plan;
}

Json journalJson(const Journal &j)
{
    Json doc;
    doc["schema"] = "halolink.roce-journal/1";
    doc["state"] = j.state;
    doc["created"] = j.created;
    doc["updated"] = j.updated;
    doc["deadline"] = j.deadline;
    doc["confirm_within"] = j.confirmWithin;
    doc["apply_pid"] = j.applyPid;
    doc["watchdog_pid"] = j.watchdogPid;
    doc["reason"] = j.reason;
    doc["plan"] = executablePlanJson(j.plan);
    Json steps = Json::array();
    for (size_t i = 0; i < j.steps.size(); ++i) {
        const auto &r = j.steps[i];
        Json backups = Json::array();
        for (const auto &b : r.backups) {
            Json jb{{"path", b.path}, {"existed", b.existed}, {"mode", b.mode}};
            if (b.existed) {
                if (validUtf8(b.content))
                    jb["content"] = b.content;
                else
                    jb["content_hex"] = toHex(b.content);
            }
            backups.push_back(jb);
        }
        steps.push_back({{"id", i < j.plan.steps.size() ? j.plan.steps[i].id : std::string()},
                         {"state", r.state},
                         {"undo", argvsJson(r.undo)},
                         {"backups", backups},
                         {"error", r.error}});
        if (!r.undoAfterFiles.empty())
            steps.back()["undo_after_files"] = argvsJson(r.undoAfterFiles);
    }
    doc["steps"] = steps;
    doc["errors"] = j.errors;
    if (!j.previous.is_null())
        doc["previous"] = j.previous;
    return doc;
}

Journal journalFromJson(const Json &doc)
{
    if (!doc.is_object() || doc.value("schema", std::string()) != "halolink.roce-journal/1")
        throw EngineError{"bad_journal", "not a halolink.roce-journal/1 document"};
    Journal j;
    try {
        j.state = doc.value("state", std::string());
        j.created = doc.value("created", 0LL);
        j.updated = doc.value("updated", 0LL);
        j.deadline = doc.value("deadline", 0LL);
        j.confirmWithin = doc.value("confirm_within", 0);
        j.applyPid = doc.value("apply_pid", 0);
        j.watchdogPid = doc.value("watchdog_pid", 0);
        j.reason = doc.value("reason", std::string());
        j.plan = executablePlanFromJson(doc.at("plan"));
        for (const auto &js : doc.at("steps")) {
            StepRecord r;
            r.state = js.value("state", std::string("pending"));
            r.undo = argvsFrom(js.value("undo", Json()), "undo");
            r.undoAfterFiles = argvsFrom(js.value("undo_after_files", Json()), "undo_after_files");
            r.error = js.value("error", std::string());
            for (const auto &jb : js.value("backups", Json::array())) {
                FileBackup b;
                b.path = jb.value("path", std::string());
                b.existed = jb.value("existed", false);
                b.mode = jb.value("mode", 0644);
                if (jb.contains("content_hex"))
                    b.content = fromHex(jb["content_hex"].get<std::string>());
                else
                    b.content = jb.value("content", std::string());
                r.backups.push_back(std::move(b));
            }
            j.steps.push_back(std::move(r));
        }
        for (const auto &e : doc.value("errors", Json::array()))
            if (e.is_string())
                j.errors.push_back(e.get<std::string>());
        if (doc.contains("previous") && doc["previous"].is_object()) {
            (void)journalFromJson(doc["previous"]); // well-formed, or bad_journal now rather than mid-rollback
            j.previous = doc["previous"];
        }
    } catch (const EngineError &e) {
        throw EngineError{"bad_journal", e.message};
    } catch (const std::exception &e) {
        throw EngineError{"bad_journal", e.what()};
    }
    if (j.steps.size() != j.plan.steps.size())
        throw EngineError{"bad_journal", "the journal's step records do not match its plan"};
    return j;
}

std::optional<Journal> loadJournal(const std::string &path)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return std::nullopt;
        throw EngineError{"bad_journal", path + ": " + std::strerror(errno)};
    }
    std::string text;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        text.append(buf, static_cast<size_t>(n));
    }
    ::close(fd);
    Json doc = Json::parse(text, nullptr, false);
    if (doc.is_discarded())
        throw EngineError{"bad_journal", path + ": not valid JSON"};
    return journalFromJson(doc);
}

namespace {

// sysfs, configfs and procfs hold attributes, not files: nothing can be
// created next to them, so a temporary + rename is impossible there. An
// attribute takes its value in one write to the existing file.
bool onAttributeFileSystem(const std::string &path)
{
    struct statfs fs{};
    if (::statfs(dirOf(path).c_str(), &fs) != 0)
        return false;
    constexpr unsigned long kSysfs = 0x62656572, kConfigfs = 0x62656570, kProcfs = 0x9fa0;
    const auto type = static_cast<unsigned long>(fs.f_type);
    return type == kSysfs || type == kConfigfs || type == kProcfs;
}

bool writeAttribute(const std::string &path, const std::string &content, std::string *error)
{
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = "open " + path + ": " + std::strerror(errno);
        return false;
    }
    ssize_t n;
    do
        n = ::write(fd, content.data(), content.size());
    while (n < 0 && errno == EINTR);
    const int saved = errno;
    ::close(fd);
    if (n != static_cast<ssize_t>(content.size())) {
        if (error)
            *error = "write " + path + ": " + (n < 0 ? std::strerror(saved) : "short write");
        return false;
    }
    return true;
}

} // namespace

bool writeFileAtomic(const std::string &path, const std::string &content, int mode, std::string *error)
{
    auto fail = [&](const std::string &what) {
        if (error)
            *error = what + ": " + std::strerror(errno);
        return false;
    };
    if (onAttributeFileSystem(path))
        return writeAttribute(path, content, error);
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    ::unlink(tmp.c_str());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 07777);
    if (fd < 0)
        return fail("create " + tmp);
    ::fchmod(fd, static_cast<mode_t>(mode & 07777)); // whatever the umask
    size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int saved = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            errno = saved;
            return fail("write " + tmp);
        }
        done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0) {
        int saved = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        errno = saved;
        return fail("fsync " + tmp);
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        int saved = errno;
        ::unlink(tmp.c_str());
        errno = saved;
        return fail("rename to " + path);
    }
    int dfd = ::open(dirOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return true;
}

void ensureJournalDir(const std::string &path)
{
    const std::string dir = dirOf(path);
    struct stat st{};
    if (::stat(dir.c_str(), &st) == 0)
        return;
    // mkdir -p, 0700 for what we create.
    for (size_t i = 1; i <= dir.size(); ++i)
        if (i == dir.size() || dir[i] == '/') {
            const std::string partial = dir.substr(0, i);
            if (::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
                throw EngineError{"journal_write_failed", "mkdir " + partial + ": " + std::strerror(errno)};
        }
}

void saveJournal(const std::string &path, Journal &journal)
{
    journal.updated = nowEpoch();
    ensureJournalDir(path);
    std::string error;
    const std::string text = journalJson(journal).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    if (!writeFileAtomic(path, text, 0600, &error))
        throw EngineError{"journal_write_failed", error};
}

JournalLock::JournalLock(const std::string &journalPath, bool wait)
{
    const std::string lockPath = journalPath + ".lock";
    m_fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (m_fd < 0)
        return;
    int rc;
    do {
        rc = ::flock(m_fd, LOCK_EX | (wait ? 0 : LOCK_NB));
    } while (rc != 0 && errno == EINTR);
    if (rc != 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

JournalLock::~JournalLock()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

} // namespace halolink::roce
