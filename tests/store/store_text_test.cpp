// The library's messages (store_text.h): every StoreError is a catalogue entry with an English and
// a Chinese template taking the same arguments; what() stays the English the CLI prints, and
// textIn(ZhCN) reads the same failure in Chinese, with the path and the names as they are.

#include "store_test_support.h"

#include <trainplan/model/issue_text.h>
#include <trainplan/store/schema.h>
#include <trainplan/store/store_text.h>

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace trainplan::test {
namespace {

using model::Lang;
using store::StoreErrorKind;
using store::StoreText;

// A code point in the CJK Unified Ideographs block (U+4E00..U+9FFF), as UTF-8 (E4..E9 lead byte).
bool hasCjk(std::string_view s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0xE4 && c <= 0xE9) return true;
    }
    return false;
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

TEST(storeText, EveryEntryHasBothTemplatesWithTheSamePlaceholders) {
    const auto entries = store::storeTextCatalogue();
    ASSERT_EQ(static_cast<int>(entries.size()), store::kStoreTextCount);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        SCOPED_TRACE("entry " + std::to_string(i) + ": " + std::string(e.en));
        EXPECT_EQ(static_cast<std::size_t>(e.id), i);
        EXPECT_FALSE(e.en.empty());
        EXPECT_FALSE(hasCjk(e.en));
        // Names and separators that read the same (or take no ideograph) in Chinese.
        const bool noWords = e.id == StoreText::Verbatim || e.id == StoreText::QuotedName ||
                             e.id == StoreText::ListSeparator || e.id == StoreText::KindGpu ||
                             e.id == StoreText::SqliteWithContext ||
                             e.id == StoreText::SqliteWithDetail;
        if (!noWords) {
            EXPECT_TRUE(hasCjk(e.zh)) << e.zh;
        }
        const unsigned all = (1u << e.argCount) - 1;
        EXPECT_EQ(model::placeholderMask(e.en), all) << "English placeholders vs argCount";
        EXPECT_EQ(model::placeholderMask(e.zh), all)
            << "Chinese placeholders vs argCount: " << e.zh;
    }
}

TEST(storeText, PluralsFollowTheCountInEnglishOnly) {
    const store::StoreMessage one =
        store::storeText(StoreText::CatalogEntryInUse,
                         {store::storeText(StoreText::KindGpu).asArg(), "X1", "1", "'a'"});
    EXPECT_EQ(one.in(Lang::En), "the gpu 'X1' is used by stored scenario 'a'; change or delete "
                                "them first");
    EXPECT_EQ(one.in(Lang::ZhCN),
              "GPU 'X1' 正被 1 个已存储的场景使用：'a'；请先修改或删除这些场景");
    const store::StoreMessage two = store::storeText(
        StoreText::CatalogEntryInUse, {store::storeText(StoreText::KindLink).asArg(), "L", "2",
                                       store::StoreArg("'a', 'b'", "'a'、'b'")});
    EXPECT_EQ(two.in(Lang::En), "the link 'L' is used by stored scenarios 'a', 'b'; change or "
                                "delete them first");
    EXPECT_EQ(two.in(Lang::ZhCN),
              "链路 'L' 正被 2 个已存储的场景使用：'a'、'b'；请先修改或删除这些场景");
}

