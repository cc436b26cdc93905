#include <trainplan/store/store_text.h>

namespace trainplan::store {

namespace {

using T = StoreText;

// clang-format off
constexpr model::TextEntry<StoreText> kStoreTexts[] = {
    {T::Verbatim, 1, "{0}", "{0}"},

    {T::NoDataHome, 0,
     "cannot find a place for the TrainPlan database: neither XDG_DATA_HOME nor HOME is set; use --db PATH or TRAINPLAN_DB",
     "找不到存放 TrainPlan 数据库的位置：XDG_DATA_HOME 和 HOME 都未设置；请使用 --db PATH 或 TRAINPLAN_DB"},
    {T::EmptyPath, 0, "the database path is empty", "数据库路径为空"},
    {T::BuiltinCatalogUnreadable, 1, "cannot load the built-in catalog: {0}", "无法加载内置目录：{0}"},
    {T::OlderSchemaReadOnly, 2, "has schema v{0} and needs an upgrade to v{1}, which needs write access",
     "结构版本为 v{0}，需要升级到 v{1}，而升级需要写入权限"},
    {T::WithBackupNote, 2, "{0} (the copy made before the upgrade is {1})", "{0}（升级前所做的副本是 {1}）"},
    {T::IsDirectory, 0, "is a directory, not a database file", "是目录，不是数据库文件"},
    {T::NotRegularFile, 0, "is not a regular file", "不是普通文件"},
    {T::CannotReadFile, 1, "cannot read the file ({0})", "无法读取该文件（{0}）"},
    {T::NotSqlite, 1,
     "is not a TrainPlan database: not an SQLite file (it starts with \"{0}\"); it was left untouched; move it away or choose another database with --db PATH or TRAINPLAN_DB",
     "不是 TrainPlan 数据库：不是 SQLite 文件（开头为 \"{0}\"）；文件保持原样；请将其移走，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库"},
    {T::FileReadOnly, 1, "the file is read-only ({0}); nothing was changed", "文件是只读的（{0}）；没有做任何更改"},
    {T::NoDatabaseFile, 0, "no database file here", "此处没有数据库文件"},
    {T::CannotCreateDirectory, 2, "cannot create the directory {0} ({1})", "无法创建目录 {0}（{1}）"},
    {T::DirectoryNotWritable, 2,
     "the directory {0} is not writable ({1}; SQLite keeps its journal beside the database); nothing was changed",
     "目录 {0} 不可写（{1}；SQLite 的日志文件存放在数据库旁边）；没有做任何更改"},
    {T::CannotReadDatabase, 1,
     "cannot read the database: {0}; it was left untouched; move it away or choose another database with --db PATH or TRAINPLAN_DB",
     "无法读取数据库：{0}；文件保持原样；请将其移走，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库"},
    {T::ForeignDatabase, 1,
     "is an SQLite database of another application, not TrainPlan's (application_id {0}); it was left untouched; move it away or choose another database with --db PATH or TRAINPLAN_DB",
     "是其他应用程序的 SQLite 数据库，不属于 TrainPlan（application_id {0}）；文件保持原样；请将其移走，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库"},
    {T::ForeignDatabaseTables, 2,
     "is an SQLite database of another application, not TrainPlan's (application_id {0}, tables {1}); it was left untouched; move it away or choose another database with --db PATH or TRAINPLAN_DB",
     "是其他应用程序的 SQLite 数据库，不属于 TrainPlan（application_id {0}，表 {1}）；文件保持原样；请将其移走，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库"},
    {T::NewerSchema, 2,
     "was written by a newer TrainPlan (schema v{0}; this version knows up to v{1}); it was left untouched and is never downgraded - upgrade TrainPlan, or choose another database with --db PATH or TRAINPLAN_DB",
     "由更新版本的 TrainPlan 写入（结构版本 v{0}；本版本最高支持 v{1}）；文件保持原样，也不会被降级——请升级 TrainPlan，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库"},
    {T::CorruptDatabase, 1,
     "the database is corrupt ({0}); it was left untouched; move it away or choose another database with --db PATH or TRAINPLAN_DB (`trainplan-cli db check` lists the damage; a .bak-v* copy beside it may help)",
     "数据库已损坏（{0}）；文件保持原样；请将其移走，或用 --db PATH 或 TRAINPLAN_DB 选择其他数据库（`trainplan-cli db check` 会列出损坏之处；旁边的 .bak-v* 副本或许可用）"},
    {T::BackupFailed, 4,
     "needs an upgrade from schema v{0} to v{1} but the backup copy {2} could not be written ({3}); nothing was changed",
     "需要从结构版本 v{0} 升级到 v{1}，但无法写入备份副本 {2}（{3}）；没有做任何更改"},
    {T::BackupRenameFailed, 3,
     "needs an upgrade from schema v{0} but the backup copy {1} could not be written ({2}); nothing was changed",
     "需要从结构版本 v{0} 升级，但无法写入备份副本 {1}（{2}）；没有做任何更改"},
    {T::WithWalAdvice, 2,
     "{0} ({1}-wal, which holds its latest changes, was left untouched too: keep it and {1}-shm with the file, and move or copy all three together)",
     "{0}（保存最新更改的 {1}-wal 也保持原样：请把它和 {1}-shm 与数据库文件放在一起，三个文件一起移动或复制）"},
    {T::ForeignWal, 1,
     "the database file is intact, but the write-ahead log beside it ({0}-wal) does not belong to it - typically a -wal left from before the file was restored from a backup. Nothing was changed: the file, its -wal and -shm were left untouched. If you restored the file, move {0}-wal and {0}-shm aside (keep them until the library opens as you expect) and run the command again; otherwise restore the -wal from the same backup as the file",
     "数据库文件完好，但旁边的预写日志（{0}-wal）不属于它——通常是从备份恢复该文件之前遗留的 -wal。没有做任何更改：文件及其 -wal 和 -shm 都保持原样。如果您恢复过该文件，请把 {0}-wal 和 {0}-shm 移到别处（在场景库按预期打开之前请保留它们），然后重新运行命令；否则请从与该文件相同的备份中恢复 -wal"},

    {T::StrictNeedsForeignKeysOff, 0,
     "internal error: the schema v4 step needs the foreign keys off (dropping a referenced table would cascade); nothing was changed",
     "内部错误：结构版本 v4 的升级步骤需要关闭外键（删除被引用的表会引发级联删除）；没有做任何更改"},
    {T::StrictRefusedValues, 1,
     "cannot upgrade to schema v4, which checks the type of every stored value: {0}. Nothing was changed; correct or delete those rows (e.g. with the sqlite3 shell) and run the command again",
     "无法升级到结构版本 v4（它会检查每个已存储值的类型）：{0}。没有做任何更改；请修正或删除这些行（例如用 sqlite3 命令行），然后重新运行命令"},
    {T::StrictCopyIncomplete, 1, "the schema v4 upgrade did not copy every row of {0}; nothing was changed",
     "结构版本 v4 的升级没有复制 {0} 的全部行；没有做任何更改"},
    {T::RebuildInTransaction, 0,
     "internal error: a schema upgrade that rebuilds tables cannot run inside a transaction; nothing was changed",
     "内部错误：需要重建表的结构升级不能在事务中运行；没有做任何更改"},
    {T::NoSchemaVersion, 2, "no schema version {0} (this build knows 0-{1})", "没有结构版本 {0}（此版本支持 0-{1}）"},
    {T::TablesWithoutSchema, 0, "has tables but no TrainPlan schema; it was left untouched",
     "含有数据表，但没有 TrainPlan 的结构；文件保持原样"},
    {T::UnexpectedSchemaVersion, 1, "unexpected schema version {0}", "意外的结构版本 {0}"},
    {T::StrictMeasurementMoved, 5,
     "measured run {0} ('{1}'): {2} held '{3}', which is not a finite number; schema v4 stores numbers only, so the value was moved to the run's details ({4}) and the field is now empty",
     "实测运行 {0}（'{1}'）：{2} 的值为 '{3}'，不是有限数值；结构版本 v4 只存储数值，因此该值已移到该运行的 details（{4}）中，此字段现为空"},
    {T::StrictNoMeasurementLeft, 1, "{0}; the run has no measurement left", "{0}；该运行已没有任何测量值"},
    {T::StrictRefusedRow, 6, "{0} row {1}: {2} holds {3} {4}, not {5}",
     "{0} 表的行 {1}：{2} 存有 {3} 类型的值 {4}，而不是{5}"},
    {T::StrictWantInteger, 0, "an integer", "整数"},
    {T::StrictWantFiniteNumber, 0, "a finite number", "有限数值"},
    {T::StrictWantText, 0, "text", "文本"},

    // The integrity check. A line of PRAGMA integrity_check is SQLite's own words: kept as SQLite
    // writes it, framed as SQLite's in Chinese.
    {T::IntegritySqliteFinding, 1, "{0}", "SQLite 报告：{0}"},
    {T::IntegrityForeignKey, 3, "foreign key: row {0} of {1} refers to a missing row of {2}",
     "外键：{1} 的第 {0} 行引用了 {2} 中不存在的行"},
    {T::IntegrityNotTrainPlan, 0, "not a TrainPlan database (application_id is not TrainPlan's)",
     "不是 TrainPlan 数据库（application_id 不属于 TrainPlan）"},
    {T::IntegrityNewerSchema, 2, "schema v{0} is newer than this TrainPlan (v{1})",
     "结构版本 v{0} 比本 TrainPlan 支持的版本（v{1}）更新"},
    {T::DbCheckOk, 5, "{0}: ok (schema v{1}, {2} pages of {3} bytes, journal {4})",
     "{0}：正常（结构版本 v{1}，{2} 页，每页 {3} 字节，日志模式 {4}）"},
    {T::DbCheckProblems, 2, "{0}: {1} {1|problem|problems}", "{0}：{1} 个问题"},
    {T::DbCheckNoDatabase, 1, "{0}: no database here yet (nothing to check)", "{0}：此处还没有数据库（无需检查）"},

    {T::StoredCatalogEntryInvalid, 0,
     "a stored catalog entry no longer reads as valid; fix it with `catalog add` or remove it",
     "一个已存储的目录条目已不再有效；请用 `catalog add` 修正或将其删除"},
    {T::CatalogEntryNotObject, 1, "a catalog {0} must be a JSON object", "目录中的{0}必须是 JSON 对象"},
    {T::CatalogEntryInvalid, 1, "the {0} entry is invalid; nothing was saved", "该{0}条目无效；没有保存任何内容"},
    {T::BuiltinReadOnlyAddOther, 2,
     "'{0}' is a built-in {1} (from data/catalog) and is read-only; add yours under another name",
     "'{0}' 是内置的{1}（来自 data/catalog），只读；请用其他名称添加您自己的条目"},
    {T::NoUserEntry, 3, "no user {0} named '{1}'{2}", "没有名为 '{1}' 的用户{0}{2}"},
    {T::BuiltinReadOnly, 2, "'{0}' is a built-in {1} (from data/catalog) and is read-only",
     "'{0}' 是内置的{1}（来自 data/catalog），只读"},
    {T::CatalogEntryInUse, 4,
     "the {0} '{1}' is used by stored {2|scenario|scenarios} {3}; change or delete them first",
     "{0} '{1}' 正被 {2} 个已存储的场景使用：{3}；请先修改或删除这些场景"},
    {T::KindGpu, 0, "gpu", "GPU"},
    {T::KindLink, 0, "link", "链路"},
    {T::KindModel, 0, "model", "模型"},

    {T::NoScenario, 2, "no scenario named '{0}'{1}", "没有名为 '{0}' 的场景{1}"},
    {T::ScenarioNotJson, 0, "the scenario is not valid JSON; nothing was saved", "该场景不是有效的 JSON；没有保存任何内容"},
    {T::ScenarioNotObject, 0, "a scenario must be a JSON object; nothing was saved", "场景必须是 JSON 对象；没有保存任何内容"},
    {T::ScenarioNameEmpty, 0, "the scenario name is empty; nothing was saved", "场景名称为空；没有保存任何内容"},
    {T::ScenarioInvalid, 0, "the scenario is invalid; nothing was saved", "该场景无效；没有保存任何内容"},
    {T::NamedScenarioInvalid, 1, "scenario '{0}' is invalid; nothing was saved", "场景 '{0}' 无效；没有保存任何内容"},
    {T::NoSuchVersion, 4, "scenario '{0}' has no version {1} (versions {2}-{3})", "场景 '{0}' 没有版本 {1}（现有版本 {2}-{3}）"},
    {T::VersionNoLongerValid, 2,
     "version {0} of '{1}' no longer validates (the catalog or the rules changed); nothing was changed",
     "'{1}' 的版本 {0} 已无法通过校验（目录或规则已变化）；没有做任何更改"},
    {T::NotDeleted, 1,
     "'{0}' is not deleted: a scenario of that name is in the library (a deleted one is purged when its name is saved again)",
     "'{0}' 未被删除：场景库中有同名场景（已删除的同名场景会在再次以该名称保存时被彻底清除）"},
    {T::NoDeletedScenario, 2, "no deleted scenario named '{0}'{1}", "没有名为 '{0}' 的已删除场景{1}"},
    {T::NegativePurgeAge, 1, "purge: the age of the deleted scenarios to purge is negative ({0} s)",
     "清除：要清除的已删除场景的时长为负数（{0} 秒）"},
    {T::NewNameEmpty, 1, "the new name of scenario '{0}' is empty; nothing was renamed", "场景 '{0}' 的新名称为空；没有重命名"},
    {T::CannotRenameInvalid, 2, "'{0}' cannot be renamed to '{1}'; nothing was renamed", "无法将 '{0}' 重命名为 '{1}'；没有重命名"},
    {T::RenameTaken, 3,
     "cannot rename '{0}' to '{1}': the library already has a scenario named '{2}'; nothing was renamed",
     "无法将 '{0}' 重命名为 '{1}'：场景库中已有名为 '{2}' 的场景；没有重命名"},
    {T::DidYouMean, 1, " (did you mean {0}?)", "（是否指 {0}？）"},
    {T::NoScenariosYet, 0, " (the library has no scenarios yet)", "（场景库中还没有场景）"},
    {T::NothingDeleted, 0, " (nothing is deleted)", "（没有已删除的场景）"},
    {T::QuotedName, 1, "'{0}'", "'{0}'"},
    {T::DeletedUser, 1, "'{0}' (deleted; `scenario purge` removes it for good)", "'{0}'（已删除；`scenario purge` 可将其彻底清除）"},
    {T::ListSeparator, 0, ", ", "、"},

    {T::RunInvalid, 0, "the measured run is invalid; nothing was saved", "该实测运行无效；没有保存任何内容"},
    {T::RunDuplicate, 1, "an identical run of '{0}' is already stored; nothing was saved",
     "已存储了一条相同的 '{0}' 运行；没有保存任何内容"},
    {T::RunsInvalid, 0, "the runs are invalid; nothing was imported", "这些运行无效；没有导入任何内容"},
    {T::NoRun, 1, "no measured run with id {0}", "没有 id 为 {0} 的实测运行"},
    {T::ComparisonNotJson, 0, "the comparison result is not JSON; nothing was saved", "对比结果不是 JSON；没有保存任何内容"},
    {T::NoComparison, 1, "no saved comparison with id {0}", "没有 id 为 {0} 的已保存对比"},
    {T::ProfileInvalid, 0, "the calibration profile is invalid; nothing was saved", "该校准配置无效；没有保存任何内容"},
    {T::NoProfile, 1, "no calibration profile named '{0}'", "没有名为 '{0}' 的校准配置"},
    {T::PriceRejected, 0, "price rejected", "价格被拒绝"},
    {T::NoPrice, 1, "no price for {0}", "没有 {0} 的价格"},
    {T::ExchangeRateRejected, 0, "exchange rate rejected", "汇率被拒绝"},
    {T::LibraryNotObject, 0, "a library file must be a JSON object; nothing was imported",
     "场景库文件必须是 JSON 对象；没有导入任何内容"},
    {T::LibraryInvalid, 0, "the library file is invalid; nothing was imported", "场景库文件无效；没有导入任何内容"},
    {T::LibraryConflicts, 0,
     "the library file conflicts with what is stored; nothing was imported (rename or remove the entries below, here or in the file)",
     "场景库文件与已存储的内容冲突；没有导入任何内容（请在场景库或文件中重命名或删除下列条目）"},

    {T::SqliteBusy, 0,
     "the database is locked by another process (gave up waiting for it); nothing was changed - try again when the other TrainPlan finishes",
     "数据库被另一个进程锁定（已放弃等待）；没有做任何更改——请在另一个 TrainPlan 完成后重试"},
    {T::SqliteFull, 0, "the disk is full or the database reached its size limit; nothing was saved",
     "磁盘已满或数据库已达到大小上限；没有保存任何内容"},
    {T::SqliteReadOnly, 0, "cannot write: the database file or its directory is read-only",
     "无法写入：数据库文件或其所在目录是只读的"},
    {T::SqliteCantOpen, 0, "cannot open the database file (check that its directory exists and is writable)",
     "无法打开数据库文件（请检查其所在目录是否存在且可写）"},
    {T::SqliteCorrupt, 0,
     "the database file is corrupt (run `trainplan-cli db check`; restore a backup or move the file away)",
     "数据库文件已损坏（请运行 `trainplan-cli db check`；恢复备份或将文件移走）"},
    {T::SqliteNotADatabase, 0, "the file is not an SQLite database", "该文件不是 SQLite 数据库"},
    {T::SqliteConstraint, 0, "rejected by the database's constraints", "被数据库的约束拒绝"},
    {T::SqliteIo, 0, "I/O error while accessing the database file", "访问数据库文件时发生 I/O 错误"},
    {T::SqliteNoMemory, 0, "out of memory", "内存不足"},
    {T::SqliteOther, 0, "database error", "数据库错误"},
    {T::SqliteWithContext, 2, "{0}: {1}", "{0}：{1}"},
    {T::SqliteWithDetail, 2, "{0} (SQLite: {1})", "{0}（SQLite：{1}）"},
    {T::ContextPreparing, 0, "preparing a query", "准备查询时"},
    {T::ContextCannotOpen, 0, "cannot open", "无法打开"},
};
// clang-format on

static_assert(model::entriesInIdOrder(kStoreTexts, kStoreTextCount),
              "one store text entry per StoreText, in order");

} // namespace

std::span<const model::TextEntry<StoreText>> storeTextCatalogue() {
    return kStoreTexts;
}

std::string renderStoreText(StoreText id, std::span<const StoreArg> args, model::Lang lang) {
    if (static_cast<int>(id) < 0 || static_cast<int>(id) >= kStoreTextCount) return {};
    return model::fillTemplate(
        model::catalogueTemplate(kStoreTexts, id, lang),
        [&](std::size_t i) { return i < args.size() ? args[i].in(lang) : std::string("?"); },
        [&](std::size_t i) { return i < args.size() && args[i].en == "1"; });
}

std::string StoreMessage::in(model::Lang lang) const {
    return renderStoreText(id, args, lang);
}

StoreArg StoreMessage::asArg() const {
    return {in(model::Lang::En), in(model::Lang::ZhCN)};
}

} // namespace trainplan::store
