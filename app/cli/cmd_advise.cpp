#include "cli_labels.h"
#include "cli_targets.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/services/cli_text.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/advice_json.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/text_catalogue.h>
#include <trainplan/simulator/timeline.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>

namespace trainplan::cli {

namespace {

using services::CliText;
using sim::ArgKind;
using sim::Lang;
using sim::MessageArg;

double parseFraction(const std::string& option, const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !(v > 0.0 && v <= 1.0))
        throw UsageError(option + ": '" + text + "' is not a fraction in (0, 1], e.g. 0.35");
    return v;
}

void printText(CliContext& ctx, const model::Scenario& s, const sim::Advice& a, Lang lang) {
    auto T = [lang](CliText id, std::initializer_list<MessageArg> args = {}) {
        return services::cliText(id, lang, args);
    };
    std::ostream& out = ctx.out;
    const sim::Recommendation& rec = a.recommendation;
    out << s.name << "\n\n"
        << T(CliText::Recommendation,
             {sim::textArg(statusText(rec.status, lang)),
              sim::textArg(std::string(model::displayName(rec.framework)))});
    if (rec.plan) out << ", " << rec.plan->plan.label();
    out << '\n';
    if (!a.reasons.empty()) out << "  " << sim::render(a.reasons.front(), lang) << '\n';
    if (a.reasons.size() > 1) {
        out << '\n' << T(CliText::Why) << '\n';
        for (std::size_t i = 1; i < a.reasons.size(); ++i)
            out << "  - " << sim::render(a.reasons[i], lang) << '\n';
    }

    out << '\n' << T(CliText::Frameworks) << '\n';
    TextTable fw({T(CliText::Framework), T(CliText::Fits), T(CliText::Plan), T(CliText::Step),
                  T(CliText::Mfu), T(CliText::TimeToTrain), T(CliText::Cost),
                  T(CliText::Readiness)});
    for (const sim::FrameworkFit& f : a.frameworks) {
        std::string readiness = f.readiness.ready
                                    ? statusText(sim::RecommendationStatus::Ready, lang)
                                    : numberText(ArgKind::Weeks, f.readiness.requiredWeeks, lang);
        if (!f.searched) {
            fw.addRow({std::string(model::displayName(f.framework)), T(CliText::Excluded), "", "",
                       "", "", "", readiness});
        } else if (f.best) {
            const sim::PlanEstimate& e = *f.best;
            fw.addRow(
                {std::string(model::displayName(f.framework)), T(CliText::Yes), e.plan.label(),
                 numberText(ArgKind::Seconds, e.time.stepSeconds, lang),
                 numberText(ArgKind::Percent, e.throughput.mfu, lang),
                 numberText(ArgKind::Duration, e.cost.timeToTrainSeconds, lang),
                 e.cost.priced ? numberText(ArgKind::Usd, e.cost.usd, lang) : noPriceText(lang),
                 readiness});
        } else {
            fw.addRow({std::string(model::displayName(f.framework)), T(CliText::No),
                       f.closest ? f.closest->plan.label() : "", "", "", "", "", readiness});
        }
    }
    fw.print(out);
    // The scenario's deadline and budget against the recommended plan (docs/cli.md, "compare").
    if (const auto targets = scenarioTargets(ctx, s); targets && rec.plan && rec.plan->memory.fits)
        out << T(CliText::DeadlineAndBudget,
                 {sim::textArg(targetsCell(checkPlanTargets(s, *rec.plan, *targets), lang))})
            << '\n';

    const sim::BreakPoints& bp = a.breakPoints;
    if (!bp.modelSize.empty() || !bp.gpuCount.empty()) {
        const MessageArg mfu = sim::percentArg(bp.mfuThreshold);
        const MessageArg dp = sim::percentArg(bp.dpCommThreshold);
        out << '\n' << T(CliText::BreakPoints, {mfu, dp}) << '\n';
        TextTable t({T(CliText::Framework), T(CliText::LargestModel),
                     T(CliText::MfuHoldsUpTo, {mfu}), T(CliText::DpCommBelow, {dp})});
        const std::string notApplicable = T(CliText::NotApplicable);
        for (const sim::FrameworkFit& f : a.frameworks) {
            std::string size = notApplicable, scale = notApplicable, bandwidth = notApplicable;
            if (const auto* b = bp.modelSizeOf(f.framework)) {
                if (b->status == sim::ModelSizeStatus::Found)
                    size = numberText(ArgKind::Parameters, b->largestParameters, lang);
                else if (b->status == sim::ModelSizeStatus::AllFit)
                    size = "≥ " + numberText(ArgKind::Parameters, b->largestParameters, lang);
                else
                    size = "< " + numberText(ArgKind::Parameters, b->nextParameters, lang);
            }
            if (const auto* b = bp.gpuCountOf(f.framework)) {
                switch (b->status) {
                case sim::GpuScaleStatus::Found:
                case sim::GpuScaleStatus::NoPlanAt:
                    scale = numberText(ArgKind::Count, static_cast<double>(b->lastGpus), lang);
                    break;
                case sim::GpuScaleStatus::NotReached:
                    scale =
                        "≥ " + numberText(ArgKind::Count, static_cast<double>(b->lastGpus), lang);
                    break;
                case sim::GpuScaleStatus::AlwaysBelow:
                    scale = T(CliText::None);
                    break;
                case sim::GpuScaleStatus::NeverFits:
                    break;
                }
            }
            if (const auto* b = bp.bandwidthOf(f.framework)) {
                switch (b->status) {
                case sim::BandwidthStatus::Found:
                    bandwidth = numberText(ArgKind::BytesPerSecond, b->bytesPerSecondPerNic, lang);
                    break;
                case sim::BandwidthStatus::AlwaysExceeds:
                    bandwidth =
                        "> " + numberText(ArgKind::BytesPerSecond, b->bytesPerSecondPerNic, lang);
                    break;
                case sim::BandwidthStatus::NeverExceeds:
                    bandwidth =
                        "< " + numberText(ArgKind::BytesPerSecond, b->bytesPerSecondPerNic, lang);
                    break;
                case sim::BandwidthStatus::NotApplicable:
                    break;
                }
            }
            t.addRow({std::string(model::displayName(f.framework)), size, scale, bandwidth});
        }
        t.print(out);
    }

    out << '\n' << T(a.defaultRoadmap ? CliText::RoadmapDefault : CliText::RoadmapScenario) << '\n';
    int index = 0;
    for (const sim::RoadmapStage& r : a.stages) {
        const CliText triggerStatus =
            r.triggerStatus == sim::TriggerStatus::Met      ? CliText::TriggerMet
            : r.triggerStatus == sim::TriggerStatus::NotMet ? CliText::TriggerNotMet
                                                            : CliText::TriggerManual;
        out << '\n'
            << ++index << ". " << sim::render(r.title, lang) << "  ["
            << model::displayName(r.framework) << "]\n";
        out << "   "
            << T(CliText::StageTrigger,
                 {sim::textArg(sim::render(r.trigger, lang)), sim::textArg(T(triggerStatus))})
            << '\n';
        out << "   "
            << T(CliText::StageTarget,
                 {sim::textArg(r.targetModelName), sim::parametersArg(r.targetParameters),
                  sim::countArg(static_cast<double>(r.targetGpus))});
        if (r.estimate)
            out << "; " << r.estimate->plan.label() << ", "
                << numberText(ArgKind::Seconds, r.estimate->time.stepSeconds, lang) << ", MFU "
                << numberText(ArgKind::Percent, r.estimate->throughput.mfu, lang);
        out << '\n';
        if (!r.stage.prerequisites.empty()) {
            out << "   " << T(CliText::Prerequisites) << ":";
            for (const model::StagePrerequisite& p : r.stage.prerequisites) {
                const std::string text =
                    p.item && p.text.empty()
                        ? std::string(sim::readinessItemText(*p.item, lang).label)
                        : p.text;
                out << "\n     [" << (p.done ? 'x' : ' ') << "] " << text;
            }
            out << '\n';
        }
        for (const sim::Message& n : r.notes)
            out << "   - " << sim::render(n, lang) << '\n';
        if (!r.stage.expectedGain.text.empty()) out << "   - " << r.stage.expectedGain.text << '\n';
    }

    // The same stages on a calendar (sim::roadmapTimeline; docs/advisor.md).
    const sim::RoadmapTimeline timeline = sim::roadmapTimeline(a.stages);
    out << '\n' << T(CliText::Timeline) << '\n';
    auto weeks = [](double w) { return sim::textArg(formatFixed(w, 1)); };
    for (const sim::TimelineStage& ts : timeline.stages) {
        out << "  " << ts.stage + 1 << ". ";
        if (!ts.scheduled) {
            out << T(CliText::TimelineConditional) << '\n';
            continue;
        }
        out << T(CliText::TimelineWork, {weeks(ts.prerequisiteStartWeeks),
                                         weeks(ts.prerequisiteStartWeeks + ts.prerequisiteWeeks)})
            << "; ";
        if (ts.runs)
            out << T(CliText::TimelineRun,
                     {weeks(ts.runStartWeeks), weeks(ts.runStartWeeks + ts.runWeeks),
                      sim::durationArg(ts.runWeeks * 7.0 * 86400.0),
                      ts.priced ? sim::usdArg(ts.runUsd) : sim::textArg(T(CliText::None))});
        else
            out << T(CliText::TimelineNoRun);
        out << '\n';
    }
    out << "  " << T(CliText::TimelineTotal, {weeks(timeline.totalWeeks)});
    if (timeline.runs > 0 && timeline.allPriced)
        out << ", " << numberText(ArgKind::Usd, timeline.totalUsd, lang);
    out << '\n';
}

} // namespace

