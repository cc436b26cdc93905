// The store-backed scenario library in the GUI (issues 5 and 6): save with tags and history,
// restore, new / duplicate / rename / delete with undo through the store's soft delete and
// in-place rename (same id, every version, measured-run links), library
// file export/import, a database that cannot be opened shown in the dock, and --db / TRAINPLAN_DB.
#include "ui_test_support.h"

#include <trainplan/store/connection.h>
#include <trainplan/store/schema.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/command_line.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_library_dock.h>

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

class LibraryStoreTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        ASSERT_TRUE(dir.isValid());
        path = dir.filePath(QStringLiteral("library.db"));
        ASSERT_TRUE(library.open(path, *test::catalog())) << library.openError().toStdString();
        scenario = test::loadExample("llama31-70b-h100x256.json");
    }
    QByteArray bytes(const QString& file) {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QTemporaryDir dir;
    QString path;
    LibraryStore library;
    model::Scenario scenario;
};

TEST_F(LibraryStoreTest, SavesWithTagsAndKeepsEveryVersion) {
    auto r = library.save(scenario, QStringLiteral("70B baseline"),
                          {QStringLiteral("70b"), QStringLiteral("h100")});
    ASSERT_TRUE(r) << library.lastError().toStdString();
    EXPECT_TRUE(r->created);
    EXPECT_EQ(r->version, 1);
    scenario.cluster.nodes = 16;
    r = library.save(scenario, QStringLiteral("70B baseline"), {QStringLiteral("70b")});
    ASSERT_TRUE(r);
    EXPECT_FALSE(r->created);
    EXPECT_EQ(r->version, 2);

    const auto all = library.scenarios();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].name, "70B baseline");
    EXPECT_EQ(all[0].tags, std::vector<std::string>{"70b"});
    EXPECT_EQ(all[0].versionCount, 2);
    EXPECT_EQ(library.load(QStringLiteral("70B baseline")).scenario->cluster.nodes, 16);
    EXPECT_EQ(library.load(QStringLiteral("70B baseline"), 1).scenario->cluster.nodes, 32);
    EXPECT_EQ(library.load(QStringLiteral("70b BASELINE")).scenario->name,
              "70B baseline"); // names are case-insensitive

    // Restoring version 1 saves it again as version 3; nothing is lost.
    const auto restored = library.restore(QStringLiteral("70B baseline"), 1);
    ASSERT_TRUE(restored);
    EXPECT_EQ(restored->version, 3);
    EXPECT_EQ(library.history(QStringLiteral("70B baseline")).size(), 3u);
    EXPECT_EQ(library.load(QStringLiteral("70B baseline")).scenario->cluster.nodes, 32);

    // An invalid scenario is refused with the validator's message and nothing is stored.
    scenario.cluster.nodes = 0;
    EXPECT_FALSE(library.save(scenario, QStringLiteral("broken"), {}));
    EXPECT_TRUE(library.lastError().contains(QStringLiteral("cluster.nodes")))
        << library.lastError().toStdString();
    EXPECT_EQ(library.scenarios().size(), 1u);

    // The data is in the file: a second handle sees it.
    LibraryStore again;
    ASSERT_TRUE(again.open(path, *test::catalog()));
    EXPECT_EQ(again.history(QStringLiteral("70B baseline")).size(), 3u);
}

