#include <trainplan/ui/accuracy_chart.h>

#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/point_tool_tips.h>

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <map>

namespace trainplan::ui {

AccuracyChart::AccuracyChart(QWidget* parent)
    : ChartView(parent)
    , m_tips(new PointToolTips(this)) {
    setObjectName(QStringLiteral("accuracyChart"));
    setChartTitle(calText(sim::CalText::AccuracyChartTitle));
    setToolTip(calText(sim::CalText::AccuracyChartTip));
    setPlaceholder(calText(sim::CalText::Computing));
}

void AccuracyChart::setReport(const sim::ValidationReport& report) {
    QChart* c = chart();
    clearChart(c);
    m_tips->clear();
    if (report.rows.empty()) {
        setPlaceholder(calText(sim::CalText::NoRowsReproduced));
        return;
    }
    setPlaceholder(QString());
    double lo = 1e300, hi = 0;
    std::map<sim::ValidationMetric, std::pair<QList<QPointF>, QStringList>> byMetric;
    for (const auto& r : report.rows) {
        if (r.measured <= 0 || r.predicted <= 0) continue;
        lo = std::min({lo, r.measured, r.predicted});
        hi = std::max({hi, r.measured, r.predicted});
        auto& [points, texts] = byMetric[r.metric];
        points << QPointF(r.measured, r.predicted);
        const QString run =
            calText(sim::CalText::RunAtLine,
                    {qArg(AccuracyTableModel::runLabel(r.modelName, r.gpus, r.label)),
                     sim::countArg(static_cast<double>(r.line))});
        const QString values =
            calText(sim::CalText::MeasuredPredicted,
                    {qArg(AccuracyTableModel::metricLabel(r.metric)),
                     qArg(AccuracyTableModel::formatValue(r.metric, r.measured)),
                     qArg(AccuracyTableModel::formatValue(r.metric, r.predicted)),
                     sim::signedPercentArg(r.relativeError)});
        texts << QStringLiteral("<b>%1</b><br>%2<br>%3")
                     .arg(run.toHtmlEscaped(), QString::fromStdString(r.plan).toHtmlEscaped(),
                          values.toHtmlEscaped());
    }
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setTitleText(calText(sim::CalText::AxisMeasured));
    x->setRange(lo / 1.5, hi * 1.5);
    x->setMinorTickCount(8);
    x->setMinorGridLineVisible(false);
    auto* y = new QLogValueAxis;
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(calText(sim::CalText::AxisPredicted));
    y->setRange(lo / 1.5, hi * 1.5);
    y->setMinorTickCount(8);
    y->setMinorGridLineVisible(false);
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    auto* diagonal = new QLineSeries;
    diagonal->setName(calText(sim::CalText::Diagonal));
    QPen pen(palette().color(QPalette::Text));
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.2);
    diagonal->setPen(pen);
    diagonal->replace(QList<QPointF>{{lo / 1.5, lo / 1.5}, {hi * 1.5, hi * 1.5}});
    c->addSeries(diagonal);
    diagonal->attachAxis(x);
    diagonal->attachAxis(y);

    int index = 0;
    for (auto& [metric, data] : byMetric) {
        auto* s = new QScatterSeries;
        s->setName(AccuracyTableModel::metricLabel(metric));
        s->setMarkerSize(9);
        const QColor color = componentColor(index++);
        s->setColor(color);
        s->setBorderColor(color.darker(130));
        s->replace(data.first);
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        m_tips->add(s, data.first, data.second);
    }
    applyPalette();
}

} // namespace trainplan::ui
