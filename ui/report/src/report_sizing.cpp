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
    s.title = text(Text::SecSizing, lang);
    const sim::SizingResult& r = *d.sizing;
    const sim::SizingTextOptions o = sizingText(d, lang);
    const auto& k = r.constraints;
    s.blocks.push_back(paragraphBlock(
        text(Text::SizingIntro, lang,
             {sim::textArg(sim::groupedCount(d.sizingMaxGpus)),
              k.deadlineSeconds ? sim::textArg(sim::formatDays(*k.deadlineSeconds, o))
                                : qsArg(text(Text::SizingNoDeadline, lang)),
              k.budgetUsd ? sim::textArg(sim::formatMoney(*k.budgetUsd, o))
                          : qsArg(text(Text::SizingNoBudget, lang))})));
    if (r.front.empty()) {
        s.blocks.push_back(
            calloutBlock(text(Text::SizingNothing, lang), qs(sim::bindingText(r, o))));
    } else {
        if (r.cheapestMeetingDeadline)
            s.blocks.push_back(calloutBlock(text(Text::SizingCheapest, lang),
                                            chosenLine(*r.cheapestMeetingDeadline, o)));
        if (r.fastestWithinBudget)
            s.blocks.push_back(calloutBlock(text(Text::SizingFastest, lang),
                                            chosenLine(*r.fastestWithinBudget, o)));
        s.blocks.push_back(subheadingBlock(text(Text::SizingFront, lang)));
        Table t;
        t.header = {text(Text::ColCluster, lang),      text(Text::ColGpuCount, lang),
                    text(Text::ColFramework, lang),    text(Text::ColPlan, lang),
                    text(Text::ColExpectedTime, lang), text(Text::ColCost, lang),
                    text(Text::ColWhy, lang)};
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
    s.blocks.push_back(subheadingBlock(text(Text::SizingPrices, lang)));
    Block prices;
    prices.kind = Block::Kind::Bullets;
    for (const sim::ResolvedPrice& p : r.prices)
        prices.items << text(Text::LabelledValue, lang,
                             {sim::textArg(p.gpu), sim::textArg(p.describe(lang))});
    if (!prices.items.isEmpty()) s.blocks.push_back(std::move(prices));
    Block searched;
    searched.kind = Block::Kind::Note;
    searched.text = text(Text::SizingSearched, lang,
                         {sim::countArg(static_cast<double>(r.candidates)),
                          sim::countArg(static_cast<double>(r.evaluated)),
                          sim::countArg(static_cast<double>(r.prunedByDeadline + r.prunedByBudget +
                                                            r.prunedByDominance))});
    s.blocks.push_back(std::move(searched));
    return s;
}

} // namespace trainplan::report::detail
