#pragma once

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

// One finding about an imported file: which file, which key or flag, and why.
struct ImportIssue {
    Severity severity = Severity::Error;
    std::string file; // as the user named it; empty for findings about the merged result
    std::string key;  // JSON key path ("zero_optimization.stage"), flag ("--num-layers") or field
    std::string message;

    // "error: ds_config.json: zero_optimization.stage: must be 0, 1, 2 or 3"
    [[nodiscard]] std::string text() const;
    bool operator==(const ImportIssue&) const = default;
};

using ImportIssues = std::vector<ImportIssue>;

[[nodiscard]] bool hasErrors(const ImportIssues& issues);
[[nodiscard]] std::size_t countSeverity(const ImportIssues& issues, Severity s);

} // namespace trainplan::model::io
