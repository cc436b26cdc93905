#include <trainplan/simulator/stage_layout.h>

#include <stdexcept>

namespace trainplan::sim {

namespace {

// MoE layers among layer indices [0, n): the rule of TransformerSpec::isMoeLayer and
// moeLayerCount() (every interval-th layer after the leading dense ones), in closed form.
int moeLayersBelow(const model::TransformerSpec& m, int n) {
    if (!m.moe.enabled() || n <= m.moe.firstDenseLayers) return 0;
    const int interval = m.moe.interval > 0 ? m.moe.interval : 1;
    return (n - m.moe.firstDenseLayers + interval - 1) / interval;
}

void checkLayout(const model::TransformerSpec& m, int pp, int vpp) {
    if (pp < 1) throw std::invalid_argument("plan.pp: must be at least 1");
    if (vpp < 1) throw std::invalid_argument("plan.vpp: must be at least 1");
    if (m.layers < 1 || m.layers % (pp * vpp) != 0)
        throw std::invalid_argument("model.layers: " + std::to_string(m.layers) +
                                    " layers do not divide into pp × vpp = " +
                                    std::to_string(pp * vpp) + " pipeline chunks");
}

} // namespace

const char* toString(RankKind k) {
    return k == RankKind::DenseOnly ? "dense only" : "expert + dense";
}

StageLayers stageLayers(const model::TransformerSpec& m, int pp, int vpp, int stage) {
    checkLayout(m, pp, vpp);
    if (stage < 0 || stage >= pp)
        throw std::invalid_argument("stage: index " + std::to_string(stage) +
                                    " is outside the pipeline's " + std::to_string(pp) + " stages");
    const int chunk = m.layers / (pp * vpp);
    StageLayers s;
    s.stage = stage;
    s.layers = chunk * vpp;
    if (!m.moe.enabled()) return s;
    // Interleaved schedule: stage s runs model chunks s, s + p, …, s + (v − 1)p (Narayanan et al.
    // 2021 §2.2.2); v = 1 is Megatron's contiguous block of L/p layers.
    for (int v = 0; v < vpp; ++v) {
        const int begin = (stage + v * pp) * chunk;
        s.moeLayers += moeLayersBelow(m, begin + chunk) - moeLayersBelow(m, begin);
    }
    return s;
}

bool moeLayersEvenOverStages(const model::TransformerSpec& m, int pp, int vpp) {
    checkLayout(m, pp, vpp);
    if (pp == 1 || moeLayersBelow(m, m.layers) == 0) return true;
    const int chunk = m.layers / (pp * vpp);
    const int interval = m.moe.interval > 0 ? m.moe.interval : 1;
    // Chunks that start on the pattern's period hold chunk/interval MoE layers each.
    if (m.moe.firstDenseLayers == 0 && chunk % interval == 0) return true;
    const int first = stageLayers(m, pp, vpp, 0).moeLayers;
    for (int s = 1; s < pp; ++s)
        if (stageLayers(m, pp, vpp, s).moeLayers != first) return false;
    return true;
}

std::vector<StageGroup> stageGroups(const model::TransformerSpec& m, int pp, int vpp) {
    checkLayout(m, pp, vpp);
    std::vector<StageGroup> out;
    auto single = [&](StageKind kind, int s) {
        const StageLayers l = stageLayers(m, pp, vpp, s);
        out.push_back({kind, {s}, l.layers, l.moeLayers});
    };
    if (pp == 1) {
        single(StageKind::Only, 0);
        return out;
    }
    single(StageKind::First, 0);
    const std::size_t middleBegin = out.size();
    for (int s = 1; s < pp - 1; ++s) {
        const StageLayers l = stageLayers(m, pp, vpp, s);
        bool placed = false;
        for (std::size_t g = middleBegin; g < out.size(); ++g)
            if (out[g].moeLayers == l.moeLayers) {
                out[g].stages.push_back(s);
                placed = true;
                break;
            }
        if (!placed) out.push_back({StageKind::Middle, {s}, l.layers, l.moeLayers});
    }
    single(StageKind::Last, pp - 1);
    return out;
}

std::string formatStageIndices(const std::vector<int>& stages) {
    std::string out;
    for (std::size_t i = 0; i < stages.size();) {
        std::size_t j = i;
        while (j + 1 < stages.size() && stages[j + 1] == stages[j] + 1)
            ++j;
        if (!out.empty()) out += ", ";
        out += std::to_string(stages[i]);
        if (j > i) out += (j == i + 1 ? ", " : "–") + std::to_string(stages[j]);
        i = j + 1;
    }
    return out;
}

} // namespace trainplan::sim
