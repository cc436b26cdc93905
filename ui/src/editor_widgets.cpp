#include <trainplan/ui/editor_widgets.h>

#include <QAbstractItemView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

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
