#pragma once

#include <QMainWindow>

namespace trainplan::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace trainplan::ui
