#pragma once

// Shared helpers for the plan-search tests (search_test.cpp, search_brute_force_test.cpp): a
// decoder small enough to brute-force, and GPU memory squeezed until only some plans fit.
#include "simulator_test_support.h"

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace trainplan::test {

// A small decoder (about 3.4M parameters) on A100 nodes, so every plan can be brute-forced.
inline model::Scenario tinyScenario(int nodes, int gpusPerNode, long long globalBatch) {
    model::Scenario s;
    s.name = "tiny";
    auto& m = s.model;
    m.name = "tiny";
    m.layers = 4;
    m.hidden = 256;
    m.heads = 8;
    m.kvHeads = 8;
    m.headDim = 32;
    m.ffnHidden = 1024;
    m.vocab = 1000;
    m.seqLen = 256;
    s.training.globalBatch = globalBatch;
    s.training.trainTokens = 1e9;
    s.cluster.gpu = *catalog().findGpu("A100-SXM4-80GB");
    s.cluster.nodes = nodes;
    s.cluster.gpusPerNode = gpusPerNode;
    s.cluster.intraNode = *catalog().findLink("NVLink3-NVSwitch");
    s.cluster.interNode = *catalog().findLink("InfiniBand-HDR-200");
    s.cluster.nicsPerNode = 4;
    s.cluster.gpuHourUsd = 2.0;
    return s;
}

// Sets the GPU memory to a quantile of the valid plans' peaks (the median: about half of them fit).
inline void squeezeMemory(model::Scenario& s, double quantile = 0.5) {
    s.cluster.gpu.memoryBytes = 1e15;
    const sim::PlanContext ctx = sim::makeContext(s);
    std::vector<double> peaks;
    for (model::Framework f : model::kAllFrameworks)
        for (const model::Plan& p : sim::enumeratePlans(s, f))
            peaks.push_back(sim::evaluateMemory(ctx, p).peakBytes);
    ASSERT_FALSE(peaks.empty());
    const auto k = static_cast<std::size_t>(quantile * static_cast<double>(peaks.size() - 1));
    std::nth_element(peaks.begin(), peaks.begin() + static_cast<long>(k), peaks.end());
    s.cluster.gpu.memoryBytes = peaks[k];
}

} // namespace trainplan::test
