// The report's Pareto chart: every fitting plan of the search, step time against peak memory,
// thinned to a grid so that large searches stay small on the page, with the 2-D front on top.
#include "chart_parts.h"

#include <trainplan/model/units.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_strings.h>

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

namespace trainplan::report {

namespace {

using model::units::kGiB;
constexpr std::size_t kParetoCells = 40;

// Plans to draw: the 2-D front always, the rest thinned to one per cell of a grid over
// (log step time, memory), so the file stays small for searches with thousands of plans.
std::vector<std::size_t> plotted(const std::vector<sim::PlanSummary>& all,
                                 const std::vector<std::size_t>& front, std::size_t cells) {
    double tMin = std::numeric_limits<double>::infinity(), tMax = -tMin, mMax = 0;
    for (const auto& p : all) {
        if (!p.fits) continue;
        const double t = std::log(std::max(p.stepSeconds, 1e-9));
        tMin = std::min(tMin, t);
        tMax = std::max(tMax, t);
        mMax = std::max(mMax, p.peakBytes);
    }
    std::map<std::tuple<int, int, int>, std::size_t> grid;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& p = all[i];
        if (!p.fits) continue;
        const double t = std::log(std::max(p.stepSeconds, 1e-9));
        const int cx =
            tMax > tMin
                ? static_cast<int>((t - tMin) / (tMax - tMin) * static_cast<double>(cells - 1))
                : 0;
        const int cy =
            mMax > 0 ? static_cast<int>(p.peakBytes / mMax * static_cast<double>(cells - 1)) : 0;
        grid.emplace(std::make_tuple(static_cast<int>(p.plan.framework), cx, cy), i);
    }
    std::vector<std::size_t> out = front;
    for (const auto& [cell, i] : grid)
        out.push_back(i);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

namespace detail {

std::unique_ptr<QChart> paretoChart(const ReportData& d, const ChartStyle& st) {
    auto chart = baseChart(st, chartTitle(ChartKind::Pareto, st.lang));
    const std::vector<sim::PlanSummary>& all = d.search.all;
    const std::vector<std::size_t> front = sim::paretoFront2d(all);
    const std::vector<std::size_t> shown = plotted(all, front, kParetoCells);

    const auto [x, y] = logLinearAxes(chart.get(), st, 10, 8, text(Text::AxisStepTime, st.lang),
                                      text(Text::AxisPeakMemory, st.lang));

    double tLo = std::numeric_limits<double>::infinity(), tHi = 0;
    std::map<model::Framework, QScatterSeries*> scatter;
    for (model::Framework f : model::kAllFrameworks) {
        auto* s = new QScatterSeries;
        s->setName(frameworkName(f));
        s->setColor(frameworkColor(f));
        s->setBorderColor(frameworkColor(f).darker(130));
        s->setPen(pen(frameworkColor(f).darker(130), 0.4));
        s->setMarkerSize(std::max(4.0, st.fontPixels * 0.55));
        scatter[f] = s;
    }
    for (std::size_t i : shown) {
        const sim::PlanSummary& p = all[i];
        scatter[p.plan.framework]->append(p.stepSeconds, p.peakBytes / kGiB);
        tLo = std::min(tLo, p.stepSeconds);
        tHi = std::max(tHi, p.stepSeconds);
    }
    for (auto& [f, s] : scatter) {
        if (s->count() == 0) {
            delete s;
            continue;
        }
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    if (!(tHi > 0)) tLo = 1, tHi = 10;
    // A decade at least, so the log axis has labels at both ends.
    const double mid = std::sqrt(tLo * tHi);
    const double span = std::max(std::sqrt(tHi / tLo) * 1.15, std::sqrt(10.0));
    x->setRange(mid / span, mid * span);

    auto* line = new QLineSeries;
    line->setName(text(Text::ParetoFront, st.lang));
    line->setPen(pen(QColor(0x22, 0x22, 0x22), 1.5));
    for (std::size_t i : front)
        line->append(all[i].stepSeconds, all[i].peakBytes / kGiB);
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);

    const double usable = d.usableBytes() / kGiB;
    y->setRange(0, usable * 1.08);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    referenceLine(chart.get(), text(Text::MemUsable, st.lang), {x->min(), usable},
                  {x->max(), usable}, QColor(0xd3, 0x2f, 0x2f), Qt::DashLine, x, y);
    return chart;
}

} // namespace detail

std::size_t paretoPointsDrawn(const ReportData& data) {
    return plotted(data.search.all, sim::paretoFront2d(data.search.all), kParetoCells).size();
}

} // namespace trainplan::report
