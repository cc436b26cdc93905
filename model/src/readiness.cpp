#include <trainplan/model/readiness.h>

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>

#include <trainplan/model/json_reader.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

namespace trainplan::model {

using detail::ObjectReader;
using nlohmann::json;

namespace {

template <typename E, std::size_t N>
std::optional<E> fromTable(std::string_view s, const std::pair<E, const char*> (&table)[N]) {
    for (const auto& [value, name] : table)
        if (s == name) return value;
    return std::nullopt;
}

template <typename E, std::size_t N>
std::string_view toTable(E e, const std::pair<E, const char*> (&table)[N]) {
    for (const auto& [value, name] : table)
        if (value == e) return name;
    return table[0].second;
}

constexpr std::pair<TeamExperience, const char*> kExperience[] = {
    {TeamExperience::SingleNode, "single_node"},
    {TeamExperience::Ddp, "ddp"},
    {TeamExperience::ZeroFsdp, "zero_fsdp"},
    {TeamExperience::ThreeD, "three_d"},
};
constexpr std::pair<DebugSkill, const char*> kDebug[] = {
    {DebugSkill::None, "none"},
    {DebugSkill::Hangs, "hangs"},
    {DebugSkill::Performance, "performance"},
};
constexpr std::pair<RdmaKind, const char*> kRdma[] = {
    {RdmaKind::None, "none"},
    {RdmaKind::RoCE, "roce"},
    {RdmaKind::InfiniBand, "infiniband"},
};
constexpr std::pair<ReadinessItem, const char*> kItems[] = {
    {ReadinessItem::ExperienceDdp, "experience_ddp"},
    {ReadinessItem::ExperienceZeroFsdp, "experience_zero_fsdp"},
    {ReadinessItem::ExperienceThreeD, "experience_three_d"},
    {ReadinessItem::DebugHangs, "debug_hangs"},
    {ReadinessItem::DebugPerformance, "debug_performance"},
    {ReadinessItem::MaintainVersions, "maintain_versions"},
    {ReadinessItem::GangScheduling, "gang_scheduling"},
    {ReadinessItem::Rdma, "rdma"},
    {ReadinessItem::TopologyAwarePlacement, "topology_aware_placement"},
    {ReadinessItem::SharedCheckpointStorage, "shared_checkpoint_storage"},
    {ReadinessItem::FailureRecovery, "failure_recovery"},
    {ReadinessItem::Monitoring, "monitoring"},
    {ReadinessItem::StandardImages, "standard_images"},
    {ReadinessItem::CostAttribution, "cost_attribution"},
};
constexpr std::pair<TriggerKind, const char*> kTriggers[] = {
    {TriggerKind::Oom, "oom"},
    {TriggerKind::MfuBelow, "mfu_below"},
    {TriggerKind::CostAbove, "cost_above"},
    {TriggerKind::GpusAbove, "gpus_above"},
    {TriggerKind::Manual, "manual"},
};

template <typename E, std::size_t N>
std::string choices(const std::pair<E, const char*> (&table)[N]) {
    std::string out;
    for (const auto& [value, name] : table)
        out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

using detail::kMaxGpus;

StageTrigger triggerFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    StageTrigger t;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return t;
    r.readEnum("kind", t.kind, true, triggerKindFromString, choices(kTriggers));
    const std::string valuePath = r.fieldPath("value");
    switch (t.kind) {
    case TriggerKind::Oom:
    case TriggerKind::Manual:
        if (r.raw("value"))
            r.add(valuePath, IssueId::TriggerTakesNoValue, {std::string(toString(t.kind))});
        break;
    case TriggerKind::MfuBelow:
        if (r.readDouble("value", t.value, true, 0.0, 1.0) && t.value <= 0.0)
            r.add(valuePath, IssueId::MfuFractionExample);
        break;
    case TriggerKind::CostAbove:
        r.readDouble("value", t.value, true, 0.0, 1e15);
        break;
    case TriggerKind::GpusAbove: {
        long long gpus = 0;
        if (r.readInt64("value", gpus, true, 1, kMaxGpus)) t.value = static_cast<double>(gpus);
        break;
    }
    }
    r.finish();
    return t;
}

StagePrerequisite prerequisiteFromJson(const json& j, const std::string& path,
                                       ValidationIssues& issues) {
    StagePrerequisite p;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return p;
    ReadinessItem item{};
    if (r.readEnum("id", item, false, readinessItemFromString, choices(kItems))) p.item = item;
    const bool hasId = r.has("id");
    r.readString("text", p.text, false);
    if (!hasId && !r.has("text"))
        r.add(path, IssueId::NeedsIdOrText);
    else if (!hasId && p.text.empty())
        r.add(r.fieldPath("text"), IssueId::MustNotBeEmpty);
    r.readBool("done", p.done, false);
    r.finish();
    return p;
}

ExpectedGain gainFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    ExpectedGain g;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return g;
    r.readString("text", g.text, false);
    double speedup = 0;
    if (r.readDouble("speedup", speedup, false, 0.0, 1e6)) {
        if (speedup <= 0)
            r.add(r.fieldPath("speedup"), IssueId::SpeedupPositive);
        else
            g.speedup = speedup;
    }
    r.finish();
    return g;
}

} // namespace

