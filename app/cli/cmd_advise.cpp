#include "cli_labels.h"
#include "cli_targets.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/services/planning.h>
#include <trainplan/simulator/advice_json.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/timeline.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>

namespace trainplan::cli {

namespace {

using sim::ArgKind;
using sim::Lang;
using sim::MessageArg;

// The command's own headings; sentences come from the advisor's message catalogue.
struct AdviseLabels {
    const char* recommendation;
    const char* why;
    const char* frameworks;
    const char* framework;
    const char* fits;
    const char* plan;
    const char* step;
    const char* timeToTrain;
    const char* cost;
    const char* readiness;
    const char* excluded;
    const char* yes;
    const char* no;
    const char* weeksMissing;
    const char* breakPoints;
    const char* thresholds;
    const char* largestModel;
    const char* mfuHoldsUpTo;
    const char* dpCommBelow;
    const char* notApplicable;
    const char* roadmapDefault;
    const char* roadmapScenario;
    const char* trigger;
    const char* target;
    const char* gpus;
    const char* prerequisites;
    const char* met;
    const char* notMet;
    const char* manual;
    const char* none;
    const char* timeline;
    const char* work;
    const char* run;
    const char* conditional;
    const char* noRun;
    const char* weeks;
};

constexpr AdviseLabels kAdviseEn{"Recommendation",
                                 "Why",
                                 "Frameworks",
                                 "framework",
                                 "fits",
                                 "plan",
                                 "step",
                                 "time to train",
                                 "cost",
                                 "readiness",
                                 "excluded",
                                 "yes",
                                 "no",
                                 "missing (weeks)",
                                 "Break points",
                                 "MFU threshold %s, DP communication threshold %s",
                                 "largest model",
                                 "MFU ≥ %s up to",
                                 "DP comm > %s below",
                                 "n/a",
                                 "Roadmap (default path)",
                                 "Roadmap (scenario stages)",
                                 "Trigger",
                                 "Target",
                                 "GPUs",
                                 "Prerequisites",
                                 "reached",
                                 "not yet",
                                 "team decision",
                                 "none",
                                 "Timeline (weeks from today)",
                                 "prerequisites",
                                 "run",
                                 "conditional, not scheduled",
                                 "no new run",
                                 "weeks"};
constexpr AdviseLabels kAdviseZh{"推荐",
                                 "理由",
                                 "各框架",
                                 "框架",
                                 "放得下",
                                 "方案",
                                 "每步",
                                 "训练时间",
                                 "花费",
                                 "就绪度",
                                 "已排除",
                                 "是",
                                 "否",
                                 "缺失（周）",
                                 "临界点",
                                 "MFU 阈值 %s，数据并行通信阈值 %s",
                                 "最大模型",
                                 "MFU ≥ %s 的最大 GPU 数",
                                 "数据并行通信 > %s 的带宽",
                                 "不适用",
                                 "迁移路线（默认路径）",
                                 "迁移路线（场景中的阶段）",
                                 "触发条件",
                                 "目标",
                                 "块 GPU",
                                 "前置条件",
                                 "已触发",
                                 "尚未触发",
                                 "由团队决定",
                                 "无",
                                 "时间线（自今天起的周数）",
                                 "前置工作",
                                 "训练",
                                 "条件阶段，不排期",
                                 "无新训练",
                                 "周"};

std::string fill(const char* pattern, const std::string& a, const std::string& b = {}) {
    std::string out;
    int n = 0;
    for (const char* p = pattern; *p; ++p) {
        if (p[0] == '%' && p[1] == 's') {
            out += n++ == 0 ? a : b;
            ++p;
        } else {
            out += *p;
        }
    }
    return out;
}

double parseFraction(const std::string& option, const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !(v > 0.0 && v <= 1.0))
        throw UsageError(option + ": '" + text + "' is not a fraction in (0, 1], e.g. 0.35");
    return v;
}

void printText(CliContext& ctx, const model::Scenario& s, const sim::Advice& a, Lang lang) {
    const AdviseLabels& L = lang == Lang::ZhCN ? kAdviseZh : kAdviseEn;
    std::ostream& out = ctx.out;
    const sim::Recommendation& rec = a.recommendation;
    const char* status = statusText(rec.status, lang);
    const bool zh = lang == Lang::ZhCN; // full-width brackets and colon in Chinese text
    out << s.name << "\n\n"
        << L.recommendation << (zh ? "（" : " (") << status << (zh ? "）：" : "): ")
        << model::displayName(rec.framework);
    if (rec.plan) out << ", " << rec.plan->plan.label();
    out << '\n';
    if (!a.reasons.empty()) out << "  " << sim::render(a.reasons.front(), lang) << '\n';
    if (a.reasons.size() > 1) {
        out << '\n' << L.why << '\n';
        for (std::size_t i = 1; i < a.reasons.size(); ++i)
            out << "  - " << sim::render(a.reasons[i], lang) << '\n';
    }

    out << '\n' << L.frameworks << '\n';
    TextTable fw({L.framework, L.fits, L.plan, L.step, "MFU", L.timeToTrain, L.cost, L.readiness});
    for (const sim::FrameworkFit& f : a.frameworks) {
        std::string readiness = f.readiness.ready
                                    ? statusText(sim::RecommendationStatus::Ready, lang)
                                    : numberText(ArgKind::Weeks, f.readiness.requiredWeeks, lang);
        if (!f.searched) {
            fw.addRow({std::string(model::displayName(f.framework)), L.excluded, "", "", "", "", "",
                       readiness});
        } else if (f.best) {
            const sim::PlanEstimate& e = *f.best;
            fw.addRow({std::string(model::displayName(f.framework)), L.yes, e.plan.label(),
                       numberText(ArgKind::Seconds, e.time.stepSeconds, lang),
                       numberText(ArgKind::Percent, e.throughput.mfu, lang),
                       numberText(ArgKind::Duration, e.cost.timeToTrainSeconds, lang),
                       e.cost.priced ? numberText(ArgKind::Usd, e.cost.usd, lang)
                                     : std::string(noPriceText(lang)),
                       readiness});
        } else {
            fw.addRow({std::string(model::displayName(f.framework)), L.no,
                       f.closest ? f.closest->plan.label() : "", "", "", "", "", readiness});
        }
    }
    fw.print(out);
    // The scenario's deadline and budget against the recommended plan (docs/cli.md, "compare").
    if (const auto targets = scenarioTargets(ctx, s); targets && rec.plan && rec.plan->memory.fits)
        out << (zh ? "期限与预算：" : "Deadline and budget: ")
            << targetsCell(checkPlanTargets(s, *rec.plan, *targets), zh) << '\n';

    const sim::BreakPoints& bp = a.breakPoints;
    if (!bp.modelSize.empty() || !bp.gpuCount.empty()) {
        const std::string mfu = numberText(ArgKind::Percent, bp.mfuThreshold, lang);
        const std::string dp = numberText(ArgKind::Percent, bp.dpCommThreshold, lang);
        out << '\n' << L.breakPoints << " (" << fill(L.thresholds, mfu, dp) << ")\n";
        TextTable t(
            {L.framework, L.largestModel, fill(L.mfuHoldsUpTo, mfu), fill(L.dpCommBelow, dp)});
        for (const sim::FrameworkFit& f : a.frameworks) {
            std::string size = L.notApplicable, scale = L.notApplicable,
                        bandwidth = L.notApplicable;
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
                    scale = L.none;
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

    out << '\n' << (a.defaultRoadmap ? L.roadmapDefault : L.roadmapScenario) << '\n';
    int index = 0;
    for (const sim::RoadmapStage& r : a.stages) {
        const char* triggerStatus = r.triggerStatus == sim::TriggerStatus::Met      ? L.met
                                    : r.triggerStatus == sim::TriggerStatus::NotMet ? L.notMet
                                                                                    : L.manual;
        out << '\n'
            << ++index << ". " << sim::render(r.title, lang) << "  ["
            << model::displayName(r.framework) << "]\n";
        out << "   " << L.trigger << ": " << sim::render(r.trigger, lang) << " (" << triggerStatus
            << ")\n";
        out << "   " << L.target << ": " << r.targetModelName << " ("
            << numberText(ArgKind::Parameters, r.targetParameters, lang) << "), " << r.targetGpus
            << ' ' << L.gpus;
        if (r.estimate)
            out << "; " << r.estimate->plan.label() << ", "
                << numberText(ArgKind::Seconds, r.estimate->time.stepSeconds, lang) << ", MFU "
                << numberText(ArgKind::Percent, r.estimate->throughput.mfu, lang);
        out << '\n';
        if (!r.stage.prerequisites.empty()) {
            out << "   " << L.prerequisites << ":";
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
    out << '\n' << L.timeline << '\n';
    auto weeks = [](double w) { return formatFixed(w, 1); };
    for (const sim::TimelineStage& ts : timeline.stages) {
        out << "  " << ts.stage + 1 << ". ";
        if (!ts.scheduled) {
            out << L.conditional << '\n';
            continue;
        }
        out << L.work << ' ' << weeks(ts.prerequisiteStartWeeks) << "–"
            << weeks(ts.prerequisiteStartWeeks + ts.prerequisiteWeeks);
        if (ts.runs)
            out << "; " << L.run << ' ' << weeks(ts.runStartWeeks) << "–"
                << weeks(ts.runStartWeeks + ts.runWeeks) << " ("
                << numberText(ArgKind::Duration, ts.runWeeks * 7.0 * 86400.0, lang) << ", "
                << (ts.priced ? numberText(ArgKind::Usd, ts.runUsd, lang) : std::string(L.none))
                << ")";
        else
            out << "; " << L.noRun;
        out << '\n';
    }
    out << "  = " << weeks(timeline.totalWeeks) << ' ' << L.weeks;
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
    const Lang lang = sim::langFromString(ctx.lang).value_or(Lang::En);

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
