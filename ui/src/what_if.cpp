#include <trainplan/ui/what_if.h>

#include <trainplan/simulator/sweep.h>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

model::Scenario applyWhatIf(const model::Scenario& base, const WhatIf& w) {
    model::Scenario s = base;
    s.plans.clear();
    if (w.nodes) s.cluster.nodes = std::max(1, *w.nodes);
    if (w.interNodeBytesPerSecond) {
        s.cluster.interNode.bytesPerSecond = *w.interNodeBytesPerSecond;
        s.cluster.interNodeRef.clear(); // no longer the catalog entry
        s.cluster.interNode.name += " (what-if)";
    }
    if (w.globalBatch) s.training.globalBatch = std::max(1LL, *w.globalBatch);
    if (w.modelScale && std::fabs(*w.modelScale - 1.0) > 1e-9) {
        s.model = sim::scaleModelParameters(s.model, *w.modelScale);
        s.modelRef.clear();
    }
    if (w.seqLen) {
        s.model.seqLen = std::max(1, *w.seqLen);
        s.modelRef.clear();
    }
    return s;
}

} // namespace trainplan::ui
