#include "cli_store.h"
#include "commands.h"

#include <trainplan/model/text_template.h>
#include <trainplan/store/store_text.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

// `db check [--lang zh_CN]`: the report in the language asked for (English by default, as the
// catalogue's English templates have always read).
int check(CliContext& ctx) {
    rejectUnknownOptions(ctx, "db check");
    if (!ctx.args.empty()) throw UsageError("usage: db check");
    const model::Lang lang = model::langFromString(ctx.lang).value_or(model::Lang::En);
    const auto say = [lang](store::StoreText id, std::vector<store::StoreArg> args) {
        return store::storeText(id, std::move(args)).in(lang);
    };
    const std::filesystem::path path = databasePath(ctx);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        ctx.err << "trainplan-cli: " << say(store::StoreText::DbCheckNoDatabase, {path.string()})
                << '\n';
        return kExitInvalidInput;
    }
    const store::IntegrityReport r = store::checkDatabaseFile(path);
    const std::vector<std::string> problems = r.problemTexts(lang);
    if (ctx.format == Format::Json) {
        ctx.out << nlohmann::json{{"path", path.string()},
                                  {"ok", r.ok},
                                  {"problems", problems},
                                  {"schema_version", r.schemaVersion},
                                  {"trainplan_database", r.trainplanDatabase},
                                  {"journal_mode", r.journalMode},
                                  {"page_count", r.pageCount},
                                  {"page_size", r.pageSize}}
                       .dump(2)
                << '\n';
        return r.ok ? kExitOk : kExitInvalidInput;
    }
    if (r.ok) {
        ctx.out << say(store::StoreText::DbCheckOk,
                       {path.string(), std::to_string(r.schemaVersion), std::to_string(r.pageCount),
                        std::to_string(r.pageSize), r.journalMode})
                << '\n';
        return kExitOk;
    }
    ctx.out << say(store::StoreText::DbCheckProblems,
                   {path.string(), std::to_string(problems.size())})
            << '\n';
    for (const auto& p : problems)
        ctx.out << "  " << p << '\n';
    return kExitInvalidInput;
}

int pathCommand(CliContext& ctx) {
    if (!ctx.args.empty()) throw UsageError("usage: db path");
    ctx.out << databasePath(ctx).string() << '\n';
    return kExitOk;
}

int exportLibrary(CliContext& ctx) {
    const auto output = ctx.takeOption("-o");
    rejectUnknownOptions(ctx, "library export -o FILE.json");
    if (!output || !ctx.args.empty()) throw UsageError("usage: library export -o FILE.json");
    std::optional<store::Store> st = openStoreForReading(ctx);
    if (!st) {
        // Nothing saved yet: an empty library document.
        store::StoreOptions options;
        options.builtinCatalog = ctx.catalog();
        st = store::Store::openInMemory(options);
    }
    const nlohmann::json lib = st->exportLibrary();
    writeOutputFile(ctx, *output,
                    lib.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    if (*output != "-")
        ctx.out << "exported " << lib["scenarios"].size() << " scenarios, " << lib["runs"].size()
                << " runs, " << lib["comparisons"].size() << " comparisons, "
                << lib["calibration_profiles"].size() << " calibration profiles and "
                << lib["catalog"]["gpus"].size() + lib["catalog"]["links"].size() +
                       lib["catalog"]["models"].size()
                << " user catalog entries to " << *output << '\n';
    return kExitOk;
}

int importLibrary(CliContext& ctx) {
    rejectUnknownOptions(ctx, "library import FILE.json");
    if (ctx.args.size() != 1) throw UsageError("usage: library import FILE.json");
    const std::string file = ctx.args[0];
    nlohmann::ordered_json lib;
    const std::string text = readInputFile(file);
    try {
        lib = parseJsonText(text);
    } catch (const std::exception& e) {
        ctx.err << "trainplan-cli: " << file << ": not a library JSON file (" << e.what() << ")\n";
        return kExitInvalidInput;
    }
    store::Store st = openStoreForWriting(ctx);
    store::LibraryImportSummary s;
    try {
        s = st.importLibrary(lib);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::Invalid &&
            e.kind() != store::StoreErrorKind::Conflict)
            throw;
        ctx.err << "trainplan-cli: " << file << ": " << e.message() << '\n';
        for (const auto& issue : e.issues())
            ctx.err << "  " << issue.text() << '\n';
        return kExitInvalidInput;
    }
    auto line = [&](const char* what, const store::ImportSummary& x) {
        ctx.out << "  " << what << ": " << x.added << " added, " << x.skipped
                << " already present\n";
    };
    ctx.out << "imported " << file << " into " << st.location() << '\n';
    line("catalog entries", s.catalog);
    line("scenarios", s.scenarios);
    line("scenario versions", s.versions);
    line("measured runs", s.runs);
    line("comparisons", s.comparisons);
    line("calibration profiles", s.calibrationProfiles);
    return kExitOk;
}

} // namespace

int cmdDb(CliContext& ctx) {
    if (ctx.args.empty()) throw UsageError("usage: db {check|path}");
    const std::string sub = ctx.args.front();
    ctx.args.erase(ctx.args.begin());
    if (sub == "check") return check(ctx);
    if (sub == "path") return pathCommand(ctx);
    throw UsageError("db: unknown subcommand '" + sub + "' (usage: db {check|path})");
}

int cmdLibrary(CliContext& ctx) {
    if (ctx.args.empty())
        throw UsageError("usage: library {export -o FILE.json | import FILE.json}");
    const std::string sub = ctx.args.front();
    ctx.args.erase(ctx.args.begin());
    if (sub == "export") return exportLibrary(ctx);
    if (sub == "import") return importLibrary(ctx);
    throw UsageError("library: unknown subcommand '" + sub +
                     "' (usage: library {export -o FILE.json | import FILE.json})");
}

} // namespace trainplan::cli
