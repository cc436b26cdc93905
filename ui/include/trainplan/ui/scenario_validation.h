#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>

namespace trainplan::ui {

// Every problem with an edited scenario, each with its field path: the parser's range and shape
// checks (by a round trip through trainplan.scenario.v1 JSON) plus model::validateScenario.
// Pure; cheap enough to run on every edit.
[[nodiscard]] model::ValidationIssues collectIssues(const model::Scenario& s,
                                                    const model::Catalog& catalog);

// True when the issues leave the scenario computable (only fixed plans are wrong).
[[nodiscard]] bool blocksEstimation(const model::ValidationIssues& issues);

} // namespace trainplan::ui
