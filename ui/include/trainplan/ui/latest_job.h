#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace trainplan::ui {

// What a running job sees: a cancel flag it polls and a progress value it sets (0..1000).
class JobControl {
public:
    JobControl()
        : m_state(std::make_shared<State>()) {}
    [[nodiscard]] bool isCancelled() const {
        return m_state->cancelled.load(std::memory_order_relaxed);
    }
    void cancel() const { m_state->cancelled.store(true, std::memory_order_relaxed); }
    void setProgress(double fraction) const {
        m_state->permille.store(static_cast<int>(fraction * 1000.0), std::memory_order_relaxed);
    }
    [[nodiscard]] int progressPermille() const {
        return m_state->permille.load(std::memory_order_relaxed);
    }

private:
    struct State {
        std::atomic<bool> cancelled{false};
        std::atomic<int> permille{0};
    };
    std::shared_ptr<State> m_state;
};

// "Latest request wins" (after KDAB hotspot's job tracker): start() cancels the job before it
// and bumps a generation counter; a job's result is delivered only if no newer job was started
// meanwhile, so stale results are dropped. T must be default-constructible with a QString `error`.
template <typename T> class LatestJob {
public:
    using Work = std::function<T(const JobControl&)>;
    using Done = std::function<void(T)>;

    explicit LatestJob(QObject* context)
        : m_context(context) {}
    // Cancels, then waits for every job still running: a job outliving its owner ran on into the
    // process's exit and crashed in static destructors (a GUI test that ended 46 ms in, while its
    // run check was still predicting, segfaulted after it had passed).
    ~LatestJob() {
        m_control.cancel();
        for (QFuture<T>& f : m_futures)
            f.waitForFinished();
    }
    LatestJob(const LatestJob&) = delete;
    LatestJob& operator=(const LatestJob&) = delete;

    void start(Work work, Done done) {
        m_control.cancel();
        m_control = JobControl();
        const quint64 generation = ++m_generation;
        m_running = true;
        auto* watcher = new QFutureWatcher<T>(m_context);
        QObject::connect(watcher, &QFutureWatcherBase::finished, m_context,
                         [this, watcher, generation, done = std::move(done)] {
                             watcher->deleteLater();
                             if (generation != m_generation)
                                 return; // a newer request superseded it
                             m_running = false;
                             done(watcher->result());
                         });
        const JobControl control = m_control;
        QFuture<T> future = QtConcurrent::run([work = std::move(work), control]() -> T {
            try {
                return work(control);
            } catch (const std::exception& e) {
                T failed{};
                failed.error = QString::fromUtf8(e.what());
                return failed;
            }
        });
        watcher->setFuture(future);
        std::erase_if(m_futures, [](const QFuture<T>& f) { return f.isFinished(); });
        m_futures.push_back(std::move(future));
    }

    // Cancels the running job; its result is dropped.
    void cancel() {
        m_control.cancel();
        ++m_generation;
        m_running = false;
    }

    [[nodiscard]] bool isRunning() const { return m_running; }
    [[nodiscard]] quint64 generation() const { return m_generation; }
    [[nodiscard]] const JobControl& control() const { return m_control; }

private:
    QObject* m_context;
    std::vector<QFuture<T>> m_futures; // started and maybe still running (the destructor waits)
    JobControl m_control;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace trainplan::ui
