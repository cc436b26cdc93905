#pragma once

#include <QChartView>
#include <QString>

class QAbstractAxis;
class QAreaSeries;
class QValueAxis;

namespace trainplan::ui {

// The house chart: antialiased, no animation, legend at the bottom, colours from the application
// palette (light or dark), and a centred message while there is nothing to show.
class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);

    void setChartTitle(const QString& title);
    // Shown over an empty chart ("Computing…", "Nothing fits"); empty hides it.
    void setPlaceholder(const QString& text);
    [[nodiscard]] QString placeholder() const { return m_placeholder; }
    // Re-applies palette colours to the chart, its legend and every axis (call after adding axes).
    void applyPalette();

protected:
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_placeholder;
};

// Removes every series and axis from the chart.
void clearChart(QChart* chart);

// The "does not fit" region of a size chart, added to `chart` on axes x and y: a dashed vertical
// line in the framework's colour where it stops fitting (x = fromX, over the whole y range
// [0, yMax]) and, from there to toX, a filled bar in the framework's own lane at the top of the
// plot (lane 0 topmost, each 5% of the height), so that the regions of several frameworks never
// overlap. Returns the bar (its name is `name`).
QAreaSeries* addNoFitBand(QChart* chart, QAbstractAxis* x, QAbstractAxis* y, double fromX,
                          double toX, double yMax, int lane, const QColor& color,
                          const QString& name);

} // namespace trainplan::ui
