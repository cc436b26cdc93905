#pragma once

#include <trainplan/model/validation_issue.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model {

// One record of a CSV file and the (1-based) line it starts on. A quoted field may span lines, so
// the next record can start more than one line later.
struct CsvRecord {
    std::size_t line = 0;
    std::vector<std::string> fields;
};

// A structured message (an IssueId of issue_text.h and its arguments) at a line; `message` is
// its English rendering, as the CLI prints it.
struct CsvError {
    std::size_t line = 0; // 1-based line where the problem is
    std::string message;
    IssueId id{};
    std::vector<IssueArg> args;

    CsvError() = default;
    CsvError(std::size_t line, IssueId id, std::vector<IssueArg> args = {});

    [[nodiscard]] std::string messageIn(Lang lang) const;
    // "line 2: <message>" / "第 2 行：<message>".
    [[nodiscard]] std::string text(Lang lang = Lang::En) const;
};

struct CsvDocument {
    std::vector<CsvRecord> records; // every record read before the first error (header included)
    std::optional<CsvError> error;

    [[nodiscard]] bool ok() const { return !error.has_value(); }
};

// RFC 4180 CSV: comma-separated fields, double-quoted fields with embedded commas, line breaks and
// doubled quotes (""), records ending in CRLF or LF (a lone CR is accepted too). A UTF-8 byte-order
// mark at the start is skipped, empty lines are skipped, the last record needs no line break.
// Reports (never throws on) an unterminated quote, text after a closing quote, a quote inside an
// unquoted field, and NUL bytes (a binary file).
[[nodiscard]] CsvDocument parseCsv(std::string_view text);

// Reads and parses a file. A missing or unreadable file is an error on line 0 naming the file.
[[nodiscard]] CsvDocument readCsvFile(const std::filesystem::path& file);

// One field written as RFC 4180 CSV: quoted (with quotes doubled) when it holds a comma, a quote
// or a line break, as is otherwise.
[[nodiscard]] std::string csvEscape(const std::string& cell);

} // namespace trainplan::model
