#include <trainplan/simulator/roadmap.h>

#include <trainplan/model/scenario_json.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace trainplan::sim {

using model::Framework;
using model::MigrationStage;
using model::ReadinessItem;
using model::Scenario;
using model::TriggerKind;

namespace {

// A copy of the scenario on `gpus` GPUs: whole nodes of the scenario's size, or one smaller node.
Scenario withGpus(const Scenario& s, long long gpus) {
    Scenario t = s;
    t.constraints.maxGpus.reset();
    const long long perNode = std::max(1, s.cluster.gpusPerNode);
    if (gpus < perNode) {
        t.cluster.nodes = 1;
        t.cluster.gpusPerNode = static_cast<int>(gpus);
    } else {
        t.cluster.nodes = static_cast<int>((gpus + perNode - 1) / perNode);
    }
    return t;
}

struct Target {
    Scenario scenario;
    bool resolved = true; // the stage's target model was found in the catalog
    std::vector<FrameworkFit> fits;
};

// Evaluates targets once each (a search per distinct model × GPU count).
class Evaluator {
public:
    Evaluator(const Scenario& s, const RoadmapInputs& in)
        : m_s(s)
        , m_in(in) {}

    const Target& target(const std::string& modelName, long long gpus) {
        const auto key = std::make_pair(modelName, gpus);
        if (auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        Target t;
        t.scenario = m_s;
        t.scenario.plans.clear();
        bool same = true;
        if (!modelName.empty()) {
            const model::TransformerSpec* m =
                m_in.catalog ? m_in.catalog->findModel(modelName) : nullptr;
            if (!m) {
                t.resolved = false;
            } else if (!(*m == m_s.model)) {
                t.scenario.model = *m;
                t.scenario.modelRef = m->name;
                same = false;
            }
        }
        if (gpus > 0 && gpus != m_s.planGpus()) {
            t.scenario = withGpus(t.scenario, gpus);
            same = false;
        }
        if (same) {
            t.fits = m_in.fits;
        } else {
            SearchOptions so;
            for (const FrameworkFit& f : m_in.fits)
                if (f.searched) so.frameworks.push_back(f.framework);
            so.runnersUp = 0;
            so.bestOnly = true; // a stage shows its framework's best plan, or its closest
            so.threads = m_in.threads;
            so.cancelled = m_in.cancelled;
            t.fits = assessFrameworks(t.scenario, m_in.search ? m_in.search(t.scenario, so)
                                                              : searchPlans(t.scenario, so));
        }
        return m_memo.emplace(key, std::move(t)).first->second;
    }

private:
    const Scenario& m_s;
    const RoadmapInputs& m_in;
    std::map<std::pair<std::string, long long>, Target> m_memo;
};

std::vector<model::StagePrerequisite> prerequisites(const Scenario& s,
                                                    const std::vector<ReadinessItem>& items) {
    std::vector<model::StagePrerequisite> out;
    for (ReadinessItem item : items) {
        const bool dup =
            std::any_of(out.begin(), out.end(), [&](const auto& p) { return p.item == item; });
        if (!dup) out.push_back({item, {}, model::isInPlace(item, s.team, s.platform, s.cluster)});
    }
    return out;
}

std::vector<ReadinessItem> requiredItems(Framework f, const model::ClusterSpec& c) {
    std::vector<ReadinessItem> out;
    for (const Requirement& r : frameworkRequirements(f, c))
        out.push_back(r.item);
    return out;
}

bool allowed(const RoadmapInputs& in, Framework f) {
    const FrameworkFit* fit = findFit(in.fits, f);
    return fit && fit->searched;
}

// The largest catalog model below the scenario's that DDP fits on the scenario's cluster.
std::string baselineModel(const Scenario& s, const RoadmapInputs& in, Evaluator& ev) {
    if (!in.catalog) return {};
    const double own = model::countParameters(s.model).total;
    double limit = own;
    if (const ModelSizeBreak* b = in.breakPoints.modelSizeOf(Framework::Ddp);
        b && (b->status == ModelSizeStatus::Found || b->status == ModelSizeStatus::AllFit))
        limit = std::min(limit, b->largestParameters * 1.0001);
    std::vector<std::pair<double, std::string>> candidates;
    for (const model::TransformerSpec& m : in.catalog->models) {
        const double p = model::countParameters(m).total;
        if (p < limit && m.moe.enabled() == s.model.moe.enabled())
            candidates.emplace_back(p, m.name);
    }
    std::sort(candidates.rbegin(), candidates.rend());
    constexpr std::size_t kMaxTries = 4;
    for (std::size_t i = 0; i < candidates.size() && i < kMaxTries; ++i) {
        const FrameworkFit* f = findFit(ev.target(candidates[i].second, 0).fits, Framework::Ddp);
        if (f && f->fits()) return candidates[i].second;
    }
    return {};
}

std::vector<MigrationStage> makeDefaults(const Scenario& s, const RoadmapInputs& in,
                                         Evaluator& ev) {
    std::vector<MigrationStage> out;
    const FrameworkFit* ddp = findFit(in.fits, Framework::Ddp);

    // 1. DDP baseline.
    if (allowed(in, Framework::Ddp)) {
        MigrationStage st;
        st.id = kStageDdpBaseline;
        st.framework = Framework::Ddp;
        if (ddp && !ddp->fits()) st.targetModel = baselineModel(s, in, ev);
        st.prerequisites = prerequisites(s, requiredItems(Framework::Ddp, s.cluster));
        out.push_back(std::move(st));
    }

    // 2. ZeRO / FSDP: the sharded framework that fits, is ready, is fastest (or misses by least).
    const FrameworkFit* sharded = nullptr;
    auto key = [](const FrameworkFit* f) {
        return std::make_tuple(!f->fits(), !f->readiness.ready, f->readiness.requiredWeeks,
                               f->fits() ? f->best->time.stepSeconds : f->missBytes,
                               complexityRank(f->framework));
    };
    const Framework recommended = in.recommendation.framework;
    if (recommended == Framework::Fsdp || recommended == Framework::DeepSpeed) {
        sharded = findFit(in.fits, recommended); // the default path goes through the recommendation
    } else {
        for (Framework f : {Framework::Fsdp, Framework::DeepSpeed}) {
            const FrameworkFit* fit = findFit(in.fits, f);
            if (fit && fit->searched && (!sharded || key(fit) < key(sharded))) sharded = fit;
        }
    }
    if (sharded) {
        MigrationStage st;
        st.id = kStageSharded;
        st.framework = sharded->framework;
        if (!ddp || !ddp->fits()) {
            st.trigger = {TriggerKind::Oom, 0};
        } else if (sharded->fits() && ddp->best->time.stepSeconds >=
                                          in.switchSpeedup * sharded->best->time.stepSeconds) {
            // Sharding already pays: the trigger is DDP costing more than the sharded plan.
            if (sharded->best->cost.usd > 0)
                st.trigger = {TriggerKind::CostAbove, sharded->best->cost.usd};
            else
                st.trigger = {TriggerKind::MfuBelow, sharded->best->throughput.mfu};
        } else {
            st.trigger = {TriggerKind::Oom, 0};
        }
        st.prerequisites = prerequisites(s, requiredItems(sharded->framework, s.cluster));
        out.push_back(std::move(st));
    }

    // 3. Standardize the platform.
    {
        MigrationStage st;
        st.id = kStageStandardize;
        if (s.cluster.nodes > 1)
            st.trigger = {TriggerKind::GpusAbove, static_cast<double>(s.cluster.gpusPerNode)};
        st.prerequisites =
            prerequisites(s, {ReadinessItem::StandardImages, ReadinessItem::GangScheduling,
                              ReadinessItem::Monitoring, ReadinessItem::FailureRecovery,
                              ReadinessItem::SharedCheckpointStorage,
                              ReadinessItem::MaintainVersions, ReadinessItem::CostAttribution});
        out.push_back(std::move(st));
    }

    // 4. Megatron-LM when scale demands it.
    if (allowed(in, Framework::Megatron)) {
        const FrameworkFit* mega = findFit(in.fits, Framework::Megatron);
        MigrationStage st;
        st.id = kStageMegatron;
        st.framework = Framework::Megatron;
        const GpuCountBreak* scaling =
            sharded ? in.breakPoints.gpuCountOf(sharded->framework) : nullptr;
        if (sharded && !sharded->fits() && mega->fits()) {
            st.trigger = {TriggerKind::Oom, 0};
        } else if (scaling && (scaling->status == GpuScaleStatus::Found ||
                               scaling->status == GpuScaleStatus::NoPlanAt)) {
            st.trigger = {TriggerKind::GpusAbove, static_cast<double>(scaling->lastGpus)};
            if (s.planGpus() <= scaling->lastGpus) st.targetGpus = scaling->nextGpus;
        } else {
            st.trigger = {TriggerKind::MfuBelow, in.mfuThreshold};
        }
        st.prerequisites = prerequisites(s, requiredItems(Framework::Megatron, s.cluster));
        out.push_back(std::move(st));
    }

    // 5. Validate with measured cost and stability.
    {
        MigrationStage st;
        st.id = kStageValidate;
        st.framework = in.recommendation.framework;
        st.prerequisites =
            prerequisites(s, {ReadinessItem::Monitoring, ReadinessItem::CostAttribution,
                              ReadinessItem::FailureRecovery});
        out.push_back(std::move(st));
    }
    return out;
}

std::vector<RoadmapStage> build(const Scenario& s, const std::vector<MigrationStage>& stages,
                                const RoadmapInputs& in, bool isDefault, Evaluator& ev) {
    std::vector<RoadmapStage> out;
    std::optional<Framework> prevFw;
    for (const MigrationStage& st : stages) {
        RoadmapStage r;
        r.stage = st;
        r.isDefault = isDefault;
        const Target& t = ev.target(st.targetModel, st.targetGpus);
        if (!t.resolved)
            r.notes.push_back({MessageId::TargetUnresolved, {MessageArg::name(st.targetModel)}});
        const model::TransformerSpec& tm = t.scenario.model;
        r.targetModelName = tm.displayName.empty() ? tm.name : tm.displayName;
        r.targetParameters = model::countParameters(tm).total;
        r.targetGpus = t.scenario.planGpus();
        const Framework fw = st.framework ? *st.framework
                             : st.plan    ? st.plan->framework
                                          : prevFw.value_or(in.recommendation.framework);
        r.framework = fw;
        r.title = stageTitle(st, fw);
        r.previousFramework = prevFw;

        const FrameworkFit* fit = findFit(t.fits, fw);
        r.searched = fit && fit->searched;
        if (st.plan) {
            r.planIssues = model::validatePlan(t.scenario, *st.plan, "plan");
            if (r.planIssues.empty()) {
                const PlanContext ctx = makeContext(t.scenario);
                r.estimate = evaluatePlan(ctx, *st.plan);
                r.planFromStage = true;
            } else {
                r.notes.push_back({MessageId::StagePlanInvalid, {MessageArg::plan(*st.plan)}});
            }
        }
        if (!r.estimate && fit) {
            r.estimate = fit->best;
            if (!fit->best) r.closest = fit->closest;
        }
        if (r.estimate && r.estimate->memory.fits)
            r.goodput = estimateGoodput(t.scenario, *r.estimate);
        if (prevFw)
            if (const FrameworkFit* pf = findFit(t.fits, *prevFw)) r.previous = pf->best;

        // The trigger, and whether it has fired on the scenario as it is today.
        const Framework basisFw = prevFw.value_or(fw);
        const FrameworkFit* basis = findFit(in.fits, basisFw);
        const bool basisFits = basis && basis->fits();
        const double v = st.trigger.value;
        auto status = [](bool met) { return met ? TriggerStatus::Met : TriggerStatus::NotMet; };
        switch (st.trigger.kind) {
        case TriggerKind::Oom:
            r.trigger = {MessageId::TriggerOom, {MessageArg::framework(basisFw)}};
            r.triggerStatus = status(!basisFits);
            break;
        case TriggerKind::MfuBelow:
            r.trigger = {MessageId::TriggerMfuBelow,
                         {MessageArg::framework(basisFw), MessageArg::number(ArgKind::Percent, v)}};
            r.triggerStatus = status(!basisFits || basis->best->throughput.mfu < v);
            break;
        case TriggerKind::CostAbove:
            r.trigger = {MessageId::TriggerCostAbove,
                         {MessageArg::framework(basisFw), MessageArg::number(ArgKind::Usd, v)}};
            r.triggerStatus = status(!basisFits || basis->best->cost.usd > v);
            break;
        case TriggerKind::GpusAbove:
            r.trigger = {MessageId::TriggerGpusAbove, {MessageArg::number(ArgKind::Count, v)}};
            r.triggerStatus = status(static_cast<double>(s.planGpus()) > v);
            break;
        case TriggerKind::Manual:
            r.trigger = {MessageId::TriggerManual, {}};
            r.triggerStatus = TriggerStatus::Manual;
            break;
        }

        // Prerequisites: done when the stage says so or the readiness profile has the item.
        int missingCount = 0;
        for (model::StagePrerequisite& p : r.stage.prerequisites) {
            if (p.item && model::isInPlace(*p.item, s.team, s.platform, s.cluster)) p.done = true;
            if (p.done) continue;
            ++missingCount;
            if (p.item) {
                r.missing.push_back({*p.item, Need::Required, itemEffort(*p.item)});
                r.missingWeeks += itemEffort(*p.item).weeks;
            }
        }

        // The baseline on a smaller model when DDP cannot hold the scenario's.
        const FrameworkFit* ddpHere = findFit(in.fits, Framework::Ddp);
        if (st.id == kStageDdpBaseline && fw == Framework::Ddp && ddpHere && ddpHere->searched &&
            !ddpHere->fits()) {
            const double own = model::countParameters(s.model).total;
            const ModelSizeBreak* b = in.breakPoints.modelSizeOf(Framework::Ddp);
            if (r.estimate && !(tm == s.model))
                r.notes.push_back(
                    {MessageId::BaselineSmallerModel,
                     {MessageArg::framework(fw), MessageArg::number(ArgKind::Parameters, own),
                      MessageArg::name(r.targetModelName),
                      MessageArg::number(ArgKind::Parameters, r.targetParameters)}});
            else if (b && b->status == ModelSizeStatus::Found)
                r.notes.push_back(
                    {MessageId::BaselineUpTo,
                     {MessageArg::framework(fw), MessageArg::number(ArgKind::Parameters, own),
                      MessageArg::number(ArgKind::Parameters, b->largestParameters)}});
        }

        // What the stage gains, from the estimates.
        if (!r.estimate) {
            if (!r.searched)
                r.notes.push_back({MessageId::ExcludedByConstraints, {MessageArg::framework(fw)}});
            else if (r.closest)
                r.notes.push_back(
                    {MessageId::DoesNotFit,
                     {MessageArg::framework(fw), MessageArg::plan(r.closest->plan),
                      MessageArg::number(ArgKind::Bytes, r.closest->memory.peakBytes),
                      MessageArg::number(ArgKind::Bytes, usableGpuBytes(t.scenario))}});
            else
                r.notes.push_back({MessageId::NoValidPlan, {MessageArg::framework(fw)}});
        } else if (st.id == kStageValidate) {
            const PlanEstimate& e = *r.estimate;
            r.notes.push_back({MessageId::GainValidate,
                               {MessageArg::number(ArgKind::Seconds, e.time.stepSeconds),
                                MessageArg::number(ArgKind::Percent, e.throughput.mfu),
                                MessageArg::number(ArgKind::Duration, e.cost.timeToTrainSeconds),
                                MessageArg::number(ArgKind::Usd, e.cost.usd)}});
        } else if (!prevFw) {
            const PlanEstimate& e = *r.estimate;
            r.notes.push_back({MessageId::GainBaseline,
                               {MessageArg::framework(fw), MessageArg::plan(e.plan),
                                MessageArg::number(ArgKind::Duration, e.cost.timeToTrainSeconds),
                                MessageArg::number(ArgKind::Usd, e.cost.usd),
                                MessageArg::number(ArgKind::Percent, e.throughput.mfu)}});
        } else if (fw != *prevFw) {
            const PlanEstimate& e = *r.estimate;
            if (!r.previous) {
                r.notes.push_back({MessageId::GainFits,
                                   {MessageArg::framework(fw), MessageArg::plan(e.plan),
                                    MessageArg::framework(*prevFw)}});
            } else if (e.memory.fits) {
                const PlanEstimate& p = *r.previous;
                r.speedup = p.time.stepSeconds / e.time.stepSeconds;
                r.usdSaved = p.cost.usd - e.cost.usd;
                if (*r.speedup >= 1.0)
                    r.notes.push_back(
                        {MessageId::GainSpeedup,
                         {MessageArg::framework(fw), MessageArg::plan(e.plan),
                          MessageArg::number(ArgKind::Factor, *r.speedup),
                          MessageArg::framework(*prevFw),
                          MessageArg::number(ArgKind::Duration, e.cost.timeToTrainSeconds),
                          MessageArg::number(ArgKind::Duration, p.cost.timeToTrainSeconds),
                          MessageArg::number(ArgKind::Usd, e.cost.usd),
                          MessageArg::number(ArgKind::Usd, p.cost.usd)}});
                else
                    r.notes.push_back(
                        {MessageId::GainSlower,
                         {MessageArg::framework(fw), MessageArg::plan(e.plan),
                          MessageArg::number(ArgKind::Factor, 1.0 / *r.speedup),
                          MessageArg::framework(*prevFw),
                          MessageArg::number(ArgKind::Duration, e.cost.timeToTrainSeconds),
                          MessageArg::number(ArgKind::Duration, p.cost.timeToTrainSeconds)}});
            }
        }
        if (!r.stage.prerequisites.empty()) {
            const double total = static_cast<double>(r.stage.prerequisites.size());
            if (missingCount > 0)
                r.notes.push_back({MessageId::GainPrerequisitesMissing,
                                   {MessageArg::number(ArgKind::Count, missingCount),
                                    MessageArg::number(ArgKind::Count, total),
                                    MessageArg::number(ArgKind::Weeks, r.missingWeeks)}});
            else
                r.notes.push_back({MessageId::GainPrerequisitesDone,
                                   {MessageArg::number(ArgKind::Count, total)}});
        }
        prevFw = fw;
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

std::string_view toString(TriggerStatus s) {
    switch (s) {
    case TriggerStatus::Met:
        return "met";
    case TriggerStatus::NotMet:
        return "not_met";
    case TriggerStatus::Manual:
        return "manual";
    }
    return "manual";
}

Message stageTitle(const MigrationStage& st, Framework fw) {
    if (!st.title.empty()) return {MessageId::StageUserTitle, {MessageArg::name(st.title)}};
    if (st.id == kStageDdpBaseline) return {MessageId::StageDdpBaseline, {}};
    if (st.id == kStageSharded) return {MessageId::StageSharded, {MessageArg::framework(fw)}};
    if (st.id == kStageStandardize) return {MessageId::StageStandardize, {}};
    if (st.id == kStageMegatron) return {MessageId::StageMegatron, {MessageArg::framework(fw)}};
    if (st.id == kStageValidate) return {MessageId::StageValidate, {}};
    return {MessageId::StageCustom, {MessageArg::name(st.id)}};
}

std::vector<MigrationStage> defaultStages(const Scenario& s, const RoadmapInputs& in) {
    Evaluator ev(s, in);
    return makeDefaults(s, in, ev);
}

std::vector<RoadmapStage> buildRoadmap(const Scenario& s, const std::vector<MigrationStage>& stages,
                                       const RoadmapInputs& in, bool isDefault) {
    Evaluator ev(s, in);
    return build(s, stages, in, isDefault, ev);
}

std::vector<RoadmapStage> roadmapFor(const Scenario& s, const RoadmapInputs& in) {
    Evaluator ev(s, in);
    if (!s.stages.empty()) return build(s, s.stages, in, false, ev);
    return build(s, makeDefaults(s, in, ev), in, true, ev);
}

} // namespace trainplan::sim
