#include <trainplan/simulator/calibrate.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/flops.h>

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace trainplan::sim {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using Eigen::MatrixXd;
using Eigen::VectorXd;

std::size_t indexOf(CalibrationParameter p) {
    return static_cast<std::size_t>(p);
}

bool timeLike(ValidationMetric m) {
    return m != ValidationMetric::PeakMemoryGiB;
}

// Which measurement of a run stands for its speed: they all measure 1/step (or step) once the
// model's FLOPs are known, so fitting more than one would count the same evidence twice.
int timePreference(ValidationMetric m) {
    switch (m) {
    case ValidationMetric::StepSeconds:
        return 0;
    case ValidationMetric::TokensPerSecondPerGpu:
        return 1;
    case ValidationMetric::MfuPercent:
        return 2;
    case ValidationMetric::NarayananTflopsPerGpu:
        return 3;
    case ValidationMetric::PeakMemoryGiB:
        return 9;
    }
    return 9;
}

// One measurement in the least-squares problem.
struct Row {
    std::size_t run = 0;
    ValidationMetric metric = ValidationMetric::StepSeconds;
    double measured = 0;
};

// The fit over a set of rows. Parameters live in x (their own units, within bounds) and in an
// unbounded u, where the Levenberg–Marquardt steps are taken: x = lower + (upper − lower)·(1 + sin
// u)/2, the bounded-parameter transformation of MINUIT (James & Roos 1975; MINUIT User's Guide
// §1.3). Unlike a logistic map it does not flatten out towards a bound, so a step that overshoots
// can come back.
class Problem {
public:
    Problem(const std::vector<CalibrationRun>& runs, const std::vector<Efficiency>& base,
            std::vector<CalibrationParameter> params, std::vector<ParameterBounds> bounds,
            std::vector<Row> rows)
        : m_runs(runs)
        , m_base(base)
        , m_params(std::move(params))
        , m_bounds(std::move(bounds))
        , m_rows(std::move(rows)) {}

    [[nodiscard]] int size() const { return static_cast<int>(m_params.size()); }
    [[nodiscard]] int rows() const { return static_cast<int>(m_rows.size()); }
    [[nodiscard]] const std::vector<Row>& rowList() const { return m_rows; }

    [[nodiscard]] Efficiency efficiency(std::size_t run, const VectorXd& x) const {
        Efficiency e = m_base[run];
        for (int j = 0; j < size(); ++j)
            set(e, m_params[static_cast<std::size_t>(j)], x[j]);
        return e;
    }

    // Predictions of the rows at x (one evaluatePlan per run).
    [[nodiscard]] VectorXd predict(const VectorXd& x) const {
        VectorXd out(rows());
        std::size_t cachedRun = std::numeric_limits<std::size_t>::max();
        PlanEstimate est;
        for (int i = 0; i < rows(); ++i) {
            const Row& row = m_rows[static_cast<std::size_t>(i)];
            if (row.run != cachedRun) {
                const CalibrationRun& run = m_runs[row.run];
                const PlanContext ctx = makeContext(run.scenario, efficiency(row.run, x));
                est = evaluatePlan(ctx, run.plan);
                cachedRun = row.run;
            }
            out[i] = predictedMetric(est, m_runs[row.run].scenario, row.metric);
        }
        return out;
    }

    // Relative residuals (predicted − measured) / measured.
    [[nodiscard]] VectorXd residuals(const VectorXd& x) const {
        VectorXd r = predict(x);
        for (int i = 0; i < rows(); ++i) {
            const double m = m_rows[static_cast<std::size_t>(i)].measured;
            r[i] = (r[i] - m) / m;
        }
        return r;
    }

    [[nodiscard]] VectorXd toX(const VectorXd& u) const {
        VectorXd x(size());
        for (int j = 0; j < size(); ++j) {
            const ParameterBounds& b = m_bounds[static_cast<std::size_t>(j)];
            x[j] = b.lower + (b.upper - b.lower) * 0.5 * (1.0 + std::sin(u[j]));
        }
        return x;
    }

    [[nodiscard]] VectorXd toU(const VectorXd& x) const {
        VectorXd u(size());
        for (int j = 0; j < size(); ++j) {
            const ParameterBounds& b = m_bounds[static_cast<std::size_t>(j)];
            const double f = std::clamp((x[j] - b.lower) / (b.upper - b.lower), 0.0, 1.0);
            u[j] = std::asin(2.0 * f - 1.0);
        }
        return u;
    }

    // ∂r/∂u by central differences.
    [[nodiscard]] MatrixXd jacobianU(const VectorXd& u) const {
        constexpr double h = 1e-4;
        MatrixXd J(rows(), size());
        for (int j = 0; j < size(); ++j) {
            VectorXd up = u, dn = u;
            up[j] += h;
            dn[j] -= h;
            J.col(j) = (residuals(toX(up)) - residuals(toX(dn))) / (2.0 * h);
        }
        return J;
    }

    // ∂r/∂x by central differences, one-sided at a bound.
    [[nodiscard]] MatrixXd jacobianX(const VectorXd& x) const {
        MatrixXd J(rows(), size());
        const VectorXd r0 = residuals(x);
        for (int j = 0; j < size(); ++j) {
            const ParameterBounds& b = m_bounds[static_cast<std::size_t>(j)];
            const double h = 1e-4 * std::max(std::fabs(x[j]), 0.01 * (b.upper - b.lower));
            const double hi = std::min(x[j] + h, b.upper);
            const double lo = std::max(x[j] - h, b.lower);
            VectorXd xp = x, xm = x;
            xp[j] = hi;
            xm[j] = lo;
            if (hi - x[j] > 0 && x[j] - lo > 0)
                J.col(j) = (residuals(xp) - residuals(xm)) / (hi - lo);
            else if (hi - x[j] > 0)
                J.col(j) = (residuals(xp) - r0) / (hi - x[j]);
            else
                J.col(j) = (r0 - residuals(xm)) / (x[j] - lo);
        }
        return J;
    }

    [[nodiscard]] const std::vector<CalibrationParameter>& params() const { return m_params; }
    [[nodiscard]] const std::vector<ParameterBounds>& bounds() const { return m_bounds; }

private:
    const std::vector<CalibrationRun>& m_runs;
    const std::vector<Efficiency>& m_base;
    std::vector<CalibrationParameter> m_params;
    std::vector<ParameterBounds> m_bounds;
    std::vector<Row> m_rows;
};

std::string joinNames(const std::vector<CalibrationParameter>& ps) {
    std::string out;
    for (std::size_t i = 0; i < ps.size(); ++i) {
        if (i > 0) out += i + 1 == ps.size() ? " and " : ", ";
        out += shortName(ps[i]);
    }
    return out;
}

std::string whyUninformative(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return "no run's time depends on compute";
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return "no run has exposed communication inside a node (or every run's is hidden behind "
               "compute)";
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return "no run has exposed communication between nodes (single-node runs, or communication "
               "hidden behind "
               "compute)";
    case CalibrationParameter::LatencyScale:
        return "no run's time depends on link latency";
    case CalibrationParameter::MemoryOverheadFraction:
        return "no run measured peak memory";
    }
    return "";
}

