#include "run_json.h"

#include <trainplan/model/issue_text.h>

#include "json_text.h"

#include <trainplan/model/plan_json.h>
#include <trainplan/model/utf8.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>

namespace trainplan::store::detail {

namespace {

void putOptional(nlohmann::json& j, const char* key, const std::optional<double>& v) {
    if (v) j[key] = *v;
}

bool isValidDate(const std::string& d) {
    // YYYY-MM-DD with a real month length (leap years included).
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (d[i] < '0' || d[i] > '9') return false;
    const int y = std::stoi(d.substr(0, 4));
    const int m = std::stoi(d.substr(5, 2));
    const int day = std::stoi(d.substr(8, 2));
    if (m < 1 || m > 12 || day < 1) return false;
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return day <= kDays[m - 1] + (m == 2 && leap ? 1 : 0);
}

} // namespace

nlohmann::json runToJson(const NewMeasuredRun& run) {
    nlohmann::json j = nlohmann::json::object();
    j["scenario"] = run.scenarioName;
    if (run.plan) j["plan"] = *run.plan;
    putOptional(j, "step_time_s", run.stepSeconds);
    putOptional(j, "tokens_per_s_per_gpu", run.tokensPerSecondPerGpu);
    putOptional(j, "peak_memory_bytes", run.peakMemoryBytes);
    putOptional(j, "flops_per_s_per_gpu", run.flopsPerSecondPerGpu);
    putOptional(j, "mfu", run.mfu);
    if (run.measuredOn) j["measured_on"] = *run.measuredOn;
    j["notes"] = run.notes;
    j["source"] = run.source;
    j["details"] = run.details;
    return j;
}

NewMeasuredRun runFromJson(const nlohmann::json& j, const std::string& path,
                           model::ValidationIssues& issues) {
    NewMeasuredRun run;
    if (!j.is_object()) {
        issues.push_back({path, model::IssueId::MustBeObject});
        return run;
    }
    static const std::set<std::string> known = {"scenario",
                                                "plan",
                                                "step_time_s",
                                                "tokens_per_s_per_gpu",
                                                "peak_memory_bytes",
                                                "flops_per_s_per_gpu",
                                                "mfu",
                                                "measured_on",
                                                "notes",
                                                "source",
                                                "details",
                                                "created_at"};
    for (const auto& [key, value] : j.items())
        if (!known.count(key)) issues.push_back({path + "." + key, model::IssueId::UnknownKey});
    auto text = [&](const char* key, std::string& out) {
        if (!j.contains(key)) return;
        if (j[key].is_string())
            out = j[key].get<std::string>();
        else
            issues.push_back({path + "." + key, model::IssueId::MustBeString});
    };
    auto number = [&](const char* key, std::optional<double>& out) {
        if (!j.contains(key) || j[key].is_null()) return;
        if (j[key].is_number())
            out = j[key].get<double>();
        else
            issues.push_back({path + "." + key, model::IssueId::MustBeNumber});
    };
    text("scenario", run.scenarioName);
    if (j.contains("plan") && !j["plan"].is_null()) run.plan = j["plan"];
    number("step_time_s", run.stepSeconds);
    number("tokens_per_s_per_gpu", run.tokensPerSecondPerGpu);
    number("peak_memory_bytes", run.peakMemoryBytes);
    number("flops_per_s_per_gpu", run.flopsPerSecondPerGpu);
    number("mfu", run.mfu);
    if (j.contains("measured_on") && !j["measured_on"].is_null()) {
        std::string d;
        text("measured_on", d);
        run.measuredOn = d;
    }
    text("notes", run.notes);
    text("source", run.source);
    if (j.contains("details")) run.details = j["details"];
    return run;
}

model::ValidationIssues validateRun(const NewMeasuredRun& run, const std::string& path) {
    model::ValidationIssues issues;
    const std::string prefix = path.empty() ? "" : path + ".";
    if (run.scenarioName.find_first_not_of(" \t") == std::string::npos)
        issues.push_back({prefix + "scenario", model::IssueId::Required});
    if (run.plan && !run.plan->is_object())
        issues.push_back({prefix + "plan", model::IssueId::MustBeJsonObject});
    else if (run.plan) {
        // The plan's knobs as a scenario's plan takes them: `tp: -1` is never stored.
        auto more = model::validatePlanJson(*run.plan, prefix + "plan");
        issues.insert(issues.end(), more.begin(), more.end());
    }
    if (!run.details.is_object())
        issues.push_back({prefix + "details", model::IssueId::MustBeJsonObject});
    // Stored text is written back as JSON, which must be UTF-8: one bad byte broke `runs list
    // --format json` for the whole library.
    for (const auto& [key, text] :
         {std::pair<const char*, const std::string*>{"scenario", &run.scenarioName},
          {"notes", &run.notes},
          {"source", &run.source}})
        if (auto bad = model::invalidUtf8Issue(prefix + key, *text)) issues.push_back(*bad);
    // Positive and at least a physically meaningful floor: a 5e-324 step time passes "> 0" and
    // makes every relative error infinite.
    auto positive = [&](const char* key, const std::optional<double>& v, double floor,
                        model::IssueId below) {
        if (v && !(std::isfinite(*v) && *v > 0))
            issues.push_back({prefix + key, model::IssueId::MustBePositiveNumber});
        else if (v && *v < floor)
            issues.push_back({prefix + key, below});
    };
    positive("step_time_s", run.stepSeconds, 1e-6, model::IssueId::BelowMicrosecond);
    positive("tokens_per_s_per_gpu", run.tokensPerSecondPerGpu, 1e-3,
             model::IssueId::BelowMilliToken);
    positive("peak_memory_bytes", run.peakMemoryBytes, 1e6, model::IssueId::BelowMegabyte);
    positive("flops_per_s_per_gpu", run.flopsPerSecondPerGpu, 1e9, model::IssueId::BelowGigaflop);
    if (run.mfu && !(std::isfinite(*run.mfu) && *run.mfu > 0 && *run.mfu <= 1))
        issues.push_back({prefix + "mfu", model::IssueId::MfuFraction});
    else if (run.mfu && *run.mfu < 1e-5)
        issues.push_back({prefix + "mfu", model::IssueId::MfuBelowFloor});
    if (!run.stepSeconds && !run.tokensPerSecondPerGpu && !run.peakMemoryBytes &&
        !run.flopsPerSecondPerGpu && !run.mfu)
        issues.push_back({path, model::IssueId::NoMeasurement});
    if (run.measuredOn && !isValidDate(*run.measuredOn))
        issues.push_back({prefix + "measured_on", model::IssueId::NotDateYmd, {*run.measuredOn}});
    return issues;
}

std::string fingerprint(const std::string& text) {
    std::uint64_t h = 14695981039346656037ull; // FNV-1a offset basis
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull; // FNV prime
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string runFingerprint(const NewMeasuredRun& run) {
    return fingerprint(dumpJson(runToJson(run)));
}

} // namespace trainplan::store::detail
