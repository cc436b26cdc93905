#pragma once

// The names in a plan's derivation (explain.cpp's term names, memory phases, pipeline stages and
// assumption identifiers) in English or Simplified Chinese: one Qt-free catalogue that the GUI,
// the report and the deck all render from.

#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/stage_layout.h>

#include <string>
#include <string_view>
#include <vector>

namespace trainplan::sim {

// A derivation term's name as explain.cpp writes it ("weights", "gradients at end of backward",
// "peak memory per GPU (first stage, at start of backward)", "tp communicator"), in `lang`. A name
// the catalogue does not know is returned as it is.
[[nodiscard]] std::string derivationTermName(std::string_view english, Lang lang);
// A derivation input's name (explain.cpp, explain_rates.cpp) in `lang`; every name the derivation
// gives has a translation, others come back as they are. A term's formula and source carry both
// languages themselves (DerivationTerm::formulaIn, sourceIn).
[[nodiscard]] std::string derivationInputName(std::string_view english, Lang lang);
// A memory phase ("end of forward") or an even pipeline stage ("first (embeddings)") in `lang`.
[[nodiscard]] std::string memoryPhaseName(std::string_view english, Lang lang);
[[nodiscard]] std::string pipelineStageName(std::string_view english, Lang lang);
// A row of the per-stage memory table by its kind and indices (formatStageIndices): "stage 0
// (embeddings)", "stage 15 (LM head)", "stage 3", "stages 1–14", "single stage" / "阶段
// 0（嵌入层）", "阶段 15（输出头）", "阶段 3", "阶段 1–14", "单一阶段". The window's chart and the
// report's table name stages with it.
[[nodiscard]] std::string stageRowName(StageKind kind, const std::vector<int>& stageIndices,
                                       Lang lang);
// An assumption identifier (sim::Assumption::name, EfficiencySource::name) as people name it:
// "gemm_efficiency" → "Matmul efficiency (share of dense peak)". Unknown identifiers come back
// as they are.
[[nodiscard]] std::string assumptionLabel(std::string_view key, Lang lang);
// An assumption's value and source, and an efficiency parameter's source, in `lang` (English
// where no translation is needed: names, numbers).
[[nodiscard]] const std::string& assumptionValue(const Assumption& a, Lang lang);
[[nodiscard]] const std::string& assumptionSource(const Assumption& a, Lang lang);
[[nodiscard]] const std::string& efficiencySource(const EfficiencySource& e, Lang lang);

} // namespace trainplan::sim
