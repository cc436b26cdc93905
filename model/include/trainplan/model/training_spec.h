#pragma once

#include <trainplan/model/gpu_spec.h>

#include <optional>
#include <string_view>

namespace trainplan::model {

enum class Optimizer { Adam, AdamW, SgdMomentum };

[[nodiscard]] std::string_view toString(Precision p);
[[nodiscard]] std::optional<Precision> precisionFromString(std::string_view s);
[[nodiscard]] std::string_view toString(Optimizer o);
[[nodiscard]] std::optional<Optimizer> optimizerFromString(std::string_view s);

struct TrainingSpec {
    long long globalBatch = 0; // sequences per optimizer step
    Precision precision = Precision::Bf16;
    Optimizer optimizer = Optimizer::AdamW;
    double trainTokens = 0;
    bool flashAttention = true;

    bool operator==(const TrainingSpec&) const = default;
};

} // namespace trainplan::model
