#include <trainplan/ui/editor_widgets.h>

#include <QAbstractItemView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLocale>
#include <QRegularExpression>
#include <QSpinBox>

#include <cmath>

namespace trainplan::ui {

QSpinBox* makeIntSpin(int min, int max, const QString& toolTip, int step) {
    auto* w = new QSpinBox;
    w->setRange(min, max);
    w->setSingleStep(step);
    w->setGroupSeparatorShown(true);
    w->setToolTip(toolTip);
    w->setAccelerated(true);
    return w;
}

QDoubleSpinBox* makeDoubleSpin(double min, double max, int decimals, const QString& toolTip,
                               double step) {
    auto* w = new QDoubleSpinBox;
    w->setRange(min, max);
    w->setDecimals(decimals);
    w->setSingleStep(step);
    w->setGroupSeparatorShown(true);
    w->setToolTip(toolTip);
    w->setAccelerated(true);
    return w;
}

BillionsSpinBox::BillionsSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {}

bool BillionsSpinBox::chinese() {
    return QLocale().language() == QLocale::Chinese;
}

QString BillionsSpinBox::textFromValue(double billions) const {
    if (!chinese()) return QDoubleSpinBox::textFromValue(billions);
    // 1 billion = 10亿 = 0.001万亿; one decimal of a billion is 1亿, so four decimals of 万亿 and
    // none of 亿 keep every value the box can hold.
    const double count = billions * 1e9;
    auto trimmed = [](double v, int decimals) {
        QString t = QString::number(v, 'f', decimals);
        if (t.contains(QLatin1Char('.'))) {
            while (t.endsWith(QLatin1Char('0')))
                t.chop(1);
            if (t.endsWith(QLatin1Char('.'))) t.chop(1);
        }
        return t;
    };
    if (std::fabs(count) >= 1e12) return trimmed(count / 1e12, 4) + QStringLiteral("万亿");
    if (std::fabs(count) >= 1e8) return trimmed(count / 1e8, 0) + QStringLiteral("亿");
    return trimmed(count, 0);
}

std::optional<double> BillionsSpinBox::parseChinese(const QString& text) {
    static const QRegularExpression re(
        QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]*)?)\\s*(万亿|亿|万)?\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) return std::nullopt;
    const double v = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    // In billions, each with one correctly rounded operation: 1万亿 = 1000, 1亿 = 0.1 (a bare
    // number too), 1万 = 0.00001.
    if (unit == QStringLiteral("万亿")) return v * 1000.0;
    if (unit == QStringLiteral("万")) return v / 1e5;
    return v / 10.0;
}

double BillionsSpinBox::valueFromText(const QString& text) const {
    if (!chinese()) return QDoubleSpinBox::valueFromText(text);
    return parseChinese(text).value_or(value());
}

QValidator::State BillionsSpinBox::validate(QString& text, int& pos) const {
    if (!chinese()) return QDoubleSpinBox::validate(text, pos);
    if (text.trimmed().isEmpty()) return QValidator::Intermediate;
    const std::optional<double> v = parseChinese(text);
    if (!v) {
        // A number being typed, or a unit half written (万 before 亿).
        static const QRegularExpression partial(QStringLiteral("^\\s*[0-9]*\\.?[0-9]*\\s*万?$"));
        return partial.match(text).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
    }
    return *v >= minimum() && *v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

QFormLayout* makeForm(QWidget* parent) {
    auto* form = new QFormLayout(parent);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    return form;
}

void limitComboWidth(QComboBox* combo, int characters) {
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(characters);
    combo->view()->setTextElideMode(Qt::ElideNone);
    combo->view()->setMinimumWidth(combo->view()->sizeHintForColumn(0) + 24);
}

} // namespace trainplan::ui
