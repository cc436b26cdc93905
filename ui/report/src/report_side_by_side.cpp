// Scenarios side by side in the report (issue 21): the values come from
// services::compareScenarios (ReportData::sideBySide), as in `trainplan-cli compare A B` and the
// GUI's "Compare scenarios" dialog, which draws the same chart (scenariosChart).
#include "report_side_by_side.h"

#include "chart_parts.h"
#include "report_section_builder.h"

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QValueAxis>

#include <algorithm>

namespace trainplan::report {

namespace {

const services::ComparedScenario* at(const services::ScenarioComparison& c, int i) {
    return i >= 0 && i < static_cast<int>(c.scenarios.size())
               ? &c.scenarios[static_cast<std::size_t>(i)]
               : nullptr;
}

bool fits(const services::ComparedScenario& s) {
    return s.headline && s.headline->memory.fits;
}

bool priced(const services::ComparedScenario& s) {
    return s.goodput && s.headline && s.headline->cost.priced;
}

} // namespace

std::unique_ptr<QChart> scenariosChart(const services::ScenarioComparison& c,
                                       const ChartStyle& st) {
    auto chart = detail::baseChart(st, text(Text::ChartScenarios, st.lang));
    auto* time = new QBarSet(text(Text::SeriesTimeRatio, st.lang));
    auto* money = new QBarSet(text(Text::SeriesCostRatio, st.lang));
    time->setColor(QColor(0x3b, 0x7d, 0xd8));
    money->setColor(QColor(0xf2, 0xa5, 0x41));
    const services::ComparedScenario* fastest = at(c, c.fastest);
    const services::ComparedScenario* cheapest = at(c, c.cheapest);
    QStringList names;
    double top = 1.0;
    for (const services::ComparedScenario& s : c.scenarios) {
        names << qs(s.scenario.name);
        // A scenario without a fitting plan (or a price) gets no bar: it must not set the scale.
        const double t = fits(s) && s.goodput && fastest && fastest->goodput
                             ? s.goodput->expectedSeconds / fastest->goodput->expectedSeconds
                             : 0.0;
        const double m = fits(s) && priced(s) && cheapest && cheapest->goodput
                             ? s.goodput->usd / cheapest->goodput->usd
                             : 0.0;
        *time << t;
        *money << m;
        top = std::max({top, t, m});
    }
    auto* series = new QBarSeries;
    series->append(time);
    series->append(money);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value×"));
    series->setLabelsPrecision(3);
    chart->addSeries(series);
    auto* categories = new QBarCategoryAxis;
    categories->setCategories(names);
    categories->setTruncateLabels(false); // scenario names are the point of the chart
    detail::styleAxis(categories, st, QString());
    chart->addAxis(categories, Qt::AlignBottom);
    auto* ratio = new QValueAxis;
    ratio->setRange(0, top * 1.15);
    detail::styleAxis(ratio, st, text(Text::AxisTimesTheBest, st.lang));
    chart->addAxis(ratio, Qt::AlignLeft);
    series->attachAxis(categories);
    series->attachAxis(ratio);
    return chart;
}

namespace detail {

Section sideBySideSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("side_by_side", Text::SecSideBySide, lang);
    const services::ScenarioComparison& c = *d.sideBySide;
    s.paragraph(
        s.t(Text::SideBySideIntro, {sim::countArg(static_cast<double>(c.scenarios.size()) - 1)}));
    Table t;
    t.header = {QString()};
    for (const services::ComparedScenario& sc : c.scenarios)
        t.header << qs(sc.scenario.name);
    auto row = [&](const QString& name, auto cell) {
        QStringList r{name};
        for (std::size_t i = 0; i < c.scenarios.size(); ++i)
            r << cell(c.scenarios[i], static_cast<int>(i));
        t.rows.push_back(r);
    };
    const QString dash = QStringLiteral("—");
    row(s.t(Text::FactModel), [&](const services::ComparedScenario& sc, int) {
        return s.t(Text::WithDetail, {qsArg(modelName(sc.scenario)), parametersArg(sc.parameters)});
    });
    row(s.t(Text::ColCluster), [&](const services::ComparedScenario& sc, int) {
        return s.t(Text::GpusOfKind, {sim::countArg(static_cast<double>(sc.gpus)),
                                      sim::textArg(sc.scenario.cluster.gpu.name)});
    });
    row(s.t(Text::RowRecommended), [&](const services::ComparedScenario& sc, int) {
        return frameworkName(sc.recommendation.framework) + QStringLiteral(" — ") +
               statusText(sc.recommendation.status, lang);
    });
    row(s.t(Text::ColPlan), [&](const services::ComparedScenario& sc, int) {
        return sc.headline ? qs(sc.headline->plan.label()) : dash;
    });
    row(s.t(Text::ColPeakMemory), [&](const services::ComparedScenario& sc, int) {
        return sc.headline ? fmtBytes(sc.headline->memory.peakBytes, lang) : dash;
    });
    // A plan that does not fit gets no time, MFU or cost (issue 21).
    row(s.t(Text::ColStep), [&](const services::ComparedScenario& sc, int) {
        return fits(sc) ? fmtSeconds(sc.headline->time.stepSeconds, lang) : dash;
    });
    row(s.t(Text::ColMfu), [&](const services::ComparedScenario& sc, int) {
        return fits(sc) ? fmtPercent(sc.headline->throughput.mfu, lang) : dash;
    });
    row(s.t(Text::ColTimeToTrain), [&](const services::ComparedScenario& sc, int i) {
        if (!fits(sc) || !sc.goodput) return dash;
        return fmtDuration(sc.goodput->expectedSeconds, lang) +
               (i == c.fastest ? QStringLiteral(" ") + s.t(Text::MarkFastest) : QString());
    });
    row(s.t(Text::ColCost), [&](const services::ComparedScenario& sc, int i) {
        if (!fits(sc) || !sc.goodput) return dash;
        if (!priced(sc)) return s.t(Text::NoGpuPrice);
        return fmtUsd(sc.goodput->usd, lang) +
               (i == c.cheapest ? QStringLiteral(" ") + s.t(Text::MarkCheapest) : QString());
    });
    for (const auto& first : c.scenarios.front().frameworks) {
        const model::Framework fw = first.first;
        row(s.t(Text::RowFrameworkStep, {qsArg(frameworkShortName(fw))}),
            [&](const services::ComparedScenario& sc, int) {
                for (const auto& [f, best] : sc.frameworks)
                    if (f == fw)
                        return best ? fmtSeconds(best->time.stepSeconds, lang)
                                    : s.t(Text::FrameworkNoFit);
                return s.t(Text::FrameworkExcluded);
            });
    }
    t.compact = true;
    s.table(std::move(t));
    const services::ComparedScenario* fastest = at(c, c.fastest);
    const services::ComparedScenario* cheapest = at(c, c.cheapest);
    if (fastest && fastest->goodput) {
        s.paragraph(s.t(Text::SideBySideVerdict,
                        {sim::textArg(fastest->scenario.name),
                         durationArg(fastest->goodput->expectedSeconds),
                         cheapest ? sim::textArg(cheapest->scenario.name) : qsArg(dash),
                         cheapest && cheapest->goodput ? usdArg(cheapest->goodput->usd)
                                                       : qsArg(s.t(Text::NoGpuPrice))}));
        s.chart(ChartKind::Scenarios, chartCaption(ChartKind::Scenarios, d, lang));
    } else {
        s.paragraph(s.t(Text::SideBySideNothingFits));
    }
    return std::move(s.section);
}

} // namespace detail

} // namespace trainplan::report
