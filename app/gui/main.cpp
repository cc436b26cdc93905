#include <trainplan/ui/main_window.h>

#include <QApplication>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("TrainPlan");
    QApplication::setApplicationVersion(TRAINPLAN_VERSION);
    trainplan::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
