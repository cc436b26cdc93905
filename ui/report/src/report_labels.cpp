#include <trainplan/report/report_labels.h>

#include <trainplan/report/comparison_labels.h>

#include <trainplan/simulator/calibration_text.h>
#include <trainplan/simulator/framework_verdict.h>

#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <array>

namespace trainplan::report {

QString frameworkName(model::Framework f) {
    return qs(model::displayName(f));
}

QString frameworkShortName(model::Framework f) {
    switch (f) {
    case model::Framework::Ddp:
        return QStringLiteral("DDP");
    case model::Framework::Fsdp:
        return QStringLiteral("FSDP");
    case model::Framework::DeepSpeed:
        return QStringLiteral("DeepSpeed");
    case model::Framework::Megatron:
        return QStringLiteral("Megatron");
    }
    return {};
}

QColor frameworkColor(model::Framework f) {
    switch (f) {
    case model::Framework::Ddp:
        return QColor(0xE6, 0x9F, 0x00);
    case model::Framework::Fsdp:
        return QColor(0x56, 0xB4, 0xE9);
    case model::Framework::DeepSpeed:
        return QColor(0x00, 0x9E, 0x73);
    case model::Framework::Megatron:
        return QColor(0xCC, 0x79, 0xA7);
    }
    return Qt::gray;
}

QColor componentColor(int index) {
    static const std::array<QColor, 9> colors = {
        QColor(0x44, 0x77, 0xAA), QColor(0x66, 0xCC, 0xEE), QColor(0x22, 0x88, 0x33),
        QColor(0xCC, 0xBB, 0x44), QColor(0xEE, 0x66, 0x77), QColor(0xAA, 0x33, 0x77),
        QColor(0xBB, 0xBB, 0xBB), QColor(0x88, 0x55, 0x22), QColor(0x33, 0x33, 0x99)};
    return colors[static_cast<std::size_t>(index) % colors.size()];
}

QColor tierColor(bool interNode) {
    return componentColor(interNode ? 4 : 2);
}

QString statusText(sim::RecommendationStatus s, sim::Lang lang) {
    switch (s) {
    case sim::RecommendationStatus::Ready:
        return text(Text::StatusReady, lang);
    case sim::RecommendationStatus::NeedsPrerequisites:
        return text(Text::StatusNeedsPrerequisites, lang);
    case sim::RecommendationStatus::DoesNotFit:
        return text(Text::StatusDoesNotFit, lang);
    }
    return {};
}

RecommendationLabel recommendationLabel(const ReportData& d, sim::Lang lang) {
    RecommendationLabel out;
    if (const ComparedPlan* h = d.headlinePlan()) {
        out.framework = h->framework;
        out.plan = qs(h->estimate().plan.label());
    }
    if (d.advice) {
        const sim::Recommendation& rec = d.advice->recommendation;
        out.framework = rec.framework;
        if (rec.plan) out.plan = qs(rec.plan->plan.label());
        out.status = statusText(rec.status, lang);
    }
    return out;
}

QStringList whyNotLines(const ReportData& d, sim::Lang lang) {
    QStringList out;
    if (!d.advice) return out;
    const sim::Advice& a = *d.advice;
    for (const sim::FrameworkVerdict& v : sim::frameworkVerdicts(
             d.scenario, a.frameworks, a.recommendation, a.options.switchSpeedup))
        if (!v.recommended()) out << qs(sim::render(v, lang));
    return out;
}

QString comparedLabel(const ComparedPlan& c, sim::Lang lang) {
    const QString name = frameworkShortName(c.framework);
    switch (c.origin) {
    case ComparedPlan::Origin::Best:
        return name;
    case ComparedPlan::Origin::Closest:
        return text(Text::CategoryClosest, lang, {qsArg(name)});
    case ComparedPlan::Origin::Pinned:
        return text(Text::CategoryPinned, lang, {sim::countArg(c.pinnedIndex + 1), qsArg(name)});
    }
    return name;
}

QString triggerStatus(sim::TriggerStatus st, sim::Lang lang) {
    switch (st) {
    case sim::TriggerStatus::Met:
        return text(Text::TriggerMet, lang);
    case sim::TriggerStatus::NotMet:
        return text(Text::TriggerNotMet, lang);
    case sim::TriggerStatus::Manual:
        return text(Text::TriggerManual, lang);
    }
    return {};
}

QString stageTarget(const sim::RoadmapStage& r, sim::Lang lang) {
    return text(Text::TargetValue, lang,
                {sim::textArg(r.targetModelName), parametersArg(r.targetParameters),
                 sim::countArg(static_cast<double>(r.targetGpus))});
}

QString phaseName(sim::MemoryPhase::Kind k, sim::Lang lang) {
    switch (k) {
    case sim::MemoryPhase::StepStart:
        return text(Text::PhaseStepStart, lang);
    case sim::MemoryPhase::ForwardEnd:
        return text(Text::PhaseForwardEnd, lang);
    case sim::MemoryPhase::BackwardStart:
        return text(Text::PhaseBackwardStart, lang);
    case sim::MemoryPhase::BackwardMiddle:
        return text(Text::PhaseBackwardMiddle, lang);
    case sim::MemoryPhase::BackwardEnd:
        return text(Text::PhaseBackwardEnd, lang);
    case sim::MemoryPhase::OptimizerStep:
        return text(Text::PhaseOptimizer, lang);
    case sim::MemoryPhase::Count:
        break;
    }
    return {};
}

QString metricName(sim::ValidationMetric m, sim::Lang lang) {
    return qs(std::string(sim::validationMetricName(m, lang)));
}

QString metricValue(sim::ValidationMetric m, double v, sim::Lang lang) {
    return qs(sim::formatValidationValue(m, v, lang));
}

MemoryAtPeak memoryAtPeak(const sim::MemoryBreakdown& m) {
    const sim::MemoryPhase& at = m.atPeak();
    MemoryAtPeak out;
    out.weights = m.weightsBytes;
    out.gradients = at.gradientsBytes;
    out.optimizer = m.optimizerBytes;
    out.activations = at.activationsBytes;
    out.transient = at.transientBytes;
    out.buffers = m.buffersBytes;
    out.overhead = m.overheadBytes;
    return out;
}

StepParts stepParts(const sim::TimeBreakdown& t) {
    StepParts p;
    p.forward = t.forwardSeconds;
    p.backward = t.backwardSeconds;
    p.recompute = t.recomputeSeconds;
    p.commIntra = t.exposedIntraNodeSeconds;
    p.commInter = t.exposedInterNodeSeconds;
    p.bubble = t.bubbleSeconds;
    p.optimizer = t.optimizerSeconds;
    p.offload = t.offloadSeconds;
    return p;
}

} // namespace trainplan::report
