#pragma once

#include <QWidget>

#include <vector>

class QDoubleSpinBox;
class QSlider;

namespace trainplan::ui {

// A slider (logarithmic) and a spin box for one what-if value. Emits valueEdited while the user
// drags or types; setValue() does not emit.
class WhatIfControl : public QWidget {
    Q_OBJECT
public:
    WhatIfControl(double min, double max, int decimals, const QString& suffix,
                  const QString& toolTip, QWidget* parent = nullptr);
    void setQuantum(double quantum); // values snap to multiples of this (e.g. GPUs per node)
    // The slider moves through these values only (ascending), one per step, so a drag of a few
    // pixels changes the value by one stop rather than by an order of magnitude; the spin box
    // still takes any value in range. Empty: a logarithmic slider over [min, max].
    void setStops(std::vector<double> stops);
    [[nodiscard]] const std::vector<double>& stops() const { return m_stops; }
    void setValue(double value);
    [[nodiscard]] double value() const;
    void setOverridden(bool overridden); // bold when it differs from the scenario
    [[nodiscard]] QSlider* slider() const { return m_slider; }
    [[nodiscard]] QDoubleSpinBox* spinBox() const { return m_spin; }

signals:
    void valueEdited(double value);

private:
    [[nodiscard]] double snap(double v) const;
    [[nodiscard]] int toSlider(double v) const;
    [[nodiscard]] double fromSlider(int position) const;

    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
    double m_min;
    double m_max;
    double m_quantum = 0;
    std::vector<double> m_stops;
};

} // namespace trainplan::ui
