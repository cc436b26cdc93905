#pragma once

#include <trainplan/model/cluster_spec.h>
#include <trainplan/model/constraints_spec.h>
#include <trainplan/model/efficiency_spec.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/readiness.h>
#include <trainplan/model/training_spec.h>
#include <trainplan/model/transformer_spec.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace trainplan::model {

inline constexpr const char* kScenarioSchema = "trainplan.scenario.v1";

// Everything a user describes: what is trained, how, where, and (optionally) with which plans.
struct Scenario {
    std::string name;
    std::string description;
    std::string descriptionZh; // the same in Simplified Chinese, for Chinese reports (optional)
    TransformerSpec model;
    std::string modelRef; // catalog name when the scenario referred to one
    TrainingSpec training;
    ClusterSpec cluster;
    std::vector<Plan> plans;
    EfficiencySpec efficiency;
    ConstraintsSpec constraints;
    // Readiness profile and migration roadmap (readiness.h; empty stages = the advisor's defaults).
    TeamProfile team;
    PlatformProfile platform;
    std::vector<MigrationStage> stages;

    // The GPUs a plan of this scenario uses: constraints.max_gpus when set, capped at the cluster
    // (a larger max_gpus is only sizing's limit), else the whole cluster
    // (docs/scenario-format.md, constraints).
    [[nodiscard]] long long planGpus() const {
        return constraints.maxGpus ? std::min(*constraints.maxGpus, cluster.gpuCount())
                                   : cluster.gpuCount();
    }

    bool operator==(const Scenario&) const = default;
};

} // namespace trainplan::model
