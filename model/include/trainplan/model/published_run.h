#pragma once

#include <trainplan/model/validation_issue.h>

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model {

// One row of data/reference/published_runs.csv: a training run as its source published it. Numbers
// are empty when the source does not state them; text columns keep the source's wording (e.g.
// zeroStage "FSDP2 full shard", precision "16-bit mixed (fp16/bf16 not stated)").
struct PublishedRun {
    std::size_t line = 0; // line of the CSV file where the row starts

    std::string sourceText;        // column "source": where the numbers come from (required)
    std::string modelName;         // required
    std::optional<double> paramsB; // billions of parameters, as published
    std::optional<int> layers;
    std::optional<int> hidden;
    std::optional<int> ffnHidden;
    std::optional<int> heads;
    std::optional<int> kvHeads;
    std::optional<int> seqLen;
    std::optional<int> vocab;
    std::optional<int> moeExperts;
    std::optional<int> moeTopK;
    std::string gpuType;
    std::optional<double> gpuMemGb;
    std::optional<int> numGpus;
    std::optional<int> gpusPerNode;
    std::string intraNodeLink;
    std::string interNodeLink;
    std::string framework;
    std::optional<int> tp;
    std::optional<int> pp;
    std::optional<int> dp;
    std::optional<int> cp;
    std::optional<int> ep;
    std::optional<int> etp; // Megatron-LM --expert-tensor-parallel-size (empty: tp)
    std::optional<int> vpp;
    std::string zeroStage; // the cell as written: "1", "3", "FSDP2 full shard", ""
    std::optional<int> microBatch;
    std::optional<int> globalBatch;
    std::string recompute;                // "full", "selective (per-op SAC)", ""
    std::optional<bool> sequenceParallel; // y/n (also yes/no, true/false, 1/0)
    std::string precision;
    std::optional<double> measuredTflopsPerGpu;
    std::optional<double> measuredMfuPct; // percent, 0-100
    std::optional<double> measuredStepTimeS;
    std::optional<double> measuredTokensPerSPerGpu;
    std::optional<double> measuredPeakMemGb; // as the source reports it (torchtitan: GiB)
    std::string notes;
    // Column "pipeline_split" (optional): "embedding", "loss" or "embedding+loss", the modules
    // Megatron-LM counts as a layer in the pipeline split
    // (--account-for-embedding-in-pipeline-split,
    // --account-for-loss-in-pipeline-split; NeMo's ASYM_PP_EMBED/ASYM_PP_LOSS). Empty: neither.
    std::string pipelineSplit;
    // Column "cross_entropy" (optional): "unfused" or "te", the Megatron-Core loss the run used
    // when it was not the fused native one (--cross-entropy-loss-fusion,
    // --cross-entropy-fusion-impl). Empty: the stack's usual.
    std::string crossEntropy;
    // Column "dropout" (optional): the attention and hidden dropout probability the run trained
    // with, 0 ≤ p < 1 (Megatron-LM --attention-dropout and --hidden-dropout). Empty: the era's
    // convention (model::attentionDropout).
    std::optional<double> dropout;
    std::string dropoutText; // the cell while parsing (a probability may be 0); empty after

    bool operator==(const PublishedRun&) const = default;
};

// A problem with one cell or row; column is empty for whole-row problems. The message is
// structured (an IssueId of issue_text.h and its arguments); `message` is its English rendering.
struct PublishedRunIssue {
    std::size_t line = 0;
    std::string column;
    std::string message;
    IssueId id{};
    std::vector<IssueArg> args;

    PublishedRunIssue() = default;
    PublishedRunIssue(std::size_t line, std::string column, IssueId id,
                      std::vector<IssueArg> args = {});

    [[nodiscard]] std::string messageIn(Lang lang) const;
    // "line 12, column tp: 'x' is not a whole number" / "第 12 行，tp 列：'x' 不是整数".
    [[nodiscard]] std::string text(Lang lang = Lang::En) const;
    bool operator==(const PublishedRunIssue&) const = default;
};

struct PublishedRunsLoad {
    std::vector<PublishedRun> runs;        // the rows without problems
    std::vector<PublishedRunIssue> issues; // every problem of every row

    [[nodiscard]] bool ok() const { return issues.empty(); }
};

// The column names, in the order of data/reference/published_runs.csv.
[[nodiscard]] const std::vector<std::string>& publishedRunColumns();

// Parses CSV text whose header names the columns (any order; only "source" and "model_name" are
// required, absent columns read as empty). Unknown or repeated columns, rows with the wrong number
// of fields, malformed numbers, non-positive counts and missing required cells are reported per
// row, naming the line and the column. Never throws on bad input.
[[nodiscard]] PublishedRunsLoad parsePublishedRuns(std::string_view csvText);
[[nodiscard]] PublishedRunsLoad loadPublishedRuns(const std::filesystem::path& file);

// The row as a JSON object keyed by column name; empty cells are left out, numbers are numbers.
[[nodiscard]] nlohmann::json toJson(const PublishedRun& run);

} // namespace trainplan::model
