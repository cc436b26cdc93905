// Issue 21: memory and step-time bars in Explore that move with the what-if, and a click on a bar
// (there, and on Compare's charts) opens the derivation of that plan's figure.

#include "ui_test_support.h"

#include <trainplan/simulator/search.h>
#include <trainplan/ui/derivation_dialog.h>
#include <trainplan/ui/derivation_tree_model.h>
#include <trainplan/ui/explore_tab.h>
#include <trainplan/ui/memory_chart.h>
#include <trainplan/ui/step_time_chart.h>

#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QTreeView>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace trainplan::ui {
namespace {

std::shared_ptr<const ExploreOutcome> outcomeFor(const model::Scenario& s) {
    auto out = std::make_shared<ExploreOutcome>();
    out->scenario = s;
    sim::SearchOptions options;
    options.keepAll = true;
    out->search = sim::searchPlans(s, options);
    out->pareto = sim::paretoFront2d(out->search.all);
    return out;
}

TEST(ExploreBars, MemoryAndStepBarsFollowTheWhatIfAndABarOpensItsDerivation) {
    test::app();
    ExploreTab tab;
    model::Scenario s = test::loadExample("llama31-70b-h100x256.json");
    tab.setExploreOutcome(outcomeFor(s));
    // One bar per framework row with an estimate, the bar's total its peak memory.
    const int bars = static_cast<int>(tab.memoryChart()->barSeries()->barSets().front()->count());
    ASSERT_GT(bars, 0);
    const double before = tab.memoryChart()->total(1);

    // A what-if (a longer sequence) moves the bars.
    model::Scenario longer = s;
    longer.model.seqLen *= 2;
    tab.setExploreOutcome(outcomeFor(longer));
    EXPECT_NE(tab.memoryChart()->total(1), before);

    // A click on a memory bar: the derivation of that plan's peak memory, under the what-if.
    const int row = tab.memoryChart()->rowOf(1);
    emit tab.memoryChart()->rowClicked(row);
    DerivationDialog* d = tab.findChild<DerivationDialog*>();
    ASSERT_NE(d, nullptr);
    EXPECT_TRUE(d->isVisible());
    ASSERT_GE(d->model()->terms().size(), 2u);
    // The peak memory is selected, and it is the what-if's (twice the sequence), not the base's.
    EXPECT_EQ(d->view()->currentIndex().row(), 0);
    EXPECT_EQ(d->model()->terms()[0].unit, "bytes");
    auto isPeakOf = [](double bytes, const model::Scenario& sc) {
        for (const auto& f : sim::searchPlans(sc, {}).frameworks)
            for (const auto* e : {f.best ? &*f.best : nullptr, f.closest ? &*f.closest : nullptr})
                if (e && std::abs(e->memory.peakBytes - bytes) <= 1e-6 * bytes) return true;
        return false;
    };
    EXPECT_TRUE(isPeakOf(d->model()->terms()[0].value, longer));
    EXPECT_FALSE(isPeakOf(d->model()->terms()[0].value, s));
    // And the step bar of a plan that fits (one that does not has an empty bar and opens on its
    // memory): the same dialog, now on the step time.
    int fitting = -1;
    for (int c = 0; c < bars && fitting < 0; ++c)
        if (tab.stepTimeChart()->total(c) > 0) fitting = c;
    ASSERT_GE(fitting, 0);
    emit tab.stepTimeChart()->rowClicked(tab.stepTimeChart()->rowOf(fitting));
    EXPECT_TRUE(d->isVisible());
    EXPECT_EQ(d->view()->currentIndex().row(), 1);
    EXPECT_EQ(d->model()->terms()[1].unit, "s");
    EXPECT_EQ(tab.showBarDerivation(-1, true), nullptr) << "no such row";
}

} // namespace
} // namespace trainplan::ui
