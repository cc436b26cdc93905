#include <trainplan/model/io/megatron_args.h>

#include <trainplan/model/pipeline_layout.h>

#include <trainplan/model/io/launcher.h>
#include <trainplan/model/io/shell_script.h>

#include "json_keys.h"
#include "megatron_attention_args.h"
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
using detail::ParsedArgs;

// Every flag TrainPlan knows. Mapped flags are interpreted below; Note flags change performance
// in ways the estimate does not model; Silent flags do not matter for planning (data, logging,
// hyper-parameters). Value arity: 0 = switch, 1 = one value, 2 = one or more values.
const std::vector<ArgSpec>& megatronFlags() {
    static const std::vector<ArgSpec> specs = [] {
        std::vector<ArgSpec> v;
        auto mapped = [&](std::initializer_list<const char*> names, int arity) {
            for (auto n : names)
                v.push_back({n, arity, ArgUse::Mapped, ""});
        };
        auto note = [&](const char* n, int arity, const char* why) {
            v.push_back({n, arity, ArgUse::Note, why});
        };
        auto silent = [&](std::initializer_list<const char*> names, int arity) {
            for (auto n : names)
                v.push_back({n, arity, ArgUse::Silent, ""});
        };
        mapped({"--num-layers",
                "--hidden-size",
                "--num-attention-heads",
                "--ffn-hidden-size",
                "--kv-channels",
                "--num-query-groups",
                "--seq-length",
                "--position-embedding-type",
                "--vocab-size",
                "--tensor-model-parallel-size",
                "--pipeline-model-parallel-size",
                "--num-layers-per-virtual-pipeline-stage",
                "--num-virtual-stages-per-pipeline-rank",
                "--context-parallel-size",
                "--expert-model-parallel-size",
                "--micro-batch-size",
                "--global-batch-size",
                "--recompute-granularity",
                "--num-experts",
                "--moe-router-topk",
                "--moe-ffn-hidden-size",
                "--moe-shared-expert-intermediate-size",
                "--moe-layer-freq",
                "--moe-expert-capacity-factor",
                "--fp8-format",
                "--optimizer",
                "--train-iters",
                "--train-samples",
                "--attention-backend",
                "--zero-stage",
                "--deepspeed_config",
                "--deepspeed-config",
                "--q-lora-rank",
                "--kv-lora-rank",
                "--qk-head-dim",
                "--qk-pos-emb-head-dim",
                "--v-head-dim",
                "--mtp-num-layers",
                "--window-size",
                "--window-attn-skip-freq"},
               1);
        mapped({"--group-query-attention", "--swiglu", "--untie-embeddings-and-output-weights",
                "--use-rotary-position-embeddings", "--no-position-embedding",
                "--sequence-parallel", "--use-distributed-optimizer", "--recompute-activations",
                "--bf16", "--fp16", "--tp-comm-overlap", "--use-flash-attn", "--deepspeed",
                "--no-pipeline-parallel", "--multi-latent-attention", "--optimizer-cpu-offload",
                "--cpu-optimizer", "--use-torch-fsdp2", "--use-custom-fsdp"},
               0);
        mapped({"--rampup-batch-size"}, 2);
        mapped({"--recompute-method", "--recompute-num-layers"}, 1);
        note("--overlap-grad-reduce", 0,
             "the estimate assumes data-parallel gradient reduction overlaps the backward pass");
        note("--overlap-param-gather", 0,
             "the estimate assumes the distributed optimizer's parameter all-gather overlaps");
        note("--align-grad-reduce", 0, "not modelled");
        note("--align-param-gather", 0, "not modelled");
        note("--defer-embedding-wgrad-compute", 0, "not modelled");
        note("--tp-comm-overlap-cfg", 1, "not modelled (the overlap itself is --tp-comm-overlap)");
        note("--moe-grouped-gemm", 0, "expert GEMM efficiency is not modelled separately");
        note("--moe-token-dispatcher-type", 1,
             "all-to-all dispatch is modelled whatever the dispatcher");
        note("--moe-router-load-balancing-type", 2, "routing is modelled as perfectly balanced");
        note("--moe-permute-fusion", 0, "not modelled");
        note("--moe-pad-expert-input-to-capacity", 0, "not modelled");
        note("--moe-token-drop-policy", 1, "not modelled");
        note("--moe-layer-recompute", 0, "not modelled");
        note("--expert-tensor-parallel-size", 1,
             "expert weights are modelled as split by tp like the dense layers");
        mapped({"--decoder-first-pipeline-num-layers", "--decoder-last-pipeline-num-layers",
                "--pipeline-model-parallel-layout", "--pp-partition-method"},
               1);
        mapped(
            {"--account-for-embedding-in-pipeline-split", "--account-for-loss-in-pipeline-split"},
            0);
        note("--use-precision-aware-optimizer", 0, "optimizer state precision is modelled as fp32");
        note("--main-grads-dtype", 1, "gradient precision is modelled as fp32 main grads");
        note("--main-params-dtype", 1, "master weights are modelled as fp32");
        note("--exp-avg-dtype", 1, "optimizer states are modelled as fp32");
        note("--exp-avg-sq-dtype", 1, "optimizer states are modelled as fp32");
        note("--fp8-param-gather", 0, "fp8 parameter all-gather is not modelled");
        note("--ddp-bucket-size", 1, "the estimate uses its own bucket model");
        note("--num-distributed-optimizer-instances", 1,
             "the distributed optimizer is modelled as sharded over all dp ranks");
        note("--cp-comm-type", 2, "context parallelism is modelled as ring attention (p2p)");
        note("--hierarchical-context-parallel-sizes", 2,
             "context parallelism is modelled as one ring");
        note("--data-parallel-sharding-strategy", 1, "not modelled");
        note("--deepspeed-activation-checkpointing", 0,
             "DeepSpeed's checkpointing is configured in ds_config.json");
        note("--cpu-offloading", 0, "activation offload is not modelled");
        note("--cpu-offloading-num-layers", 1, "activation offload is not modelled");
        note("--empty-unused-memory-level", 1, "not modelled");
        note("--cross-entropy-loss-fusion", 0, "not modelled");
        note("--fp8-wgrad", 0, "not modelled");
        note("--first-last-layers-bf16", 0, "fp8 is modelled on every layer");
        silent({"--lr",
                "--min-lr",
                "--lr-decay-style",
                "--lr-decay-iters",
                "--lr-decay-samples",
                "--lr-warmup-iters",
                "--lr-warmup-fraction",
                "--lr-warmup-samples",
                "--lr-warmup-init",
                "--weight-decay",
                "--start-weight-decay",
                "--end-weight-decay",
                "--weight-decay-incr-style",
                "--clip-grad",
                "--adam-beta1",
                "--adam-beta2",
                "--adam-eps",
                "--sgd-momentum",
                "--init-method-std",
                "--attention-dropout",
                "--hidden-dropout",
                "--data-cache-path",
                "--vocab-file",
                "--merge-file",
                "--tokenizer-type",
                "--tokenizer-model",
                "--split",
                "--log-interval",
                "--save-interval",
                "--eval-interval",
                "--eval-iters",
                "--save",
                "--load",
                "--pretrained-checkpoint",
                "--tensorboard-dir",
                "--tensorboard-queue-size",
                "--wandb-project",
                "--wandb-exp-name",
                "--wandb-save-dir",
                "--normalization",
                "--norm-epsilon",
                "--rotary-base",
                "--rotary-percent",
                "--rotary-seq-len-interpolation-factor",
                "--rope-scaling-factor",
                "--make-vocab-size-divisible-by",
                "--max-position-embeddings",
                "--transformer-impl",
                "--seed",
                "--distributed-backend",
                "--local-rank",
                "--local_rank",
                "--ckpt-format",
                "--dist-ckpt-format",
                "--exit-interval",
                "--exit-duration-in-mins",
                "--loss-scale",
                "--initial-loss-scale",
                "--min-loss-scale",
                "--loss-scale-window",
                "--hysteresis",
                "--num-workers",
                "--dataloader-type",
                "--timing-log-level",
                "--profile-step-start",
                "--profile-step-end",
                "--distributed-timeout-minutes",
                "--manual-gc-interval",
                "--tokenizer-prompt-format",
                "--num-dataset-builder-threads",
                "--fp8-recipe",
                "--fp8-margin",
                "--fp8-amax-history-len",
                "--fp8-amax-compute-algo",
                "--fp8-interval",
                "--object-storage-cache-path",
                "--data-args-path",
                "--per-split-data-args-path",
                "--tiktoken-pattern",
                "--moe-aux-loss-coeff",
                "--moe-z-loss-coeff",
                "--moe-router-dtype",
                "--moe-router-score-function",
                "--moe-router-topk-scaling-factor",
                "--moe-router-num-groups",
                "--moe-router-group-topk",
                "--moe-router-bias-update-rate",
                "--moe-input-jitter-eps",
                "--eval-iters",
                "--log-throughput-interval",
                "--rotary-scaling-factor",
                "--tensorboard-log-interval",
                "--async-strategy",
                "--ckpt-convert-format",
                "--ckpt-convert-save",
                "--non-persistent-save-interval",
                "--non-persistent-ckpt-type",
                "--logging-level",
                "--tokenizer-hf-include-special-tokens",
                "--sft-tokenizer-prompt-format",
                "--mmap-bin-files",
                "--s3-cache-path",
                "--retro-project-dir",
                "--wandb-entity",
                "--mscale",
                "--mscale-all-dim",
                "--mtp-loss-scaling-factor"},
               1);
        silent({"--data-path", "--train-data-path", "--valid-data-path", "--test-data-path",
                "--spec", "--profile-ranks"},
               2);
        silent({"--use-mcore-models",
                "--use-legacy-models",
                "--disable-bias-linear",
                "--add-bias-linear",
                "--add-qkv-bias",
                "--qk-layernorm",
                "--apply-layernorm-1p",
                "--rotary-interleaved",
                "--use-rope-scaling",
                "--no-masked-softmax-fusion",
                "--no-bias-gelu-fusion",
                "--no-bias-swiglu-fusion",
                "--no-bias-dropout-fusion",
                "--no-rope-fusion",
                "--no-persist-layer-norm",
                "--masked-softmax-fusion",
                "--attention-softmax-in-fp32",
                "--apply-query-key-layer-scaling",
                "--no-load-optim",
                "--no-load-rng",
                "--finetune",
                "--async-save",
                "--use-dist-ckpt",
                "--auto-detect-ckpt-format",
                "--exit-signal-handler",
                "--use-checkpoint-args",
                "--no-save-optim",
                "--no-save-rng",
                "--ckpt-fully-parallel-save",
                "--ckpt-fully-parallel-load",
                "--ckpt-assume-constant-structure",
                "--check-for-nan-in-loss-and-grad",
                "--reset-position-ids",
                "--reset-attention-mask",
                "--eod-mask-loss",
                "--no-create-attention-mask-in-dataloader",
                "--profile",
                "--use-pytorch-profiler",
                "--record-memory-history",
                "--log-timers-to-tensorboard",
                "--log-validation-ppl-to-tensorboard",
                "--log-memory-to-tensorboard",
                "--log-throughput",
                "--log-params-norm",
                "--log-num-zeros-in-grad",
                "--mock-data",
                "--manual-gc",
                "--init-method-xavier-uniform",
                "--accumulate-allreduce-grads-in-fp32",
                "--no-gradient-accumulation-fusion",
                "--gradient-accumulation-fusion",
                "--calculate-per-token-loss",
                "--use-cpu-initialization",
                "--bias-swiglu-fusion",
                "--bias-gelu-fusion",
                "--moe-router-enable-expert-bias",
                "--moe-router-pre-softmax",
                "--no-async-tensor-model-parallel-allreduce",
                "--no-ckpt-fully-parallel-save",
                "--log-loss-scale-to-tensorboard",
                "--log-world-size-to-tensorboard",
                "--no-mmap-bin-files",
                "--ddp-average-in-collective",
                "--use-distributed-optimizer-for-embedding",
                "--log-progress",
                "--no-check-for-nan-in-loss-and-grad",
                "--deterministic-mode",
                "--use-ring-exchange-p2p",
                "--barrier-with-L1-time",
                "--legacy-tokenizer",
                "--tp-comm-bulk-wgrad",
                "--tp-comm-bulk-dgrad",
                "--no-tp-comm-overlap-ag",
                "--no-tp-comm-overlap-rs",
                "--no-tp-comm-bulk-dgrad",
                "--no-tp-comm-bulk-wgrad",
                "--squared-relu",
                "--openai-gelu",
                "--onnx-safe",
                "--bert-no-binary-head"},
               0);
        return v;
    }();
    return specs;
}

