#pragma once

#include <trainplan/model/io/import_issue.h>
#include <trainplan/model/io/import_text.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/training_spec.h>
#include <trainplan/model/transformer_spec.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::model::io {

// How much a value is worth when files disagree (see importFiles):
// Explicit     written in the file;
// ToolDefault  what the tool does when the file says nothing (Megatron ties embeddings unless
//              --untie-embeddings-and-output-weights) — a real setting of the job;
// Base         from a TrainPlan scenario given alongside (the files being imported replace it);
// Guess        a stand-in (config.json's max_position_embeddings for the training seq_len).
enum class Origin { Guess, Base, ToolDefault, Explicit };

// How findings name a field's source: the key verbatim, then (when set) its provenance as a
// catalogue phrase in parentheses ("zero_optimization (absent: stage 0)", in Chinese
// "zero_optimization（未设置：stage 0）"), so a key carries no English into a Chinese message.
// After merging, the file comes first: "ds.json (zero_optimization (absent: stage 0))".
[[nodiscard]] ImportText keyWithNote(std::string key, ImportText note = {});

// Provenance notes for Field::set: "absent", "absent: 1", and the phrases of the catalogue.
[[nodiscard]] inline ImportText absentNote() {
    return ImportText(ImportTextId::FieldAbsent);
}
[[nodiscard]] inline ImportText absentNote(std::string value) {
    return ImportText(ImportTextId::FieldAbsentValue, {std::move(value)});
}
[[nodiscard]] inline ImportText fieldNote(ImportTextId id, std::vector<IssueArg> args = {}) {
    return ImportText(id, std::move(args));
}

// One value a file says something about, with the key that said it.
template <typename T> struct Field {
    std::optional<T> value;
    std::string key; // the key, flag or formula as written ("zero_optimization", "--bf16 / --fp16")
    ImportText source; // how findings name it: keyWithNote(key, provenance), or with its file
    Origin origin = Origin::Explicit;

    void set(T v, std::string k, Origin o = Origin::Explicit) {
        set(std::move(v), std::move(k), {}, o);
    }
    // `note` says where the value comes from when the key alone does not
    // (ImportTextId::FieldAbsent…).
    void set(T v, std::string k, ImportText note, Origin o = Origin::Explicit) {
        value = std::move(v);
        source = keyWithNote(k, std::move(note));
        key = std::move(k);
        origin = o;
    }
    // The value and source of a field read from another file (merging).
    void setFrom(T v, std::string k, ImportText named, Origin o) {
        value = std::move(v);
        key = std::move(k);
        source = std::move(named);
        origin = o;
    }
    [[nodiscard]] bool has() const { return value.has_value(); }
    [[nodiscard]] const T& operator*() const { return *value; }
};

struct ImportedModel {
    Field<std::string> name;
    Field<std::string> displayName;
    Field<int> layers, hidden, heads, kvHeads, headDim, ffnHidden, vocab, seqLen;
    Field<FfnKind> ffn;
    Field<bool> tiedEmbeddings;
    Field<PositionEmbedding> positionEmbedding;
    Field<int> experts, topK, expertFfnHidden, sharedExperts, moeInterval, firstDenseLayers;
    Field<double> capacityFactor;
    // TransformerSpec's mla (kvLoraRank > 0 enables it), slidingWindow (window 0: none) and
    // mtpLayers.
    Field<int> qLoraRank, kvLoraRank, qkNopeHeadDim, qkRopeHeadDim, vHeadDim;
    Field<int> slidingWindow, fullAttentionEvery, mtpLayers;
    // A Hugging Face hub model the tokenizer is loaded from (Megatron --tokenizer-model): a hint
    // importFiles matches against the catalog when no file gives the model; not merged.
    Field<std::string> tokenizerModel;
};

// A per-layer attention pattern (true: the layer attends within the sliding window) as
// SlidingWindowSpec::fullEvery: 0 when every layer is windowed, n when full attention is exactly
// every n-th layer, the last of each group ((i + 1) % n == 0). nullopt, with the reason in `why`,
// for any other pattern (a catalogue sentence); `windowed` must hold at least one windowed layer.
// Shared by the Hugging Face layer_types and Megatron-LM --window-attn-skip-freq readers.
[[nodiscard]] inline std::optional<int> fullEveryFromPattern(const std::vector<bool>& windowed,
                                                             ImportText& why) {
    const auto firstFull = std::find(windowed.begin(), windowed.end(), false);
    if (firstFull == windowed.end()) return 0;
    const std::size_t n = static_cast<std::size_t>(firstFull - windowed.begin()) + 1;
    for (std::size_t i = 0; i < windowed.size(); ++i) {
        if (windowed[i] == ((i + 1) % n != 0)) continue;
        if (n == 1)
            why = ImportText(ImportTextId::PatternFirstLayerFull, {i});
        else
            why = ImportText(windowed[i] ? ImportTextId::PatternLayerWindowed
                                         : ImportTextId::PatternLayerFull,
                             {i, n - 1, n});
        return std::nullopt;
    }
    return static_cast<int>(n);
}

