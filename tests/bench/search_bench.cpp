// Plan-search throughput (issue 4). Run a Release/RelWithDebInfo build:
//   build/default/tests/bench/search_bench
// Rates are printed as counters: evals/s is per core (one thread), the searches use every core.
#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/sweep.h>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace {

using namespace trainplan;

const model::Catalog& catalog() {
    static const model::Catalog c = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    return c;
}

model::Scenario makeScenario(const char* modelName, const char* gpu, int nodes,
                             const char* interNode, long long globalBatch) {
    const auto& c = catalog();
    model::Scenario s;
    s.name = std::string(modelName) + " on " + std::to_string(nodes * 8) + " " + gpu;
    s.model = *c.findModel(modelName);
    s.modelRef = s.model.name;
    s.training.globalBatch = globalBatch;
    s.training.precision = model::Precision::Bf16;
    s.training.optimizer = model::Optimizer::Adam;
    s.training.trainTokens = 3e11;
    s.training.flashAttention = true;
    s.cluster.gpu = *c.findGpu(gpu);
    s.cluster.gpuRef = gpu;
    s.cluster.nodes = nodes;
    s.cluster.gpusPerNode = 8;
    const char* intra =
        std::string(gpu).starts_with("H100") ? "NVLink4-NVSwitch" : "NVLink3-NVSwitch";
    s.cluster.intraNode = *c.findLink(intra);
    s.cluster.intraNodeRef = intra;
    s.cluster.interNode = *c.findLink(interNode);
    s.cluster.interNodeRef = interNode;
    s.cluster.nicsPerNode = 8;
    s.cluster.gpuHourUsd = 2.0;
    const auto issues = model::validateScenario(s);
    if (!issues.empty())
        throw std::runtime_error("benchmark scenario invalid: " + issues.front().text());
    return s;
}

// MT-NLG 530B (Smith et al. 2022: 105 layers, hidden 20480, 128 heads, seq 2048, batch 1920) on 315
// DGX A100 nodes (2,520 GPUs).
const model::Scenario& mtNlg() {
    static const model::Scenario s =
        makeScenario("mt-nlg-530b", "A100-SXM4-80GB", 315, "InfiniBand-HDR-200", 1920);
    return s;
}

// GPT 1T (Korthikanti et al. 2022) on 2,048 H100 nodes (16,384 GPUs), batch 4096 sequences (8M
// tokens).
const model::Scenario& gpt1t() {
    static const model::Scenario s =
        makeScenario("gpt-1t", "H100-SXM5-80GB", 2048, "InfiniBand-NDR-400", 4096);
    return s;
}

// GPT-3 175B, batch 1536, on A100 nodes (the sweep varies the node count).
const model::Scenario& gpt3() {
    static const model::Scenario s =
        makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, "InfiniBand-HDR-200", 1536);
    return s;
}

// Every plan the search considers for MT-NLG on 2,520 GPUs, all four frameworks (fitting or not).
const std::vector<model::Plan>& realisticPlans() {
    static const std::vector<model::Plan> plans = [] {
        std::vector<model::Plan> all;
        for (model::Framework f : model::kAllFrameworks) {
            auto more = sim::enumeratePlans(mtNlg(), f);
            all.insert(all.end(), more.begin(), more.end());
        }
        return all;
    }();
    return plans;
}

void BM_EvaluatePlan(benchmark::State& state) {
    const sim::PlanContext ctx = sim::makeContext(mtNlg());
    const auto& plans = realisticPlans();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(sim::evaluatePlan(ctx, plans[i]));
        if (++i == plans.size()) i = 0;
    }
    state.counters["evals/s/core"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["plan_set"] = static_cast<double>(plans.size());
}
BENCHMARK(BM_EvaluatePlan);

void BM_EvaluateMemory(benchmark::State& state) {
    const sim::PlanContext ctx = sim::makeContext(mtNlg());
    const auto& plans = realisticPlans();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(sim::evaluateMemory(ctx, plans[i]));
        if (++i == plans.size()) i = 0;
    }
    state.counters["evals/s/core"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EvaluateMemory);

void reportSearch(benchmark::State& state, const sim::SearchResult& r) {
    state.counters["plans"] = static_cast<double>(r.evaluatedPlans);
    state.counters["timed"] = static_cast<double>(r.timedPlans);
    long long fitting = 0;
    for (const auto& f : r.frameworks)
        fitting += f.fittingPlans;
    state.counters["fitting"] = static_cast<double>(fitting);
    state.counters["plans/s"] = benchmark::Counter(static_cast<double>(r.evaluatedPlans),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

void runSearch(benchmark::State& state, const model::Scenario& s) {
    sim::SearchOptions o;
    o.threads = static_cast<int>(state.range(0));
    sim::SearchResult r;
    for (auto _ : state) {
        r = sim::searchPlans(s, o);
        benchmark::DoNotOptimize(r);
    }
    reportSearch(state, r);
}

// Target: ≤ 50 ms wall on 2 cores.
void BM_SearchMtNlg530bOn2520(benchmark::State& state) {
    runSearch(state, mtNlg());
}
BENCHMARK(BM_SearchMtNlg530bOn2520)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Target: ≤ 1 s wall on 2 cores.
void BM_SearchGpt1tOn16384(benchmark::State& state) {
    runSearch(state, gpt1t());
}
BENCHMARK(BM_SearchGpt1tOn16384)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Target: ≤ 2 s wall on 2 cores. GPT-3 175B on 64, 128, …, 2560 GPUs (40 points).
void BM_Sweep40GpuCounts(benchmark::State& state) {
    const auto spec = sim::parseSweepSpec("gpus=64..2560:64");
    sim::SweepOptions o;
    o.threads = static_cast<int>(state.range(0));
    long long plans = 0;
    for (auto _ : state) {
        const sim::SweepResult r = sim::runSweep(gpt3(), *spec.spec, catalog(), o);
        plans = 0;
        for (const auto& p : r.points)
            plans += p.search.evaluatedPlans;
        benchmark::DoNotOptimize(plans);
    }
    state.counters["points"] = static_cast<double>(spec.spec->size());
    state.counters["plans"] = static_cast<double>(plans);
    state.counters["plans/s"] = benchmark::Counter(static_cast<double>(plans),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Sweep40GpuCounts)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace

BENCHMARK_MAIN();
