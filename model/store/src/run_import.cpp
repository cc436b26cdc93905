#include <trainplan/model/ascii_text.h>
#include <trainplan/store/run_import.h>

#include <trainplan/model/units.h>

#include <algorithm>
#include <cctype>
#include <string>

namespace trainplan::store {

namespace {

bool contains(const std::string& haystack, const char* needle) {
    return haystack.find(needle) != std::string::npos;
}

std::optional<std::string> framework(const std::string& text) {
    const std::string t = model::asciiLower(text);
    // DeepSpeed first: "Megatron-LM + DeepSpeed ZeRO-3" runs ZeRO-3 without model parallelism.
    if (contains(t, "deepspeed")) return "deepspeed";
    if (contains(t, "fsdp") || contains(t, "torchtitan")) return "fsdp";
    if (contains(t, "megatron")) return "megatron";
    if (contains(t, "ddp")) return "ddp";
    return std::nullopt;
}

std::optional<std::string> recompute(const std::string& text) {
    const std::string t = model::asciiLower(text);
    if (t.rfind("full", 0) == 0) return "full";
    if (t.rfind("selective", 0) == 0) return "selective";
    if (t == "none" || t == "no" || t == "off") return "none";
    return std::nullopt;
}

} // namespace

NewMeasuredRun measuredRunFromPublished(const model::PublishedRun& row) {
    NewMeasuredRun run;
    run.scenarioName = row.modelName;
    nlohmann::json plan = nlohmann::json::object();
    if (auto f = framework(row.framework)) plan["framework"] = *f;
    auto put = [&](const char* key, const std::optional<int>& v) {
        if (v) plan[key] = *v;
    };
    put("dp", row.dp);
    put("tp", row.tp);
    put("pp", row.pp);
    put("cp", row.cp);
    put("ep", row.ep);
    put("vpp", row.vpp);
    put("micro_batch", row.microBatch);
    if (!row.zeroStage.empty() &&
        std::all_of(row.zeroStage.begin(), row.zeroStage.end(), ::isdigit) &&
        row.zeroStage.size() == 1)
        plan["zero_stage"] = row.zeroStage[0] - '0';
    if (auto r = recompute(row.recompute)) plan["recompute"] = *r;
    if (row.sequenceParallel) plan["sequence_parallel"] = *row.sequenceParallel;
    if (!plan.empty()) run.plan = plan;

    run.stepSeconds = row.measuredStepTimeS;
    run.tokensPerSecondPerGpu = row.measuredTokensPerSPerGpu;
    if (row.measuredPeakMemGb) run.peakMemoryBytes = *row.measuredPeakMemGb * model::units::kGiB;
    if (row.measuredTflopsPerGpu)
        run.flopsPerSecondPerGpu = *row.measuredTflopsPerGpu * model::units::kTera;
    if (row.measuredMfuPct) run.mfu = *row.measuredMfuPct / 100.0;
    run.notes = row.notes;
    run.source = row.sourceText;
    run.details = model::toJson(row);
    return run;
}

std::vector<NewMeasuredRun>
measuredRunsFromPublished(const std::vector<model::PublishedRun>& rows) {
    std::vector<NewMeasuredRun> out;
    out.reserve(rows.size());
    for (const auto& r : rows)
        out.push_back(measuredRunFromPublished(r));
    return out;
}

} // namespace trainplan::store
