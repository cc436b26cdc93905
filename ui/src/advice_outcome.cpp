#include <trainplan/ui/advice_outcome.h>

#include <trainplan/simulator/search.h>

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <set>

namespace trainplan::ui {

std::vector<int> curveRungs(const sim::ModelLadder& ladder, double lowParameters,
                            double highParameters, int count) {
    std::set<int> picked;
    const int n = static_cast<int>(ladder.parameters.size());
    if (n == 0 || count < 1) return {};
    if (ladder.baseIndex >= 0) picked.insert(ladder.baseIndex);
    const double lo = std::log(std::max(lowParameters, ladder.parameters.front()));
    const double hi = std::log(std::min(highParameters, ladder.parameters.back()));
    for (int k = 0; k < count; ++k) {
        const double target = count == 1 ? lo : lo + (hi - lo) * k / (count - 1);
        // The rung nearest in log(parameters).
        int best = 0;
        double bestDistance = 1e300;
        for (int i = 0; i < n; ++i) {
            const double d =
                std::abs(std::log(ladder.parameters[static_cast<std::size_t>(i)]) - target);
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        picked.insert(best);
    }
    return {picked.begin(), picked.end()};
}

AdviceOutcome computeAdvice(const model::Scenario& s, const model::Catalog& catalog,
                            services::Planner& planner, const JobControl& control,
                            int curvePoints) {
    QElapsedTimer timer;
    timer.start();
    AdviceOutcome out;
    // The advice of the planning result Compare and the report read (one search, its break
    // points kept while only the readiness profile changes).
    services::PlanningOptions options;
    options.advice = true;
    options.catalog = &catalog;
    options.cancelled = [control] { return control.isCancelled(); };
    const std::shared_ptr<const services::PlanningResult> planned = planner.plan(s, options);
    out.parameters = model::countParameters(s.model).total;
    if (planned->cancelled || control.isCancelled()) {
        out.error = QStringLiteral("cancelled");
        return out;
    }
    out.advice = planned->advice;
    if (curvePoints > 0) {
        control.setProgress(0.6);
        out.modelCurve =
            computeModelCurve(curveRequest(s, *out.advice, curvePoints), planner, control, 0.6);
    }
    out.seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    return out;
}

CurveRequest curveRequest(const model::Scenario& s, const sim::Advice& advice, int curvePoints) {
    CurveRequest r;
    r.scenario = services::searchView(s);
    r.points = curvePoints;
    const double parameters = model::countParameters(s.model).total;
    // Span the model-size break points (and the scenario's model) with some margin on each side.
    r.lowParameters = parameters / 4;
    r.highParameters = parameters * 4;
    for (const auto& b : advice.breakPoints.modelSize) {
        if (b.largestParameters > 0) {
            r.lowParameters = std::min(r.lowParameters, b.largestParameters / 2);
            r.highParameters = std::max(r.highParameters, b.largestParameters * 2);
        }
        if (b.nextParameters > 0) {
            r.lowParameters = std::min(r.lowParameters, b.nextParameters / 2);
            r.highParameters = std::max(r.highParameters, b.nextParameters * 2);
        }
    }
    return r;
}

Sweep computeModelCurve(const CurveRequest& request, services::Planner& planner,
                        const JobControl& control, double progressFrom) {
    const model::Scenario& s = request.scenario;
    Sweep curve;
    const double parameters = model::countParameters(s.model).total;
    const sim::ModelLadder ladder = sim::modelLadder(s.model);
    const std::vector<int> rungs =
        curveRungs(ladder, request.lowParameters, request.highParameters, request.points);
    const std::vector<model::Framework> frameworks = sim::searchedFrameworks(s);
    services::PlanningOptions options;
    options.cancelled = [control] { return control.isCancelled(); };
    curve.currentX = parameters;
    for (auto f : frameworks)
        curve.series.push_back({f, {}});
    for (std::size_t k = 0; k < rungs.size(); ++k) {
        if (control.isCancelled()) {
            curve.cancelled = true;
            break;
        }
        const auto rung = static_cast<std::size_t>(rungs[k]);
        model::Scenario scaled = s;
        scaled.model = ladder.models[rung];
        scaled.modelRef.clear();
        // Through the planner: a readiness tick or a return to this scenario finds them kept.
        const std::shared_ptr<const sim::SearchResult> result =
            planner.search(scaled, frameworks, options);
        if (!result) {
            curve.cancelled = true;
            break;
        }
        for (auto& series : curve.series) {
            SweepPoint point{ladder.parameters[rung], std::nullopt};
            for (const auto& fr : result->frameworks)
                if (fr.framework == series.framework) point.best = fr.best;
            series.points.push_back(std::move(point));
        }
        control.setProgress(progressFrom + (1 - progressFrom) * static_cast<double>(k + 1) /
                                               static_cast<double>(rungs.size()));
    }
    return curve;
}

} // namespace trainplan::ui