// A row informs a parameter when a 1% change of the parameter moves its prediction measurably.
constexpr double kInformativeSensitivity = 1e-7;

struct Identifiability {
    std::string refusal;
    CalibrationRefusal refusalKind = CalibrationRefusal::None;
    std::vector<CalibrationParameter> indistinguishable;
    std::vector<int> informativePerParameter;
    std::vector<bool> informativeRow;
};

// Refuses fits the rows cannot determine: a parameter no row depends on, fewer informative rows
// than parameters, or a Jacobian of deficient rank (names the parameters in its null space).
Identifiability checkIdentifiable(const Problem& pb, const VectorXd& x, const MatrixXd& Jx,
                                  double rankTolerance) {
    Identifiability id;
    const int n = pb.size();
    const int m = pb.rows();
    MatrixXd S = Jx; // ∂r/∂ln x: dimensionless sensitivities
    for (int j = 0; j < n; ++j)
        S.col(j) *= std::max(std::fabs(x[j]), 1e-3);
    id.informativePerParameter.assign(static_cast<std::size_t>(n), 0);
    id.informativeRow.assign(static_cast<std::size_t>(m), false);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j)
            if (std::fabs(S(i, j)) > kInformativeSensitivity) {
                id.informativeRow[static_cast<std::size_t>(i)] = true;
                ++id.informativePerParameter[static_cast<std::size_t>(j)];
            }
    std::vector<CalibrationParameter> dead;
    std::string reasons;
    for (int j = 0; j < n; ++j)
        if (id.informativePerParameter[static_cast<std::size_t>(j)] == 0) {
            const CalibrationParameter p = pb.params()[static_cast<std::size_t>(j)];
            dead.push_back(p);
            reasons += std::string(reasons.empty() ? "" : "; ") + std::string(shortName(p)) + ": " +
                       whyUninformative(p);
        }
    if (!dead.empty()) {
        id.indistinguishable = dead;
        id.refusalKind = CalibrationRefusal::Undetermined;
        id.refusal = "the runs cannot determine " + joinNames(dead) + " (" + reasons +
                     "); leave it out of --fit or add runs that depend on it";
        return id;
    }
    const int informative =
        static_cast<int>(std::count(id.informativeRow.begin(), id.informativeRow.end(), true));
    if (informative < n) {
        id.indistinguishable = pb.params();
        id.refusalKind = CalibrationRefusal::Underdetermined;
        id.refusal = "underdetermined: " + std::to_string(n) + " parameters (" +
                     joinNames(pb.params()) + ") but only " + std::to_string(informative) +
                     " informative measurement" + (informative == 1 ? "" : "s") +
                     "; fit fewer parameters or add runs";
        return id;
    }
    MatrixXd N = S;
    for (int j = 0; j < n; ++j)
        N.col(j) /= N.col(j).norm();
    const Eigen::JacobiSVD<MatrixXd> svd(N, Eigen::ComputeFullV);
    const VectorXd& sv = svd.singularValues();
    if (sv[n - 1] < rankTolerance * sv[0]) {
        const VectorXd v = svd.matrixV().col(n - 1);
        std::vector<CalibrationParameter> tied;
        std::string direction;
        for (int j = 0; j < n; ++j)
            if (std::fabs(v[j]) > 0.1) {
                tied.push_back(pb.params()[static_cast<std::size_t>(j)]);
                char buf[64];
                std::snprintf(
                    buf, sizeof buf, "%s%.2f·%s",
                    direction.empty() ? "" : (v[j] < 0 ? " − " : " + "),
                    direction.empty() ? v[j] : std::fabs(v[j]),
                    std::string(shortName(pb.params()[static_cast<std::size_t>(j)])).c_str());
                direction += buf;
            }
        id.indistinguishable = tied;
        id.refusalKind = CalibrationRefusal::Indistinguishable;
        id.refusal = "the runs cannot tell " + joinNames(tied) +
                     " apart: changing them together along (" + direction +
                     ") leaves every prediction unchanged (rank-deficient Jacobian); fit fewer "
                     "parameters or add runs "
                     "that stress them differently (other layouts, node counts or model sizes)";
    }
    return id;
}