TEST(storeText, ScenarioNotFoundReadsInChinese) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("llama-8"));
    const auto e = storeErrorOf([&] { (void)s.scenario("llama-9"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    const std::string path = e.databasePath();
    EXPECT_EQ(std::string(e.what()),
              path + ": no scenario named 'llama-9' (did you mean llama-8?)");
    EXPECT_EQ(e.textIn(Lang::En), e.what());
    EXPECT_EQ(e.messageIn(Lang::En), e.message());
    EXPECT_EQ(e.messageIn(Lang::ZhCN), "没有名为 'llama-9' 的场景（是否指 llama-8？）");
    EXPECT_EQ(e.textIn(Lang::ZhCN), path + "：没有名为 'llama-9' 的场景（是否指 llama-8？）");

    store::Store empty = memoryStore();
    const auto none = storeErrorOf([&] { (void)empty.scenario("x"); });
    EXPECT_EQ(none.message(), "no scenario named 'x' (the library has no scenarios yet)");
    EXPECT_EQ(none.messageIn(Lang::ZhCN), "没有名为 'x' 的场景（场景库中还没有场景）");
}

TEST(storeText, InvalidScenarioListsItsIssuesInChinese) {
    store::Store s = memoryStore();
    nlohmann::json doc = scenarioJson("bad");
    doc["plans"][0]["dp"] = "eight";
    const auto e = storeErrorOf([&] { (void)s.saveScenario(doc); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    ASSERT_FALSE(e.issues().empty());
    const model::ValidationIssue& first = e.issues().front();
    EXPECT_TRUE(
        contains(e.what(), "scenario 'bad' is invalid; nothing was saved\n  " + first.text()))
        << e.what();
    const std::string zh = e.textIn(Lang::ZhCN);
    EXPECT_TRUE(contains(zh, "场景 'bad' 无效；没有保存任何内容\n  " + first.text(Lang::ZhCN)))
        << zh;
    EXPECT_TRUE(contains(zh, "plans[0].dp：")) << zh;
    EXPECT_TRUE(hasCjk(first.text(Lang::ZhCN))) << zh;
    EXPECT_FALSE(contains(zh, "is invalid")) << zh;
}

TEST(storeText, NewerSchemaIsRefusedInChinese) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    { store::Store s = openTestStore(db); }
    {
        store::Connection c = store::Connection::open(db.string(), store::OpenMode::ReadWrite,
                                                      std::chrono::milliseconds(100));
        c.exec("PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1));
    }
    const auto e = storeErrorOf([&] { (void)openTestStore(db); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NewerSchema);
    const std::string newer = std::to_string(store::kSchemaVersion + 1);
    const std::string known = std::to_string(store::kSchemaVersion);
    EXPECT_EQ(std::string(e.what()),
              db.string() + ": was written by a newer TrainPlan (schema v" + newer +
                  "; this version knows up to v" + known +
                  "); it was left untouched and is never downgraded - upgrade TrainPlan, or "
                  "choose another database with --db PATH or TRAINPLAN_DB");
    EXPECT_EQ(e.textIn(Lang::ZhCN),
              db.string() + "：由更新版本的 TrainPlan 写入（结构版本 v" + newer +
                  "；本版本最高支持 v" + known +
                  "）；文件保持原样，也不会被降级——请升级 TrainPlan，或用 --db PATH 或 "
                  "TRAINPLAN_DB 选择其他数据库");
}

TEST(storeText, CorruptAndForeignFilesAreRefusedInChinese) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    {
        store::Store s = openTestStore(db);
        for (int i = 0; i < 20; ++i)
            s.saveScenario(scenarioJson("s" + std::to_string(i), std::string(2000, 'x')));
    }
    std::string bytes = readFile(db);
    for (std::size_t i = 4096; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>((i * 7919) & 0xFF);
    writeFile(db, bytes);
    const auto e = storeErrorOf([&] { (void)openTestStore(db); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Corrupt);
    EXPECT_TRUE(contains(e.what(), "corrupt")) << e.what();
    const std::string zh = e.textIn(Lang::ZhCN);
    EXPECT_EQ(zh.rfind(db.string() + "：", 0), 0u) << zh;
    EXPECT_TRUE(contains(zh, "已损坏")) << zh;
    EXPECT_TRUE(contains(zh, "文件保持原样")) << zh;
    EXPECT_FALSE(contains(zh, "corrupt")) << zh;

    const fs::path text = dir / "notes.db";
    writeFile(text, "hello, this is not a database at all, just some words in a file\n");
    const auto foreign = storeErrorOf([&] { (void)openTestStore(text); });
    EXPECT_EQ(foreign.kind(), StoreErrorKind::NotADatabase);
    EXPECT_EQ(foreign.message(),
              "is not a TrainPlan database: not an SQLite file (it starts with \"hello, this is "
              "n\"); it was left untouched; move it away or choose another database with --db "
              "PATH or TRAINPLAN_DB");
    EXPECT_EQ(
        foreign.messageIn(Lang::ZhCN),
        "不是 TrainPlan 数据库：不是 SQLite 文件（开头为 \"hello, this is n\"）；文件保持原样；"
        "请将其移走，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库");
}

TEST(storeText, SqliteFailuresKeepSqliteWordsVerbatim) {
    const store::StoreMessage m =
        store::storeText(StoreText::SqliteWithDetail,
                         {store::storeText(StoreText::SqliteWithContext,
                                           {store::storeText(StoreText::ContextPreparing).asArg(),
                                            store::storeText(StoreText::SqliteBusy).asArg()})
                              .asArg(),
                          "database is locked"});
    EXPECT_EQ(m.in(Lang::En),
              "preparing a query: the database is locked by another process (gave up waiting "
              "for it); nothing was changed - try again when the other TrainPlan finishes "
              "(SQLite: database is locked)");
    EXPECT_EQ(m.in(Lang::ZhCN), "准备查询时：数据库被另一个进程锁定（已放弃等待）；没有做任何更改——"
                                "请在另一个 TrainPlan 完成后重试（SQLite：database is locked）");
}

TEST(storeText, CatalogConflictsNameTheKindPerLanguage) {
    store::Store s = memoryStore();
    const auto e = storeErrorOf([&] { s.removeCatalogEntry(store::CatalogKind::Model, "nope"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_EQ(e.message().rfind("no user model named 'nope'", 0), 0u) << e.message();
    EXPECT_EQ(e.messageIn(Lang::ZhCN).rfind("没有名为 'nope' 的用户模型", 0), 0u)
        << e.messageIn(Lang::ZhCN);
}

TEST(storeText, AMessageFromOutsideTheCatalogueReadsTheSameInBothLanguages) {
    const store::StoreError e(StoreErrorKind::NotFound, "lib.db", "no such thing");
    EXPECT_EQ(std::string(e.what()), "lib.db: no such thing");
    EXPECT_EQ(e.messageIn(Lang::ZhCN), "no such thing");
    EXPECT_EQ(e.textIn(Lang::ZhCN), "lib.db：no such thing");
}

// `db check` (store::checkDatabaseFile): each problem is a catalogue message, printed in English as
// before and read in Chinese with `--lang zh_CN`; SQLite's own findings keep SQLite's words.
TEST(storeText, IntegrityProblemsReadInBothLanguages) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    { store::Store s = openTestStore(db); }
    {
        store::Connection c = store::Connection::open(db.string(), store::OpenMode::ReadWrite,
                                                      std::chrono::milliseconds(100));
        c.exec("PRAGMA user_version = 99");
        c.exec("PRAGMA application_id = 1");
    }
    const store::IntegrityReport r = store::checkDatabaseFile(db);
    EXPECT_FALSE(r.ok);
    const std::string known = std::to_string(store::kSchemaVersion);
    EXPECT_EQ(
        r.problemTexts(Lang::En),
        (std::vector<std::string>{"not a TrainPlan database (application_id is not TrainPlan's)",
                                  "schema v99 is newer than this TrainPlan (v" + known + ")"}));
    EXPECT_EQ(
        r.problemTexts(Lang::ZhCN),
        (std::vector<std::string>{"不是 TrainPlan 数据库（application_id 不属于 TrainPlan）",
                                  "结构版本 v99 比本 TrainPlan 支持的版本（v" + known + "）更新"}));

    const store::StoreMessage key =
        store::storeText(StoreText::IntegrityForeignKey, {"2", "scenario_versions", "scenarios"});
    EXPECT_EQ(key.in(Lang::En),
              "foreign key: row 2 of scenario_versions refers to a missing row of scenarios");
    EXPECT_EQ(key.in(Lang::ZhCN), "外键：scenario_versions 的第 2 行引用了 scenarios 中不存在的行");
    const store::StoreMessage sqlite = store::storeText(
        StoreText::IntegritySqliteFinding, {"row 1 missing from index measured_runs_fingerprint"});
    EXPECT_EQ(sqlite.in(Lang::En), "row 1 missing from index measured_runs_fingerprint");
    EXPECT_EQ(sqlite.in(Lang::ZhCN),
              "SQLite 报告：row 1 missing from index measured_runs_fingerprint");
    EXPECT_EQ(store::storeText(StoreText::DbCheckProblems, {"a.db", "1"}).in(Lang::En),
              "a.db: 1 problem");
    EXPECT_EQ(store::storeText(StoreText::DbCheckProblems, {"a.db", "2"}).in(Lang::ZhCN),
              "a.db：2 个问题");
}

} // namespace
} // namespace trainplan::test
