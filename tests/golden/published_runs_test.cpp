// Accuracy against published training runs (data/reference/published_runs.csv), with the targets of
// issues 3 and 18. Every row's error is printed; the assertions are on the per-source summaries,
// the leave-one-source-out errors and the ratios that isolate one mechanism (software stack, fp8).
#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/simulator/validation.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

using namespace trainplan;

namespace {

struct Fixture {
    model::Catalog catalog = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    model::PublishedRunsLoad runs =
        model::loadPublishedRuns(TRAINPLAN_TEST_DATA_DIR "/reference/published_runs.csv");
    sim::ValidationReport report = sim::validatePublishedRuns(runs.runs, catalog);
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

const sim::ValidationGroupSummary* group(const char* name, sim::ValidationMetric metric) {
    for (const auto& g : fixture().report.summary)
        if (g.group == name && g.metric == metric) return &g;
    return nullptr;
}

// Mean |error| over every speed metric of a source (step time, throughput, MFU, TFLOP/s).
struct SpeedSummary {
    int rows = 0;
    double meanAbs = 0, maxAbs = 0;
};
SpeedSummary speed(const char* source) {
    SpeedSummary s;
    for (const auto& r : fixture().report.rows) {
        if (r.group != source || r.metric == sim::ValidationMetric::PeakMemoryGiB) continue;
        s.rows += 1;
        s.meanAbs += std::fabs(r.relativeError);
        s.maxAbs = std::max(s.maxAbs, std::fabs(r.relativeError));
    }
    if (s.rows > 0) s.meanAbs /= s.rows;
    return s;
}

double predictedAt(std::size_t line, sim::ValidationMetric metric) {
    for (const auto& r : fixture().report.rows)
        if (r.line == line && r.metric == metric) return r.predicted;
    ADD_FAILURE() << "no prediction for line " << line;
    return 0;
}

double measuredAt(std::size_t line, sim::ValidationMetric metric) {
    for (const auto& r : fixture().report.rows)
        if (r.line == line && r.metric == metric) return r.measured;
    ADD_FAILURE() << "no measurement for line " << line;
    return 1;
}

} // namespace

TEST(PublishedRuns, EveryRowParsesAndIsReproducedOrSkippedWithAReason) {
    const auto& f = fixture();
    EXPECT_TRUE(f.runs.ok());
    EXPECT_EQ(f.runs.runs.size(), 95u);
    for (const auto& row : f.report.rows)
        std::printf("line %2zu %-30s %-48s %-22s measured %10.2f predicted %10.2f error %+6.1f%%\n",
                    row.line, row.group.c_str(), row.label.c_str(), sim::toString(row.metric),
                    row.measured, row.predicted, 100 * row.relativeError);
    // Issue 17: the torchtitan Llama 3.1 405B rows (126 layers over 8 stages, torchtitan's uneven
    // split) are reproduced, and the rows giving only torchtitan's local batch use local × dp. The
    // NeMo/Megatron-Bridge 405B runs count the embedding and the loss as pipeline layers
    // (126 + 2 over pp·vpp = 64, the CSV's pipeline_split column): every row is reproduced.
    EXPECT_EQ(f.report.skipped.size(), 0u);
    for (const auto& [line, why] : f.report.skipped)
        EXPECT_FALSE(why.text(sim::Lang::En).empty()) << "line " << line;
    for (const auto& row : f.report.rows) {
        EXPECT_TRUE(std::isfinite(row.predicted)) << row.label;
        EXPECT_GT(row.predicted, 0) << row.label;
    }
}

TEST(PublishedRuns, KorthikantiTable5IterationTimes) {
    // Target: mean |error| ≤ 5%, every row ≤ 10% (Calculon's published fit: 3.65% mean, 8.87% max).
    const auto* g = group("Korthikanti et al. 2022", sim::ValidationMetric::StepSeconds);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->rows, 9);
    EXPECT_LE(g->meanAbsError, 0.05);
    EXPECT_LE(g->maxAbsError, 0.10);
}

TEST(PublishedRuns, KorthikantiModelFlopsUtilisation) {
    const auto* g = group("Korthikanti et al. 2022", sim::ValidationMetric::MfuPercent);
    ASSERT_NE(g, nullptr);
    EXPECT_LE(g->meanAbsError, 0.08);
    EXPECT_LE(g->maxAbsError, 0.12);
}

