// The report's sizing section (issue 20 item 4): the answer of `trainplan-cli size` for the
// scenario's deadline and budget, with the prices it used.
#include "report_sizing.h"

#include "report_section_builder.h"

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

namespace trainplan::report::detail {

sim::SizingTextOptions sizingText(const ReportData& d, sim::Lang lang) {
    sim::SizingTextOptions o;
    o.lang = lang;
    o.cny = d.scenario.constraints.budget &&
            d.scenario.constraints.budgetCurrency == model::Currency::Cny;
    o.cnyPerUsd = d.cnyPerUsd;
    return o;
}

QString chosenLine(const sim::ChosenCluster& c, const sim::SizingTextOptions& o) {
    return qs(
        sim::chosenClusterText(c, frameworkShortName(c.best.plan.framework).toStdString(), o));
}

Section sizingSection(const ReportData& d, sim::Lang lang) {
    Section s;
    s.id = QStringLiteral("sizing");
    s.title = tr(Text::SecSizing, lang);
    const sim::SizingResult& r = *d.sizing;
    const sim::SizingTextOptions o = sizingText(d, lang);
    const auto& k = r.constraints;
    s.blocks.push_back(
        paragraphBlock(tr(Text::SizingIntro, lang)
                           .arg(qs(sim::groupedCount(d.sizingMaxGpus)),
                                k.deadlineSeconds ? qs(sim::formatDays(*k.deadlineSeconds, o))
                                                  : tr(Text::SizingNoDeadline, lang),
                                k.budgetUsd ? qs(sim::formatMoney(*k.budgetUsd, o))
                                            : tr(Text::SizingNoBudget, lang))));
    if (r.front.empty()) {
        s.blocks.push_back(calloutBlock(tr(Text::SizingNothing, lang), qs(sim::bindingText(r, o))));
    } else {
        if (r.cheapestMeetingDeadline)
            s.blocks.push_back(calloutBlock(tr(Text::SizingCheapest, lang),
                                            chosenLine(*r.cheapestMeetingDeadline, o)));
        if (r.fastestWithinBudget)
            s.blocks.push_back(
                calloutBlock(tr(Text::SizingFastest, lang), chosenLine(*r.fastestWithinBudget, o)));
        s.blocks.push_back(subheadingBlock(tr(Text::SizingFront, lang)));
        Table t;
        t.header = {tr(Text::ColCluster, lang),      tr(Text::ColGpuCount, lang),
                    tr(Text::ColFramework, lang),    tr(Text::ColPlan, lang),
                    tr(Text::ColExpectedTime, lang), tr(Text::ColCost, lang),
                    tr(Text::ColWhy, lang)};
        t.numericColumns = {1, 4, 5};
        for (const sim::FrontPoint& p : r.front)
            t.rows.push_back(
                {qs(p.config.clusterLabel()), fmtCount(static_cast<double>(p.config.gpus), lang),
                 frameworkShortName(p.config.plan.framework), qs(p.config.plan.label()),
                 qs(sim::formatDays(p.config.expectedSeconds, o)),
                 qs(sim::formatMoney(p.config.expectedUsd, o)), qs(sim::frontReasonText(p, o))});
        t.compact = true;
        Block table;
        table.kind = Block::Kind::Table;
        table.table = std::move(t);
        s.blocks.push_back(std::move(table));
    }
    s.blocks.push_back(subheadingBlock(tr(Text::SizingPrices, lang)));
    Block prices;
    prices.kind = Block::Kind::Bullets;
    for (const sim::ResolvedPrice& p : r.prices)
        prices.items << QStringLiteral("%1: %2").arg(qs(p.gpu), qs(p.describe(lang)));
    if (!prices.items.isEmpty()) s.blocks.push_back(std::move(prices));
    Block searched;
    searched.kind = Block::Kind::Note;
    searched.text = tr(Text::SizingSearched, lang)
                        .arg(r.candidates)
                        .arg(r.evaluated)
                        .arg(r.prunedByDeadline + r.prunedByBudget + r.prunedByDominance);
    s.blocks.push_back(std::move(searched));
    return s;
}

} // namespace trainplan::report::detail
