// Nothing lost: a process killed in the middle of saving, a database locked by another process, a
// full disk, and readers working while another process writes.

#include "store_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/store/run_import.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <random>
#include <thread>

#include <sys/wait.h>

namespace trainplan::test {
namespace {

using store::StoreErrorKind;

// "round 2 save 17|xxxx..." -> 17
long saveNumber(const std::string& description) {
    const auto at = description.find(" save ");
    return at == std::string::npos ? -1 : std::stol(description.substr(at + 6));
}

store::StoreOptions patientOptions() {
    auto o = testOptions();
    o.busyTimeout = std::chrono::milliseconds(10000);
    return o;
}

bool readLong(int fd, long& value) {
    return ::read(fd, &value, sizeof value) == static_cast<ssize_t>(sizeof value);
}

TEST(storeDurability, KillingAProcessMidSaveLeavesTheLastCommittedVersionIntact) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    { openTestStore(db).saveScenario(scenarioJson("crash", "round 0 save 0|")); }
    std::mt19937 random(12345);
    int expectedVersions = 1;
    for (int round = 1; round <= 5; ++round) {
        int acks[2];
        ASSERT_EQ(::pipe(acks), 0);
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            ::close(acks[0]);
            try {
                store::Store s = store::Store::open(db, patientOptions());
                // Large bodies: every save writes many pages, so a kill lands inside a commit.
                const std::string padding(60000 + 1000 * round, 'p');
                for (long i = 1;; ++i) {
                    s.saveScenario(scenarioJson("crash", "round " + std::to_string(round) +
                                                             " save " + std::to_string(i) + "|" +
                                                             padding));
                    if (::write(acks[1], &i, sizeof i) != static_cast<ssize_t>(sizeof i))
                        ::_exit(3);
                }
            } catch (...) {
                ::_exit(2);
            }
        }
        ::close(acks[1]);
        long last = 0;
        const long wanted = 3 + round * 2;
        while (last < wanted && readLong(acks[0], last)) {
        }
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 4000));
        ::kill(pid, SIGKILL);
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        ASSERT_TRUE(WIFSIGNALED(status))
            << "the writer stopped by itself (exit " << WEXITSTATUS(status) << ")";
        for (long v = 0; readLong(acks[0], v);)
            last = v; // acknowledgements written before the kill
        ::close(acks[0]);
        ASSERT_GE(last, wanted);

        store::Store s = openTestStore(db);
        const store::IntegrityReport report = s.checkIntegrity();
        EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problemTexts().front());
        const auto history = s.history("crash");
        for (std::size_t i = 0; i < history.size(); ++i)
            ASSERT_EQ(history[i].version, static_cast<int>(i + 1));
        const store::ScenarioRecord current = s.scenario("crash");
        EXPECT_EQ(current.currentVersion, static_cast<int>(history.size()));
        EXPECT_EQ(current.body, history.back().body);
        const auto body = nlohmann::json::parse(current.body);
        const std::string description = body["description"];
        EXPECT_EQ(description.rfind("round " + std::to_string(round) + " ", 0), 0u)
            << description.substr(0, 40);
        // Every acknowledged save is there; at most one more committed before the kill landed.
        const long stored = saveNumber(description);
        EXPECT_GE(stored, last);
        EXPECT_LE(stored, last + 1);
        expectedVersions += static_cast<int>(stored);
        EXPECT_EQ(static_cast<int>(history.size()), expectedVersions);
        EXPECT_TRUE(model::parseScenario(current.body, s.catalog()).ok());
    }
}

TEST(storeDurability, ALockedDatabaseFailsClearlyAfterTheBusyTimeoutAndChangesNothing) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    { openTestStore(db).saveScenario(scenarioJson("a")); }
    int ready[2], release[2];
    ASSERT_EQ(::pipe(ready), 0);
    ASSERT_EQ(::pipe(release), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        // A second process holding the write lock.
        try {
            store::Connection c = store::Connection::open(db.string(), store::OpenMode::ReadWrite,
                                                          std::chrono::milliseconds(1000));
            c.exec("BEGIN IMMEDIATE");
            c.exec("INSERT INTO meta (key, value) VALUES ('holder', 'the other process')");
            char byte = 'r';
            if (::write(ready[1], &byte, 1) != 1) ::_exit(3);
            if (::read(release[0], &byte, 1) != 1) ::_exit(4);
            c.exec("ROLLBACK");
        } catch (...) {
            ::_exit(2);
        }
        ::_exit(0);
    }
    char byte = 0;
    ASSERT_EQ(::read(ready[0], &byte, 1), 1);

    store::Store s = openTestStore(db); // opening an up-to-date database needs no write lock
    EXPECT_EQ(s.scenarios().size(), 1u) << "reading works while another process writes";
    const auto start = std::chrono::steady_clock::now();
    const auto e = storeErrorOf([&] { s.saveScenario(scenarioJson("a", "blocked")); });
    const auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(e.kind(), StoreErrorKind::Busy);
    EXPECT_TRUE(mentions(e, db)) << e.what();
    EXPECT_NE(std::string(e.what()).find("locked by another process"), std::string::npos)
        << e.what();
    EXPECT_GE(waited, std::chrono::milliseconds(150)) << "it waited for the busy timeout";
    EXPECT_LT(waited, std::chrono::seconds(5));
    nlohmann::json invalid = scenarioJson("a");
    invalid["cluster"]["nodes"] = 0;
    EXPECT_EQ(storeErrorOf([&] { s.saveScenario(invalid); }).kind(), StoreErrorKind::Invalid)
        << "validation happens before waiting for the lock";

    ASSERT_EQ(::write(release[1], "x", 1), 1);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    for (int fd : {ready[0], ready[1], release[0], release[1]})
        ::close(fd);

    EXPECT_EQ(s.history("a").size(), 1u) << "the blocked save left nothing behind";
    EXPECT_FALSE(
        s.connection().queryText("SELECT value FROM meta WHERE key = 'holder'").has_value());
    EXPECT_EQ(s.saveScenario(scenarioJson("a", "after the lock")).version, 2);
}

