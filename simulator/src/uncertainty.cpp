#include <trainplan/simulator/uncertainty.h>

#include <algorithm>
#include <cmath>

namespace trainplan::sim {

namespace {

struct Moments {
    int n = 0;
    double mean = 0, sd = 0;
};

Moments moments(const std::vector<double>& v) {
    Moments m;
    m.n = static_cast<int>(v.size());
    if (m.n == 0) return m;
    for (double x : v)
        m.mean += x;
    m.mean /= m.n;
    double ss = 0;
    for (double x : v)
        ss += (x - m.mean) * (x - m.mean);
    // A floor of 3% keeps a family whose few rows happen to agree from claiming more than the
    // measurements' own run-to-run noise supports.
    m.sd = std::max(0.03, m.n > 1 ? std::sqrt(ss / (m.n - 1)) : 0.0);
    return m;
}

// 80% prediction interval of a log residual with n samples: mean ± z·sd·√(1 + 1/n) (z = 1.2816,
// normal quantile; the √ widens it for the uncertainty of the mean itself).
std::pair<double, double> interval(const Moments& m, double inflate) {
    const double half = 1.2816 * m.sd * inflate * std::sqrt(1.0 + 1.0 / std::max(1, m.n));
    // The truth is predicted / exp(r): a residual above zero means predictions run too fast.
    return {std::exp(-m.mean - half), std::exp(-m.mean + half)};
}

void append(std::vector<double>& to, const std::vector<double>& from) {
    to.insert(to.end(), from.begin(), from.end());
}

} // namespace

const char* toString(EvidenceLevel e) {
    switch (e) {
    case EvidenceLevel::Validated:
        return "validated";
    case EvidenceLevel::PartlyValidated:
        return "partly validated";
    case EvidenceLevel::Extrapolated:
        return "extrapolated";
    }
    return "extrapolated";
}

ResidualTable residualTable(const ValidationReport& report) {
    ResidualTable t;
    for (const ValidationRow& r : report.rows) {
        if (r.predicted <= 0 || r.measured <= 0) continue;
        auto it = std::find_if(t.families.begin(), t.families.end(), [&](const ResidualFamily& f) {
            return f.generation == r.generation && f.framework == r.framework &&
                   f.execution == r.execution;
        });
        if (it == t.families.end()) {
            t.families.push_back({r.generation, r.framework, r.execution, {}, {}});
            it = t.families.end() - 1;
        }
        const double ratio = std::log(r.predicted / r.measured);
        switch (r.metric) {
        case ValidationMetric::StepSeconds:
            it->speedLogErrors.push_back(-ratio); // a step predicted too short is too fast
            break;
        case ValidationMetric::PeakMemoryGiB:
            it->memoryLogErrors.push_back(ratio);
            break;
        default:
            it->speedLogErrors.push_back(ratio);
        }
    }
    return t;
}

Uncertainty uncertaintyFor(const ResidualTable& table, const model::Scenario& s,
                           const model::Plan& plan) {
    const Efficiency eff = resolveEfficiency(s);
    const std::string gen = toString(eff.generation);
    const std::string fw(model::toString(plan.framework));
    const std::string exec(model::toString(executionMode(s, plan)));
    Uncertainty u;
    u.family = gen + " · " + fw + " · " + exec;
    std::vector<double> exact, partial, all, memExact, memAll;
    for (const ResidualFamily& f : table.families) {
        append(all, f.speedLogErrors);
        append(memAll, f.memoryLogErrors);
        const bool sameGen = f.generation == gen;
        if (sameGen && f.framework == fw && f.execution == exec) {
            append(exact, f.speedLogErrors);
            append(memExact, f.memoryLogErrors);
        }
        if (sameGen && (f.framework == fw || f.execution == exec))
            append(partial, f.speedLogErrors);
    }
    constexpr int kEnough = 3;
    Moments speed;
    double inflate = 1.0;
    if (static_cast<int>(exact.size()) >= kEnough) {
        u.evidence = EvidenceLevel::Validated;
        speed = moments(exact);
    } else if (static_cast<int>(partial.size()) >= kEnough) {
        u.evidence = EvidenceLevel::PartlyValidated;
        speed = moments(partial);
        inflate = 1.5;
    } else {
        u.evidence = EvidenceLevel::Extrapolated;
        speed = moments(all);
        inflate = 2.0;
    }
    u.rows = speed.n;
    if (speed.n > 0) std::tie(u.speedLow, u.speedHigh) = interval(speed, inflate);
    const Moments mem = moments(static_cast<int>(memExact.size()) >= kEnough ? memExact : memAll);
    if (mem.n > 0)
        std::tie(u.memoryLow, u.memoryHigh) =
            interval(mem, static_cast<int>(memExact.size()) >= kEnough ? 1.0 : 1.5);
    // For memory the truth is predicted / exp(r) too.
    return u;
}

} // namespace trainplan::sim
