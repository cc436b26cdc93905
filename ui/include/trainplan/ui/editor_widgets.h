#pragma once

#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;
class QWidget;

namespace trainplan::ui {

// Small factories so every editor field looks and behaves the same.
[[nodiscard]] QSpinBox* makeIntSpin(int min, int max, const QString& toolTip, int step = 1);
[[nodiscard]] QDoubleSpinBox* makeDoubleSpin(double min, double max, int decimals,
                                             const QString& toolTip, double step = 1.0);
// A form with the house spacing (labels right-aligned, fields growing).
[[nodiscard]] QFormLayout* makeForm(QWidget* parent);

} // namespace trainplan::ui
