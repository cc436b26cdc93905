// GUI latency on the real main window (offscreen platform): from an edit in the scenario editor to
// the Compare tab showing the results of the edited scenario, and from opening another example to
// its results. Issue 6 set ≤ 100 ms for an edit on Llama 3.1 70B × 256 H100; issue 19 asks for
// these figures from a benchmark, not from a timed unit test. Run on an idle machine:
//   QT_QPA_PLATFORM=offscreen build/default/tests/bench/gui_latency_bench
// The wall time of each iteration is reported (manual time): the search runs on a worker thread
// and the result reaches the window through the event loop. The targets are medians: each
// benchmark also reports median_ms and max_ms over its iterations.
#include "../ui/ui_test_support.h"

#include <trainplan/ui/compare_tab.h>
#include <trainplan/ui/main_window.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/roadmap_tab.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>

#include <QElapsedTimer>
#include <QSpinBox>
#include <QThread>
#include <QUndoStack>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::ui {
namespace {

// Each iteration's wall time, given to Google Benchmark as manual time, and the median and maximum
// over the iterations as counters when the benchmark ends.
class IterationTimes {
public:
    explicit IterationTimes(benchmark::State& state)
        : m_state(state) {}
    IterationTimes(const IterationTimes&) = delete;
    IterationTimes& operator=(const IterationTimes&) = delete;
    ~IterationTimes() {
        if (m_seconds.empty()) return;
        std::sort(m_seconds.begin(), m_seconds.end());
        const std::size_t n = m_seconds.size();
        const double median =
            n % 2 ? m_seconds[n / 2] : 0.5 * (m_seconds[n / 2 - 1] + m_seconds[n / 2]);
        m_state.counters["median_ms"] = median * 1e3;
        m_state.counters["max_ms"] = m_seconds.back() * 1e3;
    }
    void add(double seconds) {
        m_state.SetIterationTime(seconds);
        m_seconds.push_back(seconds);
    }
    void add(const QElapsedTimer& t) { add(static_cast<double>(t.nsecsElapsed()) * 1e-9); }

private:
    benchmark::State& m_state;
    std::vector<double> m_seconds;
};

bool showsResultsFor(const MainWindow& w, const std::function<bool(const model::Scenario&)>& is) {
    const CompareOutcome* o = w.compareTab()->outcome();
    return o && is(o->scenario) && !w.controller()->isComparing();
}

QString example(const char* fileName) {
    return QString::fromStdString(test::examplePath(fileName));
}

// tests/ui's waitFor, with a minute for a loaded machine.
bool waitFor(const std::function<bool()>& done) {
    return test::waitFor(done, 60000);
}

std::unique_ptr<MainWindow> openWindow(benchmark::State& state, const char* fileName) {
    test::app();
    auto w = std::make_unique<MainWindow>();
    w->resize(1600, 1000);
    w->show();
    if (!w->openFile(example(fileName), true) ||
        !waitFor([&] { return showsResultsFor(*w, [](const model::Scenario&) { return true; }); }))
        state.SkipWithError("the example did not open");
    return w;
}

// One editor edit (the node count, alternating) → the Compare tab shows that scenario's results.
void BM_EditToResults70B(benchmark::State& state) {
    auto w = openWindow(state, "llama31-70b-h100x256.json");
    auto* nodes = w->editor()->findChild<QSpinBox*>(QStringLiteral("cluster.nodes"));
    if (!nodes) {
        state.SkipWithError("no cluster.nodes spin box");
        return;
    }
    const int values[] = {16, 32, 24, 32, 40, 32, 48, 32}; // never twice the same in a row
    std::size_t i = 0;
    IterationTimes times(state);
    for (auto _ : state) {
        const int v = values[i++ % std::size(values)];
        QThread::msleep(250); // past the editor's debounce: every edit is a fresh request
        QCoreApplication::processEvents();
        QElapsedTimer t;
        t.start();
        nodes->setValue(v);
        if (!waitFor([&] {
                return showsResultsFor(
                    *w, [v](const model::Scenario& s) { return s.cluster.nodes == v; });
            })) {
            state.SkipWithError("no results after the edit");
            break;
        }
        times.add(t);
    }
    w->document()->undoStack()->setClean();
}
BENCHMARK(BM_EditToResults70B)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(12);

// Switching the open scenario between two examples → the Compare tab shows the new one's results.
void BM_SwitchExampleToResults(benchmark::State& state) {
    auto w = openWindow(state, "llama31-70b-h100x256.json");
    const char* files[] = {"mixtral-8x7b-h800x64-roce.json", "llama31-70b-h100x256.json"};
    std::size_t i = 0;
    IterationTimes times(state);
    for (auto _ : state) {
        const char* next = files[i++ % std::size(files)];
        QElapsedTimer t;
        t.start();
        if (!w->openFile(example(next), true)) {
            state.SkipWithError("the example did not open");
            break;
        }
        const std::string wanted = w->document()->scenario().name;
        if (!waitFor([&] {
                return showsResultsFor(*w,
                                       [&](const model::Scenario& s) { return s.name == wanted; });
            })) {
            state.SkipWithError("no results after the switch");
            break;
        }
        times.add(t);
        w->document()->undoStack()->setClean();
    }
}
BENCHMARK(BM_SwitchExampleToResults)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(6);

// The Roadmap's latest advice is for a scenario `is` accepts and no advice is computing (the
// model-size curve may still be: it fills in after the advice is shown).
bool roadmapShows(const MainWindow& w, quint64 shownBefore,
                  const std::function<bool(const model::Scenario&)>& is) {
    const RoadmapTab* r = w.roadmapTab();
    return r->resultsShown() > shownBefore && !r->isComputingAdvice() &&
           is(w.document()->scenario());
}

// A readiness tick (the team can keep versions current, alternating) with the Roadmap visible →
// the Roadmap shows the re-scored advice. Issue 19 asks for ≤ 50 ms: the planner re-uses the
// search, the break points and the roadmap's target searches, and re-runs only the scoring.
void BM_ReadinessTickToRoadmap70B(benchmark::State& state) {
    auto w = openWindow(state, "llama31-70b-h100x256.json");
    w->showTab(2); // Roadmap
    quint64 shown = 0;
    if (!waitFor(
            [&] { return roadmapShows(*w, shown, [](const model::Scenario&) { return true; }); })) {
        state.SkipWithError("the Roadmap showed no advice");
        return;
    }
    // The model-size curve (14 searches, seconds) finished: a tick on a window at rest, as the
    // issue measures it; the tick itself starts no curve (same search).
    if (!waitFor([&] { return !w->roadmapTab()->isComputing(); })) {
        state.SkipWithError("the model-size curve did not finish");
        return;
    }
    IterationTimes times(state);
    for (auto _ : state) {
        QThread::msleep(250); // past the debounce: every tick is a fresh request
        QCoreApplication::processEvents();
        shown = w->roadmapTab()->resultsShown();
        model::Scenario next = w->document()->scenario();
        next.team.maintainVersions = !next.team.maintainVersions;
        const bool wanted = next.team.maintainVersions;
        QElapsedTimer t;
        t.start();
        w->document()->edit(QStringLiteral("readiness"), QStringLiteral("team.maintain_versions"),
                            std::move(next));
        if (!waitFor([&] {
                return roadmapShows(*w, shown, [wanted](const model::Scenario& s) {
                    return s.team.maintainVersions == wanted;
                });
            })) {
            state.SkipWithError("no advice after the tick");
            break;
        }
        times.add(t);
    }
    w->document()->undoStack()->setClean();
}
BENCHMARK(BM_ReadinessTickToRoadmap70B)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(8);

// Switching the open scenario to another model with the Roadmap visible → the Roadmap shows the new
// scenario's advice (issue 19: ≤ 1 s), for each built-in example as the one switched to. Each
// iteration first switches away to another example (not timed), then to the measured one with a
// node count not planned before in this window, so that the cache cannot serve it. Compare plans
// the same scenario at the same time, through the same planner.
const char* const kExamples[] = {"llama31-70b-h100x256.json", "mixtral-8x7b-h800x64-roce.json",
                                 "gpt3-175b-a100x1024.json", "qwen25-72b-h20x128.json",
                                 "llama2-7b-a100x8-pcie.json"};

// Opens `s` in the window; the seconds until the Roadmap shows its advice, or none.
std::optional<double> switchTo(MainWindow& w, model::Scenario s) {
    const int nodes = s.cluster.nodes;
    QThread::msleep(400); // past the debounce: the replacement starts at once
    QCoreApplication::processEvents();
    const quint64 shown = w.roadmapTab()->resultsShown();
    QElapsedTimer t;
    t.start();
    w.document()->reset(std::move(s));
    const bool ok = waitFor([&] {
        return roadmapShows(
            w, shown, [nodes](const model::Scenario& sc) { return sc.cluster.nodes == nodes; });
    });
    const double seconds = static_cast<double>(t.nsecsElapsed()) * 1e-9;
    w.document()->undoStack()->setClean();
    return ok ? std::optional<double>(seconds) : std::nullopt;
}

void BM_SwitchModelToRoadmap(benchmark::State& state) {
    const char* target = kExamples[state.range(0)];
    const char* away = state.range(0) == 0 ? kExamples[1] : kExamples[0];
    state.SetLabel(target);
    auto w = openWindow(state, away);
    w->showTab(2);
    quint64 shown = 0;
    if (!waitFor(
            [&] { return roadmapShows(*w, shown, [](const model::Scenario&) { return true; }); })) {
        state.SkipWithError("the Roadmap showed no advice");
        return;
    }
    int iteration = 0;
    IterationTimes times(state);
    for (auto _ : state) {
        ++iteration;
        model::Scenario other = test::loadExample(away);
        other.cluster.nodes += iteration;
        model::Scenario s = test::loadExample(target);
        s.cluster.nodes += iteration;
        if (!switchTo(*w, std::move(other))) {
            state.SkipWithError("no advice after switching away");
            break;
        }
        const std::optional<double> seconds = switchTo(*w, std::move(s));
        if (!seconds) {
            state.SkipWithError("no advice after the switch");
            break;
        }
        times.add(*seconds);
    }
}
BENCHMARK(BM_SwitchModelToRoadmap)
    ->DenseRange(0, 4)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(4);

} // namespace
} // namespace trainplan::ui

BENCHMARK_MAIN();
