#include <trainplan/ui/main_window.h>

namespace trainplan::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("TrainPlan"));
    resize(1400, 900);
}

} // namespace trainplan::ui