TEST_F(LibraryStoreTest, DockOperationsUndoAndRedoWithEveryVersion) {
    ScenarioLibraryDock dock;
    dock.setLibrary(&library, [] { return ScenarioDocument::defaultScenario(*test::catalog()); });
    ASSERT_TRUE(library.save(scenario, QStringLiteral("A"), {QStringLiteral("team-x")}));
    scenario.training.globalBatch *= 2;
    ASSERT_TRUE(library.save(scenario, QStringLiteral("A"), {QStringLiteral("team-x")}));
    ASSERT_NE(dock.libraryItem(QStringLiteral("A")), nullptr);
    EXPECT_EQ(dock.libraryItem(QStringLiteral("A"))->text(1), QStringLiteral("team-x"));
    const auto original = library.snapshot(QStringLiteral("A"));
    ASSERT_TRUE(original);
    QUndoStack* undo = dock.libraryUndoStack();

    // New: undo deletes it, redo brings the same scenario back.
    ASSERT_TRUE(dock.createScenario(QStringLiteral("Fresh")));
    EXPECT_NE(dock.libraryItem(QStringLiteral("Fresh")), nullptr);
    const std::int64_t freshId = library.store()->scenario("Fresh").id;
    EXPECT_FALSE(dock.createScenario(QStringLiteral("fresh"))); // taken (case-insensitive)
    EXPECT_FALSE(dock.lastError().isEmpty());
    undo->undo();
    EXPECT_EQ(dock.libraryItem(QStringLiteral("Fresh")), nullptr);
    undo->redo();
    EXPECT_NE(dock.libraryItem(QStringLiteral("Fresh")), nullptr);
    EXPECT_EQ(library.store()->scenario("Fresh").id, freshId);

    // Duplicate: the current version with its tags.
    ASSERT_TRUE(dock.duplicateScenario(QStringLiteral("A"), QStringLiteral("A copy")));
    EXPECT_EQ(library.history(QStringLiteral("A copy")).size(), 1u);
    EXPECT_EQ(library.load(QStringLiteral("A copy")).scenario->training.globalBatch,
              scenario.training.globalBatch);
    EXPECT_EQ(dock.libraryItem(QStringLiteral("A copy"))->text(1), QStringLiteral("team-x"));
    undo->undo();
    EXPECT_FALSE(library.contains(QStringLiteral("A copy")));

    // Rename keeps both versions, the tags and the creation time; undo brings the old name back.
    ASSERT_TRUE(dock.renameScenario(QStringLiteral("A"), QStringLiteral("B")));
    EXPECT_FALSE(library.contains(QStringLiteral("A")));
    ASSERT_EQ(library.history(QStringLiteral("B")).size(), 2u);
    EXPECT_EQ(library.load(QStringLiteral("B")).scenario->name, "B");
    EXPECT_EQ((*library.snapshot(QStringLiteral("B")))["created_at"], (*original)["created_at"]);
    EXPECT_FALSE(dock.renameScenario(QStringLiteral("B"), QStringLiteral("Fresh"))); // taken
    undo->undo();
    EXPECT_FALSE(library.contains(QStringLiteral("B")));
    EXPECT_EQ(*library.snapshot(QStringLiteral("A")), *original);

    // Delete; undo brings back every version exactly as it was.
    ASSERT_TRUE(dock.deleteScenario(QStringLiteral("A")));
    EXPECT_FALSE(library.contains(QStringLiteral("A")));
    EXPECT_EQ(dock.libraryItem(QStringLiteral("A")), nullptr);
    undo->undo();
    EXPECT_EQ(*library.snapshot(QStringLiteral("A")), *original);
    EXPECT_NE(dock.libraryItem(QStringLiteral("A")), nullptr);
    undo->redo();
    EXPECT_FALSE(library.contains(QStringLiteral("A")));
    undo->undo();

    // The filter matches names and tags.
    dock.filter()->setText(QStringLiteral("team-x"));
    EXPECT_FALSE(dock.libraryItem(QStringLiteral("A"))->isHidden());
    EXPECT_TRUE(dock.libraryItem(QStringLiteral("Fresh"))->isHidden());
    dock.filter()->setText(QStringLiteral("fres"));
    EXPECT_TRUE(dock.libraryItem(QStringLiteral("A"))->isHidden());
    EXPECT_FALSE(dock.libraryItem(QStringLiteral("Fresh"))->isHidden());
}

