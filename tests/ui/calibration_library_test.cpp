// The Calibration view fitting the user's measured runs from the library (issue 9): the same runs
// and numbers as `trainplan-cli calibrate --from-store [--scenario NAME]`.

#include "ui_test_support.h"

#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/calibration_models.h>
#include <trainplan/ui/calibration_view.h>
#include <trainplan/ui/library_store.h>

#include <QComboBox>
#include <QPushButton>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace trainplan::ui {
namespace {

using sim::CalibrationParameter;
using sim::ValidationMetric;

constexpr double kTrueGemm = 0.47;

nlohmann::json scenarioJson(const std::string& name) {
    std::ifstream in(test::examplePath("llama2-7b-a100x8-pcie.json"));
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json doc = nlohmann::json::parse(text.str());
    doc["name"] = name;
    doc.erase("plans");
    return doc;
}

nlohmann::json fsdpPlan(int microBatch) {
    return {{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", microBatch}, {"zero_stage", 3}};
}

// Stores runs of `name` whose step times are what the model predicts at kTrueGemm.
void addSyntheticRuns(store::Store& st, const std::string& name) {
    for (int microBatch : {1, 2, 4}) {
        std::string why;
        const auto sc = services::scenarioWithPlan(scenarioJson(name), fsdpPlan(microBatch),
                                                   *test::catalog(), why);
        ASSERT_TRUE(sc) << why;
        const sim::CalibrationRun run = services::calibrationRunOf(*sc, name);
        sim::Efficiency eff = sim::runEfficiency(run.scenario);
        sim::set(eff, CalibrationParameter::GemmEfficiency, kTrueGemm);
        store::NewMeasuredRun r;
        r.scenarioName = name;
        r.plan = fsdpPlan(microBatch);
        r.stepSeconds = sim::predictMetric(run, eff, ValidationMetric::StepSeconds);
        r.source = "our A100 PCIe node";
        (void)st.addRun(r);
    }
}

class CalibrationLibraryTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        ASSERT_TRUE(library.openInMemory(*test::catalog()));
        view = std::make_unique<CalibrationView>(test::catalog());
        view->setLibrary(&library, nullptr);
        view->show(); // fits all published runs for gemm on first show
        ASSERT_TRUE(
            test::waitFor([&] { return view->result() != nullptr && !view->isFitting(); }, 120000));
    }
    void fitAgain() {
        view->fit();
        ASSERT_TRUE(test::waitFor([&] { return !view->isFitting(); }, 120000));
    }
    [[nodiscard]] int libraryEntries() const {
        int n = 0;
        for (int i = 0; i < view->sourceBox()->count(); ++i)
            n += view->sourceBox()->itemData(i, CalibrationView::SourceKindRole) ==
                 static_cast<int>(CalibrationView::SourceKind::Library);
        return n;
    }
    LibraryStore library;
    std::unique_ptr<CalibrationView> view;
};

TEST_F(CalibrationLibraryTest, FitsTheLibrarysRunsOfOneScenarioLikeTheCli) {
    store::Store& st = *library.store();
    st.saveScenario(scenarioJson("llama"));
    st.saveScenario(scenarioJson("other"));
    addSyntheticRuns(st, "llama");
    emit library.runsChanged();
    EXPECT_EQ(libraryEntries(), 2) << "all runs, and the one scenario that has runs";
    ASSERT_TRUE(view->selectLibrarySource(QStringLiteral("llama")));
    EXPECT_EQ(view->sourceBox()->currentText(), QStringLiteral("Library: runs of “llama” (3)"));
    fitAgain();
    ASSERT_TRUE(view->result());
    const sim::CalibrationResult& shown = *view->result();
    ASSERT_TRUE(shown.ok()) << shown.refusal;
    ASSERT_EQ(shown.parameters.size(), 1u);
    EXPECT_NEAR(shown.parameters[0].value, kTrueGemm, 1e-4);

    sim::CalibrationOptions options;
    options.parameters = {CalibrationParameter::GemmEfficiency};
    const sim::CalibrationResult direct = sim::calibrate(
        services::loadStoredCalibrationRuns(st, {std::string("llama"), std::nullopt, std::nullopt}).runs,
        options);
    EXPECT_DOUBLE_EQ(shown.parameters[0].value, direct.parameters[0].value);
    EXPECT_EQ(view->residualModel()->rowCount(), 3);
    EXPECT_TRUE(view->saveProfileButton()->isEnabled());
}

TEST_F(CalibrationLibraryTest, NewRunsAppearAsSourcesAndTheSelectionIsKept) {
    EXPECT_EQ(libraryEntries(), 0) << "an empty library offers no measured runs";
    const int korthikanti = view->sourceBox()->findData(QStringLiteral("Korthikanti et al. 2022"));
    ASSERT_GE(korthikanti, 0);
    view->sourceBox()->setCurrentIndex(korthikanti);
    library.store()->saveScenario(scenarioJson("llama"));
    addSyntheticRuns(*library.store(), "llama");
    emit library.runsChanged();
    EXPECT_EQ(libraryEntries(), 2);
    EXPECT_EQ(view->sourceBox()->currentText(), QStringLiteral("Korthikanti et al. 2022"));
}

TEST_F(CalibrationLibraryTest, AMissingProfileIsShownAndNothingIsFitted) {
    nlohmann::json doc = scenarioJson("profiled");
    doc["efficiency"] = {{"profile", "h800-q3"}};
    library.store()->saveScenario(doc);
    store::NewMeasuredRun r;
    r.scenarioName = "profiled";
    r.plan = fsdpPlan(2);
    r.stepSeconds = 5.0;
    (void)library.store()->addRun(r);
    emit library.runsChanged();
    ASSERT_TRUE(view->selectLibrarySource());
    fitAgain();
    EXPECT_EQ(view->result(), nullptr);
    EXPECT_EQ(view->parameterModel()->rowCount(), 0);
    EXPECT_FALSE(view->saveProfileButton()->isEnabled());
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("Fix before fitting")));
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("no calibration profile named")));
}

TEST_F(CalibrationLibraryTest, RunsThatCannotBeUsedAreListedWithTheReason) {
    store::Store& st = *library.store();
    st.saveScenario(scenarioJson("llama"));
    addSyntheticRuns(st, "llama");
    store::NewMeasuredRun flopsOnly;
    flopsOnly.scenarioName = "llama";
    flopsOnly.plan = fsdpPlan(8);
    flopsOnly.flopsPerSecondPerGpu = 120e12;
    (void)st.addRun(flopsOnly);
    emit library.runsChanged();
    ASSERT_TRUE(view->selectLibrarySource());
    fitAgain();
    ASSERT_TRUE(view->result() && view->result()->ok());
    EXPECT_EQ(view->residualModel()->rowCount(), 3);
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("Runs not used (1):")));
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("no step time, tokens/s, MFU")));
}

} // namespace
} // namespace trainplan::ui
