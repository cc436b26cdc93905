#pragma once

#include <QObject>
#include <QTimer>

namespace trainplan::ui {

// Coalesces bursts of triggers: the first trigger after a quiet period fires at once (a single
// edit recomputes without delay), later ones within `intervalMs` fire once at the end of the
// interval (a dragged slider recomputes at most every intervalMs, and with its final value).
class Debouncer : public QObject {
    Q_OBJECT
public:
    explicit Debouncer(int intervalMs, QObject* parent = nullptr);
    void trigger();
    void cancel();
    [[nodiscard]] bool isPending() const { return m_pending; }

signals:
    void fired();

private:
    QTimer m_timer;
    bool m_pending = false;
};

} // namespace trainplan::ui
