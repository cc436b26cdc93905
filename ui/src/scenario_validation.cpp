#include <trainplan/ui/scenario_validation.h>

#include <trainplan/model/scenario_json.h>

#include <algorithm>

namespace trainplan::ui {

model::ValidationIssues collectIssues(const model::Scenario& s, const model::Catalog& catalog) {
    nlohmann::json doc = model::toJson(s);
    // A head_dim of 0 marks hidden not divisible by heads; let the parser say so at model.heads.
    if (doc["model"].is_object() && s.model.headDim == 0) doc["model"].erase("head_dim");
    model::ValidationIssues issues = model::parseScenario(doc, catalog).issues;
    for (auto& extra : model::validateScenario(s))
        if (std::find(issues.begin(), issues.end(), extra) == issues.end()) issues.push_back(extra);
    return issues;
}

bool blocksEstimation(const model::ValidationIssues& issues) {
    return std::any_of(issues.begin(), issues.end(), [](const model::ValidationIssue& i) {
        return i.path.rfind("plans", 0) != 0;
    });
}

} // namespace trainplan::ui
