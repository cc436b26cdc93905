#pragma once

#include <trainplan/model/validation_issue.h>
#include <trainplan/store/store_text.h>

#include <stdexcept>
#include <string>

namespace trainplan::store {

// What went wrong, for callers that react differently (the CLI maps all of them to exit code 1).
enum class StoreErrorKind {
    CannotOpen,   // missing file (read-only open), directory, permission denied
    NotADatabase, // the file is not SQLite, or SQLite of another application
    Corrupt,      // SQLite reports corruption or the integrity check fails
    NewerSchema,  // written by a newer TrainPlan; refused, never downgraded
    OlderSchema,  // needs a migration, but the store was opened read-only
    ReadOnly,     // the file or its directory is not writable
    DiskFull,     // disk full or the database's size limit reached
    Busy,         // another process holds the write lock longer than the busy timeout
    NotFound,     // no scenario / entry / version of that name
    Invalid,      // input rejected before storing (see issues())
    Conflict,     // the name is taken (e.g. by a read-only built-in catalog entry)
    Io,           // any other I/O or SQLite failure
};

[[nodiscard]] const char* toString(StoreErrorKind kind);

// Every failure of the store. what() reads "<database path>: <what is wrong>[: details]" followed
// by one indented line per validation issue, so it can be shown to a user as it is (in English;
// textIn renders the same in the window's language from the store catalogue, store_text.h).
class StoreError : public std::runtime_error {
public:
    StoreError(StoreErrorKind kind, std::string databasePath, StoreMessage message,
               model::ValidationIssues issues = {});
    // A message from outside the catalogue, the same in every language (the CLI's own).
    StoreError(StoreErrorKind kind, std::string databasePath, std::string message,
               model::ValidationIssues issues = {});

    [[nodiscard]] StoreErrorKind kind() const { return m_kind; }
    [[nodiscard]] const std::string& databasePath() const { return m_path; }
    [[nodiscard]] const std::string& message() const { return m_message; } // without the path
    [[nodiscard]] const StoreMessage& storeMessage() const { return m_text; }
    [[nodiscard]] const model::ValidationIssues& issues() const { return m_issues; }
    // The message without the path in `lang` (English: message()).
    [[nodiscard]] std::string messageIn(model::Lang lang) const;
    // what() in `lang`: the path, the message and one indented line per issue.
    [[nodiscard]] std::string textIn(model::Lang lang) const;

private:
    StoreErrorKind m_kind;
    std::string m_path;
    StoreMessage m_text;
    std::string m_message;
    model::ValidationIssues m_issues;
};

} // namespace trainplan::store
