#include <trainplan/model/ascii_text.h>
#include <trainplan/model/catalog.h>
#include <trainplan/model/units.h>

#include <trainplan/model/json_reader.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace trainplan::model {

using detail::ObjectReader;
using nlohmann::json;

namespace {

template <typename T> const T* findByName(const std::vector<T>& items, std::string_view name) {
    const std::string key = asciiLower(name);
    for (const T& item : items)
        if (asciiLower(item.name) == key) return &item;
    return nullptr;
}

// "unknown GPU 'H10' (did you mean H100-SXM5-80GB, H20?)" as an issue: the plain and the
// did-you-mean entry of each kind.
template <typename T>
ValidationIssue unknownIssue(std::string path, IssueId plain, IssueId withHint,
                             std::string_view name, const std::vector<T>& items) {
    std::vector<std::string> names;
    names.reserve(items.size());
    for (const T& item : items)
        names.push_back(item.name);
    const auto close = closestNames(name, names);
    if (close.empty()) return {std::move(path), plain, {name}};
    std::string list;
    for (std::size_t i = 0; i < close.size(); ++i)
        list += (i ? ", " : "") + close[i];
    return {std::move(path), withHint, {name, list}};
}

std::size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

json readJsonFile(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec))
        throw std::runtime_error(file.string() +
                                 ": cannot open the catalog file (missing or not a regular file)");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error(file.string() + ": cannot open the catalog file");
    std::stringstream ss;
    ss << in.rdbuf();
    try {
        return detail::parseJsonText(ss.str());
    } catch (const std::exception& e) {
        // parse_error, out_of_range (1e400) or the nesting limit: all name the file.
        throw std::runtime_error(file.string() + ": not valid JSON (" +
                                 detail::jsonErrorMessage(e) + ")");
    }
}

} // namespace

const GpuSpec* Catalog::findGpu(std::string_view name) const {
    return findByName(gpus, name);
}
const LinkSpec* Catalog::findLink(std::string_view name) const {
    return findByName(links, name);
}
const TransformerSpec* Catalog::findModel(std::string_view name) const {
    return findByName(models, name);
}

ValidationIssue Catalog::unknownGpuIssue(std::string path, std::string_view name) const {
    return unknownIssue(std::move(path), IssueId::UnknownGpu, IssueId::UnknownGpuDidYouMean, name,
                        gpus);
}
ValidationIssue Catalog::unknownLinkIssue(std::string path, std::string_view name) const {
    return unknownIssue(std::move(path), IssueId::UnknownLink, IssueId::UnknownLinkDidYouMean, name,
                        links);
}
ValidationIssue Catalog::unknownModelIssue(std::string path, std::string_view name) const {
    return unknownIssue(std::move(path), IssueId::UnknownModel, IssueId::UnknownModelDidYouMean,
                        name, models);
}
std::string Catalog::unknownGpuMessage(std::string_view name) const {
    return unknownGpuIssue("", name).message;
}
std::string Catalog::unknownLinkMessage(std::string_view name) const {
    return unknownLinkIssue("", name).message;
}
std::string Catalog::unknownModelMessage(std::string_view name) const {
    return unknownModelIssue("", name).message;
}