TEST(PublishedRuns, NarayananTable1ThroughputInTheirFlopConvention) {
    // Target: mean |error| ≤ 8%, every row ≤ 15%.
    const auto* g =
        group("Narayanan et al. 2021 Table 1", sim::ValidationMetric::NarayananTflopsPerGpu);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->rows, 10);
    EXPECT_LE(g->meanAbsError, 0.08);
    EXPECT_LE(g->maxAbsError, 0.15);
}

TEST(PublishedRuns, NarayananTable2ZeroThreeAndPtdP) {
    // Not a stated target; held to what the model reaches so a regression shows.
    const auto* g =
        group("Narayanan et al. 2021 Table 2", sim::ValidationMetric::NarayananTflopsPerGpu);
    ASSERT_NE(g, nullptr);
    EXPECT_LE(g->meanAbsError, 0.12);
    EXPECT_LE(g->maxAbsError, 0.22);
}

TEST(PublishedRuns, Megatron2020ReadmeIterationTimes) {
    const auto* g = group("Megatron-LM README 2020", sim::ValidationMetric::StepSeconds);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->rows, 12);
    EXPECT_LE(g->meanAbsError, 0.07);
    // GPT-2 8B on 1,024 V100 is +11.2% (slower than measured) since hidden dropout's mask
    // traffic is charged (docs/model.md, Dropout); it was +9.9% before.
    EXPECT_LE(g->maxAbsError, 0.12);
}

// Mean |error| of one metric over a source's rows, with or without the Llama 3.1 405B runs.
double meanAbsError(const char* group, sim::ValidationMetric metric, bool llama405, int& rows) {
    double sum = 0;
    rows = 0;
    for (const auto& r : fixture().report.rows) {
        if (r.group != group || r.metric != metric) continue;
        if ((r.label.find("405B") != std::string::npos) != llama405) continue;
        sum += std::fabs(r.relativeError);
        ++rows;
    }
    return rows ? sum / rows : 0.0;
}

TEST(PublishedRuns, TorchtitanPeakMemory) {
    // Target: mean |error| ≤ 10% on the 8B and 70B runs (no pipeline); 12 rows since the four 8B
    // context-parallel runs, which publish only the local batch, are rebuilt (issue 17).
    int rows = 0;
    const double mean =
        meanAbsError("torchtitan 2024", sim::ValidationMetric::PeakMemoryGiB, false, rows);
    EXPECT_EQ(rows, 12);
    EXPECT_LE(mean, 0.10);
}

TEST(PublishedRuns, TorchtitanLlama405BPipelineRowsAreReproduced) {
    // Regression guard, not a target: the six 405B runs (pp 8 with torchtitan's split, FSDP not
    // resharding after forward under PP) are rebuilt and predicted. Peak memory was under-predicted
    // by 42–57% until the model kept the unsharded fp32 gradients FSDP accumulates under
    // torch.distributed.pipelining and the caching allocator's fragmentation of what churns
    // (issue 17 item 6), and 4–22% under after it. Since the rows take torchtitan's default of one
    // micro-batch per pipeline rank (local batch 32 / 8 = micro-batch 4 on lines 58-59, not a
    // searched 2) and interleaving holds its warm-up chunks capped by the step's (Megatron-Core
    // get_num_warmup_microbatches), they are 15% under to 2.4% over, 7.6% mean; throughput is
    // within 1.5% without context parallelism and 16–31% over with it (the CP gap of
    // docs/model.md). Bounds are what the model reaches, so a regression shows.
    int memRows = 0, tputRows = 0;
    const double mem =
        meanAbsError("torchtitan 2024", sim::ValidationMetric::PeakMemoryGiB, true, memRows);
    const double tput = meanAbsError("torchtitan 2024",
                                     sim::ValidationMetric::TokensPerSecondPerGpu, true, tputRows);
    EXPECT_EQ(memRows, 6);
    EXPECT_EQ(tputRows, 6);
    EXPECT_LE(mem, 0.09);
    EXPECT_LE(tput, 0.12);
    for (const auto& r : fixture().report.rows)
        if (r.label.find("405B") != std::string::npos &&
            r.metric == sim::ValidationMetric::PeakMemoryGiB) {
            EXPECT_LT(r.predicted, 1.05 * r.measured) << "line " << r.line;
            EXPECT_GT(r.predicted, 0.80 * r.measured) << "line " << r.line;
        }
    // Every torchtitan memory row together (8B, 70B and 405B): 8.6% mean since item 6, 20.1%
    // before.
    int allRows = 0;
    const double all =
        (meanAbsError("torchtitan 2024", sim::ValidationMetric::PeakMemoryGiB, false, allRows) *
             allRows +
         mem * memRows) /
        (allRows + memRows);
    EXPECT_EQ(allRows + memRows, 18);
    EXPECT_LE(all, 0.10);
}

