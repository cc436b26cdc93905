#include <trainplan/simulator/advice_json.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/timeline.h>

#include <nlohmann/json.hpp>

namespace trainplan::sim {

using nlohmann::json;

namespace {

std::string_view argKindName(ArgKind k) {
    switch (k) {
    case ArgKind::Framework:
        return "framework";
    case ArgKind::Plan:
        return "plan";
    case ArgKind::Items:
        return "items";
    case ArgKind::Name:
        return "name";
    case ArgKind::Parameters:
        return "parameters";
    case ArgKind::Bytes:
        return "bytes";
    case ArgKind::Seconds:
        return "seconds";
    case ArgKind::Duration:
        return "duration_s";
    case ArgKind::Percent:
        return "fraction";
    case ArgKind::Factor:
        return "factor";
    case ArgKind::Usd:
        return "usd";
    case ArgKind::Count:
        return "count";
    case ArgKind::BytesPerSecond:
        return "bytes_per_s";
    case ArgKind::Weeks:
        return "weeks";
    case ArgKind::SignedPercent:
        return "signed_fraction";
    case ArgKind::Decimal:
        return "number";
    }
    return "name";
}

json optNumber(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

json estimateSummary(const std::optional<PlanEstimate>& e) {
    if (!e) return json{{"plan", nullptr}};
    return json{
        {"plan", model::toJson(e->plan)},
        {"label", e->plan.label()},
        {"fits", e->memory.fits},
        {"peak_bytes", e->memory.peakBytes},
        {"capacity_bytes", e->memory.capacityBytes},
        {"step_s", e->time.stepSeconds},
        {"mfu", e->throughput.mfu},
        {"tokens_per_s", e->throughput.tokensPerSecond},
        {"time_to_train_s", e->cost.timeToTrainSeconds},
        {"gpu_hours", e->cost.gpuHours},
        {"usd", e->cost.usd},
        {"dp_comm_fraction", dpCommFraction(*e)},
        {"inter_node_exposed_fraction",
         e->time.stepSeconds > 0 ? e->time.exposedInterNodeSeconds / e->time.stepSeconds : 0.0}};
}

json messages(const std::vector<Message>& list, Lang lang) {
    json out = json::array();
    for (const Message& m : list)
        out.push_back(toJson(m, lang));
    return out;
}

json gapsJson(const std::vector<ReadinessGap>& gaps, Lang lang) {
    json out = json::array();
    for (const ReadinessGap& g : gaps)
        out.push_back({{"id", std::string(model::toString(g.item))},
                       {"label", std::string(readinessItemText(g.item, lang).label)},
                       {"need", std::string(toString(g.need))},
                       {"weeks", g.effort.weeks},
                       {"difficulty", std::string(toString(g.effort.difficulty))}});
    return out;
}

json modelJson(const model::TransformerSpec& m, double parameters) {
    return json{{"parameters", parameters}, {"layers", m.layers},    {"hidden", m.hidden},
                {"heads", m.heads},         {"kv_heads", m.kvHeads}, {"ffn_hidden", m.ffnHidden}};
}

} // namespace

json toJson(const Message& m, Lang lang) {
    json args = json::array();
    for (const MessageArg& a : m.args) {
        json aj{{"kind", std::string(argKindName(a.kind))}};
        switch (a.kind) {
        case ArgKind::Framework:
            aj["value"] = std::string(
                model::toString(static_cast<model::Framework>(static_cast<int>(a.value))));
            break;
        case ArgKind::Plan:
        case ArgKind::Name:
            aj["value"] = a.text;
            break;
        case ArgKind::Items: {
            json ids = json::array();
            for (model::ReadinessItem i : a.items)
                ids.push_back(std::string(model::toString(i)));
            aj["value"] = std::move(ids);
            break;
        }
        default:
            aj["value"] = a.value;
            break;
        }
        aj["text"] = formatArg(a, lang);
        args.push_back(std::move(aj));
    }
    return json{{"id", std::string(messageKey(m.id))},
                {"text", render(m, lang)},
                {"args", std::move(args)}};
}

json adviceToJson(const model::Scenario& s, const Advice& a, Lang lang) {
    json doc;
    doc["schema"] = kAdviceSchema;
    doc["scenario"] = s.name;
    doc["lang"] = std::string(toString(lang));

    const Recommendation& rec = a.recommendation;
    json rj = estimateSummary(rec.plan);
    rj["framework"] = std::string(model::toString(rec.framework));
    rj["status"] = std::string(toString(rec.status));
    rj["text"] = a.reasons.empty() ? std::string() : render(a.reasons.front(), lang);
    rj["fastest"] = rec.fastest ? json(std::string(model::toString(*rec.fastest))) : json(nullptr);
    rj["fastest_ready"] =
        rec.fastestReady ? json(std::string(model::toString(*rec.fastestReady))) : json(nullptr);
    doc["recommendation"] = std::move(rj);
    doc["reasons"] = messages(a.reasons, lang);

    json fws = json::array();
    for (const FrameworkFit& f : a.frameworks) {
        json fj = estimateSummary(f.best ? f.best : f.closest);
        fj["framework"] = std::string(model::toString(f.framework));
        fj["searched"] = f.searched;
        fj["fits"] = f.fits();
        fj["miss_bytes"] = f.missBytes;
        fj["evaluated_plans"] = f.evaluatedPlans;
        fj["readiness"] = {{"ready", f.readiness.ready},
                           {"required_weeks", f.readiness.requiredWeeks},
                           {"missing", gapsJson(f.readiness.missing, lang)}};
        fws.push_back(std::move(fj));
    }
    doc["frameworks"] = std::move(fws);

    const BreakPoints& bp = a.breakPoints;
    json bj;
    bj["mfu_threshold"] = bp.mfuThreshold;
    bj["dp_comm_threshold"] = bp.dpCommThreshold;
    json sizes = json::array();
    for (const ModelSizeBreak& b : bp.modelSize) {
        json j{{"framework", std::string(model::toString(b.framework))},
               {"status", std::string(toString(b.status))},
               {"probes", b.probes}};
        j["largest"] = b.status == ModelSizeStatus::NothingFits
                           ? json(nullptr)
                           : modelJson(b.largest, b.largestParameters);
        j["next"] = b.status == ModelSizeStatus::AllFit ? json(nullptr)
                                                        : modelJson(b.next, b.nextParameters);
        j["largest_plan"] = b.largestPlan ? model::toJson(b.largestPlan->plan) : json(nullptr);
        sizes.push_back(std::move(j));
    }
    bj["model_size"] = std::move(sizes);
    json scaling = json::array();
    for (const GpuCountBreak& b : bp.gpuCount) {
        json pts = json::array();
        for (const ScalingPoint& p : b.points)
            pts.push_back({{"gpus", p.gpus},
                           {"fits", p.fits},
                           {"mfu", p.mfu},
                           {"step_s", p.stepSeconds},
                           {"usd", p.usd},
                           {"plan", p.plan ? json(p.plan->label()) : json(nullptr)}});
        scaling.push_back({{"framework", std::string(model::toString(b.framework))},
                           {"status", std::string(toString(b.status))},
                           {"last_gpus", b.lastGpus},
                           {"last_mfu", b.lastMfu},
                           {"next_gpus", b.nextGpus},
                           {"next_mfu", b.nextMfu},
                           {"points", std::move(pts)}});
    }
    bj["gpu_count"] = std::move(scaling);
    json bws = json::array();
    for (const BandwidthBreak& b : bp.bandwidth)
        bws.push_back({{"framework", std::string(model::toString(b.framework))},
                       {"status", std::string(toString(b.status))},
                       {"plan", b.plan ? model::toJson(*b.plan) : json(nullptr)},
                       {"bytes_per_s_per_nic", b.bytesPerSecondPerNic},
                       {"below_bytes_per_s_per_nic", b.belowBytesPerSecondPerNic},
                       {"fraction_at", b.fractionAt},
                       {"fraction_below", b.fractionBelow},
                       {"current_bytes_per_s_per_nic", b.currentBytesPerSecondPerNic},
                       {"current_fraction", b.currentFraction}});
    bj["inter_node_bandwidth"] = std::move(bws);
    doc["break_points"] = std::move(bj);

    json stages = json::array();
    for (const RoadmapStage& r : a.stages) {
        json sj;
        sj["id"] = r.stage.id;
        sj["title"] = render(r.title, lang);
        sj["default"] = r.isDefault;
        sj["framework"] = std::string(model::toString(r.framework));
        sj["target"] = {{"model", r.targetModelName},
                        {"parameters", r.targetParameters},
                        {"gpus", r.targetGpus}};
        sj["estimate"] = estimateSummary(r.estimate ? r.estimate : r.closest);
        sj["plan_from_stage"] = r.planFromStage;
        json issues = json::array();
        for (const auto& i : r.planIssues)
            issues.push_back(i.text());
        sj["plan_issues"] = std::move(issues);
        json trigger{{"kind", std::string(model::toString(r.stage.trigger.kind))},
                     {"text", render(r.trigger, lang)},
                     {"status", std::string(toString(r.triggerStatus))}};
        if (r.stage.trigger.kind != model::TriggerKind::Oom &&
            r.stage.trigger.kind != model::TriggerKind::Manual)
            trigger["value"] = r.stage.trigger.value;
        sj["trigger"] = std::move(trigger);
        json prereqs = json::array();
        for (const model::StagePrerequisite& p : r.stage.prerequisites) {
            json pj;
            pj["id"] = p.item ? json(std::string(model::toString(*p.item))) : json(nullptr);
            pj["text"] = p.item && p.text.empty()
                             ? std::string(readinessItemText(*p.item, lang).label)
                             : p.text;
            pj["done"] = p.done;
            prereqs.push_back(std::move(pj));
        }
        sj["prerequisites"] = std::move(prereqs);
        sj["missing"] = gapsJson(r.missing, lang);
        sj["missing_weeks"] = r.missingWeeks;
        sj["previous_framework"] = r.previousFramework
                                       ? json(std::string(model::toString(*r.previousFramework)))
                                       : json(nullptr);
        sj["speedup"] = optNumber(r.speedup);
        sj["usd_saved"] = optNumber(r.usdSaved);
        sj["expected_gain"] = {{"text", r.stage.expectedGain.text},
                               {"speedup", optNumber(r.stage.expectedGain.speedup)}};
        sj["notes"] = messages(r.notes, lang);
        sj["stage"] = model::toJson(r.stage);
        stages.push_back(std::move(sj));
    }
    doc["stages"] = std::move(stages);
    // The stages on a calendar (timeline.h): weeks from the start, each run's expected cost.
    const RoadmapTimeline t = roadmapTimeline(a.stages);
    json entries = json::array();
    for (const TimelineStage& ts : t.stages)
        entries.push_back({{"stage", ts.stage},
                           {"scheduled", ts.scheduled},
                           {"prerequisite_start_weeks", ts.prerequisiteStartWeeks},
                           {"prerequisite_weeks", ts.prerequisiteWeeks},
                           {"new_items", ts.newItems},
                           {"shared_items", ts.sharedItems},
                           {"runs", ts.runs},
                           {"run_start_weeks", ts.runStartWeeks},
                           {"run_weeks", ts.runWeeks},
                           {"run_usd", ts.priced ? json(ts.runUsd) : json(nullptr)}});
    doc["timeline"] = {{"stages", std::move(entries)},
                       {"total_weeks", t.totalWeeks},
                       {"prerequisite_weeks", t.prerequisiteWeeks},
                       {"total_usd", t.allPriced ? json(t.totalUsd) : json(nullptr)},
                       {"runs", t.runs}};
    return doc;
}

} // namespace trainplan::sim
