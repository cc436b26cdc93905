#include <trainplan/simulator/advisor.h>

#include <trainplan/simulator/framework_verdict.h>

#include <algorithm>

namespace trainplan::sim {

using model::Framework;
using model::Scenario;

namespace {

std::string optimizerName(model::Optimizer o) {
    switch (o) {
    case model::Optimizer::Adam:
        return "Adam";
    case model::Optimizer::AdamW:
        return "AdamW";
    case model::Optimizer::SgdMomentum:
        return "SGD";
    }
    return "Adam";
}

// Why a framework is out: excluded, no valid layout, or its closest plan's memory.
void whyNot(const Scenario& s, const FrameworkFit& f, std::vector<Message>& out) {
    out.push_back(outOfTheRaceMessage(s, f));
}

void modelSizeReason(const Scenario& s, const FrameworkFit& f, const ModelSizeBreak& b,
                     std::vector<Message>& out) {
    const Framework fw = f.framework;
    // No valid layout at all (e.g. the global batch does not split): size is not what limits it.
    if (f.searched && !f.best && !f.closest) return;
    switch (b.status) {
    case ModelSizeStatus::NothingFits:
        out.push_back({MessageId::FitsNoSize,
                       {MessageArg::framework(fw),
                        MessageArg::number(ArgKind::Parameters, b.nextParameters)}});
        return;
    case ModelSizeStatus::AllFit:
        // Like fits_up_to below: the claim names the plan it rests on and that plan's MFU.
        if (!b.largestPlan) return;
        out.push_back({MessageId::FitsEverySize,
                       {MessageArg::framework(fw),
                        MessageArg::number(ArgKind::Parameters, b.largestParameters),
                        MessageArg::plan(b.largestPlan->plan),
                        MessageArg::number(ArgKind::Percent, b.largestPlan->throughput.mfu)}});
        return;
    case ModelSizeStatus::Found:
        break;
    }
    if (fw == Framework::Ddp) {
        // DDP replicates everything, so its limit is a property of the GPU, optimizer and
        // precision.
        out.push_back({MessageId::StopsFittingAbove,
                       {MessageArg::framework(fw),
                        MessageArg::number(ArgKind::Parameters, b.largestParameters),
                        MessageArg::number(ArgKind::Bytes, s.cluster.gpu.memoryBytes),
                        MessageArg::name(optimizerName(s.training.optimizer)),
                        MessageArg::name(std::string(model::toString(s.training.precision)))}});
        return;
    }
    // The claim names what it rests on: the plan that fits the largest size and its MFU (often
    // an offloaded, fully recomputed plan no team would train with).
    if (!b.largestPlan) return;
    const MessageArg largestPlan = MessageArg::plan(b.largestPlan->plan);
    const MessageArg largestMfu =
        MessageArg::number(ArgKind::Percent, b.largestPlan->throughput.mfu);
    if (f.best && s.cluster.nodes > 1) {
        const double share = f.best->time.exposedInterNodeSeconds / f.best->time.stepSeconds;
        if (share >= 0.1) {
            out.push_back({MessageId::FitsUpToButComm,
                           {MessageArg::framework(fw),
                            MessageArg::number(ArgKind::Parameters, b.largestParameters),
                            MessageArg::number(ArgKind::Percent, share), largestPlan, largestMfu}});
            return;
        }
    }
    out.push_back(
        {MessageId::FitsUpTo,
         {MessageArg::framework(fw), MessageArg::number(ArgKind::Parameters, b.largestParameters),
          largestPlan, largestMfu}});
}

void scalingReason(const GpuCountBreak& b, double threshold, std::vector<Message>& out) {
    const MessageArg fw = MessageArg::framework(b.framework);
    const MessageArg thr = MessageArg::number(ArgKind::Percent, threshold);
    switch (b.status) {
    case GpuScaleStatus::Found:
        out.push_back(
            {MessageId::ScalingBreak,
             {fw, thr, MessageArg::number(ArgKind::Count, static_cast<double>(b.lastGpus)),
              MessageArg::number(ArgKind::Count, static_cast<double>(b.nextGpus)),
              MessageArg::number(ArgKind::Percent, b.nextMfu)}});
        break;
    case GpuScaleStatus::NoPlanAt:
        out.push_back(
            {MessageId::ScalingNoPlan,
             {fw, thr, MessageArg::number(ArgKind::Count, static_cast<double>(b.lastGpus)),
              MessageArg::number(ArgKind::Count, static_cast<double>(b.nextGpus))}});
        break;
    case GpuScaleStatus::NotReached:
        out.push_back(
            {MessageId::ScalingNotReached,
             {fw, thr, MessageArg::number(ArgKind::Count, static_cast<double>(b.lastGpus))}});
        break;
    case GpuScaleStatus::AlwaysBelow:
        if (!b.points.empty())
            out.push_back(
                {MessageId::ScalingAlwaysBelow,
                 {fw, thr,
                  MessageArg::number(ArgKind::Count, static_cast<double>(b.points.front().gpus)),
                  MessageArg::number(ArgKind::Count, static_cast<double>(b.points.back().gpus))}});
        break;
    case GpuScaleStatus::NeverFits:
        break;
    }
}

void bandwidthReason(const BandwidthBreak& b, double threshold, std::vector<Message>& out) {
    if (!b.plan) return;
    const MessageArg fw = MessageArg::framework(b.framework);
    const MessageArg plan = MessageArg::plan(*b.plan);
    const MessageArg thr = MessageArg::number(ArgKind::Percent, threshold);
    switch (b.status) {
    case BandwidthStatus::Found:
        out.push_back(
            {MessageId::BandwidthBreak,
             {MessageArg::number(ArgKind::BytesPerSecond, b.bytesPerSecondPerNic), fw, plan, thr,
              MessageArg::number(ArgKind::BytesPerSecond, b.currentBytesPerSecondPerNic),
              MessageArg::number(ArgKind::Percent, b.currentFraction)}});
        break;
    case BandwidthStatus::AlwaysExceeds:
        out.push_back(
            {MessageId::BandwidthAlwaysExceeds,
             {fw, plan, thr, MessageArg::number(ArgKind::BytesPerSecond, b.bytesPerSecondPerNic)}});
        break;
    case BandwidthStatus::NeverExceeds:
        out.push_back(
            {MessageId::BandwidthNeverExceeds,
             {fw, plan, thr, MessageArg::number(ArgKind::BytesPerSecond, b.bytesPerSecondPerNic)}});
        break;
    case BandwidthStatus::NotApplicable:
        break;
    }
}

} // namespace

std::vector<Message> explain(const Scenario& s, const std::vector<FrameworkFit>& fits,
                             const Recommendation& rec, const BreakPoints& bp,
                             double switchSpeedup) {
    std::vector<Message> out;
    const FrameworkFit* choice = findFit(fits, rec.framework);
    if (!choice) return out;
    const Framework fw = rec.framework;

    // 1. The recommendation.
    switch (rec.status) {
    case RecommendationStatus::Ready: {
        const PlanEstimate& e = *choice->best;
        out.push_back({MessageId::RecommendDefault,
                       {MessageArg::framework(fw), MessageArg::plan(e.plan),
                        MessageArg::number(ArgKind::Seconds, e.time.stepSeconds),
                        MessageArg::number(ArgKind::Percent, e.throughput.mfu),
                        MessageArg::number(ArgKind::Duration, e.cost.timeToTrainSeconds),
                        MessageArg::number(ArgKind::Usd, e.cost.usd)}});
        break;
    }
    case RecommendationStatus::NeedsPrerequisites:
        out.push_back({MessageId::RecommendAfterPrerequisites,
                       {MessageArg::framework(fw), MessageArg::plan(choice->best->plan),
                        MessageArg::number(ArgKind::Weeks, choice->readiness.requiredWeeks),
                        MessageArg::itemList(choice->readiness.missingItems(Need::Required))}});
        break;
    case RecommendationStatus::DoesNotFit:
        if (choice->closest)
            out.push_back(
                {MessageId::NothingFits,
                 {MessageArg::number(ArgKind::Parameters, model::countParameters(s.model).total),
                  MessageArg::number(ArgKind::Count, static_cast<double>(s.planGpus())),
                  MessageArg::framework(fw), MessageArg::plan(choice->closest->plan),
                  MessageArg::number(ArgKind::Bytes, choice->closest->memory.peakBytes),
                  MessageArg::number(ArgKind::Bytes, usableGpuBytes(s))}});
        break;
    }

    // 2. Why not a simpler framework, and why not the fastest one.
    if (rec.status != RecommendationStatus::DoesNotFit) {
        for (const FrameworkFit& f : fits) {
            if (complexityRank(f.framework) >= complexityRank(fw)) continue;
            if (!f.fits()) whyNot(s, f, out);
        }
        if (rec.status == RecommendationStatus::Ready) {
            // The simplest ready framework that fits but was passed over must be clearly slower.
            for (const FrameworkFit& f : fits) {
                if (complexityRank(f.framework) >= complexityRank(fw) || !f.fits() ||
                    !f.readiness.ready)
                    continue;
                out.push_back(
                    {MessageId::SwitchPaysOff,
                     {MessageArg::framework(fw),
                      MessageArg::number(ArgKind::Factor,
                                         f.best->time.stepSeconds / choice->best->time.stepSeconds),
                      MessageArg::framework(f.framework)}});
                break;
            }
            if (rec.fastestReady) {
                const FrameworkFit* fr = findFit(fits, *rec.fastestReady);
                out.push_back(
                    {MessageId::SimplerWithinTolerance,
                     {MessageArg::framework(fw),
                      MessageArg::number(
                          ArgKind::Percent,
                          choice->best->time.stepSeconds / fr->best->time.stepSeconds - 1.0),
                      MessageArg::framework(fr->framework)}});
            }
        }
        if (rec.fastest) {
            // Only a clear speed-up is worth a sentence; when the recommendation itself still
            // misses prerequisites, name only what the faster framework needs on top of them.
            const FrameworkFit* f = findFit(fits, *rec.fastest);
            const double factor = choice->best->time.stepSeconds / f->best->time.stepSeconds;
            if (!f->readiness.ready && factor >= switchSpeedup) {
                std::vector<model::ReadinessItem> extra;
                const auto own = choice->readiness.missingItems(Need::Required);
                for (model::ReadinessItem item : f->readiness.missingItems(Need::Required))
                    if (std::find(own.begin(), own.end(), item) == own.end()) extra.push_back(item);
                const MessageId id =
                    own.empty() ? MessageId::FasterButMissing : MessageId::FasterButAlsoNeeds;
                if (!extra.empty())
                    out.push_back(
                        {id,
                         {MessageArg::framework(f->framework), MessageArg::plan(f->best->plan),
                          MessageArg::number(ArgKind::Factor, factor),
                          MessageArg::itemList(std::move(extra))}});
            }
        }
        if (rec.status == RecommendationStatus::Ready)
            out.push_back({MessageId::ReadyFor, {MessageArg::framework(fw)}});
    } else {
        for (const FrameworkFit& f : fits)
            if (f.searched && !f.closest) whyNot(s, f, out);
    }
    const bool simplerReported = rec.status != RecommendationStatus::DoesNotFit;
    for (const FrameworkFit& f : fits)
        if (!f.searched && (!simplerReported || complexityRank(f.framework) > complexityRank(fw)))
            out.push_back({MessageId::ExcludedByConstraints, {MessageArg::framework(f.framework)}});

    // 3. Break points: model size for every framework, scaling for the recommended and the fastest,
    //    bandwidth for the recommended.
    for (const FrameworkFit& f : fits)
        if (const ModelSizeBreak* b = bp.modelSizeOf(f.framework)) modelSizeReason(s, f, *b, out);
    if (const GpuCountBreak* b = bp.gpuCountOf(fw)) scalingReason(*b, bp.mfuThreshold, out);
    if (rec.fastest)
        if (const GpuCountBreak* b = bp.gpuCountOf(*rec.fastest))
            scalingReason(*b, bp.mfuThreshold, out);
    if (const BandwidthBreak* b = bp.bandwidthOf(fw)) bandwidthReason(*b, bp.dpCommThreshold, out);
    return out;
}

Advice advise(const Scenario& s, const AdvisorOptions& options) {
    SearchOptions so;
    so.runnersUp = 0;
    so.threads = options.threads;
    so.cancelled = options.cancelled;
    return adviseOn(s, searchPlans(s, so), options);
}

Advice adviseOn(const Scenario& s, const SearchResult& search, const AdvisorOptions& options,
                const BreakPoints* knownBreakPoints) {
    Advice a;
    a.options = options;
    a.options.catalog = nullptr;
    a.options.cancelled = nullptr;
    a.options.search = nullptr;

    a.frameworks = assessFrameworks(s, search);
    a.recommendation = recommend(a.frameworks, options.switchSpeedup);

    a.breakPoints.mfuThreshold = options.mfuThreshold;
    a.breakPoints.dpCommThreshold = options.dpCommThreshold;
    if (knownBreakPoints) {
        a.breakPoints = *knownBreakPoints;
    } else if (options.breakPoints && !search.cancelled) {
        BreakPointOptions bo;
        bo.mfuThreshold = options.mfuThreshold;
        bo.dpCommThreshold = options.dpCommThreshold;
        bo.maxScanGpus = options.maxScanGpus;
        bo.threads = options.threads;
        bo.cancelled = options.cancelled;
        a.breakPoints = findBreakPoints(s, search, bo);
    }
    a.reasons = explain(s, a.frameworks, a.recommendation, a.breakPoints, options.switchSpeedup);

    RoadmapInputs in;
    in.fits = a.frameworks;
    in.recommendation = a.recommendation;
    in.breakPoints = a.breakPoints;
    in.mfuThreshold = options.mfuThreshold;
    in.switchSpeedup = options.switchSpeedup;
    in.catalog = options.catalog;
    in.threads = options.threads;
    in.cancelled = options.cancelled;
    in.search = options.search;
    a.stages = roadmapFor(s, in);
    a.defaultRoadmap = s.stages.empty();
    a.cancelled =
        search.cancelled || a.breakPoints.cancelled || (options.cancelled && options.cancelled());
    return a;
}

} // namespace trainplan::sim
