#include <trainplan/ui/wheel_guard.h>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>

namespace trainplan::ui {

namespace {

bool isGuarded(const QObject* o) {
    return qobject_cast<const QAbstractSpinBox*>(o) || qobject_cast<const QComboBox*>(o);
}

} // namespace

void WheelGuard::install(QApplication& app) {
    if (app.findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    app.installEventFilter(new WheelGuard(&app));
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Polish && isGuarded(watched)) {
        auto* w = static_cast<QWidget*>(watched);
        // QApplication gives a Qt::WheelFocus widget the focus before delivering the wheel.
        if (w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
    } else if (event->type() == QEvent::Wheel && isGuarded(watched)) {
        // A combo box's popup list is a separate widget and scrolls as usual; the line edit
        // inside a spin box forwards to the spin box, which is what this filter sees.
        if (!static_cast<QWidget*>(watched)->hasFocus()) {
            // Ignored and handled: QApplication::notify offers the wheel to the parent next.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace trainplan::ui
