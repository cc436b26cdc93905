#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/explain_rates.h>
#include <trainplan/simulator/explain_text.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <regex>
#include <set>

using namespace trainplan;
using model::Framework;

namespace {

struct Case {
    model::Scenario scenario;
    model::Plan plan;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    auto gpt3 = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, 1536);
    auto mega = test::makePlan(Framework::Megatron, 16, 8, 8, 1, 1);
    mega.sequenceParallel = true;
    mega.recompute = model::Recompute::Selective;
    out.push_back({gpt3, mega});
    mega.vpp = 3;
    mega.recompute = model::Recompute::Full;
    out.push_back({gpt3, mega});
    auto llama = test::makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 512,
                                    "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    out.push_back({llama, test::makePlan(Framework::Fsdp, 256, 1, 1, 1, 3)});
    out.push_back({llama, test::makePlan(Framework::DeepSpeed, 256, 1, 1, 2, 2)});
    out.push_back({llama, test::makePlan(Framework::Ddp, 256, 1, 1, 1, 0)});
    auto mixtral = test::makeScenario("mixtral-8x7b", "H800-SXM5-80GB", 8, 8, 1024, "NVLink4-H800",
                                      "RoCE-400GbE");
    auto moe = test::makePlan(Framework::Megatron, 16, 4, 1, 1, 1);
    moe.ep = 8;
    out.push_back({mixtral, moe});
    // MoE with a pipeline (even layout) and DeepSpeed ZeRO-3 sharding the experts over dp/ep.
    auto moePp = test::makePlan(Framework::Megatron, 8, 2, 4, 1, 1);
    moePp.ep = 8;
    moePp.sequenceParallel = true;
    out.push_back({mixtral, moePp});
    auto moeZ3 = test::makePlan(Framework::DeepSpeed, 64, 1, 1, 1, 3);
    moeZ3.ep = 8;
    out.push_back({mixtral, moeZ3});
    // An uneven layout: DeepSeek-V3-like, 60 layers with the first 3 dense, interleaved.
    auto deepseek = test::makeScenario("deepseek-v3", "H100-SXM5-80GB", 32, 8, 1024,
                                       "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    deepseek.model.layers = 60;
    auto ds = test::makePlan(Framework::Megatron, 32, 2, 4, 1, 1);
    ds.ep = 16;
    ds.vpp = 3;
    ds.sequenceParallel = true;
    ds.recompute = model::Recompute::Full;
    out.push_back({deepseek, ds});
    return out;
}

void forEachTerm(const sim::DerivationTerm& t,
                 const std::function<void(const sim::DerivationTerm&)>& f) {
    f(t);
    for (const auto& c : t.children)
        forEachTerm(c, f);
}

} // namespace

TEST(Explain, EveryTermIsTheSumOfItsChildrenAndHasASource) {
    for (const auto& c : cases()) {
        ASSERT_TRUE(model::validatePlan(c.scenario, c.plan).empty()) << c.plan.label();
        const auto x = sim::explainPlan(sim::makeContext(c.scenario), c.plan);
        for (const auto* root : {&x.memory, &x.stepTime, &x.communication, &x.flops}) {
            forEachTerm(*root, [&](const sim::DerivationTerm& t) {
                EXPECT_FALSE(t.source.empty()) << t.name;
                EXPECT_FALSE(t.formula.empty()) << t.name;
                EXPECT_TRUE(std::isfinite(t.value)) << t.name;
                if (t.children.empty()) return;
                double sum = 0;
                for (const auto& ch : t.children)
                    sum += ch.value;
                EXPECT_NEAR(sum, t.value, 1e-9 * std::max(1.0, std::fabs(t.value)))
                    << t.name << " in " << c.plan.label();
            });
            EXPECT_NEAR(sim::sumOfLeaves(*root), root->value, 1e-9 * std::max(1.0, root->value))
                << root->name;
        }
    }
}

TEST(Explain, RootsEqualTheReportedNumbers) {
    for (const auto& c : cases()) {
        const auto x = sim::explainPlan(sim::makeContext(c.scenario), c.plan);
        const auto& e = x.estimate;
        EXPECT_NEAR(x.memory.value, e.memory.peakBytes, 1e-6 * e.memory.peakBytes)
            << c.plan.label();
        EXPECT_NEAR(x.stepTime.value, e.time.stepSeconds, 1e-9 * e.time.stepSeconds)
            << c.plan.label();
        EXPECT_NEAR(x.communication.value, e.communication.perGpuBytes,
                    1e-6 * std::max(1.0, e.communication.perGpuBytes));
        EXPECT_NEAR(x.flops.value, e.modelFlopsPerStep, 1e-9 * e.modelFlopsPerStep);
    }
}

