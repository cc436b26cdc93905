#include <trainplan/ui/metric_info.h>

#include <QCoreApplication>

namespace trainplan::ui {

QString metricName(Metric m) {
    switch (m) {
    case Metric::Framework:
        return QCoreApplication::translate("Metric", "Framework");
    case Metric::Plan:
        return QCoreApplication::translate("Metric", "Plan");
    case Metric::Fits:
        return QCoreApplication::translate("Metric", "Fits");
    case Metric::PeakMemory:
        return QCoreApplication::translate("Metric", "Memory / GPU");
    case Metric::StepTime:
        return QCoreApplication::translate("Metric", "Step time");
    case Metric::Mfu:
        return QCoreApplication::translate("Metric", "MFU");
    case Metric::Hfu:
        return QCoreApplication::translate("Metric", "HFU");
    case Metric::TokensPerSecond:
        return QCoreApplication::translate("Metric", "Tokens/s");
    case Metric::TokensPerSecondPerGpu:
        return QCoreApplication::translate("Metric", "Tokens/s per GPU");
    case Metric::ModelFlopsPerGpu:
        return QCoreApplication::translate("Metric", "Model FLOP/s per GPU");
    case Metric::TimeToTrain:
        return QCoreApplication::translate("Metric", "Time to train");
    case Metric::Cost:
        return QCoreApplication::translate("Metric", "Cost");
    case Metric::GpuHours:
        return QCoreApplication::translate("Metric", "GPU-hours");
    case Metric::Energy:
        return QCoreApplication::translate("Metric", "Energy");
    case Metric::GradAccum:
        return QCoreApplication::translate("Metric", "Gradient accumulation");
    case Metric::Weights:
        return QCoreApplication::translate("Metric", "Weights");
    case Metric::Gradients:
        return QCoreApplication::translate("Metric", "Gradients");
    case Metric::OptimizerStates:
        return QCoreApplication::translate("Metric", "Optimizer states");
    case Metric::Activations:
        return QCoreApplication::translate("Metric", "Activations");
    case Metric::Transient:
        return QCoreApplication::translate("Metric", "Transient");
    case Metric::Buffers:
        return QCoreApplication::translate("Metric", "Buffers");
    case Metric::Overhead:
        return QCoreApplication::translate("Metric", "Overhead");
    case Metric::Compute:
        return QCoreApplication::translate("Metric", "Compute");
    case Metric::ExposedIntraNode:
        return QCoreApplication::translate("Metric", "Comm. intra-node");
    case Metric::ExposedInterNode:
        return QCoreApplication::translate("Metric", "Comm. inter-node");
    case Metric::Bubble:
        return QCoreApplication::translate("Metric", "Pipeline bubble");
    case Metric::OptimizerStep:
        return QCoreApplication::translate("Metric", "Optimizer step");
    case Metric::Offload:
        return QCoreApplication::translate("Metric", "Offload");
    case Metric::CommDp:
        return QCoreApplication::translate("Metric", "Data parallel");
    case Metric::CommTp:
        return QCoreApplication::translate("Metric", "Tensor parallel");
    case Metric::CommPp:
        return QCoreApplication::translate("Metric", "Pipeline parallel");
    case Metric::CommCp:
        return QCoreApplication::translate("Metric", "Context parallel");
    case Metric::CommEp:
        return QCoreApplication::translate("Metric", "Expert parallel");
    case Metric::CommIntraNode:
        return QCoreApplication::translate("Metric", "Intra-node");
    case Metric::CommInterNode:
        return QCoreApplication::translate("Metric", "Inter-node");
    case Metric::Parameters:
        return QCoreApplication::translate("Metric", "Parameters");
    case Metric::Goodput:
        return QCoreApplication::translate("Metric", "Goodput");
    case Metric::CostWithFailures:
        return QCoreApplication::translate("Metric", "Cost with failures");
    case Metric::ErrorBar:
        return QCoreApplication::translate("Metric", "Step time, 80% interval");
    }
    return {};
}

QString metricToolTip(Metric m) {
    switch (m) {
    case Metric::Framework:
        return QCoreApplication::translate(
            "Metric",
            "The training framework; each accepts only the parallel layouts it really supports.");
    case Metric::Plan:
        return QCoreApplication::translate("Metric",
                                           "The parallel layout: tensor (TP), pipeline (PP), "
                                           "context (CP), expert (EP) and data (DP) "
                                           "parallel degrees, micro-batch size, sharding, offload "
                                           "and recompute, found by the plan search.");
    case Metric::Fits:
        return QCoreApplication::translate(
            "Metric",
            "Whether the worst pipeline stage's peak memory stays within the GPU's memory less the "
            "configured headroom.");
    case Metric::PeakMemory:
        return QCoreApplication::translate(
            "Metric", "Peak memory per GPU on the worst pipeline stage: weights, gradients, "
                      "optimizer states, "
                      "activations (Korthikanti et al. 2022), buffers and allocator overhead.");
    case Metric::StepTime:
        return QCoreApplication::translate(
            "Metric",
            "Time of one optimizer step: compute at the achieved GEMM efficiency plus exposed "
            "communication (α–β model with NCCL bus bandwidth), pipeline bubble, optimizer and "
            "offload.");
    case Metric::Mfu:
        return QCoreApplication::translate("Metric",
                                           "Model FLOPs utilisation: model FLOPs per second "
                                           "without recompute divided by the GPU's "
                                           "dense peak for the precision (Chowdhery et al. 2022).");
    case Metric::Hfu:
        return QCoreApplication::translate(
            "Metric",
            "Hardware FLOPs utilisation: like MFU but counting the recomputed forward passes too.");
    case Metric::TokensPerSecond:
        return QCoreApplication::translate("Metric",
                                           "Tokens processed per second by the whole cluster: "
                                           "global batch × sequence length ÷ step time.");
    case Metric::TokensPerSecondPerGpu:
        return QCoreApplication::translate(
            "Metric", "Cluster tokens per second divided by the number of GPUs.");
    case Metric::ModelFlopsPerGpu:
        return QCoreApplication::translate(
            "Metric", "Model FLOPs each GPU performs per second (Narayanan et al. 2021, eq. 3).");
    case Metric::TimeToTrain:
        return QCoreApplication::translate(
            "Metric",
            "Wall-clock time to process the scenario's training tokens at this throughput, "
            "without failures or restarts.");
    case Metric::Cost:
        return QCoreApplication::translate(
            "Metric",
            "GPU-hours × the cluster's price per GPU-hour, converted to the display currency.");
    case Metric::GpuHours:
        return QCoreApplication::translate("Metric", "Number of GPUs × time to train, in hours.");
    case Metric::Energy:
        return QCoreApplication::translate("Metric",
                                           "GPU TDP × utilisation × PUE over the time to train.");
    case Metric::GradAccum:
        return QCoreApplication::translate(
            "Metric", "Micro-batches each data-parallel replica runs per optimizer step "
                      "(global batch ÷ (DP × micro-batch)).");
    case Metric::Weights:
        return QCoreApplication::translate("Metric",
                                           "Model parameters held on this GPU in the training "
                                           "precision (sharded by TP, PP, EP and ZeRO-3/FSDP).");
    case Metric::Gradients:
        return QCoreApplication::translate(
            "Metric", "Gradients held on this GPU, in the precision the framework accumulates them "
                      "(sharded by ZeRO-2/3 and FSDP).");
    case Metric::OptimizerStates:
        return QCoreApplication::translate("Metric",
                                           "Optimizer states and fp32 master weights (12 bytes per "
                                           "parameter for mixed-precision Adam, "
                                           "sharded by ZeRO-1+; Rajbhandari et al. 2020).");
    case Metric::Activations:
        return QCoreApplication::translate(
            "Metric", "Activations stored for the backward pass of every in-flight micro-batch "
                      "(Korthikanti et al. 2022, with SP, recompute and flash attention).");
    case Metric::Transient:
        return QCoreApplication::translate("Metric",
                                           "Largest short-lived working set at the peak, such as "
                                           "logits gradients or a recomputed layer.");
    case Metric::Buffers:
        return QCoreApplication::translate("Metric",
                                           "Communication buckets, ZeRO/FSDP prefetch and "
                                           "unsharded-layer buffers, and NCCL buffers.");
    case Metric::Overhead:
        return QCoreApplication::translate("Metric",
                                           "CUDA context and caching-allocator fragmentation (a "
                                           "calibratable fraction of live tensors).");
    case Metric::Compute:
        return QCoreApplication::translate("Metric",
                                           "Forward, backward and recompute time of the slowest "
                                           "stage at the achieved GEMM efficiency.");
    case Metric::ExposedIntraNode:
        return QCoreApplication::translate(
            "Metric",
            "Communication over NVLink/PCIe inside a node that is not hidden behind compute.");
    case Metric::ExposedInterNode:
        return QCoreApplication::translate(
            "Metric",
            "Communication over the network between nodes that is not hidden behind compute.");
    case Metric::Bubble:
        return QCoreApplication::translate("Metric",
                                           "Pipeline fill and drain idle time: (p−1)/m of the "
                                           "compute, or (p−1)/(m·v) when interleaved.");
    case Metric::OptimizerStep:
        return QCoreApplication::translate(
            "Metric",
            "The optimizer update, bound by HBM bandwidth (or host Adam when offloaded).");
    case Metric::Offload:
        return QCoreApplication::translate(
            "Metric", "Host↔GPU transfer time for CPU/NVMe offload that compute does not hide.");
    case Metric::CommDp:
        return QCoreApplication::translate("Metric",
                                           "Gradient all-reduce, or reduce-scatter + all-gather "
                                           "under ZeRO/FSDP, per GPU per step.");
    case Metric::CommTp:
        return QCoreApplication::translate(
            "Metric", "Tensor-parallel all-reduce, or all-gather/reduce-scatter with sequence "
                      "parallel, per GPU per step.");
    case Metric::CommPp:
        return QCoreApplication::translate(
            "Metric",
            "Pipeline point-to-point activation and gradient transfers per GPU per step.");
    case Metric::CommCp:
        return QCoreApplication::translate(
            "Metric", "Context-parallel ring-attention key/value exchange per GPU per step.");
    case Metric::CommEp:
        return QCoreApplication::translate(
            "Metric", "Expert-parallel all-to-all dispatch and combine per GPU per step.");
    case Metric::CommIntraNode:
        return QCoreApplication::translate(
            "Metric", "Bytes each GPU sends per step over links inside its node.");
    case Metric::CommInterNode:
        return QCoreApplication::translate(
            "Metric", "Bytes each GPU sends per step over the NICs between nodes.");
    case Metric::Parameters:
        return QCoreApplication::translate("Metric",
                                           "Parameter count computed from the architecture "
                                           "(embeddings, attention, FFN or experts, norms).");
    case Metric::Goodput:
        return QCoreApplication::translate(
            "Metric",
            "Useful training time ÷ expected wall time with checkpoints, lost work and restarts, "
            "checkpointing at Daly's optimal interval (Daly 2006; failure rate from the Llama 3 "
            "report unless the cluster states its MTBF).");
    case Metric::CostWithFailures:
        return QCoreApplication::translate(
            "Metric", "The cost of the expected wall time including checkpoint stalls, work lost "
                      "to failures and restarts.");
    case Metric::ErrorBar:
        return QCoreApplication::translate(
            "Metric", "80% prediction interval of the step time from the published reference "
                      "runs of the same GPU generation, framework and software stack, and how well "
                      "that family is validated (docs/model.md, Error bars). Time to train and "
                      "cost scale with it.");
    }
    return {};
}

} // namespace trainplan::ui
