#include <trainplan/ui/what_if_control.h>

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

namespace {
constexpr int kSteps = 1000;
}

WhatIfControl::WhatIfControl(double min, double max, int decimals, const QString& suffix,
                             const QString& toolTip, QWidget* parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal))
    , m_spin(new QDoubleSpinBox)
    , m_min(min)
    , m_max(max) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_slider->setRange(0, kSteps);
    m_slider->setToolTip(toolTip);
    m_spin->setRange(min, max);
    m_spin->setDecimals(decimals);
    m_spin->setSuffix(suffix);
    m_spin->setGroupSeparatorShown(true);
    m_spin->setKeyboardTracking(false);
    m_spin->setToolTip(toolTip);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("0000000000")) +
                            m_spin->fontMetrics().horizontalAdvance(suffix));
    setToolTip(toolTip);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const double v = snap(fromSlider(position));
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
        emit valueEdited(v);
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        v = snap(v);
        const QSignalBlocker block(m_slider);
        m_slider->setValue(toSlider(v));
        emit valueEdited(v);
    });
}

void WhatIfControl::setQuantum(double quantum) {
    m_quantum = quantum;
    m_spin->setSingleStep(quantum > 0 ? quantum : 1.0);
}

void WhatIfControl::setStops(std::vector<double> stops) {
    m_stops = std::move(stops);
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, m_stops.empty() ? kSteps : static_cast<int>(m_stops.size()) - 1);
    m_slider->setPageStep(m_stops.empty() ? kSteps / 10 : 2);
    m_slider->setTickPosition(m_stops.empty() ? QSlider::NoTicks : QSlider::TicksBelow);
    m_slider->setValue(toSlider(m_spin->value()));
}

void WhatIfControl::setValue(double value) {
    const QSignalBlocker a(m_slider), b(m_spin);
    m_spin->setValue(value);
    m_slider->setValue(toSlider(value));
}

double WhatIfControl::value() const {
    return m_spin->value();
}

void WhatIfControl::setOverridden(bool overridden) {
    QFont f = m_spin->font();
    f.setBold(overridden);
    m_spin->setFont(f);
}

double WhatIfControl::snap(double v) const {
    if (m_quantum > 0) v = std::max(m_quantum, std::round(v / m_quantum) * m_quantum);
    return std::clamp(v, m_min, m_max);
}

int WhatIfControl::toSlider(double v) const {
    if (!m_stops.empty()) {
        // The nearest stop on a log scale.
        std::size_t best = 0;
        for (std::size_t i = 1; i < m_stops.size(); ++i)
            if (std::fabs(std::log(m_stops[i] / v)) < std::fabs(std::log(m_stops[best] / v)))
                best = i;
        return static_cast<int>(best);
    }
    const double t = std::log(std::clamp(v, m_min, m_max) / m_min) / std::log(m_max / m_min);
    return static_cast<int>(std::lround(t * kSteps));
}

double WhatIfControl::fromSlider(int position) const {
    if (!m_stops.empty())
        return m_stops[static_cast<std::size_t>(
            std::clamp(position, 0, static_cast<int>(m_stops.size()) - 1))];
    return m_min * std::pow(m_max / m_min, static_cast<double>(position) / kSteps);
}

} // namespace trainplan::ui
