#include <trainplan/ui/stacked_bar_chart.h>
#include <trainplan/ui/view_text.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCursor>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace trainplan::ui {

StackedBarChart::StackedBarChart(std::vector<BarComponent> components, QWidget* parent)
    : ChartView(parent)
    , m_components(std::move(components))
    , m_series(new QHorizontalStackedBarSeries)
    , m_reference(new QLineSeries)
    , m_categoryAxis(new QBarCategoryAxis)
    , m_valueAxis(new QValueAxis) {
    QChart* c = chart();
    for (const auto& comp : m_components) {
        auto* set = new QBarSet(comp.name);
        set->setColor(comp.color);
        set->setBorderColor(comp.color.darker(115));
        m_series->append(set);
        m_sets.push_back(set);
    }
    m_series->setBarWidth(0.6);
    c->legend()->setAlignment(Qt::AlignRight);
    c->addSeries(m_series);
    QPen pen(QColor(0xd3, 0x2f, 0x2f));
    pen.setWidthF(2.0);
    pen.setStyle(Qt::DashLine);
    m_reference->setPen(pen);
    c->addSeries(m_reference);
    c->addAxis(m_categoryAxis, Qt::AlignLeft);
    c->addAxis(m_valueAxis, Qt::AlignBottom);
    m_series->attachAxis(m_categoryAxis);
    m_series->attachAxis(m_valueAxis);
    // The reference line lives in the same coordinates: x = value, y = category index.
    m_reference->attachAxis(m_valueAxis);
    m_reference->attachAxis(m_categoryAxis);
    m_valueAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_valueAxis->setTickCount(6);
    // Category names are what tells the bars apart ("Megatron (no fit)", "end of forward"): the
    // plot gives way rather than eliding them (Qt 6.2 QAbstractAxis::truncateLabels).
    m_categoryAxis->setTruncateLabels(false);
    connect(m_series, &QHorizontalStackedBarSeries::hovered, this, &StackedBarChart::showToolTip);
    // Qt numbers the bars bottom-up; the categories were given top-down.
    connect(m_series, &QHorizontalStackedBarSeries::clicked, this, [this](int index, QBarSet*) {
        const int category = static_cast<int>(m_categoryAxis->count()) - 1 - index;
        if (category >= 0) emit rowClicked(rowOf(category));
    });
    applyPalette();
}

int StackedBarChart::rowOf(int category) const {
    return category >= 0 && category < static_cast<int>(m_categoryRows.size())
               ? m_categoryRows[static_cast<std::size_t>(category)]
               : category;
}

void StackedBarChart::setValues(const QStringList& categories, const QStringList& categoryToolTips,
                                const std::vector<QList<qreal>>& values, const QString& axisTitle,
                                std::function<QString(double)> format,
                                std::optional<double> reference, const QString& referenceName,
                                std::optional<double> axisMax) {
    m_format = std::move(format);
    // Qt draws the first category at the bottom; reverse so the list reads top-down.
    QStringList cats(categories.rbegin(), categories.rend());
    m_categoryToolTips = QStringList(categoryToolTips.rbegin(), categoryToolTips.rend());
    m_categoryAxis->setCategories(cats);
    double maxTotal = 0;
    std::vector<double> totals(static_cast<std::size_t>(cats.size()), 0.0);
    for (std::size_t k = 0; k < m_sets.size(); ++k) {
        QList<qreal> v = k < values.size() ? values[k] : QList<qreal>();
        v.resize(cats.size(), 0.0);
        std::reverse(v.begin(), v.end());
        m_sets[k]->remove(0, m_sets[k]->count());
        m_sets[k]->append(v);
        for (qsizetype i = 0; i < v.size(); ++i)
            totals[static_cast<std::size_t>(i)] += v[i];
    }
    for (double t : totals)
        maxTotal = std::max(maxTotal, t);
    if (reference) {
        m_reference->replace(QList<QPointF>{{*reference, -0.5}, {*reference, cats.size() - 0.5}});
        m_reference->setName(referenceName);
        maxTotal = std::max(maxTotal, *reference);
    } else {
        m_reference->clear();
    }
    for (auto* marker : chart()->legend()->markers(m_reference))
        marker->setVisible(reference.has_value());
    // A cap keeps one huge bar (a plan that does not fit) from squashing the others; it is
    // clipped at the edge and its category label says why.
    if (axisMax && *axisMax > 0) maxTotal = std::min(maxTotal, *axisMax);
    m_valueAxis->setRange(0, maxTotal > 0 ? maxTotal * 1.05 : 1.0);
    m_valueAxis->applyNiceNumbers();
    m_valueAxis->setTitleText(axisTitle);
    // A bar past the axis is drawn cut at its edge: say so, with its real length.
    bool cut = false;
    for (qsizetype i = 0; i < cats.size(); ++i)
        if (totals[static_cast<std::size_t>(i)] > m_valueAxis->max() * (1 + 1e-9)) {
            // On a second line (Qt Charts labels are HTML): on one, the label outgrew the axis's
            // margin and lost its start ("fit) ✂ 1.31 TiB").
            cats[i] = QStringLiteral("%1<br>✂ %2")
                          .arg(cats[i], m_format(totals[static_cast<std::size_t>(i)]));
            if (i < m_categoryToolTips.size())
                m_categoryToolTips[i] +=
                    QLatin1Char('\n') +
                    chartsText(services::ChartText::BarCutTip,
                               {qArg(m_format(totals[static_cast<std::size_t>(i)]))});
            cut = true;
        }
    if (cut) m_categoryAxis->setCategories(cats);
    setPlaceholder({});
    applyPalette();
}

void StackedBarChart::clearValues(const QString& placeholder) {
    for (QBarSet* set : m_sets)
        set->remove(0, set->count());
    m_categoryAxis->clear();
    m_reference->clear();
    setPlaceholder(placeholder);
}

double StackedBarChart::total(int category) const {
    const int n = m_categoryAxis->count();
    const int i = n - 1 - category; // stored reversed
    double sum = 0;
    for (QBarSet* set : m_sets)
        if (i >= 0 && i < set->count()) sum += set->at(i);
    return sum;
}

void StackedBarChart::showToolTip(bool status, int index, QBarSet* set) {
    if (!status) {
        QToolTip::hideText();
        return;
    }
    const auto it = std::find(m_sets.begin(), m_sets.end(), set);
    if (it == m_sets.end()) return;
    const auto& comp = m_components[static_cast<std::size_t>(it - m_sets.begin())];
    const QString category =
        index < m_categoryToolTips.size() ? m_categoryToolTips[index] : m_categoryAxis->at(index);
    const QString value = m_format ? m_format(set->at(index)) : QString::number(set->at(index));
    QToolTip::showText(QCursor::pos(),
                       QStringLiteral("<b>%1</b><br>%2: %3<br><i>%4</i>")
                           .arg(category.toHtmlEscaped(), comp.name.toHtmlEscaped(), value,
                                comp.toolTip.toHtmlEscaped()),
                       this);
}

} // namespace trainplan::ui