// Regression (issue 6): undoing a delete used to re-import the scenario from JSON, so it came back
// with a new id, and its measured runs and saved comparisons stayed unlinked.
TEST_F(LibraryStoreTest, UndoOfDeleteAndRenameKeepsTheIdHistoryAndMeasuredRunLinks) {
    ScenarioLibraryDock dock;
    dock.setLibrary(&library, [] { return ScenarioDocument::defaultScenario(*test::catalog()); });
    ASSERT_TRUE(library.save(scenario, QStringLiteral("70B"), {}));
    scenario.cluster.nodes = 16;
    ASSERT_TRUE(library.save(scenario, QStringLiteral("70B"), {}));
    store::Store& st = *library.store();
    const std::int64_t id = st.scenario("70B").id;
    for (double stepSeconds : {6.5, 7.25}) {
        store::NewMeasuredRun run;
        run.scenarioName = "70B";
        run.stepSeconds = stepSeconds;
        run.measuredOn = "2025-03-01";
        (void)st.addRun(run);
    }
    const std::int64_t comparison =
        st.saveComparison("frameworks", std::string("70B"), nlohmann::json{{"best", "megatron"}});
    const auto linked = [&](const std::string& name) {
        int n = 0;
        for (const auto& r : st.runs(name))
            n += r.scenarioId == id ? 1 : 0;
        return n;
    };
    ASSERT_EQ(linked("70B"), 2);
    QUndoStack* undo = dock.libraryUndoStack();

    ASSERT_TRUE(dock.deleteScenario(QStringLiteral("70B")));
    EXPECT_EQ(dock.libraryItem(QStringLiteral("70B")), nullptr);
    EXPECT_EQ(linked("70B"), 0) << "a deleted scenario's runs read as unlinked";
    undo->undo();
    ASSERT_NE(dock.libraryItem(QStringLiteral("70B")), nullptr);
    EXPECT_EQ(st.scenario("70B").id, id);
    EXPECT_EQ(library.history(QStringLiteral("70B")).size(), 2u);
    EXPECT_EQ(library.load(QStringLiteral("70B"), 1).scenario->cluster.nodes, 32);
    EXPECT_EQ(linked("70B"), 2);
    EXPECT_EQ(st.connection().queryInt("SELECT scenario_id FROM comparisons WHERE id = " +
                                       std::to_string(comparison)),
              id);

    ASSERT_TRUE(dock.renameScenario(QStringLiteral("70B"), QStringLiteral("70B on H100")));
    EXPECT_EQ(st.scenario("70B on H100").id, id);
    EXPECT_EQ(linked("70B on H100"), 2);
    EXPECT_EQ(st.comparison(comparison).scenarioName, "70B on H100");
    undo->undo();
    EXPECT_EQ(st.scenario("70B").id, id);
    EXPECT_EQ(linked("70B"), 2);
    EXPECT_EQ(library.history(QStringLiteral("70B")).size(), 2u);
    undo->redo();
    EXPECT_EQ(linked("70B on H100"), 2);
    undo->undo();

    // A step the store refuses is reported in the dock and dropped from the stack: saving a new
    // "70B" after the delete purged the deleted one, so there is nothing left to undelete.
    ASSERT_TRUE(dock.deleteScenario(QStringLiteral("70B")));
    ASSERT_TRUE(library.save(scenario, QStringLiteral("70B"), {}));
    const int commands = undo->count();
    undo->undo();
    EXPECT_EQ(undo->count(), commands - 1);
    EXPECT_FALSE(dock.libraryMessage()->isHidden());
    EXPECT_TRUE(dock.libraryMessage()->text().contains(QStringLiteral("is not deleted")))
        << dock.libraryMessage()->text().toStdString();
    EXPECT_EQ(library.history(QStringLiteral("70B")).size(), 1u) << "the new scenario is kept";
}

TEST_F(LibraryStoreTest, ExportAndImportTheLibraryFile) {
    ASSERT_TRUE(library.save(scenario, QStringLiteral("A"), {QStringLiteral("x")}));
    scenario.cluster.nodes = 8;
    ASSERT_TRUE(library.save(scenario, QStringLiteral("A"), {QStringLiteral("x")}));
    const QString file = dir.filePath(QStringLiteral("export.json"));
    ASSERT_TRUE(library.exportLibrary(file)) << library.lastError().toStdString();

    LibraryStore other;
    ASSERT_TRUE(other.openInMemory(*test::catalog()));
    auto summary = other.importLibrary(file);
    ASSERT_TRUE(summary) << other.lastError().toStdString();
    EXPECT_EQ(summary->scenarios.added, 1u);
    EXPECT_EQ(summary->versions.added, 2u);
    EXPECT_EQ(other.history(QStringLiteral("A")).size(), 2u);
    EXPECT_EQ(other.load(QStringLiteral("A")).scenario->cluster.nodes, 8);
    summary = other.importLibrary(file); // importing again adds nothing
    ASSERT_TRUE(summary);
    EXPECT_EQ(summary->versions.added, 0u);
    EXPECT_EQ(summary->versions.skipped, 2u);

    const QString garbage = dir.filePath(QStringLiteral("garbage.json"));
    QFile g(garbage);
    ASSERT_TRUE(g.open(QIODevice::WriteOnly));
    g.write("{ not json");
    g.close();
    EXPECT_FALSE(other.importLibrary(garbage));
    EXPECT_TRUE(other.lastError().contains(garbage)) << other.lastError().toStdString();
}

