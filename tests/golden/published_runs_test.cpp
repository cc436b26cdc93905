// Accuracy against published training runs (data/reference/published_runs.csv), with the targets of
// issue 3. Every row's error is printed; the assertions are on the per-source summaries.
#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/simulator/validation.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

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
    // The ten rows without a published global batch or with uneven pipeline stages (126 layers over
    // 8).
    EXPECT_EQ(f.report.skipped.size(), 10u);
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

TEST(PublishedRuns, TorchtitanPeakMemory) {
    // Target: mean |error| ≤ 10%.
    const auto* g = group("torchtitan 2024", sim::ValidationMetric::PeakMemoryGiB);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->rows, 8);
    EXPECT_LE(g->meanAbsError, 0.10);
}