struct FitOutcome {
    VectorXd x;
    double cost = 0;
    int iterations = 0;
    bool converged = false;
};

// Levenberg–Marquardt with Marquardt's diagonal scaling (Marquardt 1963; Nielsen's damping update).
FitOutcome levenbergMarquardt(const Problem& pb, const VectorXd& x0, int maxIterations) {
    VectorXd u = pb.toU(x0);
    VectorXd r = pb.residuals(pb.toX(u));
    double cost = r.squaredNorm();
    double lambda = 1e-3;
    FitOutcome out;
    for (int it = 0; it < maxIterations; ++it) {
        out.iterations = it + 1;
        const MatrixXd J = pb.jacobianU(u);
        const MatrixXd A = J.transpose() * J;
        const VectorXd g = J.transpose() * r;
        if (g.lpNorm<Eigen::Infinity>() < 1e-14) {
            out.converged = true;
            break;
        }
        VectorXd d = A.diagonal().cwiseMax(1e-12 * std::max(1e-300, A.diagonal().maxCoeff()));
        bool accepted = false;
        double newCost = cost;
        VectorXd step;
        while (lambda < 1e12) {
            MatrixXd M = A;
            M.diagonal() += lambda * d;
            step = M.ldlt().solve(-g);
            // At most a quarter turn per iteration: the sine is periodic, larger steps alias.
            const double longest = step.lpNorm<Eigen::Infinity>();
            if (longest > 1.5) step *= 1.5 / longest;
            const VectorXd uNew = u + step;
            const VectorXd rNew = pb.residuals(pb.toX(uNew));
            newCost = rNew.squaredNorm();
            if (std::isfinite(newCost) && newCost < cost) {
                step = uNew - u;
                u = uNew;
                r = rNew;
                lambda = std::max(lambda / 3.0, 1e-12);
                accepted = true;
                break;
            }
            lambda *= 4.0;
        }
        if (!accepted) {
            out.converged = true; // no downhill step left: a (local) minimum
            break;
        }
        const double drop = cost - newCost;
        cost = newCost;
        if (drop <= 1e-12 * cost + 1e-24 || step.norm() <= 1e-9 * (u.norm() + 1e-9)) {
            out.converged = true;
            break;
        }
    }
    out.x = pb.toX(u);
    out.cost = cost;
    return out;
}

