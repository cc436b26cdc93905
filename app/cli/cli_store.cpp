#include "cli_store.h"

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/json_duplicate_keys.h>
#include <trainplan/store/database_location.h>

#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>
#include <system_error>

#include <unistd.h>

namespace trainplan::cli {

namespace {

store::StoreOptions storeOptions(CliContext& ctx, store::OpenMode mode) {
    store::StoreOptions options;
    options.mode = mode;
    options.builtinCatalog = ctx.catalog();
    // How long to wait for another TrainPlan holding the write lock (milliseconds).
    if (const char* ms = std::getenv("TRAINPLAN_DB_TIMEOUT_MS"); ms && *ms) {
        char* end = nullptr;
        const long v = std::strtol(ms, &end, 10);
        if (end && *end == '\0' && v >= 0) options.busyTimeout = std::chrono::milliseconds(v);
    }
    return options;
}

} // namespace

std::filesystem::path databasePath(const CliContext& ctx) {
    const std::filesystem::path path = store::resolveDatabasePath(ctx.dbPath);
    // An in-memory database vanishes when the command ends: "saved" would keep nothing.
    if (path == store::kMemoryLocation)
        throw UsageError(std::string(ctx.dbPath ? "--db" : store::kDatabaseEnvVar) +
                         ": ':memory:' is a database that disappears when the command ends, so "
                         "nothing would be kept; give the library's database file");
    return path;
}

store::Store openStoreForWriting(CliContext& ctx) {
    store::Store s =
        store::Store::open(databasePath(ctx), storeOptions(ctx, store::OpenMode::ReadWrite));
    if (s.backupPath())
        ctx.err << "note: upgraded " << s.location() << " to schema v" << s.schemaVersion()
                << "; the previous file was copied to " << s.backupPath()->string() << '\n';
    for (const std::string& note : s.upgradeNotes())
        ctx.err << "note: " << s.location() << ": " << note << '\n';
    return s;
}

std::optional<store::Store> openStoreForReading(CliContext& ctx) {
    const std::filesystem::path path = databasePath(ctx);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    try {
        return openStoreForWriting(ctx);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::ReadOnly) throw;
        return store::Store::open(path, storeOptions(ctx, store::OpenMode::ReadOnly));
    }
}

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, ',')) {
        const auto first = item.find_first_not_of(" \t");
        if (first == std::string::npos) continue;
        out.push_back(item.substr(first, item.find_last_not_of(" \t") - first + 1));
    }
    return out;
}

void writeOutputFile(CliContext& ctx, const std::string& file, const std::string& text) {
    if (file == "-") {
        ctx.out << text;
        return;
    }
    model::writeFileAtomically(file, text);
}

int reportRejected(CliContext& ctx, const store::StoreError& e, const std::string& file) {
    if (e.issues().empty()) {
        ctx.err << "trainplan-cli: " << e.what() << '\n';
        return kExitInvalidInput;
    }
    for (const auto& issue : e.issues())
        ctx.err << file << ": " << issue.text() << '\n';
    ctx.err << e.issues().size() << (e.issues().size() == 1 ? " problem" : " problems") << " in "
            << file << "; "
            << (e.message().find("imported") != std::string::npos ? "nothing was imported"
                                                                  : "nothing was saved")
            << '\n';
    return kExitInvalidInput;
}

int parseCount(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || v < 1)
        throw UsageError(what + ": '" + text + "' is not a whole number >= 1");
    return v;
}

double parseNumber(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size())
        throw UsageError(what + ": '" + text + "' is not a number");
    return v;
}

void rejectUnknownOptions(const CliContext& ctx, const std::string& usage) {
    for (const auto& a : ctx.args)
        if (a.size() > 1 && a[0] == '-')
            throw UsageError("unknown option '" + a + "' (usage: " + usage + ")");
}

nlohmann::ordered_json parseJsonText(const std::string& text) {
    const nlohmann::ordered_json::parser_callback_t limitDepth =
        [](int depth, nlohmann::ordered_json::parse_event_t, nlohmann::ordered_json&) {
            if (depth > 256) throw std::runtime_error("nested deeper than 256 levels");
            return true;
        };
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text, limitDepth);
    if (auto duplicate = model::findDuplicateJsonKey(text)) throw std::runtime_error(*duplicate);
    return doc;
}

std::string readInputFile(const std::string& file) {
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec))
        throw std::runtime_error(file + ": is a directory");
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw std::runtime_error(file + ": cannot open (" + std::generic_category().message(errno) +
                                 ")");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

nlohmann::json importIssuesJson(const model::io::ImportIssues& issues) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& i : issues)
        a.push_back({{"severity", std::string(model::io::toString(i.severity))},
                     {"file", i.file},
                     {"key", i.key},
                     {"message", i.message}});
    return a;
}

} // namespace trainplan::cli
