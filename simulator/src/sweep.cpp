#include <trainplan/simulator/sweep.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace trainplan::sim {

using model::Scenario;
using model::TransformerSpec;

namespace {

constexpr std::size_t kMaxPoints = 10'000;

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

std::optional<double> parseNumber(std::string_view s) {
    s = trim(s);
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

bool integerKey(SweepKey k) {
    return k == SweepKey::Gpus || k == SweepKey::GlobalBatch || k == SweepKey::SeqLen;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto pos = s.find(sep);
        out.push_back(trim(s.substr(0, pos)));
        if (pos == std::string_view::npos) return out;
        s.remove_prefix(pos + 1);
    }
}

std::string shortNumber(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// Rounds x to the nearest positive multiple of g.
int roundTo(double x, int g) {
    g = std::max(1, g);
    return std::max(g, static_cast<int>(std::lround(x / g)) * g);
}

} // namespace

std::string_view toString(SweepKey key) {
    switch (key) {
    case SweepKey::Gpus:
        return "gpus";
    case SweepKey::Model:
        return "model";
    case SweepKey::ModelScale:
        return "model_scale";
    case SweepKey::InterNodeGbPerS:
        return "inter_node_gb_per_s";
    case SweepKey::GlobalBatch:
        return "global_batch";
    case SweepKey::SeqLen:
        return "seq_len";
    }
    return "gpus";
}

std::optional<SweepKey> sweepKeyFromString(std::string_view s) {
    for (SweepKey k : {SweepKey::Gpus, SweepKey::Model, SweepKey::ModelScale,
                       SweepKey::InterNodeGbPerS, SweepKey::GlobalBatch, SweepKey::SeqLen})
        if (s == toString(k)) return k;
    return std::nullopt;
}

std::vector<double> modelScaleFactors() {
    std::vector<double> factors;
    for (int k = -6; k <= 4; ++k)
        factors.push_back(std::ldexp(1.0, k));
    return factors;
}

SweepSpecParse parseSweepSpec(std::string_view text) {
    SweepSpecParse out;
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) {
        out.error = "'" + std::string(text) +
                    "' is not KEY=A..B or KEY=V1,V2,… (keys: gpus, model, model_scale, "
                    "inter_node_gb_per_s, global_batch, seq_len)";
        return out;
    }
    const std::string_view keyText = trim(text.substr(0, eq));
    const std::string_view rhs = trim(text.substr(eq + 1));
    const auto key = sweepKeyFromString(keyText);
    if (!key) {
        out.error =
            "unknown sweep key '" + std::string(keyText) +
            "' (one of gpus, model, model_scale, inter_node_gb_per_s, global_batch, seq_len)";
        return out;
    }
    const std::string name(keyText);
    if (rhs.empty()) {
        out.error = name + ": needs values (A..B or a comma list)";
        return out;
    }
    SweepSpec spec;
    spec.key = *key;
    if (*key == SweepKey::Model) {
        if (rhs.find("..") != std::string_view::npos) {
            out.error = "model: takes catalog model names (model=gpt3-175b,llama3.1-70b); use "
                        "model_scale=A..B to scale "
                        "the scenario's model";
            return out;
        }
        for (auto part : split(rhs, ',')) {
            if (part.empty()) {
                out.error = "model: empty name in '" + std::string(rhs) + "'";
                return out;
            }
            spec.models.emplace_back(part);
        }
        out.spec = std::move(spec);
        return out;
    }
    auto checkValue = [&](double v, std::string_view part) -> bool {
        if (v <= 0) {
            out.error = name + ": " + std::string(part) + " must be positive";
            return false;
        }
        if (integerKey(*key) && v != std::floor(v)) {
            out.error = name + ": " + std::string(part) + " must be a whole number";
            return false;
        }
        return true;
    };
    if (const auto dots = rhs.find(".."); dots != std::string_view::npos) {
        std::string_view rest = rhs.substr(dots + 2);
        std::optional<double> step;
        if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
            step = parseNumber(rest.substr(colon + 1));
            if (!step || *step <= 0) {
                out.error = name + ": the step after ':' in '" + std::string(rhs) +
                            "' must be a positive number";
                return out;
            }
            rest = rest.substr(0, colon);
        }
        const auto a = parseNumber(rhs.substr(0, dots));
        const auto b = parseNumber(rest);
        if (!a || !b) {
            out.error = name + ": '" + std::string(rhs) + "' is not a range A..B of numbers";
            return out;
        }
        if (!checkValue(*a, rhs.substr(0, dots)) || !checkValue(*b, rest)) return out;
        if (*b < *a) {
            out.error = name + ": the range " + std::string(rhs) + " is empty (B < A)";
            return out;
        }
        const double limit = *b * (1.0 + 1e-9);
        if (step) {
            for (double v = *a; v <= limit && spec.values.size() <= kMaxPoints; v += *step)
                spec.values.push_back(integerKey(*key) ? std::round(v) : v);
        } else if (integerKey(*key)) {
            for (double v = 1; v <= limit && spec.values.size() <= kMaxPoints; v *= 2)
                if (v >= *a) spec.values.push_back(v);
        } else {
            for (double v = *a; v <= limit && spec.values.size() <= kMaxPoints; v *= 2)
                spec.values.push_back(v);
        }
        if (spec.values.empty()) {
            out.error = name + ": no power of two lies in " + std::string(rhs) +
                        " (use A..B:STEP or a list)";
            return out;
        }
    } else {
        for (auto part : split(rhs, ',')) {
            const auto v = parseNumber(part);
            if (!v) {
                out.error = name + ": '" + std::string(part) + "' is not a number";
                return out;
            }
            if (!checkValue(*v, part)) return out;
            spec.values.push_back(*v);
        }
    }
    if (spec.values.size() > kMaxPoints) {
        out.error = name + ": more than " + std::to_string(kMaxPoints) + " points";
        return out;
    }
    out.spec = std::move(spec);
    return out;
}

