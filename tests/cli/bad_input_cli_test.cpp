// Bad-input table for the CLI: every command that reads a scenario or config file (estimate,
// check, compare, advise, import) is run on every kind of broken input and must exit 1 with one
// line on stderr that names the file and the problem — no crash, no stack of follow-on errors, no
// partial output on stdout. The commands' documented summary lines ("1 problem in FILE" for check,
// "import: 1 error(s); no scenario written" for import) are checked separately.

#include "cli_support.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

// Where the generated inputs live (created once per test process).
fs::path inputDir() {
    static const fs::path dir = [] {
        const fs::path d = testTempDir() / "bad-inputs";
        fs::create_directories(d / "a-directory.json");
        std::ofstream(d / "empty.json", std::ios::binary);
        std::ofstream(d / "whitespace.json", std::ios::binary) << " \n\t\r\n  \n";
        std::ofstream(d / "array.json", std::ios::binary)
            << R"([{"schema": "trainplan.scenario.v1"}])";
        std::ofstream(d / "string.json", std::ios::binary) << R"("llama31-70b-h100x256")";
        // 4 KiB of random bytes (fixed seed), with NUL bytes.
        std::mt19937 rng(20240611);
        std::string garbage(4096, '\0');
        for (char& c : garbage)
            c = static_cast<char>(rng() & 0xff);
        garbage[17] = '\0';
        std::ofstream(d / "garbage.bin", std::ios::binary) << garbage;
        // A valid scenario with counts far beyond any cluster, and one with a negative count.
        std::ifstream in(dataFile("scenarios/gpt3-175b-a100x1024.json"), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string valid = ss.str();
        auto withReplaced = [&](const std::string& from, const std::string& to) {
            std::string s = valid;
            const auto at = s.find(from);
            if (at == std::string::npos) throw std::runtime_error("example scenario lacks " + from);
            return s.replace(at, from.size(), to);
        };
        std::ofstream(d / "huge-nodes.json", std::ios::binary)
            << withReplaced("\"nodes\": 128", "\"nodes\": 99999999999999999999");
        std::ofstream(d / "negative-gpus-per-node.json", std::ios::binary)
            << withReplaced("\"gpus_per_node\": 8", "\"gpus_per_node\": -8");
        return d;
    }();
    return dir;
}

struct BadInput {
    const char* name;
    std::string (*file)(); // the input's path
    const char* problem;   // what scenario commands must say
    const char*
        importProblem; // what import must say (a config importer words some cases differently)
};

std::string generated(const char* name) {
    return (inputDir() / name).string();
}

const BadInput kInputs[] = {
    {"MissingFile", [] { return generated("no-such-file.json"); }, "no such file", "no such file"},
    {"Directory", [] { return generated("a-directory.json"); }, "is a directory", "is a directory"},
    {"BinaryGarbage", [] { return generated("garbage.bin"); }, "binary data", "is a binary file"},
    {"BinaryWithoutNul", [] { return fixtureFile("scenarios/bad/05-binary-without-nul.json"); },
     "not valid JSON", "is not UTF-8 text: byte 0x89 at offset 0"},
    {"EmptyFile", [] { return generated("empty.json"); }, "the scenario is empty",
     "not recognised"},
    {"WhitespaceOnly", [] { return generated("whitespace.json"); }, "the scenario is empty",
     "not recognised"},
    {"TruncatedJson", [] { return fixtureFile("scenarios/bad/03-truncated.json"); },
     "not valid JSON", "not valid JSON"},
    {"ArrayInsteadOfObject", [] { return generated("array.json"); },
     "must be a JSON object, got an array", "not recognised"},
    {"ScenarioArray", [] { return fixtureFile("scenarios/bad/06-array-instead-of-object.json"); },
     "must be a JSON object, got an array", "must be a JSON object, got an array"},
    {"StringInsteadOfObject", [] { return generated("string.json"); }, "must be a JSON object",
     "not recognised"},
    {"HugeNodeCount", [] { return generated("huge-nodes.json"); },
     "cluster.nodes: 1e+20 is out of range", "cluster.nodes: 1e+20 is out of range"},
    {"HugeLayerCount", [] { return fixtureFile("scenarios/bad/27-layers-1e30.json"); },
     "model.layers: 1e+30 is out of range", "model.layers: 1e+30 is out of range"},
    {"NumberOverflow", [] { return fixtureFile("scenarios/bad/28-number-overflow-1e400.json"); },
     "line 9, column 21: the number 1e400 does not fit a double",
     "line 9, column 21: the number 1e400 does not fit a double"},
    {"GlobalBatchBeyondInt64",
     [] { return fixtureFile("scenarios/bad/29-global-batch-beyond-int64.json"); },
     "training.global_batch:", "training.global_batch:"},
    {"NegativeNodeCount", [] { return fixtureFile("scenarios/bad/23-nodes-negative.json"); },
     "cluster.nodes: -4 is out of range", "cluster.nodes: -4 is out of range"},
    {"NegativeGpusPerNode", [] { return generated("negative-gpus-per-node.json"); },
     "cluster.gpus_per_node: -8 is out of range", "cluster.gpus_per_node: -8 is out of range"},
};

const char* const kCommands[] = {"estimate", "check", "compare", "advise", "import"};

struct Case {
    const BadInput* input;
    const char* command;
};

std::vector<Case> allCases() {
    std::vector<Case> cases;
    for (const BadInput& in : kInputs)
        for (const char* c : kCommands)
            cases.push_back({&in, c});
    return cases;
}

class BadInputTable : public ::testing::TestWithParam<Case> {};

TEST_P(BadInputTable, OneLineNamingTheProblemAndExitCode1) {
    const Case& c = GetParam();
    const std::string file = c.input->file();
    const bool import = std::string(c.command) == "import";
    const CliRun r = runCli({c.command, file});

    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "") << "nothing on stdout when the input is bad";
    std::vector<std::string> err = splitLines(r.err);
    // The summary line each command documents (docs/cli.md) follows the problem.
    if (std::string(c.command) == "check") {
        ASSERT_FALSE(err.empty());
        EXPECT_EQ(err.back(), "1 problem in " + file);
        err.pop_back();
    } else if (import) {
        ASSERT_FALSE(err.empty());
        EXPECT_EQ(err.back(), "import: 1 error(s); no scenario written");
        err.pop_back();
    }
    ASSERT_EQ(err.size(), 1u) << "expected one line naming the problem, got:\n" << r.err;
    const std::string prefix = (import ? "error: " : "") + file + ": ";
    EXPECT_EQ(err[0].rfind(prefix, 0), 0u)
        << "the line must start with '" << prefix << "': " << err[0];
    const std::string problem = import ? c.input->importProblem : c.input->problem;
    EXPECT_NE(err[0].find(problem), std::string::npos)
        << "expected '" << problem << "' in: " << err[0];
}

