// Issue 19: one plan per scenario. Each built-in example goes through the GUI's view-models (the
// controller's Compare rows and the Roadmap's advice), `trainplan-cli report -o x.json`,
// `trainplan-cli compare --format json` and `trainplan-cli advise --format json`, with and
// without a calibration profile from the library, and every surface must show the same plan, step
// time, peak memory and MFU per framework and the same recommendation.

#include "../cli/cli_support.h"
#include "ui_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/advice_outcome.h>
#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/profile_resolution.h>

#include <QSignalSpy>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

namespace trainplan::ui {
namespace {

using nlohmann::json;

const char* const kProfile = "surface-consistency";

struct Shown {
    std::string label;
    double stepSeconds = 0;
    double peakBytes = 0;
    double mfu = 0;
};

using PerFramework = std::map<std::string, Shown>;

Shown fromJson(const json& r) {
    return {r.at("label").get<std::string>(), r.at("time").at("step_s").get<double>(),
            r.at("memory").at("peak_bytes").get<double>(),
            r.at("throughput").at("mfu").get<double>()};
}

void expectSame(const PerFramework& a, const PerFramework& b, const std::string& what) {
    ASSERT_EQ(a.size(), b.size()) << what;
    for (const auto& [framework, x] : a) {
        ASSERT_TRUE(b.count(framework)) << what << ": " << framework;
        const Shown& y = b.at(framework);
        EXPECT_EQ(x.label, y.label) << what << ": " << framework;
        // JSON carries doubles at round-trip precision: the same computation prints the same.
        EXPECT_DOUBLE_EQ(x.stepSeconds, y.stepSeconds) << what << ": " << framework;
        EXPECT_DOUBLE_EQ(x.peakBytes, y.peakBytes) << what << ": " << framework;
        EXPECT_DOUBLE_EQ(x.mfu, y.mfu) << what << ": " << framework;
    }
}

json runJson(const std::vector<std::string>& args) {
    const trainplan::test::CliRun r = trainplan::test::runCli(args);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.exitCode == 0 ? json::parse(r.out) : json::object();
}

// The library the CLI runs read (TRAINPLAN_DB) with one calibration profile, and the GUI's lookup
// of it: the profile a team would have fitted on its cluster (slower GEMMs, less overlap).
ProfileLookup storeProfile() {
    store::StoreOptions options;
    options.builtinCatalog = *test::catalog();
    {
        store::Store st = store::Store::open(trainplan::test::testDatabasePath(), options);
        st.saveCalibrationProfile(kProfile, json{{"gemm_efficiency", 0.55}});
    }
    return [options](const std::string& name, QString& error) -> std::optional<json> {
        store::Store st = store::Store::open(trainplan::test::testDatabasePath(), options);
        if (auto p = st.findCalibrationProfile(name)) return p->parameters;
        error = QStringLiteral("not stored");
        return std::nullopt;
    };
}

class SurfaceConsistency : public ::testing::TestWithParam<std::tuple<std::string, bool>> {
protected:
    void SetUp() override { test::app(); }
};

TEST_P(SurfaceConsistency, EverySurfaceShowsTheSameNumbers) {
    const auto& [example, profiled] = GetParam();
    model::Scenario s = test::loadExample(example);
    if (profiled) s.efficiency.profile = kProfile;
    const ProfileLookup lookup = storeProfile();
    const std::string file =
        (std::filesystem::path(trainplan::test::testDatabasePath()).parent_path() /
         ((profiled ? "profiled-" : "plain-") + example))
            .string();
    std::ofstream(file) << model::toJsonText(s);

    // The GUI: the controller's Compare rows and the Roadmap's advice, through one planner.
    PlannerController controller(test::catalog());
    auto planner = std::make_shared<services::Planner>();
    controller.setPlanner(planner);
    controller.setProfileLookup(lookup);
    std::shared_ptr<const CompareOutcome> outcome;
    QObject::connect(&controller, &PlannerController::compareFinished,
                     [&](std::shared_ptr<const CompareOutcome> o) { outcome = std::move(o); });
    controller.setScenario(s, true);
    ASSERT_TRUE(test::waitFor([&] { return outcome != nullptr; }, 600000));
    if (profiled) {
        EXPECT_EQ(outcome->scenario.efficiency.gemmEfficiency, 0.55);
        EXPECT_TRUE(outcome->profileNote.contains(QString::fromLatin1(kProfile)))
            << outcome->profileNote.toStdString();
    }
    PerFramework gui;
    std::string guiRecommended;
    for (const CompareRow& row : compareRows(*outcome)) {
        if (row.kind != CompareRow::Kind::Best) continue;
        gui[std::string(model::toString(row.framework))] = {
            row.plan.label(), row.estimate->time.stepSeconds, row.estimate->memory.peakBytes,
            row.estimate->throughput.mfu};
        if (row.recommended) guiRecommended = std::string(model::toString(row.framework));
    }
    ASSERT_FALSE(gui.empty());
    const AdviceOutcome roadmap =
        computeAdvice(resolveProfile(s, lookup, {}).scenario, *test::catalog(), *planner, {}, 3);
    ASSERT_TRUE(roadmap.advice) << roadmap.error.toStdString();
    const std::string roadmapRecommended(model::toString(roadmap.advice->recommendation.framework));

    // The CLI: compare, advise and the report's JSON.
    PerFramework compare;
    const json compared = runJson({"--format", "json", "compare", file});
    for (const json& r : compared.at("results"))
        if (!r.at("excluded").get<bool>()) compare[r.at("framework")] = fromJson(r);
    const json advice = runJson({"--format", "json", "advise", file});
    const std::string report = file + ".report.json";
    ASSERT_EQ(trainplan::test::runCli({"report", file, "-o", report}).exitCode, 0);
    std::ifstream in(report);
    const json doc = json::parse(in);
    PerFramework reported;
    std::string reportRecommended;
    for (const json& r : doc.at("results")) {
        if (r.at("role") != "best") continue;
        reported[r.at("framework")] = fromJson(r);
        if (r.at("recommended").get<bool>()) reportRecommended = r.at("framework");
    }

    expectSame(gui, compare, "GUI Compare vs compare --format json");
    expectSame(gui, reported, "GUI Compare vs report -o x.json");
    EXPECT_EQ(guiRecommended, roadmapRecommended);
    EXPECT_EQ(guiRecommended, advice["recommendation"]["framework"].get<std::string>());
    EXPECT_EQ(guiRecommended, reportRecommended);
    EXPECT_EQ(doc["advice"]["recommendation"]["label"], advice["recommendation"]["label"]);
    EXPECT_EQ(doc["advice"]["reasons"], advice["reasons"]);
}

INSTANTIATE_TEST_SUITE_P(BuiltInExamples, SurfaceConsistency,
                         ::testing::Combine(::testing::Values("llama2-7b-a100x8-pcie.json",
                                                              "llama31-70b-h100x256.json",
                                                              "gpt3-175b-a100x1024.json",
                                                              "mixtral-8x7b-h800x64-roce.json",
                                                              "qwen25-72b-h20x128.json"),
                                            ::testing::Bool()),
                         [](const auto& info) {
                             std::string name = std::get<0>(info.param);
                             name = name.substr(0, name.find('.'));
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name + (std::get<1>(info.param) ? "_WithProfile" : "_Plain");
                         });

} // namespace
} // namespace trainplan::ui
