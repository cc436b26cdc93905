#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kScenarioUsage =
    "scenario {list [--tag T] [--deleted] | show NAME [VERSION] | "
    "save FILE [--name N] [--tags a,b] | export NAME [VERSION] -o FILE | rename NAME NEW_NAME | "
    "delete NAME | undelete NAME | purge [--older-than DAYS] | history NAME | "
    "restore NAME VERSION}";

void expectArgs(const CliContext& ctx, std::size_t count, const char* what,
                std::size_t optional = 0) {
    rejectUnknownOptions(ctx, kScenarioUsage);
    if (ctx.args.size() < count || ctx.args.size() > count + optional)
        throw UsageError(std::string("usage: scenario ") + what);
}

// The optional VERSION argument after NAME.
std::optional<std::string> versionArgument(const CliContext& ctx) {
    return ctx.args.size() > 1 ? std::optional<std::string>(ctx.args[1]) : std::nullopt;
}

std::string joinTags(const std::vector<std::string>& tags) {
    std::string out;
    for (const auto& t : tags)
        out += (out.empty() ? "" : ",") + t;
    return out;
}

int listScenarios(CliContext& ctx) {
    const std::optional<std::string> tag = ctx.takeOption("--tag");
    const bool deleted = ctx.takeFlag("--deleted");
    expectArgs(ctx, 0, "list [--tag T] [--deleted]");
    std::vector<store::ScenarioSummary> all;
    std::optional<store::Store> st = openStoreForReading(ctx);
    if (st) all = deleted ? st->deletedScenarios() : st->scenarios();
    if (tag) {
        std::erase_if(all, [&](const store::ScenarioSummary& s) {
            return std::none_of(s.tags.begin(), s.tags.end(), [&](const std::string& t) {
                return t.size() == tag->size() &&
                       std::equal(t.begin(), t.end(), tag->begin(), [](char a, char b) {
                           return std::tolower(static_cast<unsigned char>(a)) ==
                                  std::tolower(static_cast<unsigned char>(b));
                       });
            });
        });
    }
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& s : all) {
            nlohmann::json item = {{"name", s.name},
                                   {"tags", s.tags},
                                   {"version", s.currentVersion},
                                   {"versions", s.versionCount},
                                   {"created_at", s.createdAt},
                                   {"updated_at", s.updatedAt}};
            if (deleted) item["deleted_at"] = s.deletedAt.value_or("");
            arr.push_back(std::move(item));
        }
        ctx.out << arr.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return kExitOk;
    }
    std::vector<std::string> header = {"name", "tags", "version", "versions", "updated"};
    if (deleted) header.push_back("deleted");
    TextTable table(header);
    for (const auto& s : all) {
        std::vector<std::string> row = {s.name, joinTags(s.tags), std::to_string(s.currentVersion),
                                        std::to_string(s.versionCount), s.updatedAt};
        if (deleted) row.push_back(s.deletedAt.value_or(""));
        table.addRow(row);
    }
    if (fmt == Format::Csv)
        table.printCsv(ctx.out);
    else
        table.print(ctx.out);
    if (all.empty() && fmt != Format::Csv)
        ctx.err << (deleted ? "no deleted scenarios" : "no scenarios")
                << (tag ? " tagged '" + *tag + "'" : std::string()) << " in "
                << databasePath(ctx).string() << '\n';
    return kExitOk;
}

store::Store requireStore(CliContext& ctx, const std::string& name) {
    std::optional<store::Store> st = openStoreForReading(ctx);
    if (!st)
        throw store::StoreError(store::StoreErrorKind::NotFound, databasePath(ctx).string(),
                                "no scenario named '" + name +
                                    "' (no library has been saved here yet)");
    return std::move(*st);
}

std::string bodyOf(CliContext& ctx, const std::string& name,
                   const std::optional<std::string>& version) {
    store::Store st = requireStore(ctx, name);
    if (version) return st.scenarioVersion(name, parseCount(*version, "VERSION")).body;
    return st.scenario(name).body;
}

int show(CliContext& ctx) {
    expectArgs(ctx, 1, "show NAME [VERSION]", 1);
    ctx.out << bodyOf(ctx, ctx.args[0], versionArgument(ctx)) << '\n';
    return kExitOk;
}

int save(CliContext& ctx) {
    store::SaveScenarioOptions options;
    options.name = ctx.takeOption("--name");
    if (auto tags = ctx.takeOption("--tags")) options.tags = splitList(*tags);
    expectArgs(ctx, 1, "save FILE [--name N] [--tags a,b]");
    const std::string file = ctx.args[0];
    const std::string text = readInputFile(file);
    store::Store st = openStoreForWriting(ctx);
    store::SaveResult r;
    try {
        r = st.saveScenarioText(text, options);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        return reportRejected(ctx, e, file);
    }
    ctx.out << "saved '" << r.name << "' as version " << r.version
            << (r.created ? " (new scenario)" : "") << " in " << st.location() << '\n';
    return kExitOk;
}

int exportScenario(CliContext& ctx) {
    const auto output = ctx.takeOption("-o");
    expectArgs(ctx, 1, "export NAME [VERSION] -o FILE", 1);
    if (!output) throw UsageError("usage: scenario export NAME [VERSION] -o FILE");
    const std::string body = bodyOf(ctx, ctx.args[0], versionArgument(ctx));
    writeOutputFile(ctx, *output, body + "\n");
    if (*output != "-") ctx.out << "exported '" << ctx.args[0] << "' to " << *output << '\n';
    return kExitOk;
}

