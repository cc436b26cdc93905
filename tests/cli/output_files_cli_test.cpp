// Output files and standard output never lose data (issue 22 items 1 and 3): every -o is written
// atomically, a full disk fails with the reason and leaves the previous file byte-identical, a
// FIFO or device is refused, a symlink writes its target, and a failed write to standard output
// is an error.

#include "../common/small_tmpfs.h"
#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include <csignal>
#include <thread>

#include <spawn.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

const std::string kScenario = "scenarios/gpt3-175b-a100x1024.json"; // has a fixed Megatron plan
// Report runs: a scenario whose report computes in about a second, so the full-disk and SIGKILL
// loops (thirteen and five report runs) test the writes, not the 175B search (~24 s a run).
const std::string kReportScenario = "scenarios/llama2-7b-a100x8-pcie.json";

void writeBytes(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

class OutputFiles : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = testTempDir() / (std::string("out-") +
                                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(m_dir);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    fs::path m_dir;
};

#if TRAINPLAN_CLI_HAS_REPORT // `report` exists only in a build with the GUI
TEST_F(OutputFiles, ReportOntoAFullDiskExitsNonZeroAndKeepsThePreviousFileByteIdentical) {
    SmallTmpfs disk(256 * 1024);
    if (!disk.mounted()) GTEST_SKIP() << disk.skipReason();
    struct Case {
        std::string name;
        std::vector<std::string> extra;
    };
    const std::vector<Case> cases = {{"plan.csv", {}},
                                     {"plan.json", {}},
                                     {"plan.html", {}},
                                     {"plan.pdf", {}},
                                     {"deck.pdf", {"--deck"}}};
    for (const Case& c : cases)
        writeBytes(disk.path() / c.name, "previous " + c.name + "\n");
    disk.fill();
    for (const Case& c : cases) {
        const fs::path out = disk.path() / c.name;
        std::vector<std::string> args = {"report", dataFile(kReportScenario), "-o", out.string(),
                                         "--no-break-points"};
        args.insert(args.end(), c.extra.begin(), c.extra.end());
        const CliRun r = runCli(args);
        EXPECT_EQ(r.exitCode, 1) << c.name << ": " << r.out << r.err;
        EXPECT_EQ(r.out.find("wrote"), std::string::npos) << c.name << ": " << r.out;
        EXPECT_NE(r.err.find(out.string() + ": cannot write (No space left on device); the "
                                            "previous file was left unchanged"),
                  std::string::npos)
            << c.name << ": " << r.err;
        EXPECT_EQ(detail::readAll(out), "previous " + c.name + "\n") << c.name;
    }
    int files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(disk.path()))
        ++files;
    EXPECT_EQ(files, static_cast<int>(cases.size()) + 1) << "no temporary file may be left";
}
#endif

TEST_F(OutputFiles, ImportAndExportOntoAFullDiskKeepThePreviousFiles) {
    SmallTmpfs disk(64 * 1024);
    if (!disk.mounted()) GTEST_SKIP() << disk.skipReason();
    const fs::path imported = disk.path() / "imported.json";
    const fs::path launch = disk.path() / "launch";
    fs::create_directory(launch);
    writeBytes(imported, "{\"previous\": true}\n");
    writeBytes(launch / "megatron_args.sh", "# previous\n");
    disk.fill();

    const CliRun imp =
        runCli({"import", fixtureFile("io/hf/llama-3.1-8b/config.json"),
                fixtureFile("io/deepspeed/zero1_bf16.json"), "--nodes", "2", "--gpus-per-node", "8",
                "--seq-len", "8192", "-o", imported.string()});
    EXPECT_EQ(imp.exitCode, 1) << imp.out << imp.err;
    EXPECT_NE(imp.err.find("No space left on device"), std::string::npos) << imp.err;
    EXPECT_EQ(detail::readAll(imported), "{\"previous\": true}\n");

    const CliRun exp = runCli({"export", dataFile(kScenario), "-o", launch.string()});
    EXPECT_EQ(exp.exitCode, 1) << exp.out << exp.err;
    EXPECT_NE(exp.err.find("No space left on device"), std::string::npos) << exp.err;
    EXPECT_EQ(detail::readAll(launch / "megatron_args.sh"), "# previous\n");
}

