// A published run rebuilt as a scenario and plan (ReferenceCase): the catalog GPU and links its
// text names, the framework, software stack and layout it states, and an assumption recorded for
// every blank or ambiguous cell (split out of validation.cpp, which predicts the cases and scores
// the predictions).
#include <trainplan/simulator/validation.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace trainplan::sim {

using model::Framework;
using model::PublishedRun;
using model::units::kGiB;

namespace {

bool contains(const std::string& s, const char* needle) {
    return s.find(needle) != std::string::npos;
}

// True when the text states the feature is used: an occurrence of `needle` not negated nearby
// ("no CUDA graphs", "CUDA_GRAPH unset", "without torch.compile", "compile=False").
bool states(const std::string& text, const char* needle) {
    const std::string n(needle);
    for (std::size_t at = text.find(n); at != std::string::npos; at = text.find(n, at + 1)) {
        const std::string before = text.substr(at >= 12 ? at - 12 : 0, at >= 12 ? 12 : at);
        const std::string after = text.substr(at + n.size(), 24);
        const bool negated =
            before.find("no ") != std::string::npos || before.find("not ") != std::string::npos ||
            before.find("without") != std::string::npos ||
            before.find("w/o") != std::string::npos || after.find("unset") != std::string::npos ||
            after.find("=0") != std::string::npos || after.find("=False") != std::string::npos ||
            after.find(" off") != std::string::npos || after.find("disabled") != std::string::npos;
        if (!negated) return true;
    }
    return false;
}

// "2.4 TB/s" in the published GPU description: the HBM bandwidth of that part (torchtitan's
// Grand Teton H100s carry 96 GB HBM2e at 2.4 TB/s, not the 80 GB SXM5's 3.35).
std::optional<double> hbmBytesPerSecond(const std::string& gpu) {
    const std::size_t at = gpu.find("TB/s");
    if (at == std::string::npos) return std::nullopt;
    std::size_t i = at;
    while (i > 0 && gpu[i - 1] == ' ')
        --i;
    std::size_t j = i;
    while (j > 0 && (std::isdigit(static_cast<unsigned char>(gpu[j - 1])) || gpu[j - 1] == '.'))
        --j;
    if (j == i) return std::nullopt;
    return std::stod(gpu.substr(j, i - j)) * 1e12;
}

// "500W power limit" / "power cap 450 W" in the published GPU description.
std::optional<double> powerLimitWatts(const std::string& gpu) {
    const std::size_t at = gpu.find("power");
    if (at == std::string::npos) return std::nullopt;
    for (std::size_t i = 0; i < gpu.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(gpu[i]))) continue;
        std::size_t j = i;
        while (j < gpu.size() && std::isdigit(static_cast<unsigned char>(gpu[j])))
            ++j;
        std::size_t k = j;
        while (k < gpu.size() && gpu[k] == ' ')
            ++k;
        if (k < gpu.size() && gpu[k] == 'W') return std::stod(gpu.substr(i, j - i));
        i = j;
    }
    return std::nullopt;
}

