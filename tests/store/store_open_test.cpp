// Opening the database: where it lives, what a fresh one looks like, and every file that is refused
// (not SQLite, another application's, corrupt, newer, read-only) — with a message naming the path
// and the file left byte-for-byte as it was.

#include "store_test_support.h"

#include <trainplan/store/database_location.h>
#include <trainplan/store/schema.h>

#include <gtest/gtest.h>

#include <pwd.h>
#include <sys/wait.h>

#include <optional>

namespace trainplan::test {
namespace {

using store::Connection;
using store::OpenMode;
using store::StoreErrorKind;

// Sets (or with nullopt unsets) an environment variable for the scope.
class ScopedEnv {
public:
    ScopedEnv(const char* name, std::optional<std::string> value)
        : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value)
            ::setenv(name, value->c_str(), 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (m_old)
            ::setenv(m_name, m_old->c_str(), 1);
        else
            ::unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

// A database file with one scenario, closed again.
fs::path makeDatabase(const TempDir& dir, const std::string& name = "trainplan.db") {
    const fs::path db = dir / name;
    store::Store s = openTestStore(db);
    s.saveScenario(scenarioJson("first"));
    return db;
}

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(storeLocation, ExplicitPathWinsOverEnvironment) {
    ScopedEnv db("TRAINPLAN_DB", "/tmp/from-env.db");
    EXPECT_EQ(store::resolveDatabasePath(std::string("/tmp/explicit.db")),
              fs::path("/tmp/explicit.db"));
    EXPECT_EQ(store::resolveDatabasePath(), fs::path("/tmp/from-env.db"));
}

TEST(storeLocation, XdgDataHomeThenHome) {
    ScopedEnv db("TRAINPLAN_DB", std::nullopt);
    {
        ScopedEnv xdg("XDG_DATA_HOME", "/srv/xdg");
        EXPECT_EQ(store::resolveDatabasePath(), fs::path("/srv/xdg/trainplan/trainplan.db"));
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", "relative/dir"); // the spec says: ignore relative paths
        ScopedEnv home("HOME", "/home/someone");
        EXPECT_EQ(store::resolveDatabasePath(),
                  fs::path("/home/someone/.local/share/trainplan/trainplan.db"));
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", std::nullopt);
        ScopedEnv home("HOME", "/home/other");
        EXPECT_EQ(store::defaultDatabasePath(),
                  fs::path("/home/other/.local/share/trainplan/trainplan.db"));
    }
}

TEST(storeOpen, MemoryStoreHasTheCurrentSchemaAndTheBuiltinCatalog) {
    store::Store s = memoryStore();
    EXPECT_EQ(s.schemaVersion(), store::kSchemaVersion);
    EXPECT_EQ(s.location(), ":memory:");
    const model::Catalog cat = s.catalog();
    EXPECT_EQ(cat.gpus.size(), builtinCatalog().gpus.size());
    EXPECT_EQ(cat.links.size(), builtinCatalog().links.size());
    EXPECT_EQ(cat.models.size(), builtinCatalog().models.size());
    EXPECT_TRUE(s.scenarios().empty());
}

TEST(storeOpen, FreshFileIsCreatedWithItsDirectoryInWalModeWithForeignKeys) {
    TempDir dir;
    const fs::path db = dir / "nested" / "deeper" / "trainplan.db";
    store::Store s = openTestStore(db);
    EXPECT_TRUE(fs::is_regular_file(db));
    Connection& c = s.connection();
    EXPECT_EQ(c.queryText("PRAGMA journal_mode"), "wal");
    EXPECT_EQ(c.queryInt("PRAGMA foreign_keys"), 1);
    EXPECT_EQ(c.queryInt("PRAGMA application_id"), store::kApplicationId);
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), store::kSchemaVersion);
    EXPECT_TRUE(s.checkIntegrity().ok);
}

TEST(storeOpen, DataSurvivesReopening) {
    TempDir dir;
    const fs::path db = makeDatabase(dir);
    store::Store s = openTestStore(db);
    ASSERT_EQ(s.scenarios().size(), 1u);
    EXPECT_EQ(storedBody(s, "first"), scenarioJson("first"));
}

TEST(storeOpen, AnEmptyFileBecomesADatabase) {
    TempDir dir;
    writeFile(dir / "empty.db", "");
    store::Store s = openTestStore(dir / "empty.db");
    EXPECT_EQ(s.schemaVersion(), store::kSchemaVersion);
}

TEST(storeOpen, TextFileIsRefusedAndLeftUntouched) {
    TempDir dir;
    const fs::path file = dir / "trainplan.db";
    const std::string text = "these are my notes, not a database\n";
    writeFile(file, text);
    const auto e = storeErrorOf([&] { (void)openTestStore(file); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotADatabase);
    EXPECT_TRUE(mentions(e, file)) << e.what();
    EXPECT_NE(std::string(e.what()).find("not an SQLite file"), std::string::npos) << e.what();
    EXPECT_EQ(readFile(file), text);
    EXPECT_EQ(entries(dir.path()),
              std::vector<std::string>{"trainplan.db"}); // no -wal, -shm, journal

    // The tool still runs on a fresh database elsewhere.
    store::Store elsewhere = openTestStore(dir / "other.db");
    elsewhere.saveScenario(scenarioJson("works"));
    EXPECT_EQ(elsewhere.scenarios().size(), 1u);
}

TEST(storeOpen, TruncatedSqliteHeaderIsRefused) {
    TempDir dir;
    const fs::path file = dir / "trainplan.db";
    const std::string bytes = std::string("SQLite format 3\0", 16) + "cut short";
    writeFile(file, bytes);
    const auto e = storeErrorOf([&] { (void)openTestStore(file); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotADatabase);
    EXPECT_EQ(readFile(file), bytes);
}

TEST(storeOpen, AnotherApplicationsSqliteFileIsRefusedAndLeftUntouched) {
    TempDir dir;
    const fs::path file = dir / "photos.db";
    {
        Connection c =
            Connection::open(file.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT); INSERT INTO photos (path) "
               "VALUES ('a.jpg')");
    }
    const std::string before = readFile(file);
    const auto e = storeErrorOf([&] { (void)openTestStore(file); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotADatabase);
    EXPECT_TRUE(mentions(e, file)) << e.what();
    EXPECT_NE(std::string(e.what()).find("another application"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("photos"), std::string::npos) << e.what();
    EXPECT_EQ(readFile(file), before);
}

TEST(storeOpen, CorruptFileIsRefusedAndLeftUntouched) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    {
        store::Store s = openTestStore(db);
        for (int i = 0; i < 20; ++i)
            s.saveScenario(scenarioJson("s" + std::to_string(i), std::string(2000, 'x')));
    }
    ASSERT_FALSE(fs::exists(db.string() + "-wal"))
        << "the last connection checkpoints and removes the WAL";
    std::string bytes = readFile(db);
    const std::size_t pageSize = 4096;
    ASSERT_GT(bytes.size(), 8 * pageSize);
    // Scribble over everything after the first page (the schema stays readable, the tables do not).
    for (std::size_t i = pageSize; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>((i * 7919) & 0xFF);
    writeFile(db, bytes);

    const auto e = storeErrorOf([&] { (void)openTestStore(db); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Corrupt);
    EXPECT_TRUE(mentions(e, db)) << e.what();
    EXPECT_NE(std::string(e.what()).find("corrupt"), std::string::npos) << e.what();
    EXPECT_EQ(readFile(db), bytes);

    const store::IntegrityReport report = store::checkDatabaseFile(db);
    EXPECT_FALSE(report.ok);
    EXPECT_FALSE(report.problems.empty());
    EXPECT_EQ(readFile(db), bytes);
}

TEST(storeOpen, DirectoryAtThePathIsRefused) {
    TempDir dir;
    fs::create_directory(dir / "trainplan.db");
    const auto e = storeErrorOf([&] { (void)openTestStore(dir / "trainplan.db"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::CannotOpen);
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
}

TEST(storeOpen, NewerSchemaIsRefusedAndNeverDowngraded) {
    TempDir dir;
    const fs::path db = makeDatabase(dir);
    {
        Connection c =
            Connection::open(db.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1));
    }
    const std::string before = readFile(db);
    const auto e = storeErrorOf([&] { (void)openTestStore(db); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NewerSchema);
    EXPECT_TRUE(mentions(e, db)) << e.what();
    EXPECT_NE(std::string(e.what()).find("newer TrainPlan"), std::string::npos) << e.what();
    EXPECT_EQ(readFile(db), before);
    Connection c =
        Connection::open(db.string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), store::kSchemaVersion + 1);
}

TEST(storeOpen, ReadOnlyModeNeverCreatesAFile) {
    TempDir dir;
    auto options = testOptions();
    options.mode = OpenMode::ReadOnly;
    const auto e = storeErrorOf([&] { (void)store::Store::open(dir / "missing.db", options); });
    EXPECT_EQ(e.kind(), StoreErrorKind::CannotOpen);
    EXPECT_TRUE(entries(dir.path()).empty());
}

TEST(storeOpen, ReadOnlyModeReadsButCannotWrite) {
    TempDir dir;
    const fs::path db = makeDatabase(dir);
    auto options = testOptions();
    options.mode = OpenMode::ReadOnly;
    store::Store s = store::Store::open(db, options);
    EXPECT_EQ(s.scenarios().size(), 1u);
    const auto e = storeErrorOf([&] { s.saveScenario(scenarioJson("second")); });
    EXPECT_EQ(e.kind(), StoreErrorKind::ReadOnly);
    EXPECT_TRUE(mentions(e, db)) << e.what();
}

TEST(storeOpen, ReadOnlyDirectoryGivesAClearErrorAndChangesNothing) {
    TempDir dir;
    const fs::path db = makeDatabase(dir);
    fs::permissions(db, fs::perms::all); // the file is writable,
    fs::permissions(dir.path(), fs::perms::owner_read |
                                    fs::perms::owner_exec | // its directory is not
                                    fs::perms::group_read | fs::perms::group_exec |
                                    fs::perms::others_read | fs::perms::others_exec);
    const std::string before = readFile(db);
    asUnprivilegedUser([&] {
        bool ok = true;
        try {
            (void)openTestStore(db);
            ok = false;
        } catch (const store::StoreError& e) {
            ok = ok && e.kind() == StoreErrorKind::ReadOnly && mentions(e, db) &&
                 std::string(e.what()).find("not writable") != std::string::npos;
        }
        try {
            (void)openTestStore(dir / "new.db");
            ok = false;
        } catch (const store::StoreError& e) {
            ok = ok && e.kind() == StoreErrorKind::ReadOnly;
        }
        // Reading still works.
        auto options = testOptions();
        options.mode = OpenMode::ReadOnly;
        store::Store reader = store::Store::open(db, options);
        ok = ok && reader.scenarios().size() == 1;
        return ok;
    });
    fs::permissions(dir.path(), fs::perms::owner_all);
    EXPECT_EQ(readFile(db), before);
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"trainplan.db"});
}

} // namespace
} // namespace trainplan::test
