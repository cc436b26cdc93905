// The report's predicted-against-measured section (issue 23 item 3): the library's runs on the
// scenario's cluster, each measured value beside its prediction with the error and the 80%
// interval, and a run far outside it named with the likely causes, in both languages.
#include "report_test_support.h"

#include <trainplan/report/report.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/estimate.h>

#include <QFile>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::report {
namespace {

using test::findSection;

model::Plan fsdpPlan() {
    model::Plan p;
    p.framework = model::Framework::Fsdp;
    p.dp = 8;
    p.microBatch = 2;
    p.zeroStage = 3;
    return p;
}

// One run of `s` with `plan`, measured at `factor` × the model's step time.
sim::CalibrationRun runAt(model::Scenario s, const model::Plan& plan, double factor,
                          const std::string& label) {
    s.plans = {plan};
    sim::CalibrationRun run = services::calibrationRunOf(s, label);
    const double step = sim::evaluatePlan(sim::makeContext(run.scenario), plan).time.stepSeconds;
    run.measured = {{sim::ValidationMetric::StepSeconds, factor * step}};
    return run;
}

TEST(ReportMeasured, RunsOnTheClusterArePredictedAgainstMeasuredAndAFarMissNamesItsCauses) {
    const model::Scenario s =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    model::Scenario elsewhere = s;
    elsewhere.cluster.gpu = *test::catalog().findGpu("H100-SXM5-80GB");
    services::StoredCalibrationRuns library;
    library.runs = {runAt(s, fsdpPlan(), 2.0, "Llama #7"),
                    runAt(elsewhere, fsdpPlan(), 1.0, "Llama H100 #8")};
    library.runIds = {7, 8};

    ReportInputs in;
    in.catalog = &test::catalog();
    in.publishedRuns = &test::publishedRuns();
    in.version = "test";
    in.date = "2026-12-03";
    in.breakPoints = false;
    in.crossover = false;
    in.sizing = false;
    in.measuredRuns = &library;
    const ReportData d = computeReportData(s, in);
    EXPECT_TRUE(d.measuredChecked);
    EXPECT_EQ(d.cluster, services::clusterKey(s));
    ASSERT_EQ(d.measured.size(), 1u) << "only the runs on this scenario's cluster";
    const services::RunCheck& r = d.measured.front();
    EXPECT_EQ(r.runId, 7);
    ASSERT_TRUE(r.stepSeconds);
    EXPECT_NEAR(r.stepSeconds->error(), -0.5, 1e-9);
    EXPECT_TRUE(r.flagged);
    ASSERT_FALSE(r.causes.empty());

    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        const Document doc = buildReportDocument(d, lang);
        const Section* sec = findSection(doc, "measured");
        ASSERT_NE(sec, nullptr);
        EXPECT_EQ(sec->title, text(Text::SecMeasured, lang));
        const auto table = std::find_if(sec->blocks.begin(), sec->blocks.end(),
                                        [](const Block& b) { return b.kind == Block::Kind::Table; });
        ASSERT_NE(table, sec->blocks.end());
        ASSERT_EQ(table->table.rows.size(), 1u); // one run, step time only
        const QStringList& row = table->table.rows.front();
        EXPECT_EQ(row[0], QStringLiteral("Llama #7"));
        EXPECT_EQ(row[3], fmtSeconds(r.stepSeconds->measured, lang));
        EXPECT_EQ(row[4], fmtSeconds(r.stepSeconds->predicted, lang));
        EXPECT_EQ(row[5], fmtPercent(-0.5, lang));
        EXPECT_EQ(row[7], text(Text::CheckFarOutside, lang));
        const auto callout =
            std::find_if(sec->blocks.begin(), sec->blocks.end(),
                         [](const Block& b) { return b.kind == Block::Kind::Callout; });
        ASSERT_NE(callout, sec->blocks.end());
        // The cause is named as the window and the CLI name it (services::likelyCauseName).
        EXPECT_TRUE(callout->text.contains(QString::fromStdString(std::string(
            services::likelyCauseName(services::LikelyCause::ExposedDataParallel, lang)))))
            << callout->text.toStdString();
    }

    // The same section in a written report.
    const QString md = test::outputDir(QStringLiteral("measured")) + QStringLiteral("/report.md");
    ASSERT_TRUE(writeReport(d, md).ok);
    QFile file(md);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("Measured runs: predicted against measured")));
    EXPECT_TRUE(text.contains(QStringLiteral("far outside")));
}

TEST(ReportMeasured, WithoutTheLibrarysRunsThereIsNoSectionAndWithNoneOnTheClusterItSaysHow) {
    const model::Scenario s =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    const ReportData none = test::computeFor(s, false, false);
    EXPECT_FALSE(none.measuredChecked);
    EXPECT_EQ(findSection(buildReportDocument(none, sim::Lang::En), "measured"), nullptr);

    ReportInputs in;
    in.catalog = &test::catalog();
    in.breakPoints = false;
    in.crossover = false;
    in.sizing = false;
    const services::StoredCalibrationRuns empty;
    in.measuredRuns = &empty;
    const ReportData d = computeReportData(s, in);
    const Section* sec = findSection(buildReportDocument(d, sim::Lang::En), "measured");
    ASSERT_NE(sec, nullptr);
    ASSERT_EQ(sec->blocks.size(), 1u);
    EXPECT_TRUE(sec->blocks.front().text.contains(QStringLiteral("runs import-log")));
}

} // namespace
} // namespace trainplan::report
