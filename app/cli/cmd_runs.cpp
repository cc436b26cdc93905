#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/services/log_run_import.h>
#include <trainplan/services/run_check_text.h>
#include <trainplan/store/run_import.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kRunsUsage =
    "runs {add --scenario NAME [--step-time S] [--tokens-per-s-per-gpu X] [--peak-memory-gib G] "
    "[--tflops-per-gpu T] [--mfu-pct P] [--date YYYY-MM-DD] [--notes TEXT] [--source TEXT] "
    "[--plan JSON | --plan-index N] | list [--scenario NAME] | import CSV | import-log LOG... "
    "--scenario NAME [--plan JSON | --plan-index N] [--mapping FILE] [--warmup N] [--dry-run] | "
    "check [--scenario NAME] [--cluster KEY]}";

// The plan a run used: --plan JSON, --plan-index N of the stored scenario, or its only plan.
// Checked against the scenario with the scenario validator; problems are printed and nullopt
// returned.
std::optional<std::optional<nlohmann::json>>
choosePlan(CliContext& ctx, store::Store& st, const std::string& name,
           const std::optional<std::string>& planText,
           const std::optional<std::string>& planIndex) {
    const store::ScenarioRecord record = st.scenario(name);
    nlohmann::json doc = nlohmann::json::parse(record.body);
    const nlohmann::json plans = doc.value("plans", nlohmann::json::array());
    std::optional<nlohmann::json> plan;
    if (planText && planIndex) throw UsageError("runs add: give --plan or --plan-index, not both");
    if (planText) {
        try {
            plan = nlohmann::json::parse(*planText);
        } catch (const nlohmann::json::exception&) {
            throw UsageError("--plan: not JSON (expected an object like "
                             "{\"framework\":\"megatron\",\"tp\":8,...})");
        }
        if (!plan->is_object()) throw UsageError("--plan: must be a JSON object");
    } else if (planIndex) {
        const int i = parseCount(*planIndex, "--plan-index");
        if (static_cast<std::size_t>(i) > plans.size())
            throw UsageError("--plan-index: scenario '" + record.name + "' has " +
                             std::to_string(plans.size()) +
                             (plans.size() == 1 ? " plan" : " plans"));
        plan = plans[static_cast<std::size_t>(i - 1)];
    } else if (plans.size() == 1) {
        plan = plans[0];
    } else if (plans.size() > 1) {
        throw UsageError("runs add: scenario '" + record.name + "' has " +
                         std::to_string(plans.size()) +
                         " plans; choose the one measured with --plan-index 1.." +
                         std::to_string(plans.size()) + " or --plan JSON");
    }
    if (!plan) return std::optional<nlohmann::json>();
    doc["plans"] = nlohmann::json::array({*plan});
    const model::ScenarioLoad load = model::parseScenario(doc, st.catalog());
    if (!load.ok()) {
        for (const auto& issue : load.issues) {
            std::string path = issue.path;
            if (path.rfind("plans[0]", 0) == 0) path = "plan" + path.substr(8);
            ctx.err << "--plan: " << (path.empty() ? issue.message : path + ": " + issue.message)
                    << '\n';
        }
        return std::nullopt;
    }
    return std::optional<nlohmann::json>(plan);
}

int addRun(CliContext& ctx) {
    store::NewMeasuredRun run;
    const auto scenario = ctx.takeOption("--scenario");
    if (!scenario) throw UsageError("runs add needs --scenario NAME");
    run.scenarioName = *scenario;
    if (auto v = ctx.takeOption("--step-time")) run.stepSeconds = parseNumber(*v, "--step-time");
    if (auto v = ctx.takeOption("--tokens-per-s-per-gpu"))
        run.tokensPerSecondPerGpu = parseNumber(*v, "--tokens-per-s-per-gpu");
    if (auto v = ctx.takeOption("--peak-memory-gib"))
        run.peakMemoryBytes = parseNumber(*v, "--peak-memory-gib") * model::units::kGiB;
    if (auto v = ctx.takeOption("--tflops-per-gpu"))
        run.flopsPerSecondPerGpu = parseNumber(*v, "--tflops-per-gpu") * model::units::kTera;
    if (auto v = ctx.takeOption("--mfu-pct")) run.mfu = parseNumber(*v, "--mfu-pct") / 100.0;
    run.measuredOn = ctx.takeOption("--date").value_or(services::todayUtc());
    run.notes = ctx.takeOption("--notes").value_or("");
    run.source = ctx.takeOption("--source").value_or("");
    const auto planText = ctx.takeOption("--plan");
    const auto planIndex = ctx.takeOption("--plan-index");
    rejectUnknownOptions(ctx, kRunsUsage);
    if (!ctx.args.empty()) throw UsageError("runs add: unexpected argument '" + ctx.args[0] + "'");

    store::Store st = openStoreForWriting(ctx);
    const auto plan = choosePlan(ctx, st, run.scenarioName, planText, planIndex);
    if (!plan) return kExitInvalidInput;
    run.plan = *plan;
    std::int64_t id = 0;
    try {
        id = st.addRun(run);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        for (const auto& issue : e.issues())
            ctx.err << "runs add: " << issue.text() << '\n';
        ctx.err << "nothing was saved\n";
        return kExitInvalidInput;
    }
    ctx.out << services::runText(
                   services::RunText::Added, sim::Lang::En,
                   {sim::countArg(static_cast<double>(id)), sim::textArg(run.scenarioName)})
            << '\n';
    return kExitOk;
}

