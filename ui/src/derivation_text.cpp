#include <trainplan/ui/derivation_text.h>

#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/format.h>

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

namespace trainplan::ui {

namespace {

// Every fixed term name simulator/src/explain.cpp produces (marked for lupdate; translated at run
// time).
const char* const kTermNames[] = {
    QT_TRANSLATE_NOOP("DerivationTerm", "weights"),
    QT_TRANSLATE_NOOP("DerivationTerm", "gradients"),
    QT_TRANSLATE_NOOP("DerivationTerm", "optimizer states"),
    QT_TRANSLATE_NOOP("DerivationTerm", "dense parameters"),
    QT_TRANSLATE_NOOP("DerivationTerm", "routed-expert parameters"),
    QT_TRANSLATE_NOOP("DerivationTerm", "stored activations"),
    QT_TRANSLATE_NOOP("DerivationTerm", "transformer layers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "loss (final norm input and logits)"),
    QT_TRANSLATE_NOOP("DerivationTerm", "working memory"),
    QT_TRANSLATE_NOOP("DerivationTerm", "communication buffers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "overhead"),
    QT_TRANSLATE_NOOP("DerivationTerm", "CUDA context"),
    QT_TRANSLATE_NOOP("DerivationTerm", "NCCL communicators"),
    QT_TRANSLATE_NOOP("DerivationTerm", "allocator fragmentation"),
    QT_TRANSLATE_NOOP("DerivationTerm", "step time"),
    QT_TRANSLATE_NOOP("DerivationTerm", "compute"),
    QT_TRANSLATE_NOOP("DerivationTerm", "forward"),
    QT_TRANSLATE_NOOP("DerivationTerm", "backward"),
    QT_TRANSLATE_NOOP("DerivationTerm", "recompute"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed tensor-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed context-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed expert-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed data-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed pipeline send/receive"),
    QT_TRANSLATE_NOOP("DerivationTerm", "pipeline bubble"),
    QT_TRANSLATE_NOOP("DerivationTerm", "optimizer step"),
    QT_TRANSLATE_NOOP("DerivationTerm", "offload traffic"),
    QT_TRANSLATE_NOOP("DerivationTerm", "communication per GPU per step"),
    QT_TRANSLATE_NOOP("DerivationTerm", "data parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "tensor parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "pipeline"),
    QT_TRANSLATE_NOOP("DerivationTerm", "context parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "expert parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "model FLOPs per step"),
    QT_TRANSLATE_NOOP("DerivationTerm", "dense layers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "MoE layers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "LM head"),
    QT_TRANSLATE_NOOP("DerivationTerm", "first stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "middle stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "last stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "the only stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "MFU"),
    QT_TRANSLATE_NOOP("DerivationTerm", "tokens/s"),
    QT_TRANSLATE_NOOP("DerivationTerm", "time to train"),
    QT_TRANSLATE_NOOP("DerivationTerm", "GPU-hours"),
    QT_TRANSLATE_NOOP("DerivationTerm", "cost"),
};

// The identifiers of sim::Assumption::name (explain.cpp, efficiency.cpp), as people name them.
struct AssumptionName {
    const char* key;
    const char* label;
};
const AssumptionName kAssumptionNames[] = {
    {"gemm_efficiency", QT_TRANSLATE_NOOP("Assumption", "Matmul efficiency (share of dense peak)")},
    {"matmul_sustained_fraction",
     QT_TRANSLATE_NOOP("Assumption", "Sustained share of the achievable matmul rate")},
    {"gemm_half_dim", QT_TRANSLATE_NOOP("Assumption", "Matmul size at half efficiency")},
    {"tp_overlap_fraction",
     QT_TRANSLATE_NOOP("Assumption", "Tensor-parallel communication hidden when overlapped")},
    {"hbm_efficiency", QT_TRANSLATE_NOOP("Assumption", "Memory (HBM) bandwidth efficiency")},
    {"intra_node_bandwidth_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Intra-node link bandwidth efficiency")},
    {"inter_node_bandwidth_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Inter-node network bandwidth efficiency")},
    {"latency_scale", QT_TRANSLATE_NOOP("Assumption", "Collective latency scale")},
    {"memory_overhead_fraction",
     QT_TRANSLATE_NOOP("Assumption", "Allocator fragmentation (share of allocated memory)")},
    {"cuda_context_bytes", QT_TRANSLATE_NOOP("Assumption", "CUDA context per GPU")},
    {"nccl_connection_bytes",
     QT_TRANSLATE_NOOP("Assumption", "NCCL buffer per connection and channel")},
    {"nccl_channels", QT_TRANSLATE_NOOP("Assumption", "NCCL channels of a ring collective")},
    {"nccl_p2p_channels_per_nvlink_peer",
     QT_TRANSLATE_NOOP("Assumption", "NCCL send/receive channels per peer in the node")},
    {"nccl_channels_per_net_peer",
     QT_TRANSLATE_NOOP("Assumption", "NCCL send/receive channels per remote peer")},
    {"host_adam_params_per_second",
     QT_TRANSLATE_NOOP("Assumption", "CPU Adam speed (offloaded optimizer)")},
    {"pcie_bytes_per_second", QT_TRANSLATE_NOOP("Assumption", "PCIe bandwidth per GPU")},
    {"nvme_bytes_per_second_per_node", QT_TRANSLATE_NOOP("Assumption", "NVMe bandwidth per node")},
    {"overlap_fraction",
     QT_TRANSLATE_NOOP("Assumption", "Data-parallel communication hidden behind backward")},
    {"fp8_gemm_efficiency", QT_TRANSLATE_NOOP("Assumption", "FP8 matmul efficiency")},
    {"sdpa_attention_forward_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Attention (SDPA) forward efficiency")},
    {"sdpa_attention_backward_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Attention (SDPA) backward efficiency")},
    {"fused_attention_forward_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Fused attention forward efficiency")},
    {"fused_attention_backward_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Fused attention backward efficiency")},
    {"triton_attention_forward_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Triton attention forward efficiency")},
    {"triton_attention_backward_efficiency",
     QT_TRANSLATE_NOOP("Assumption", "Triton attention backward efficiency")},
    {"sm_count", QT_TRANSLATE_NOOP("Assumption", "Streaming multiprocessors")},
    {"clock_fraction", QT_TRANSLATE_NOOP("Assumption", "Clock under the power cap")},
    {"execution", QT_TRANSLATE_NOOP("Assumption", "Execution stack")},
    {"flash_attention", QT_TRANSLATE_NOOP("Assumption", "Flash attention")},
    {"attention_kernel", QT_TRANSLATE_NOOP("Assumption", "Attention kernel")},
    {"dropout", QT_TRANSLATE_NOOP("Assumption", "Dropout")},
    {"dp_overlap", QT_TRANSLATE_NOOP("Assumption", "Data-parallel overlap with backward")},
    {"tp_comm_overlap", QT_TRANSLATE_NOOP("Assumption", "Tensor-parallel communication overlap")},
    {"ddp bucket_cap_mb", QT_TRANSLATE_NOOP("Assumption", "DDP gradient bucket")},
    {"deepspeed reduce_bucket_size", QT_TRANSLATE_NOOP("Assumption", "DeepSpeed reduce bucket")},
    {"megatron DDP bucket", QT_TRANSLATE_NOOP("Assumption", "Megatron-LM gradient bucket")},
    {"pue", QT_TRANSLATE_NOOP("Assumption", "Data-centre PUE")},
    {"gpu power", QT_TRANSLATE_NOOP("Assumption", "GPU power draw")},
};

