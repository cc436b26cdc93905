#pragma once

#include <QDoubleSpinBox>
#include <QString>

#include <optional>

class QComboBox;
class QFormLayout;
class QSpinBox;
class QWidget;

namespace trainplan::ui {

// Small factories so every editor field looks and behaves the same.
[[nodiscard]] QSpinBox* makeIntSpin(int min, int max, const QString& toolTip, int step = 1);
[[nodiscard]] QDoubleSpinBox* makeDoubleSpin(double min, double max, int decimals,
                                             const QString& toolTip, double step = 1.0);
// A spin box of a large count held in billions (training tokens). In Chinese it shows and reads
// the count in 万, 亿 and 万亿 as the window writes counts ("1.5万亿", not "1,500.0 十亿"), exactly
// (a tenth of a billion is 1亿); a bare number is read as 亿. Elsewhere it is a plain spin box in
// billions with the suffix the caller sets.
class BillionsSpinBox : public QDoubleSpinBox {
public:
    explicit BillionsSpinBox(QWidget* parent = nullptr);
    [[nodiscard]] QString textFromValue(double billions) const override;
    [[nodiscard]] double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;

private:
    [[nodiscard]] static bool chinese();
    // The billions a Chinese text stands for; nullopt when it is not a number with a unit.
    [[nodiscard]] static std::optional<double> parseChinese(const QString& text);
};

// A form with the house spacing (labels right-aligned, fields growing).
[[nodiscard]] QFormLayout* makeForm(QWidget* parent);
// A combo box whose long items do not set the window's minimum width: it asks for `characters`
// of room (the current item elides beyond), and its open list is as wide as its longest item.
// Call again after the items change.
void limitComboWidth(QComboBox* combo, int characters);

} // namespace trainplan::ui
