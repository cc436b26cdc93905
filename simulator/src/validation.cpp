#include <trainplan/simulator/validation.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/flops.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace trainplan::sim {

using model::Framework;
using model::PublishedRun;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

bool contains(const std::string& s, const char* needle) {
    return s.find(needle) != std::string::npos;
}

std::string groupOf(const PublishedRun& r) {
    if (contains(r.sourceText, "Korthikanti")) return "Korthikanti et al. 2022";
    if (contains(r.sourceText, "Narayanan") && contains(r.sourceText, "Table 1"))
        return "Narayanan et al. 2021 Table 1";
    if (contains(r.sourceText, "Narayanan")) return "Narayanan et al. 2021 Table 2";
    if (contains(r.framework, "torchtitan") || contains(r.sourceText, "torchtitan"))
        return "torchtitan 2024";
    if (contains(r.framework, "2020") || contains(r.sourceText, "2020"))
        return "Megatron-LM README 2020";
    return "other";
}

// N of "local batch N" / "Local batch size N" in a row's notes.
std::optional<long long> localBatch(const std::string& notes) {
    std::string lower = notes;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    const std::size_t at = lower.find("local batch");
    if (at == std::string::npos) return std::nullopt;
    std::size_t i = at + 11;
    if (lower.compare(i, 5, " size") == 0) i += 5;
    while (i < lower.size() && lower[i] == ' ')
        ++i;
    long long v = 0;
    std::size_t digits = 0;
    while (i < lower.size() && std::isdigit(static_cast<unsigned char>(lower[i])) && digits < 9) {
        v = v * 10 + (lower[i++] - '0');
        ++digits;
    }
    if (digits == 0 || v <= 0) return std::nullopt;
    return v;
}

} // namespace

const char* toString(ValidationMetric m) {
    switch (m) {
    case ValidationMetric::StepSeconds:
        return "step_s";
    case ValidationMetric::NarayananTflopsPerGpu:
        return "tflops_per_gpu_eq3";
    case ValidationMetric::MfuPercent:
        return "mfu_pct";
    case ValidationMetric::TokensPerSecondPerGpu:
        return "tokens_per_s_per_gpu";
    case ValidationMetric::PeakMemoryGiB:
        return "peak_memory_gib";
    }
    return "";
}

