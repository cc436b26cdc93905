// The host side of CPU offload (issue 17, item 5): DeepSpeed CPU-Adam runs on the cores a rank
// gets, at a per-core rate, and no faster than its share of the node's DRAM bandwidth allows at
// the 28 bytes per parameter its Step_AVX moves (csrc/includes/cpu_adam.h). The cluster may state
// both; by default the result is the 1G parameters/s per GPU it has always been.
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

using namespace trainplan;
using model::Framework;

namespace {

model::Scenario llama8(int hostCores, double hostMemoryBytesPerSecond) {
    auto s = test::makeScenario("llama3.1-8b", "A100-SXM4-80GB", 1, 8, 64);
    s.cluster.hostCpuCoresPerNode = hostCores;
    s.cluster.hostMemoryBytesPerSecondPerNode = hostMemoryBytesPerSecond;
    return s;
}

// DeepSpeed ZeRO-2 with the optimizer on the CPU: each of 8 ranks steps 1/8 of the parameters.
model::Plan zeroOffload(Framework f = Framework::DeepSpeed) {
    auto p = test::makePlan(f, 8, 1, 1, 1, f == Framework::DeepSpeed ? 2 : 3);
    p.offload = model::Offload::Cpu;
    return p;
}

double optimizerSeconds(const model::Scenario& s, const model::Plan& p) {
    EXPECT_TRUE(model::validatePlan(s, p, "plan").empty());
    return sim::evaluatePlan(sim::makeContext(s), p).time.optimizerSeconds;
}

} // namespace

TEST(HostAdam, DefaultsGiveSixCoresPerGpuAtOneGigaParameterPerSecond) {
    const auto s = llama8(0, 0);
    const auto eff = sim::resolveEfficiency(s);
    const auto h = sim::hostRates(s.cluster, eff);
    EXPECT_DOUBLE_EQ(h.cpuCoresPerGpu, 6.0);
    EXPECT_NEAR(h.adamCoreParamsPerSecond, 1.0e9, 1.0);
    // 2 × 204.8 GB/s × 0.8 over 8 GPUs, 28 bytes each: 1.463G parameters/s, so the cores bind.
    EXPECT_NEAR(h.memoryBytesPerSecondPerGpu, 40.96e9, 1e3);
    EXPECT_NEAR(h.adamMemoryParamsPerSecond, 40.96e9 / 28.0, 1.0);
    EXPECT_DOUBLE_EQ(h.adamParamsPerSecond, h.adamCoreParamsPerSecond);
    // The step: each rank's eighth of the parameters at that rate.
    const double owned = model::countParameters(s.model).total / 8.0;
    EXPECT_NEAR(optimizerSeconds(s, zeroOffload()), owned / 1.0e9, 1e-9 * owned / 1.0e9);
}

TEST(HostAdam, FewerCoresSlowTheStepInProportion) {
    const double base = optimizerSeconds(llama8(0, 0), zeroOffload());
    // 24 cores on 8 GPUs: 3 per rank, half the default share.
    EXPECT_NEAR(optimizerSeconds(llama8(24, 0), zeroOffload()), 2.0 * base, 1e-9 * base);
    // 8 cores: one per rank.
    EXPECT_NEAR(optimizerSeconds(llama8(8, 0), zeroOffload()), 6.0 * base, 1e-9 * base);
}

TEST(HostAdam, ManyCoresAreCappedByHostMemoryBandwidth) {
    const double base = optimizerSeconds(llama8(0, 0), zeroOffload());
    // 192 cores (24 per rank) could do 4G/s, but 40.96 GB/s / 28 B allows 1.463G/s.
    const double capped = optimizerSeconds(llama8(192, 0), zeroOffload());
    EXPECT_NEAR(capped, base * 1.0e9 / (40.96e9 / 28.0), 1e-9 * base);
    // Doubling the cores changes nothing once memory binds ...
    EXPECT_DOUBLE_EQ(optimizerSeconds(llama8(384, 0), zeroOffload()), capped);
    // ... and a faster host memory (800 GB/s per node: 100 per rank, 3.571G/s) helps.
    EXPECT_NEAR(optimizerSeconds(llama8(192, 800e9), zeroOffload()), base * 1.0e9 / (100e9 / 28.0),
                1e-9 * base);
}

TEST(HostAdam, FsdpStepsTorchAdamWSixTimesSlowerOnTheSameCores) {
    // FSDP's CPUOffload runs torch.optim.AdamW on the host (DeepSpeedCPUAdam is 5-7x faster).
    for (int cores : {0, 24, 192}) {
        const auto s = llama8(cores, 0);
        EXPECT_NEAR(optimizerSeconds(s, zeroOffload(Framework::Fsdp)),
                    6.0 * optimizerSeconds(s, zeroOffload()), 1e-9)
            << cores << " cores";
    }
}

TEST(HostAdam, TheClusterFieldsRoundTripAndAreWrittenOnlyWhenStated) {
    const auto s = llama8(96, 614.4e9);
    const auto text = model::toJsonText(s);
    const auto load = model::parseScenario(text, test::catalog());
    ASSERT_TRUE(load.scenario) << text;
    EXPECT_EQ(load.scenario->cluster.hostCpuCoresPerNode, 96);
    EXPECT_DOUBLE_EQ(load.scenario->cluster.hostMemoryBytesPerSecondPerNode, 614.4e9);
    // Unstated: not written, so older files and readers see what they always did.
    const auto plain = model::toJson(llama8(0, 0));
    EXPECT_FALSE(plain["cluster"].contains("host_cpu_cores_per_node"));
    EXPECT_FALSE(plain["cluster"].contains("host_memory_gb_per_s_per_node"));
}
