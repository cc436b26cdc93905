#pragma once

// Internal: a DerivationTerm built from the estimators' phrases (derivation_rules.h), for
// explain.cpp and explain_rates.cpp.

#include "derivation_rules.h"

#include <trainplan/simulator/explain.h>

#include <string>
#include <utility>
#include <vector>

namespace trainplan::sim::detail {

using TermInputs = std::vector<std::pair<std::string, double>>;

// A term without children, its formula and source in both languages.
[[nodiscard]] inline DerivationTerm ruleLeaf(std::string name, double value, std::string unit,
                                             const rules::Phrase& formula, TermInputs inputs,
                                             const rules::Phrase& source) {
    DerivationTerm t =
        DerivationTerm::leaf(std::move(name), value, std::move(unit), std::string(formula.en),
                             std::move(inputs), std::string(source.en));
    t.formulaZh = formula.zh;
    t.sourceZh = source.zh;
    return t;
}

// A term whose value is the sum of its children.
[[nodiscard]] inline DerivationTerm ruleSum(std::string name, std::string unit,
                                            const rules::Phrase& formula,
                                            const rules::Phrase& source,
                                            std::vector<DerivationTerm> children) {
    DerivationTerm t = ruleLeaf(std::move(name), 0, std::move(unit), formula, {}, source);
    t.children = std::move(children);
    for (const auto& c : t.children)
        t.value += c.value;
    return t;
}

} // namespace trainplan::sim::detail
