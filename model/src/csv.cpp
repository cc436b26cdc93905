#include <trainplan/model/csv.h>

#include <trainplan/model/issue_text.h>

#include <trainplan/model/utf8.h>

#include <trainplan/model/json_reader.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>

namespace trainplan::model {

namespace {

enum class State { FieldStart, Unquoted, Quoted, AfterQuote };

} // namespace

CsvError::CsvError(std::size_t line, IssueId id, std::vector<IssueArg> args)
    : line(line)
    , id(id)
    , args(std::move(args)) {
    message = messageIn(Lang::En);
}

std::string CsvError::messageIn(Lang lang) const {
    return renderIssue(id, args, lang);
}

std::string CsvError::text(Lang lang) const {
    return renderIssue(IssueId::AtLine, std::vector<IssueArg>{line, messageIn(lang)}, lang);
}

CsvDocument parseCsv(std::string_view text) {
    CsvDocument doc;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);

    std::size_t line = 1;
    std::size_t quoteLine = 0; // where the open quoted field started
    State state = State::FieldStart;
    CsvRecord record{1, {}};
    std::string field;
    bool recordHasQuotes = false;

    auto fail = [&](std::size_t where, IssueId id, std::vector<IssueArg> args = {}) {
        doc.error = CsvError(where, id, std::move(args));
        return doc;
    };
    // Cells end up in JSON output, which must be UTF-8 (type_error.316 otherwise).
    if (const auto bad = firstInvalidUtf8(text)) {
        const auto badLine = 1 + static_cast<std::size_t>(std::count(
                                     text.begin(), text.begin() + static_cast<long>(*bad), '\n'));
        char byteText[8];
        std::snprintf(byteText, sizeof byteText, "0x%02X",
                      static_cast<unsigned>(static_cast<unsigned char>(text[*bad])));
        return fail(badLine, IssueId::CsvNotUtf8, {std::string(byteText), *bad});
    }
    auto endField = [&] {
        record.fields.push_back(std::move(field));
        field.clear();
    };
    auto endRecord = [&] {
        endField();
        const bool emptyLine =
            record.fields.size() == 1 && record.fields[0].empty() && !recordHasQuotes;
        if (!emptyLine) doc.records.push_back(std::move(record));
        record = CsvRecord{line, {}};
        recordHasQuotes = false;
    };

    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\0') return fail(line, IssueId::CsvNulByte);
        const bool lineBreak = c == '\n' || c == '\r';
        if (lineBreak) {
            const bool crlf = c == '\r' && i + 1 < text.size() && text[i + 1] == '\n';
            if (crlf) ++i;
            ++line;
            // A line break inside a quoted field is data, kept as written.
            if (state == State::Quoted) {
                field += crlf ? "\r\n" : std::string(1, c);
                continue;
            }
            endRecord();
            state = State::FieldStart;
            continue;
        }
        switch (state) {
        case State::FieldStart:
            if (c == '"') {
                state = State::Quoted;
                quoteLine = line;
                recordHasQuotes = true;
            } else if (c == ',') {
                endField();
            } else {
                field += c;
                state = State::Unquoted;
            }
            break;
        case State::Unquoted:
            if (c == ',') {
                endField();
                state = State::FieldStart;
            } else if (c == '"') {
                return fail(line, IssueId::CsvQuoteInUnquoted);
            } else {
                field += c;
            }
            break;
        case State::Quoted:
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    state = State::AfterQuote;
                }
            } else {
                field += c;
            }
            break;
        case State::AfterQuote:
            if (c == ',') {
                endField();
                state = State::FieldStart;
            } else {
                return fail(line, IssueId::CsvAfterClosingQuote,
                            {detail::printable(std::string_view(&c, 1))});
            }
            break;
        }
    }
    if (state == State::Quoted) return fail(quoteLine, IssueId::CsvQuoteNeverClosed);
    if (state != State::FieldStart || !record.fields.empty() || !field.empty()) endRecord();
    return doc;
}

CsvDocument readCsvFile(const std::filesystem::path& file) {
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
        CsvDocument doc;
        doc.error = CsvError(0, IssueId::CsvIsDirectory, {file.string()});
        return doc;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        CsvDocument doc;
        doc.error = CsvError(0, IssueId::CsvCannotOpen,
                             {file.string(), std::generic_category().message(errno)});
        return doc;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        CsvDocument doc;
        doc.error = CsvError(0, IssueId::CsvReadError, {file.string()});
        return doc;
    }
    return parseCsv(buffer.str());
}

std::string csvEscape(const std::string& cell) {
    if (cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
    std::string s = "\"";
    for (char c : cell) {
        if (c == '"') s += '"';
        s += c;
    }
    return s + "\"";
}

} // namespace trainplan::model