struct ImportedTraining {
    Field<long long> globalBatch; // sequences per optimizer step
    Field<Precision> precision;
    Field<Optimizer> optimizer;
    Field<bool> flashAttention;
    Field<AttentionKernel> attentionKernel;
    Field<CrossEntropy> crossEntropy;
    Field<double>
        attentionDropout;        // probability (Megatron --attention-dropout, HF attention_dropout)
    Field<double> hiddenDropout; // probability (Megatron --hidden-dropout, HF hidden_dropout)
    Field<long long>
        trainSteps; // optimizer steps (Megatron --train-iters, torchtitan --training.steps)
    Field<long long> trainSamples; // sequences (Megatron --train-samples)
};

struct ImportedPlan {
    Field<Framework> framework;
    Field<int> dp, tp, pp, cp, ep, vpp, microBatch, zeroStage, gradAccum;
    Field<int> etp;                   // Megatron-LM --expert-tensor-parallel-size (absent: tp)
    Field<int> layersPerVirtualStage; // Megatron --num-layers-per-virtual-pipeline-stage (vpp needs
                                      // layers)
    Field<Offload> offload;
    Field<bool> offloadParams, hybridShard, sequenceParallel, tpCommOverlap;
    Field<bool> epCommOverlap;          // Megatron --overlap-moe-expert-parallel-comm
    Field<MoeDispatcher> moeDispatcher; // Megatron --moe-token-dispatcher-type
    Field<Recompute> recompute;
    Field<int> recomputeLayers;       // Megatron --recompute-method block --recompute-num-layers
    Field<unsigned> recomputeModules; // Megatron --recompute-modules (recompute_module bit flags)
    // torchtitan's layer-wise AC (selective_ac_option "k"): every k-th block fully recomputed;
    // turned into recompute_layers once the model's layers and pp are known (import_files.cpp).
    Field<int> recomputeEvery;
    Field<PipelineLayout> pipeline; // uneven pipeline split (Megatron, DeepSpeed, torchtitan flags)
};

struct ImportedCluster {
    Field<int> nodes, gpusPerNode;
    Field<int> hostCpuCoresPerNode; // Slurm --cpus-per-task × --ntasks-per-node
    Field<std::string>
        gpu; // a GPU type hint (Slurm --gres=gpu:h100:8), matched against the catalog
};

enum class FileKind { Unknown, HfConfig, DeepSpeedConfig, MegatronArgs, Launcher, Scenario };

[[nodiscard]] std::string_view toString(FileKind k);

// What one file says, every value optional so several files can be merged and checked against
// each other. Produced by the per-format importers; consumed by importFiles.
struct ImportedFields {
    std::string file;
    FileKind kind = FileKind::Unknown;
    ImportedModel model;
    ImportedTraining training;
    ImportedPlan plan;
    ImportedCluster cluster;
    ImportIssues issues;

    void error(std::string key, ImportTextId id, std::vector<IssueArg> args = {}) {
        add(Severity::Error, std::move(key), ImportText(id, std::move(args)));
    }
    void warning(std::string key, ImportTextId id, std::vector<IssueArg> args = {}) {
        add(Severity::Warning, std::move(key), ImportText(id, std::move(args)));
    }
    void note(std::string key, ImportTextId id, std::vector<IssueArg> args = {}) {
        add(Severity::Note, std::move(key), ImportText(id, std::move(args)));
    }
    void error(std::string key, ImportText what) {
        add(Severity::Error, std::move(key), std::move(what));
    }
    // A finding the model's issue catalogue already words ("must be an integer, got a string",
    // "no such file"): the sentence has one home, issue_text.h, and `key` is the issue's path.
    void error(std::string key, IssueId id, std::vector<IssueArg> args = {}) {
        error(ValidationIssue(std::move(key), id, std::move(args)));
    }
    // The same for an issue already built; with `frame`, its message is the frame's last
    // argument ("'0' must be at least 1").
    void error(ValidationIssue v, ImportText frame = {}) {
        issues.push_back(
            ImportIssue::fromValidation(Severity::Error, file, std::move(v), std::move(frame)));
    }
    void add(Severity s, std::string key, ImportText what) {
        issues.emplace_back(s, file, std::move(key), std::move(what));
    }
};

} // namespace trainplan::model::io
