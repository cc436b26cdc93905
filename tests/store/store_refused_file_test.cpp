// A library TrainPlan refuses is never written, neither the file nor its WAL (issue 22 item 2):
// every refusal is decided on a read-only connection, because closing a read-write one
// checkpoints the WAL into the file.

#include "store_test_support.h"

#include <trainplan/store/connection.h>
#include <trainplan/store/schema.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::Connection;
using store::OpenMode;
using store::StoreErrorKind;

void copyFile(const fs::path& from, const fs::path& to) {
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
}

void saveMany(store::Store& s, const std::string& prefix, int count) {
    for (int i = 0; i < count; ++i)
        s.saveScenario(scenarioJson(prefix + std::to_string(i), std::string(2000, 'd')));
}

TEST(storeRefusedFile, AStaleWalBesideARestoredBackupIsRefusedAndNothingIsWritten) {
    TempDir dir;
    const fs::path db = dir / "library.db";
    const fs::path wal = db.string() + "-wal";
    {
        auto s = openTestStore(db);
        saveMany(s, "first", 2);
    }
    copyFile(db, dir / "backup.db"); // the backup: a consistent, checkpointed file
    {
        auto s = openTestStore(db);
        saveMany(s, "second", 30); // grows the file; checkpointed at close
    }
    {
        auto s = openTestStore(db);
        saveMany(s, "third", 5);
        ASSERT_GT(fs::file_size(wal), 0u);
        copyFile(wal, dir / "stale.wal"); // the WAL of the later file, as a crash leaves it
    }
    // The user restores the backup; the later file's -wal is still beside it.
    copyFile(dir / "backup.db", db);
    copyFile(dir / "stale.wal", wal);
    fs::remove(db.string() + "-shm");
    const std::string fileBefore = readFile(db);
    const std::string walBefore = readFile(wal);

    for (int attempt = 0; attempt < 2; ++attempt) {
        const auto e = storeErrorOf([&] { (void)openTestStore(db); });
        EXPECT_EQ(e.kind(), StoreErrorKind::Corrupt);
        const std::string what = e.what();
        EXPECT_NE(what.find("the database file is intact, but the write-ahead log beside it (" +
                            wal.string() + ") does not belong to it"),
                  std::string::npos)
            << what;
        EXPECT_NE(what.find("move " + wal.string() + " and " + db.string() + "-shm aside"),
                  std::string::npos)
            << what;
        EXPECT_EQ(readFile(db), fileBefore) << "the refused file was written";
        ASSERT_TRUE(fs::exists(wal)) << "the -wal was checkpointed and removed";
        EXPECT_EQ(readFile(wal), walBefore);
    }

    // Doing what the message says opens the restored library as it was backed up.
    fs::rename(wal, dir / "aside.wal");
    fs::rename(db.string() + "-shm", dir / "aside.shm");
    auto s = openTestStore(db);
    EXPECT_NO_THROW((void)s.scenario("first1"));
    EXPECT_EQ(storeErrorOf([&] { (void)s.scenario("second0"); }).kind(), StoreErrorKind::NotFound);
}

