#include <trainplan/model/io/megatron_args.h>

#include <trainplan/model/pipeline_layout.h>

#include <trainplan/model/io/launcher.h>
#include <trainplan/model/io/shell_script.h>

#include "json_keys.h"
#include "megatron_attention_args.h"
#include "megatron_flags.h"
#include "megatron_memory_args.h"
#include "shell_args.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

namespace trainplan::model::io {

namespace {

using detail::ArgSpec;
using detail::ArgUse;
using detail::megatronFlags;
using detail::ParsedArgs;

std::string joinFlags(const std::vector<std::string>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size() && i < 20; ++i)
        out += (i ? ", " : "") + v[i];
    if (v.size() > 20) out += ", …";
    return out;
}

// An int `--moe-layer-freq` that names no layer interval (Megatron's "must be at least 1", which
// the model's catalogue words).
bool layerFreqOutOfRange(const std::string& text) {
    long long n = 0;
    return detail::parseInteger(text, n) && (n < 1 || n > 1'000'000);
}

// Parses `--moe-layer-freq`: an int N (every N-th layer; layerFreqOutOfRange checked it), or a
// pattern "([0]*K+[1]*M)" / a literal list "[0,0,1,1,…]" of dense (0) and MoE (1) layers.
bool parseLayerFreq(const std::string& text, int layers, int& interval, int& firstDense,
                    ImportText& why) {
    long long n = 0;
    if (detail::parseInteger(text, n)) {
        interval = static_cast<int>(n);
        firstDense = 0;
        return true;
    }
    const auto list = detail::evaluateLayerPattern(text, why);
    if (!list) return false;
    std::vector<int> pattern;
    for (long long v : *list) {
        if (v != 0 && v != 1) {
            why = ImportText(ImportTextId::MegLayerFreqItems);
            return false;
        }
        pattern.push_back(static_cast<int>(v));
    }
    if (layers > 0 && static_cast<int>(pattern.size()) != layers) {
        why = ImportText(ImportTextId::MegListsLayers, {pattern.size(), layers});
        return false;
    }
    int lead = 0;
    while (lead < static_cast<int>(pattern.size()) && pattern[static_cast<std::size_t>(lead)] == 0)
        ++lead;
    if (lead == static_cast<int>(pattern.size())) {
        why = ImportText(ImportTextId::MegNoMoeLayer);
        return false;
    }
    int next = lead + 1;
    while (next < static_cast<int>(pattern.size()) && pattern[static_cast<std::size_t>(next)] == 0)
        ++next;
    const int period = next < static_cast<int>(pattern.size()) ? next - lead : 1;
    for (int i = lead; i < static_cast<int>(pattern.size()); ++i) {
        if ((pattern[static_cast<std::size_t>(i)] == 1) != ((i - lead) % period == 0)) {
            why = ImportText(ImportTextId::MegIrregularLayerFreq);
            return false;
        }
    }
    interval = period;
    firstDense = lead;
    return true;
}

} // namespace

bool looksLikeMegatron(std::string_view text) {
    for (std::string_view marker :
         {"pretrain_gpt", "pretrain_mamba", "pretrain_t5", "pretrain_bert", "pretrain_llama",
          "--tensor-model-parallel-size", "--pipeline-model-parallel-size", "--num-layers",
          "--micro-batch-size", "--use-distributed-optimizer"})
        if (text.find(marker) != std::string_view::npos) return true;
    return false;
}

namespace {

// GPT-2 BPE: encoder.json holds 50,257 tokens (50,000 merges + 256 byte tokens + <|endoftext|>),
// Radford et al. 2019 / the gpt2-vocab.json Megatron-LM's examples download.
constexpr int kGpt2BpeVocab = 50257;

// Megatron's padding: megatron/core/tokenizers/utils/build_tokenizer.py vocab_size_with_padding()
// (NVIDIA/Megatron-LM @ d98e8a64ddf3): multiple = --make-vocab-size-divisible-by (default 128,
// megatron/training/arguments.py) × --tensor-model-parallel-size; padded = ceil(vocab / multiple)
// × multiple.
long long paddedVocab(long long vocab, long long divisibleBy, long long tp) {
    const long long multiple = divisibleBy * tp;
    return (vocab + multiple - 1) / multiple * multiple;
}

} // namespace

