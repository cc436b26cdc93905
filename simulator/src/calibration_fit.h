#pragma once

// Internal: the least-squares problem calibrate() solves — the measurements it fits, the model's
// predictions of them over the fitted parameters, the identifiability check that refuses fits the
// runs cannot determine, and the Levenberg–Marquardt solver (calibration_fit.cpp).

#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/estimate.h>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace trainplan::sim::detail {

using Eigen::MatrixXd;
using Eigen::VectorXd;

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

struct Identifiability {
    std::string refusal;
    CalibrationRefusal refusalKind = CalibrationRefusal::None;
    std::vector<CalibrationParameter> indistinguishable;
    std::vector<int> informativePerParameter;
    std::vector<bool> informativeRow;
};

// Refuses fits the rows cannot determine: a parameter no row depends on, fewer informative rows
// than parameters, or a Jacobian of deficient rank (names the parameters in its null space).
[[nodiscard]] Identifiability checkIdentifiable(const Problem& pb, const VectorXd& x,
                                                const MatrixXd& Jx, double rankTolerance);

struct FitOutcome {
    VectorXd x;
    double cost = 0;
    int iterations = 0;
    bool converged = false;
};

// The least-squares solution from x0, within the bounds (calibration_fit.cpp).
[[nodiscard]] FitOutcome levenbergMarquardt(const Problem& pb, const VectorXd& x0,
                                            int maxIterations);

} // namespace trainplan::sim::detail