TEST(storeRefusedFile, ANewerSchemaWithItsLastChangesInTheWalIsRefusedWithoutCheckpointing) {
    TempDir dir;
    const fs::path made = dir / "made.db";
    { auto s = openTestStore(made); }
    const fs::path db = dir / "library.db";
    {
        // A newer TrainPlan's last transaction, still in its WAL when the copy is taken (a
        // crash, or a copy taken while it runs).
        Connection c =
            Connection::open(made.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("PRAGMA wal_autocheckpoint = 0");
        c.exec("PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1));
        copyFile(made, db);
        copyFile(made.string() + "-wal", db.string() + "-wal");
    }
    const std::string fileBefore = readFile(db);
    const std::string walBefore = readFile(db.string() + "-wal");
    ASSERT_FALSE(walBefore.empty());

    const auto e = storeErrorOf([&] { (void)openTestStore(db); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NewerSchema) << e.what();
    EXPECT_NE(std::string(e.what()).find(db.string() +
                                         "-wal, which holds its latest changes, was left "
                                         "untouched too"),
              std::string::npos)
        << e.what();
    EXPECT_EQ(readFile(db), fileBefore);
    ASSERT_TRUE(fs::exists(db.string() + "-wal"));
    EXPECT_EQ(readFile(db.string() + "-wal"), walBefore);
}

// Issue 22 item 12: quick_check does not compare an index with its table, so writes went ahead on
// a damaged UNIQUE index, and `db check` and the other commands disagreed.
TEST(storeRefusedFile, ADamagedUniqueIndexIsRefusedBeforeAnyWriteAndDbCheckAgrees) {
    TempDir dir;
    const fs::path db = dir / "library.db";
    {
        auto s = openTestStore(db);
        s.saveScenario(scenarioJson("lab"));
        for (int i = 1; i <= 3; ++i) {
            store::NewMeasuredRun r;
            r.scenarioName = "lab";
            r.stepSeconds = 1.0 + i;
            s.addRun(r);
        }
    }
    {
        // The index's entries stay those of `fingerprint` while its definition says `notes`: the
        // same damage as a torn index page, but reproducible.
        Connection c =
            Connection::open(db.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("PRAGMA writable_schema = ON");
        c.exec("UPDATE sqlite_schema SET sql = 'CREATE UNIQUE INDEX measured_runs_fingerprint ON "
               "measured_runs(notes)' WHERE name = 'measured_runs_fingerprint'");
        c.exec("PRAGMA writable_schema = OFF");
        ASSERT_EQ(c.queryText("PRAGMA quick_check"), "ok") << "quick_check cannot see this";
    }
    const std::string before = readFile(db);
    const auto e = storeErrorOf([&] { (void)openTestStore(db); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Corrupt) << e.what();
    EXPECT_NE(std::string(e.what()).find("measured_runs_fingerprint"), std::string::npos)
        << e.what();
    EXPECT_EQ(readFile(db), before);

    const store::IntegrityReport report = store::checkDatabaseFile(db);
    EXPECT_FALSE(report.ok);
    ASSERT_FALSE(report.problems.empty());
}

// Issue 22 item 17: a damaged built-in catalog row blocked every save, and `catalog add/remove`
// refuse built-ins. The next open restores it from the data files.
TEST(storeRefusedFile, ADamagedBuiltinCatalogRowIsRepairedOnTheNextOpen) {
    TempDir dir;
    const fs::path db = dir / "library.db";
    std::string original;
    {
        auto s = openTestStore(db);
        original = s.catalog().findGpu("A100-SXM4-80GB") ? "present" : "";
    }
    ASSERT_EQ(original, "present");
    {
        Connection c =
            Connection::open(db.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("UPDATE catalog_gpus SET body = '{\"name\": \"A100-SXM4-80GB\"}' WHERE name = "
               "'A100-SXM4-80GB' AND builtin = 1");
        ASSERT_EQ(c.changes(), 1);
    }
    auto s = openTestStore(db);
    EXPECT_NO_THROW(s.saveScenario(scenarioJson("after-repair")));
    const model::Catalog repaired = s.catalog(); // a copy: findGpu points into it
    const model::GpuSpec* gpu = repaired.findGpu("A100-SXM4-80GB");
    ASSERT_NE(gpu, nullptr);
    EXPECT_EQ(gpu->memoryBytes, builtinCatalog().findGpu("A100-SXM4-80GB")->memoryBytes);
}

// Issue 22 item 13: reading a read-only library left a read-only -shm; after `chmod u+w` every
// write failed with "the file or its directory is read-only".
TEST(storeRefusedFile, AReadOnlyShmLeftByReadingAReadOnlyFileDoesNotBlockWritesLater) {
    TempDir dir;
    fs::permissions(dir.path(), fs::perms::all); // the unprivileged child writes here
    const fs::path db = dir / "library.db";
    asUnprivilegedUser([&] {
        { auto s = openTestStore(db); s.saveScenario(scenarioJson("a")); }
        fs::permissions(db, fs::perms::owner_read | fs::perms::group_read |
                                fs::perms::others_read);
        {
            auto options = testOptions();
            options.mode = OpenMode::ReadOnly;
            auto reader = store::Store::open(db, options);
            if (reader.scenarios().size() != 1) return false;
            // Keep a read open so the -shm is there, as when the reader is another process.
            auto other = store::Store::open(db, options);
        }
        fs::permissions(db, fs::perms::owner_read | fs::perms::owner_write,
                        fs::perm_options::add);
        auto writer = openTestStore(db);
        writer.saveScenario(scenarioJson("b"));
        return writer.scenarios().size() == 2;
    });
}

} // namespace
} // namespace trainplan::test
