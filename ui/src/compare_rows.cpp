#include <trainplan/ui/compare_rows.h>

#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/framework_verdict.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/view_text.h>

#include <QCoreApplication>

namespace trainplan::ui {

namespace {
QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}
} // namespace

QString CompareRow::label() const {
    if (kind == Kind::Pinned || kind == Kind::InvalidPinned)
        return QCoreApplication::translate("CompareRow", "Pinned %1 · %2")
            .arg(pinnedIndex + 1)
            .arg(frameworkShortName(framework));
    return frameworkName(framework);
}

QString CompareRow::shortLabel() const {
    switch (kind) {
    case Kind::Best:
        return frameworkShortName(framework);
    case Kind::NoFit:
        return QCoreApplication::translate("CompareRow", "%1 (no fit)")
            .arg(frameworkShortName(framework));
    case Kind::Excluded:
        return QCoreApplication::translate("CompareRow", "%1 (none)")
            .arg(frameworkShortName(framework));
    case Kind::Pinned:
    case Kind::InvalidPinned:
        return QCoreApplication::translate("CompareRow", "Pin %1").arg(pinnedIndex + 1);
    }
    return {};
}

CompareOutcome compareOutcome(std::shared_ptr<const services::PlanningResult> planning) {
    CompareOutcome out;
    out.scenario = planning->scenario;
    if (planning->cancelled) {
        out.search.cancelled = true;
    } else {
        out.search = *planning->search;
        out.pinned = planning->pinned;
    }
    out.planning = std::move(planning);
    return out;
}

std::vector<CompareRow> compareRows(const sim::SearchResult& search) {
    std::vector<CompareRow> rows;
    for (const auto& fr : search.frameworks) {
        CompareRow row;
        row.framework = fr.framework;
        row.evaluatedPlans = fr.evaluatedPlans;
        row.fittingPlans = fr.fittingPlans;
        if (fr.best) {
            row.kind = CompareRow::Kind::Best;
            row.estimate = fr.best;
            row.plan = fr.best->plan;
            row.runnersUp = fr.runnersUp;
        } else if (fr.closest) {
            row.kind = CompareRow::Kind::NoFit;
            row.estimate = fr.closest;
            row.plan = fr.closest->plan;
            row.notes << viewText(services::PlanViewText::NothingFitsMissing,
                                  {qArg(formatBytes(fr.missBytes))});
        } else {
            row.kind = CompareRow::Kind::Excluded;
        }
        for (const auto& reason : fr.exclusionReasons)
            row.notes << renderMessage(reason); // in the interface language
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<CompareRow> compareRows(const CompareOutcome& outcome) {
    std::vector<CompareRow> rows = compareRows(outcome.search);
    // The recommendation and the why-not verdicts are the planning result's, which the Roadmap,
    // the report and the presentation read too.
    static const std::vector<sim::FrameworkVerdict> kNone;
    const std::vector<sim::FrameworkVerdict>& verdicts =
        outcome.planning && !outcome.planning->cancelled ? outcome.planning->verdicts : kNone;
    for (CompareRow& row : rows)
        if (const sim::FrameworkVerdict* v = sim::findVerdict(verdicts, row.framework)) {
            row.recommended = v->recommended();
            if (!v->recommended())
                row.verdict = QString::fromStdString(sim::render(*v, advisorLanguage()));
        }
    for (std::size_t i = 0; i < outcome.pinned.size(); ++i) {
        const sim::EstimateResult& r = outcome.pinned[i];
        CompareRow row;
        row.pinnedIndex = static_cast<int>(i);
        row.plan = i < outcome.scenario.plans.size() ? outcome.scenario.plans[i] : r.estimate.plan;
        row.framework = row.plan.framework;
        if (r.valid) {
            row.kind = CompareRow::Kind::Pinned;
            row.estimate = r.estimate;
        } else {
            row.kind = CompareRow::Kind::InvalidPinned;
            for (const auto& e : r.errors)
                row.notes << fromStd(e.text());
        }
        rows.push_back(std::move(row));
    }
    // Checkpoints, failures and goodput of every plan that fits (docs/reliability.md), and the
    // error bar of its family (docs/model.md).
    for (CompareRow& row : rows) {
        if (row.estimate && row.fits())
            row.goodput = sim::estimateGoodput(outcome.scenario, *row.estimate);
        if (row.estimate && !outcome.residuals.empty())
            row.uncertainty =
                sim::uncertaintyFor(outcome.residuals, outcome.scenario, row.estimate->plan);
    }
    return rows;
}

} // namespace trainplan::ui