// %g, or fixed with `decimals` digits.
std::string number(double v, int decimals = -1) {
    char buf[32];
    if (decimals < 0)
        std::snprintf(buf, sizeof buf, "%g", v);
    else
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

ErrorSummary summarize(const std::vector<double>& errors) {
    ErrorSummary s;
    double sq = 0;
    for (double e : errors) {
        if (!std::isfinite(e)) continue;
        ++s.count;
        s.meanAbs += std::fabs(e);
        sq += e * e;
        s.maxAbs = std::max(s.maxAbs, std::fabs(e));
    }
    if (s.count > 0) {
        s.meanAbs /= s.count;
        s.rms = std::sqrt(sq / s.count);
    }
    return s;
}

} // namespace

std::string_view shortName(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return "gemm";
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return "intra_bw";
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return "inter_bw";
    case CalibrationParameter::LatencyScale:
        return "latency";
    case CalibrationParameter::MemoryOverheadFraction:
        return "mem_overhead";
    }
    return "";
}

std::string_view efficiencyKey(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return "gemm_efficiency";
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return "intra_node_bandwidth_efficiency";
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return "inter_node_bandwidth_efficiency";
    case CalibrationParameter::LatencyScale:
        return "latency_scale";
    case CalibrationParameter::MemoryOverheadFraction:
        return "memory_overhead_fraction";
    }
    return "";
}

std::optional<CalibrationParameter> calibrationParameterFromString(std::string_view s) {
    for (CalibrationParameter p : kAllCalibrationParameters)
        if (s == shortName(p) || s == efficiencyKey(p)) return p;
    return std::nullopt;
}

double get(const Efficiency& e, CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return e.gemmEfficiency;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return e.intraNodeBandwidthEfficiency;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return e.interNodeBandwidthEfficiency;
    case CalibrationParameter::LatencyScale:
        return e.latencyScale;
    case CalibrationParameter::MemoryOverheadFraction:
        return e.memoryOverheadFraction;
    }
    return 0.0;
}

void set(Efficiency& e, CalibrationParameter p, double value) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        // fp8 GEMMs keep the generation's fp8/bf16 ratio (resolveEfficiency), so they move too.
        if (e.gemmEfficiency > 0) e.fp8GemmEfficiency *= value / e.gemmEfficiency;
        e.gemmEfficiency = value;
        break;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        e.intraNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        e.interNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::LatencyScale:
        e.latencyScale = value;
        break;
    case CalibrationParameter::MemoryOverheadFraction:
        e.memoryOverheadFraction = value;
        break;
    }
}

void set(model::EfficiencySpec& e, CalibrationParameter p, double value) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        e.gemmEfficiency = value;
        break;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        e.intraNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        e.interNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::LatencyScale:
        e.latencyScale = value;
        break;
    case CalibrationParameter::MemoryOverheadFraction:
        e.memoryOverheadFraction = value;
        break;
    }
}

ParameterBounds defaultBounds(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return {0.2, 1.0};
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return {0.05, 1.0};
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return {0.05, 1.0};
    case CalibrationParameter::LatencyScale:
        return {0.05, 50.0};
    case CalibrationParameter::MemoryOverheadFraction:
        return {0.0, 0.6};
    }
    return {0.0, 1.0};
}

std::optional<double> CalibrationResidual::errorLeaveOneOut() const {
    if (!leaveOneOut) return std::nullopt;
    return (*leaveOneOut - measured) / measured;
}

