#pragma once

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/explain.h>

#include <QString>

#include <string>

namespace trainplan::ui {

// The simulator names its derivation terms, pipeline stages and step phases in English; these give
// the user's language for the names it knows and the English text for any other.
[[nodiscard]] QString derivationTermName(const std::string& name);
// A term's formula and source, as its estimator wrote them, and an input's name
// (sim/explain_text.h), in the interface language.
[[nodiscard]] QString derivationFormula(const sim::DerivationTerm& term);
[[nodiscard]] QString derivationSource(const sim::DerivationTerm& term);
[[nodiscard]] QString derivationInputName(const std::string& name);
[[nodiscard]] QString memoryPhaseName(sim::MemoryPhase::Kind kind);
[[nodiscard]] QString memoryPhaseName(const std::string& englishName);
[[nodiscard]] QString
pipelineStageName(const std::string& englishName); // "first (embeddings)", ...

// A derivation value with its unit, for people: bytes as GiB, seconds as ms/s, FLOP as PFLOP,
// fractions as percent, durations in days, USD in the display currency.
[[nodiscard]] QString formatDerivationValue(double value, const std::string& unit);
// An assumption's identifier ("cuda_context_bytes") as a name ("CUDA context per GPU"), and its
// value in user units ("768 MiB", not "8.053e+08 bytes").
[[nodiscard]] QString assumptionLabel(const std::string& key);
// `number`: the assumption's value as the efficiency model holds it (describeEfficiency), when it
// is one of those; otherwise the text is kept, its plain numbers grouped ("5e8" → "500 M").
[[nodiscard]] QString formatAssumptionValue(const sim::Assumption& a,
                                            const sim::EfficiencySource* number);

} // namespace trainplan::ui
