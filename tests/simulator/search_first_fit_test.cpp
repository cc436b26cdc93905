// The first-fit search (SearchOptions::firstFitOnly) that break points' model-size bisection runs
// on most rungs: it must say "some plan fits" exactly when the full search finds a best plan, for
// any thread count, and stop early when one does.
#include "search_test_support.h"

#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

namespace {

using namespace trainplan;
using model::Framework;
using model::Scenario;

sim::SearchResult firstFit(const Scenario& s, Framework f, int threads) {
    sim::SearchOptions o;
    o.frameworks = {f};
    o.threads = threads;
    o.firstFitOnly = true;
    return sim::searchPlans(s, o);
}

bool fullSearchFits(const Scenario& s, Framework f) {
    sim::SearchOptions o;
    o.frameworks = {f};
    const sim::SearchResult r = sim::searchPlans(s, o);
    EXPECT_TRUE(r.anyFits == r.frameworks.front().best.has_value());
    return r.anyFits;
}

TEST(SearchFirstFit, AgreesWithTheFullSearchAtEveryMemorySqueeze) {
    // From plenty of memory (every plan fits) down to a squeeze where only the leanest plans
    // fit, and then to none: the answer is the full search's, whatever the thread count.
    for (double quantile : {1.0, 0.5, 0.05, 0.0}) {
        Scenario s = test::tinyScenario(2, 4, 64);
        test::squeezeMemory(s, quantile);
        if (quantile == 0.0) s.cluster.gpu.memoryBytes *= 0.5; // below the leanest plan
        for (Framework f : model::kAllFrameworks) {
            SCOPED_TRACE(testing::Message() << "quantile " << quantile << ", "
                                            << model::toString(f));
            const bool expected = fullSearchFits(s, f);
            for (int threads : {1, 2, 4}) {
                const sim::SearchResult r = firstFit(s, f, threads);
                EXPECT_EQ(r.anyFits, expected) << threads << " threads";
                EXPECT_FALSE(r.cancelled);
                ASSERT_EQ(r.frameworks.size(), 1u);
                EXPECT_FALSE(r.frameworks.front().best) << "a first-fit search keeps no plan";
                EXPECT_EQ(r.timedPlans, 0);
            }
        }
    }
}

TEST(SearchFirstFit, StopsAtTheFirstFittingPlan) {
    // With memory to spare the very first plan fits: one thread evaluates exactly one plan.
    Scenario s = test::tinyScenario(2, 4, 64);
    test::squeezeMemory(s, 1.0);
    const sim::SearchResult r = firstFit(s, Framework::Megatron, 1);
    EXPECT_TRUE(r.anyFits);
    EXPECT_EQ(r.evaluatedPlans, 1);
}

} // namespace
