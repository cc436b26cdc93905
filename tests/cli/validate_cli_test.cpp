// End-to-end tests of `trainplan-cli validate --scenario LINE`: the scenario a reference row is
// predicted with, which `estimate` must turn back into exactly the row's prediction.

#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace trainplan::test {
namespace {

using nlohmann::json;

json parse(const std::string& text) {
    try {
        return json::parse(text);
    } catch (const std::exception& e) {
        ADD_FAILURE() << e.what() << "\n" << text.substr(0, 400);
        return json::object();
    }
}

// Korthikanti et al. 2022, GPT 22B on 8 GPUs with sequence parallelism and selective recompute:
// every knob of its plan is published, so its plan needs no search.
constexpr const char* kLine = "25";

TEST(ValidateCli, ARowsScenarioReproducesItsPrediction) {
    const CliRun r = runCli({"validate", "--scenario", kLine});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json scenario = parse(r.out);
    ASSERT_TRUE(scenario.contains("plans"));
    ASSERT_EQ(scenario["plans"].size(), 1u);
    EXPECT_NE(scenario["description"].get<std::string>().find("line 25"), std::string::npos);
    EXPECT_NE(r.err.find("assumed"), std::string::npos) << "the row's assumptions go to stderr";

    const auto path = testTempDir() / "reference-line-25.json";
    std::ofstream(path) << r.out;
    const CliRun est = runCli({"estimate", path.string(), "--format", "json"});
    ASSERT_EQ(est.exitCode, 0) << est.err;
    const double step = parse(est.out)["results"][0]["time"]["step_s"].get<double>();

    const CliRun all = runCli({"validate", "--format", "json"});
    ASSERT_EQ(all.exitCode, 0) << all.err;
    const json report = parse(all.out);
    double predicted = 0;
    for (const json& row : report["rows"])
        if (row["line"] == 25 && row["metric"] == "step_s") predicted = row["predicted"];
    ASSERT_GT(predicted, 0.5) << "line 25 is a Korthikanti step-time row of about 1.1 s";
    EXPECT_NEAR(step, predicted, 1e-9 * predicted);
}

TEST(ValidateCli, ALineWithoutARowIsNamedInTheError) {
    const CliRun r = runCli({"validate", "--scenario", "1"}); // the header
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("published_runs.csv: line 1: no usable row starts there"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "");
}

TEST(ValidateCli, ALineThatIsNotANumberIsAUsageError) {
    for (const char* bad : {"abc", "0", "-3", "25x"}) {
        const CliRun r = runCli({"validate", "--scenario", bad});
        EXPECT_EQ(r.exitCode, 2) << bad;
        EXPECT_NE(r.err.find("--scenario: '" + std::string(bad) + "' is not a line number"),
                  std::string::npos)
            << r.err;
    }
}

} // namespace
} // namespace trainplan::test