// sim::toString(MemoryPhase::Kind), in phase order.
const char* const kPhaseNames[] = {
    QT_TRANSLATE_NOOP("MemoryPhase", "step start"),
    QT_TRANSLATE_NOOP("MemoryPhase", "end of forward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "start of backward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "middle of backward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "end of backward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "optimizer step"),
};

const char* const kStageNames[] = {
    QT_TRANSLATE_NOOP("PipelineStage", "first (embeddings)"),
    QT_TRANSLATE_NOOP("PipelineStage", "middle"),
    QT_TRANSLATE_NOOP("PipelineStage", "last (LM head)"),
    QT_TRANSLATE_NOOP("PipelineStage", "only"),
};

QString fixedTermName(const QString& name) {
    for (const char* n : kTermNames)
        if (name == QLatin1String(n)) return QCoreApplication::translate("DerivationTerm", n);
    return name;
}

} // namespace

QString memoryPhaseName(sim::MemoryPhase::Kind kind) {
    const int k = static_cast<int>(kind);
    if (k < 0 || k >= sim::MemoryPhase::Count) return {};
    return QCoreApplication::translate("MemoryPhase", kPhaseNames[k]);
}

QString memoryPhaseName(const std::string& englishName) {
    for (const char* n : kPhaseNames)
        if (englishName == n) return QCoreApplication::translate("MemoryPhase", n);
    return QString::fromStdString(englishName);
}