TEST(storeDurability, AFullDiskFailsClearlyAndLeavesNoPartialState) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    { openTestStore(db).saveScenario(scenarioJson("a", "small")); }
    auto options = testOptions();
    options.maxPageCount = 1; // SQLite raises it to the current size: the file may not grow at all
    {
        store::Store s = store::Store::open(db, options);
        const auto e =
            storeErrorOf([&] { s.saveScenario(scenarioJson("a", std::string(300000, 'x'))); });
        EXPECT_EQ(e.kind(), StoreErrorKind::DiskFull);
        EXPECT_TRUE(mentions(e, db)) << e.what();
        EXPECT_NE(std::string(e.what()).find("disk is full"), std::string::npos) << e.what();
        EXPECT_EQ(s.history("a").size(), 1u);
        EXPECT_EQ(storedBody(s, "a")["description"], "small");

        const auto load = model::loadPublishedRuns(fs::path(TRAINPLAN_TEST_DATA_DIR) / "reference" /
                                                   "published_runs.csv");
        auto runs = store::measuredRunsFromPublished(load.runs);
        for (auto& r : runs)
            r.notes += std::string(5000, 'n');
        EXPECT_EQ(storeErrorOf([&] { (void)s.importRuns(runs); }).kind(), StoreErrorKind::DiskFull);
        EXPECT_TRUE(s.runs().empty()) << "no partial import";
        EXPECT_TRUE(s.checkIntegrity().ok);
    }
    store::Store s = openTestStore(db); // with room again, saving works
    EXPECT_EQ(s.saveScenario(scenarioJson("a", std::string(300000, 'x'))).version, 2);
    EXPECT_TRUE(s.checkIntegrity().ok);
}

TEST(storeDurability, AFullInMemoryDatabaseFailsTheSameWay) {
    auto options = testOptions();
    options.maxPageCount = 1;
    store::Store s = store::Store::openInMemory(options);
    const auto e =
        storeErrorOf([&] { s.saveScenario(scenarioJson("a", std::string(300000, 'x'))); });
    EXPECT_EQ(e.kind(), StoreErrorKind::DiskFull);
    EXPECT_TRUE(s.scenarios().empty());
}

TEST(storeDurability, ReadersSeeConsistentDataWhileAnotherProcessWrites) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    { openTestStore(db).saveScenario(scenarioJson("busy", "writer save 0")); }
    constexpr long kSaves = 150;
    const pid_t pid = ::fork(); // before any thread exists
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        try {
            store::Store w = store::Store::open(db, patientOptions());
            for (long i = 1; i <= kSaves; ++i)
                w.saveScenario(scenarioJson("busy", "writer save " + std::to_string(i) + "|" +
                                                        std::string(8000, 'w')));
        } catch (...) {
            ::_exit(2);
        }
        ::_exit(0);
    }

    std::atomic<bool> writerDone{false};
    std::atomic<int> problems{0};
    std::vector<std::thread> readers;
    std::vector<long> readsPerReader(3, 0);
    std::vector<std::string> firstProblem(3);
    for (std::size_t t = 0; t < readsPerReader.size(); ++t) {
        readers.emplace_back([&, t] {
            try {
                store::Store r = store::Store::open(db, patientOptions());
                long seen = 0;
                do {
                    const auto history = r.history("busy"); // one snapshot
                    for (std::size_t i = 0; i < history.size(); ++i)
                        if (history[i].version != static_cast<int>(i + 1))
                            throw std::runtime_error("gap in history");
                    const long n =
                        saveNumber(nlohmann::json::parse(history.back().body)["description"]);
                    if (n != static_cast<long>(history.size()) - 1)
                        throw std::runtime_error("body/version mismatch");
                    if (n < seen) throw std::runtime_error("went back in time");
                    seen = n;
                    ++readsPerReader[t];
                } while (!writerDone);
            } catch (const std::exception& e) {
                if (problems++ == 0) firstProblem[t] = e.what();
            }
        });
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    writerDone = true;
    for (auto& r : readers)
        r.join();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    EXPECT_EQ(problems.load(), 0) << firstProblem[0] << firstProblem[1] << firstProblem[2];
    for (long reads : readsPerReader)
        EXPECT_GT(reads, 1);
    store::Store s = openTestStore(db);
    EXPECT_EQ(s.history("busy").size(), static_cast<std::size_t>(kSaves + 1));
}

} // namespace
} // namespace trainplan::test
