#pragma once

// One finding about an imported file, as a structured message: the file, the key or flag, and a
// catalogue id with its arguments (import_text.h), rendered in English or Simplified Chinese.
// `message` keeps the English rendering, so the CLI and scripts read what they always did.

#include <trainplan/model/text_template.h>
#include <trainplan/model/validation_issue.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io {

// Error: the import cannot give a trustworthy scenario (unparsable file, contradiction between
// explicit values, missing required value). Warning: something was ignored or assumed that may
// change the plan (unknown key, tool default that differs from another file). Note: information
// (a known setting that TrainPlan does not model, a value taken from another file).
enum class Severity { Error, Warning, Note };

[[nodiscard]] std::string_view toString(Severity s);
// "error", "warning", "note" in English; 错误, 警告, 提示 in Chinese.
[[nodiscard]] std::string_view severityWord(Severity s, Lang lang);

// The ids of the import catalogue, listed in import_text.h (opaque here so adding a message
// touches only the files that produce it). The value 0 is ImportTextId::Verbatim.
enum class ImportTextId : int;

// A sentence of the import catalogue: an id and its arguments (user data — file names, flags,
// keys, values — copied verbatim in both languages), then nested sentences (a reason one importer
// gives another), whose placeholders follow the arguments': {args.size()}, {args.size() + 1}…
struct ImportText {
    ImportTextId id{};
    std::vector<IssueArg> args;
    std::vector<ImportText> parts;

    ImportText() = default;
    ImportText(ImportTextId id, std::vector<IssueArg> args = {}, std::vector<ImportText> parts = {})
        : id(id)
        , args(std::move(args))
        , parts(std::move(parts)) {}
    // Text from outside the catalogue (a library's exception), shown as given in both languages.
    [[nodiscard]] static ImportText verbatim(std::string text);
    [[nodiscard]] bool empty() const { return id == ImportTextId{} && args.empty(); }
    [[nodiscard]] std::string render(Lang lang) const;
    bool operator==(const ImportText&) const = default;
};

// One finding about an imported file: which file, which key or flag, and why.
struct ImportIssue {
    Severity severity = Severity::Error;
    std::string file; // as the user named it; empty for findings about the merged result
    std::string key;  // JSON key path ("zero_optimization.stage"), flag ("--num-layers") or field
    // The key as a catalogue phrase when it has words of its own ("line 12", 第 12 行); empty
    // when `key` is shown as written in every language.
    ImportText keyText;
    ImportText what; // the catalogue sentence
    // A problem the model's reader found (a scenario given alongside): rendered through the
    // model's issue catalogue, alone or as the last argument of `what` (unless Verbatim).
    std::optional<ValidationIssue> validation;
    std::string message; // the English rendering, as the CLI and scripts read it

    ImportIssue() = default;
    ImportIssue(Severity severity, std::string file, std::string key, ImportText what);
    ImportIssue(Severity severity, std::string file, std::string key, ImportTextId id,
                std::vector<IssueArg> args = {})
        : ImportIssue(severity, std::move(file), std::move(key), ImportText(id, std::move(args))) {}
    // Wraps a model::ValidationIssue (its path becomes the key). With `frame`, the issue's
    // message is the frame's last argument ("{0} (save it as UTF-8)").
    [[nodiscard]] static ImportIssue fromValidation(Severity severity, std::string file,
                                                    ValidationIssue v, ImportText frame = {});

    // A finding about one line of a log: the key reads "line 12" in English, "第 12 行" in Chinese.
    [[nodiscard]] static ImportIssue atLine(Severity severity, std::string file, long long line,
                                            ImportText what);
    // A finding whose key is a catalogue phrase ("peak memory", 峰值显存).
    [[nodiscard]] static ImportIssue withKey(Severity severity, std::string file, ImportText key,
                                             ImportText what);

    [[nodiscard]] ImportTextId id() const { return what.id; }
    // The key in `lang` (`key` in English).
    [[nodiscard]] std::string keyIn(Lang lang) const;
    [[nodiscard]] const std::vector<IssueArg>& args() const { return what.args; }
    // The message alone in `lang`; English is `message`.
    [[nodiscard]] std::string messageIn(Lang lang) const;
    // "error: ds_config.json: zero_optimization.stage: must be 0, 1, 2 or 3"
    [[nodiscard]] std::string text() const;
    // The same in `lang`: "错误：ds_config.json：zero_optimization.stage：…" in Chinese.
    [[nodiscard]] std::string text(Lang lang) const;
    bool operator==(const ImportIssue&) const = default;

private:
    [[nodiscard]] std::string render(Lang lang) const;
};

using ImportIssues = std::vector<ImportIssue>;

[[nodiscard]] bool hasErrors(const ImportIssues& issues);
[[nodiscard]] std::size_t countSeverity(const ImportIssues& issues, Severity s);

} // namespace trainplan::model::io