ReferenceCase referenceCase(const PublishedRun& r, const model::Catalog& catalog) {
    ReferenceCase c;
    c.line = r.line;
    c.group = groupOf(r);
    c.source = r.sourceText;
    c.label = r.modelName + " on " + std::to_string(r.numGpus.value_or(0)) + " GPUs";
    auto skip = [&c](std::string why) {
        c.skipReason = std::move(why);
        return c;
    };
    if (!r.layers || !r.hidden || !r.heads || !r.seqLen || !r.vocab || !r.numGpus)
        return skip("architecture or GPU count not published");
    std::optional<long long> globalBatch = r.globalBatch;
    if (!globalBatch && r.dp) {
        // torchtitan's tables give the batch per data-parallel rank ("local batch 8"): the global
        // batch is that times dp (rows that give both agree: local 32 × dp 8 = global 256).
        if (const std::optional<long long> local = localBatch(r.notes)) {
            globalBatch = *local * *r.dp;
            c.assumptions.push_back("global batch = the published local batch " +
                                    std::to_string(*local) + " × dp " + std::to_string(*r.dp));
        }
    }
    if (!globalBatch) return skip("global batch not published");

    model::Scenario& s = c.scenario;
    s.name = c.label;
    model::TransformerSpec& m = s.model;
    m.name = r.modelName;
    m.layers = *r.layers;
    m.hidden = *r.hidden;
    m.heads = *r.heads;
    m.kvHeads = r.kvHeads.value_or(*r.heads);
    m.headDim = *r.hidden / *r.heads;
    m.ffnHidden = r.ffnHidden.value_or(4 * *r.hidden);
    m.vocab = *r.vocab;
    m.seqLen = *r.seqLen;
    const bool llama = contains(r.modelName, "Llama");
    m.ffn = llama ? model::FfnKind::SwiGlu : model::FfnKind::Gelu;
    m.tiedEmbeddings = !llama;
    m.positionEmbedding =
        llama ? model::PositionEmbedding::None : model::PositionEmbedding::Learned;
    if (r.moeExperts && *r.moeExperts > 0) {
        m.moe.experts = *r.moeExperts;
        m.moe.topK = r.moeTopK.value_or(2);
        m.moe.expertFfnHidden = m.ffnHidden;
    }
    c.assumptions.push_back(
        llama ? "Llama architecture: SwiGLU FFN, untied embeddings, rotary positions"
              : "GPT architecture: GELU FFN, tied embeddings, learned positions");

    // GPU and links.
    const std::string& g = r.gpuType;
    std::string gpuName, intraName;
    int gpusPerNode = r.gpusPerNode.value_or(8);
    if (contains(g, "V100")) {
        gpuName = "V100-SXM2-32GB";
        intraName = "NVLink2-NVSwitch";
        if (!r.gpusPerNode) gpusPerNode = 16; // DGX-2
    } else if (contains(g, "A100")) {
        const bool is80 = r.gpuMemGb && *r.gpuMemGb >= 79;
        gpuName = is80 ? "A100-SXM4-80GB" : "A100-SXM4-40GB";
        if (!r.gpuMemGb)
            c.assumptions.push_back(
                "GPU memory not stated: the 40 GB A100 of 2020 DGX-A100 systems");
        intraName = "NVLink3-NVSwitch";
    } else if (contains(g, "H100")) {
        gpuName = "H100-SXM5-80GB";
        intraName = "NVLink4-NVSwitch";
    } else {
        return skip("GPU '" + g + "' is not in the catalog");
    }
    const model::GpuSpec* gpu = catalog.findGpu(gpuName);
    const model::LinkSpec* intra = catalog.findLink(intraName);
    if (!gpu || !intra) return skip("catalog lacks " + gpuName + " or " + intraName);
    s.cluster.gpu = *gpu;
    s.cluster.gpuRef = gpu->name;
    if (r.gpuMemGb && std::fabs(*r.gpuMemGb - gpu->memoryBytes / kGiB) > 1) {
        s.cluster.gpu.memoryBytes = *r.gpuMemGb * kGiB;
        s.cluster.gpuRef.clear();
        c.assumptions.push_back("GPU memory set to the published " +
                                std::to_string(static_cast<int>(*r.gpuMemGb)) + " GiB");
    }
    if (contains(g, "power limit"))
        c.assumptions.push_back("power-capped GPU: the cap is not modelled (peak as datasheet)");
    s.cluster.intraNode = *intra;
    s.cluster.intraNodeRef = intra->name;
    const std::string& ib = r.interNodeLink;
    const model::LinkSpec* inter = nullptr;
    int nics = 8;
    if (contains(ib, "HDR"))
        inter = catalog.findLink("InfiniBand-HDR-200");
    else if (contains(ib, "400"))
        inter = catalog.findLink("RoCE-400GbE");
    else if (contains(g, "V100")) {
        // DGX-2: 8 × 100 Gb/s EDR InfiniBand (NVIDIA DGX-2 datasheet).
        static const model::LinkSpec edr{
            "InfiniBand-EDR-100", model::LinkKind::InfiniBand, 12.5e9, 5e-6,
            "Mellanox EDR 100 Gb/s per port (DGX-2 datasheet: 8 ports)"};
        inter = &edr;
        c.assumptions.push_back("inter-node network not stated: the DGX-2's 8 × EDR 100 Gb/s");
    } else {
        inter = catalog.findLink("InfiniBand-HDR-200");
        c.assumptions.push_back("inter-node network not stated: the DGX-A100's 8 × HDR 200 Gb/s");
    }
    if (!inter) return skip("catalog lacks the inter-node link");
    s.cluster.interNode = *inter;
    s.cluster.interNodeRef = catalog.findLink(inter->name) ? inter->name : "";
    s.cluster.nicsPerNode = nics;
    const int gpus = *r.numGpus;
    if (gpus < gpusPerNode) gpusPerNode = gpus;
    if (gpus % gpusPerNode != 0) return skip("GPU count is not a multiple of GPUs per node");
    s.cluster.gpusPerNode = gpusPerNode;
    s.cluster.nodes = gpus / gpusPerNode;

    // Training.
    s.training.globalBatch = *globalBatch;
    s.training.optimizer = model::Optimizer::Adam;
    if (contains(r.precision, "fp8"))
        s.training.precision = model::Precision::Fp8;
    else if (contains(r.precision, "bf16"))
        s.training.precision = model::Precision::Bf16;
    else
        s.training.precision = model::Precision::Fp16;
    const bool torchtitan = contains(r.framework, "torchtitan");
    // Flash attention (Dao et al. 2022) postdates the Megatron papers' runs; torchtitan uses SDPA
    // flash.
    s.training.flashAttention = torchtitan;

    // Plan.
    model::Plan& p = c.plan;
    if (contains(r.framework, "ZeRO-3")) {
        p.framework = Framework::DeepSpeed;
        p.zeroStage = 3;
    } else if (torchtitan) {
        p.framework = Framework::Fsdp;
        p.zeroStage = 3;
    } else if (contains(r.framework, "Megatron")) {
        p.framework = Framework::Megatron;
        p.zeroStage = 0; // the distributed optimizer came later (2022)
    } else {
        return skip("framework '" + r.framework + "' not recognised");
    }
    // The Megatron/DeepSpeed runs of 2020-2022 predate opt-in gradient-reduce overlap.
    p.dpOverlap = torchtitan;
    p.tp = r.tp.value_or(0);
    p.pp = r.pp.value_or(0);
    if (p.tp == 0 && p.pp == 0 && p.framework == Framework::Megatron) {
        // Narayanan Table 2 states only the model-parallel size (96 = 8 × 12).
        p.tp = 8;
        p.pp = 12;
        c.assumptions.push_back("model-parallel size 96 split as tp 8 × pp 12");
    }
    if (p.tp == 0) p.tp = 1;
    if (p.pp == 0) p.pp = 1;
    p.cp = r.cp.value_or(1);
    p.ep = r.ep.value_or(1);
    p.dp = r.dp.value_or(gpus / std::max(1, p.tp * p.pp * p.cp));
    p.vpp = r.vpp.value_or(1);
    if (torchtitan && !r.vpp && p.pp > 1 && contains(r.notes, "Interleaved 1F1B")) {
        // torchtitan builds two stages per rank for a multi-stage schedule unless told otherwise
        // (torchtitan 9dec370 generate_split_points; pipeline_parallel.py today).
        p.vpp = 2;
        c.assumptions.push_back("Interleaved 1F1B with torchtitan's default two stages per rank");
    }
    if (torchtitan && p.pp > 1)
        c.assumptions.push_back("torchtitan's pipeline split: the embedding and the output each "
                                "count as one layer, so the first and last stages hold fewer");
    if (r.microBatch) {
        p.microBatch = *r.microBatch;
    } else {
        c.searchMicroBatch = true;
        c.assumptions.push_back("micro-batch not published: the fastest fitting of 1, 2, 4, 8");
    }
    if (!r.vpp && p.pp > 1 && c.group == "Narayanan et al. 2021 Table 1") {
        c.searchInterleaving = true;
        c.assumptions.push_back(
            "interleaved schedule with unpublished chunks: the fastest fitting");
    }
    if (contains(r.recompute, "full"))
        p.recompute = model::Recompute::Full;
    else if (contains(r.recompute, "selective"))
        p.recompute = model::Recompute::Selective;
    else {
        p.recompute = model::Recompute::Full;
        c.assumptions.push_back(
            "recompute not stated: full (the 2020 scripts' --checkpoint-activations)");
    }
    p.sequenceParallel = r.sequenceParallel.value_or(false) || (torchtitan && p.tp > 1);

    // What was measured.
    if (r.measuredStepTimeS)
        c.measured.emplace_back(ValidationMetric::StepSeconds, *r.measuredStepTimeS);
    if (r.measuredTflopsPerGpu && contains(r.sourceText, "Narayanan"))
        c.measured.emplace_back(ValidationMetric::NarayananTflopsPerGpu, *r.measuredTflopsPerGpu);
    if (r.measuredMfuPct) c.measured.emplace_back(ValidationMetric::MfuPercent, *r.measuredMfuPct);
    if (r.measuredTokensPerSPerGpu)
        c.measured.emplace_back(ValidationMetric::TokensPerSecondPerGpu,
                                *r.measuredTokensPerSPerGpu);
    if (r.measuredPeakMemGb)
        c.measured.emplace_back(ValidationMetric::PeakMemoryGiB, *r.measuredPeakMemGb);
    if (c.measured.empty()) return skip("no measurement TrainPlan predicts");

    // Structural checks (uneven pipeline stages, etc.).
    model::Plan probe = p;
    if (c.searchMicroBatch) probe.microBatch = 1;
    const auto issues = model::validatePlan(s, probe, "plan");
    for (const auto& issue : issues)
        if (issue.path != "plan.micro_batch") return skip("not reproducible: " + issue.text());
    return c;
}

