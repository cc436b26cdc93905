#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/explain.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

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
        if (c.plan.pp >= 3) {
            EXPECT_EQ(x.stages.size(), 3u);
        }
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
