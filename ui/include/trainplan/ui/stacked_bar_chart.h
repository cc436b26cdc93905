#pragma once

#include <trainplan/ui/chart_style.h>

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QLineSeries;
class QValueAxis;

namespace trainplan::ui {

struct BarComponent {
    QString name;
    QString toolTip;
    QColor color;
};

// Horizontal stacked bars, one bar per category (top to bottom in the order given), one stacked
// segment per component, and an optional vertical reference line (e.g. the GPU's capacity).
// The series and sets persist across updates; values are replaced in one call per set.
class StackedBarChart : public ChartView {
    Q_OBJECT
public:
    explicit StackedBarChart(std::vector<BarComponent> components, QWidget* parent = nullptr);

    // values[component][category], in axis units; `format` turns an axis value into text.
    void setValues(const QStringList& categories, const QStringList& categoryToolTips,
                   const std::vector<QList<qreal>>& values, const QString& axisTitle,
                   std::function<QString(double)> format, std::optional<double> reference = {},
                   const QString& referenceName = {}, std::optional<double> axisMax = {});
    void clearValues(const QString& placeholder);

    [[nodiscard]] QHorizontalStackedBarSeries* barSeries() const { return m_series; }
    [[nodiscard]] QLineSeries* referenceSeries() const { return m_reference; }
    // Sum of the component values of one category (for tests and summaries).
    [[nodiscard]] double total(int category) const;
    // The caller's row behind each category (top-down), for rowClicked; unset: the category.
    void setCategoryRows(std::vector<int> rows) { m_categoryRows = std::move(rows); }
    [[nodiscard]] int rowOf(int category) const;

signals:
    // A bar (any of its segments) was clicked: the caller's row it stands for (setCategoryRows).
    void rowClicked(int row);

private:
    void showToolTip(bool status, int index, QBarSet* set);

    std::vector<BarComponent> m_components;
    QHorizontalStackedBarSeries* m_series;
    QLineSeries* m_reference;
    QBarCategoryAxis* m_categoryAxis;
    QValueAxis* m_valueAxis;
    std::vector<QBarSet*> m_sets;
    QStringList m_categoryToolTips;
    std::function<QString(double)> m_format;
    std::vector<int> m_categoryRows;
};

} // namespace trainplan::ui