std::vector<ValidationRow> predictReferenceCase(const ReferenceCase& c) {
    std::vector<ValidationRow> out;
    if (!c.skipReason.empty()) return out;
    const PlanContext ctx = makeContext(c.scenario);
    std::optional<PlanEstimate> best;
    const std::vector<int> mbs =
        c.searchMicroBatch ? std::vector<int>{1, 2, 4, 8} : std::vector<int>{c.plan.microBatch};
    std::vector<int> vpps{c.plan.vpp};
    if (c.searchInterleaving)
        for (int v = 2; v <= 8; ++v)
            vpps.push_back(v);
    std::optional<PlanEstimate> smallest; // when nothing fits, still predict with the least memory
    for (int mb : mbs)
        for (int v : vpps) {
            model::Plan p = c.plan;
            p.microBatch = mb;
            p.vpp = v;
            if (!model::validatePlan(c.scenario, p, "plan").empty()) continue;
            PlanEstimate e = evaluatePlan(ctx, p);
            if (!smallest || e.memory.peakBytes < smallest->memory.peakBytes) smallest = e;
            if (!e.memory.fits) continue;
            if (!best || e.time.stepSeconds < best->time.stepSeconds) best = e;
        }
    if (!best) best = smallest;
    if (!best) return out;
    const PlanEstimate& e = *best;
    const double gpus = static_cast<double>(e.plan.gpus());
    for (const auto& [metric, measured] : c.measured) {
        double predicted = 0;
        switch (metric) {
        case ValidationMetric::StepSeconds:
            predicted = e.time.stepSeconds;
            break;
        case ValidationMetric::NarayananTflopsPerGpu:
            predicted =
                narayananFlopsPerStep(c.scenario.model,
                                      static_cast<double>(c.scenario.training.globalBatch)) /
                e.time.stepSeconds / gpus / 1e12;
            break;
        case ValidationMetric::MfuPercent:
            predicted = 100.0 * e.throughput.mfu;
            break;
        case ValidationMetric::TokensPerSecondPerGpu:
            predicted = e.throughput.tokensPerSecondPerGpu;
            break;
        case ValidationMetric::PeakMemoryGiB:
            predicted = (e.memory.peakBytes - e.memory.cudaContextBytes) / kGiB;
            break;
        }
        ValidationRow row;
        row.line = c.line;
        row.group = c.group;
        row.label = c.label;
        row.plan = e.plan.label();
        row.metric = metric;
        row.measured = measured;
        row.predicted = predicted;
        row.relativeError = (predicted - measured) / measured;
        row.assumptions = c.assumptions;
        if (!e.memory.fits)
            row.assumptions.push_back("no candidate fits in memory: predicted with the smallest");
        out.push_back(std::move(row));
    }
    return out;
}

