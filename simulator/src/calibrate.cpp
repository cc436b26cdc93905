// Calibration: the measurements of a set of runs turned into the rows of a least-squares fit of
// efficiency parameters, the fit run and judged (uncertainty, correlation, before/after error,
// leave-one-out), and published rows turned into runs. The fit itself is in calibration_fit.cpp,
// the parameters' names and accessors in calibration_parameter.cpp.
#include <trainplan/simulator/calibrate.h>

#include "calibration_fit.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>

#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace trainplan::sim {

using detail::checkIdentifiable;
using detail::FitOutcome;
using detail::Identifiability;
using detail::levenbergMarquardt;
using detail::Problem;
using detail::Row;

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

// %g, or fixed with `decimals` digits.
MessageArg count(double n) {
    return MessageArg::number(ArgKind::Count, n);
}

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
    if (c.skip) return std::nullopt;
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
            result.warnings.push_back(
                {MessageId::CalRunLeftOut,
                 {MessageArg::name(run.label), MessageArg::name(issues.front().text())}});
            continue;
        }
        std::optional<std::pair<ValidationMetric, double>> time;
        for (const auto& [metric, value] : run.measured) {
            if (!(value > 0) || !std::isfinite(value)) {
                result.warnings.push_back(
                    {MessageId::CalRunNotPositive,
                     {MessageArg::name(run.label), MessageArg::name(std::string(toString(metric))),
                      MessageArg::name(std::to_string(value))}});
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
        result.warnings.push_back({MessageId::CalRedundantSpeed, {count(redundant)}});

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
        result.warnings.push_back({MessageId::CalUninformative,
                                   {count(static_cast<double>(rows.size() - fitRows.size()))}});

    const Problem pb(runs, base, params, bounds, fitRows);
    const FitOutcome fit = levenbergMarquardt(pb, x0, options.maxIterations);
    result.iterations = fit.iterations;
    result.converged = fit.converged;
    if (!fit.converged)
        result.warnings.push_back({MessageId::CalNotConverged, {count(fit.iterations)}});
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
            result.warnings.push_back({MessageId::CalAtBound,
                                       {MessageArg::name(std::string(shortName(fp.parameter))),
                                        MessageArg::name(number(fp.bounds.lower)),
                                        MessageArg::name(number(fp.bounds.upper))}});
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
                            {MessageId::CalCorrelated,
                             {MessageArg::name(
                                  std::string(shortName(params[static_cast<std::size_t>(a)]))),
                              MessageArg::name(
                                  std::string(shortName(params[static_cast<std::size_t>(b)]))),
                              MessageArg::name(number(result.correlation(a, b), 3))}});
        } else {
            result.warnings.push_back({MessageId::CalSingular, {}});
        }
    } else if (m == n) {
        result.warnings.push_back({MessageId::CalExact, {}});
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
        if (missing > 0) result.warnings.push_back({MessageId::CalNoLeaveOneOut, {count(missing)}});
    }
    return result;
}

} // namespace trainplan::sim