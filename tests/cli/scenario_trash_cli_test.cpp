// End-to-end: `scenario rename`, `delete` (soft), `list --deleted`, `undelete` and `purge` keep a
// scenario's history and its measured runs, on a database in a temporary directory.

#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

class scenarioTrashCli : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "trainplan-trash-cli-XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        m_dir = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    CliRun run(std::vector<std::string> args) {
        args.insert(args.begin(), {"--db", (m_dir / "library.db").string()});
        return runCli(args, {{"TRAINPLAN_DB_TIMEOUT_MS", "200"}});
    }
    // Saves version `description` of scenario `name` (llama2-7b on 8 PCIe A100s, one FSDP plan).
    void save(const std::string& name, const std::string& description) {
        const nlohmann::json doc = libraryScenarioJson(name, description);
        const fs::path f = m_dir / (description + ".json");
        std::ofstream(f) << doc.dump(2);
        const CliRun r = run({"scenario", "save", f.string()});
        ASSERT_EQ(r.exitCode, 0) << r.err;
    }
    nlohmann::json json(std::vector<std::string> args) {
        args.insert(args.begin(), {"--format", "json"});
        const CliRun r = run(args);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return nlohmann::json::parse(r.out);
    }
    fs::path m_dir;
};

TEST_F(scenarioTrashCli, RenameDeleteUndeleteAndPurgeKeepHistoryAndRuns) {
    save("llama", "first");
    save("llama", "second");
    CliRun r = run({"runs", "add", "--scenario", "llama", "--step-time", "9.5"});
    ASSERT_EQ(r.exitCode, 0) << r.err;

    r = run({"scenario", "rename", "llama", "llama-pcie"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("renamed 'llama' to 'llama-pcie' (2 versions, 1 measured run)"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(json({"scenario", "history", "llama-pcie"}).size(), 2u);
    const auto runs = json({"runs", "list", "--scenario", "llama-pcie"});
    ASSERT_EQ(runs.size(), 1u) << runs.dump();

    save("other", "third");
    r = run({"scenario", "rename", "llama-pcie", "OTHER"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("already has a scenario named 'other'"), std::string::npos) << r.err;

    r = run({"scenario", "delete", "llama-pcie"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("2 versions"), std::string::npos) << r.out;
    EXPECT_EQ(json({"scenario", "list"}).size(), 1u);
    const auto deleted = json({"scenario", "list", "--deleted"});
    ASSERT_EQ(deleted.size(), 1u);
    EXPECT_EQ(deleted[0]["name"], "llama-pcie");
    EXPECT_EQ(deleted[0]["versions"], 2);
    EXPECT_EQ(deleted[0]["deleted_at"].get<std::string>().size(), 24u) << deleted.dump();

    r = run({"scenario", "undelete", "llama-pcie"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("undeleted 'llama-pcie' with its 2 versions"), std::string::npos) << r.out;
    EXPECT_EQ(json({"scenario", "history", "llama-pcie"}).size(), 2u);
    // The run is linked again: a second identical one is refused as a duplicate of it.
    r = run({"runs", "add", "--scenario", "llama-pcie", "--step-time", "9.5"});
    EXPECT_EQ(r.exitCode, 1) << r.out;

    r = run({"scenario", "undelete", "llama-pcie"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("is not deleted"), std::string::npos) << r.err;

    ASSERT_EQ(run({"scenario", "delete", "other"}).exitCode, 0);
    r = run({"scenario", "purge", "--older-than", "1"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("purged 0 deleted scenarios"), std::string::npos) << r.out;
    r = run({"scenario", "purge"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("purged 1 deleted scenario for good"), std::string::npos) << r.out;
    EXPECT_EQ(json({"scenario", "list", "--deleted"}).size(), 0u);
    EXPECT_EQ(run({"scenario", "undelete", "other"}).exitCode, 1);
    EXPECT_EQ(run({"scenario", "purge", "--older-than", "zero"}).exitCode, 2);
}

} // namespace
} // namespace trainplan::test