std::string_view toString(TeamExperience e) {
    return toTable(e, kExperience);
}
std::optional<TeamExperience> teamExperienceFromString(std::string_view s) {
    return fromTable(s, kExperience);
}
std::string_view toString(DebugSkill d) {
    return toTable(d, kDebug);
}
std::optional<DebugSkill> debugSkillFromString(std::string_view s) {
    return fromTable(s, kDebug);
}
std::string_view toString(RdmaKind r) {
    return toTable(r, kRdma);
}
std::optional<RdmaKind> rdmaKindFromString(std::string_view s) {
    return fromTable(s, kRdma);
}
std::string_view toString(ReadinessItem item) {
    return toTable(item, kItems);
}
std::optional<ReadinessItem> readinessItemFromString(std::string_view s) {
    return fromTable(s, kItems);
}
std::string_view toString(TriggerKind k) {
    return toTable(k, kTriggers);
}
std::optional<TriggerKind> triggerKindFromString(std::string_view s) {
    return fromTable(s, kTriggers);
}

RdmaKind effectiveRdma(const PlatformProfile& platform, const ClusterSpec& cluster) {
    if (platform.rdma) return *platform.rdma;
    switch (cluster.interNode.kind) {
    case LinkKind::InfiniBand:
        return RdmaKind::InfiniBand;
    case LinkKind::RoCE:
        return RdmaKind::RoCE;
    default:
        return RdmaKind::None;
    }
}

bool isInPlace(ReadinessItem item, const TeamProfile& team, const PlatformProfile& platform,
               const ClusterSpec& cluster) {
    switch (item) {
    case ReadinessItem::ExperienceDdp:
        return team.experience >= TeamExperience::Ddp;
    case ReadinessItem::ExperienceZeroFsdp:
        return team.experience >= TeamExperience::ZeroFsdp;
    case ReadinessItem::ExperienceThreeD:
        return team.experience >= TeamExperience::ThreeD;
    case ReadinessItem::DebugHangs:
        return team.debugDistributed >= DebugSkill::Hangs;
    case ReadinessItem::DebugPerformance:
        return team.debugDistributed >= DebugSkill::Performance;
    case ReadinessItem::MaintainVersions:
        return team.maintainVersions;
    case ReadinessItem::GangScheduling:
        return platform.gangScheduling;
    case ReadinessItem::Rdma:
        return effectiveRdma(platform, cluster) != RdmaKind::None;
    case ReadinessItem::TopologyAwarePlacement:
        return platform.topologyAwarePlacement;
    case ReadinessItem::SharedCheckpointStorage:
        return platform.sharedCheckpointStorage;
    case ReadinessItem::FailureRecovery:
        return platform.failureRecovery;
    case ReadinessItem::Monitoring:
        return platform.monitoring;
    case ReadinessItem::StandardImages:
        return platform.standardImages;
    case ReadinessItem::CostAttribution:
        return platform.costAttribution;
    }
    return false;
}

