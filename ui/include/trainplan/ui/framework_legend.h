#pragma once

#include <QWidget>

namespace trainplan::ui {

// One legend for a group of charts that share the framework colours, with a line explaining the
// line styles (so each chart keeps its whole width for data).
class FrameworkLegend : public QWidget {
    Q_OBJECT
public:
    explicit FrameworkLegend(const QString& key, QWidget* parent = nullptr);
};

} // namespace trainplan::ui
