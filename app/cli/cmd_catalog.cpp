#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/units.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kCatalogUsage =
    "catalog {list {gpus,links,models} | add {gpu,link,model} FILE.json "
    "[--source TEXT] | remove {gpu,link,model} NAME}";

// The user's entries from the library; built-ins come from data/catalog. When the library cannot be
// read the listing still works, with a warning, from data/catalog alone.
model::Catalog userCatalog(CliContext& ctx) {
    model::Catalog user;
    try {
        std::optional<store::Store> st = openStoreForReading(ctx);
        if (!st) return user;
        for (store::CatalogKind kind : store::kAllCatalogKinds) {
            for (const auto& e : st->catalogEntries(kind)) {
                if (e.builtin) continue;
                model::ValidationIssues ignored;
                switch (kind) {
                case store::CatalogKind::Gpu:
                    user.gpus.push_back(model::gpuFromJson(e.body, "gpu", ignored));
                    break;
                case store::CatalogKind::Link:
                    user.links.push_back(model::linkFromJson(e.body, "link", ignored));
                    break;
                case store::CatalogKind::Model:
                    user.models.push_back(model::modelFromJson(e.body, "model", ignored));
                    break;
                }
            }
        }
    } catch (const store::StoreError& e) {
        ctx.err << "warning: cannot read the user catalog (" << e.what()
                << "); listing the built-in catalog only\n";
    }
    return user;
}

int listCatalog(CliContext& ctx) {
    if (ctx.args.size() != 1) throw UsageError("usage: catalog list {gpus,links,models}");
    const std::string what = ctx.args[0];
    if (what != "gpus" && what != "links" && what != "models")
        throw UsageError("catalog list: '" + what + "' is not one of gpus, links, models");
    const model::Catalog& builtin = ctx.catalog();
    const model::Catalog user = userCatalog(ctx);
    const Format fmt = ctx.format.value_or(Format::Table);
    nlohmann::json arr = nlohmann::json::array();
    std::optional<TextTable> table;
    if (what == "gpus") {
        table.emplace(std::vector<std::string>{"name", "memory", "bf16 TFLOP/s", "fp8 TFLOP/s",
                                               "HBM GB/s", "TDP W", "origin"});
        for (const auto* list : {&builtin.gpus, &user.gpus})
            for (const auto& g : *list) {
                arr.push_back(model::toJson(g));
                table->addRow(
                    {g.name, formatBytes(g.memoryBytes), formatFixed(g.bf16FlopsPerSecond / 1e12, 1),
                     g.fp8FlopsPerSecond > 0 ? formatFixed(g.fp8FlopsPerSecond / 1e12, 1) : "-",
                     formatFixed(g.hbmBytesPerSecond / 1e9, 0), formatFixed(g.tdpWatts, 0),
                     list == &builtin.gpus ? "built-in" : "user"});
            }
    } else if (what == "links") {
        table.emplace(
            std::vector<std::string>{"name", "kind", "GB/s per direction", "latency us", "origin"});
        for (const auto* list : {&builtin.links, &user.links})
            for (const auto& l : *list) {
                arr.push_back(model::toJson(l));
                table->addRow({l.name, std::string(model::toString(l.kind)),
                               formatFixed(l.bytesPerSecond / 1e9, 1),
                               formatFixed(l.latencySeconds * 1e6, 1),
                               list == &builtin.links ? "built-in" : "user"});
            }
    } else {
        table.emplace(std::vector<std::string>{"name", "model", "parameters (B)", "active (B)",
                                               "layers", "hidden", "heads", "kv heads", "seq len",
                                               "origin"});
        for (const auto* list : {&builtin.models, &user.models})
            for (const auto& m : *list) {
                arr.push_back(model::toJson(m));
                const auto p = model::countParameters(m);
                table->addRow({m.name, m.displayName, formatFixed(p.total / 1e9, 2),
                               formatFixed(p.active / 1e9, 2), std::to_string(m.layers),
                               std::to_string(m.hidden), std::to_string(m.heads),
                               std::to_string(m.kvHeads), std::to_string(m.seqLen),
                               list == &builtin.models ? "built-in" : "user"});
            }
    }
    if (fmt == Format::Json)
        ctx.out << arr.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    else if (fmt == Format::Csv)
        table->printCsv(ctx.out);
    else
        table->print(ctx.out);
    return kExitOk;
}

