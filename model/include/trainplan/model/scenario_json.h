#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

struct ScenarioLoad {
    std::optional<Scenario>
        scenario;            // set when the file parsed structurally (may still have issues)
    ValidationIssues issues; // every problem, each with its field path

    [[nodiscard]] bool ok() const { return scenario.has_value() && issues.empty(); }
};

// Parses and validates a trainplan.scenario.v1 document. Never throws on bad input.
[[nodiscard]] ScenarioLoad parseScenario(std::string_view text, const Catalog& catalog);
[[nodiscard]] ScenarioLoad parseScenario(const nlohmann::json& doc, const Catalog& catalog);
// Text overloads: without them a std::string or a literal would be ambiguous between the two above
// (nlohmann::json converts implicitly from strings).
[[nodiscard]] inline ScenarioLoad parseScenario(const std::string& text, const Catalog& catalog) {
    return parseScenario(std::string_view(text), catalog);
}
[[nodiscard]] inline ScenarioLoad parseScenario(const char* text, const Catalog& catalog) {
    return parseScenario(std::string_view(text), catalog);
}
// Reads a file (missing, unreadable, directory, binary garbage -> one issue naming the file).
[[nodiscard]] ScenarioLoad loadScenarioFile(const std::filesystem::path& file,
                                            const Catalog& catalog);

// Semantic checks of a scenario's values (what parseScenario runs after parsing).
[[nodiscard]] ValidationIssues validateScenario(const Scenario& s);
// Checks one plan against the scenario: divisibility, GPU count, framework support.
// `path` prefixes the issue paths (e.g. "plans[0]").
[[nodiscard]] ValidationIssues validatePlan(const Scenario& s, const Plan& p,
                                            const std::string& path = "plan");

[[nodiscard]] nlohmann::json toJson(const Scenario& s);
[[nodiscard]] nlohmann::json toJson(const Plan& p);
[[nodiscard]] std::string toJsonText(const Scenario& s); // 2-space indented, trailing newline
// Writes atomically (temp file + rename). Throws std::runtime_error naming the file on failure.
void saveScenarioFile(const Scenario& s, const std::filesystem::path& file);

} // namespace trainplan::model