std::vector<std::string> closestNames(std::string_view name,
                                      const std::vector<std::string>& candidates,
                                      std::size_t maxCount) {
    const std::string key = asciiLower(name);
    // The alphanumeric words of the name: "A100-80" -> {"a100", "80"}.
    std::vector<std::string> words;
    std::string word;
    for (char ch : key + " ") {
        if (std::isalnum(static_cast<unsigned char>(ch))) {
            word += ch;
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    // Scores are in half edit-steps so a containment hint ranks above a one-character typo.
    std::vector<std::pair<std::size_t, std::string>> scored;
    for (const std::string& c : candidates) {
        const std::string lc = asciiLower(c);
        std::size_t score = 2 * editDistance(key, lc);
        // A substring match ("h100" -> "H100-SXM5-80GB") or every word of the name appearing in the
        // candidate ("A100-80" -> "A100-SXM4-80GB", "llama3-70b" -> "llama3.1-70b") is a strong
        // hint.
        const bool contained = !key.empty() && lc.find(key) != std::string::npos;
        const bool allWords =
            !words.empty() && std::all_of(words.begin(), words.end(), [&](const std::string& w) {
                return lc.find(w) != std::string::npos;
            });
        if (contained || allWords) score = std::min<std::size_t>(score, 1);
        scored.emplace_back(score, c);
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> out;
    const std::size_t limit = 2 * std::max<std::size_t>(3, key.size() / 2);
    for (const auto& [score, c] : scored) {
        if (out.size() >= maxCount || score > limit) break;
        out.push_back(c);
    }
    return out;
}

GpuPrice gpuPriceFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    GpuPrice p;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return p;
    const bool hasAmount = r.readDouble("per_gpu_hour", p.perGpuHour, false, 0.0001, 1e6);
    r.readEnum("currency", p.currency, false, currencyFromString, "USD, CNY");
    r.readString("source", p.source, false);
    r.readString("source_zh", p.sourceZh, false);
    if (r.readString("date", p.date, false) && !isIsoDate(p.date))
        r.add(r.fieldPath("date"), IssueId::NotDate, {p.date});
    r.readString("unpriced", p.unpricedReason, false);
    r.readString("unpriced_zh", p.unpricedReasonZh, false);
    r.finish();
    if (hasAmount && !p.unpricedReason.empty())
        issues.emplace_back(path, IssueId::PriceBoth);
    else if (!hasAmount && p.unpricedReason.empty())
        issues.emplace_back(path, IssueId::PriceNeither);
    else if (hasAmount && (p.source.empty() || p.date.empty()))
        issues.emplace_back(path, IssueId::PriceNeedsSource);
    return p;
}

json toJson(const GpuPrice& p) {
    if (!p.priced()) {
        json j{{"unpriced", p.unpricedReason}};
        if (!p.unpricedReasonZh.empty()) j["unpriced_zh"] = p.unpricedReasonZh;
        return j;
    }
    json j{{"per_gpu_hour", p.perGpuHour},
           {"currency", std::string(toString(p.currency))},
           {"source", p.source},
           {"date", p.date}};
    if (!p.sourceZh.empty()) j["source_zh"] = p.sourceZh;
    return j;
}

GpuSpec gpuFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    GpuSpec g;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return g;
    r.readString("name", g.name, true);
    double gib = 0, fp32 = 0, tf32 = 0, bf16 = 0, fp8 = 0, hbm = 0;
    r.readDouble("memory_gib", gib, true, 0.001, 1e6);
    r.readDouble("fp32_tflops", fp32, false, 0, 1e7);
    r.readDouble("tf32_tflops", tf32, false, 0, 1e7);
    r.readDouble("bf16_tflops", bf16, true, 0.001, 1e7);
    r.readDouble("fp8_tflops", fp8, false, 0, 1e7);
    // 0 (or absent) means "not given" for the optional peaks; anything else is a real peak, at
    // least bf16_tflops's lower bound: a 1e-300 peak would make every step take forever.
    for (const auto& [key, value] : {std::pair{"fp32_tflops", fp32}, std::pair{"tf32_tflops", tf32},
                                     std::pair{"fp8_tflops", fp8}})
        if (value > 0 && value < 0.001) {
            char shown[32];
            std::snprintf(shown, sizeof shown, "%g", value);
            r.add(r.fieldPath(key), IssueId::TflopsTooLow, {std::string(shown)});
        }
    r.readDouble("hbm_gb_per_s", hbm, true, 0.001, 1e7);
    r.readDouble("tdp_w", g.tdpWatts, false, 0, 1e6);
    r.readDouble("gemm_efficiency", g.gemmEfficiency, false, 0.05, 1.0);
    if (r.readString("generation", g.generation, false) && !isGpuGeneration(g.generation))
        issues.emplace_back(path + ".generation", IssueId::NotOneOf,
                            std::vector<IssueArg>{g.generation, std::string(kGpuGenerations)});
    r.readInt("sm_count", g.smCount, false, 1, 100000);
    r.readString("source", g.source, false);
    r.readString("source_zh", g.sourceZh, false);
    if (const json* price = r.raw("price"))
        g.listPrice = gpuPriceFromJson(*price, r.fieldPath("price"), issues);
    r.finish();
    g.memoryBytes = gib * units::kGiB;
    g.fp32FlopsPerSecond = fp32 * units::kTera;
    g.tf32FlopsPerSecond = tf32 * units::kTera;
    g.bf16FlopsPerSecond = bf16 * units::kTera;
    g.fp8FlopsPerSecond = fp8 * units::kTera;
    g.hbmBytesPerSecond = hbm * units::kGB;
    return g;
}

LinkSpec linkFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    LinkSpec l;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return l;
    r.readString("name", l.name, true);
    r.readEnum("kind", l.kind, true, linkKindFromString,
               "nvlink, pcie, infiniband, roce, ethernet");
    double gbps = 0, latencyUs = 0;
    r.readDouble("gb_per_s", gbps, true, 0.001, 1e6);
    r.readDouble("latency_us", latencyUs, false, 0, 1e6);
    r.readString("source", l.source, false);
    r.readString("source_zh", l.sourceZh, false);
    r.finish();
    l.bytesPerSecond = gbps * units::kGB;
    l.latencySeconds = latencyUs * units::kMicro;
    return l;
}