model::EfficiencySpec CalibrationResult::efficiencySpec() const {
    model::EfficiencySpec spec;
    for (const FittedParameter& p : parameters)
        set(spec, p.parameter, p.value);
    return spec;
}

Efficiency runEfficiency(const model::Scenario& scenario) {
    return resolveEfficiency(scenario);
}

double predictMetric(const CalibrationRun& run, const Efficiency& eff, ValidationMetric metric) {
    const PlanContext ctx = makeContext(run.scenario, eff);
    return predictedMetric(evaluatePlan(ctx, run.plan), run.scenario, metric);
}

std::optional<CalibrationRun> calibrationRun(const ReferenceCase& c) {
    if (!c.skipReason.empty()) return std::nullopt;
    const std::optional<PlanEstimate> best = bestReferencePlan(c);
    if (!best) return std::nullopt;
    CalibrationRun run;
    run.label = c.label + " (line " + std::to_string(c.line) + ")";
    run.modelName = c.modelName;
    run.gpus = c.gpus;
    run.referenceLine = c.line;
    run.scenario = c.scenario;
    run.plan = best->plan;
    run.measured = c.measured;
    return run;
}

CalibrationResult calibrate(const std::vector<CalibrationRun>& runs,
                            const CalibrationOptions& options) {
    CalibrationResult result;
    std::vector<CalibrationParameter> params;
    for (CalibrationParameter p : options.parameters)
        if (std::find(params.begin(), params.end(), p) == params.end()) params.push_back(p);
    std::vector<ParameterBounds> bounds;
    for (CalibrationParameter p : params)
        bounds.push_back(options.bounds[indexOf(p)]);

    // Per-run efficiency before calibration, and the rows to fit.
    std::vector<Efficiency> base;
    base.reserve(runs.size());
    for (const CalibrationRun& run : runs)
        base.push_back(runEfficiency(run.scenario));
    std::vector<Row> rows;
    int redundant = 0;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const CalibrationRun& run = runs[k];
        const auto issues = model::validatePlan(run.scenario, run.plan, "plan");
        if (!issues.empty()) {
            result.warnings.push_back("run '" + run.label + "' left out: " + issues.front().text());
            continue;
        }
        std::optional<std::pair<ValidationMetric, double>> time;
        for (const auto& [metric, value] : run.measured) {
            if (!(value > 0) || !std::isfinite(value)) {
                result.warnings.push_back("run '" + run.label + "': " + toString(metric) + " " +
                                          std::to_string(value) +
                                          " is not a positive number; left out");
                continue;
            }
            if (timeLike(metric)) {
                if (time) ++redundant;
                if (!time || timePreference(metric) < timePreference(time->first))
                    time = std::make_pair(metric, value);
            } else if (options.useMemory) {
                rows.push_back({k, metric, value});
            }
        }
        if (time) rows.push_back({k, time->first, time->second});
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return a.run < b.run; });
    if (redundant > 0)
        result.warnings.push_back(
            std::to_string(redundant) +
            " redundant speed measurement(s) not fitted: a run's step time, tokens/s, MFU and "
            "TFLOP/s measure the same quantity, so one per run is used (step time first)");

    // Before: every row with the runs' own efficiency.
    for (const Row& row : rows) {
        CalibrationResidual res;
        res.run = row.run;
        res.label = runs[row.run].label;
        res.modelName = runs[row.run].modelName;
        res.gpus = runs[row.run].gpus;
        res.referenceLine = runs[row.run].referenceLine;
        res.metric = row.metric;
        res.measured = row.measured;
        res.before = predictMetric(runs[row.run], base[row.run], row.metric);
        result.residuals.push_back(res);
    }
    std::vector<double> errs;
    for (const auto& r : result.residuals)
        errs.push_back(r.errorBefore());
    result.before = summarize(errs);

    if (params.empty()) {
        result.refusalKind = CalibrationRefusal::NothingToFit;
        result.refusal = "nothing to fit: choose parameters with --fit (gemm, intra_bw, inter_bw, "
                         "latency, mem_overhead)";
        return result;
    }
    if (rows.empty()) {
        result.refusalKind = CalibrationRefusal::NoMeasurements;
        result.refusal = "no usable measurements: every run lacks a positive step time, throughput "
                         "or peak memory";
        return result;
    }
    for (std::size_t j = 0; j < params.size(); ++j)
        if (!(bounds[j].lower < bounds[j].upper)) {
            result.refusalKind = CalibrationRefusal::EmptyBounds;
            result.refusal = "bounds of " + std::string(shortName(params[j])) + " are empty";
            return result;
        }

    VectorXd x0(static_cast<int>(params.size()));
    for (std::size_t j = 0; j < params.size(); ++j) {
        double start = 0;
        if (options.start) {
            start = get(*options.start, params[j]);
        } else {
            for (const Efficiency& e : base)
                start += get(e, params[j]);
            start /= static_cast<double>(base.size());
        }
        const ParameterBounds& b = bounds[j];
        // Start inside the bounds, off the edge so the logistic map has slope.
        const double margin = 1e-3 * (b.upper - b.lower);
        x0[static_cast<int>(j)] = std::clamp(start, b.lower + margin, b.upper - margin);
    }

    // Keep only rows that some fitted parameter moves; the others stay in the table but do not
    // count.
    const Problem all(runs, base, params, bounds, rows);
    const Identifiability id = checkIdentifiable(all, x0, all.jacobianX(x0), options.rankTolerance);
    std::vector<Row> fitRows;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (id.informativeRow[i]) {
            fitRows.push_back(rows[i]);
            result.residuals[i].fitted = true;
        }
    if (!id.refusal.empty()) {
        result.refusal = id.refusal;
        result.refusalKind = id.refusalKind;
        result.indistinguishable = id.indistinguishable;
        return result;
    }
    if (fitRows.size() < rows.size())
        result.warnings.push_back(
            std::to_string(rows.size() - fitRows.size()) +
            " measurement(s) depend on none of the fitted parameters and were not fitted");

    const Problem pb(runs, base, params, bounds, fitRows);
    const FitOutcome fit = levenbergMarquardt(pb, x0, options.maxIterations);
    result.iterations = fit.iterations;
    result.converged = fit.converged;
    if (!fit.converged)
        result.warnings.push_back("the fit stopped after " + std::to_string(fit.iterations) +
                                  " iterations without converging");
    const int m = pb.rows();
    const int n = pb.size();
    result.degreesOfFreedom = m - n;
    result.residualSigma = m > n ? std::sqrt(fit.cost / (m - n)) : kNaN;

    // Uncertainty from the Jacobian in the parameters' own units at the solution; parameters at a
    // bound are held fixed (their sigma is not defined).
    const MatrixXd Jx = pb.jacobianX(fit.x);
    std::vector<int> freeIdx;
    for (int j = 0; j < n; ++j) {
        FittedParameter fp;
        fp.parameter = params[static_cast<std::size_t>(j)];
        fp.start = x0[j];
        fp.value = fit.x[j];
        fp.bounds = bounds[static_cast<std::size_t>(j)];
        fp.informativeMeasurements = id.informativePerParameter[static_cast<std::size_t>(j)];
        const double tol = 1e-3 * (fp.bounds.upper - fp.bounds.lower);
        fp.atBound = fp.value - fp.bounds.lower < tol || fp.bounds.upper - fp.value < tol;
        fp.sigma = kNaN;
        if (!fp.atBound)
            freeIdx.push_back(j);
        else
            result.warnings.push_back(
                std::string(shortName(fp.parameter)) + " ended at its bound [" +
                number(fp.bounds.lower) + ", " + number(fp.bounds.upper) +
                "]: the runs want a value outside the plausible range, so the model misses "
                "something they measure");
        result.parameters.push_back(fp);
    }
    result.correlation = MatrixXd::Constant(n, n, kNaN);
    if (m > n && !freeIdx.empty()) {
        const int f = static_cast<int>(freeIdx.size());
        MatrixXd Jf(m, f);
        for (int c = 0; c < f; ++c)
            Jf.col(c) = Jx.col(freeIdx[static_cast<std::size_t>(c)]);
        const MatrixXd JtJ = Jf.transpose() * Jf;
        const Eigen::FullPivLU<MatrixXd> lu(JtJ);
        if (lu.isInvertible()) {
            const MatrixXd cov = lu.inverse() * (fit.cost / (m - n));
            for (int a = 0; a < f; ++a) {
                const int ja = freeIdx[static_cast<std::size_t>(a)];
                result.parameters[static_cast<std::size_t>(ja)].sigma =
                    std::sqrt(std::max(0.0, cov(a, a)));
                for (int b = 0; b < f; ++b) {
                    const int jb = freeIdx[static_cast<std::size_t>(b)];
                    result.correlation(ja, jb) = cov(a, b) / std::sqrt(cov(a, a) * cov(b, b));
                }
            }
            for (int a = 0; a < n; ++a)
                for (int b = a + 1; b < n; ++b)
                    if (std::fabs(result.correlation(a, b)) > 0.95)
                        result.warnings.push_back(
                            std::string(shortName(params[static_cast<std::size_t>(a)])) + " and " +
                            std::string(shortName(params[static_cast<std::size_t>(b)])) +
                            " are strongly correlated (" + number(result.correlation(a, b), 3) +
                            "): the runs barely tell them apart; their sum or ratio is better "
                            "known than either");
        } else {
            result.warnings.push_back(
                "the Jacobian at the solution is singular: uncertainties are not available");
        }
    } else if (m == n) {
        result.warnings.push_back(
            "as many measurements as parameters: the fit is exact, so uncertainty and "
            "leave-one-out error need more runs");
    }

    // After: every row (fitted or not) with the fitted values.
    for (CalibrationResidual& res : result.residuals) {
        Efficiency e = base[res.run];
        for (int j = 0; j < n; ++j)
            set(e, params[static_cast<std::size_t>(j)], fit.x[j]);
        res.after = predictMetric(runs[res.run], e, res.metric);
    }
    errs.clear();
    for (const auto& r : result.residuals)
        errs.push_back(r.errorAfter());
    result.after = summarize(errs);
    // A fit that does not lower the error on its own runs is no improvement: refuse to offer it.
    // (One parameter across runs of different GPU generations or stacks can do this: the per-
    // generation tables already differ, and a shared absolute value undoes them.)
    if (result.after.meanAbs > result.before.meanAbs + 1e-9) {
        result.refusalKind = CalibrationRefusal::RaisesError;
        result.refusal = "the fit raises the mean |error| on its own runs from " +
                         number(100.0 * result.before.meanAbs, 1) + "% to " +
                         number(100.0 * result.after.meanAbs, 1) +
                         "%: not offered; fit the runs of one cluster (one GPU generation and "
                         "software stack) at a time";
        return result;
    }

    // Leave-one-out: refit without each run's measurements, predict them.
    if (options.leaveOneOut) {
        std::vector<std::size_t> fitRuns;
        for (const Row& r : fitRows)
            if (fitRuns.empty() || fitRuns.back() != r.run) fitRuns.push_back(r.run);
        for (std::size_t k : fitRuns) {
            std::vector<Row> rest;
            for (const Row& r : fitRows)
                if (r.run != k) rest.push_back(r);
            const Problem sub(runs, base, params, bounds, rest);
            if (sub.rows() < n) continue;
            const Identifiability subId =
                checkIdentifiable(sub, fit.x, sub.jacobianX(fit.x), options.rankTolerance);
            if (!subId.refusal.empty()) continue;
            const FitOutcome loo = levenbergMarquardt(sub, fit.x, options.maxIterations);
            for (CalibrationResidual& res : result.residuals) {
                if (res.run != k) continue;
                Efficiency e = base[k];
                for (int j = 0; j < n; ++j)
                    set(e, params[static_cast<std::size_t>(j)], loo.x[j]);
                res.leaveOneOut = predictMetric(runs[k], e, res.metric);
            }
        }
        errs.clear();
        for (const auto& r : result.residuals)
            if (auto e = r.errorLeaveOneOut()) errs.push_back(*e);
        result.leaveOneOut = summarize(errs);
        const auto missing = static_cast<int>(
            std::count_if(result.residuals.begin(), result.residuals.end(),
                          [](const auto& r) { return r.fitted && !r.leaveOneOut; }));
        if (missing > 0)
            result.warnings.push_back(
                std::to_string(missing) +
                " measurement(s) have no leave-one-out prediction: without their run the "
                "remaining runs cannot determine the parameters");
    }
    return result;
}

} // namespace trainplan::sim
