// End-to-end tests of `trainplan-cli check` and the global options, running the built binary.

#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> builtInScenarios() {
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios"))
        if (e.path().extension() == ".json") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

class CheckBuiltInScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(CheckBuiltInScenario, ExitsZeroAndSaysValid) {
    const std::string& file = GetParam();
    const CliRun r = runCli({"check", file});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind(file + ": valid\n", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("parameters"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "");
}

INSTANTIATE_TEST_SUITE_P(DataScenarios, CheckBuiltInScenario,
                         ::testing::ValuesIn(builtInScenarios()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = fs::path(info.param).stem().string();
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return name;
                         });

TEST(CheckCli, ExampleScenarioSummary) {
    const std::string file = dataFile("scenarios/llama31-70b-h100x256.json");
    const CliRun r = runCli({"check", file});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Llama 3.1 70B, 70.55B parameters, 80 layers"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("32 × 8 H100-SXM5-80GB (256 GPUs)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("8 × InfiniBand-NDR-400 per node"), std::string::npos) << r.out;
}

TEST(CheckCli, BadFilePrintsFilePathAndMessage) {
    const std::string file = fixtureFile("scenarios/bad/33-gpu-count-mismatch.json");
    const CliRun r = runCli({"check", file});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              file + ": plans[0].dp: dp×tp×pp×cp = 8×8×8×1 = 512 GPUs, but the cluster has 1024\n" +
                  "1 problem in " + file + "\n");
}

TEST(CheckCli, EveryProblemIsPrinted) {
    const std::string file = fixtureFile("scenarios/bad/90-three-structural-problems.json");
    const CliRun r = runCli({"check", file});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(countLines(r.err), 4u) << r.err;
    EXPECT_NE(r.err.find(file + ": owner: unknown key\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ": cluster.nodes: must be an integer, got a string\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(
        r.err.find(file + ": cluster.gpu: unknown GPU 'A100-80' (did you mean A100-SXM4-80GB?)\n"),
        std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("3 problems in " + file), std::string::npos) << r.err;
}

TEST(CheckCli, JsonFormatListsProblems) {
    const std::string file = fixtureFile("scenarios/bad/91-three-plan-problems.json");
    const CliRun r = runCli({"--format", "json", "check", file});
    EXPECT_EQ(r.exitCode, 1);
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["file"], file);
    EXPECT_EQ(doc["valid"], false);
    ASSERT_EQ(doc["problems"].size(), 3u);
    std::vector<std::string> paths;
    for (const auto& p : doc["problems"])
        paths.push_back(p["path"]);
    std::sort(paths.begin(), paths.end());
    EXPECT_EQ(paths, (std::vector<std::string>{"plans[0].micro_batch", "plans[0].offload",
                                               "plans[0].pp"}));

    const CliRun ok =
        runCli({"--format=json", "check", dataFile("scenarios/gpt3-175b-a100x1024.json")});
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    const auto okDoc = nlohmann::json::parse(ok.out);
    EXPECT_EQ(okDoc["valid"], true);
    EXPECT_TRUE(okDoc["problems"].empty());
}

TEST(CheckCli, WholeFileProblems) {
    for (const auto& [fixture, message] : std::vector<std::pair<std::string, std::string>>{
             {"01-empty.json", "the scenario is empty"},
             {"03-truncated.json", "not valid JSON"},
             {"04-binary-garbage.json", "binary data"},
             {"06-array-instead-of-object.json", "a scenario must be a JSON object, got an array"},
             {"28-number-overflow-1e400.json",
              "not valid JSON: line 9, column 21: the number 1e400 does not fit a double"}}) {
        const std::string file = fixtureFile("scenarios/bad/" + fixture);
        const CliRun r = runCli({"check", file});
        EXPECT_EQ(r.exitCode, 1) << fixture;
        EXPECT_EQ(r.err.rfind(file + ": " + message, 0), 0u) << r.err;
    }
}

TEST(CheckCli, MissingFileExitsOne) {
    const std::string file = fixtureFile("scenarios/no-such-scenario.json");
    const CliRun r = runCli({"check", file});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(file + ": no such file"), std::string::npos) << r.err;
}

TEST(CheckCli, DirectoryExitsOne) {
    const std::string dir = fixtureFile("scenarios/bad");
    const CliRun r = runCli({"check", dir});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(dir + ": is a directory"), std::string::npos) << r.err;
}

TEST(CheckCli, MissingOrExtraArgumentsAreUsageErrors) {
    const CliRun none = runCli({"check"});
    EXPECT_EQ(none.exitCode, 2);
    EXPECT_NE(none.err.find("check needs exactly one FILE"), std::string::npos) << none.err;
    const CliRun two = runCli({"check", "a.json", "b.json"});
    EXPECT_EQ(two.exitCode, 2);
}

TEST(Cli, UnknownCommandIsAUsageError) {
    const CliRun r = runCli({"frobnicate"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos) << r.err;
}

TEST(Cli, NoArgumentsPrintsUsageToStderr) {
    const CliRun r = runCli({});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("Usage: trainplan-cli"), std::string::npos) << r.err;
}

TEST(Cli, HelpListsTheCommands) {
    const CliRun r = runCli({"--help"});
    EXPECT_EQ(r.exitCode, 0);
    for (const char* cmd : {"check FILE", "catalog list {gpus,links,models}", "estimate FILE"})
        EXPECT_NE(r.out.find(cmd), std::string::npos) << cmd << "\n" << r.out;
    EXPECT_NE(r.out.find("Exit codes: 0 ok, 1 invalid input, 2 usage error."), std::string::npos);
}

TEST(Cli, VersionPrintsTheVersion) {
    const CliRun r = runCli({"--version"});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_TRUE(std::regex_match(r.out, std::regex(R"(trainplan-cli \d+\.\d+\.\d+\n)"))) << r.out;
}

TEST(Cli, BadGlobalOptionIsAUsageError) {
    const CliRun r =
        runCli({"--format", "xml", "check", dataFile("scenarios/gpt3-175b-a100x1024.json")});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--format: 'xml' is not one of"), std::string::npos) << r.err;
    const CliRun missingValue = runCli({"catalog", "list", "gpus", "--format"});
    EXPECT_EQ(missingValue.exitCode, 2);
    EXPECT_NE(missingValue.err.find("--format needs a value"), std::string::npos)
        << missingValue.err;
}

} // namespace
} // namespace trainplan::test