template <typename SetInt>
void vocabFromTokenizer(const ParsedArgs& args, detail::ArgReader& a, ImportedFields& f,
                        SetInt& setInt) {
    if (f.model.vocab.has()) return; // --vocab-size
    const auto type = a.string("--tokenizer-type");
    const bool bpeFiles = args.values.count("--vocab-file") && args.values.count("--merge-file");
    int original = 0;
    std::string from;
    if ((type && *type == "GPT2BPETokenizer") || (!type && bpeFiles)) {
        original = kGpt2BpeVocab;
        from = type ? "--tokenizer-type GPT2BPETokenizer"
                    : "--vocab-file and --merge-file (GPT-2 BPE)";
    } else if (type) {
        if (*type == "HuggingFaceTokenizer")
            if (auto hub = a.string("--tokenizer-model"))
                f.model.tokenizerModel.set(*hub, "--tokenizer-model");
        if (*type != "HuggingFaceTokenizer" && *type != "NullTokenizer")
            f.warning("--tokenizer-type", ImportTextId::MegTokenizerFile, {*type});
        return; // a Hugging Face tokenizer: the model's config.json or the catalog gives it
    } else {
        return;
    }
    Field<int> divisible;
    if (!setInt("--make-vocab-size-divisible-by", divisible, 1, 1'000'000))
        divisible.set(128, "--make-vocab-size-divisible-by", absentNote("128"),
                      Origin::ToolDefault);
    const long long tp = f.plan.tp.has() ? *f.plan.tp : 1;
    const long long padded = paddedVocab(original, *divisible, tp);
    f.model.vocab.set(static_cast<int>(padded), from + ", padded", Origin::Explicit);
    f.add(Severity::Note, "--vocab-file",
          ImportText(ImportTextId::MegVocabPadded, {original, padded, *divisible, tp},
                     {type ? ImportText::verbatim(from) : ImportText(ImportTextId::MegBpeFiles)}));
}