std::string planLabel(const std::optional<nlohmann::json>& plan) {
    if (!plan) return "";
    std::string out;
    if (plan->contains("framework") && (*plan)["framework"].is_string())
        out = (*plan)["framework"].get<std::string>();
    for (const char* key : {"tp", "pp", "dp", "cp", "ep"}) {
        if (plan->contains(key) && (*plan)[key].is_number_integer() &&
            (*plan)[key].get<long long>() > 1) {
            std::string k(key);
            for (char& c : k)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            out += (out.empty() ? "" : " ") + k + std::to_string((*plan)[key].get<long long>());
        }
    }
    return out;
}

std::string optionalCell(const std::optional<double>& v, double scale, int decimals) {
    return v ? formatFixed(*v / scale, decimals) : "-";
}

int listRuns(CliContext& ctx) {
    const auto scenario = ctx.takeOption("--scenario");
    rejectUnknownOptions(ctx, kRunsUsage);
    if (!ctx.args.empty()) throw UsageError("usage: runs list [--scenario NAME]");
    std::vector<store::MeasuredRun> runs;
    if (std::optional<store::Store> st = openStoreForReading(ctx)) runs = st->runs(scenario);
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& r : runs) {
            nlohmann::json j = {
                {"id", r.id},         {"scenario", r.scenarioName}, {"notes", r.notes},
                {"source", r.source}, {"created_at", r.createdAt},  {"details", r.details}};
            j["plan"] = r.plan ? *r.plan : nlohmann::json(nullptr);
            auto put = [&](const char* key, const std::optional<double>& v) {
                j[key] = v ? nlohmann::json(*v) : nlohmann::json(nullptr);
            };
            put("step_time_s", r.stepSeconds);
            put("tokens_per_s_per_gpu", r.tokensPerSecondPerGpu);
            put("peak_memory_bytes", r.peakMemoryBytes);
            put("flops_per_s_per_gpu", r.flopsPerSecondPerGpu);
            put("mfu", r.mfu);
            j["measured_on"] =
                r.measuredOn ? nlohmann::json(*r.measuredOn) : nlohmann::json(nullptr);
            arr.push_back(j);
        }
        ctx.out << arr.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return kExitOk;
    }
    TextTable table({"id", "scenario", "date", "plan", "step s", "tokens/s/GPU", "peak GiB",
                     "TFLOP/s/GPU", "MFU", "source"});
    for (const auto& r : runs) {
        std::string source = r.source.size() > 48 ? r.source.substr(0, 45) + "..." : r.source;
        table.addRow({std::to_string(r.id), r.scenarioName, r.measuredOn.value_or("-"),
                      planLabel(r.plan), optionalCell(r.stepSeconds, 1, 3),
                      optionalCell(r.tokensPerSecondPerGpu, 1, 0),
                      optionalCell(r.peakMemoryBytes, model::units::kGiB, 1),
                      optionalCell(r.flopsPerSecondPerGpu, model::units::kTera, 1),
                      r.mfu ? formatPercent(*r.mfu) : "-", source});
    }
    if (fmt == Format::Csv)
        table.printCsv(ctx.out);
    else
        table.print(ctx.out);
    return kExitOk;
}

int import(CliContext& ctx) {
    rejectUnknownOptions(ctx, kRunsUsage);
    if (ctx.args.size() != 1) throw UsageError("usage: runs import CSV");
    const std::string file = ctx.args[0];
    const model::PublishedRunsLoad load = model::loadPublishedRuns(file);
    if (!load.ok()) {
        for (const auto& issue : load.issues)
            ctx.err << file << ": " << issue.text() << '\n';
        ctx.err << load.issues.size() << (load.issues.size() == 1 ? " problem" : " problems")
                << " in " << file << "; nothing was imported\n";
        return kExitInvalidInput;
    }
    store::Store st = openStoreForWriting(ctx);
    store::ImportSummary summary;
    try {
        summary = st.importRuns(store::measuredRunsFromPublished(load.runs));
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        // Paths are runs[i]; name the CSV line instead.
        for (const auto& issue : e.issues()) {
            std::string where = issue.path;
            if (where.rfind("runs[", 0) == 0) {
                const std::size_t close = where.find(']');
                const std::size_t index = std::stoul(where.substr(5, close - 5));
                where = "line " + std::to_string(load.runs[index].line) + where.substr(close + 1);
            }
            ctx.err << file << ": " << where << ": " << issue.message << '\n';
        }
        ctx.err << "nothing was imported\n";
        return kExitInvalidInput;
    }
    // The Measurements tab's words for the same import.
    const auto en = sim::Lang::En;
    std::string text =
        services::runText(services::RunText::Imported, en,
                          {sim::countArg(static_cast<double>(summary.added)), sim::textArg(file)});
    if (summary.skipped > 0)
        text = services::runText(
            services::RunText::Parenthesized, en,
            {sim::textArg(text), sim::textArg(services::runText(
                                     services::RunText::AlreadyStored, en,
                                     {sim::countArg(static_cast<double>(summary.skipped))}))});
    ctx.out << text << '\n';
    return kExitOk;
}

} // namespace

int cmdRuns(CliContext& ctx) {
    if (ctx.args.empty()) throw UsageError(std::string("usage: ") + kRunsUsage);
    const std::string sub = ctx.args.front();
    ctx.args.erase(ctx.args.begin());
    if (sub == "add") return addRun(ctx);
    if (sub == "list") return listRuns(ctx);
    if (sub == "import") return import(ctx);
    if (sub == "import-log") return runsImportLog(ctx);
    if (sub == "check") return runsCheck(ctx);
    throw UsageError("runs: unknown subcommand '" + sub + "' (usage: " + kRunsUsage + ")");
}

} // namespace trainplan::cli