int removeScenario(CliContext& ctx) {
    expectArgs(ctx, 1, "delete NAME");
    const std::string name = ctx.args[0];
    if (!std::filesystem::exists(databasePath(ctx))) (void)requireStore(ctx, name);
    store::Store st = openStoreForWriting(ctx);
    const int versions = st.deleteScenario(name);
    ctx.out << "deleted '" << name << "' and its " << versions
            << (versions == 1 ? " version" : " versions")
            << "; `scenario undelete` brings it back until it is purged\n";
    return kExitOk;
}

int undelete(CliContext& ctx) {
    expectArgs(ctx, 1, "undelete NAME");
    const std::string name = ctx.args[0];
    if (!std::filesystem::exists(databasePath(ctx))) (void)requireStore(ctx, name);
    store::Store st = openStoreForWriting(ctx);
    const store::ScenarioSummary s = st.undeleteScenario(name);
    ctx.out << "undeleted '" << s.name << "' with its " << s.versionCount
            << (s.versionCount == 1 ? " version" : " versions") << '\n';
    return kExitOk;
}

int rename(CliContext& ctx) {
    expectArgs(ctx, 2, "rename NAME NEW_NAME");
    const std::string name = ctx.args[0];
    if (!std::filesystem::exists(databasePath(ctx))) (void)requireStore(ctx, name);
    store::Store st = openStoreForWriting(ctx);
    const store::ScenarioSummary s = st.renameScenario(name, ctx.args[1]);
    const std::size_t runs = st.runs(s.name).size();
    ctx.out << "renamed '" << name << "' to '" << s.name << "' (" << s.versionCount
            << (s.versionCount == 1 ? " version" : " versions") << ", " << runs
            << (runs == 1 ? " measured run" : " measured runs") << ")\n";
    return kExitOk;
}

int purge(CliContext& ctx) {
    const std::optional<std::string> days = ctx.takeOption("--older-than");
    expectArgs(ctx, 0, "purge [--older-than DAYS]");
    const std::chrono::seconds age =
        days ? std::chrono::days(parseCount(*days, "--older-than")) : std::chrono::seconds(0);
    if (!std::filesystem::exists(databasePath(ctx))) {
        ctx.out << "purged 0 deleted scenarios for good\n";
        return kExitOk;
    }
    store::Store st = openStoreForWriting(ctx);
    // Opening already purges what was deleted more than 30 days ago; count those too.
    const int purged = st.purgedOnOpen() + st.purgeDeletedScenarios(age);
    ctx.out << "purged " << purged << (purged == 1 ? " deleted scenario" : " deleted scenarios")
            << " for good\n";
    return kExitOk;
}

int history(CliContext& ctx) {
    expectArgs(ctx, 1, "history NAME");
    store::Store st = requireStore(ctx, ctx.args[0]);
    const auto versions = st.history(ctx.args[0]);
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& v : versions)
            arr.push_back({{"version", v.version},
                           {"saved_at", v.savedAt},
                           {"bytes", v.body.size()},
                           {"current", &v == &versions.back()}});
        ctx.out << arr.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return kExitOk;
    }
    TextTable table({"version", "saved", "bytes", ""});
    for (const auto& v : versions)
        table.addRow({std::to_string(v.version), v.savedAt, std::to_string(v.body.size()),
                      &v == &versions.back() ? "current" : ""});
    if (fmt == Format::Csv)
        table.printCsv(ctx.out);
    else
        table.print(ctx.out);
    return kExitOk;
}

int restore(CliContext& ctx) {
    expectArgs(ctx, 2, "restore NAME VERSION");
    const std::string name = ctx.args[0];
    const int version = parseCount(ctx.args[1], "VERSION");
    if (!std::filesystem::exists(databasePath(ctx))) (void)requireStore(ctx, name);
    store::Store st = openStoreForWriting(ctx);
    store::SaveResult r;
    try {
        r = st.restoreScenario(name, version);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        ctx.err << "trainplan-cli: " << e.what() << '\n';
        return kExitInvalidInput;
    }
    ctx.out << "restored version " << version << " of '" << r.name << "' as version " << r.version
            << '\n';
    return kExitOk;
}

} // namespace

int cmdScenario(CliContext& ctx) {
    if (ctx.args.empty()) throw UsageError(std::string("usage: ") + kScenarioUsage);
    const std::string sub = ctx.args.front();
    ctx.args.erase(ctx.args.begin());
    if (sub == "list") return listScenarios(ctx);
    if (sub == "show") return show(ctx);
    if (sub == "save") return save(ctx);
    if (sub == "export") return exportScenario(ctx);
    if (sub == "delete") return removeScenario(ctx);
    if (sub == "undelete") return undelete(ctx);
    if (sub == "rename") return rename(ctx);
    if (sub == "purge") return purge(ctx);
    if (sub == "history") return history(ctx);
    if (sub == "restore") return restore(ctx);
    throw UsageError("scenario: unknown subcommand '" + sub + "' (usage: " + kScenarioUsage + ")");
}

} // namespace trainplan::cli
