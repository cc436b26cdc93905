// The best-only search (SearchOptions::bestOnly) that the roadmap runs on its stages' targets: per
// framework it must give exactly the full search's best plan, and where nothing fits, exactly its
// closest plan, miss and reasons, for any thread count; and it must time fewer plans.
#include "search_test_support.h"

#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

namespace {

using namespace trainplan;
using model::Scenario;

sim::SearchResult search(const Scenario& s, bool bestOnly, int threads) {
    sim::SearchOptions o;
    o.threads = threads;
    o.bestOnly = bestOnly;
    return sim::searchPlans(s, o);
}

void expectSamePlan(const std::optional<sim::PlanEstimate>& a,
                    const std::optional<sim::PlanEstimate>& b) {
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) return;
    EXPECT_EQ(a->plan, b->plan);
    EXPECT_EQ(a->time.stepSeconds, b->time.stepSeconds); // bit for bit: the same evaluation
    EXPECT_EQ(a->memory.peakBytes, b->memory.peakBytes);
}

TEST(SearchBestOnly, AgreesWithTheFullSearchAtEveryMemorySqueeze) {
    // From plenty of memory (every plan fits) down to a squeeze where only the leanest plans fit,
    // and then to none, where the closest plan and its miss must be the full search's.
    for (double quantile : {1.0, 0.5, 0.05, 0.0}) {
        Scenario s = test::tinyScenario(2, 4, 64);
        test::squeezeMemory(s, quantile);
        if (quantile == 0.0) s.cluster.gpu.memoryBytes *= 0.5; // below the leanest plan
        const sim::SearchResult full = search(s, false, 2);
        for (int threads : {1, 2, 4}) {
            SCOPED_TRACE(testing::Message() << "quantile " << quantile << ", " << threads
                                            << " threads");
            const sim::SearchResult r = search(s, true, threads);
            EXPECT_FALSE(r.cancelled);
            EXPECT_EQ(r.anyFits, full.anyFits);
            EXPECT_EQ(r.gpus, full.gpus);
            EXPECT_EQ(r.usableBytes, full.usableBytes);
            EXPECT_TRUE(r.pareto.empty());
            ASSERT_EQ(r.frameworks.size(), full.frameworks.size());
            for (std::size_t i = 0; i < r.frameworks.size(); ++i) {
                const sim::FrameworkResult& got = r.frameworks[i];
                const sim::FrameworkResult& want = full.frameworks[i];
                SCOPED_TRACE(model::toString(want.framework));
                EXPECT_EQ(got.framework, want.framework);
                expectSamePlan(got.best, want.best);
                expectSamePlan(got.closest, want.closest);
                EXPECT_EQ(got.missBytes, want.missBytes);
                EXPECT_EQ(got.exclusionReasons, want.exclusionReasons);
                EXPECT_TRUE(got.runnersUp.empty());
                if (got.best) {
                    EXPECT_LE(got.timedPlans, want.timedPlans);
                }
            }
        }
    }
}

TEST(SearchBestOnly, TimesFewerPlansThanTheFullSearch) {
    // With memory to spare every plan fits: the full search times them all, the branch and bound
    // only those whose bound could beat the best found so far.
    Scenario s = test::tinyScenario(2, 4, 64);
    test::squeezeMemory(s, 1.0);
    const sim::SearchResult full = search(s, false, 1);
    const sim::SearchResult best = search(s, true, 1);
    EXPECT_GT(full.timedPlans, 0);
    EXPECT_LT(best.timedPlans, full.timedPlans);
}

TEST(SearchBestOnly, ACancelledSearchSaysSoForEveryFramework) {
    Scenario s = test::tinyScenario(2, 4, 64);
    sim::SearchOptions o;
    o.bestOnly = true;
    o.threads = 1;
    o.cancelled = [] { return true; };
    const sim::SearchResult r = sim::searchPlans(s, o);
    EXPECT_TRUE(r.cancelled);
    ASSERT_EQ(r.frameworks.size(), 4u);
    for (const sim::FrameworkResult& f : r.frameworks) {
        EXPECT_FALSE(f.best);
        ASSERT_EQ(f.exclusionReasons.size(), 1u);
        EXPECT_EQ(f.exclusionReasons.front().id, sim::MessageId::SearchCancelled);
    }
}

} // namespace
