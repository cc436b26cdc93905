#pragma once

#include <string>
#include <vector>

namespace trainplan::model {

// One problem found in user input: the field path (e.g. "plans[0].tp") and a reason a user can act
// on.
struct ValidationIssue {
    std::string path;
    std::string message;

    [[nodiscard]] std::string text() const {
        return path.empty() ? message : path + ": " + message;
    }
    bool operator==(const ValidationIssue&) const = default;
};

using ValidationIssues = std::vector<ValidationIssue>;

} // namespace trainplan::model