TeamProfile teamFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    TeamProfile t;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return t;
    r.readEnum("experience", t.experience, false, teamExperienceFromString, choices(kExperience));
    r.readEnum("debug_distributed", t.debugDistributed, false, debugSkillFromString,
               choices(kDebug));
    r.readBool("maintain_versions", t.maintainVersions, false);
    r.finish();
    return t;
}

PlatformProfile platformFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    PlatformProfile p;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return p;
    r.readBool("gang_scheduling", p.gangScheduling, false);
    RdmaKind rdma{};
    if (r.readEnum("rdma", rdma, false, rdmaKindFromString, choices(kRdma))) p.rdma = rdma;
    r.readBool("topology_aware_placement", p.topologyAwarePlacement, false);
    r.readBool("shared_checkpoint_storage", p.sharedCheckpointStorage, false);
    r.readBool("failure_recovery", p.failureRecovery, false);
    r.readBool("monitoring", p.monitoring, false);
    r.readBool("standard_images", p.standardImages, false);
    r.readBool("cost_attribution", p.costAttribution, false);
    r.finish();
    return p;
}

MigrationStage stageFromJson(const json& j, const std::string& path, ValidationIssues& issues,
                             const StageReadOptions& options) {
    MigrationStage s;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return s;
    if (r.readString("id", s.id, true) && s.id.empty())
        r.add(r.fieldPath("id"), IssueId::MustNotBeEmpty);
    r.readString("title", s.title, false);
    Framework fw{};
    if (r.readEnum("framework", fw, false, frameworkFromString, "ddp, fsdp, deepspeed, megatron"))
        s.framework = fw;
    if (const json* target = r.raw("target")) {
        ObjectReader tr(*target, r.fieldPath("target"), issues);
        if (tr.valid()) {
            if (tr.readString("model", s.targetModel, false)) {
                if (s.targetModel.empty()) {
                    tr.add(tr.fieldPath("model"), IssueId::StageModelName);
                } else if (options.catalog) {
                    if (const TransformerSpec* m = options.catalog->findModel(s.targetModel))
                        s.targetModel = m->name;
                    else
                        issues.push_back(options.catalog->unknownModelIssue(tr.fieldPath("model"),
                                                                            s.targetModel));
                }
            }
            tr.readInt64("gpus", s.targetGpus, false, 1, kMaxGpus);
            tr.finish();
        }
    }
    if (const json* plan = r.raw("plan")) {
        const std::string planPath = r.fieldPath("plan");
        if (!options.readPlan) {
            r.add(planPath, IssueId::StagePlanOnlyInScenario);
        } else {
            bool dpGiven = false;
            const std::size_t before = issues.size();
            Plan p = options.readPlan(*plan, planPath, issues, dpGiven);
            if (issues.size() == before) {
                const long long gpus = s.targetGpus > 0 ? s.targetGpus : options.clusterGpus;
                const long long modelRanks = static_cast<long long>(p.tp) * p.pp * p.cp;
                if (!dpGiven && gpus > 0 && modelRanks > 0 && gpus % modelRanks == 0)
                    p.dp = static_cast<int>(gpus / modelRanks);
                if (s.framework && p.framework != *s.framework)
                    r.add(
                        planPath + ".framework", IssueId::FrameworkContradictsStage,
                        {std::string(toString(p.framework)), std::string(toString(*s.framework))});
                s.plan = p;
            }
        }
    }
    if (const json* trigger = r.raw("trigger"))
        s.trigger = triggerFromJson(*trigger, r.fieldPath("trigger"), issues);
    if (const json* prereq = r.raw("prerequisites")) {
        const std::string pp = r.fieldPath("prerequisites");
        if (!prereq->is_array()) {
            r.add(pp, IssueId::MustBeArrayGot, {detail::typeArg(*prereq)});
        } else {
            for (std::size_t i = 0; i < prereq->size(); ++i)
                s.prerequisites.push_back(
                    prerequisiteFromJson((*prereq)[i], pp + "[" + std::to_string(i) + "]", issues));
        }
    }
    if (const json* gain = r.raw("expected_gain"))
        s.expectedGain = gainFromJson(*gain, r.fieldPath("expected_gain"), issues);
    r.finish();
    return s;
}