int cmdAdvise(CliContext& ctx) {
    sim::AdvisorOptions options;
    if (auto v = ctx.takeOption("--mfu-threshold"))
        options.mfuThreshold = parseFraction("--mfu-threshold", *v);
    if (auto v = ctx.takeOption("--dp-comm-threshold"))
        options.dpCommThreshold = parseFraction("--dp-comm-threshold", *v);
    if (auto v = ctx.takeOption("--max-scan-gpus")) {
        char* end = nullptr;
        const long long n = std::strtoll(v->c_str(), &end, 10);
        if (end == v->c_str() || *end != '\0' || n < 1)
            throw UsageError("--max-scan-gpus: '" + *v + "' is not a positive GPU count");
        options.maxScanGpus = n;
    }
    if (ctx.takeFlag("--no-break-points")) options.breakPoints = false;
    if (ctx.args.size() != 1) throw UsageError("advise needs exactly one FILE");
    const Format fmt = ctx.format.value_or(Format::Text);
    if (fmt == Format::Csv) throw UsageError("advise: --format must be text or json");
    const Lang lang = outputLang(ctx.lang);

    auto scenario = ctx.loadScenario(ctx.args.front());
    if (!scenario) return kExitInvalidInput;
    // The planning use case every surface reads (services/planning.h): the report's advice is
    // this same value.
    services::PlanningOptions planning;
    planning.advice = true;
    planning.breakPoints = options.breakPoints;
    planning.advisor = options;
    planning.catalog = &ctx.catalog();
    planning.threads = options.threads;
    const sim::Advice advice = *services::planScenario(*scenario, planning)->advice;
    if (fmt == Format::Json) {
        nlohmann::json doc = sim::adviceToJson(*scenario, advice, lang);
        // A compatible extension: the recommended plan against the deadline and budget.
        if (const auto targets = scenarioTargets(ctx, *scenario);
            targets && advice.recommendation.plan && advice.recommendation.plan->memory.fits)
            doc["targets"] = toJson(
                checkPlanTargets(*scenario, *advice.recommendation.plan, *targets), *targets);
        ctx.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    printText(ctx, *scenario, advice, lang);
    return kExitOk;
}

} // namespace trainplan::cli
