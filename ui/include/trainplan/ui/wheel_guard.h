#pragma once

#include <QObject>

class QApplication;

namespace trainplan::ui {

// Spin boxes and combo boxes take the mouse wheel only when they have the keyboard focus:
// scrolling a form must scroll it, not edit whatever field passes under the pointer (issue 21:
// sequence length 8192 → 8153 and the model turned "Custom architecture"). An application-wide
// event filter: an unfocused field ignores the wheel, so QApplication hands it to the parent
// (the scroll area), and such fields no longer take focus from the wheel (Qt::StrongFocus instead
// of Qt::WheelFocus) — a click or Tab focuses them, then the wheel edits them as before.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // Installs one guard on the application (idempotent).
    static void install(QApplication& app);

    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace trainplan::ui
