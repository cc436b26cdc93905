#include <trainplan/model/io/megatron_args.h>

#include <trainplan/model/json_reader.h>

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

// exportMegatronScript: a Megatron-LM launch script for a plan (the importer is megatron_args.cpp).

namespace trainplan::model::io {

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
    if (p.foldsExperts())
        add(parallel, "--expert-tensor-parallel-size", std::to_string(p.etp));
    if (p.sequenceParallel) add(parallel, "--sequence-parallel");
    if (p.tpCommOverlap) add(parallel, "--tp-comm-overlap");
    if (p.moeDispatcher == model::MoeDispatcher::Flex) {
        add(parallel, "--moe-token-dispatcher-type", "flex");
        add(parallel, "--moe-flex-dispatcher-backend", "deepep");
    }
    if (p.epCommOverlap) add(parallel, "--overlap-moe-expert-parallel-comm");
    if (ds) {
        add(parallel, "--deepspeed");
        add(parallel, "--deepspeed_config", "\"${SCRIPT_DIR}/ds_config.json\"");
        add(parallel, "--zero-stage", std::to_string(p.zeroStage));
        if (p.pp == 1) add(parallel, "--no-pipeline-parallel");
        if (p.recompute != Recompute::None) add(parallel, "--deepspeed-activation-checkpointing");
    } else {
        if (p.zeroStage >= 2) {
            // Megatron-FSDP's required flags (Megatron-FSDP user guide, "Required
            // Configurations").
            add(parallel, "--use-megatron-fsdp");
            add(parallel, "--data-parallel-sharding-strategy",
                p.zeroStage == 3 ? "optim_grads_params" : "optim_grads");
            add(parallel, "--no-gradient-accumulation-fusion");
            add(parallel, "--ckpt-format", "fsdp_dtensor");
        }
        if (p.zeroStage >= 1) add(parallel, "--use-distributed-optimizer");
        if (p.zeroStage >= 1) add(parallel, "--overlap-param-gather");
        add(parallel, "--overlap-grad-reduce");
    }
    if (p.recompute == Recompute::Selective) {
        add(parallel, "--recompute-granularity", "selective");
        if (p.recomputeModules != 0)
            add(parallel, "--recompute-modules",
                recompute_module::join(p.recomputeModules, " "));
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
            issues.emplace_back(Severity::Note, file, "--optimizer",
                                ImportTextId::MegExportAdamIsAdamW);
            add(training, "--optimizer", "adam");
            break;
        case Optimizer::AdamW:
            add(training, "--optimizer", "adam");
            break;
        case Optimizer::SgdMomentum:
            add(training, "--optimizer", "sgd");
            break;
        }
    if (!s.training.flashAttention)
        add(training, "--attention-backend", "unfused");
    else if (s.training.attentionKernel == AttentionKernel::Flash2)
        add(training, "--attention-backend", "flash");
    else if (s.training.attentionKernel == AttentionKernel::Fused)
        add(training, "--attention-backend", "fused");
    else if (s.training.attentionKernel == AttentionKernel::Triton)
        issues.emplace_back(Severity::Warning, file, "training.attention_kernel",
                            ImportTextId::MegExportNoTriton);
    add(training, "--transformer-impl", "transformer_engine");
    // The loss the estimate charged: fused unless the scenario says unfused (Auto = fused).
    if (s.training.crossEntropy != CrossEntropy::Unfused)
        add(training, "--cross-entropy-loss-fusion");
    if (s.training.crossEntropy == CrossEntropy::Te)
        add(training, "--cross-entropy-fusion-impl", "te");
    // The dropout the estimate charged, stated because Megatron-LM's default is 0.1 for both.
    add(training, "--attention-dropout",
        model::detail::formatNumber(model::attentionDropout(s.training)));
    add(training, "--hidden-dropout",
        model::detail::formatNumber(model::hiddenDropout(s.training)));
    if (p.offload != Offload::None && !ds)
        issues.emplace_back(Severity::Warning, file, "offload", ImportTextId::MegExportNoOffload);

    const bool megatronFsdp = !ds && p.zeroStage >= 2;
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
        << (megatronFsdp ? "unset CUDA_DEVICE_MAX_CONNECTIONS  # Megatron-FSDP requires it unset "
                           "or above 1\n\n"
                         : "export CUDA_DEVICE_MAX_CONNECTIONS=1  # Megatron needs it for TP/SP "
                           "communication ordering\n\n");
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
