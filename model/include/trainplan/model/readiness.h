#pragma once

// The readiness profile (what the team can do, what the platform provides) and the migration
// roadmap stages stored with a scenario. Keys, units and defaults: docs/advisor.md.

#include <trainplan/model/cluster_spec.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/validation_issue.h>

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model {

struct Catalog;

// The most demanding distributed setup the team has run in production (ordered).
enum class TeamExperience { SingleNode, Ddp, ZeroFsdp, ThreeD };
// How far the team can diagnose distributed jobs: not at all, hangs and NCCL errors, or also
// performance (overlap, bucket sizes, stragglers, kernel efficiency). Ordered.
enum class DebugSkill { None, Hangs, Performance };
enum class RdmaKind { None, RoCE, InfiniBand };

struct TeamProfile {
    TeamExperience experience = TeamExperience::SingleNode;
    DebugSkill debugDistributed = DebugSkill::None;
    bool maintainVersions = false; // can keep framework, CUDA/NCCL and driver versions current

    bool operator==(const TeamProfile&) const = default;
};

// Every answer defaults to "not in place": an unanswered question is listed as a prerequisite.
struct PlatformProfile {
    bool gangScheduling = false;          // all-or-nothing allocation of a job's GPUs
    std::optional<RdmaKind> rdma;         // nullopt: follow the cluster's inter-node link kind
    bool topologyAwarePlacement = false;  // ranks placed by node/switch (TP inside a node, ...)
    bool sharedCheckpointStorage = false; // shared high-bandwidth storage for (sharded) checkpoints
    bool failureRecovery = false; // failure detection and automatic restart from a checkpoint
    bool monitoring = false;      // GPU and network metrics per job
    bool standardImages = false;  // curated, versioned training images
    bool costAttribution = false; // GPU-hours and cost booked per job/team

    bool operator==(const PlatformProfile&) const = default;
};

// One answer of the readiness profile, as a prerequisite a framework or a stage may need.
// The experience and debug items are levels: ExperienceZeroFsdp is in place for a team with 3D
// experience too.
enum class ReadinessItem {
    ExperienceDdp,
    ExperienceZeroFsdp,
    ExperienceThreeD,
    DebugHangs,
    DebugPerformance,
    MaintainVersions,
    GangScheduling,
    Rdma,
    TopologyAwarePlacement,
    SharedCheckpointStorage,
    FailureRecovery,
    Monitoring,
    StandardImages,
    CostAttribution,
};

inline constexpr ReadinessItem kAllReadinessItems[] = {
    ReadinessItem::ExperienceDdp,          ReadinessItem::ExperienceZeroFsdp,
    ReadinessItem::ExperienceThreeD,       ReadinessItem::DebugHangs,
    ReadinessItem::DebugPerformance,       ReadinessItem::MaintainVersions,
    ReadinessItem::GangScheduling,         ReadinessItem::Rdma,
    ReadinessItem::TopologyAwarePlacement, ReadinessItem::SharedCheckpointStorage,
    ReadinessItem::FailureRecovery,        ReadinessItem::Monitoring,
    ReadinessItem::StandardImages,         ReadinessItem::CostAttribution,
};

[[nodiscard]] std::string_view toString(TeamExperience e);
[[nodiscard]] std::optional<TeamExperience> teamExperienceFromString(std::string_view s);
[[nodiscard]] std::string_view toString(DebugSkill d);
[[nodiscard]] std::optional<DebugSkill> debugSkillFromString(std::string_view s);
[[nodiscard]] std::string_view toString(RdmaKind r);
[[nodiscard]] std::optional<RdmaKind> rdmaKindFromString(std::string_view s);
[[nodiscard]] std::string_view toString(ReadinessItem item); // "gang_scheduling", ...
[[nodiscard]] std::optional<ReadinessItem> readinessItemFromString(std::string_view s);

// The RDMA fabric in effect: the platform's answer, else the cluster's inter-node link kind.
[[nodiscard]] RdmaKind effectiveRdma(const PlatformProfile& platform, const ClusterSpec& cluster);
// Whether the profile has `item` in place (RDMA from effectiveRdma).
[[nodiscard]] bool isInPlace(ReadinessItem item, const TeamProfile& team,
                             const PlatformProfile& platform, const ClusterSpec& cluster);

// What moves a team to a roadmap stage. `value` by kind: mfu_below a fraction in (0, 1],
// cost_above US dollars for the whole training run, gpus_above a GPU count; oom and manual take
// none.
enum class TriggerKind { Oom, MfuBelow, CostAbove, GpusAbove, Manual };

[[nodiscard]] std::string_view toString(TriggerKind k);
[[nodiscard]] std::optional<TriggerKind> triggerKindFromString(std::string_view s);

struct StageTrigger {
    TriggerKind kind = TriggerKind::Manual;
    double value = 0;

    bool operator==(const StageTrigger&) const = default;
};

// A prerequisite of a stage: a readiness item, free text, or both (text annotating the item).
struct StagePrerequisite {
    std::optional<ReadinessItem> item;
    std::string text;
    bool done = false;

    bool operator==(const StagePrerequisite&) const = default;
};

struct ExpectedGain {
    std::string text;
    std::optional<double> speedup; // time-to-train of the previous stage / this stage's

    bool operator==(const ExpectedGain&) const = default;
};

// One stage of the migration roadmap as the user stores it. Unset fields are filled in by the
// advisor (sim::buildRoadmap) when it evaluates the stage.
struct MigrationStage {
    std::string id;                     // unique within the scenario
    std::string title;                  // empty: the advisor's title for a default stage id
    std::optional<Framework> framework; // nullopt: keeps the previous stage's framework
    std::string targetModel;            // catalog model name; empty: the scenario's model
    long long targetGpus = 0;           // 0: the scenario's cluster
    std::optional<Plan> plan;           // nullopt: the advisor searches for the best plan
    StageTrigger trigger;
    std::vector<StagePrerequisite> prerequisites;
    ExpectedGain expectedGain;

    bool operator==(const MigrationStage&) const = default;
};

// Parsers: every problem goes to `issues` with its field path under `path`; unknown keys are
// errors.
[[nodiscard]] TeamProfile teamFromJson(const nlohmann::json& j, const std::string& path,
                                       ValidationIssues& issues);
[[nodiscard]] PlatformProfile platformFromJson(const nlohmann::json& j, const std::string& path,
                                               ValidationIssues& issues);

// Reads a stage's "plan" with the scenario's own plan syntax; sets dpGiven when the object has
// "dp".
using PlanReader = std::function<Plan(const nlohmann::json& j, const std::string& path,
                                      ValidationIssues& issues, bool& dpGiven)>;

struct StageReadOptions {
    PlanReader readPlan;              // empty: a stage "plan" is reported as unsupported
    const Catalog* catalog = nullptr; // set: target.model must name a catalog model
    long long clusterGpus = 0;        // a stage plan without dp takes the rest of its target's GPUs
};

[[nodiscard]] MigrationStage stageFromJson(const nlohmann::json& j, const std::string& path,
                                           ValidationIssues& issues,
                                           const StageReadOptions& options = {});
// An array of stages; also checks that ids are unique.
[[nodiscard]] std::vector<MigrationStage> stagesFromJson(const nlohmann::json& j,
                                                         const std::string& path,
                                                         ValidationIssues& issues,
                                                         const StageReadOptions& options = {});

// Writers: every field of the profiles; stage fields only when set (parse(toJson(x)) == x).
[[nodiscard]] nlohmann::json toJson(const TeamProfile& t);
[[nodiscard]] nlohmann::json toJson(const PlatformProfile& p);
[[nodiscard]] nlohmann::json toJson(const MigrationStage& s);
[[nodiscard]] nlohmann::json stagesToJson(const std::vector<MigrationStage>& stages);

} // namespace trainplan::model
