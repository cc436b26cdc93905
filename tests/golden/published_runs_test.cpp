// Accuracy against published training runs (data/reference/published_runs.csv), with the targets of
// issue 3. Every row's error is printed; the assertions are on the per-source summaries.
#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/simulator/validation.h>

#include <gtest/gtest.h>

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

} // namespace

TEST(PublishedRuns, EveryRowParsesAndIsReproducedOrSkippedWithAReason) {
    const auto& f = fixture();
    EXPECT_TRUE(f.runs.ok());
    EXPECT_EQ(f.runs.runs.size(), 62u);
    for (const auto& row : f.report.rows)
        std::printf("line %2zu %-30s %-48s %-22s measured %10.2f predicted %10.2f error %+6.1f%%\n",
                    row.line, row.group.c_str(), row.label.c_str(), sim::toString(row.metric),
                    row.measured, row.predicted, 100 * row.relativeError);
    // Issue 17: the Llama 3.1 405B rows (126 layers over 8 stages, torchtitan's uneven split) are
    // reproduced, and the rows giving only torchtitan's local batch use local × dp; the rows still
    // skipped are the 8B/70B ones without any batch.
    for (const auto& [line, why] : f.report.skipped)
        EXPECT_EQ(why.find("uneven"), std::string::npos) << "line " << line << ": " << why;
    EXPECT_EQ(f.report.skipped.size(), 0u);
    for (const auto& [line, why] : f.report.skipped)
        EXPECT_FALSE(why.empty()) << "line " << line;
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
    EXPECT_LE(g->maxAbsError, 0.10);
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
    // resharding after forward under PP) are rebuilt and predicted. Peak memory is under-predicted
    // by 30–57% (torchtitan reports the caching allocator's reserved peak with Float8, async-TP and
    // compile buffers, none modelled); throughput is over-predicted as for the other torchtitan
    // rows (500 W power cap). Bounds are what the model reaches, so a regression shows.
    int memRows = 0, tputRows = 0;
    const double mem =
        meanAbsError("torchtitan 2024", sim::ValidationMetric::PeakMemoryGiB, true, memRows);
    const double tput = meanAbsError("torchtitan 2024",
                                     sim::ValidationMetric::TokensPerSecondPerGpu, true, tputRows);
    EXPECT_EQ(memRows, 6);
    EXPECT_EQ(tputRows, 6);
    EXPECT_LE(mem, 0.50);
    EXPECT_LE(tput, 0.65);
    for (const auto& r : fixture().report.rows)
        if (r.label.find("405B") != std::string::npos &&
            r.metric == sim::ValidationMetric::PeakMemoryGiB) {
            EXPECT_LT(r.predicted, r.measured) << "line " << r.line;
            EXPECT_GT(r.predicted, 0.4 * r.measured) << "line " << r.line;
        }
}