TransformerSpec scaleModelParameters(const TransformerSpec& m, double factor) {
    TransformerSpec s = m;
    if (factor <= 0 || m.heads < 1 || m.layers < 1 || m.hidden < 1) return s;
    const double f = std::cbrt(factor);
    const int headDim = m.headDim > 0 ? m.headDim : m.hidden / m.heads;
    const bool gqa = m.kvHeads > 0 && m.kvHeads != m.heads;
    // Granularities that keep what the original allowed: its power-of-two factor up to 8 (tensor
    // parallelism) and, with GQA, whole KV groups.
    const int headGrain = std::lcm(gqa ? m.kvHeads : 1, std::gcd(m.heads, 8));
    s.heads = roundTo(m.heads * f, headGrain);
    s.kvHeads = gqa ? m.kvHeads : s.heads;
    s.headDim = headDim;
    s.hidden = s.heads * headDim;
    const double width = static_cast<double>(s.hidden) / m.hidden;
    s.ffnHidden = roundTo(m.ffnHidden * width, std::gcd(m.ffnHidden, 128));
    if (m.moe.enabled() && m.moe.expertFfnHidden > 0)
        s.moe.expertFfnHidden =
            roundTo(m.moe.expertFfnHidden * width, std::gcd(m.moe.expertFfnHidden, 128));
    s.layers = roundTo(m.layers * f, std::gcd(m.layers, 4));
    if (m.moe.enabled()) s.moe.firstDenseLayers = std::min(m.moe.firstDenseLayers, s.layers - 1);
    s.name = m.name + "×" + shortNumber(factor);
    s.displayName = (m.displayName.empty() ? m.name : m.displayName) + " ×" + shortNumber(factor);
    s.publishedParameters = 0;
    s.source = "scaled from " + m.name + " by " + shortNumber(factor) +
               " in parameters (TrainPlan sweep, model_scale)";
    return s;
}