INSTANTIATE_TEST_SUITE_P(Cli, BadInputTable, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                             return std::string(info.param.command) + "_" + info.param.input->name;
                         });

// Issue 17: the new plan fields are checked by every scenario command with the file, the field and
// the reason on one line (import reads a scenario only as a base, without its plans).
TEST(BadInputPipelineLayout, ScenarioCommandsNameTheFieldAndTheReason) {
    struct Bad {
        const char* fixture;
        const char* text;
    };
    const Bad cases[] = {
        {"scenarios/bad/71-first-stage-takes-every-layer.json",
         "plans[0].pipeline_layout.first_stage_layers: 0 layers are left for 15 middle stages"},
        {"scenarios/bad/72-pipeline-layout-wrong-layer-count.json",
         "plans[0].pipeline_layout.layout: holds 125 decoder layers"},
        {"scenarios/bad/74-fsdp-optimizer-only-offload.json",
         "plans[0].offload_params: false asks for optimizer-only offload"},
    };
    for (const Bad& b : cases)
        for (const char* command : {"estimate", "check", "compare"}) {
            const std::string file = fixtureFile(b.fixture);
            const CliRun r = runCli({command, file});
            EXPECT_EQ(r.exitCode, 1) << command << " " << file << "\n" << r.err;
            EXPECT_EQ(r.out, "") << command;
            EXPECT_NE(r.err.find(file + ": " + b.text), std::string::npos)
                << command << ": " << r.err;
        }
}

// JSON output keeps the exit code and names the problem in the document instead of on stderr.
TEST(BadInputJson, CheckReportsTheProblemInTheDocument) {
    const std::string file = generated("array.json");
    const CliRun r = runCli({"--format", "json", "check", file});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.out.find("\"valid\": false"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("must be a JSON object, got an array"), std::string::npos) << r.out;
    // The file is named once, in "file", not again inside the message.
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["file"], file);
    ASSERT_EQ(doc["problems"].size(), 1u);
    EXPECT_EQ(doc["problems"][0]["message"].get<std::string>().find(file), std::string::npos)
        << r.out;
}

} // namespace
} // namespace trainplan::test
