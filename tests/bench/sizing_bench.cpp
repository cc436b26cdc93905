// What-if sizing speed (issue 20). Run a Release/RelWithDebInfo build on an idle core:
//   build/default/tests/bench/sizing_bench --benchmark_filter=Size
// Target: the full catalog × every node count up to 16,384 GPUs × all four frameworks, for Llama
// 3.1 70B and GPT 1T, ≤ 1 s on one core; ≤ 100 ms to re-answer after a deadline or budget change.
#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/sizing.h>

#include <benchmark/benchmark.h>

#include <stdexcept>
#include <string>

namespace {

using namespace trainplan;

const model::Catalog& catalog() {
    static const model::Catalog c = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    return c;
}

model::Scenario makeScenario(const char* modelName, long long globalBatch, double tokens) {
    const auto& c = catalog();
    model::Scenario s;
    s.name = modelName;
    s.model = *c.findModel(modelName);
    s.modelRef = s.model.name;
    s.training.globalBatch = globalBatch;
    s.training.precision = model::Precision::Bf16;
    s.training.optimizer = model::Optimizer::Adam;
    s.training.trainTokens = tokens;
    s.training.flashAttention = true;
    s.cluster.gpu = *c.findGpu("H100-SXM5-80GB");
    s.cluster.gpuRef = s.cluster.gpu.name;
    s.cluster.nodes = 1;
    s.cluster.gpusPerNode = 8;
    s.cluster.intraNode = *c.findLink("NVLink4-NVSwitch");
    s.cluster.interNode = *c.findLink("InfiniBand-NDR-400");
    s.cluster.nicsPerNode = 8;
    const auto issues = model::validateScenario(s);
    if (!issues.empty())
        throw std::runtime_error("benchmark scenario invalid: " + issues.front().text());
    return s;
}

// Llama 3.1 70B on 15T tokens (Dubey et al. 2024), 2,048 sequences of 8,192 tokens per step.
const model::Scenario& llama70b() {
    static const model::Scenario s = makeScenario("llama3.1-70b", 2048, 15e12);
    return s;
}

// GPT 1T (Korthikanti et al. 2022) on 450B tokens, 4,096 sequences per step.
const model::Scenario& gpt1t() {
    static const model::Scenario s = makeScenario("gpt-1t", 4096, 4.5e11);
    return s;
}

sim::SizingInputs inputs(const model::Scenario& s) {
    sim::SizingInputs in;
    in.scenario = &s;
    in.catalog = &catalog();
    in.gpus = catalog().gpus;
    in.maxGpus = 16384;
    in.threads = 1;
    return in;
}

void report(benchmark::State& state, const sim::SizingResult& r) {
    state.counters["candidates"] = static_cast<double>(r.candidates);
    state.counters["searched"] = static_cast<double>(r.evaluated);
    state.counters["cached"] = static_cast<double>(r.cachedCandidates);
    state.counters["pruned"] =
        static_cast<double>(r.prunedByDeadline + r.prunedByBudget + r.prunedByDominance);
    state.counters["front"] = static_cast<double>(r.front.size());
}

// A fresh search (nothing cached) with a deadline and a budget.
void runFresh(benchmark::State& state, const model::Scenario& s, double days, double usd) {
    const sim::SizingInputs in = inputs(s);
    sim::SizingResult r;
    for (auto _ : state) {
        r = sim::sizeCluster(in, {days * 86400.0, usd});
        benchmark::DoNotOptimize(r);
    }
    report(state, r);
}

// The same inputs answered once, then re-answered with the deadline 20% later and the budget 20%
// higher (what dragging a slider does).
void runReanswer(benchmark::State& state, const model::Scenario& s, double days, double usd) {
    const sim::SizingInputs in = inputs(s);
    sim::SizingCache cache;
    (void)sim::sizeCluster(in, {days * 86400.0, usd}, &cache);
    sim::SizingResult r;
    bool later = false;
    for (auto _ : state) {
        later = !later;
        const double f = later ? 1.2 : 1.0;
        r = sim::sizeCluster(in, {days * 86400.0 * f, usd * f}, &cache);
        benchmark::DoNotOptimize(r);
    }
    report(state, r);
}

void BM_SizeLlama70bFullCatalog(benchmark::State& state) {
    runFresh(state, llama70b(), 90, 30e6);
}
BENCHMARK(BM_SizeLlama70bFullCatalog)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_SizeLlama70bReanswer(benchmark::State& state) {
    runReanswer(state, llama70b(), 90, 30e6);
}
BENCHMARK(BM_SizeLlama70bReanswer)->Unit(benchmark::kMillisecond)->Iterations(4);

void BM_SizeGpt1tFullCatalog(benchmark::State& state) {
    runFresh(state, gpt1t(), 120, 150e6);
}
BENCHMARK(BM_SizeGpt1tFullCatalog)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_SizeGpt1tReanswer(benchmark::State& state) {
    runReanswer(state, gpt1t(), 120, 150e6);
}
BENCHMARK(BM_SizeGpt1tReanswer)->Unit(benchmark::kMillisecond)->Iterations(4);

} // namespace

BENCHMARK_MAIN();