TEST(Explain, WorstStageAndPhaseProfileMatchThePeak) {
    for (const auto& c : cases()) {
        const auto x = sim::explainPlan(sim::makeContext(c.scenario), c.plan);
        double worst = 0;
        for (const auto& row : x.stages)
            worst = std::max(worst, row.memory.peakBytes);
        EXPECT_DOUBLE_EQ(worst, x.estimate.memory.peakBytes) << c.plan.label();
        const auto& m = x.estimate.memory;
        double phaseMax = 0;
        for (const auto& ph : m.phases)
            phaseMax = std::max(phaseMax, ph.allocatedBytes);
        EXPECT_DOUBLE_EQ(phaseMax, m.atPeak().allocatedBytes);
        EXPECT_NEAR(phaseMax + m.overheadBytes, m.peakBytes, 1e-6 * m.peakBytes);
        if (c.plan.pp >= 3 && x.evenStageLayout) {
            EXPECT_EQ(x.stages.size(), 3u);
        }
        // Every pipeline stage appears in exactly one row, in order.
        std::vector<int> covered;
        for (const auto& row : x.stages)
            covered.insert(covered.end(), row.stageIndices.begin(), row.stageIndices.end());
        std::sort(covered.begin(), covered.end());
        ASSERT_EQ(covered.size(), static_cast<std::size_t>(c.plan.pp)) << c.plan.label();
        for (int i = 0; i < c.plan.pp; ++i)
            EXPECT_EQ(covered[static_cast<std::size_t>(i)], i);
    }
}

TEST(Explain, DdpPeakDoesNotAddGradientsToActivationsWithoutAccumulation) {
    // One micro-batch per step: gradients are produced as activations are freed ("max", not "sum").
    auto s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 8, 8);
    const auto x =
        sim::explainPlan(sim::makeContext(s), test::makePlan(Framework::Ddp, 8, 1, 1, 1));
    ASSERT_EQ(x.estimate.gradAccum, 1);
    const auto& m = x.estimate.memory;
    EXPECT_FALSE(m.persistentGradients);
    EXPECT_EQ(m.phases[sim::MemoryPhase::BackwardStart].gradientsBytes, 0.0);
    EXPECT_EQ(m.phases[sim::MemoryPhase::BackwardEnd].activationsBytes, 0.0);
    EXPECT_LT(m.peakBytes - m.overheadBytes, m.weightsBytes + m.optimizerBytes + m.buffersBytes +
                                                 m.gradientsBytes + m.activationsBytes);
}

TEST(Explain, MoeStatesSplitIntoDenseAndExpertChildren) {
    int moeCases = 0;
    for (const auto& c : cases()) {
        const auto x = sim::explainPlan(sim::makeContext(c.scenario), c.plan);
        const bool moe = c.scenario.model.moe.enabled();
        const auto& m = x.estimate.memory;
        int split = 0;
        for (const auto& part : x.memory.children) {
            const bool state = part.name == "weights" || part.name == "optimizer states" ||
                               part.name.rfind("gradients at ", 0) == 0;
            if (!state) continue;
            if (!moe) {
                EXPECT_TRUE(part.children.empty()) << part.name;
                continue;
            }
            ASSERT_EQ(part.children.size(), 2u) << part.name;
            EXPECT_EQ(part.children[0].name, "dense parameters");
            EXPECT_EQ(part.children[1].name, "routed-expert parameters");
            EXPECT_GE(part.children[0].value, 0.0) << part.name;
            if (part.name == "weights") {
                EXPECT_NEAR(part.children[1].value, m.expertWeightsBytes, 1e-9 * m.weightsBytes);
            }
            if (part.name == "optimizer states") {
                EXPECT_NEAR(part.children[1].value, m.expertOptimizerBytes,
                            1e-9 * std::max(1.0, m.optimizerBytes));
            }
            ++split;
        }
        if (moe) {
            EXPECT_EQ(split, 3) << c.plan.label();
            ++moeCases;
            for (const auto& row : x.stages) {
                EXPECT_EQ(row.denseLayers + row.moeLayers, static_cast<int>(row.layers));
                EXPECT_EQ(row.rankKind, row.moeLayers > 0 ? sim::RankKind::ExpertAndDense
                                                          : sim::RankKind::DenseOnly);
                EXPECT_LE(row.memory.expertWeightsBytes, row.memory.weightsBytes);
                EXPECT_GT(row.memory.expertWeightsBytes, 0.0);
            }
        }
    }
    EXPECT_GE(moeCases, 4);
}