TEST(PublishedRuns, TorchtitanThroughput) {
    // Target (issue 18): mean |error| ≤ 12% over all 18 torchtitan H100 throughput rows (10.6%
    // since the rows run at the published 2.4 TB/s of their 96 GB HBM2e parts; 13.4% at the 80 GB
    // SXM5's 3.35 TB/s; 44.5% before the op-level compute model). The rows with a published global
    // batch (power-capped at 500 W; eager, compiled and Float8; lines 46-48 and 53-57) are within
    // 7% each, 3.3% mean. The long-context CP rows (49-52) and the 405B CP rows are the known gap
    // of docs/model.md, guarded below and in the 405B test.
    double sum = 0, cpSum = 0, allSum = 0;
    int n = 0, cp = 0, all = 0;
    for (const auto& r : fixture().report.rows) {
        if (r.group != "torchtitan 2024" ||
            r.metric != sim::ValidationMetric::TokensPerSecondPerGpu)
            continue;
        allSum += std::fabs(r.relativeError);
        ++all;
        if ((r.line >= 46 && r.line <= 48) || (r.line >= 53 && r.line <= 57)) {
            sum += std::fabs(r.relativeError);
            ++n;
            EXPECT_LE(std::fabs(r.relativeError), 0.07) << "line " << r.line;
        } else if (r.line >= 49 && r.line <= 52) {
            cpSum += std::fabs(r.relativeError);
            ++cp;
        }
    }
    ASSERT_EQ(all, 18);
    EXPECT_LE(allSum / all, 0.12);
    ASSERT_EQ(n, 8);
    EXPECT_LE(sum / n, 0.05);
    ASSERT_EQ(cp, 4);
    EXPECT_LE(cpSum / cp, 0.26);
}

TEST(PublishedRuns, TorchtitanEagerCompileAndFloat8RatiosComeFromTheMechanisms) {
    // The same plan and cluster in three stacks (lines 46-48): torch.compile over eager measured
    // 6,667 / 5,762 = 1.157 (it was predicted 1.00 before the software stack was an input);
    // Float8 over bf16 (both compiled) 8,532 / 6,667 = 1.280 (predicted 1.58 before).
    using sim::ValidationMetric;
    const double eager = predictedAt(46, ValidationMetric::TokensPerSecondPerGpu);
    const double compiled = predictedAt(47, ValidationMetric::TokensPerSecondPerGpu);
    const double float8 = predictedAt(48, ValidationMetric::TokensPerSecondPerGpu);
    EXPECT_NEAR(compiled / eager, 1.157, 0.06);
    EXPECT_NEAR(float8 / compiled, 1.280, 0.08);
}

TEST(PublishedRuns, MegatronBridgePerformanceSummary) {
    // The two Llama 3.1 405B rows (pipeline_split embedding+loss) are within 15% each.
    const SpeedSummary s = speed("Megatron-Bridge performance summary");
    EXPECT_EQ(s.rows, 4);
    EXPECT_LE(s.meanAbs, 0.10);
    for (const std::size_t line : {78u, 80u})
        EXPECT_NEAR(predictedAt(line, sim::ValidationMetric::TokensPerSecondPerGpu) /
                        measuredAt(line, sim::ValidationMetric::TokensPerSecondPerGpu),
                    1.0, 0.15)
            << "line " << line;
}