store::CatalogKind kindArgument(const std::string& text, const char* sub) {
    const auto kind = store::catalogKindFromString(text);
    if (!kind)
        throw UsageError(std::string("catalog ") + sub + ": '" + text +
                         "' is not one of gpu, link, model");
    return *kind;
}

int addCatalogEntry(CliContext& ctx) {
    const auto source = ctx.takeOption("--source");
    rejectUnknownOptions(ctx, kCatalogUsage);
    if (ctx.args.size() != 2)
        throw UsageError("usage: catalog add {gpu,link,model} FILE.json [--source TEXT]");
    const store::CatalogKind kind = kindArgument(ctx.args[0], "add");
    const std::string file = ctx.args[1];
    const std::string what(store::toString(kind));
    const std::string text = readInputFile(file);
    nlohmann::json body;
    try {
        body = parseJsonText(text);
    } catch (const std::exception& e) {
        ctx.err << "trainplan-cli: " << file << ": not JSON (" << e.what() << ")\n";
        return kExitInvalidInput;
    }
    if (!body.is_object()) {
        ctx.err << "trainplan-cli: " << file << ": expected one " << what
                << " as a JSON object (the fields of a "
                << "data/catalog entry)\n";
        return kExitInvalidInput;
    }
    std::string src = source.value_or("");
    // A "source" that is not text is left for the entry's validation to name (reading it as text
    // here threw the JSON library's own type_error.302, issue 22 item 18).
    const auto given = body.find("source");
    if (src.empty() &&
        (given == body.end() || (given->is_string() && given->get<std::string>().empty())))
        src = "user entry from " + std::filesystem::path(file).filename().string();
    store::Store st = openStoreForWriting(ctx);
    bool added = false;
    try {
        added = st.putCatalogEntry(kind, body, src);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        return reportRejected(ctx, e, file);
    }
    ctx.out << (added ? "added" : "updated") << " user " << what << " '"
            << body.value("name", std::string()) << "'\n";
    return kExitOk;
}

int removeCatalogEntry(CliContext& ctx) {
    rejectUnknownOptions(ctx, kCatalogUsage);
    if (ctx.args.size() != 2) throw UsageError("usage: catalog remove {gpu,link,model} NAME");
    const store::CatalogKind kind = kindArgument(ctx.args[0], "remove");
    const std::string name = ctx.args[1];
    const std::string what(store::toString(kind));
    std::error_code ec;
    if (!std::filesystem::exists(databasePath(ctx), ec)) {
        // No library yet: only built-ins exist, which are read-only.
        const model::Catalog& cat = ctx.catalog();
        const bool builtin = kind == store::CatalogKind::Gpu    ? cat.findGpu(name) != nullptr
                             : kind == store::CatalogKind::Link ? cat.findLink(name) != nullptr
                                                                : cat.findModel(name) != nullptr;
        throw store::StoreError(store::StoreErrorKind::NotFound, databasePath(ctx).string(),
                                builtin ? "'" + name + "' is a built-in " + what +
                                              " (from data/catalog) and is read-only"
                                        : "no user " + what + " named '" + name + "'");
    }
    store::Store st = openStoreForWriting(ctx);
    st.removeCatalogEntry(kind, name);
    ctx.out << "removed user " << what << " '" << name << "'\n";
    return kExitOk;
}

} // namespace

int cmdCatalog(CliContext& ctx) {
    if (ctx.args.empty()) throw UsageError(std::string("usage: ") + kCatalogUsage);
    const std::string sub = ctx.args.front();
    ctx.args.erase(ctx.args.begin());
    if (sub == "list") return listCatalog(ctx);
    if (sub == "add") return addCatalogEntry(ctx);
    if (sub == "remove") return removeCatalogEntry(ctx);
    throw UsageError("catalog: unknown subcommand '" + sub + "' (usage: " + kCatalogUsage + ")");
}

} // namespace trainplan::cli
