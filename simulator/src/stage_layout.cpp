#include <trainplan/simulator/stage_layout.h>

#include <trainplan/model/pipeline_layout.h>

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

std::vector<int> evenChunks(const model::TransformerSpec& m, int pp, int vpp) {
    checkLayout(m, pp, vpp);
    return std::vector<int>(static_cast<std::size_t>(pp) * vpp, m.layers / (pp * vpp));
}

void checkChunks(const std::vector<int>& chunks, int pp, int stage) {
    if (pp < 1 || chunks.empty() || chunks.size() % static_cast<std::size_t>(pp) != 0)
        throw std::invalid_argument(
            "plan.pp: " + std::to_string(chunks.size()) +
            " pipeline chunks do not divide over pp = " + std::to_string(pp));
    if (stage < 0 || stage >= pp)
        throw std::invalid_argument("stage: index " + std::to_string(stage) +
                                    " is outside the pipeline's " + std::to_string(pp) + " stages");
}

} // namespace

const char* toString(RankKind k) {
    return k == RankKind::DenseOnly ? "dense only" : "expert + dense";
}

std::vector<int> chunkLayers(const model::Scenario& s, const model::Plan& p) {
    model::ChunkLayout c = model::pipelineChunks(s.model, s.training.precision, p);
    if (!c.ok()) throw std::invalid_argument("plan." + c.field + ": " + c.error);
    return std::move(c.layers);
}

namespace {

// Every stage's layers in one pass over the chunks (O(pp·vpp), where asking stage by stage is
// O(pp²·vpp): the search evaluates ~10⁵ plans a second, with pp up to the layer count).
// Stage s runs model chunks s, s + p, …, s + (v − 1)p (Narayanan et al. 2021 §2.2.2); the layers
// before chunk i are those of chunks 0 … i − 1.
std::vector<StageLayers> allStageLayers(const model::TransformerSpec& m,
                                        const std::vector<int>& chunks, int pp) {
    checkChunks(chunks, pp, 0);
    std::vector<StageLayers> out(static_cast<std::size_t>(pp));
    for (int s = 0; s < pp; ++s)
        out[static_cast<std::size_t>(s)].stage = s;
    int begin = 0;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        const int n = chunks[i];
        StageLayers& s = out[i % static_cast<std::size_t>(pp)];
        s.layers += n;
        s.moeLayers += moeLayersBelow(m, begin + n) - moeLayersBelow(m, begin);
        begin += n;
    }
    return out;
}

} // namespace

StageLayers stageLayers(const model::TransformerSpec& m, const std::vector<int>& chunks, int pp,
                        int stage) {
    checkChunks(chunks, pp, stage);
    return allStageLayers(m, chunks, pp)[static_cast<std::size_t>(stage)];
}

StageLayers stageLayers(const model::Scenario& s, const model::Plan& p, int stage) {
    return stageLayers(s.model, chunkLayers(s, p), p.pp, stage);
}

StageLayers stageLayers(const model::TransformerSpec& m, int pp, int vpp, int stage) {
    return stageLayers(m, evenChunks(m, pp, vpp), pp, stage);
}

bool stagesEven(const model::TransformerSpec& m, const std::vector<int>& chunks, int pp) {
    const std::vector<StageLayers> all = allStageLayers(m, chunks, pp);
    for (const StageLayers& l : all)
        if (l.layers != all.front().layers || l.moeLayers != all.front().moeLayers) return false;
    return true;
}

bool evenWithoutChunks(const model::Scenario& s, const model::Plan& p) {
    if (p.pp <= 1) return true;
    return p.pipeline.isDefault() && p.framework != model::Framework::Fsdp &&
           moeLayersEvenOverStages(s.model, p.pp, p.vpp);
}

bool stagesEven(const model::Scenario& s, const model::Plan& p) {
    if (evenWithoutChunks(s, p)) return true;
    if (p.pipeline.isDefault() && p.framework != model::Framework::Fsdp) return false;
    return stagesEven(s.model, chunkLayers(s, p), p.pp);
}

bool moeLayersEvenOverStages(const model::TransformerSpec& m, int pp, int vpp) {
    checkLayout(m, pp, vpp);
    if (pp == 1 || moeLayersBelow(m, m.layers) == 0) return true;
    const int chunk = m.layers / (pp * vpp);
    const int interval = m.moe.interval > 0 ? m.moe.interval : 1;
    // Chunks that start on the pattern's period hold chunk/interval MoE layers each.
    if (m.moe.firstDenseLayers == 0 && chunk % interval == 0) return true;
    return stagesEven(m, evenChunks(m, pp, vpp), pp);
}

std::vector<StageGroup> stageGroups(const model::TransformerSpec& m, const std::vector<int>& chunks,
                                    int pp) {
    const std::vector<StageLayers> all = allStageLayers(m, chunks, pp);
    std::vector<StageGroup> out;
    auto single = [&](StageKind kind, int s) {
        const StageLayers& l = all[static_cast<std::size_t>(s)];
        out.push_back({kind, {s}, l.layers, l.moeLayers});
    };
    if (pp == 1) {
        single(StageKind::Only, 0);
        return out;
    }
    single(StageKind::First, 0);
    const std::size_t middleBegin = out.size();
    for (int s = 1; s < pp - 1; ++s) {
        const StageLayers& l = all[static_cast<std::size_t>(s)];
        bool placed = false;
        for (std::size_t g = middleBegin; g < out.size(); ++g)
            if (out[g].layers == l.layers && out[g].moeLayers == l.moeLayers) {
                out[g].stages.push_back(s);
                placed = true;
                break;
            }
        if (!placed) out.push_back({StageKind::Middle, {s}, l.layers, l.moeLayers});
    }
    single(StageKind::Last, pp - 1);
    return out;
}

std::vector<StageGroup> stageGroups(const model::Scenario& s, const model::Plan& p) {
    return stageGroups(s.model, chunkLayers(s, p), p.pp);
}

std::vector<StageGroup> stageGroups(const model::TransformerSpec& m, int pp, int vpp) {
    return stageGroups(m, evenChunks(m, pp, vpp), pp);
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
