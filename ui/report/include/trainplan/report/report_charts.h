#pragma once

// The report's charts as QChart objects built from ReportData, and the rendering that puts any
// QChart into a painter (vector in PDF and SVG), a PNG at a chosen DPI or an SVG file. The GUI can
// call the QChart overloads with its own charts (chartView->chart()).

#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>

#include <QByteArray>
#include <QImage>
#include <QSizeF>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QChart;
class QPainter;
class QRectF;

class QDate;

namespace trainplan::report {

enum class ChartKind {
    Memory,        // per-GPU memory at the peak, by component, per compared plan
    StepTime,      // step time by component, per compared plan
    Communication, // bytes per GPU per step by network tier, per compared plan
    Scaling,       // MFU vs GPU count, per framework
    Crossover,     // MFU vs model size, per framework (where the line ends, the framework stops
                   // fitting)
    Pareto,        // every fitting plan: step time vs peak memory, and the Pareto front
    Timeline,      // the roadmap's stages on a calendar: prerequisite work, then the run
    Scenarios,     // scenarios side by side: expected time and cost relative to the best
};

inline constexpr ChartKind kAllCharts[] = {ChartKind::Memory,        ChartKind::StepTime,
                                           ChartKind::Communication, ChartKind::Scaling,
                                           ChartKind::Crossover,     ChartKind::Pareto,
                                           ChartKind::Timeline,      ChartKind::Scenarios};

[[nodiscard]] QString chartId(ChartKind kind); // "memory", "step_time", ... (file names, HTML ids)
[[nodiscard]] std::optional<ChartKind> chartKindFromId(const QString& id);
[[nodiscard]] QString chartTitle(ChartKind kind, sim::Lang lang);
// The sentence under a chart, the same in the report, the deck and the presentation window: what
// it shows, with its figures (the MFU threshold, the Pareto points drawn, the timeline's start and
// its summary).
[[nodiscard]] QString chartCaption(ChartKind kind, const ReportData& data, sim::Lang lang);

struct ChartStyle {
    sim::Lang lang = sim::Lang::En;
    int fontPixels = 9;     // axis labels and legend; titles are a little larger
    bool showTitle = false; // reports caption charts themselves
};

// Whether the data has anything to draw for this chart.
[[nodiscard]] bool chartHasData(ChartKind kind, const ReportData& data);

// A new chart (owned by the caller, not in any scene). Charts without data show a note instead.
[[nodiscard]] std::unique_ptr<QChart> makeChart(ChartKind kind, const ReportData& data,
                                                const ChartStyle& style);

// The migration timeline of `stages` (sim::roadmapTimeline), weeks from `start`: one bar per
// scheduled stage, its prerequisite work then its training run. Also drawn by the GUI's Roadmap.
[[nodiscard]] std::unique_ptr<QChart> timelineChart(const std::vector<sim::RoadmapStage>& stages,
                                                    const sim::RoadmapTimeline& timeline,
                                                    const QDate& start, const ChartStyle& style);

// Scenarios side by side (services::compareScenarios): each one's expected time and cost to
// train as a multiple of the fastest and the cheapest. Also drawn by the GUI's "Compare scenarios"
// dialog. A scenario without a fitting plan (or a price) has no bar.
[[nodiscard]] std::unique_ptr<QChart> scenariosChart(const services::ScenarioComparison& comparison,
                                                     const ChartStyle& style);

// "29 weeks of prerequisite work; the last run ends after 41 weeks (2027-09-16); the runs cost
// $1.2M." in `lang`: the sentence under the timeline, in the report and the Roadmap tab.
[[nodiscard]] QString timelineSummary(const sim::RoadmapTimeline& timeline, const QDate& start,
                                      sim::Lang lang);

// Lays the chart out at `size` (logical pixels = points) and draws it into `target`, scaled.
// On a PDF or SVG painter the result stays vector (text stays text).
void renderChart(QChart& chart, QPainter& painter, const QRectF& target, QSizeF size);

// Raster: `size` in points, rendered at `dpi` (72 = one pixel per point).
[[nodiscard]] QImage chartImage(QChart& chart, QSizeF size, double dpi);
// SVG document (UTF-8) with a viewBox of `size`.
[[nodiscard]] QByteArray chartSvg(QChart& chart, QSizeF size, const QString& title = {});

// Files; `error` (optional) receives a message a user can act on, in `lang`, naming the file.
bool writeChartPng(QChart& chart, const QString& path, QSizeF size, double dpi,
                   QString* error = nullptr, sim::Lang lang = sim::Lang::En);
bool writeChartSvg(QChart& chart, const QString& path, QSizeF size, QString* error = nullptr,
                   sim::Lang lang = sim::Lang::En);

// How many plans the Pareto chart draws (the front, plus the rest thinned to a grid).
[[nodiscard]] std::size_t paretoPointsDrawn(const ReportData& data);

// One of the report's charts to PATH.png or PATH.svg (chosen by the suffix).
bool exportChart(ChartKind kind, const ReportData& data, sim::Lang lang, const QString& path,
                 double dpi = 144, QSizeF size = QSizeF(640, 380), QString* error = nullptr);

} // namespace trainplan::report