SweepScenario sweepScenario(const Scenario& base, const SweepSpec& spec, std::size_t index,
                            const model::Catalog& catalog) {
    SweepScenario out;
    Scenario s = base;
    s.plans.clear();
    if (spec.key == SweepKey::Model) {
        const std::string& name = spec.models.at(index);
        out.label = name;
        const TransformerSpec* found = catalog.findModel(name);
        if (!found) {
            out.errors.push_back("model: " + catalog.unknownModelMessage(name));
            return out;
        }
        s.model = *found;
        s.modelRef = found->name;
        out.label = found->name;
    } else {
        const double v = spec.values.at(index);
        out.label = shortNumber(v);
        out.value = v;
        switch (spec.key) {
        case SweepKey::Gpus: {
            const long long g = std::llround(v);
            const int perNode = base.cluster.gpusPerNode;
            s.constraints.maxGpus.reset();
            if (perNode > 0 && g % perNode == 0) {
                s.cluster.nodes = static_cast<int>(g / perNode);
            } else if (g < perNode) {
                s.cluster.nodes = 1;
                s.cluster.gpusPerNode = static_cast<int>(g);
            } else {
                out.errors.push_back("gpus=" + std::to_string(g) + " is not a whole number of " +
                                     std::to_string(perNode) + "-GPU nodes");
                return out;
            }
            break;
        }
        case SweepKey::ModelScale:
            s.model = scaleModelParameters(base.model, v);
            s.modelRef.clear();
            break;
        case SweepKey::InterNodeGbPerS:
            s.cluster.interNode.bytesPerSecond = v * model::units::kGB;
            s.cluster.interNode.name =
                base.cluster.interNode.name + " @ " + shortNumber(v) + " GB/s";
            s.cluster.interNodeRef.clear();
            break;
        case SweepKey::GlobalBatch:
            s.training.globalBatch = std::llround(v);
            break;
        case SweepKey::SeqLen:
            s.model.seqLen = static_cast<int>(std::llround(v));
            s.modelRef.clear();
            break;
        case SweepKey::Model:
            break;
        }
    }
    if (spec.key == SweepKey::Model) out.value = model::countParameters(s.model).total;
    for (const auto& issue : model::validateScenario(s))
        out.errors.push_back(issue.text());
    if (out.errors.empty()) out.scenario = std::move(s);
    return out;
}

SweepResult runSweep(const Scenario& base, const SweepSpec& spec, const model::Catalog& catalog,
                     const SweepOptions& options) {
    SweepResult result;
    result.key = spec.key;
    SearchOptions so;
    so.frameworks = options.frameworks;
    so.runnersUp = options.runnersUp;
    so.threads = options.threads;
    so.cancelled = options.cancelled;
    result.frameworks = searchedFrameworks(base, so);
    const std::size_t n = spec.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (options.cancelled && options.cancelled()) {
            result.cancelled = true;
            break;
        }
        SweepScenario at = sweepScenario(base, spec, i, catalog);
        SweepPoint point;
        point.label = at.label;
        point.value = at.value;
        point.errors = std::move(at.errors);
        if (at.scenario) {
            point.gpus = at.scenario->planGpus();
            point.parameters = model::countParameters(at.scenario->model).total;
            if (options.progress) {
                so.progress = [&options, i, n](double f) {
                    options.progress((static_cast<double>(i) + f) / static_cast<double>(n));
                };
            }
            point.search = searchPlans(*at.scenario, so);
            if (point.search.cancelled) {
                result.cancelled = true;
                result.points.push_back(std::move(point));
                break;
            }
        } else if (options.progress) {
            options.progress(static_cast<double>(i + 1) / static_cast<double>(n));
        }
        result.points.push_back(std::move(point));
    }
    if (!result.cancelled && options.progress) options.progress(1.0);
    return result;
}

std::vector<SweepRow> sweepRows(const SweepResult& result) {
    std::vector<SweepRow> rows;
    for (std::size_t i = 0; i < result.points.size(); ++i) {
        const SweepPoint& pt = result.points[i];
        auto base = [&](model::Framework fw) {
            SweepRow r;
            r.point = i;
            r.label = pt.label;
            r.value = pt.value;
            r.gpus = pt.gpus;
            r.parameters = pt.parameters;
            r.framework = fw;
            r.usableBytes = pt.search.usableBytes;
            return r;
        };
        if (!pt.errors.empty()) {
            for (model::Framework fw : result.frameworks) {
                SweepRow r = base(fw);
                r.reasons = pt.errors;
                rows.push_back(std::move(r));
            }
            continue;
        }
        for (const FrameworkResult& fr : pt.search.frameworks) {
            SweepRow r = base(fr.framework);
            r.fits = fr.best.has_value();
            r.estimate = fr.best ? fr.best : fr.closest;
            r.missBytes = fr.missBytes;
            r.evaluatedPlans = fr.evaluatedPlans;
            r.fittingPlans = fr.fittingPlans;
            for (const Message& why : fr.exclusionReasons) // the sweep table's text is English
                r.reasons.push_back(render(why, Lang::En));
            rows.push_back(std::move(r));
        }
    }
    return rows;
}

} // namespace trainplan::sim
