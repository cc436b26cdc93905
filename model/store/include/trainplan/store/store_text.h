#pragma once

// The catalogue of the library's (store's) messages: what StoreError says, one entry per id with
// its English and Simplified Chinese template, {0}-style placeholders filled by
// model::fillTemplate. The English templates reproduce the messages the store printed before they
// were structured, byte for byte (StoreError::what() and the CLI read them). Arguments are names,
// paths, numbers and the words of SQLite or the operating system, verbatim in both languages, or a
// piece already worded in both (a nested message, a "did you mean" suffix, a catalog kind).

#include <trainplan/model/text_template.h>

#include <span>
#include <string>
#include <vector>

namespace trainplan::store {

enum class StoreText : int {
    // A message from outside the catalogue (the CLI's own), shown as given in both languages.
    Verbatim,
    // Where the library lives and opening it.
    NoDataHome,
    EmptyPath,
    BuiltinCatalogUnreadable,
    OlderSchemaReadOnly,
    WithBackupNote,
    IsDirectory,
    NotRegularFile,
    CannotReadFile,
    NotSqlite,
    FileReadOnly,
    NoDatabaseFile,
    CannotCreateDirectory,
    DirectoryNotWritable,
    CannotReadDatabase,
    ForeignDatabase,
    ForeignDatabaseTables,
    NewerSchema,
    CorruptDatabase,
    BackupFailed,
    BackupRenameFailed,
    WithWalAdvice,
    ForeignWal,
    // Schema upgrades.
    StrictNeedsForeignKeysOff,
    StrictRefusedValues,
    StrictCopyIncomplete,
    RebuildInTransaction,
    NoSchemaVersion,
    TablesWithoutSchema,
    UnexpectedSchemaVersion,
    StrictMeasurementMoved,
    StrictNoMeasurementLeft,
    StrictRefusedRow,
    StrictWantInteger,
    StrictWantFiniteNumber,
    StrictWantText,
    // The integrity check (`db check`, Store::checkIntegrity) and how the CLI words its report.
    IntegritySqliteFinding,
    IntegrityForeignKey,
    IntegrityNotTrainPlan,
    IntegrityNewerSchema,
    DbCheckOk,
    DbCheckProblems,
    DbCheckNoDatabase,
    // The catalog.
    StoredCatalogEntryInvalid,
    CatalogEntryNotObject,
    CatalogEntryInvalid,
    BuiltinReadOnlyAddOther,
    NoUserEntry,
    BuiltinReadOnly,
    CatalogEntryInUse,
    KindGpu,
    KindLink,
    KindModel,
    // Scenarios.
    NoScenario,
    ScenarioNotJson,
    ScenarioNotObject,
    ScenarioNameEmpty,
    ScenarioInvalid,
    NamedScenarioInvalid,
    NoSuchVersion,
    VersionNoLongerValid,
    NotDeleted,
    NoDeletedScenario,
    NegativePurgeAge,
    NewNameEmpty,
    CannotRenameInvalid,
    RenameTaken,
    DidYouMean,
    NoScenariosYet,
    NothingDeleted,
    QuotedName,
    DeletedUser,
    ListSeparator,
    // Measured runs, comparisons, calibration profiles, prices, library files.
    RunInvalid,
    RunDuplicate,
    RunsInvalid,
    NoRun,
    ComparisonNotJson,
    NoComparison,
    ProfileInvalid,
    NoProfile,
    PriceRejected,
    NoPrice,
    ExchangeRateRejected,
    LibraryNotObject,
    LibraryInvalid,
    LibraryConflicts,
    // SQLite result codes.
    SqliteBusy,
    SqliteFull,
    SqliteReadOnly,
    SqliteCantOpen,
    SqliteCorrupt,
    SqliteNotADatabase,
    SqliteConstraint,
    SqliteIo,
    SqliteNoMemory,
    SqliteOther,
    SqliteWithContext,
    SqliteWithDetail,
    ContextPreparing,
    ContextCannotOpen, // keep last (kStoreTextCount)
};
inline constexpr int kStoreTextCount = static_cast<int>(StoreText::ContextCannotOpen) + 1;

// One argument of a store message, in both languages: verbatim text (the same in both) or a
// piece worded per language.
struct StoreArg {
    std::string en;
    std::string zh;

    StoreArg() = default;
    StoreArg(std::string text) // NOLINT(google-explicit-constructor): verbatim
        : en(text)
        , zh(std::move(text)) {}
    StoreArg(const char* text) // NOLINT(google-explicit-constructor)
        : StoreArg(std::string(text)) {}
    StoreArg(std::string e, std::string z)
        : en(std::move(e))
        , zh(std::move(z)) {}
    [[nodiscard]] const std::string& in(model::Lang lang) const {
        return lang == model::Lang::ZhCN ? zh : en;
    }
    bool operator==(const StoreArg&) const = default;
};

// A store message: a catalogue id and its arguments.
struct StoreMessage {
    StoreText id = StoreText::Verbatim;
    std::vector<StoreArg> args;

    [[nodiscard]] std::string in(model::Lang lang) const;
    // The message as an argument of another one (rendered in both languages).
    [[nodiscard]] StoreArg asArg() const;
    bool operator==(const StoreMessage&) const = default;
};

// For tests that check every entry (both templates, same placeholders).
[[nodiscard]] std::span<const model::TextEntry<StoreText>> storeTextCatalogue();

// The template filled in `lang`; {N|one|many} picks by whether argument N reads "1".
[[nodiscard]] std::string renderStoreText(StoreText id, std::span<const StoreArg> args,
                                          model::Lang lang);

// Shorthand: the message `id` with `args`.
[[nodiscard]] inline StoreMessage storeText(StoreText id, std::vector<StoreArg> args = {}) {
    return {id, std::move(args)};
}

} // namespace trainplan::store