std::string joinFlags(const std::vector<std::string>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size() && i < 20; ++i)
        out += (i ? ", " : "") + v[i];
    if (v.size() > 20) out += ", …";
    return out;
}

// Parses `--moe-layer-freq`: an int N (every N-th layer), or a pattern "([0]*K+[1]*M)" / a
// literal list "[0,0,1,1,…]" of dense (0) and MoE (1) layers.
bool parseLayerFreq(const std::string& text, int layers, int& interval, int& firstDense,
                    std::string& why) {
    long long n = 0;
    if (detail::parseInteger(text, n)) {
        if (n < 1 || n > 1'000'000) {
            why = "must be at least 1";
            return false;
        }
        interval = static_cast<int>(n);
        firstDense = 0;
        return true;
    }
    const auto list = detail::evaluateLayerPattern(text, why);
    if (!list) return false;
    std::vector<int> pattern;
    for (long long v : *list) {
        if (v != 0 && v != 1) {
            why = "list items must be 0 (dense) or 1 (MoE)";
            return false;
        }
        pattern.push_back(static_cast<int>(v));
    }
    if (layers > 0 && static_cast<int>(pattern.size()) != layers) {
        why = "lists " + std::to_string(pattern.size()) + " layers but --num-layers is " +
              std::to_string(layers);
        return false;
    }
    int lead = 0;
    while (lead < static_cast<int>(pattern.size()) && pattern[static_cast<std::size_t>(lead)] == 0)
        ++lead;
    if (lead == static_cast<int>(pattern.size())) {
        why = "has no MoE layer";
        return false;
    }
    int next = lead + 1;
    while (next < static_cast<int>(pattern.size()) && pattern[static_cast<std::size_t>(next)] == 0)
        ++next;
    const int period = next < static_cast<int>(pattern.size()) ? next - lead : 1;
    for (int i = lead; i < static_cast<int>(pattern.size()); ++i) {
        if ((pattern[static_cast<std::size_t>(i)] == 1) != ((i - lead) % period == 0)) {
            why = "is not a regular pattern (leading dense layers, then every N-th layer MoE)";
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
            f.warning("--tokenizer-type",
                      "'" + *type +
                          "' reads its vocabulary from a file TrainPlan does not read: "
                          "give --vocab-size, or import the model's config.json");
        return; // a Hugging Face tokenizer: the model's config.json or the catalog gives it
    } else {
        return;
    }
    Field<int> divisible;
    if (!setInt("--make-vocab-size-divisible-by", divisible, 1, 1'000'000))
        divisible.set(128, "--make-vocab-size-divisible-by (absent: 128)", Origin::ToolDefault);
    const long long tp = f.plan.tp.has() ? *f.plan.tp : 1;
    const long long padded = paddedVocab(original, *divisible, tp);
    f.model.vocab.set(static_cast<int>(padded), from + ", padded", Origin::Explicit);
    f.note("--vocab-file", "vocabulary " + std::to_string(original) + " tokens from " + from +
                               ", padded to " + std::to_string(padded) +
                               " = a multiple of --make-vocab-size-divisible-by " +
                               std::to_string(*divisible) + " × tensor parallel " +
                               std::to_string(tp) + " (Megatron's vocab_size_with_padding)");
}

// Megatron-LM's full-granularity methods (megatron/core/transformer/transformer_block.py,
// _checkpointed_forward): "block" checkpoints the first --recompute-num-layers layers of each
// pipeline chunk and runs the others without recompute; "uniform" checkpoints every group of
// --recompute-num-layers layers, so every layer is recomputed.
void readPartialRecompute(detail::ArgReader& a, ImportedFields& f) {
    const std::optional<std::string> method = a.string("--recompute-method");
    const std::optional<long long> layers = a.integer("--recompute-num-layers", 1, 1'000'000);
    if (!method) return;
    if (*method == "block") {
        if (!layers) {
            f.error("--recompute-num-layers",
                    "--recompute-method block needs the number of layers to recompute per "
                    "pipeline chunk");
            return;
        }
        f.plan.recomputeLayers.set(static_cast<int>(*layers),
                                   "--recompute-method block --recompute-num-layers");
    } else if (*method == "uniform") {
        if (layers && *layers > 1)
            f.note("--recompute-num-layers",
                   "uniform groups of " + std::to_string(*layers) +
                       " layers recompute every layer; the model keeps one input per layer "
                       "rather than per group (a slight over-estimate of memory)");
    } else {
        f.error("--recompute-method", "'" + *method + "' is not one of uniform, block");
    }
}

ImportedFields importMegatronArgs(std::string_view text, std::string_view fileName) {
    ImportedFields f;
    f.file = std::string(fileName);
    f.kind = FileKind::MegatronArgs;
    if (detail::looksBinary(text)) {
        f.error("", "is a binary file, not a Megatron-LM launch script");
        return f;
    }
    const ShellScript script = parseShellScript(text);
    for (const auto& p : script.problems)
        f.error("", "shell syntax: " + p + " (nothing after it can be read reliably)");

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
        f.warning("", std::to_string(pretrainCommands) +
                          " pretrain_*.py commands found; reading the first (line " +
                          std::to_string(cmd->line) + ")");
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
        f.error(
            "",
            "no Megatron-LM launch found (a pretrain_gpt.py command line or Megatron flags such as "
            "--tensor-model-parallel-size)");
        return f;
    }
    f.plan.framework.set(Framework::Megatron, "pretrain_*.py (Megatron-LM)");

    ParsedArgs args = detail::parseArgs(cmd->words, start, megatronFlags());
    if (!args.unknown.empty())
        f.warning(
            args.unknown.front(),
            "unknown flag" + std::string(args.unknown.size() > 1 ? "s" : "") +
                " ignored (not Megatron-LM flags TrainPlan knows): " + joinFlags(args.unknown));
    if (!args.positional.empty())
        f.warning("", "unexpected argument" + std::string(args.positional.size() > 1 ? "s" : "") +
                          " ignored: " + joinFlags(args.positional));
    for (const auto& [flag, message] : args.problems)
        f.error(flag, message);
    for (const auto& spec : megatronFlags())
        if (spec.use == ArgUse::Note && args.values.count(spec.name))
            f.note(std::string(spec.name), std::string(spec.note));

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
    f.model.ffn.set(swiglu ? FfnKind::SwiGlu : FfnKind::Gelu,
                    swiglu ? "--swiglu" : "--swiglu (absent: GeLU MLP)",
                    swiglu ? Origin::Explicit : Origin::ToolDefault);
    if (!setInt("--ffn-hidden-size", f.model.ffnHidden, 1, 16'000'000) && hidden) {
        // Megatron's default: 4h, or for SwiGLU 2/3 of that rounded down to a multiple of 64.
        const long long def = swiglu ? (4LL * *hidden * 2 / 3) / 64 * 64 : 4LL * *hidden;
        f.model.ffnHidden.set(static_cast<int>(def),
                              "--ffn-hidden-size (absent: Megatron's default)",
                              Origin::ToolDefault);
    }
    if (!setInt("--kv-channels", f.model.headDim, 1, 1'000'000) && hidden && heads) {
        if (*hidden % *heads != 0)
            f.error("--num-attention-heads",
                    std::to_string(*heads) + " does not divide --hidden-size " +
                        std::to_string(*hidden) + " and --kv-channels is not given");
        f.model.headDim.set(*hidden / *heads, "--kv-channels (absent: hidden/heads)",
                            Origin::ToolDefault);
    }
    const bool gqa = a.flag("--group-query-attention");
    if (a.flag("--multi-latent-attention")) {
        // MLA's up projections make a key and a value for every head (Megatron-Core
        // MLASelfAttention linear_kv_up_proj): query groups do not apply.
        if (heads)
            f.model.kvHeads.set(*heads, "--multi-latent-attention (a key and a value per head)");
        for (const char* flag : {"--group-query-attention", "--num-query-groups"})
            if (args.values.count(flag))
                f.warning(flag, "is not used with --multi-latent-attention, which has a key and a "
                                "value per head");
    } else if (gqa) {
        if (!setInt("--num-query-groups", f.model.kvHeads, 1, 1'000'000))
            f.error("--num-query-groups", "is required with --group-query-attention");
        else if (heads && *heads % *f.model.kvHeads != 0)
            f.error("--num-query-groups", std::to_string(*f.model.kvHeads) +
                                              " does not divide --num-attention-heads " +
                                              std::to_string(*heads));
    } else {
        if (args.values.count("--num-query-groups"))
            f.warning("--num-query-groups",
                      "is ignored by Megatron without --group-query-attention");
        if (heads)
            f.model.kvHeads.set(*heads, "--group-query-attention (absent: one KV head per head)",
                                Origin::ToolDefault);
    }
    setInt("--seq-length", f.model.seqLen, 1, 1'000'000'000);
    setInt("--vocab-size", f.model.vocab, 1, 100'000'000);
    const bool untie = a.flag("--untie-embeddings-and-output-weights");
    f.model.tiedEmbeddings.set(
        !untie,
        untie ? "--untie-embeddings-and-output-weights"
              : "--untie-embeddings-and-output-weights (absent: Megatron ties them)",
        untie ? Origin::Explicit : Origin::ToolDefault);
    if (auto pos = a.string("--position-embedding-type")) {
        if (*pos == "learned_absolute")
            f.model.positionEmbedding.set(PositionEmbedding::Learned, "--position-embedding-type");
        else if (*pos == "rope" || *pos == "mrope" || *pos == "yarn" || *pos == "relative" ||
                 *pos == "none")
            f.model.positionEmbedding.set(PositionEmbedding::None, "--position-embedding-type");
        else
            f.error("--position-embedding-type",
                    "'" + *pos +
                        "' is not one of learned_absolute, rope, mrope, yarn, relative, none");
    } else if (a.flag("--use-rotary-position-embeddings") || a.flag("--no-position-embedding")) {
        f.model.positionEmbedding.set(PositionEmbedding::None,
                                      a.flag("--no-position-embedding")
                                          ? "--no-position-embedding"
                                          : "--use-rotary-position-embeddings");
    } else {
        f.model.positionEmbedding.set(PositionEmbedding::Learned,
                                      "--position-embedding-type (absent: learned_absolute)",
                                      Origin::ToolDefault);
    }
    detail::readLatentAttention(args, a, f);
    detail::readSlidingWindow(args, a, layers, f);
    // Multi-token prediction modules (Megatron-LM --mtp-num-layers, default None: none).
    if (!setInt("--mtp-num-layers", f.model.mtpLayers, 0, 1'000))
        f.model.mtpLayers.set(0, "--mtp-num-layers (absent: none)", Origin::ToolDefault);

    // Mixture of experts.
    if (auto experts = setInt("--num-experts", f.model.experts, 1, 1'000'000)) {
        if (!setInt("--moe-router-topk", f.model.topK, 1, 1'000'000))
            f.model.topK.set(2, "--moe-router-topk (absent: 2)", Origin::ToolDefault);
        if (*f.model.topK > *experts)
            f.error("--moe-router-topk", std::to_string(*f.model.topK) + " exceeds --num-experts " +
                                             std::to_string(*experts));
        if (!setInt("--moe-ffn-hidden-size", f.model.expertFfnHidden, 1, 16'000'000) &&
            f.model.ffnHidden.has())
            f.model.expertFfnHidden.set(*f.model.ffnHidden,
                                        "--moe-ffn-hidden-size (absent: --ffn-hidden-size)",
                                        Origin::ToolDefault);
        if (auto shared = a.integer("--moe-shared-expert-intermediate-size", 1, 1'000'000'000)) {
            const int width = f.model.expertFfnHidden.has() ? *f.model.expertFfnHidden : 0;
            if (width > 0 && *shared % width == 0)
                f.model.sharedExperts.set(static_cast<int>(*shared / width),
                                          "--moe-shared-expert-intermediate-size");
            else
                f.error("--moe-shared-expert-intermediate-size",
                        std::to_string(*shared) + " is not a multiple of the expert width " +
                            std::to_string(width) +
                            " (TrainPlan models shared experts as whole experts)");
        } else {
            f.model.sharedExperts.set(0, "--moe-shared-expert-intermediate-size (absent)",
                                      Origin::ToolDefault);
        }
        if (auto freq = a.string("--moe-layer-freq")) {
            int interval = 1, firstDense = 0;
            std::string why;
            if (parseLayerFreq(*freq, layers.value_or(0), interval, firstDense, why)) {
                f.model.moeInterval.set(interval, "--moe-layer-freq");
                f.model.firstDenseLayers.set(firstDense, "--moe-layer-freq");
            } else {
                f.error("--moe-layer-freq",
                        "'" + (freq->size() > 60 ? freq->substr(0, 60) + "…" : *freq) + "' " + why);
            }
        } else {
            f.model.moeInterval.set(1, "--moe-layer-freq (absent: 1)", Origin::ToolDefault);
            f.model.firstDenseLayers.set(0, "--moe-layer-freq (absent: 1)", Origin::ToolDefault);
        }
        if (auto cf = a.number("--moe-expert-capacity-factor", 0.01, 1000.0))
            f.model.capacityFactor.set(*cf, "--moe-expert-capacity-factor");
    } else {
        for (const char* flag :
             {"--moe-router-topk", "--moe-ffn-hidden-size", "--moe-shared-expert-intermediate-size",
              "--moe-layer-freq", "--moe-expert-capacity-factor"})
            if (args.values.count(flag)) f.warning(flag, "is ignored without --num-experts");
        if (args.values.count("--expert-model-parallel-size") == 0)
            f.model.experts.set(0, "--num-experts (absent: dense)", Origin::ToolDefault);
    }

    // Parallel layout.
    const bool deepspeed = a.flag("--deepspeed");
    if (deepspeed) f.plan.framework.set(Framework::DeepSpeed, "--deepspeed (Megatron-DeepSpeed)");
    if (!setInt("--tensor-model-parallel-size", f.plan.tp, 1, 1'000'000))
        f.plan.tp.set(1, "--tensor-model-parallel-size (absent: 1)", Origin::ToolDefault);
    if (a.flag("--no-pipeline-parallel"))
        f.plan.pp.set(1, "--no-pipeline-parallel");
    else if (!setInt("--pipeline-model-parallel-size", f.plan.pp, 1, 1'000'000))
        f.plan.pp.set(1, "--pipeline-model-parallel-size (absent: 1)", Origin::ToolDefault);
    if (!setInt("--context-parallel-size", f.plan.cp, 1, 1'000'000))
        f.plan.cp.set(1, "--context-parallel-size (absent: 1)", Origin::ToolDefault);
    if (!setInt("--expert-model-parallel-size", f.plan.ep, 1, 1'000'000))
        f.plan.ep.set(1, "--expert-model-parallel-size (absent: 1)", Origin::ToolDefault);
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
                        std::to_string(*lpv) + " × pipeline size " + std::to_string(pp) +
                            " does not divide --num-layers " + std::to_string(*layers));
            else
                f.plan.vpp.set(static_cast<int>(*layers / perRank),
                               "--num-layers-per-virtual-pipeline-stage");
        }
    } else {
        f.plan.vpp.set(1, "--num-layers-per-virtual-pipeline-stage (absent: no interleaving)",
                       Origin::ToolDefault);
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
                f.warning("--pp-partition-method",
                          "is a Megatron-DeepSpeed flag; without --deepspeed it is ignored");
            }
        }
        if (!layout.isDefault()) f.plan.pipeline.set(layout, keys);
    }
    const bool sp = a.flag("--sequence-parallel");
    f.plan.sequenceParallel.set(sp, sp ? "--sequence-parallel" : "--sequence-parallel (absent)",
                                sp ? Origin::Explicit : Origin::ToolDefault);
    const bool overlap = a.flag("--tp-comm-overlap");
    f.plan.tpCommOverlap.set(overlap, overlap ? "--tp-comm-overlap" : "--tp-comm-overlap (absent)",
                             overlap ? Origin::Explicit : Origin::ToolDefault);
    if (deepspeed) {
        if (auto stage = a.integer("--zero-stage", 0, 3))
            f.plan.zeroStage.set(static_cast<int>(*stage), "--zero-stage");
        if (a.flag("--use-distributed-optimizer"))
            f.warning("--use-distributed-optimizer",
                      "is Megatron's ZeRO-1; with --deepspeed the ZeRO stage comes from "
                      "ds_config.json / --zero-stage");
    } else {
        const bool distOpt = a.flag("--use-distributed-optimizer");
        f.plan.zeroStage.set(distOpt ? 1 : 0,
                             distOpt ? "--use-distributed-optimizer"
                                     : "--use-distributed-optimizer (absent)",
                             distOpt ? Origin::Explicit : Origin::ToolDefault);
        for (const char* flag : {"--zero-stage", "--deepspeed_config", "--deepspeed-config"})
            if (args.values.count(flag))
                f.warning(flag, "is a Megatron-DeepSpeed flag; without --deepspeed it is ignored");
    }
    if (a.flag("--optimizer-cpu-offload") || a.flag("--cpu-optimizer"))
        f.warning(a.flag("--optimizer-cpu-offload") ? "--optimizer-cpu-offload" : "--cpu-optimizer",
                  "optimizer CPU offload with Megatron is not modelled (the plan keeps the "
                  "optimizer on the GPU)");
    if (a.flag("--use-torch-fsdp2") || a.flag("--use-custom-fsdp"))
        f.warning(a.flag("--use-torch-fsdp2") ? "--use-torch-fsdp2" : "--use-custom-fsdp",
                  "Megatron's FSDP mode is not modelled: the plan is read as Megatron with the "
                  "distributed optimizer setting");

    // Recompute.
    if (auto g = a.string("--recompute-granularity")) {
        if (*g == "full") {
            f.plan.recompute.set(Recompute::Full, "--recompute-granularity");
            readPartialRecompute(a, f);
        } else if (*g == "selective")
            f.plan.recompute.set(Recompute::Selective, "--recompute-granularity");
        else
            f.error("--recompute-granularity", "'" + *g + "' is not one of full, selective");
    } else if (a.flag("--recompute-activations")) {
        f.plan.recompute.set(Recompute::Selective, "--recompute-activations");
    } else {
        f.plan.recompute.set(Recompute::None, "--recompute-granularity (absent: no recompute)",
                             Origin::ToolDefault);
    }

    // Batch, steps, precision, optimizer.
    setInt("--micro-batch-size", f.plan.microBatch, 1, 1'000'000);
    if (auto g = a.integer("--global-batch-size", 1, 1'000'000'000LL))
        f.training.globalBatch.set(*g, "--global-batch-size");
    if (args.values.count("--rampup-batch-size"))
        f.warning(
            "--rampup-batch-size",
            "batch-size ramp-up is not modelled: the estimate uses --global-batch-size throughout");
    if (auto it = a.integer("--train-iters", 1, 1'000'000'000'000LL))
        f.training.trainSteps.set(*it, "--train-iters");
    if (auto ts = a.integer("--train-samples", 1, 1'000'000'000'000'000LL))
        f.training.trainSamples.set(*ts, "--train-samples");
    const bool bf16 = a.flag("--bf16"), fp16 = a.flag("--fp16");
    const auto fp8 = a.string("--fp8-format");
    if (bf16 && fp16) f.error("--fp16", "contradicts --bf16: pass one of them");
    if (fp8) {
        if (*fp8 != "e4m3" && *fp8 != "hybrid")
            f.error("--fp8-format", "'" + *fp8 + "' is not one of e4m3, hybrid");
        else
            f.training.precision.set(Precision::Fp8, "--fp8-format");
        if (!bf16 && !fp16)
            f.warning("--fp8-format",
                      "fp8 without --bf16 keeps fp32 master compute outside the fp8 GEMMs");
    } else if (bf16) {
        f.training.precision.set(Precision::Bf16, "--bf16");
    } else if (fp16) {
        f.training.precision.set(Precision::Fp16, "--fp16");
    } else if (!deepspeed) {
        f.training.precision.set(Precision::Fp32, "--bf16 / --fp16 (absent: fp32)",
                                 Origin::ToolDefault);
    }
    if (!fp8)
        for (const char* flag :
             {"--fp8-recipe", "--fp8-margin", "--fp8-amax-history-len", "--fp8-amax-compute-algo"})
            if (args.values.count(flag)) {
                f.warning(flag, "fp8 settings without --fp8-format: fp8 is off");
                break;
            }
    if (auto opt = a.string("--optimizer")) {
        if (*opt == "adam")
            f.training.optimizer.set(Optimizer::AdamW,
                                     "--optimizer (Megatron's adam decouples weight decay: AdamW)");
        else if (*opt == "sgd")
            f.training.optimizer.set(Optimizer::SgdMomentum, "--optimizer");
        else
            f.warning("--optimizer",
                      "'" + *opt + "' is not modelled; its state is counted as Adam's");
    }
    vocabFromTokenizer(args, a, f, setInt);
    if (auto backend = a.string("--attention-backend")) {
        if (*backend == "flash" || *backend == "fused" || *backend == "auto")
            f.training.flashAttention.set(true, "--attention-backend");
        else if (*backend == "unfused" || *backend == "local")
            f.training.flashAttention.set(false, "--attention-backend");
        else
            f.error("--attention-backend",
                    "'" + *backend + "' is not one of flash, fused, unfused, local, auto");
    } else if (a.flag("--use-flash-attn")) {
        f.training.flashAttention.set(true, "--use-flash-attn");
    }
    return f;
}

std::string exportMegatronScript(const Scenario& s, const Plan& p, ImportIssues& issues) {
    const std::string file = "megatron_args.sh";
    const TransformerSpec& m = s.model;
    const bool ds = p.framework == Framework::DeepSpeed;
    std::vector<std::pair<std::string, std::string>> model, parallel, training;
    auto add = [](auto& group, std::string flag, std::string value = {}) {
        group.emplace_back(std::move(flag), std::move(value));
    };
    add(model, "--num-layers", std::to_string(m.layers));
    add(model, "--hidden-size", std::to_string(m.hidden));
    add(model, "--ffn-hidden-size", std::to_string(m.ffnHidden));
    add(model, "--num-attention-heads", std::to_string(m.heads));
    if (m.kvHeads != m.heads && !m.mla.enabled()) {
        add(model, "--group-query-attention");
        add(model, "--num-query-groups", std::to_string(m.kvHeads));
    }
    if (m.mla.enabled()) {
        add(model, "--multi-latent-attention");
        if (m.mla.qLoraRank > 0) add(model, "--q-lora-rank", std::to_string(m.mla.qLoraRank));
        add(model, "--kv-lora-rank", std::to_string(m.mla.kvLoraRank));
        add(model, "--qk-head-dim", std::to_string(m.mla.qkNopeHeadDim));
        add(model, "--qk-pos-emb-head-dim", std::to_string(m.mla.qkRopeHeadDim));
        add(model, "--v-head-dim", std::to_string(m.mla.vHeadDim));
    }
    if (m.slidingWindow.enabled()) {
        // window − 1 keys before the query (see readSlidingWindow).
        add(model, "--window-size", std::to_string(m.slidingWindow.window - 1) + ",0");
        if (m.slidingWindow.fullEvery > 0)
            add(model, "--window-attn-skip-freq", std::to_string(m.slidingWindow.fullEvery));
    }
    if (m.mtpLayers > 0) add(model, "--mtp-num-layers", std::to_string(m.mtpLayers));
    if (m.headDim > 0 && m.heads > 0 && m.headDim * m.heads != m.hidden)
        add(model, "--kv-channels", std::to_string(m.headDim));
    add(model, "--seq-length", std::to_string(m.seqLen));
    add(model, "--max-position-embeddings", std::to_string(m.seqLen));
    if (m.positionEmbedding == PositionEmbedding::Learned) {
        add(model, "--position-embedding-type", "learned_absolute");
    } else {
        add(model, "--position-embedding-type", "rope");
    }
    if (m.ffn == FfnKind::SwiGlu) {
        add(model, "--swiglu");
        add(model, "--normalization", "RMSNorm");
        add(model, "--disable-bias-linear");
    }
    if (!m.tiedEmbeddings) add(model, "--untie-embeddings-and-output-weights");
    if (m.moe.enabled()) {
        add(model, "--num-experts", std::to_string(m.moe.experts));
        add(model, "--moe-router-topk", std::to_string(m.moe.topK));
        add(model, "--moe-ffn-hidden-size", std::to_string(m.moe.expertFfnHidden));
        if (m.moe.sharedExperts > 0)
            add(model, "--moe-shared-expert-intermediate-size",
                std::to_string(static_cast<long long>(m.moe.sharedExperts) *
                               m.moe.expertFfnHidden));
        if (m.moe.firstDenseLayers > 0 || m.moe.interval > 1) {
            if (m.moe.firstDenseLayers == 0) {
                add(model, "--moe-layer-freq", std::to_string(m.moe.interval));
            } else {
                const int moeCount = m.moeLayerCount();
                std::string unit = "[1";
                for (int i = 1; i < m.moe.interval; ++i)
                    unit += ",0";
                unit += "]";
                const int rest = m.layers - m.moe.firstDenseLayers;
                if (rest % m.moe.interval == 0)
                    add(model, "--moe-layer-freq",
                        "\"([0]*" + std::to_string(m.moe.firstDenseLayers) + "+" + unit + "*" +
                            std::to_string(rest / m.moe.interval) + ")\"");
                else {
                    std::string list = "\"[";
                    for (int i = 0; i < m.layers; ++i)
                        list += std::string(i ? "," : "") + (m.isMoeLayer(i) ? "1" : "0");
                    add(model, "--moe-layer-freq", list + "]\"");
                }
                (void)moeCount;
            }
        }
        if (m.moe.capacityFactor != 1.0) {
            std::ostringstream cf;
            cf << m.moe.capacityFactor;
            add(model, "--moe-expert-capacity-factor", cf.str());
        }
        add(model, "--moe-grouped-gemm");
        add(model, "--moe-token-dispatcher-type", "alltoall");
    }

    add(parallel, "--tensor-model-parallel-size", std::to_string(p.tp));
    add(parallel, "--pipeline-model-parallel-size", std::to_string(p.pp));
    const PipelineLayout& layout = p.pipeline;
    if (p.vpp > 1 && layout.isDefault()) {
        const long long per = static_cast<long long>(p.pp) * p.vpp;
        add(parallel, "--num-layers-per-virtual-pipeline-stage",
            std::to_string(per > 0 ? m.layers / per : 1));
    } else if (p.vpp > 1 && layout.layout.empty()) {
        // Uneven stages have no single layers-per-chunk count.
        add(parallel, "--num-virtual-stages-per-pipeline-rank", std::to_string(p.vpp));
    }
    if (layout.firstStageLayers)
        add(parallel, "--decoder-first-pipeline-num-layers",
            std::to_string(*layout.firstStageLayers));
    if (layout.lastStageLayers)
        add(parallel, "--decoder-last-pipeline-num-layers",
            std::to_string(*layout.lastStageLayers));
    if (layout.embeddingAsLayer) add(parallel, "--account-for-embedding-in-pipeline-split");
    if (layout.lossAsLayer) add(parallel, "--account-for-loss-in-pipeline-split");
    if (!layout.layout.empty())
        add(parallel, "--pipeline-model-parallel-layout", "\"" + layout.layout + "\"");
    if (ds && !layout.partitionMethod.empty())
        add(parallel, "--pp-partition-method", "\"" + layout.partitionMethod + "\"");
    if (p.cp > 1) add(parallel, "--context-parallel-size", std::to_string(p.cp));
    if (p.ep > 1) add(parallel, "--expert-model-parallel-size", std::to_string(p.ep));
    if (p.sequenceParallel) add(parallel, "--sequence-parallel");
    if (p.tpCommOverlap) add(parallel, "--tp-comm-overlap");
    if (ds) {
        add(parallel, "--deepspeed");
        add(parallel, "--deepspeed_config", "\"${SCRIPT_DIR}/ds_config.json\"");
        add(parallel, "--zero-stage", std::to_string(p.zeroStage));
        if (p.pp == 1) add(parallel, "--no-pipeline-parallel");
        if (p.recompute != Recompute::None) add(parallel, "--deepspeed-activation-checkpointing");
    } else {
        if (p.zeroStage >= 1) add(parallel, "--use-distributed-optimizer");
        if (p.zeroStage >= 1) add(parallel, "--overlap-param-gather");
        add(parallel, "--overlap-grad-reduce");
    }
    if (p.recompute == Recompute::Selective) {
        add(parallel, "--recompute-granularity", "selective");
    } else if (p.recompute == Recompute::Full) {
        add(parallel, "--recompute-granularity", "full");
        if (p.recomputeLayers > 0) {
            add(parallel, "--recompute-method", "block");
            add(parallel, "--recompute-num-layers", std::to_string(p.recomputeLayers));
        } else {
            add(parallel, "--recompute-method", "uniform");
            add(parallel, "--recompute-num-layers", "1");
        }
    }

    add(training, "--micro-batch-size", std::to_string(p.microBatch));
    add(training, "--global-batch-size", std::to_string(s.training.globalBatch));
    const double tokensPerStep = static_cast<double>(s.training.globalBatch) * m.seqLen;
    if (s.training.trainTokens > 0 && tokensPerStep > 0)
        add(training, "--train-iters",
            std::to_string(
                static_cast<long long>(std::ceil(s.training.trainTokens / tokensPerStep))));
    else
        add(training, "--train-iters", "1000");
    switch (s.training.precision) {
    case Precision::Bf16:
        add(training, "--bf16");
        break;
    case Precision::Fp16:
        add(training, "--fp16");
        break;
    case Precision::Fp8:
        add(training, "--bf16");
        add(training, "--fp8-format", "hybrid");
        add(training, "--fp8-amax-history-len", "1024");
        add(training, "--fp8-amax-compute-algo", "max");
        break;
    case Precision::Fp32:
        break;
    }
    if (ds) {
        // Megatron-DeepSpeed takes the optimizer from ds_config.json.
    } else
        switch (s.training.optimizer) {
        case Optimizer::Adam:
            issues.push_back({Severity::Note, file, "--optimizer",
                              "Megatron's adam is AdamW (decoupled weight decay); written as "
                              "--optimizer adam with --weight-decay 0"});
            add(training, "--optimizer", "adam");
            break;
        case Optimizer::AdamW:
            add(training, "--optimizer", "adam");
            break;
        case Optimizer::SgdMomentum:
            add(training, "--optimizer", "sgd");
            break;
        }
    if (!s.training.flashAttention) add(training, "--attention-backend", "unfused");
    add(training, "--transformer-impl", "transformer_engine");
    if (p.offload != Offload::None && !ds)
        issues.push_back({Severity::Warning, file, "offload",
                          "Megatron-LM plans have no optimizer offload flag TrainPlan exports"});

    std::ostringstream out;
    out << "#!/bin/bash\n"
        << "# Megatron-LM" << (ds ? "-DeepSpeed" : "")
        << " launch written by TrainPlan for scenario '" << s.name << "'\n"
        << "# plan: " << displayName(p.framework) << " " << p.label() << " on " << s.cluster.nodes
        << " × " << s.cluster.gpusPerNode << " " << s.cluster.gpu.name << "\n"
        << "# Run one copy per node (job.sbatch does it with srun). Set DATA_PATH and "
           "TOKENIZER_MODEL;\n"
        << "# the learning-rate schedule below is a placeholder for your recipe.\n"
        << "# Vocabulary: the model has " << m.vocab
        << " tokens; Megatron takes it from the tokenizer.\n"
        << "set -euo pipefail\n\n"
        << "SCRIPT_DIR=${SCRIPT_DIR:-$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)}\n"
        << "MEGATRON_DIR=${MEGATRON_DIR:-/workspace/Megatron-LM}\n"
        << "DATA_PATH=${DATA_PATH:-/data/my-corpus_text_document}\n"
        << "TOKENIZER_MODEL=${TOKENIZER_MODEL:-/data/tokenizer}\n"
        << "CHECKPOINT_DIR=${CHECKPOINT_DIR:-./checkpoints}\n"
        << "export CUDA_DEVICE_MAX_CONNECTIONS=1  # Megatron needs it for TP/SP communication "
           "ordering\n\n";
    auto group = [&](const char* name,
                     const std::vector<std::pair<std::string, std::string>>& flags) {
        out << name << "=(\n";
        for (const auto& [flag, value] : flags)
            out << "    " << flag << (value.empty() ? "" : " " + value) << "\n";
        out << ")\n";
    };
    group("MODEL_ARGS", model);
    group("PARALLEL_ARGS", parallel);
    group("TRAINING_ARGS", training);
    out << "DATA_ARGS=(\n"
        << "    --data-path \"$DATA_PATH\"\n"
        << "    --tokenizer-type HuggingFaceTokenizer\n"
        << "    --tokenizer-model \"$TOKENIZER_MODEL\"\n"
        << "    --split 99,1,0\n"
        << ")\n"
        << "OPTIMIZER_ARGS=(\n"
        << "    --lr 3.0e-4\n"
        << "    --min-lr 3.0e-5\n"
        << "    --lr-decay-style cosine\n"
        << "    --lr-warmup-fraction 0.01\n"
        << "    --weight-decay " << (s.training.optimizer == Optimizer::Adam ? "0.0" : "0.1")
        << "\n"
        << "    --clip-grad 1.0\n"
        << "    --adam-beta1 0.9\n"
        << "    --adam-beta2 0.95\n"
        << ")\n"
        << "LOGGING_ARGS=(\n"
        << "    --log-interval 10\n"
        << "    --save-interval 1000\n"
        << "    --eval-interval 1000\n"
        << "    --eval-iters 10\n"
        << "    --save \"$CHECKPOINT_DIR\"\n"
        << "    --load \"$CHECKPOINT_DIR\"\n"
        << ")\n\n";
    out << joinLauncher(torchrunArgs(s.cluster)) << " \\\n"
        << "    \"$MEGATRON_DIR/pretrain_gpt.py\" \\\n"
        << "    \"${MODEL_ARGS[@]}\" \\\n"
        << "    \"${PARALLEL_ARGS[@]}\" \\\n"
        << "    \"${TRAINING_ARGS[@]}\" \\\n"
        << "    \"${DATA_ARGS[@]}\" \\\n"
        << "    \"${OPTIMIZER_ARGS[@]}\" \\\n"
        << "    \"${LOGGING_ARGS[@]}\"\n";
    return out.str();
}

} // namespace trainplan::model::io
