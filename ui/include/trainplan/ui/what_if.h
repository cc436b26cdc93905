#pragma once

#include <trainplan/model/scenario.h>

#include <optional>

namespace trainplan::ui {

// The Explore tab's overrides of the edited scenario; unset = the scenario's own value.
struct WhatIf {
    std::optional<int> nodes;
    std::optional<double> interNodeBytesPerSecond; // per NIC per direction
    std::optional<long long> globalBatch;
    std::optional<int> seqLen;
    std::optional<double> modelScale; // multiplies the parameter count (sim::scaleModelParameters)

    [[nodiscard]] bool any() const {
        return nodes || interNodeBytesPerSecond || globalBatch || seqLen || modelScale;
    }
    bool operator==(const WhatIf&) const = default;
};

// The scenario with the overrides applied (fixed plans dropped: the search explores).
[[nodiscard]] model::Scenario applyWhatIf(const model::Scenario& base, const WhatIf& w);

} // namespace trainplan::ui
