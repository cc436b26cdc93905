// The planning use case (services/planning.h, docs/planning.md): one planning result per scenario,
// equal to what the simulator's own entry points give, and a cache that re-uses the search and the
// break points exactly when only what they do not read changed.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/advice_json.h>

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

namespace trainplan::services {
namespace {

namespace fs = std::filesystem;
using model::Framework;
using model::Scenario;

const model::Catalog& catalog() {
    static const model::Catalog c =
        model::loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return c;
}

Scenario load(const std::string& name) {
    model::ScenarioLoad l = model::loadScenarioFile(
        fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / (name + ".json"), catalog());
    EXPECT_TRUE(l.ok()) << name;
    return *l.scenario;
}

// The small example: 8 A100 over PCIe, so that its break-point scans take a fraction of a second.
const char* const kSmall = "llama2-7b-a100x8-pcie";

PlanningOptions withAdvice() {
    PlanningOptions o;
    o.advice = true;
    o.catalog = &catalog();
    return o;
}

std::string adviceText(const Scenario& s, const sim::Advice& a) {
    return sim::adviceToJson(s, a, sim::Lang::En).dump();
}

// Each framework's best plan and step time, and the Pareto front's size.
void expectSameSearch(const sim::SearchResult& a, const sim::SearchResult& b) {
    ASSERT_EQ(a.frameworks.size(), b.frameworks.size());
    for (std::size_t i = 0; i < a.frameworks.size(); ++i) {
        const sim::FrameworkResult& x = a.frameworks[i];
        const sim::FrameworkResult& y = b.frameworks[i];
        EXPECT_EQ(x.framework, y.framework);
        ASSERT_EQ(x.best.has_value(), y.best.has_value()) << model::toString(x.framework);
        if (x.best) {
            EXPECT_EQ(x.best->plan, y.best->plan) << x.best->plan.label();
            EXPECT_DOUBLE_EQ(x.best->time.stepSeconds, y.best->time.stepSeconds);
            EXPECT_DOUBLE_EQ(x.best->memory.peakBytes, y.best->memory.peakBytes);
        }
        EXPECT_EQ(x.fittingPlans, y.fittingPlans);
    }
    EXPECT_EQ(a.pareto.size(), b.pareto.size());
}

TEST(Planning, TheResultIsWhatTheSimulatorsOwnEntryPointsGive) {
    Scenario s = load(kSmall);
    const auto planned = planScenario(s, withAdvice());
    ASSERT_FALSE(planned->cancelled);
    expectSameSearch(*planned->search, sim::searchPlans(s));
    sim::AdvisorOptions ao;
    ao.catalog = &catalog();
    EXPECT_EQ(adviceText(s, *planned->advice), adviceText(s, sim::advise(s, ao)));
    EXPECT_EQ(planned->recommendation.framework, planned->advice->recommendation.framework);
    EXPECT_EQ(planned->recommendation.status, planned->advice->recommendation.status);
    ASSERT_EQ(planned->verdicts.size(), 4U);
    // The headline is the recommended framework's best plan.
    ASSERT_NE(planned->headline(), nullptr);
    EXPECT_EQ(planned->headline()->plan.framework, planned->recommendation.framework);
}

TEST(Planning, PinnedPlansAreEstimatedAndDoNotChangeTheSearch) {
    Scenario s = load(kSmall);
    const auto plain = planScenario(s, {});
    ASSERT_NE(plain->headline(), nullptr);
    s.plans.push_back(plain->headline()->plan);
    model::Plan bad;
    bad.tp = 3; // 32 heads are not divisible by 3
    s.plans.push_back(bad);
    const auto pinned = planScenario(s, {});
    ASSERT_EQ(pinned->pinned.size(), 2U);
    EXPECT_TRUE(pinned->pinned[0].valid);
    EXPECT_DOUBLE_EQ(pinned->pinned[0].estimate.time.stepSeconds,
                     plain->headline()->time.stepSeconds);
    EXPECT_FALSE(pinned->pinned[1].valid);
    expectSameSearch(*pinned->search, *plain->search);
}

TEST(Planning, ThePlanSpaceKeepsEveryPlanAndTheSameBestPlans) {
    const Scenario s = load(kSmall);
    PlanningOptions o;
    o.planSpace = true;
    const auto planned = planScenario(s, o);
    ASSERT_NE(planned->planSpace, nullptr);
    EXPECT_EQ(planned->planSpace->all.size(),
              static_cast<std::size_t>(planned->planSpace->timedPlans));
    EXPECT_GT(planned->planSpace->all.size(), 10U);
    expectSameSearch(*planned->planSpace, *planned->search);
}

TEST(Planner, ARepeatedRequestReusesTheSearchAndTheBreakPoints) {
    Planner planner;
    const Scenario s = load(kSmall);
    const auto first = planner.plan(s, withAdvice());
    const Planner::Counts afterFirst = planner.counts();
    EXPECT_EQ(afterFirst.breakPointsRun, 1);
    EXPECT_EQ(afterFirst.breakPointsReused, 0);
    const auto second = planner.plan(s, withAdvice());
    EXPECT_EQ(second->search, first->search); // the same object, not a copy
    const Planner::Counts afterSecond = planner.counts();
    EXPECT_EQ(afterSecond.searchesRun, afterFirst.searchesRun);
    EXPECT_EQ(afterSecond.breakPointsRun, 1);
    EXPECT_EQ(afterSecond.breakPointsReused, 1);
    EXPECT_EQ(adviceText(s, *second->advice), adviceText(s, *first->advice));
}

TEST(Planner, AReadinessTickRescoresWithoutSearchingAgain) {
    Planner planner;
    Scenario s = load(kSmall);
    s.team = {};
    s.platform = {};
    const auto before = planner.plan(s, withAdvice());
    const Planner::Counts c0 = planner.counts();

    Scenario ticked = s;
    ticked.team.experience = model::TeamExperience::ThreeD;
    ticked.team.debugDistributed = model::DebugSkill::Performance;
    ticked.platform.gangScheduling = true;
    ticked.name += " (ready)";
    const auto after = planner.plan(ticked, withAdvice());
    const Planner::Counts c1 = planner.counts();
    EXPECT_EQ(after->search, before->search);
    EXPECT_EQ(c1.searchesRun, c0.searchesRun); // the roadmap's target searches too
    EXPECT_EQ(c1.breakPointsRun, c0.breakPointsRun);
    EXPECT_GT(c1.searchesReused, c0.searchesReused);
    // And the re-used parts give exactly the advice a fresh computation gives.
    sim::AdvisorOptions ao;
    ao.catalog = &catalog();
    EXPECT_EQ(adviceText(ticked, *after->advice), adviceText(ticked, sim::advise(ticked, ao)));
    // The tick did change the answer's readiness: fewer weeks of prerequisites.
    auto weeks = [](const PlanningResult& r) {
        double total = 0;
        for (const sim::FrameworkFit& f : r.fits)
            total += f.readiness.requiredWeeks;
        return total;
    };
    EXPECT_LT(weeks(*after), weeks(*before));
}

TEST(Planner, AnEditTheSearchReadsSearchesAgain) {
    Planner planner;
    Scenario s = load(kSmall);
    const auto before = planner.plan(s, {});
    s.training.globalBatch *= 2;
    const auto after = planner.plan(s, {});
    EXPECT_NE(after->search, before->search);
    EXPECT_EQ(planner.counts().searchesRun, 2);
    expectSameSearch(*after->search, sim::searchPlans(s));
}

TEST(Planner, ConcurrentRequestsForOneScenarioSearchOnce) {
    Planner planner;
    const Scenario s = load(kSmall);
    std::shared_ptr<const PlanningResult> a;
    std::shared_ptr<const PlanningResult> b;
    std::thread first([&] { a = planner.plan(s, {}); });
    std::thread second([&] { b = planner.plan(s, {}); });
    first.join();
    second.join();
    EXPECT_EQ(planner.counts().searchesRun, 1);
    EXPECT_EQ(planner.counts().searchesReused, 1);
    EXPECT_EQ(a->search, b->search);
}

TEST(Planner, ACancelledPlanningIsMarkedAndNotKept) {
    Planner planner;
    const Scenario s = load(kSmall);
    PlanningOptions o;
    o.cancelled = [] { return true; };
    const auto cancelled = planner.plan(s, o);
    EXPECT_TRUE(cancelled->cancelled);
    EXPECT_EQ(cancelled->headline(), nullptr);
    EXPECT_EQ(planner.counts().searchesRun, 0);
    const auto done = planner.plan(s, {});
    EXPECT_FALSE(done->cancelled);
    EXPECT_EQ(planner.counts().searchesRun, 1);
}

TEST(Planner, SearchViewDropsOnlyWhatTheSearchDoesNotRead) {
    Scenario s = load(kSmall);
    Scenario t = s;
    t.name = "another name";
    t.team.experience = model::TeamExperience::ThreeD;
    t.stages.clear();
    t.plans.push_back(model::Plan{});
    EXPECT_EQ(searchView(s), searchView(t));
    t.cluster.nodes += 1;
    EXPECT_FALSE(searchView(s) == searchView(t));
    Scenario u = s;
    u.constraints.memoryHeadroomFraction = 0.2;
    EXPECT_FALSE(searchView(s) == searchView(u));
}

} // namespace
} // namespace trainplan::services