std::vector<MigrationStage> stagesFromJson(const json& j, const std::string& path,
                                           ValidationIssues& issues,
                                           const StageReadOptions& options) {
    std::vector<MigrationStage> out;
    if (!j.is_array()) {
        issues.push_back({path, IssueId::MustBeArrayGot, {detail::typeArg(j)}});
        return out;
    }
    std::set<std::string, std::less<>> ids;
    for (std::size_t i = 0; i < j.size(); ++i) {
        const std::string p = path + "[" + std::to_string(i) + "]";
        MigrationStage s = stageFromJson(j[i], p, issues, options);
        if (!s.id.empty() && !ids.insert(s.id).second)
            issues.push_back({p + ".id", IssueId::StageIdUsed, {s.id}});
        out.push_back(std::move(s));
    }
    return out;
}

json toJson(const TeamProfile& t) {
    return json{{"experience", std::string(toString(t.experience))},
                {"debug_distributed", std::string(toString(t.debugDistributed))},
                {"maintain_versions", t.maintainVersions}};
}

json toJson(const PlatformProfile& p) {
    json j{{"gang_scheduling", p.gangScheduling}};
    if (p.rdma) j["rdma"] = std::string(toString(*p.rdma));
    j["topology_aware_placement"] = p.topologyAwarePlacement;
    j["shared_checkpoint_storage"] = p.sharedCheckpointStorage;
    j["failure_recovery"] = p.failureRecovery;
    j["monitoring"] = p.monitoring;
    j["standard_images"] = p.standardImages;
    j["cost_attribution"] = p.costAttribution;
    return j;
}

json toJson(const MigrationStage& s) {
    json j;
    j["id"] = s.id;
    if (!s.title.empty()) j["title"] = s.title;
    if (s.framework) j["framework"] = std::string(toString(*s.framework));
    if (!s.targetModel.empty() || s.targetGpus > 0) {
        json t = json::object();
        if (!s.targetModel.empty()) t["model"] = s.targetModel;
        if (s.targetGpus > 0) t["gpus"] = s.targetGpus;
        j["target"] = std::move(t);
    }
    if (s.plan) j["plan"] = toJson(*s.plan);
    json trigger{{"kind", std::string(toString(s.trigger.kind))}};
    switch (s.trigger.kind) {
    case TriggerKind::GpusAbove:
        trigger["value"] = std::llround(s.trigger.value);
        break;
    case TriggerKind::MfuBelow:
    case TriggerKind::CostAbove:
        trigger["value"] = s.trigger.value;
        break;
    case TriggerKind::Oom:
    case TriggerKind::Manual:
        break;
    }
    j["trigger"] = std::move(trigger);
    if (!s.prerequisites.empty()) {
        json list = json::array();
        for (const StagePrerequisite& p : s.prerequisites) {
            json pj = json::object();
            if (p.item) pj["id"] = std::string(toString(*p.item));
            if (!p.text.empty() || !p.item) pj["text"] = p.text;
            pj["done"] = p.done;
            list.push_back(std::move(pj));
        }
        j["prerequisites"] = std::move(list);
    }
    if (!s.expectedGain.text.empty() || s.expectedGain.speedup) {
        json g = json::object();
        if (!s.expectedGain.text.empty()) g["text"] = s.expectedGain.text;
        if (s.expectedGain.speedup) g["speedup"] = *s.expectedGain.speedup;
        j["expected_gain"] = std::move(g);
    }
    return j;
}

json stagesToJson(const std::vector<MigrationStage>& stages) {
    json out = json::array();
    for (const MigrationStage& s : stages)
        out.push_back(toJson(s));
    return out;
}

} // namespace trainplan::model
