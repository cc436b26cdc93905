#include "commands.h"
#include "text_table.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/estimate_json.h>
#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/search.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

std::string formatValue(double v, const std::string& unit) {
    if (unit == "bytes") return formatBytes(v);
    if (unit == "s") return formatSeconds(v);
    if (unit == "FLOP") return formatFixed(v / 1e15, 2) + " PFLOP";
    return formatFixed(v, 3) + (unit.empty() ? "" : " " + unit);
}

void printTerm(std::ostream& out, const sim::DerivationTerm& t, int depth) {
    const std::string indent(static_cast<std::size_t>(2 * depth), ' ');
    out << indent << (t.children.empty() ? "- " : "+ ") << t.name << " = "
        << formatValue(t.value, t.unit) << '\n';
    out << indent << "    = " << t.formula << '\n';
    if (!t.inputs.empty()) {
        out << indent << "    inputs:";
        for (std::size_t i = 0; i < t.inputs.size(); ++i)
            out << (i ? "; " : " ") << t.inputs[i].first << " "
                << formatFixed(t.inputs[i].second, t.inputs[i].second < 10 ? 4 : 0);
        out << '\n';
    }
    out << indent << "    source: " << t.source << '\n';
    for (const auto& c : t.children)
        printTerm(out, c, depth + 1);
}

nlohmann::json termJson(const sim::DerivationTerm& t) {
    nlohmann::json inputs = nlohmann::json::object();
    for (const auto& [k, v] : t.inputs)
        inputs[k] = v;
    nlohmann::json children = nlohmann::json::array();
    for (const auto& c : t.children)
        children.push_back(termJson(c));
    // formula_zh and source_zh: the same in Simplified Chinese, as the estimator writes them.
    return {{"name", t.name},
            {"value", t.value},
            {"unit", t.unit},
            {"formula", t.formula},
            {"formula_zh", t.formulaIn(sim::Lang::ZhCN)},
            {"inputs", inputs},
            {"source", t.source},
            {"source_zh", t.sourceIn(sim::Lang::ZhCN)},
            {"children", children}};
}

const char* stageKindName(sim::StageKind k) {
    switch (k) {
    case sim::StageKind::First:
        return "first";
    case sim::StageKind::Middle:
        return "middle";
    case sim::StageKind::Last:
        return "last";
    case sim::StageKind::Only:
        return "only";
    }
    return "";
}

nlohmann::json phaseJson(const sim::MemoryBreakdown& m) {
    nlohmann::json arr = nlohmann::json::array();
    for (int k = 0; k < sim::MemoryPhase::Count; ++k) {
        const auto& ph = m.phases[k];
        arr.push_back({{"phase", sim::toString(static_cast<sim::MemoryPhase::Kind>(k))},
                       {"allocated_bytes", ph.allocatedBytes},
                       {"activations_bytes", ph.activationsBytes},
                       {"gradients_bytes", ph.gradientsBytes},
                       {"transient_bytes", ph.transientBytes},
                       {"is_peak", k == m.peakPhase}});
    }
    return arr;
}

} // namespace

