// The planning use case (services/planning.h, issue 19): what a readiness tick and a model switch
// cost below the GUI. Run on an idle machine:
//   build/default/tests/bench/planning_bench
#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/break_points.h>
#include <trainplan/simulator/search.h>

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace trainplan;

const model::Catalog& catalog() {
    static const model::Catalog c = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    return c;
}

model::Scenario example(const std::string& file) {
    return *model::loadScenarioFile(std::string(TRAINPLAN_TEST_DATA_DIR "/scenarios/") + file,
                                    catalog())
                .scenario;
}

services::PlanningOptions withAdvice() {
    services::PlanningOptions o;
    o.advice = true;
    o.catalog = &catalog();
    return o;
}

// A readiness tick on a planned scenario: the search, break points and the roadmap's target
// searches come from the cache; the advisor's scoring and the roadmap run again.
void BM_ReadinessTick70B(benchmark::State& state) {
    services::Planner planner;
    model::Scenario s = example("llama31-70b-h100x256.json");
    (void)planner.plan(s, withAdvice());
    for (auto _ : state) {
        s.team.maintainVersions = !s.team.maintainVersions;
        benchmark::DoNotOptimize(planner.plan(s, withAdvice()));
    }
}
BENCHMARK(BM_ReadinessTick70B)->Unit(benchmark::kMillisecond);

// Parts of a model switch: the search alone, then the whole advice (break points and roadmap), on
// a node count planned for the first time in each iteration.
void BM_FirstPlan70B(benchmark::State& state) {
    const bool advice = state.range(0) != 0;
    model::Scenario s = example("llama31-70b-h100x256.json");
    int nodes = 16;
    for (auto _ : state) {
        services::Planner planner;
        s.cluster.nodes = nodes++;
        benchmark::DoNotOptimize(
            planner.plan(s, advice ? withAdvice() : services::PlanningOptions{}));
    }
}
BENCHMARK(BM_FirstPlan70B)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

// The break points' two searching parts on the 70B example (issue 19: a model switch's Roadmap in
// ≤ 1 s): the model-size bisection per framework, then the GPU-count scan over whole node counts.
void BM_BreakPointParts70B(benchmark::State& state) {
    const model::Scenario s = example("llama31-70b-h100x256.json");
    const sim::ModelLadder ladder = sim::modelLadder(s.model, 1e8, 3e13);
    const std::vector<model::Framework> all{model::Framework::Ddp, model::Framework::Fsdp,
                                            model::Framework::DeepSpeed,
                                            model::Framework::Megatron};
    sim::BreakPointOptions o;
    int probes = 0;
    for (auto _ : state) {
        if (state.range(0) == 0) {
            for (model::Framework f : all) {
                const sim::ModelSizeBreak b = sim::findModelSizeBreak(s, f, ladder, o);
                probes += b.probes;
            }
        } else {
            benchmark::DoNotOptimize(sim::findGpuCountBreaks(s, all, o));
        }
    }
    state.counters["probes"] = benchmark::Counter(probes, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_BreakPointParts70B)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(2);

} // namespace

BENCHMARK_MAIN();