TEST(PublishedRuns, MlperfTrainingStepTimes) {
    // GPT-3 175B on 64-1,536 H100 (NeMo, fp8, TP overlap) are within 5% on average; the 10,752-GPU
    // run is the known gap (docs/model.md). The Llama 3.1 405B runs (NeMo, fp8, embedding and loss
    // as pipeline layers) on 512-2,048 H100 and H200 are within 15% each; the one on 256 B200,
    // whose fp8 GEMM efficiency is assumed (docs/model.md, per-generation efficiency), within 20%.
    // Data-parallel traffic runs over the dp x cp ranks (Megatron-Core's gradient group), which
    // brought the CP2 Llama 3.1 8B runs on 64 B200 and H200 from 66% and 10% to within 11%.
    const SpeedSummary s = speed("MLPerf Training");
    EXPECT_EQ(s.rows, 13);
    EXPECT_LE(s.meanAbs, 0.10);
    for (const std::size_t line : {69u, 70u, 71u, 72u, 73u})
        EXPECT_NEAR(predictedAt(line, sim::ValidationMetric::StepSeconds) /
                        measuredAt(line, sim::ValidationMetric::StepSeconds),
                    1.0, 0.15)
            << "line " << line;
    EXPECT_NEAR(predictedAt(74, sim::ValidationMetric::StepSeconds) /
                    measuredAt(74, sim::ValidationMetric::StepSeconds),
                1.0, 0.20);
    for (const std::size_t line : {75u, 76u})
        EXPECT_NEAR(predictedAt(line, sim::ValidationMetric::StepSeconds) /
                        measuredAt(line, sim::ValidationMetric::StepSeconds),
                    1.0, 0.12)
            << "line " << line;
}

TEST(PublishedRuns, TheAttentionKernelIsReadFromWhatTheSourceStates) {
    // Only llm-foundry's rows name a kernel (attn_impl 'triton'); every other row keeps its
    // stack's usual kernel.
    const model::Catalog catalog = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    int triton = 0;
    for (const model::PublishedRun& run : fixture().runs.runs) {
        const sim::ReferenceCase c = sim::referenceCase(run, catalog);
        const bool foundry = c.group == "llm-foundry benchmarks";
        EXPECT_EQ(c.scenario.training.attentionKernel,
                  foundry ? model::AttentionKernel::Triton : model::AttentionKernel::Auto)
            << "line " << c.line;
        triton += foundry;
    }
    EXPECT_EQ(triton, 11);
}

TEST(PublishedRuns, TheGpuRunsAtTheHbmBandwidthItsSourcePublishes) {
    // torchtitan's Grand Teton H100s carry 96 GB HBM2e at 2.4 TB/s (benchmarks/
    // llama3_h100_202412_torchtitan.md, Hardware); the CSV says so and the case uses it, not the
    // 80 GB SXM5's 3.35 TB/s. Rows that state no bandwidth keep the catalog part's.
    const model::Catalog catalog = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    int stated = 0;
    for (const model::PublishedRun& run : fixture().runs.runs) {
        const sim::ReferenceCase c = sim::referenceCase(run, catalog);
        if (c.skip) continue;
        if (c.group == "torchtitan 2024") {
            ++stated;
            EXPECT_DOUBLE_EQ(c.scenario.cluster.gpu.hbmBytesPerSecond, 2.4e12) << "line " << c.line;
            EXPECT_TRUE(c.scenario.cluster.gpuRef.empty()) << "line " << c.line;
        } else if (const model::GpuSpec* g = catalog.findGpu(c.scenario.cluster.gpu.name)) {
            EXPECT_DOUBLE_EQ(c.scenario.cluster.gpu.hbmBytesPerSecond, g->hbmBytesPerSecond)
                << "line " << c.line;
        }
    }
    EXPECT_EQ(stated, 18);
}

TEST(PublishedRuns, TorchtitanPipelineRowsSplitTheLocalBatchIntoOneMicroBatchPerRank) {
    // torchtitan's pipeline_parallel_microbatches defaults to the pipeline degree: the 405B rows'
    // local batch 32 (lines 58-59) runs as 8 micro-batches of 4, local batch 8 (lines 60-63) as
    // 8 of 1. Rows without a pipeline keep the search of unpublished micro-batches.
    const model::Catalog catalog = model::loadCatalog(TRAINPLAN_TEST_DATA_DIR "/catalog");
    int pipelined = 0;
    for (const model::PublishedRun& run : fixture().runs.runs) {
        const sim::ReferenceCase c = sim::referenceCase(run, catalog);
        if (c.group != "torchtitan 2024" || c.plan.pp <= 1) continue;
        ++pipelined;
        EXPECT_FALSE(c.searchMicroBatch) << "line " << c.line;
        EXPECT_EQ(c.plan.microBatch, c.line <= 59 ? 4 : 1) << "line " << c.line;
        EXPECT_EQ(c.scenario.training.globalBatch / (c.plan.dp * c.plan.microBatch), c.plan.pp)
            << "line " << c.line;
    }
    EXPECT_EQ(pipelined, 6);
}