int cmdExplain(CliContext& ctx) {
    const auto planOpt = ctx.takeOption("--plan");
    const auto frameworkOpt = ctx.takeOption("--framework");
    if (ctx.args.size() != 1)
        throw UsageError("usage: explain FILE [--plan N | --framework NAME] [--format text|json]");
    auto scenario = ctx.loadScenario(ctx.args.front());
    if (!scenario) return kExitInvalidInput;
    const sim::PlanContext pc = sim::makeContext(*scenario);
    model::Plan plan;
    if (planOpt) {
        int index = 0;
        try {
            index = std::stoi(*planOpt);
        } catch (const std::exception&) {
            throw UsageError("--plan: '" + *planOpt + "' is not a plan number");
        }
        if (index < 1 || index > static_cast<int>(scenario->plans.size())) {
            ctx.err << ctx.args.front() << ": plans: --plan " << index
                    << " is out of range (the scenario has " << scenario->plans.size()
                    << " plans, numbered from 1)\n";
            return kExitInvalidInput;
        }
        plan = scenario->plans[static_cast<std::size_t>(index - 1)];
    } else if (!scenario->plans.empty() && !frameworkOpt) {
        plan = scenario->plans.front();
    } else {
        // No plan given: explain the planning result's plan (services/planning.h): the framework's
        // best with --framework, else the headline plan the report derives (the recommended
        // framework's best plan, else the fastest fitting one).
        std::optional<model::Framework> framework;
        if (frameworkOpt) {
            framework = model::frameworkFromString(*frameworkOpt);
            if (!framework)
                throw UsageError("--framework: '" + *frameworkOpt +
                                 "' is not one of ddp, fsdp, deepspeed, megatron");
        }
        const auto planned = services::planScenario(*scenario, {});
        const sim::PlanEstimate* best = framework ? nullptr : planned->headline();
        bool searched = !framework;
        if (framework)
            for (const auto& fr : planned->search->frameworks)
                if (fr.framework == *framework) {
                    searched = true;
                    if (fr.best) best = &*fr.best;
                }
        if (!searched) {
            ctx.err << ctx.args.front() << ": --framework " << *frameworkOpt
                    << ": the scenario's constraints.frameworks leave it out\n";
            return kExitInvalidInput;
        }
        if (!best) {
            ctx.err << ctx.args.front()
                    << ": no plan fits this cluster; run 'trainplan-cli compare' for the closest "
                       "plans\n";
            return kExitInvalidInput;
        }
        plan = best->plan;
    }
    const auto issues = model::validatePlan(*scenario, plan, "plan");
    if (!issues.empty()) {
        for (const auto& i : issues)
            ctx.err << ctx.args.front() << ": " << i.text() << '\n';
        return kExitInvalidInput;
    }
    const sim::Explanation x = sim::explainPlan(pc, plan);
    const Format fmt = ctx.format.value_or(Format::Text);
    if (fmt == Format::Json) {
        nlohmann::json stages = nlohmann::json::array();
        for (const auto& row : x.stages)
            stages.push_back({{"stage", row.stage},
                              {"stage_indices", row.stageIndices},
                              {"kind", stageKindName(row.kind)},
                              {"layers", row.layers},
                              {"dense_layers", row.denseLayers},
                              {"moe_layers", row.moeLayers},
                              {"rank_kind", sim::toString(row.rankKind)},
                              {"in_flight_micro_batches", row.inFlightMicroBatches},
                              {"weights_bytes", row.memory.weightsBytes},
                              {"gradients_bytes", row.memory.gradientsBytes},
                              {"optimizer_bytes", row.memory.optimizerBytes},
                              {"dense_weights_bytes", row.memory.denseWeightsBytes()},
                              {"expert_weights_bytes", row.memory.expertWeightsBytes},
                              {"dense_gradients_bytes", row.memory.denseGradientsBytes()},
                              {"expert_gradients_bytes", row.memory.expertGradientsBytes},
                              {"dense_optimizer_bytes", row.memory.denseOptimizerBytes()},
                              {"expert_optimizer_bytes", row.memory.expertOptimizerBytes},
                              {"activations_bytes", row.memory.activationsBytes},
                              {"buffers_bytes", row.memory.buffersBytes},
                              {"overhead_bytes", row.memory.overheadBytes},
                              {"peak_bytes", row.memory.peakBytes},
                              {"peak_phase", sim::toString(row.memory.peakPhase)},
                              {"phases", phaseJson(row.memory)}});
        nlohmann::json assumptions = nlohmann::json::array();
        for (const auto& a : x.assumptions)
            assumptions.push_back({{"name", a.name},
                                   {"value", a.value},
                                   {"source", a.source},
                                   {"default", a.defaulted}});
        sim::EstimateResult r{x.estimate, true, {}};
        ctx.out << nlohmann::json{{"schema", "trainplan.explain.v1"},
                                  {"scenario", scenario->name},
                                  {"result", sim::toJson(r)},
                                  {"derivation",
                                   {{"memory", termJson(x.memory)},
                                    {"step_time", termJson(x.stepTime)},
                                    {"communication", termJson(x.communication)},
                                    {"model_flops", termJson(x.flops)}}},
                                  {"stages", stages},
                                  {"even_stage_layout", x.evenStageLayout},
                                  {"memory_over_step", phaseJson(x.estimate.memory)},
                                  {"assumptions", assumptions}}
                       .dump(2)
                << '\n';
        return kExitOk;
    }
    std::ostream& out = ctx.out;
    out << scenario->name << " — " << model::displayName(plan.framework) << " " << plan.label()
        << "\n\n";
    printTerm(out, x.memory, 0);
    out << '\n';
    printTerm(out, x.stepTime, 0);
    out << '\n';
    printTerm(out, x.communication, 0);
    out << '\n';
    printTerm(out, x.flops, 0);
    out << "\nMemory per pipeline stage";
    if (!x.evenStageLayout)
        out << " (MoE layers spread unevenly: one row per distinct stage composition, each row "
               "its lowest-index stage)";
    out << ":\n";
    TextTable st({"stage", "stages", "dense", "MoE", "rank kind", "in flight", "weights",
                  "gradients", "optimizer", "activations", "buffers", "overhead", "peak",
                  "peak at"});
    for (const auto& row : x.stages)
        st.addRow({row.stage, sim::formatStageIndices(row.stageIndices),
                   std::to_string(row.denseLayers), std::to_string(row.moeLayers),
                   sim::toString(row.rankKind), std::to_string(row.inFlightMicroBatches),
                   formatBytes(row.memory.weightsBytes), formatBytes(row.memory.gradientsBytes),
                   formatBytes(row.memory.optimizerBytes), formatBytes(row.memory.activationsBytes),
                   formatBytes(row.memory.buffersBytes), formatBytes(row.memory.overheadBytes),
                   formatBytes(row.memory.peakBytes), sim::toString(row.memory.peakPhase)});
    st.print(out);
    if (scenario->model.moe.enabled()) {
        out << "\nParameter states per GPU, dense vs routed experts (experts split over ep, "
               "sharded over dp·cp/ep):\n";
        TextTable ex({"stage", "weights dense", "weights experts", "gradients dense",
                      "gradients experts", "optimizer dense", "optimizer experts"});
        for (const auto& row : x.stages)
            ex.addRow({row.stage, formatBytes(row.memory.denseWeightsBytes()),
                       formatBytes(row.memory.expertWeightsBytes),
                       formatBytes(row.memory.denseGradientsBytes()),
                       formatBytes(row.memory.expertGradientsBytes),
                       formatBytes(row.memory.denseOptimizerBytes()),
                       formatBytes(row.memory.expertOptimizerBytes)});
        ex.print(out);
    }
    out << "\nMemory over one step (worst stage; allocated, before overhead):\n";
    TextTable ph({"moment", "allocated", "activations", "gradients", "working", ""});
    const auto& m = x.estimate.memory;
    for (int k = 0; k < sim::MemoryPhase::Count; ++k) {
        const auto& p = m.phases[k];
        ph.addRow({sim::toString(static_cast<sim::MemoryPhase::Kind>(k)),
                   formatBytes(p.allocatedBytes), formatBytes(p.activationsBytes),
                   formatBytes(p.gradientsBytes), formatBytes(p.transientBytes),
                   k == m.peakPhase ? "<- peak" : ""});
    }
    ph.print(out);
    out << "\nAssumptions (* = default, not set by the scenario):\n";
    TextTable as({"", "name", "value", "source"});
    for (const auto& a : x.assumptions)
        as.addRow({a.defaulted ? "*" : "", a.name, a.value, a.source});
    as.print(out);
    return kExitOk;
}

} // namespace trainplan::cli
