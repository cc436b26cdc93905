// The Megatron-LM flags TrainPlan knows (megatron/training/arguments.py): the table the importer
// parses launch scripts with (megatron_args.cpp).
#include "megatron_flags.h"

namespace trainplan::model::io::detail {

// Every flag TrainPlan knows. Mapped flags are interpreted by importMegatronArgs; Note flags change
// performance in ways the estimate does not model; Silent flags do not matter for planning (data,
// logging, hyper-parameters). Value arity: 0 = switch, 1 = one value, 2 = one or more values.
const std::vector<ArgSpec>& megatronFlags() {
    static const std::vector<ArgSpec> specs = [] {
        std::vector<ArgSpec> v;
        auto mapped = [&](std::initializer_list<const char*> names, int arity) {
            for (auto n : names)
                v.push_back({n, arity, ArgUse::Mapped, {}});
        };
        auto note = [&](const char* n, int arity, ImportTextId why) {
            v.push_back({n, arity, ArgUse::Note, why});
        };
        auto silent = [&](std::initializer_list<const char*> names, int arity) {
            for (auto n : names)
                v.push_back({n, arity, ArgUse::Silent, {}});
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
                "--expert-tensor-parallel-size",
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
                "--cpu-optimizer", "--use-torch-fsdp2", "--use-custom-fsdp",
                "--use-megatron-fsdp"},
               0);
        mapped({"--data-parallel-sharding-strategy", "--outer-dp-sharding-strategy",
                "--num-distributed-optimizer-instances"},
               1);
        mapped({"--rampup-batch-size"}, 2);
        mapped({"--recompute-method", "--recompute-num-layers"}, 1);
        mapped({"--recompute-modules"}, 2);
        note("--overlap-grad-reduce", 0, ImportTextId::FlagOverlapGradReduce);
        note("--overlap-param-gather", 0, ImportTextId::FlagOverlapParamGather);
        note("--align-grad-reduce", 0, ImportTextId::FlagNotModelled);
        note("--align-param-gather", 0, ImportTextId::FlagNotModelled);
        note("--defer-embedding-wgrad-compute", 0, ImportTextId::FlagNotModelled);
        note("--tp-comm-overlap-cfg", 1, ImportTextId::FlagTpCommOverlapCfg);
        note("--moe-grouped-gemm", 0, ImportTextId::FlagGroupedGemm);
        mapped({"--moe-token-dispatcher-type"}, 1);
        mapped({"--overlap-moe-expert-parallel-comm"}, 0);
        note("--moe-flex-dispatcher-backend", 1, ImportTextId::FlagFlexBackend);
        note("--moe-enable-deepep", 0, ImportTextId::FlagDeepEp);
        note("--delay-wgrad-compute", 0, ImportTextId::FlagNotModelled);
        note("--moe-router-load-balancing-type", 2, ImportTextId::FlagBalancedRouting);
        note("--moe-permute-fusion", 0, ImportTextId::FlagNotModelled);
        note("--moe-pad-expert-input-to-capacity", 0, ImportTextId::FlagNotModelled);
        note("--moe-token-drop-policy", 1, ImportTextId::FlagNotModelled);
        note("--moe-layer-recompute", 0, ImportTextId::FlagNotModelled);
        mapped({"--decoder-first-pipeline-num-layers", "--decoder-last-pipeline-num-layers",
                "--pipeline-model-parallel-layout", "--pp-partition-method"},
               1);
        mapped(
            {"--account-for-embedding-in-pipeline-split", "--account-for-loss-in-pipeline-split"},
            0);
        note("--use-precision-aware-optimizer", 0, ImportTextId::FlagOptimizerPrecision);
        note("--main-grads-dtype", 1, ImportTextId::FlagMainGrads);
        note("--main-params-dtype", 1, ImportTextId::FlagMainParams);
        note("--exp-avg-dtype", 1, ImportTextId::FlagOptimizerStatesFp32);
        note("--exp-avg-sq-dtype", 1, ImportTextId::FlagOptimizerStatesFp32);
        note("--fp8-param-gather", 0, ImportTextId::FlagFp8ParamGather);
        note("--ddp-bucket-size", 1, ImportTextId::FlagBucketSize);
        note("--num-distributed-optimizer-instances", 1, ImportTextId::FlagDistOptInstances);
        note("--cp-comm-type", 2, ImportTextId::FlagCpCommType);
        note("--hierarchical-context-parallel-sizes", 2, ImportTextId::FlagHierarchicalCp);
        note("--data-parallel-sharding-strategy", 1, ImportTextId::FlagNotModelled);
        note("--deepspeed-activation-checkpointing", 0, ImportTextId::FlagDsCheckpointing);
        note("--cpu-offloading", 0, ImportTextId::FlagActivationOffload);
        note("--cpu-offloading-num-layers", 1, ImportTextId::FlagActivationOffload);
        note("--empty-unused-memory-level", 1, ImportTextId::FlagNotModelled);
        mapped({"--cross-entropy-loss-fusion"}, 0);
        mapped({"--cross-entropy-fusion-impl"}, 1);
        mapped({"--attention-dropout", "--hidden-dropout"}, 1);
        note("--fp8-wgrad", 0, ImportTextId::FlagNotModelled);
        note("--first-last-layers-bf16", 0, ImportTextId::FlagFp8EveryLayer);
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

} // namespace trainplan::model::io::detail
