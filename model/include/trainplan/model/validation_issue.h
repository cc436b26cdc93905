#pragma once

// One problem found in user input, as a structured message: the field path, a message id and its
// arguments, rendered in English or Simplified Chinese from one catalogue (issue_text.h).

#include <trainplan/model/text_template.h>

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace trainplan::model {

// The ids of the issue catalogue, listed in issue_text.h (declared opaque here so adding a message
// touches only the files that produce it).
enum class IssueId : int;

// An issue's argument: a field name or a value as the user wrote it (copied verbatim in both
// languages), or the JSON type of a value, which each language words itself ("an object", "对象").
struct IssueArg {
    enum class Kind { Text, JsonType, Phrase };
    Kind kind = Kind::Text;
    std::string text; // Text: verbatim; JsonType: null, object, array, string, boolean, integer,
                      // number or unsupported; Phrase: the English
    std::string zh;   // Phrase: the Simplified Chinese

    IssueArg() = default;
    IssueArg(std::string t) // NOLINT(google-explicit-constructor): arguments read as written
        : text(std::move(t)) {}
    IssueArg(const char* t) // NOLINT(google-explicit-constructor)
        : text(t) {}
    IssueArg(std::string_view t) // NOLINT(google-explicit-constructor)
        : text(t) {}
    template <typename T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>)
        IssueArg(T v) // NOLINT(google-explicit-constructor): a count as std::to_string writes it
        : text(std::to_string(v)) {}
    [[nodiscard]] static IssueArg jsonType(std::string name) {
        IssueArg a(std::move(name));
        a.kind = Kind::JsonType;
        return a;
    }
    // A phrase the producer words in both languages (a published-run column's floor reason).
    [[nodiscard]] static IssueArg phrase(std::string en, std::string zh) {
        IssueArg a(std::move(en));
        a.kind = Kind::Phrase;
        a.zh = std::move(zh);
        return a;
    }
    bool operator==(const IssueArg&) const = default;
};

struct ValidationIssue {
    std::string path;           // e.g. "plans[0].tp"; empty for the whole input
    IssueId id{};               // the catalogue entry
    std::vector<IssueArg> args; // its placeholders {0}..{n-1}
    std::string file;           // written before the message when set ("a.json: no such file")
    std::string message;        // the English rendering, as the CLI and scripts read it

    ValidationIssue() = default;
    ValidationIssue(std::string path, IssueId id, std::vector<IssueArg> args = {});

    // The message (file prefix included) in `lang`; English is `message`.
    [[nodiscard]] std::string messageIn(Lang lang) const;
    // "path: message", or the message alone for an issue without a path.
    [[nodiscard]] std::string text() const {
        return path.empty() ? message : path + ": " + message;
    }
    [[nodiscard]] std::string text(Lang lang) const;
    // Sets the file written before the message (and renders `message` again).
    void setFile(std::string name);

    bool operator==(const ValidationIssue&) const = default;
};

using ValidationIssues = std::vector<ValidationIssue>;

} // namespace trainplan::model
