// The calibration fit itself: which fitted parameters the runs can determine (refusing the rest
// with the reason) and the bounded Levenberg–Marquardt solve (split out of calibrate.cpp, which
// assembles the measurements and reports the result).
#include "calibration_fit.h"

#include <Eigen/Cholesky>
#include <Eigen/SVD>

#include <cstdio>

namespace trainplan::sim::detail {

namespace {

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

} // namespace

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

} // namespace trainplan::sim::detail
