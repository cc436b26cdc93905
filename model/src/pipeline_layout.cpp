#include <trainplan/model/pipeline_layout.h>

#include <trainplan/model/issue_text.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <regex>

namespace trainplan::model {

namespace {

// Longest unrolled layout string accepted (a 1,000-layer model with vpp 8 on pp 128 is ~2,000).
constexpr std::size_t kMaxLayoutChars = 1'000'000;

// An invalid layout at `field` (the plan's field, not under pipeline_layout when `plain`).
ChunkLayout failAt(std::string field, IssueId id, std::vector<IssueArg> args) {
    ChunkLayout c;
    c.field = std::move(field);
    c.error = renderIssue(id, args, Lang::En);
    c.issue = id;
    c.args = std::move(args);
    return c;
}

ChunkLayout fail(std::string field, IssueId id, std::vector<IssueArg> args = {}) {
    return failAt("pipeline_layout." + std::move(field), id, std::move(args));
}

ChunkLayout evenChunks(const TransformerSpec& m, const Plan& p) {
    const long long chunks = static_cast<long long>(p.pp) * p.vpp;
    ChunkLayout c;
    if (m.layers < 1 || m.layers % chunks != 0) {
        const IssueId id =
            p.pp > 1 && p.framework == Framework::Megatron    ? IssueId::PlUnevenMegatron
            : p.pp > 1 && p.framework == Framework::DeepSpeed ? IssueId::PlUnevenDeepSpeed
                                                              : IssueId::PlLayersNotDivisible;
        return failAt("pp", id, {m.layers, chunks});
    }
    c.layers.assign(static_cast<std::size_t>(chunks), static_cast<int>(m.layers / chunks));
    return c;
}

// Reads "digits" at s[i…]; returns the value (capped) and moves i past them, or -1.
long long readCount(const std::string& s, std::size_t& i) {
    std::size_t j = i;
    long long v = 0;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
        v = std::min<long long>(v * 10 + (s[j] - '0'), std::numeric_limits<int>::max());
        ++j;
    }
    if (j == i) return -1;
    i = j;
    return v;
}

bool repeat(std::string& out, const std::string& what, long long n) {
    if (static_cast<double>(what.size()) * static_cast<double>(n) + out.size() > kMaxLayoutChars)
        return false;
    for (long long k = 0; k < n; ++k)
        out += what;
    return true;
}

ChunkLayout megatronChunks(const TransformerSpec& m, const Plan& p) {
    const PipelineLayout& l = p.pipeline;
    const int pp = p.pp, vpp = p.vpp;
    if (!l.layout.empty()) {
        if (l.firstStageLayers || l.lastStageLayers || l.embeddingAsLayer || l.lossAsLayer)
            return fail("layout", IssueId::PlLayoutWithOtherFlags);
        const ParsedMegatronLayout parsed = parseMegatronLayout(l.layout);
        if (!parsed.error.empty()) return fail("layout", parsed.issue, parsed.args);
        const auto chunks = static_cast<long long>(parsed.stages.size());
        if (chunks % pp != 0) return fail("layout", IssueId::PlStagesNotDividePp, {chunks, pp});
        if (chunks / pp != vpp)
            return fail("layout", IssueId::PlStagesMeanVpp, {chunks, pp, chunks / pp, vpp});
        std::string flat;
        for (const std::string& s : parsed.stages)
            flat += s;
        auto count = [&](char c) { return std::count(flat.begin(), flat.end(), c); };
        if (flat.empty() || flat.front() != 'E' || count('E') != 1)
            return fail("layout", IssueId::PlEmbeddingFirst);
        if (flat.back() != 'L' || count('L') != 1) return fail("layout", IssueId::PlLossLast);
        if (parsed.stages.front().find('E') == std::string::npos)
            return fail("layout", IssueId::PlEmbeddingFirstStage);
        if (parsed.stages.back().find('L') == std::string::npos)
            return fail("layout", IssueId::PlLossLastStage);
        if (count('m') > 0) return fail("layout", IssueId::PlNoMtp);
        if (count('t') != m.layers)
            return fail("layout", IssueId::PlDecoderCount, {count('t'), m.layers});
        ChunkLayout c;
        for (const std::string& s : parsed.stages)
            c.layers.push_back(static_cast<int>(std::count(s.begin(), s.end(), 't')));
        return c;
    }
    if ((l.firstStageLayers || l.lastStageLayers) && (l.embeddingAsLayer || l.lossAsLayer))
        return fail(l.firstStageLayers ? "first_stage_layers" : "last_stage_layers",
                    IssueId::PlFirstLastWithAsLayer);
    if (l.firstStageLayers || l.lastStageLayers) {
        long long rest = m.layers;
        int middle = pp;
        for (auto [name, v] : {std::pair{"first_stage_layers", l.firstStageLayers},
                               std::pair{"last_stage_layers", l.lastStageLayers}}) {
            if (!v) continue;
            if (*v <= 0) return fail(name, IssueId::PlLargerThanZero, {*v});
            if (*v % vpp != 0) return fail(name, IssueId::PlNotDivisibleVpp, {*v, vpp});
            rest -= *v;
            --middle;
        }
        if (rest < 0)
            return fail(l.firstStageLayers ? "first_stage_layers" : "last_stage_layers",
                        IssueId::PlFirstLastTooMany, {m.layers});
        if ((rest > 0) != (middle > 0))
            return fail(l.firstStageLayers ? "first_stage_layers" : "last_stage_layers",
                        IssueId::PlLeftForMiddle, {rest, middle});
        if (middle > 0 && rest % middle != 0)
            return fail(l.firstStageLayers ? "first_stage_layers" : "last_stage_layers",
                        IssueId::PlMiddleNotDivide, {rest, middle});
        if (middle > 0 && (rest / middle) % vpp != 0)
            return fail(l.firstStageLayers ? "first_stage_layers" : "last_stage_layers",
                        IssueId::PlMiddleNotVpp, {rest / middle, vpp});
        const int perMiddle = middle > 0 ? static_cast<int>(rest / middle) : 0;
        ChunkLayout c;
        for (int v = 0; v < vpp; ++v)
            for (int s = 0; s < pp; ++s) {
                int n = perMiddle;
                if (s == 0 && l.firstStageLayers) n = *l.firstStageLayers;
                if (s == pp - 1 && l.lastStageLayers) n = *l.lastStageLayers;
                c.layers.push_back(n / vpp);
            }
        return c;
    }
    if (l.embeddingAsLayer || l.lossAsLayer) {
        const long long n = m.layers + (l.embeddingAsLayer ? 1 : 0) + (l.lossAsLayer ? 1 : 0);
        const char* field = l.embeddingAsLayer ? "embedding_as_layer" : "loss_as_layer";
        if (n % pp != 0) return fail(field, IssueId::PlAsLayerNotPp, {n, pp});
        if ((n / pp) % vpp != 0) return fail(field, IssueId::PlPerRankNotVpp, {n / pp, vpp});
        ChunkLayout c;
        c.layers.assign(static_cast<std::size_t>(pp) * vpp, static_cast<int>(n / pp / vpp));
        if (l.embeddingAsLayer) c.layers.front() -= 1;
        if (l.lossAsLayer) c.layers.back() -= 1;
        if (c.layers.front() < 0 || c.layers.back() < 0)
            return fail(field, IssueId::PlEndStageEmpty);
        return c;
    }
    return evenChunks(m, p);
}

// One entry of Megatron-DeepSpeed's GPTModelPipe.specs (bigscience-workshop/Megatron-DeepSpeed
// megatron/model/gpt_model.py): the name _find_layer_type matches and the trainable parameters
// _count_layer_params counts on one tensor-parallel rank.
struct LayerItem {
    const char* typeName;
    double params;
    bool decoder;
};

// DeepSpeed's ds_utils.partition_uniform.
std::vector<int> partitionUniform(int items, int parts) {
    std::vector<int> out(static_cast<std::size_t>(parts) + 1, 0);
    if (items <= parts) {
        for (int q = 0; q <= parts; ++q)
            out[static_cast<std::size_t>(q)] = std::min(q, items);
        return out;
    }
    const int chunk = items / parts, residual = items - chunk * parts;
    for (int q = 0; q <= parts; ++q)
        out[static_cast<std::size_t>(q)] = q * chunk + std::min(q, residual);
    return out;
}

// DeepSpeed's ds_utils.partition_balanced: the linear partition minimising max − min of the
// parts' weights, with its tie-breaking (the last split point of equal cost wins).
std::vector<int> partitionBalanced(const std::vector<double>& w, int parts) {
    const int n = static_cast<int>(w.size()), m = parts;
    if (n <= m) return partitionUniform(n, m);
    constexpr double inf = std::numeric_limits<double>::infinity();
    const auto cols = static_cast<std::size_t>(m) + 1;
    std::vector<double> dpMax((n + 1) * cols, inf), dpMin((n + 1) * cols, inf),
        cost((n + 1) * cols, inf);
    std::vector<int> position((n + 1) * cols, 0);
    std::vector<double> prefix(static_cast<std::size_t>(n) + 1, 0.0);
    for (int i = 0; i < n; ++i)
        prefix[static_cast<std::size_t>(i) + 1] =
            prefix[static_cast<std::size_t>(i)] + w[static_cast<std::size_t>(i)];
    auto at = [cols](int i, int j) { return static_cast<std::size_t>(i) * cols + j; };
    dpMax[at(0, 0)] = 0;
    cost[at(0, 0)] = 0;
    for (int i = 1; i <= n; ++i)
        for (int j = 1; j <= std::min(i, m); ++j)
            for (int k = 0; k < i; ++k) {
                const double part =
                    prefix[static_cast<std::size_t>(i)] - prefix[static_cast<std::size_t>(k)];
                const double hi = std::max(dpMax[at(k, j - 1)], part);
                const double lo = std::min(dpMin[at(k, j - 1)], part);
                const double c = hi - lo;
                if (cost[at(i, j)] >= c) {
                    cost[at(i, j)] = c;
                    dpMax[at(i, j)] = hi;
                    dpMin[at(i, j)] = lo;
                    position[at(i, j)] = k;
                }
            }
    std::vector<int> out{n};
    for (int i = m; i >= 1; --i)
        out.push_back(position[at(out.back(), i)]);
    std::reverse(out.begin(), out.end());
    return out;
}

ChunkLayout deepSpeedChunks(const TransformerSpec& m, Precision precision, const Plan& p) {
    const PipelineLayout& l = p.pipeline;
    if (l.partitionMethod.empty()) return evenChunks(m, p);
    const ParameterCount pc = countParameters(m);
    const double t = p.tp;
    std::vector<LayerItem> items;
    items.push_back({"_to_float16", 0, false});
    items.push_back({"EmbeddingPipe", pc.embedding / t, false});
    items.push_back({"<lambda>", 0, false}); // transpose to [s, b, h]
    for (int i = 0; i < m.layers; ++i) {
        const double ffn = m.isMoeLayer(i) ? pc.moeFfnPerMoeLayer / p.ep : pc.denseFfnPerLayer;
        items.push_back({"ParallelTransformerLayerPipe",
                         (pc.attentionPerLayer + ffn) / t + pc.normsPerLayer, true});
    }
    items.push_back({"<lambda>", 0, false});                         // transpose back
    items.push_back({"MixedFusedLayerNorm", 2.0 * m.hidden, false}); // final norm
    const std::size_t head = items.size();
    // Tied: a second EmbeddingPipe (TiedLayerSpec 'embed'); untied: an LMHeadPipe.
    items.push_back(m.tiedEmbeddings ? LayerItem{"EmbeddingPipe",
                                                 static_cast<double>(m.vocab) * m.hidden / t, false}
                                     : LayerItem{"LMHeadPipe", pc.lmHead / t, false});
    if (precision != Precision::Fp32) items.push_back({"float16_to_fp32", 0, false});

    std::string method = l.partitionMethod;
    std::transform(method.begin(), method.end(), method.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::vector<int> parts;
    const int n = static_cast<int>(items.size());
    if (method == "uniform") {
        parts = partitionUniform(n, p.pp);
    } else if (method == "parameters") {
        std::vector<double> w;
        for (const LayerItem& it : items)
            w.push_back(it.params);
        parts = partitionBalanced(w, p.pp);
    } else if (method.rfind("type:", 0) == 0) {
        // The regex keeps its case (DeepSpeed lower-cases the method, then matches IGNORECASE).
        const std::string pattern = l.partitionMethod.substr(5);
        std::regex re;
        try {
            re = std::regex(pattern, std::regex::ECMAScript | std::regex::icase);
        } catch (const std::regex_error&) {
            return fail("partition_method", IssueId::PlBadRegex, {pattern});
        }
        std::vector<double> w;
        bool any = false;
        for (const LayerItem& it : items) {
            const bool hit = std::regex_search(it.typeName, re);
            w.push_back(hit ? 1.0 : 0.0);
            any = any || hit;
        }
        if (!any)
            return fail("partition_method", IssueId::PlRegexNoMatch,
                        {pattern, m.tiedEmbeddings ? "" : ", LMHeadPipe"});
        parts = partitionBalanced(w, p.pp);
    } else {
        return fail("partition_method", IssueId::PlNotMethod, {l.partitionMethod});
    }
    ChunkLayout c;
    for (int s = 0; s < p.pp; ++s) {
        int layers = 0;
        for (int i = parts[static_cast<std::size_t>(s)]; i < parts[static_cast<std::size_t>(s) + 1];
             ++i)
            layers += items[static_cast<std::size_t>(i)].decoder ? 1 : 0;
        c.layers.push_back(layers);
    }
    if (parts[1] <= 1)
        return fail("partition_method", IssueId::PlEmbeddingAfterFirst, {l.partitionMethod});
    if (parts[static_cast<std::size_t>(p.pp) - 1] > static_cast<int>(head))
        return fail("partition_method", IssueId::PlHeadBeforeLast, {l.partitionMethod});
    return c;
}

ChunkLayout torchtitanChunks(const TransformerSpec& m, const Plan& p) {
    const PipelineLayout& l = p.pipeline;
    const int stages = p.pp * p.vpp;
    const long long in = l.firstStageLessLayers.value_or(1);
    const long long out = l.lastStageLessLayers.value_or(1);
    const long long effective = m.layers + in + out;
    const char* field = l.firstStageLessLayers  ? "first_stage_less_layers"
                        : l.lastStageLessLayers ? "last_stage_less_layers"
                                                : nullptr;
    if (stages > effective) {
        const std::vector<IssueArg> args{stages, effective};
        return field ? fail(field, IssueId::PlTorchtitanTooManyStages, args)
                     : failAt("pp", IssueId::PlTorchtitanTooManyStages, args);
    }
    // Stages come from layers_per_stage as ⌈effective / layers_per_stage⌉, or two per rank for a
    // multi-stage schedule without it: other counts cannot be asked for.
    if (p.vpp > 2) {
        bool reachable = false;
        for (long long lps = 1; lps <= effective && !reachable; ++lps)
            reachable = (effective + lps - 1) / lps == stages;
        if (!reachable) return failAt("vpp", IssueId::PlTorchtitanUnreachable, {effective, stages});
    }
    const long long per = effective / stages, extra = effective % stages;
    if (in > per) return fail("first_stage_less_layers", IssueId::PlExceedsPerStage, {in, per});
    if (out > per) return fail("last_stage_less_layers", IssueId::PlExceedsPerStage, {out, per});
    ChunkLayout c;
    long long placed = 0;
    for (int s = 0; s < stages; ++s) {
        long long n = per + (s < extra ? 1 : 0);
        if (s == 0) n -= in;
        if (s == stages - 1) n -= out;
        n = std::clamp<long long>(n, 0, m.layers - placed); // "if current_layer < num_layers"
        placed += n;
        c.layers.push_back(static_cast<int>(n));
    }
    return c;
}

bool megatronKeys(const PipelineLayout& l) {
    return l.firstStageLayers || l.lastStageLayers || l.embeddingAsLayer || l.lossAsLayer ||
           !l.layout.empty();
}

bool torchtitanKeys(const PipelineLayout& l) {
    return l.firstStageLessLayers || l.lastStageLessLayers;
}

// The first key set, for "is not a … option" errors.
std::string firstMegatronKey(const PipelineLayout& l) {
    if (l.firstStageLayers) return "first_stage_layers";
    if (l.lastStageLayers) return "last_stage_layers";
    if (l.embeddingAsLayer) return "embedding_as_layer";
    if (l.lossAsLayer) return "loss_as_layer";
    return "layout";
}

} // namespace

bool ChunkLayout::even() const {
    return std::adjacent_find(layers.begin(), layers.end(), std::not_equal_to<>()) == layers.end();
}

int ChunkLayout::stageLayers(int pp, int stage) const {
    int n = 0;
    for (std::size_t i = static_cast<std::size_t>(stage); i < layers.size();
         i += static_cast<std::size_t>(pp))
        n += layers[i];
    return n;
}

namespace {

ParsedMegatronLayout layoutError(IssueId id, std::vector<IssueArg> args) {
    ParsedMegatronLayout out;
    out.error = renderIssue(id, args, Lang::En);
    out.issue = id;
    out.args = std::move(args);
    return out;
}

} // namespace

ParsedMegatronLayout parseMegatronLayout(const std::string& layout) {
    ParsedMegatronLayout out;
    std::string s;
    for (char c : layout)
        if (c != ',') s += c;
    // Pass 1: "(…)*n" (the group holds no ')'), leftmost first, as re.sub does.
    std::string a;
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '(') {
            const std::size_t close = s.find(')', i + 1);
            if (close != std::string::npos && close > i + 1 && close + 1 < s.size() &&
                s[close + 1] == '*') {
                std::size_t j = close + 2;
                const long long n = readCount(s, j);
                if (n >= 0) {
                    if (!repeat(a, s.substr(i + 1, close - i - 1), n))
                        return layoutError(IssueId::PlUnrollsTooLong, {kMaxLayoutChars});
                    i = j;
                    continue;
                }
            }
        }
        a += s[i++];
    }
    // Pass 2: "x*n".
    std::string b;
    for (std::size_t i = 0; i < a.size();) {
        if (i + 1 < a.size() && a[i + 1] == '*') {
            std::size_t j = i + 2;
            const long long n = readCount(a, j);
            if (n >= 0) {
                if (!repeat(b, std::string(1, a[i]), n))
                    return layoutError(IssueId::PlUnrollsTooLong, {kMaxLayoutChars});
                i = j;
                continue;
            }
        }
        b += a[i++];
    }
    std::string stage;
    for (char c : b) {
        if (c == '|') {
            out.stages.push_back(stage);
            stage.clear();
        } else if (c == 'E' || c == 'L' || c == 't' || c == 'm') {
            stage += c;
        } else {
            return layoutError(IssueId::PlNotLayerLetter, {std::string(1, c)});
        }
    }
    out.stages.push_back(stage);
    return out;
}

