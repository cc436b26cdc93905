#pragma once

// Names, colours and small derived values the report's charts and tables share.

#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/validation.h>

#include <QColor>
#include <QString>

namespace trainplan::report {

[[nodiscard]] QString frameworkName(model::Framework f);      // "PyTorch FSDP"
[[nodiscard]] QString frameworkShortName(model::Framework f); // "FSDP"
// The GUI's palette (Okabe–Ito, colour-blind safe), so a framework reads the same in both.
[[nodiscard]] QColor frameworkColor(model::Framework f);
[[nodiscard]] QColor componentColor(int index);
// "ready", "once the missing prerequisites are in place", "does not fit" in the report's language.
[[nodiscard]] QString statusText(sim::RecommendationStatus s, sim::Lang lang);

// What the deck's and the presentation's recommendation page show: the advisor's framework, plan
// and status when there is advice, else the headline plan's framework and plan with no status.
struct RecommendationLabel {
    model::Framework framework = model::Framework::Ddp;
    QString plan;
    QString status;
};
[[nodiscard]] RecommendationLabel recommendationLabel(const ReportData& d, sim::Lang lang);

// A compared plan as a chart category: "FSDP", "DDP (does not fit)", "Plan 1: Megatron".
[[nodiscard]] QString comparedLabel(const ComparedPlan& c, sim::Lang lang);
[[nodiscard]] QString phaseName(sim::MemoryPhase::Kind k, sim::Lang lang);
// "reached", "not yet", "team decision" for a migration stage's trigger.
[[nodiscard]] QString triggerStatus(sim::TriggerStatus st, sim::Lang lang);
// A migration stage's target: "Llama 3.1 70B (70.6B), 256 GPUs" (report, deck, presentation).
[[nodiscard]] QString stageTarget(const sim::RoadmapStage& r, sim::Lang lang);
[[nodiscard]] QString metricName(sim::ValidationMetric m, sim::Lang lang);
[[nodiscard]] QString metricValue(sim::ValidationMetric m, double v, sim::Lang lang);

// The components of a stage's memory present at its peak moment; they add up to peakBytes.
struct MemoryAtPeak {
    double weights = 0, gradients = 0, optimizer = 0, activations = 0, transient = 0, buffers = 0,
           overhead = 0;
    [[nodiscard]] double total() const {
        return weights + gradients + optimizer + activations + transient + buffers + overhead;
    }
};
[[nodiscard]] MemoryAtPeak memoryAtPeak(const sim::MemoryBreakdown& m);

// Step time by component; they add up to stepSeconds.
struct StepParts {
    double forward = 0, backward = 0, recompute = 0, commIntra = 0, commInter = 0, bubble = 0,
           optimizer = 0, offload = 0;
    [[nodiscard]] double total() const {
        return forward + backward + recompute + commIntra + commInter + bubble + optimizer +
               offload;
    }
};
[[nodiscard]] StepParts stepParts(const sim::TimeBreakdown& t);

} // namespace trainplan::report
