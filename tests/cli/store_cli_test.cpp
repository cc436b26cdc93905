// End-to-end tests of the library commands (scenario, catalog add/remove, runs, db, library) on a
// database in a temporary directory (--db or TRAINPLAN_DB).

#include "cli_support.h"

#include <trainplan/store/connection.h>
#include <trainplan/store/schema.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

class TempDir {
public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "trainplan-store-cli-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] fs::path operator/(const std::string& name) const { return m_path / name; }
    [[nodiscard]] const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

void writeText(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

// Runs the CLI on the test's own database (never the user's).
class storeCli : public ::testing::Test {
protected:
    CliRun run(std::vector<std::string> args, std::map<std::string, std::string> env = {}) {
        args.insert(args.begin(), {"--db", db().string()});
        env.emplace("TRAINPLAN_DB_TIMEOUT_MS", "200");
        return runCli(args, env);
    }
    [[nodiscard]] fs::path db() const { return m_dir / "library.db"; }
    [[nodiscard]] fs::path file(const std::string& name) const { return m_dir / name; }

    // A scenario file (llama2-7b, 8 PCIe A100s, one FSDP plan) named `name`.
    fs::path scenarioFile(const std::string& name, const std::string& description = "first") {
        const nlohmann::json doc = libraryScenarioJson(name, description);
        const fs::path f = file(name + "-" + std::to_string(m_files++) + ".json");
        writeText(f, doc.dump(2));
        return f;
    }

    TempDir m_dir;
    int m_files = 0;
};

TEST_F(storeCli, SaveListShowHistoryRestoreExportDelete) {
    CliRun r =
        run({"scenario", "save", scenarioFile("llama", "first").string(), "--tags", "pcie, small"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("saved 'llama' as version 1 (new scenario)"), std::string::npos) << r.out;
    ASSERT_EQ(run({"scenario", "save", scenarioFile("llama", "second").string()}).exitCode, 0);

    r = run({"--format", "json", "scenario", "list"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto list = nlohmann::json::parse(r.out);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0]["name"], "llama");
    EXPECT_EQ(list[0]["versions"], 2);
    EXPECT_EQ(list[0]["tags"], nlohmann::json::array({"pcie", "small"}));

    r = run({"scenario", "show", "llama"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["description"], "second");
    r = run({"scenario", "show", "llama", "1"});
    EXPECT_EQ(nlohmann::json::parse(r.out)["description"], "first");

    r = run({"scenario", "history", "llama"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("current"), std::string::npos) << r.out;

    r = run({"scenario", "restore", "llama", "1"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("restored version 1 of 'llama' as version 3"), std::string::npos) << r.out;

    const fs::path exported = file("exported.json");
    r = run({"scenario", "export", "llama", "-o", exported.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto doc = nlohmann::json::parse(detail::readAll(exported));
    EXPECT_EQ(doc["description"], "first");
    EXPECT_EQ(runCli({"check", exported.string()}).exitCode, 0)
        << "the exported file is a valid scenario";

    r = run({"scenario", "delete", "llama"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("3 versions"), std::string::npos) << r.out;
    r = run({"scenario", "show", "llama"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no scenario named 'llama'"), std::string::npos) << r.err;
}

TEST_F(storeCli, InvalidScenarioIsRejectedWithTheValidatorsMessages) {
    nlohmann::json doc = nlohmann::json::parse(detail::readAll(scenarioFile("bad")));
    doc["training"]["precision"] = "fp7";
    const fs::path f = file("bad.json");
    writeText(f, doc.dump());
    CliRun r = run({"scenario", "save", f.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(f.string() + ": training.precision: 'fp7'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was saved"), std::string::npos) << r.err;
    doc["training"]["precision"] = "bf16";
    doc["plans"][0]["dp"] = 3; // 3 GPUs of 8
    writeText(f, doc.dump());
    r = run({"scenario", "save", f.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(f.string() + ": plans[0]"), std::string::npos) << r.err;
    const CliRun list = run({"--format", "json", "scenario", "list"});
    EXPECT_EQ(nlohmann::json::parse(list.out).size(), 0u);
}

TEST_F(storeCli, ReadingCommandsDoNotCreateTheDatabase) {
    EXPECT_EQ(run({"scenario", "list"}).exitCode, 0);
    EXPECT_EQ(run({"runs", "list"}).exitCode, 0);
    EXPECT_EQ(run({"catalog", "list", "gpus"}).exitCode, 0);
    EXPECT_FALSE(fs::exists(db()));
    const CliRun check = run({"db", "check"});
    EXPECT_EQ(check.exitCode, 1);
    EXPECT_NE(check.err.find("no database here yet"), std::string::npos) << check.err;
}

TEST_F(storeCli, CatalogAddListRemove) {
    nlohmann::json gpu = {
        {"name", "Lab-GPU"},    {"memory_gib", 48},   {"fp32_tflops", 50},
        {"tf32_tflops", 100},   {"bf16_tflops", 200}, {"fp8_tflops", 0},
        {"hbm_gb_per_s", 1000}, {"tdp_w", 300},       {"source", "our benchmark"}};
    writeText(file("gpu.json"), gpu.dump());
    CliRun r = run({"catalog", "add", "gpu", file("gpu.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("added user gpu 'Lab-GPU'"), std::string::npos) << r.out;

    r = run({"catalog", "list", "gpus"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto row = r.out.find("Lab-GPU");
    ASSERT_NE(row, std::string::npos) << r.out;
    EXPECT_NE(r.out.find("user", row), std::string::npos);
    EXPECT_NE(r.out.find("built-in"), std::string::npos);
    r = run({"--format", "json", "catalog", "list", "gpus"});
    EXPECT_EQ(nlohmann::json::parse(r.out).back()["name"], "Lab-GPU");

    gpu["tdp_w"] = 320;
    writeText(file("gpu.json"), gpu.dump());
    r = run({"catalog", "add", "gpus", file("gpu.json").string()});
    EXPECT_NE(r.out.find("updated user gpu"), std::string::npos) << r.out;

    r = run({"catalog", "remove", "gpu", "H100-SXM5-80GB"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("read-only"), std::string::npos) << r.err;
    r = run({"catalog", "remove", "gpu", "Lab-GPU"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(run({"catalog", "list", "gpus"}).out.find("Lab-GPU"), std::string::npos);
}

TEST_F(storeCli, CatalogAddRejectsAnInvalidEntry) {
    writeText(file("gpu.json"), R"({"name": "X", "memory_gib": -4, "speed": 1})");
    const CliRun r = run({"catalog", "add", "gpu", file("gpu.json").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("memory_gib"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("speed"), std::string::npos) << r.err;
    EXPECT_EQ(run({"catalog", "add", "cpu", file("gpu.json").string()}).exitCode, 2);
}

TEST_F(storeCli, RunsImportThePublishedCsvOnceAndList) {
    const std::string csv = dataFile("reference/published_runs.csv");
    CliRun r = run({"runs", "import", csv});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Imported 95 runs"), std::string::npos) << r.out;
    r = run({"runs", "import", csv});
    EXPECT_NE(r.out.find("Imported 0 runs"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("95 already stored"), std::string::npos) << r.out;
    r = run({"--format", "json", "runs", "list"});
    const auto runs = nlohmann::json::parse(r.out);
    ASSERT_EQ(runs.size(), 95u);
    for (const auto& x : runs)
        EXPECT_FALSE(x["source"].get<std::string>().empty());
    EXPECT_EQ(nlohmann::json::parse(
                  run({"--format", "json", "runs", "list", "--scenario", "Llama 3.1 405B"}).out)
                  .size(),
              6u);
}

TEST_F(storeCli, RunsImportReportsRowProblemsAndImportsNothing) {
    writeText(file("runs.csv"),
              "source,model_name,tp,measured_step_time_s\npaper,A,8,1.5\npaper,B,x,2\n");
    CliRun r = run({"runs", "import", file("runs.csv").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("line 3, column tp: 'x' is not a number"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was imported"), std::string::npos) << r.err;
    writeText(file("runs.csv"), "source,model_name,tp\npaper,A,8\n");
    r = run({"runs", "import", file("runs.csv").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no measurement"), std::string::npos) << r.err;
}

TEST_F(storeCli, RunsAddForAStoredScenario) {
    CliRun r = run({"runs", "add", "--scenario", "nope", "--step-time", "3"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no scenario named 'nope'"), std::string::npos) << r.err;
    ASSERT_EQ(run({"scenario", "save", scenarioFile("llama").string()}).exitCode, 0);
    r = run({"runs", "add", "--scenario", "llama", "--step-time", "9.5", "--peak-memory-gib",
             "61.5", "--date", "2025-03-02", "--notes", "nightly"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    r = run({"--format", "json", "runs", "list"});
    const auto runs = nlohmann::json::parse(r.out);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0]["step_time_s"], 9.5);
    EXPECT_EQ(runs[0]["plan"]["framework"], "fsdp") << "the scenario's only plan";
    EXPECT_EQ(runs[0]["measured_on"], "2025-03-02");
    EXPECT_DOUBLE_EQ(runs[0]["peak_memory_bytes"].get<double>(), 61.5 * 1024 * 1024 * 1024);

    r = run({"runs", "add", "--scenario", "llama", "--step-time", "9", "--plan",
             R"({"framework":"megatron","tp":3,"dp":8,"micro_batch":1})"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("--plan: plan"), std::string::npos) << r.err;
    EXPECT_EQ(run({"runs", "add", "--scenario", "llama", "--step-time", "fast"}).exitCode, 2);
    EXPECT_EQ(run({"runs", "add", "--scenario", "llama"}).exitCode, 1) << "no measurement";
}

TEST_F(storeCli, DbCheckReportsOkAndCorruption) {
    ASSERT_EQ(run({"scenario", "save", scenarioFile("llama").string()}).exitCode, 0);
    CliRun r = run({"db", "check"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(": ok (schema v"), std::string::npos) << r.out;

    writeText(db(), "garbage, not a database");
    r = run({"db", "check"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(db().string()), std::string::npos) << r.err;
}

// `db check` prints its report in English (as ever) or, with --lang zh_CN, in Chinese.
TEST_F(storeCli, DbCheckNamesANewerSchemaInEitherLanguage) {
    ASSERT_EQ(run({"scenario", "save", scenarioFile("llama").string()}).exitCode, 0);
    {
        store::Connection c = store::Connection::open(db().string(), store::OpenMode::ReadWrite,
                                                      std::chrono::milliseconds(100));
        c.exec("PRAGMA user_version = 99");
    }
    const std::string known = std::to_string(store::kSchemaVersion);
    CliRun r = run({"db", "check"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, db().string() + ": 1 problem\n  schema v99 is newer than this TrainPlan (v" +
                         known + ")\n");
    r = run({"--lang", "zh_CN", "db", "check"});
    EXPECT_EQ(r.exitCode, 1);
    const std::string zh = "结构版本 v99 比本 TrainPlan 支持的版本（v" + known + "）更新";
    EXPECT_EQ(r.out, db().string() + "：1 个问题\n  " + zh + "\n");
    r = run({"--format", "json", "--lang", "zh_CN", "db", "check"});
    EXPECT_EQ(nlohmann::json::parse(r.out)["problems"], nlohmann::json::array({zh}));
}

TEST_F(storeCli, AForeignFileAtThePathIsNamedAndLeftAlone) {
    writeText(db(), "my tax records");
    const CliRun r = run({"scenario", "save", scenarioFile("x").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(db().string()), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not a TrainPlan database"), std::string::npos) << r.err;
    EXPECT_EQ(detail::readAll(db()), "my tax records");
    const CliRun list = run({"catalog", "list", "gpus"});
    EXPECT_EQ(list.exitCode, 0) << "the catalog still lists the built-ins";
    EXPECT_NE(list.err.find("warning"), std::string::npos) << list.err;
}

TEST_F(storeCli, LibraryExportImportBetweenTwoDatabases) {
    ASSERT_EQ(run({"scenario", "save", scenarioFile("a").string(), "--tags", "x"}).exitCode, 0);
    ASSERT_EQ(run({"runs", "import", dataFile("reference/published_runs.csv")}).exitCode, 0);
    const fs::path lib = file("library.json");
    CliRun r = run({"library", "export", "-o", lib.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(detail::readAll(lib))["schema"], "trainplan.library.v1");

    const std::string other = file("other.db").string();
    r = runCli({"--db", other, "library", "import", lib.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("measured runs: 95 added"), std::string::npos) << r.out;
    r = runCli({"--db", other, "--format", "json", "scenario", "list"});
    EXPECT_EQ(nlohmann::json::parse(r.out)[0]["tags"], nlohmann::json::array({"x"}));
    r = runCli({"--db", other, "library", "import", lib.string()});
    EXPECT_NE(r.out.find("measured runs: 0 added, 95 already present"), std::string::npos) << r.out;

    writeText(file("bad.json"), R"({"schema": "something.else"})");
    r = runCli({"--db", other, "library", "import", file("bad.json").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("schema"), std::string::npos) << r.err;
}

TEST_F(storeCli, DatabaseLocationComesFromTheEnvironment) {
    // TRAINPLAN_DB when there is no --db ...
    const fs::path fromEnv = file("env.db");
    CliRun r = runCli({"scenario", "save", scenarioFile("e").string()},
                      {{"TRAINPLAN_DB", fromEnv.string()}});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(fs::exists(fromEnv));
    // ... else $XDG_DATA_HOME/trainplan/trainplan.db.
    r = runCli({"scenario", "save", scenarioFile("x").string()},
               {{"TRAINPLAN_DB", ""}, {"XDG_DATA_HOME", m_dir.path().string()}});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(fs::exists(m_dir / "trainplan" / "trainplan.db"));
    r = runCli({"db", "path"}, {{"TRAINPLAN_DB", ""}, {"XDG_DATA_HOME", m_dir.path().string()}});
    EXPECT_EQ(r.out, (m_dir / "trainplan" / "trainplan.db").string() + "\n");
}

TEST_F(storeCli, ALockedDatabaseIsReportedAfterTheTimeout) {
    ASSERT_EQ(run({"scenario", "save", scenarioFile("a").string()}).exitCode, 0);
    store::Connection holder = store::Connection::open(db().string(), store::OpenMode::ReadWrite,
                                                       std::chrono::milliseconds(100));
    holder.exec("BEGIN IMMEDIATE");
    holder.exec("INSERT INTO meta (key, value) VALUES ('holder', 'test')");
    const CliRun r = run({"scenario", "save", scenarioFile("a", "second").string()});
    holder.exec("ROLLBACK");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("locked by another process"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(db().string()), std::string::npos) << r.err;
    EXPECT_EQ(run({"scenario", "save", scenarioFile("a", "second").string()}).exitCode, 0);
}

TEST_F(storeCli, UsageErrors) {
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"scenario"},
                                               {"scenario", "frobnicate"},
                                               {"scenario", "show"},
                                               {"scenario", "export", "x"},
                                               {"scenario", "restore", "x", "zero"},
                                               {"scenario", "show", "x", "1", "2"},
                                               {"scenario", "list", "--bogus"},
                                               {"runs"},
                                               {"runs", "add"},
                                               {"db"},
                                               {"library", "export"},
                                               {"catalog", "remove", "gpu"}}) {
        const CliRun r = run(args);
        EXPECT_EQ(r.exitCode, 2) << args.size() << " args; stderr: " << r.err;
        EXPECT_NE(r.err.find("trainplan-cli: "), std::string::npos) << r.err;
    }
}

// Issue 22 item 5: an empty --db silently used the default library, and :memory: said "saved"
// and kept nothing.
TEST_F(storeCli, AnEmptyDbPathIsRefusedInsteadOfUsingTheDefaultLibrary) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--db", "", "scenario", "save", scenarioFile("a").string()},
          std::vector<std::string>{"--db=", "scenario", "list"}}) {
        const CliRun r = runCli(args, {{"XDG_DATA_HOME", m_dir.path().string()}});
        EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
        EXPECT_NE(r.err.find("--db: the path is empty"), std::string::npos) << r.err;
    }
    EXPECT_FALSE(fs::exists(m_dir / "trainplan" / "trainplan.db"));
}

TEST_F(storeCli, AnInMemoryDatabaseIsRefusedBecauseNothingWouldBeKept) {
    CliRun r = runCli({"--db", ":memory:", "scenario", "save", scenarioFile("a").string()});
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_EQ(r.out.find("saved"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("--db: ':memory:' is a database that disappears when the command ends"),
              std::string::npos)
        << r.err;
    r = runCli({"scenario", "list"}, {{"TRAINPLAN_DB", ":memory:"}});
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("TRAINPLAN_DB: ':memory:'"), std::string::npos) << r.err;
}

// Issue 22 item 9: a key given twice in a library file was accepted and the last one won (the
// scenario planned for one node instead of 32).
TEST_F(storeCli, ALibraryFileWithADuplicateKeyIsRefusedNamingTheKeyAndBothPositions) {
    ASSERT_EQ(run({"scenario", "save", scenarioFile("llama").string()}).exitCode, 0);
    ASSERT_EQ(run({"library", "export", "-o", file("lib.json").string()}).exitCode, 0);
    std::string text = detail::readAll(file("lib.json"));
    const std::string nodes = "\"nodes\": ";
    const auto at = text.find(nodes);
    ASSERT_NE(at, std::string::npos) << text.substr(0, 400);
    text.insert(at, "\"nodes\": 1, ");
    writeText(file("dup.json"), text);

    const std::map<std::string, std::string> other{{"TRAINPLAN_DB_TIMEOUT_MS", "200"}};
    const std::string otherDb = (m_dir / "other.db").string();
    const CliRun r =
        runCli({"--db", otherDb, "library", "import", file("dup.json").string()}, other);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("duplicate key \"nodes\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("(first given at line "), std::string::npos) << r.err;
    const CliRun list = runCli({"--db", otherDb, "scenario", "list"}, other);
    EXPECT_EQ(list.out.find("llama"), std::string::npos) << "nothing is imported: " << list.out;
}

// Issue 22 item 18: `catalog add` with a field of the wrong type printed the JSON library's own
// message ([json.exception.type_error.302] type must be string, but is number).
TEST_F(storeCli, CatalogAddWithAFieldOfTheWrongTypeNamesTheFileAndTheField) {
    const std::string gpu = R"({"name": "Lab-GPU", "memory_gib": 80, "bf16_tflops": 312,
        "hbm_gb_per_s": 2039, "tdp_w": 400, "source": "ours"})";
    for (const auto& [field, broken] : std::vector<std::pair<std::string, std::string>>{
             {"name", R"({"name": 5, "memory_gib": 80, "bf16_tflops": 312,
                         "hbm_gb_per_s": 2039, "tdp_w": 400})"},
             {"source", R"({"name": "Lab-GPU", "memory_gib": 80, "bf16_tflops": 312,
                           "hbm_gb_per_s": 2039, "tdp_w": 400, "source": 7})"},
             {"memory_gib", R"({"name": "Lab-GPU", "memory_gib": "80", "bf16_tflops": 312,
                               "hbm_gb_per_s": 2039, "tdp_w": 400})"}}) {
        SCOPED_TRACE(field);
        writeText(file("gpu.json"), broken);
        const CliRun r = run({"catalog", "add", "gpu", file("gpu.json").string()});
        EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
        EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(file("gpu.json").string()), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(field), std::string::npos) << r.err;
    }
    writeText(file("gpu.json"), gpu);
    const CliRun ok = run({"catalog", "add", "gpu", file("gpu.json").string()});
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
}

} // namespace
} // namespace trainplan::test