ChunkLayout pipelineChunks(const TransformerSpec& m, Precision precision, const Plan& p) {
    const PipelineLayout& l = p.pipeline;
    if (p.pp < 1 || p.vpp < 1) {
        return failAt(p.pp < 1 ? "pp" : "vpp", IssueId::MustBeAtLeastOne, {});
    }
    if (!l.isDefault() && p.pp < 2)
        return fail(megatronKeys(l)     ? firstMegatronKey(l)
                    : torchtitanKeys(l) ? (l.firstStageLessLayers ? "first_stage_less_layers"
                                                                  : "last_stage_less_layers")
                                        : "partition_method",
                    IssueId::PlUnevenNeedsPp);
    // The framework's name only when an error needs it (this runs for every plan the search times).
    auto fw = [&p] { return std::string(displayName(p.framework)); };
    if (p.framework != Framework::Megatron && megatronKeys(l))
        return fail(firstMegatronKey(l), IssueId::PlMegatronOption, {fw()});
    if (p.framework != Framework::DeepSpeed && !l.partitionMethod.empty())
        return fail("partition_method", IssueId::PlDeepSpeedOption, {fw()});
    if (p.framework != Framework::Fsdp && torchtitanKeys(l))
        return fail(l.firstStageLessLayers ? "first_stage_less_layers" : "last_stage_less_layers",
                    IssueId::PlTorchtitanOption, {fw()});
    if (p.pp == 1 && p.vpp == 1) {
        ChunkLayout c;
        c.layers = {m.layers};
        return c;
    }
    switch (p.framework) {
    case Framework::Megatron:
        return megatronChunks(m, p);
    case Framework::DeepSpeed:
        return deepSpeedChunks(m, precision, p);
    case Framework::Fsdp:
        return torchtitanChunks(m, p);
    case Framework::Ddp:
        break;
    }
    return evenChunks(m, p);
}

} // namespace trainplan::model
