#pragma once

// What TrainPlan assumed to rebuild a published run whose source left a cell blank or ambiguous
// (ReferenceCase::assumptions, ValidationRow::assumptions), and why a row could not be rebuilt at
// all (ReferenceCase::skip, ValidationReport::skipped): structured messages, an id and its
// arguments, rendered in English or Simplified Chinese by the one catalogue in reference_note.cpp.
// The English templates reproduce what `trainplan-cli validate` printed before, byte for byte.

#include <trainplan/model/validation_issue.h>
#include <trainplan/simulator/advice_text.h>

#include <optional>
#include <string>
#include <vector>

namespace trainplan::sim {

enum class RefNoteId : int {
    GlobalFromLocalBatch, // {0} local batch, {1} dp
    LlamaArchitecture,
    GptArchitecture,
    A100MemoryNotStated,
    GpuMemoryPublished,   // {0} GiB
    HbmPublished,         // {0} TB/s, as written
    PowerCap,             // {0} W
    InterNodeNdr,
    InterNodeEdrDgx2,
    InterNodeHdrDgxA100,
    ModelParallel96,
    TorchtitanInterleaved,
    TorchtitanPipelineSplit,
    MicroBatchFromLocal, // {0} local batch per rank, {1} micro-batches
    MicroBatchSearched,
    InterleavingSearched,
    RecomputeFullAssumed,
    RecomputeNoneAssumed,
    NothingFits,
};
inline constexpr int kRefNoteCount = static_cast<int>(RefNoteId::NothingFits) + 1;

struct RefNote {
    RefNoteId id{};
    std::vector<MessageArg> args; // text arguments, copied as written in both languages

    [[nodiscard]] std::string text(Lang lang) const;
    bool operator==(const RefNote&) const = default;
};

// The entry's template in `lang` and its argument count (for the catalogue's tests).
[[nodiscard]] std::string_view refNoteTemplate(RefNoteId id, Lang lang);
[[nodiscard]] int refNoteArgCount(RefNoteId id);

// Why a published row cannot be rebuilt as a scenario and plan.
enum class RefSkipId : int {
    ArchitectureNotPublished,
    GlobalBatchNotPublished,
    GpuNotInCatalog,       // {0} the GPU as published
    CatalogLacksGpuOrLink, // {0} GPU, {1} intra-node link (catalog names)
    CatalogLacksInterNode,
    GpusNotMultipleOfNode,
    FrameworkNotRecognised, // {0} the framework as published
    NoMeasurement,
    NotReproducible, // {0} the plan's problem (planIssue), worded in the language
};
inline constexpr int kRefSkipCount = static_cast<int>(RefSkipId::NotReproducible) + 1;

struct RefSkip {
    RefSkipId id{};
    std::vector<MessageArg> args; // text arguments, copied as written in both languages
    // NotReproducible: the problem model::validatePlan found, its last argument in every language.
    std::optional<model::ValidationIssue> planIssue;

    [[nodiscard]] std::string text(Lang lang) const;
    bool operator==(const RefSkip&) const = default;
};

[[nodiscard]] std::string_view refSkipTemplate(RefSkipId id, Lang lang);
[[nodiscard]] int refSkipArgCount(RefSkipId id);

} // namespace trainplan::sim
