#pragma once

// Shared helpers for the model's own tests (catalog, scenario, readiness, issue text): the
// built-in catalog and matchers over validation issues.

#include <trainplan/model/catalog.h>
#include <trainplan/model/validation_issue.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace trainplan::model::test {

inline const Catalog& builtinCatalog() {
    static const Catalog catalog =
        loadCatalog(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return catalog;
}

// The issues one per line, for a failed assertion's message.
inline std::string describe(const ValidationIssues& issues) {
    std::string s;
    for (const ValidationIssue& i : issues)
        s += "\n  " + i.text();
    return s.empty() ? "\n  (no issues)" : s;
}

// Whether an issue at `path` has `fragment` in its (English) message.
inline bool hasIssue(const ValidationIssues& issues, const std::string& path,
                     const std::string& fragment) {
    return std::any_of(issues.begin(), issues.end(), [&](const ValidationIssue& i) {
        return i.path == path && i.message.find(fragment) != std::string::npos;
    });
}

} // namespace trainplan::model::test