std::string groupOf(const PublishedRun& r) {
    if (contains(r.sourceText, "Korthikanti")) return "Korthikanti et al. 2022";
    if (contains(r.sourceText, "Narayanan") && contains(r.sourceText, "Table 1"))
        return "Narayanan et al. 2021 Table 1";
    if (contains(r.sourceText, "Narayanan")) return "Narayanan et al. 2021 Table 2";
    if (contains(r.framework, "torchtitan") || contains(r.sourceText, "torchtitan"))
        return "torchtitan 2024";
    if (contains(r.sourceText, "MLPerf")) return "MLPerf Training";
    if (contains(r.sourceText, "llm-foundry")) return "llm-foundry benchmarks";
    if (contains(r.sourceText, "Megatron-Bridge")) return "Megatron-Bridge performance summary";
    if (contains(r.sourceText, "Megatron-LM README") && contains(r.sourceText, "2024"))
        return "Megatron-LM README 2024";
    if (contains(r.framework, "2020") || contains(r.sourceText, "2020"))
        return "Megatron-LM README 2020";
    // Any other source is its own group: the text up to the first comma or parenthesis.
    std::string head = r.sourceText.substr(0, r.sourceText.find_first_of(",("));
    while (!head.empty() && (head.back() == ' ' || head.back() == '\''))
        head.pop_back();
    return head.empty() ? "other" : head.substr(0, 60);
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

ReferenceCase referenceCase(const PublishedRun& r, const model::Catalog& catalog) {
    ReferenceCase c;
    c.line = r.line;
    c.group = groupOf(r);
    c.source = r.sourceText;
    c.label = r.modelName + " on " + std::to_string(r.numGpus.value_or(0)) + " GPUs";
    c.modelName = r.modelName;
    c.gpus = r.numGpus.value_or(0);
    auto skip = [&c](RefSkipId why, std::vector<MessageArg> args = {},
                     std::optional<model::ValidationIssue> planIssue = std::nullopt) {
        c.skip = RefSkip{why, std::move(args), std::move(planIssue)};
        return c;
    };
    if (!r.layers || !r.hidden || !r.heads || !r.seqLen || !r.vocab || !r.numGpus)
        return skip(RefSkipId::ArchitectureNotPublished);
    std::optional<long long> globalBatch = r.globalBatch;
    if (!globalBatch && r.dp) {
        // torchtitan's tables give the batch per data-parallel rank ("local batch 8"): the global
        // batch is that times dp (rows that give both agree: local 32 × dp 8 = global 256).
        if (const std::optional<long long> local = localBatch(r.notes)) {
            globalBatch = *local * *r.dp;
            c.assumptions.push_back(
                {RefNoteId::GlobalFromLocalBatch,
                 {textArg(std::to_string(*local)), textArg(std::to_string(*r.dp))}});
        }
    }
    if (!globalBatch) return skip(RefSkipId::GlobalBatchNotPublished);

    model::Scenario& s = c.scenario;
    s.name = c.label;
    // A published run did run: its plan is judged against the whole card, not a planning margin.
    s.constraints.memoryHeadroomFraction = 0.0;
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
        {llama ? RefNoteId::LlamaArchitecture : RefNoteId::GptArchitecture, {}});

    // GPU and links: the catalog entry the published GPU names, with its NVLink generation.
    const std::string& g = r.gpuType;
    struct GpuMatch {
        const char* needle;
        const char* gpu;
        const char* intra;
    };
    static const GpuMatch kMatches[] = {
        {"GB200", "B200", "NVLink5-NVSwitch"},
        {"B200", "B200", "NVLink5-NVSwitch"},
        {"H200", "H200-SXM-141GB", "NVLink4-NVSwitch"},
        {"H800", "H800-SXM5-80GB", "NVLink4-H800"},
        {"H100", "H100-SXM5-80GB", "NVLink4-NVSwitch"},
        {"H20", "H20", "NVLink4-NVSwitch"},
        {"A800", "A800-SXM4-80GB", "NVLink3-A800"},
        {"MI300X", "MI300X", "Infinity-Fabric-MI300X"},
        {"L40S", "L40S", "PCIe-Gen4"},
        {"4090", "RTX-4090", "PCIe-Gen4"},
    };
    std::string gpuName, intraName;
    int gpusPerNode = r.gpusPerNode.value_or(8);
    if (contains(g, "V100")) {
        gpuName = "V100-SXM2-32GB";
        intraName = "NVLink2-NVSwitch";
        if (!r.gpusPerNode) gpusPerNode = 16; // DGX-2
    } else if (contains(g, "A100")) {
        const bool is80 = r.gpuMemGb && *r.gpuMemGb >= 79;
        gpuName = is80 ? "A100-SXM4-80GB" : "A100-SXM4-40GB";
        if (!r.gpuMemGb) c.assumptions.push_back({RefNoteId::A100MemoryNotStated, {}});
        intraName = "NVLink3-NVSwitch";
    } else {
        for (const GpuMatch& m : kMatches)
            if (contains(g, m.needle)) {
                gpuName = m.gpu;
                intraName = m.intra;
                break;
            }
        if (gpuName.empty()) return skip(RefSkipId::GpuNotInCatalog, {textArg(g)});
    }
    const model::GpuSpec* gpu = catalog.findGpu(gpuName);
    const model::LinkSpec* intra = catalog.findLink(intraName);
    if (!gpu || !intra)
        return skip(RefSkipId::CatalogLacksGpuOrLink, {textArg(gpuName), textArg(intraName)});
    s.cluster.gpu = *gpu;
    s.cluster.gpuRef = gpu->name;
    if (r.gpuMemGb && std::fabs(*r.gpuMemGb - gpu->memoryBytes / kGiB) > 1) {
        s.cluster.gpu.memoryBytes = *r.gpuMemGb * kGiB;
        s.cluster.gpuRef.clear();
        c.assumptions.push_back({RefNoteId::GpuMemoryPublished,
                                 {textArg(std::to_string(static_cast<int>(*r.gpuMemGb)))}});
    }
    if (const std::optional<double> hbm = hbmBytesPerSecond(g)) {
        s.cluster.gpu.hbmBytesPerSecond = *hbm;
        s.cluster.gpuRef.clear();
        char terabytes[32];
        std::snprintf(terabytes, sizeof terabytes, "%.2g", *hbm / 1e12);
        c.assumptions.push_back({RefNoteId::HbmPublished, {textArg(terabytes)}});
    }
    if (const std::optional<double> cap = powerLimitWatts(g)) {
        s.cluster.gpuPowerLimitWatts = *cap;
        c.assumptions.push_back(
            {RefNoteId::PowerCap, {textArg(std::to_string(static_cast<int>(*cap)))}});
    }
    s.cluster.intraNode = *intra;
    s.cluster.intraNodeRef = intra->name;
    const std::string& ib = r.interNodeLink;
    const model::LinkSpec* inter = nullptr;
    int nics = 8;
    if (contains(ib, "HDR"))
        inter = catalog.findLink("InfiniBand-HDR-200");
    else if (contains(ib, "NDR") || (contains(ib, "InfiniBand") && contains(ib, "400")))
        inter = catalog.findLink("InfiniBand-NDR-400");
    else if (contains(ib, "400"))
        inter = catalog.findLink("RoCE-400GbE");
    else if (contains(ib, "200"))
        inter = catalog.findLink("RoCE-200GbE");
    else if (contains(g, "H100") || contains(g, "H200") || contains(g, "B200")) {
        inter = catalog.findLink("InfiniBand-NDR-400");
        c.assumptions.push_back({RefNoteId::InterNodeNdr, {}});
    } else if (contains(g, "V100")) {
        // DGX-2: 8 × 100 Gb/s EDR InfiniBand (NVIDIA DGX-2 datasheet).
        static const model::LinkSpec edr{
            "InfiniBand-EDR-100",
            model::LinkKind::InfiniBand,
            12.5e9,
            5e-6,
            "Mellanox EDR 100 Gb/s per port (DGX-2 datasheet: 8 ports)",
            "Mellanox EDR 每端口 100 Gb/s（DGX-2 数据手册：8 个端口）"};
        inter = &edr;
        c.assumptions.push_back({RefNoteId::InterNodeEdrDgx2, {}});
    } else {
        inter = catalog.findLink("InfiniBand-HDR-200");
        c.assumptions.push_back({RefNoteId::InterNodeHdrDgxA100, {}});
    }
    if (!inter) return skip(RefSkipId::CatalogLacksInterNode);
    s.cluster.interNode = *inter;
    s.cluster.interNodeRef = catalog.findLink(inter->name) ? inter->name : "";
    s.cluster.nicsPerNode = nics;
    const int gpus = *r.numGpus;
    if (gpus < gpusPerNode) gpusPerNode = gpus;
    if (gpus % gpusPerNode != 0) return skip(RefSkipId::GpusNotMultipleOfNode);
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
    // Flash attention (Dao et al. 2022) postdates the Megatron papers' runs of 2020-2022 on V100
    // and A100; every H100-era stack (SDPA, Transformer Engine) uses flash kernels.
    s.training.flashAttention = torchtitan || !(contains(g, "V100") || contains(g, "A100")) ||
                                contains(r.notes, "flash") || contains(r.notes, "Flash");

    // Plan.
    model::Plan& p = c.plan;
    const std::string stackText = r.framework + " " + r.notes;
    const bool megatronCore = contains(stackText, "NeMo") || contains(stackText, "Megatron-Core") ||
                              contains(stackText, "Transformer Engine") ||
                              contains(stackText, "MCore");
    if (contains(r.framework, "ZeRO")) {
        p.framework = Framework::DeepSpeed;
        p.zeroStage = contains(r.framework, "ZeRO-1") ? 1 : contains(r.framework, "ZeRO-2") ? 2 : 3;
    } else if (torchtitan || contains(r.framework, "FSDP")) {
        p.framework = Framework::Fsdp;
        p.zeroStage = 3;
    } else if (contains(r.framework, "DDP")) {
        p.framework = Framework::Ddp;
        p.zeroStage = 0;
    } else if (contains(r.framework, "Megatron") || megatronCore) {
        p.framework = Framework::Megatron;
        // The distributed optimizer came in 2022 and is the Megatron-Core/NeMo default.
        p.zeroStage = megatronCore ? 1 : 0;
    } else if (contains(r.framework, "DeepSpeed")) {
        p.framework = Framework::DeepSpeed;
        p.zeroStage = 1;
    } else {
        return skip(RefSkipId::FrameworkNotRecognised, {textArg(r.framework)});
    }
    // The software stack as published: torch.compile, CUDA graphs, Megatron's fused kernels
    // (Megatron-DeepSpeed included), else PyTorch eager.
    if (states(stackText, "CUDA graph") || states(stackText, "cuda graph") ||
        states(stackText, "CUDA Graph") || states(stackText, "CUDA_GRAPH") ||
        states(stackText, "cuda_graph"))
        s.training.execution = model::ExecutionMode::CudaGraphs;
    else if (states(stackText, "torch.compile") || states(stackText, "compile"))
        s.training.execution = model::ExecutionMode::Compile;
    else if (contains(stackText, "Megatron") || megatronCore)
        s.training.execution = model::ExecutionMode::Fused;
    else
        s.training.execution = model::ExecutionMode::Eager;
    // The attention kernel where the source names it: llm-foundry's attn_impl 'triton' (its
    // FlashAttention-1 algorithm in Triton; the rows quote submit_benchmarks.py's default) and
    // Megatron's --attention-backend flag. Anything else keeps the stack's usual kernel.
    if (states(stackText, "attn_impl: triton") || states(stackText, "default 'triton'"))
        s.training.attentionKernel = model::AttentionKernel::Triton;
    else if (states(stackText, "--attention-backend flash"))
        s.training.attentionKernel = model::AttentionKernel::Flash2;
    else if (states(stackText, "--attention-backend fused"))
        s.training.attentionKernel = model::AttentionKernel::Fused;
    // The Megatron/DeepSpeed runs of 2020-2022 predate opt-in gradient-reduce overlap; PyTorch DDP
    // and FSDP overlap by design, Megatron-Core/NeMo recipes set --overlap-grad-reduce.
    p.dpOverlap = torchtitan || megatronCore || p.framework == Framework::Fsdp ||
                  p.framework == Framework::Ddp;
    p.tp = r.tp.value_or(0);
    p.pp = r.pp.value_or(0);
    if (p.tp == 0 && p.pp == 0 && p.framework == Framework::Megatron) {
        // Narayanan Table 2 states only the model-parallel size (96 = 8 × 12).
        p.tp = 8;
        p.pp = 12;
        c.assumptions.push_back({RefNoteId::ModelParallel96, {}});
    }
    if (p.tp == 0) p.tp = 1;
    if (p.pp == 0) p.pp = 1;
    p.cp = r.cp.value_or(1);
    p.ep = r.ep.value_or(1);
    if (r.etp && *r.etp != p.tp) p.etp = *r.etp; // folded experts (MoE parallel folding)
    p.dp = r.dp.value_or(gpus / std::max(1, p.tp * p.pp * p.cp));
    p.vpp = r.vpp.value_or(1);
    if (torchtitan && !r.vpp && p.pp > 1 && contains(r.notes, "Interleaved 1F1B")) {
        // torchtitan builds two stages per rank for a multi-stage schedule unless told otherwise
        // (torchtitan 9dec370 generate_split_points; pipeline_parallel.py today).
        p.vpp = 2;
        c.assumptions.push_back({RefNoteId::TorchtitanInterleaved, {}});
    }
    // Megatron-LM/NeMo runs that count the embedding and the loss as pipeline layers (Llama 3.1
    // 405B: 126 + 2 = 128 layers over pp 8 × vpp 8).
    if (!r.crossEntropy.empty())
        if (const auto loss = model::crossEntropyFromString(r.crossEntropy))
            s.training.crossEntropy = *loss;
    if (r.dropout) {
        s.training.attentionDropout = *r.dropout;
        s.training.hiddenDropout = *r.dropout;
    }
    if (r.pipelineSplit.find("embedding") != std::string::npos) p.pipeline.embeddingAsLayer = true;
    if (r.pipelineSplit.find("loss") != std::string::npos) p.pipeline.lossAsLayer = true;
    if (torchtitan && p.pp > 1) c.assumptions.push_back({RefNoteId::TorchtitanPipelineSplit, {}});
    const long long perRank = *globalBatch / std::max(1, p.dp);
    if (r.microBatch) {
        p.microBatch = *r.microBatch;
    } else if (torchtitan && p.pp > 1 && perRank % p.pp == 0) {
        // torchtitan splits the local batch into as many micro-batches as there are pipeline
        // ranks unless told otherwise (experimental.pipeline_parallel_microbatches: "The default
        // value will be the number of pipeline stages"; torchtitan 9dec370 build_pipeline_schedule:
        // n_microbatches = pipeline_parallel_microbatches or pipeline_parallel_degree).
        p.microBatch = static_cast<int>(perRank / p.pp);
        c.assumptions.push_back(
            {RefNoteId::MicroBatchFromLocal,
             {textArg(std::to_string(perRank)), textArg(std::to_string(p.pp))}});
    } else {
        c.searchMicroBatch = true;
        c.assumptions.push_back({RefNoteId::MicroBatchSearched, {}});
    }
    if (!r.vpp && p.pp > 1 && c.group == "Narayanan et al. 2021 Table 1") {
        c.searchInterleaving = true;
        c.assumptions.push_back({RefNoteId::InterleavingSearched, {}});
    }
    if (contains(r.recompute, "full"))
        p.recompute = model::Recompute::Full;
    else if (contains(r.recompute, "selective"))
        p.recompute = model::Recompute::Selective;
    else if (contains(r.recompute, "none") || contains(r.recompute, "off") ||
             contains(r.recompute, "no "))
        p.recompute = model::Recompute::None;
    else if (p.framework == Framework::Megatron && !megatronCore &&
             (contains(g, "V100") || contains(g, "A100"))) {
        p.recompute = model::Recompute::Full;
        c.assumptions.push_back({RefNoteId::RecomputeFullAssumed, {}});
    } else {
        p.recompute = model::Recompute::None;
        c.assumptions.push_back({RefNoteId::RecomputeNoneAssumed, {}});
    }
    // Async TP (torchtitan's micro-pipelined TP) and Megatron's --tp-comm-overlap hide the TP
    // collectives behind the GEMMs.
    p.tpCommOverlap =
        p.tp > 1 && (states(stackText, "AsyncTP") || states(stackText, "Async TP") ||
                     states(stackText, "tp-comm-overlap") || states(stackText, "TP comm overlap") ||
                     states(stackText, "TP overlap"));
    // Sequence parallelism goes with TP in torchtitan and Megatron-Core/NeMo recipes.
    p.sequenceParallel = r.sequenceParallel.value_or((torchtitan || megatronCore) && p.tp > 1);

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
    if (c.measured.empty()) return skip(RefSkipId::NoMeasurement);

    // Structural checks (uneven pipeline stages, etc.).
    model::Plan probe = p;
    if (c.searchMicroBatch) probe.microBatch = 1;
    const auto issues = model::validatePlan(s, probe, "plan");
    for (const auto& issue : issues)
        if (issue.path != "plan.micro_batch") return skip(RefSkipId::NotReproducible, {}, issue);
    return c;
}

} // namespace trainplan::sim