TEST(PublishedRuns, LlmFoundryRunsWithItsTritonAttention) {
    // llm-foundry's benchmarks ran attn_impl 'triton' (submit_benchmarks.py default): FlashAttention
    // in Triton, 1.8x slower than FlashAttention-2 (FA2 paper §4.1). With that kernel the source is
    // within 10% (it was 14.4% MFU / 15.4% tokens/s with FA2's rate), and the 8k-token MPT-3B rows,
    // where attention is a third of the layer, are within 5%.
    EXPECT_LE(speed("llm-foundry benchmarks").meanAbs, 0.07);
    for (const std::size_t line : {86u, 87u})
        EXPECT_NEAR(predictedAt(line, sim::ValidationMetric::TokensPerSecondPerGpu) /
                        measuredAt(line, sim::ValidationMetric::TokensPerSecondPerGpu),
                    1.0, 0.05)
            << "line " << line;
}

TEST(PublishedRuns, Megatron2024ReadmeWithinTenPercent) {
    // Megatron-Core on H100 with an unpublished micro-batch: 17.3% before hidden collectives paid
    // their NCCL SM share, 13.7% since, 12.9% with Megatron-Core's loss passes, 11.8% since the
    // rows state the unfused loss their flags imply, 9.2% since they state Megatron-LM's default
    // dropout, which the flash kernel pays for (docs/model.md, Dropout). The issue's bar is 10%.
    EXPECT_LE(speed("Megatron-LM README 2024").meanAbs, 0.10);
    // The GPT 1.7B row, where attention is the largest share (s/h = 2), is the worst: +15.0%.
    EXPECT_NEAR(predictedAt(89u, sim::ValidationMetric::MfuPercent) /
                    measuredAt(89u, sim::ValidationMetric::MfuPercent),
                1.15, 0.01);
}

TEST(PublishedRuns, EverySourceAndMetricMeetsTheIssuesBar) {
    // Issue 18's "done when": mean |error| <= 10% for every source and metric of the public runs,
    // torchtitan throughput <= 12%.
    const auto& summary = fixture().report.summary;
    EXPECT_GE(summary.size(), 12u);
    for (const auto& g : summary) {
        const bool torchtitanSpeed = g.group == "torchtitan 2024" &&
                                     g.metric == sim::ValidationMetric::TokensPerSecondPerGpu;
        EXPECT_LE(g.meanAbsError, torchtitanSpeed ? 0.12 : 0.10)
            << g.group << " " << static_cast<int>(g.metric) << ": " << g.rows << " rows";
    }
}

TEST(PublishedRuns, LeaveOneSourceOut) {
    // Target (issue 18): fitting the one global GEMM-rate scale on every source but one and
    // predicting that one stays within 15% mean |error| over the held-out speed rows.
    const auto& r = fixture().report;
    EXPECT_GE(r.leaveOneSourceOut.size(), 8u);
    EXPECT_LE(r.leaveOneSourceOutMeanAbsError, 0.10); // 8.8% measured; the issue asks <= 15%
    // The defaults are the all-source fit: its scale is within 3% of 1.
    EXPECT_NEAR(r.fittedGemmScale, 1.0, 0.03);
    for (const auto& l : r.leaveOneSourceOut) {
        EXPECT_GT(l.rows, 0) << l.source;
        EXPECT_NEAR(l.gemmScale, 1.0, 0.06) << l.source;
    }
}

TEST(PublishedRuns, ErrorIsBrokenDownByGenerationFrameworkPrecisionAndStack) {
    const auto& r = fixture().report;
    auto has = [&](const char* dimension, const char* key) {
        for (const auto& b : r.breakdown)
            if (b.dimension == dimension && b.key == key) return b.rows > 0;
        return false;
    };
    EXPECT_TRUE(has("gpu generation (speed)", "ampere"));
    EXPECT_TRUE(has("gpu generation (speed)", "hopper"));
    EXPECT_TRUE(has("gpu generation (speed)", "blackwell"));
    EXPECT_TRUE(has("framework (speed)", "fsdp"));
    EXPECT_TRUE(has("precision (speed)", "fp8"));
    EXPECT_TRUE(has("software stack (speed)", "compile"));
    EXPECT_TRUE(has("software stack (speed)", "cuda_graphs"));
}