ValidationReport validatePublishedRuns(const std::vector<PublishedRun>& runs,
                                       const model::Catalog& catalog) {
    ValidationReport report;
    for (const PublishedRun& run : runs) {
        const ReferenceCase c = referenceCase(run, catalog);
        if (!c.skipReason.empty()) {
            report.skipped.emplace_back(run.line, c.skipReason);
            continue;
        }
        auto rows = predictReferenceCase(c);
        report.rows.insert(report.rows.end(), rows.begin(), rows.end());
    }
    std::map<std::pair<std::string, int>, ValidationGroupSummary> groups;
    double total = 0;
    for (const ValidationRow& r : report.rows) {
        auto& g = groups[{r.group, static_cast<int>(r.metric)}];
        g.group = r.group;
        g.metric = r.metric;
        g.rows += 1;
        g.meanAbsError += std::fabs(r.relativeError);
        g.maxAbsError = std::max(g.maxAbsError, std::fabs(r.relativeError));
        total += std::fabs(r.relativeError);
    }
    for (auto& [key, g] : groups) {
        g.meanAbsError /= g.rows;
        report.summary.push_back(g);
    }
    report.totalRows = static_cast<int>(report.rows.size());
    report.meanAbsError = report.rows.empty() ? 0.0 : total / report.totalRows;
    return report;
}

} // namespace trainplan::sim