// Megatron-LM's full-granularity methods (megatron/core/transformer/transformer_block.py,
// _checkpointed_forward): "block" checkpoints the first --recompute-num-layers layers of each
// pipeline chunk and runs the others without recompute; "uniform" checkpoints every group of
// --recompute-num-layers layers, so every layer is recomputed.
ImportedFields importMegatronArgs(std::string_view text, std::string_view fileName) {
    ImportedFields f;
    f.file = std::string(fileName);
    f.kind = FileKind::MegatronArgs;
    if (detail::looksBinary(text)) {
        f.error("", ImportTextId::MegBinary);
        return f;
    }
    const ShellScript script = parseShellScript(text);
    for (const auto& p : script.problemTexts)
        f.error("", ImportText(ImportTextId::ShellSyntax, {}, {p}));

    // The command running pretrain_*.py; else the first command carrying Megatron flags.
    const ShellCommand* cmd = nullptr;
    std::size_t start = 0;
    int pretrainCommands = 0;
    for (const auto& c : script.commands) {
        for (std::size_t i = 0; i < c.words.size(); ++i) {
            const std::string& w = c.words[i].text;
            const auto slash = w.find_last_of('/');
            const std::string base = slash == std::string::npos ? w : w.substr(slash + 1);
            if (base.rfind("pretrain_", 0) == 0 && base.size() > 3 &&
                base.compare(base.size() - 3, 3, ".py") == 0) {
                if (!cmd) {
                    cmd = &c;
                    start = i + 1;
                }
                ++pretrainCommands;
                break;
            }
        }
    }
    if (pretrainCommands > 1)
        f.warning("", ImportTextId::MegSeveralPretrain, {pretrainCommands, cmd->line});
    if (!cmd) {
        for (const auto& c : script.commands) {
            for (std::size_t i = 0; i < c.words.size(); ++i) {
                const auto* spec = detail::findSpec(megatronFlags(), c.words[i].text);
                if (spec && spec->use == ArgUse::Mapped) {
                    cmd = &c;
                    start = 0;
                    // Skip a launcher in front of the flags (python, torchrun …).
                    while (start < c.words.size() && c.words[start].text.rfind("--", 0) != 0)
                        ++start;
                    break;
                }
            }
            if (cmd) break;
        }
    }
    if (!cmd) {
        f.error("", ImportTextId::MegNoLaunch);
        return f;
    }
    f.plan.framework.set(Framework::Megatron, "pretrain_*.py", ImportText::verbatim("Megatron-LM"));

    ParsedArgs args = detail::parseArgs(cmd->words, start, megatronFlags());
    if (!args.unknown.empty())
        f.warning(args.unknown.front(), ImportTextId::MegUnknownFlags,
                  {args.unknown.size(), joinFlags(args.unknown)});
    if (!args.positional.empty())
        f.warning("", ImportTextId::UnexpectedArguments,
                  {args.positional.size(), joinFlags(args.positional)});
    for (const auto& [flag, message] : args.problems)
        f.error(flag, message);
    for (const auto& spec : megatronFlags())
        if (spec.use == ArgUse::Note && args.values.count(spec.name))
            f.note(std::string(spec.name), spec.note);

    detail::ArgReader a(args, f);
    auto setInt = [&](const char* flag, Field<int>& field, long long min,
                      long long max) -> std::optional<int> {
        if (auto v = a.integer(flag, min, max)) {
            field.set(static_cast<int>(*v), flag);
            return static_cast<int>(*v);
        }
        return std::nullopt;
    };

    // Model.
    const auto layers = setInt("--num-layers", f.model.layers, 1, 100'000);
    const auto hidden = setInt("--hidden-size", f.model.hidden, 1, 1'000'000);
    const auto heads = setInt("--num-attention-heads", f.model.heads, 1, 1'000'000);
    const bool swiglu = a.flag("--swiglu");
    f.model.ffn.set(swiglu ? FfnKind::SwiGlu : FfnKind::Gelu, "--swiglu",
                    swiglu ? ImportText() : absentNote("GeLU MLP"),
                    swiglu ? Origin::Explicit : Origin::ToolDefault);
    if (!setInt("--ffn-hidden-size", f.model.ffnHidden, 1, 16'000'000) && hidden) {
        // Megatron's default: 4h, or for SwiGLU 2/3 of that rounded down to a multiple of 64.
        const long long def = swiglu ? (4LL * *hidden * 2 / 3) / 64 * 64 : 4LL * *hidden;
        f.model.ffnHidden.set(static_cast<int>(def), "--ffn-hidden-size",
                              fieldNote(ImportTextId::FieldAbsentMegatronDefault),
                              Origin::ToolDefault);
    }
    if (!setInt("--kv-channels", f.model.headDim, 1, 1'000'000) && hidden && heads) {
        if (*hidden % *heads != 0)
            f.error("--num-attention-heads", ImportTextId::MegHeadsNotDivideHidden,
                    {*heads, *hidden});
        f.model.headDim.set(*hidden / *heads, "--kv-channels", absentNote("hidden/heads"),
                            Origin::ToolDefault);
    }
    const bool gqa = a.flag("--group-query-attention");
    if (a.flag("--multi-latent-attention")) {
        // MLA's up projections make a key and a value for every head (Megatron-Core
        // MLASelfAttention linear_kv_up_proj): query groups do not apply.
        if (heads)
            f.model.kvHeads.set(*heads, "--multi-latent-attention",
                                fieldNote(ImportTextId::FieldKeyValuePerHead));
        for (const char* flag : {"--group-query-attention", "--num-query-groups"})
            if (args.values.count(flag)) f.warning(flag, ImportTextId::MegNotWithMla);
    } else if (gqa) {
        if (!setInt("--num-query-groups", f.model.kvHeads, 1, 1'000'000))
            f.error("--num-query-groups", ImportTextId::MegQueryGroupsRequired);
        else if (heads && *heads % *f.model.kvHeads != 0)
            f.error("--num-query-groups", ImportTextId::MegQueryGroupsNotDivide,
                    {*f.model.kvHeads, *heads});
    } else {
        if (args.values.count("--num-query-groups"))
            f.warning("--num-query-groups", ImportTextId::MegQueryGroupsIgnored);
        if (heads)
            f.model.kvHeads.set(*heads, "--group-query-attention",
                                fieldNote(ImportTextId::FieldAbsentOneKvHeadPerHead),
                                Origin::ToolDefault);
    }
    setInt("--seq-length", f.model.seqLen, 1, 1'000'000'000);
    setInt("--vocab-size", f.model.vocab, 1, 100'000'000);
    const bool untie = a.flag("--untie-embeddings-and-output-weights");
    f.model.tiedEmbeddings.set(!untie, "--untie-embeddings-and-output-weights",
                               untie ? ImportText()
                                     : fieldNote(ImportTextId::FieldAbsentMegatronTies),
                               untie ? Origin::Explicit : Origin::ToolDefault);
    if (auto pos = a.string("--position-embedding-type")) {
        if (*pos == "learned_absolute")
            f.model.positionEmbedding.set(PositionEmbedding::Learned, "--position-embedding-type");
        else if (*pos == "rope" || *pos == "mrope" || *pos == "yarn" || *pos == "relative" ||
                 *pos == "none")
            f.model.positionEmbedding.set(PositionEmbedding::None, "--position-embedding-type");
        else
            f.error("--position-embedding-type", IssueId::NotOneOf,
                    {*pos, "learned_absolute, rope, mrope, yarn, relative, none"});
    } else if (a.flag("--use-rotary-position-embeddings") || a.flag("--no-position-embedding")) {
        f.model.positionEmbedding.set(PositionEmbedding::None,
                                      a.flag("--no-position-embedding")
                                          ? "--no-position-embedding"
                                          : "--use-rotary-position-embeddings");
    } else {
        f.model.positionEmbedding.set(PositionEmbedding::Learned, "--position-embedding-type",
                                      absentNote("learned_absolute"), Origin::ToolDefault);
    }
    detail::readLatentAttention(args, a, f);
    detail::readSlidingWindow(args, a, layers, f);
    // Multi-token prediction modules (Megatron-LM --mtp-num-layers, default None: none).
    if (!setInt("--mtp-num-layers", f.model.mtpLayers, 0, 1'000))
        f.model.mtpLayers.set(0, "--mtp-num-layers", fieldNote(ImportTextId::FieldAbsentNone),
                              Origin::ToolDefault);

    // Mixture of experts.
    if (auto experts = setInt("--num-experts", f.model.experts, 1, 1'000'000)) {
        if (!setInt("--moe-router-topk", f.model.topK, 1, 1'000'000))
            f.model.topK.set(2, "--moe-router-topk", absentNote("2"), Origin::ToolDefault);
        if (*f.model.topK > *experts)
            f.error("--moe-router-topk", ImportTextId::HfTopKExceeds,
                    {*f.model.topK, "--num-experts", *experts});
        if (!setInt("--moe-ffn-hidden-size", f.model.expertFfnHidden, 1, 16'000'000) &&
            f.model.ffnHidden.has())
            f.model.expertFfnHidden.set(*f.model.ffnHidden, "--moe-ffn-hidden-size",
                                        absentNote("--ffn-hidden-size"), Origin::ToolDefault);
        if (auto shared = a.integer("--moe-shared-expert-intermediate-size", 1, 1'000'000'000)) {
            const int width = f.model.expertFfnHidden.has() ? *f.model.expertFfnHidden : 0;
            if (width > 0 && *shared % width == 0)
                f.model.sharedExperts.set(static_cast<int>(*shared / width),
                                          "--moe-shared-expert-intermediate-size");
            else
                f.error("--moe-shared-expert-intermediate-size", ImportTextId::MegSharedWidth,
                        {*shared, width});
        } else {
            f.model.sharedExperts.set(0, "--moe-shared-expert-intermediate-size", absentNote(),
                                      Origin::ToolDefault);
        }
        if (auto freq = a.string("--moe-layer-freq")) {
            int interval = 1, firstDense = 0;
            ImportText why;
            const std::string shown = freq->size() > 60 ? freq->substr(0, 60) + "…" : *freq;
            if (layerFreqOutOfRange(*freq)) {
                f.error(ValidationIssue("--moe-layer-freq", IssueId::MustBeAtLeastOne),
                        ImportText(ImportTextId::QuotedReason, {shown}));
            } else if (parseLayerFreq(*freq, layers.value_or(0), interval, firstDense, why)) {
                f.model.moeInterval.set(interval, "--moe-layer-freq");
                f.model.firstDenseLayers.set(firstDense, "--moe-layer-freq");
            } else {
                f.error("--moe-layer-freq", ImportText(ImportTextId::QuotedReason, {shown}, {why}));
            }
        } else {
            f.model.moeInterval.set(1, "--moe-layer-freq", absentNote("1"), Origin::ToolDefault);
            f.model.firstDenseLayers.set(0, "--moe-layer-freq", absentNote("1"),
                                         Origin::ToolDefault);
        }
        if (auto cf = a.number("--moe-expert-capacity-factor", 0.01, 1000.0))
            f.model.capacityFactor.set(*cf, "--moe-expert-capacity-factor");
    } else {
        for (const char* flag :
             {"--moe-router-topk", "--moe-ffn-hidden-size", "--moe-shared-expert-intermediate-size",
              "--moe-layer-freq", "--moe-expert-capacity-factor"})
            if (args.values.count(flag)) f.warning(flag, ImportTextId::MegIgnoredWithoutExperts);
        if (args.values.count("--expert-model-parallel-size") == 0)
            f.model.experts.set(0, "--num-experts", fieldNote(ImportTextId::FieldAbsentDense),
                                Origin::ToolDefault);
    }

    // Parallel layout.
    const bool deepspeed = a.flag("--deepspeed");
    if (deepspeed)
        f.plan.framework.set(Framework::DeepSpeed, "--deepspeed",
                             ImportText::verbatim("Megatron-DeepSpeed"));
    if (!setInt("--tensor-model-parallel-size", f.plan.tp, 1, 1'000'000))
        f.plan.tp.set(1, "--tensor-model-parallel-size", absentNote("1"), Origin::ToolDefault);
    if (a.flag("--no-pipeline-parallel"))
        f.plan.pp.set(1, "--no-pipeline-parallel");
    else if (!setInt("--pipeline-model-parallel-size", f.plan.pp, 1, 1'000'000))
        f.plan.pp.set(1, "--pipeline-model-parallel-size", absentNote("1"), Origin::ToolDefault);
    if (!setInt("--context-parallel-size", f.plan.cp, 1, 1'000'000))
        f.plan.cp.set(1, "--context-parallel-size", absentNote("1"), Origin::ToolDefault);
    if (!setInt("--expert-model-parallel-size", f.plan.ep, 1, 1'000'000))
        f.plan.ep.set(1, "--expert-model-parallel-size", absentNote("1"), Origin::ToolDefault);
    // MoE parallel folding (megatron/training/arguments.py: --expert-tensor-parallel-size defaults
    // to --tensor-model-parallel-size).
    setInt("--expert-tensor-parallel-size", f.plan.etp, 1, 1'000'000);
    if (auto vpp = setInt("--num-virtual-stages-per-pipeline-rank", f.plan.vpp, 1, 100'000)) {
        (void)vpp;
    } else if (auto lpv = a.integer("--num-layers-per-virtual-pipeline-stage", 1, 100'000)) {
        f.plan.layersPerVirtualStage.set(static_cast<int>(*lpv),
                                         "--num-layers-per-virtual-pipeline-stage");
        const int pp = *f.plan.pp;
        if (layers && pp > 0) {
            const long long perRank = static_cast<long long>(*lpv) * pp;
            if (*layers % perRank != 0)
                f.error("--num-layers-per-virtual-pipeline-stage",
                        ImportTextId::MegVirtualStageNotDivide, {*lpv, pp, *layers});
            else
                f.plan.vpp.set(static_cast<int>(*layers / perRank),
                               "--num-layers-per-virtual-pipeline-stage");
        }
    } else {
        f.plan.vpp.set(1, "--num-layers-per-virtual-pipeline-stage",
                       fieldNote(ImportTextId::FieldAbsentNoInterleaving), Origin::ToolDefault);
    }
    {
        // Uneven pipeline splits (Megatron-LM arguments.py; Megatron-DeepSpeed's
        // --pp-partition-method, the PipelineModule partition_method). pipelineChunks checks them.
        PipelineLayout layout;
        std::string keys;
        auto key = [&keys](const char* k) { keys += (keys.empty() ? "" : ", ") + std::string(k); };
        if (auto v = a.integer("--decoder-first-pipeline-num-layers", 1, 1'000'000)) {
            layout.firstStageLayers = static_cast<int>(*v);
            key("--decoder-first-pipeline-num-layers");
        }
        if (auto v = a.integer("--decoder-last-pipeline-num-layers", 1, 1'000'000)) {
            layout.lastStageLayers = static_cast<int>(*v);
            key("--decoder-last-pipeline-num-layers");
        }
        if (a.flag("--account-for-embedding-in-pipeline-split")) {
            layout.embeddingAsLayer = true;
            key("--account-for-embedding-in-pipeline-split");
        }
        if (a.flag("--account-for-loss-in-pipeline-split")) {
            layout.lossAsLayer = true;
            key("--account-for-loss-in-pipeline-split");
        }
        if (auto v = a.string("--pipeline-model-parallel-layout")) {
            layout.layout = *v;
            key("--pipeline-model-parallel-layout");
            // Megatron sets vpp from the layout when it is not given (transformer_config.py).
            const ParsedMegatronLayout parsed = parseMegatronLayout(*v);
            const int pp = f.plan.pp.has() ? *f.plan.pp : 1;
            if (!f.plan.vpp.has() || f.plan.vpp.origin != Origin::Explicit) {
                if (parsed.error.empty() && pp > 0 &&
                    parsed.stages.size() % static_cast<std::size_t>(pp) == 0)
                    f.plan.vpp.set(static_cast<int>(parsed.stages.size()) / pp,
                                   "--pipeline-model-parallel-layout");
            }
        }
        if (auto v = a.string("--pp-partition-method")) {
            if (deepspeed) {
                layout.partitionMethod = *v;
                key("--pp-partition-method");
            } else {
                f.warning("--pp-partition-method", ImportTextId::MegDeepSpeedFlagIgnored);
            }
        }
        if (!layout.isDefault()) f.plan.pipeline.set(layout, keys);
    }
    const bool sp = a.flag("--sequence-parallel");
    f.plan.sequenceParallel.set(sp, "--sequence-parallel", sp ? ImportText() : absentNote(),
                                sp ? Origin::Explicit : Origin::ToolDefault);
    detail::readMoeCommunication(a, f);
    detail::readDropout(a, f);
    const bool overlap = a.flag("--tp-comm-overlap");
    f.plan.tpCommOverlap.set(overlap, "--tp-comm-overlap", overlap ? ImportText() : absentNote(),
                             overlap ? Origin::Explicit : Origin::ToolDefault);
    if (deepspeed) {
        if (auto stage = a.integer("--zero-stage", 0, 3))
            f.plan.zeroStage.set(static_cast<int>(*stage), "--zero-stage");
        if (a.flag("--use-distributed-optimizer"))
            f.warning("--use-distributed-optimizer", ImportTextId::MegDistOptWithDeepSpeed);
    } else if (a.flag("--use-megatron-fsdp") || a.flag("--use-custom-fsdp")) {
        detail::readMegatronFsdp(a, f);
        for (const char* flag : {"--zero-stage", "--deepspeed_config", "--deepspeed-config"})
            if (args.values.count(flag)) f.warning(flag, ImportTextId::MegDeepSpeedFlagIgnored);
    } else {
        const bool distOpt = a.flag("--use-distributed-optimizer");
        f.plan.zeroStage.set(distOpt ? 1 : 0, "--use-distributed-optimizer",
                             distOpt ? ImportText() : absentNote(),
                             distOpt ? Origin::Explicit : Origin::ToolDefault);
        for (const char* flag : {"--zero-stage", "--deepspeed_config", "--deepspeed-config"})
            if (args.values.count(flag)) f.warning(flag, ImportTextId::MegDeepSpeedFlagIgnored);
        if (args.values.count("--data-parallel-sharding-strategy"))
            f.warning("--data-parallel-sharding-strategy", ImportTextId::MegFsdpOnly);
    }
    if (a.flag("--optimizer-cpu-offload") || a.flag("--cpu-optimizer"))
        f.warning(a.flag("--optimizer-cpu-offload") ? "--optimizer-cpu-offload" : "--cpu-optimizer",
                  ImportTextId::MegCpuOptimizer);
    if (a.flag("--use-torch-fsdp2")) f.warning("--use-torch-fsdp2", ImportTextId::MegTorchFsdp2);

    // Recompute.
    if (auto g = a.string("--recompute-granularity")) {
        if (*g == "full") {
            f.plan.recompute.set(Recompute::Full, "--recompute-granularity");
            detail::readPartialRecompute(a, f);
        } else if (*g == "selective")
            f.plan.recompute.set(Recompute::Selective, "--recompute-granularity");
        else
            f.error("--recompute-granularity", IssueId::NotOneOf, {*g, "full, selective"});
    } else if (a.flag("--recompute-activations")) {
        f.plan.recompute.set(Recompute::Selective, "--recompute-activations");
    } else {
        f.plan.recompute.set(Recompute::None, "--recompute-granularity",
                             fieldNote(ImportTextId::FieldAbsentNoRecompute), Origin::ToolDefault);
    }
    detail::readRecomputeModules(args, f);

    // Batch, steps, precision, optimizer.
    setInt("--micro-batch-size", f.plan.microBatch, 1, 1'000'000);
    if (auto g = a.integer("--global-batch-size", 1, 1'000'000'000LL))
        f.training.globalBatch.set(*g, "--global-batch-size");
    if (args.values.count("--rampup-batch-size"))
        f.warning("--rampup-batch-size", ImportTextId::MegRampup);
    if (auto it = a.integer("--train-iters", 1, 1'000'000'000'000LL))
        f.training.trainSteps.set(*it, "--train-iters");
    if (auto ts = a.integer("--train-samples", 1, 1'000'000'000'000'000LL))
        f.training.trainSamples.set(*ts, "--train-samples");
    const bool bf16 = a.flag("--bf16"), fp16 = a.flag("--fp16");
    const auto fp8 = a.string("--fp8-format");
    if (bf16 && fp16) f.error("--fp16", ImportTextId::MegFp16AndBf16);
    if (fp8) {
        if (*fp8 != "e4m3" && *fp8 != "hybrid")
            f.error("--fp8-format", IssueId::NotOneOf, {*fp8, "e4m3, hybrid"});
        else
            f.training.precision.set(Precision::Fp8, "--fp8-format");
        if (!bf16 && !fp16) f.warning("--fp8-format", ImportTextId::MegFp8WithoutBf16);
    } else if (bf16) {
        f.training.precision.set(Precision::Bf16, "--bf16");
    } else if (fp16) {
        f.training.precision.set(Precision::Fp16, "--fp16");
    } else if (!deepspeed) {
        f.training.precision.set(Precision::Fp32, "--bf16 / --fp16", absentNote("fp32"),
                                 Origin::ToolDefault);
    }
    if (!fp8)
        for (const char* flag :
             {"--fp8-recipe", "--fp8-margin", "--fp8-amax-history-len", "--fp8-amax-compute-algo"})
            if (args.values.count(flag)) {
                f.warning(flag, ImportTextId::MegFp8Off);
                break;
            }
    if (auto opt = a.string("--optimizer")) {
        if (*opt == "adam")
            f.training.optimizer.set(Optimizer::AdamW, "--optimizer",
                                     fieldNote(ImportTextId::FieldAdamDecouples));
        else if (*opt == "sgd")
            f.training.optimizer.set(Optimizer::SgdMomentum, "--optimizer");
        else
            f.warning("--optimizer", ImportTextId::TtOptimizerAsAdam, {*opt});
    }
    vocabFromTokenizer(args, a, f, setInt);
    if (auto backend = a.string("--attention-backend")) {
        // Megatron-Core AttnBackend: flash = the flash-attn package through Transformer Engine,
        // fused = cuDNN fused attention, auto = Transformer Engine's choice, unfused/local = the
        // attention matrix is materialised.
        if (*backend == "flash") {
            f.training.flashAttention.set(true, "--attention-backend");
            f.training.attentionKernel.set(AttentionKernel::Flash2, "--attention-backend");
        } else if (*backend == "fused") {
            f.training.flashAttention.set(true, "--attention-backend");
            f.training.attentionKernel.set(AttentionKernel::Fused, "--attention-backend");
        } else if (*backend == "auto") {
            f.training.flashAttention.set(true, "--attention-backend");
        } else if (*backend == "unfused" || *backend == "local") {
            f.training.flashAttention.set(false, "--attention-backend");
        } else {
            f.error("--attention-backend", IssueId::NotOneOf,
                    {*backend, "flash, fused, unfused, local, auto"});
        }
    } else if (a.flag("--use-flash-attn")) {
        f.training.flashAttention.set(true, "--use-flash-attn");
    }
    // The loss: unfused unless --cross-entropy-loss-fusion (a store_true flag in Megatron-LM's
    // arguments.py); --cross-entropy-fusion-impl picks the fused kernel, native by default, which
    // is the scenario's auto. Megatron-DeepSpeed runs its loss under DeepSpeed's stack.
    if (f.plan.framework.has() && *f.plan.framework != Framework::Megatron) return f;
    if (!a.flag("--cross-entropy-loss-fusion")) {
        f.training.crossEntropy.set(CrossEntropy::Unfused, "--cross-entropy-loss-fusion");
    } else if (auto impl = a.string("--cross-entropy-fusion-impl"); !impl || *impl == "native") {
        f.training.crossEntropy.set(CrossEntropy::Auto, "--cross-entropy-loss-fusion");
    } else if (*impl == "te") {
        f.training.crossEntropy.set(CrossEntropy::Te, "--cross-entropy-fusion-impl");
    } else {
        f.training.crossEntropy.set(CrossEntropy::Auto, "--cross-entropy-fusion-impl");
        f.warning("--cross-entropy-fusion-impl", ImportTextId::MegCrossEntropyImpl, {*impl});
    }
    return f;
}

} // namespace trainplan::model::io