QString pipelineStageName(const std::string& englishName) {
    for (const char* n : kStageNames)
        if (englishName == n) return QCoreApplication::translate("PipelineStage", n);
    return QString::fromStdString(englishName);
}

QString derivationTermName(const std::string& name) {
    const QString text = QString::fromStdString(name);
    // "peak memory per GPU (first stage, at start of backward)"
    static const QRegularExpression peak(
        QStringLiteral("^peak memory per GPU \\((.+), at (.+)\\)$"));
    if (const auto m = peak.match(text); m.hasMatch())
        return QCoreApplication::translate("DerivationTerm", "peak memory per GPU (%1, at %2)")
            .arg(fixedTermName(m.captured(1)), memoryPhaseName(m.captured(2).toStdString()));
    // "gradients at end of backward", "stored activations at start of backward", ...
    static const QRegularExpression at(QStringLiteral("^(.+) at (.+)$"));
    if (const auto m = at.match(text); m.hasMatch()) {
        const QString phase = memoryPhaseName(m.captured(2).toStdString());
        if (phase != m.captured(2))
            return QCoreApplication::translate("DerivationTerm", "%1 at %2")
                .arg(fixedTermName(m.captured(1)), phase);
    }
    // "tp communicator", "dp-shard communicator", ...: the group names are the layout's own
    // abbreviations (explain.cpp, detail::planCommunicators) and stay as they are.
    static const QRegularExpression communicator(QStringLiteral("^([a-z-]+) communicator$"));
    if (const auto m = communicator.match(text); m.hasMatch())
        return QCoreApplication::translate("DerivationTerm", "%1 communicator").arg(m.captured(1));
    return fixedTermName(text);
}

QString assumptionLabel(const std::string& key) {
    for (const AssumptionName& a : kAssumptionNames)
        if (key == a.key) return QCoreApplication::translate("Assumption", a.label);
    return QString::fromStdString(key); // a new identifier: shown as the simulator names it
}

QString formatAssumptionValue(const sim::Assumption& a, const sim::EfficiencySource* number) {
    if (!number) {
        // Text assumptions ("on", "25 MB", "5e8 elements"): only a bare exponent is rewritten.
        static const QRegularExpression exponent(QStringLiteral("^([0-9.]+e[+-]?[0-9]+)(.*)$"));
        const QString text = QString::fromStdString(a.value);
        const QRegularExpressionMatch m = exponent.match(text);
        if (m.hasMatch()) return formatCount(m.captured(1).toDouble()) + m.captured(2);
        return text;
    }
    const std::string& unit = number->unit;
    const double v = number->value;
    if (unit == "factor") return QLocale().toString(v, 'g', 3) + QStringLiteral(" ×");
    if (unit == "elements")
        return QCoreApplication::translate("Assumption", "%1 elements").arg(formatCount(v));
    if (unit == "SMs")
        return QCoreApplication::translate("Assumption", "%1 SMs").arg(QLocale().toString(v, 'f', 0));
    if (unit == "parameters/s")
        return QCoreApplication::translate("Assumption", "%1 parameters/s").arg(formatCount(v));
    return formatDerivationValue(v, unit);
}

QString formatDerivationValue(double value, const std::string& unit) {
    if (unit == "bytes") return formatBytes(value);
    if (unit == "s") return formatSeconds(value);
    if (unit == "fraction") return formatPercent(value);
    if (unit == "bytes/s") return formatBytesPerSecond(value);
    if (unit == "tokens/s") return formatTokensPerSecond(value);
    if (unit == "duration") return formatDuration(value);
    if (unit == "USD") return formatCost(value);
    if (unit == "GPU-h")
        return QCoreApplication::translate("DerivationTerm", "%1 GPU-hours").arg(formatCount(value));
    if (unit == "FLOP")
        return QCoreApplication::translate("DerivationTerm", "%1 PFLOP")
            .arg(QLocale().toString(value / 1e15, 'f', 2));
    return QLocale().toString(value, 'g', 4) +
           (unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(unit));
}

} // namespace trainplan::ui