TEST(Explain, AssumptionsFlagDefaults) {
    auto s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 8, 8);
    s.efficiency.interNodeBandwidthEfficiency = 0.7;
    const auto x = sim::explainPlan(sim::makeContext(s), test::makePlan(Framework::Ddp, 8));
    bool sawOverride = false, sawDefault = false;
    for (const auto& a : x.assumptions) {
        if (a.name == "inter_node_bandwidth_efficiency") {
            EXPECT_FALSE(a.defaulted);
            sawOverride = true;
        }
        if (a.name == "cuda_context_bytes") sawDefault = a.defaulted;
    }
    EXPECT_TRUE(sawOverride);
    EXPECT_TRUE(sawDefault);
}

// Issue 19: the Chinese report and window show every formula, source and input of a derivation
// in Chinese. Each formula and source comes in both languages from the estimator that computes the
// term (derivation_rules.h), each input name from explain_inputs.cpp: the plans below reach every
// branch (MoE, pipelines, offload, partial and per-module recompute, overlap off, each framework's
// buffers).
TEST(Explain, EveryFormulaSourceAndInputHasAChineseText) {
    std::vector<Case> all = cases();
    auto llama = test::makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 512,
                                    "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    auto offload = test::makePlan(Framework::DeepSpeed, 256, 1, 1, 1, 3);
    offload.offload = model::Offload::Cpu;
    all.push_back({llama, offload});
    // DeepSpeed's overlap_comm off (DDP and FSDP always overlap).
    auto noOverlap = test::makePlan(Framework::DeepSpeed, 256, 1, 1, 1, 3);
    noOverlap.dpOverlap = false;
    all.push_back({llama, noOverlap});
    auto partial = test::makePlan(Framework::Megatron, 8, 8, 4, 1, 1);
    partial.recompute = model::Recompute::Full;
    partial.recomputeLayers = 2;
    all.push_back({llama, partial});
    auto modules = test::makePlan(Framework::Megatron, 8, 8, 4, 1, 1);
    modules.recompute = model::Recompute::Selective;
    modules.recomputeModules = model::recompute_module::kMlp | model::recompute_module::kLayerNorm;
    all.push_back({llama, modules});
    // Three or more English words in a row: a sentence left untranslated.
    const std::regex english("[A-Za-z]{2,} [a-z]{2,} [a-z]{3,}");
    const std::regex flags("--[a-z-]+( [a-z_]+)*");
    std::set<std::string> missing;
    const auto check = [&](const std::string& en, const std::string& zh, const char* what) {
        // Flags keep their spelling and values ("--recompute-modules layernorm mlp").
        const std::string prose = std::regex_replace(zh, flags, "");
        if (zh == en || std::regex_search(prose, english))
            missing.insert(std::string(what) + ": " + en);
    };
    for (const auto& c : all) {
        for (const auto& issue : model::validatePlan(c.scenario, c.plan))
            ADD_FAILURE() << c.plan.label() << ": " << issue.text();
        const auto ctx = sim::makeContext(c.scenario);
        const auto x = sim::explainPlan(ctx, c.plan);
        std::vector<sim::DerivationTerm> roots{x.memory, x.stepTime, x.communication, x.flops};
        for (auto& r : sim::rateTerms(ctx, x.estimate))
            roots.push_back(std::move(r));
        for (const auto& root : roots)
            forEachTerm(root, [&](const sim::DerivationTerm& t) {
                check(t.formula, t.formulaIn(sim::Lang::ZhCN), "formula");
                check(t.source, t.sourceIn(sim::Lang::ZhCN), "source");
                for (const auto& [name, value] : t.inputs)
                    if (name.size() > 3) // tp, pp, dp, cp, ep, vpp keep their names
                        check(name, sim::derivationInputName(name, sim::Lang::ZhCN), "input");
                EXPECT_EQ(t.formulaIn(sim::Lang::En), t.formula);
                EXPECT_EQ(t.sourceIn(sim::Lang::En), t.source);
            });
    }
    for (const auto& m : missing)
        ADD_FAILURE() << "no Chinese for " << m;
    // The per-module recompute formula names the plan's modules in both languages.
    const auto x = sim::explainPlan(sim::makeContext(llama), modules);
    const sim::DerivationTerm& compute = x.stepTime.children.at(0);
    ASSERT_EQ(compute.children.size(), 3u);
    const sim::DerivationTerm& recompute = compute.children[2];
    EXPECT_EQ(recompute.name, "recompute");
    EXPECT_EQ(recompute.formula,
              "the forward of the recomputed modules again (--recompute-modules layernorm mlp)");
    EXPECT_EQ(recompute.formulaIn(sim::Lang::ZhCN),
              "被重计算的模块再做一次前向（--recompute-modules layernorm mlp）");
}