TEST_F(LibraryStoreTest, ACorruptFileIsReportedInTheDockAndLeftUntouched) {
    const QString corrupt = dir.filePath(QStringLiteral("corrupt.db"));
    QFile f(corrupt);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(8192, 'x'));
    f.close();
    const QByteArray before = bytes(corrupt);

    LibraryStore broken;
    EXPECT_FALSE(broken.open(corrupt, *test::catalog()));
    EXPECT_FALSE(broken.isOpen());
    EXPECT_TRUE(broken.openError().contains(corrupt)) << broken.openError().toStdString();
    EXPECT_EQ(bytes(corrupt), before);
    EXPECT_FALSE(broken.save(scenario, QStringLiteral("A"), {}));
    EXPECT_TRUE(broken.scenarios().empty());

    ScenarioLibraryDock dock;
    dock.setLibrary(&broken, [] { return ScenarioDocument::defaultScenario(*test::catalog()); });
    EXPECT_FALSE(dock.libraryMessage()->isHidden());
    EXPECT_TRUE(dock.libraryMessage()->text().contains(broken.openError()));
    EXPECT_FALSE(dock.createScenario(QStringLiteral("A")));
    // The examples are still listed.
    EXPECT_GT(dock.tree()->topLevelItem(1)->childCount(), 0);
}

TEST_F(LibraryStoreTest, ANewerSchemaIsRefusedWithTheStoresMessage) {
    library.close();
    {
        store::Connection c = store::Connection::open(
            path.toStdString(), store::OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1));
    }
    const QByteArray before = bytes(path);
    LibraryStore newer;
    EXPECT_FALSE(newer.open(path, *test::catalog()));
    EXPECT_TRUE(newer.openError().contains(QStringLiteral("newer TrainPlan")))
        << newer.openError().toStdString();
    EXPECT_EQ(bytes(path), before);
}

// What the upgrade of an older library changed (a schema v4 note) is shown in the window's
// language, like the rest of the dock.
TEST_F(LibraryStoreTest, UpgradeNotesReadInTheWindowsLanguage) {
    const auto noteAfterUpgrade = [&](const QString& language) {
        installLanguage(language);
        const QString old = dir.filePath(QStringLiteral("v3-") + language + QStringLiteral(".db"));
        EXPECT_TRUE(
            QFile::copy(QStringLiteral(TRAINPLAN_TEST_FIXTURES_DIR "/store/trainplan-v3.db"), old));
        QFile::setPermissions(old, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        {
            store::Connection c = store::Connection::open(
                old.toStdString(), store::OpenMode::ReadWrite, std::chrono::milliseconds(100));
            c.exec("UPDATE measured_runs SET step_time_s = 'NaN' WHERE id = (SELECT min(id) FROM "
                   "measured_runs)");
        }
        LibraryStore upgraded;
        EXPECT_TRUE(upgraded.open(old, *test::catalog())) << upgraded.openError().toStdString();
        return upgraded.backupNote();
    };
    const QString zh = noteAfterUpgrade(QStringLiteral("zh_CN"));
    const QString en = noteAfterUpgrade(QStringLiteral("en"));
    EXPECT_TRUE(zh.contains(QStringLiteral("：step_time_s 的值为 'NaN'，不是有限数值；结构版本 v4 "
                                           "只存储数值")))
        << zh.toStdString();
    EXPECT_TRUE(en.contains(QStringLiteral("): step_time_s held 'NaN', which is not a finite "
                                           "number; schema v4 stores numbers only")))
        << en.toStdString();
}

TEST(LibraryLocation, DbOptionThenEnvironmentThenXdg) {
    test::app();
    const QByteArray saved = qgetenv("TRAINPLAN_DB");
    qputenv("TRAINPLAN_DB", "/tmp/from-env.db");
    EXPECT_EQ(LibraryStore::resolvePath(QStringLiteral("/tmp/explicit.db")),
              QStringLiteral("/tmp/explicit.db"));
    EXPECT_EQ(LibraryStore::resolvePath({}), QStringLiteral("/tmp/from-env.db"));
    qunsetenv("TRAINPLAN_DB");
    EXPECT_TRUE(LibraryStore::resolvePath({}).endsWith(QStringLiteral("trainplan/trainplan.db")));
    if (!saved.isNull()) qputenv("TRAINPLAN_DB", saved);

    const CommandLine c = parseCommandLine(
        {QStringLiteral("trainplan"), QStringLiteral("--db"), QStringLiteral("/tmp/x.db")});
    EXPECT_TRUE(c.error.isEmpty());
    EXPECT_EQ(c.databaseFile, QStringLiteral("/tmp/x.db"));
    EXPECT_FALSE(parseCommandLine({QStringLiteral("trainplan"), QStringLiteral("--db"), QString()})
                     .error.isEmpty());
    EXPECT_FALSE(
        parseCommandLine({QStringLiteral("trainplan"), QStringLiteral("--db")}).error.isEmpty());
}

TEST(SplitTags, TrimsAndDropsDuplicates) {
    EXPECT_EQ(splitTags(QStringLiteral(" a, b ,,A, c ")),
              (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
}

} // namespace
} // namespace trainplan::ui