#if TRAINPLAN_CLI_HAS_REPORT // `report` exists only in a build with the GUI
// Starts trainplan-cli with `args` (stdout and stderr to /dev/null), kills it with SIGKILL after
// `delay` unless it finished, and returns whether it was still running when killed.
bool runAndKill(const std::vector<std::string>& args, std::chrono::milliseconds delay) {
    std::vector<std::string> all{TRAINPLAN_CLI_EXE};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::string db = "TRAINPLAN_DB=" + testDatabasePath();
    std::string data = std::string("TRAINPLAN_DATA_DIR=") + TRAINPLAN_TEST_DATA_DIR;
    std::string qpa = "QT_QPA_PLATFORM=offscreen";
    std::vector<char*> envp{db.data(), data.data(), qpa.data(), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc =
        ::posix_spawn(&pid, TRAINPLAN_CLI_EXE, &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start " + std::string(TRAINPLAN_CLI_EXE));
    std::this_thread::sleep_for(delay);
    int status = 0;
    const bool running = ::waitpid(pid, &status, WNOHANG) == 0;
    if (running) {
        ::kill(pid, SIGKILL);
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    return running;
}

// "One SIGKILL during a deck write left a 0-byte file": killed at any moment, the deck is the
// previous one or a whole new one. (A kill between creating and renaming the temporary file
// leaves that hidden .deck.pdf.tmp-* file behind; no later write uses its name.)
TEST_F(OutputFiles, KillingADeckWriteAtAnyMomentLeavesTheOldOrTheNewDeck) {
    const fs::path deck = m_dir / "deck.pdf";
    const std::vector<std::string> args = {
        "report", dataFile(kReportScenario), "-o",     deck.string(),
        "--deck", "--no-break-points",       "--date", "2026-01-01"};
    const auto start = std::chrono::steady_clock::now();
    const CliRun full = runCli(args);
    ASSERT_EQ(full.exitCode, 0) << full.err;
    const auto fullTime = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - start);
    const std::string complete = detail::readAll(deck);
    ASSERT_GT(complete.size(), 4096u);
    ASSERT_EQ(complete.substr(0, 5), "%PDF-");
    ASSERT_NE(complete.find("%%EOF", complete.size() - 16), std::string::npos);

    const std::string previous = "previous deck\n";
    constexpr int kKills = 12;
    int killedMidRun = 0;
    for (int k = 0; k < kKills; ++k) {
        writeBytes(deck, previous);
        // Spread over the whole run, the last ones near its end, where the file is written.
        const auto delay = fullTime * (k + 1) / (kKills + 1) +
                           std::chrono::milliseconds(k >= kKills - 4 ? 20 * (k - kKills + 5) : 0);
        if (runAndKill(args, delay)) ++killedMidRun;
        const std::string now = detail::readAll(deck);
        // A finished run writes a deck equal to `complete` but for its creation time.
        const bool whole = now.size() > complete.size() * 9 / 10 && now.rfind("%PDF-", 0) == 0 &&
                           now.find("%%EOF", now.size() - 16) != std::string::npos;
        EXPECT_TRUE(now == previous || whole)
            << "kill " << k << " after " << delay.count() << " ms left " << now.size() << " bytes";
    }
    EXPECT_GE(killedMidRun, kKills / 2) << "most kills must land while the command runs";
    RecordProperty("sigkills", killedMidRun);
}
#endif

#if TRAINPLAN_CLI_HAS_REPORT // `report` exists only in a build with the GUI
TEST_F(OutputFiles, ReportOntoAFifoIsRefusedInsteadOfBlocking) {
    const fs::path fifo = m_dir / "report.csv";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const auto start = std::chrono::steady_clock::now();
    const CliRun r = runCli({"report", dataFile(kReportScenario), "-o", fifo.string()});
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.err.find(fifo.string() +
                         ": is a FIFO (named pipe), not a regular file; refusing to write it"),
              std::string::npos)
        << r.err;
    struct stat st {};
    ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
}
#endif

TEST_F(OutputFiles, LibraryExportOntoADeviceIsRefusedAndTheDeviceNodeStays) {
    const fs::path node = m_dir / "full";
    if (::geteuid() == 0)
        // A private /dev/full (char 1,7): a regression here cannot replace the real one.
        ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 7)), 0);
    else
        fs::create_symlink("/dev/null", node);
    const CliRun r = runCli({"library", "export", "-o", node.string()});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("is a character device, not a regular file"), std::string::npos) << r.err;
    struct stat st {};
    ASSERT_EQ(::stat(node.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device node must not become a regular file";
}

TEST_F(OutputFiles, LibraryExportOntoASymlinkWritesTheLinksTarget) {
    fs::create_directory(m_dir / "backups");
    writeBytes(m_dir / "backups" / "library.json", "old");
    fs::create_symlink("backups/library.json", m_dir / "latest.json");
    const CliRun r = runCli({"library", "export", "-o", (m_dir / "latest.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(m_dir / "latest.json")));
    const auto doc = nlohmann::json::parse(detail::readAll(m_dir / "backups" / "library.json"));
    EXPECT_EQ(doc.value("schema", ""), "trainplan.library.v1");
}

TEST_F(OutputFiles, EstimateJsonOntoAFullStandardOutputFailsWithAMessage) {
    const CliRun r = runCli({"--format", "json", "estimate", dataFile(kScenario)}, {}, "/dev/full");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    // The reason is errno of the failed flush when the last flush fails (ENOSPC for /dev/full);
    // when the write failed mid-run the reason is no longer known: "an earlier write failed".
    EXPECT_EQ(r.err.rfind("trainplan-cli: cannot write to standard output (", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("); the output is incomplete"), std::string::npos) << r.err;
}

TEST_F(OutputFiles, LibraryExportToAFullStandardOutputFailsWithAMessage) {
    const CliRun r = runCli({"library", "export", "-o", "-"}, {}, "/dev/full");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("cannot write to standard output (No space left on device)"),
              std::string::npos)
        << r.err;
}

// An output larger than the standard output buffer fails long before the end: the message still
// names the cause (it used to say only "an earlier write failed").
TEST_F(OutputFiles, ALargeOutputToAFullStandardOutputNamesTheCause) {
    const CliRun r = runCli({"validate", "--format", "json"}, {}, "/dev/full");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("cannot write to standard output (No space left on device)"),
              std::string::npos)
        << r.err;
}

} // namespace
} // namespace trainplan::test
