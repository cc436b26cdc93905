#include <trainplan/ui/debouncer.h>

namespace trainplan::ui {

Debouncer::Debouncer(int intervalMs, QObject* parent)
    : QObject(parent) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (!m_pending) return;
        m_pending = false;
        m_timer.start();
        emit fired();
    });
}

void Debouncer::trigger() {
    if (m_timer.isActive()) {
        m_pending = true;
        return;
    }
    m_timer.start();
    emit fired();
}

void Debouncer::cancel() {
    m_pending = false;
    m_timer.stop();
}

} // namespace trainplan::ui
