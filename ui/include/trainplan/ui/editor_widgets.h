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
// A combo box whose long items do not set the window's minimum width: it asks for `characters`
// of room (the current item elides beyond), and its open list is as wide as its longest item.
// Call again after the items change.
void limitComboWidth(QComboBox* combo, int characters);

} // namespace trainplan::ui
