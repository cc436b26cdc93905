#pragma once

#include <trainplan/simulator/estimate.h>

#include <QString>

#include <string>

namespace trainplan::ui {

// The simulator names its derivation terms, pipeline stages and step phases in English; these give
// the user's language for the names it knows and the English text for any other.
[[nodiscard]] QString derivationTermName(const std::string& name);
[[nodiscard]] QString memoryPhaseName(sim::MemoryPhase::Kind kind);
[[nodiscard]] QString memoryPhaseName(const std::string& englishName);
[[nodiscard]] QString
pipelineStageName(const std::string& englishName); // "first (embeddings)", ...

// A derivation value with its unit, for people: bytes as GiB, seconds as ms/s, FLOP as PFLOP.
[[nodiscard]] QString formatDerivationValue(double value, const std::string& unit);

} // namespace trainplan::ui