TransformerSpec modelFromJson(const json& j, const std::string& path, ValidationIssues& issues) {
    TransformerSpec m;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return m;
    r.readString("name", m.name, false);
    r.readString("display_name", m.displayName, false);
    r.readInt("layers", m.layers, true, 1, 100000);
    r.readInt("hidden", m.hidden, true, 1, 1000000);
    r.readInt("heads", m.heads, true, 1, 100000);
    m.kvHeads = m.heads;
    r.readInt("kv_heads", m.kvHeads, false, 1, 100000);
    const bool hasHeadDim = r.readInt("head_dim", m.headDim, false, 1, 100000);
    r.readInt("ffn_hidden", m.ffnHidden, true, 1, 10000000);
    r.readEnum("ffn", m.ffn, false, ffnKindFromString, "gelu, swiglu");
    r.readInt("vocab", m.vocab, true, 1, 100000000);
    r.readInt("seq_len", m.seqLen, true, 1, 100000000);
    r.readBool("tied_embeddings", m.tiedEmbeddings, false);
    std::string pos = "none";
    if (r.readString("position_embedding", pos, false)) {
        if (pos == "learned")
            m.positionEmbedding = PositionEmbedding::Learned;
        else if (pos == "none")
            m.positionEmbedding = PositionEmbedding::None;
        else
            r.add(r.fieldPath("position_embedding"), IssueId::NotOneOf, {pos, "learned, none"});
    }
    if (const json* moe = r.raw("moe")) {
        ObjectReader mr(*moe, r.fieldPath("moe"), issues);
        if (mr.valid()) {
            mr.readInt("experts", m.moe.experts, false, 0, 100000);
            mr.readInt("top_k", m.moe.topK, false, 0, 100000);
            mr.readInt("expert_ffn_hidden", m.moe.expertFfnHidden, false, 0, 10000000);
            mr.readInt("shared_experts", m.moe.sharedExperts, false, 0, 100000);
            mr.readInt("interval", m.moe.interval, false, 1, 100000);
            mr.readInt("first_dense_layers", m.moe.firstDenseLayers, false, 0, 100000);
            mr.readDouble("capacity_factor", m.moe.capacityFactor, false, 0.01, 1000);
            mr.finish();
        }
    }
    bool hasMla = false;
    if (const json* mla = r.raw("mla")) {
        ObjectReader ar(*mla, r.fieldPath("mla"), issues);
        if (ar.valid()) {
            hasMla = true;
            ar.readInt("q_lora_rank", m.mla.qLoraRank, false, 0, 1000000);
            ar.readInt("kv_lora_rank", m.mla.kvLoraRank, true, 1, 1000000);
            ar.readInt("qk_nope_head_dim", m.mla.qkNopeHeadDim, true, 1, 100000);
            ar.readInt("qk_rope_head_dim", m.mla.qkRopeHeadDim, false, 0, 100000);
            ar.readInt("v_head_dim", m.mla.vHeadDim, true, 1, 100000);
            ar.finish();
        }
    }
    if (const json* sw = r.raw("sliding_window")) {
        ObjectReader wr(*sw, r.fieldPath("sliding_window"), issues);
        if (wr.valid()) {
            wr.readInt("window", m.slidingWindow.window, true, 1, 100000000);
            wr.readInt("full_every", m.slidingWindow.fullEvery, false, 0, 100000);
            wr.finish();
            if (m.slidingWindow.fullEvery == 1)
                issues.emplace_back(r.fieldPath("sliding_window.full_every"),
                                    IssueId::SlidingFullEveryOne);
        }
    }
    r.readInt("mtp_layers", m.mtpLayers, false, 0, 1000);
    double publishedB = 0;
    if (r.readDouble("published_parameters_b", publishedB, false, 0, 1e9))
        m.publishedParameters = publishedB * 1e9;
    r.readString("source", m.source, false);
    r.readString("source_zh", m.sourceZh, false);
    r.finish();

    // Shape checks that do not depend on the plan.
    if (m.heads > 0 && m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        issues.emplace_back(r.fieldPath("kv_heads"), IssueId::KvHeadsNotDivide,
                            std::vector<IssueArg>{m.kvHeads, m.heads});
    if (m.kvHeads > m.heads)
        issues.emplace_back(r.fieldPath("kv_heads"), IssueId::KvHeadsExceed,
                            std::vector<IssueArg>{m.kvHeads, m.heads});
    if (hasMla && m.kvHeads != m.heads)
        issues.emplace_back(r.fieldPath("kv_heads"), IssueId::KvHeadsMla,
                            std::vector<IssueArg>{m.kvHeads, m.heads});
    if (!hasHeadDim && m.heads > 0 && m.hidden > 0) {
        if (m.hidden % m.heads != 0)
            issues.emplace_back(r.fieldPath("heads"), IssueId::HeadsNotDivideHidden,
                                std::vector<IssueArg>{m.heads, m.hidden});
        m.headDim = m.hidden / m.heads;
    }
    if (m.moe.experts > 0) {
        const std::string mp = r.fieldPath("moe");
        if (m.moe.topK < 1) issues.emplace_back(mp + ".top_k", IssueId::TopKAtLeastOne);
        if (m.moe.topK > m.moe.experts)
            issues.emplace_back(mp + ".top_k", IssueId::TopKExceedsExperts,
                                std::vector<IssueArg>{m.moe.topK, m.moe.experts});
        if (m.moe.expertFfnHidden < 1)
            issues.emplace_back(mp + ".expert_ffn_hidden", IssueId::PositiveWithExperts);
        if (m.moe.firstDenseLayers >= m.layers && m.layers > 0)
            issues.emplace_back(mp + ".first_dense_layers", IssueId::NoMoeLayerLeft,
                                std::vector<IssueArg>{m.layers});
    } else if (m.moe.topK > 0) {
        issues.emplace_back(r.fieldPath("moe.top_k"), IssueId::TopKWithoutExperts);
    }
    return m;
}

json toJson(const GpuSpec& g) {
    using detail::toFileUnit;
    json j{{"name", g.name},
           {"memory_gib", toFileUnit(g.memoryBytes, units::kGiB)},
           {"fp32_tflops", toFileUnit(g.fp32FlopsPerSecond, units::kTera)},
           {"tf32_tflops", toFileUnit(g.tf32FlopsPerSecond, units::kTera)},
           {"bf16_tflops", toFileUnit(g.bf16FlopsPerSecond, units::kTera)},
           {"fp8_tflops", toFileUnit(g.fp8FlopsPerSecond, units::kTera)},
           {"hbm_gb_per_s", toFileUnit(g.hbmBytesPerSecond, units::kGB)},
           {"tdp_w", g.tdpWatts},
           {"source", g.source}};
    // 0 means "the simulator's default" and is not a valid value to read back (range [0.05, 1]).
    if (g.gemmEfficiency > 0) j["gemm_efficiency"] = g.gemmEfficiency;
    if (!g.generation.empty()) j["generation"] = g.generation;
    if (g.smCount > 0) j["sm_count"] = g.smCount;
    if (!g.sourceZh.empty()) j["source_zh"] = g.sourceZh;
    if (g.listPrice.priced() || !g.listPrice.unpricedReason.empty())
        j["price"] = toJson(g.listPrice);
    return j;
}

json toJson(const LinkSpec& l) {
    json j{{"name", l.name},
           {"kind", std::string(toString(l.kind))},
           {"gb_per_s", detail::toFileUnit(l.bytesPerSecond, units::kGB)},
           {"latency_us", detail::toFileUnit(l.latencySeconds, units::kMicro)},
           {"source", l.source}};
    if (!l.sourceZh.empty()) j["source_zh"] = l.sourceZh;
    return j;
}

json toJson(const TransformerSpec& m) {
    json j{{"name", m.name},
           {"layers", m.layers},
           {"hidden", m.hidden},
           {"heads", m.heads},
           {"kv_heads", m.kvHeads},
           {"head_dim", m.headDim},
           {"ffn_hidden", m.ffnHidden},
           {"ffn", std::string(toString(m.ffn))},
           {"vocab", m.vocab},
           {"seq_len", m.seqLen},
           {"tied_embeddings", m.tiedEmbeddings},
           {"position_embedding",
            m.positionEmbedding == PositionEmbedding::Learned ? "learned" : "none"},
           {"moe",
            {{"experts", m.moe.experts},
             {"top_k", m.moe.topK},
             {"expert_ffn_hidden", m.moe.expertFfnHidden},
             {"shared_experts", m.moe.sharedExperts},
             {"interval", m.moe.interval},
             {"first_dense_layers", m.moe.firstDenseLayers},
             {"capacity_factor", m.moe.capacityFactor}}}};
    if (m.mla.enabled())
        j["mla"] = {{"q_lora_rank", m.mla.qLoraRank},
                    {"kv_lora_rank", m.mla.kvLoraRank},
                    {"qk_nope_head_dim", m.mla.qkNopeHeadDim},
                    {"qk_rope_head_dim", m.mla.qkRopeHeadDim},
                    {"v_head_dim", m.mla.vHeadDim}};
    if (m.slidingWindow.enabled())
        j["sliding_window"] = {{"window", m.slidingWindow.window},
                               {"full_every", m.slidingWindow.fullEvery}};
    if (m.mtpLayers > 0) j["mtp_layers"] = m.mtpLayers;
    if (!m.displayName.empty()) j["display_name"] = m.displayName;
    if (m.publishedParameters > 0)
        j["published_parameters_b"] = detail::toFileUnit(m.publishedParameters, 1e9);
    if (!m.source.empty()) j["source"] = m.source;
    if (!m.sourceZh.empty()) j["source_zh"] = m.sourceZh;
    return j;
}

Catalog loadCatalog(const std::filesystem::path& directory) {
    Catalog c;
    auto load = [&](const char* fileName, const char* arrayKey, auto parse, auto& out) {
        const auto file = directory / fileName;
        const json doc = readJsonFile(file);
        ValidationIssues issues;
        if (!doc.is_object() || !doc.contains(arrayKey) || !doc[arrayKey].is_array())
            throw std::runtime_error(file.string() + ": expected an object with an array \"" +
                                     arrayKey + "\"");
        const auto schema = doc.find("schema");
        if (schema == doc.end() || !schema->is_string() ||
            schema->get<std::string>() != kCatalogSchema)
            issues.emplace_back("schema", IssueId::SchemaMustBe,
                                std::vector<IssueArg>{kCatalogSchema});
        const json& items = doc[arrayKey];
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::string path = std::string(arrayKey) + "[" + std::to_string(i) + "]";
            const std::size_t before = issues.size();
            auto item = parse(items[i], path, issues);
            if (item.name.empty()) {
                const bool reported =
                    std::any_of(issues.begin() + static_cast<long>(before), issues.end(),
                                [&](const ValidationIssue& is) {
                                    return is.path == path || is.path == path + ".name";
                                });
                if (!reported) issues.emplace_back(path + ".name", IssueId::RequiredName);
                continue;
            }
            // Lookups are by case-insensitive name, so a second entry of the same name is
            // unreachable.
            if (findByName(out, item.name)) {
                issues.emplace_back(path + ".name", IssueId::ListedTwice,
                                    std::vector<IssueArg>{item.name});
                continue;
            }
            out.push_back(std::move(item));
        }
        if (!issues.empty()) {
            std::string msg = file.string() + ": invalid catalog";
            for (const auto& is : issues)
                msg += "\n  " + is.text();
            throw std::runtime_error(msg);
        }
    };
    load("gpus.json", "gpus", gpuFromJson, c.gpus);
    load("links.json", "links", linkFromJson, c.links);
    load("models.json", "models", modelFromJson, c.models);
    return c;
}

} // namespace trainplan::model
