#pragma once

// Shared helpers for the simulator tests: scenarios built in code from the catalog.
#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace trainplan::test {

inline const model::Catalog& catalog() {
    static const model::Catalog c = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    return c;
}

// A built-in example scenario by file name ("gpt3-175b-a100x1024.json").
inline model::Scenario scenarioFile(const std::string& name) {
    auto load = model::loadScenarioFile(
        std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / name, catalog());
    EXPECT_TRUE(load.ok()) << name;
    return *load.scenario;
}

inline model::Scenario makeScenario(const char* modelName, const char* gpu, int nodes,
                                    int gpusPerNode, long long globalBatch,
                                    const char* intra = "NVLink3-NVSwitch",
                                    const char* inter = "InfiniBand-HDR-200") {
    model::Scenario s;
    s.name = modelName;
    s.model = *catalog().findModel(modelName);
    s.modelRef = s.model.name;
    s.training.globalBatch = globalBatch;
    s.training.precision = model::Precision::Bf16;
    s.training.optimizer = model::Optimizer::Adam;
    s.training.trainTokens = 1e11;
    s.training.flashAttention = true;
    s.cluster.gpu = *catalog().findGpu(gpu);
    s.cluster.gpuRef = gpu;
    s.cluster.nodes = nodes;
    s.cluster.gpusPerNode = gpusPerNode;
    s.cluster.intraNode = *catalog().findLink(intra);
    s.cluster.intraNodeRef = intra;
    s.cluster.interNode = *catalog().findLink(inter);
    s.cluster.interNodeRef = inter;
    s.cluster.nicsPerNode = 8;
    s.cluster.gpuHourUsd = 2.0;
    return s;
}

inline model::Plan makePlan(model::Framework f, int dp, int tp = 1, int pp = 1, int mb = 1,
                            int zero = 0) {
    model::Plan p;
    p.framework = f;
    p.dp = dp;
    p.tp = tp;
    p.pp = pp;
    p.microBatch = mb;
    p.zeroStage = zero;
    return p;
}

} // namespace trainplan::test
