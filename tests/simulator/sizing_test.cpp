// What-if sizing (issue 20): pruning against the exhaustive search, the monotonicity properties,
// the binding-constraint analysis and the cache that makes a re-answer cheap.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/flops.h>
#include <trainplan/simulator/sizing.h>
#include <trainplan/simulator/sizing_json.h>
#include <trainplan/simulator/sizing_text.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace trainplan::test {
namespace {

using sim::SizedConfig;
using sim::SizingConstraints;

constexpr double kDay = 86400.0;

// GPT 1.7B (Narayanan et al. 2021 Table 1's smallest) with a small plan space so a full sizing
// runs in well under a second per call: micro-batch 1, selective recompute, Megatron and FSDP.
const model::Scenario& base() {
    static const model::Scenario s = [] {
        model::Scenario x = makeScenario("gpt-1.7b", "H100-SXM5-80GB", 1, 8, 512,
                                         "NVLink4-NVSwitch", "InfiniBand-NDR-400");
        x.training.trainTokens = 3e11;
        x.cluster.gpuHourUsd = 0; // prices come from the GPUs
        x.constraints.microBatch = 1;
        x.constraints.recompute = model::Recompute::Selective;
        x.constraints.frameworks = {model::Framework::Megatron, model::Framework::Fsdp};
        return x;
    }();
    return s;
}

model::GpuSpec gpu(const char* name, double usd) {
    model::GpuSpec g = *catalog().findGpu(name);
    g.listPrice = {};
    g.listPrice.perGpuHour = usd;
    g.listPrice.source = "test";
    g.listPrice.date = "2026-01-01";
    return g;
}

sim::SizingInputs inputs(std::vector<model::GpuSpec> gpus, bool prune) {
    sim::SizingInputs in;
    in.scenario = &base();
    in.catalog = &catalog();
    in.gpus = std::move(gpus);
    in.maxGpus = 48;
    in.prune = prune;
    return in;
}

// constraints.max_gpus may exceed the scenario's cluster: it is how far sizing looks, while the
// scenario's own plans keep using its cluster (Scenario::planGpus).
TEST(Sizing, MaxGpusBeyondTheClusterIsHowFarSizingLooks) {
    model::Scenario s = base(); // one node of 8 GPUs
    s.constraints.maxGpus = 48;
    EXPECT_EQ(s.planGpus(), 8);
    EXPECT_EQ(sim::sizingMaxGpus(s), 48);
    const std::vector<int> nodes = sim::sizingNodeCounts(s, sim::sizingMaxGpus(s));
    ASSERT_FALSE(nodes.empty());
    EXPECT_EQ(nodes.back(), 6);
}

std::vector<model::GpuSpec> smallCatalog() {
    return {gpu("H100-SXM5-80GB", 3.99), gpu("A100-SXM4-80GB", 2.79), gpu("L40S", 1.09)};
}

// Every candidate evaluated once: the reference the pruned search must reproduce.
sim::SizingCache& exhaustiveCache() {
    static sim::SizingCache cache;
    return cache;
}

sim::SizingResult exhaustive(const SizingConstraints& k) {
    return sim::sizeCluster(inputs(smallCatalog(), false), k, &exhaustiveCache());
}

std::string key(const SizedConfig& c) {
    return c.gpu + "/" + std::to_string(c.systemIndex) + "/" + std::to_string(c.nodes) + "/" +
           c.plan.label();
}

void expectSameAnswer(const sim::SizingResult& a, const sim::SizingResult& b) {
    ASSERT_EQ(a.front.size(), b.front.size());
    for (std::size_t i = 0; i < a.front.size(); ++i) {
        EXPECT_EQ(key(a.front[i].config), key(b.front[i].config)) << i;
        EXPECT_DOUBLE_EQ(a.front[i].config.expectedUsd, b.front[i].config.expectedUsd);
        EXPECT_DOUBLE_EQ(a.front[i].config.expectedSeconds, b.front[i].config.expectedSeconds);
        EXPECT_EQ(a.front[i].reason, b.front[i].reason);
    }
    ASSERT_EQ(a.cheapestMeetingDeadline.has_value(), b.cheapestMeetingDeadline.has_value());
    if (a.cheapestMeetingDeadline) {
        EXPECT_EQ(key(a.cheapestMeetingDeadline->best), key(b.cheapestMeetingDeadline->best));
        EXPECT_EQ(a.cheapestMeetingDeadline->perFramework.size(),
                  b.cheapestMeetingDeadline->perFramework.size());
    }
    ASSERT_EQ(a.fastestWithinBudget.has_value(), b.fastestWithinBudget.has_value());
    if (a.fastestWithinBudget) {
        EXPECT_EQ(key(a.fastestWithinBudget->best), key(b.fastestWithinBudget->best));
    }
    ASSERT_EQ(a.topPerFramework.size(), b.topPerFramework.size());
    for (std::size_t f = 0; f < a.topPerFramework.size(); ++f) {
        ASSERT_EQ(a.topPerFramework[f].second.size(), b.topPerFramework[f].second.size()) << f;
        for (std::size_t i = 0; i < a.topPerFramework[f].second.size(); ++i)
            EXPECT_EQ(key(a.topPerFramework[f].second[i]), key(b.topPerFramework[f].second[i]));
    }
    EXPECT_EQ(a.binding.binding, b.binding.binding);
}

double minCost(const sim::SizingResult& r) {
    return r.cheapestMeetingDeadline ? r.cheapestMeetingDeadline->best.expectedUsd : 1e300;
}
double minTime(const sim::SizingResult& r) {
    return r.fastestWithinBudget ? r.fastestWithinBudget->best.expectedSeconds : 1e300;
}

TEST(sizing, nodeCountsArePowersOfTwoAndThreeTimesPowersOfTwoUpTo16384Gpus) {
    const std::vector<int> n = sim::sizingNodeCounts(base(), 16384);
    // 1, 2, 4, …, 2048 (12 powers of two) and 3, 6, …, 1536 (10 three-times-powers): 22 counts.
    ASSERT_EQ(n.size(), 22u);
    EXPECT_EQ(n.front(), 1);
    EXPECT_EQ(n[2], 3);
    EXPECT_EQ(n[4], 6);
    EXPECT_EQ(n.back(), 2048);
    EXPECT_EQ(n[n.size() - 2], 1536);
}

TEST(sizing, computeLowerBoundIsBelowEveryExpectedTime) {
    const sim::SizingResult r = exhaustive({});
    ASSERT_FALSE(r.front.empty());
    long long checked = 0;
    for (const auto& entry : exhaustiveCache().entries)
        for (const auto& list : entry.second.perFramework)
            for (const SizedConfig& c : list) {
                const model::GpuSpec& g = *catalog().findGpu(c.gpu);
                const double lb = sim::computeLowerBoundSeconds(base(), g, c.gpus);
                EXPECT_LE(lb, c.usefulSeconds) << key(c);
                EXPECT_LE(c.usefulSeconds, c.expectedSeconds) << key(c);
                // MFU is what separates them: useful time = bound / MFU (same FLOPs and peak).
                EXPECT_NEAR(lb / c.usefulSeconds, c.mfu, 1e-6) << key(c);
                // Expected cost = expected GPU-hours × price.
                EXPECT_NEAR(c.expectedUsd,
                            c.expectedSeconds / 3600.0 * static_cast<double>(c.gpus) *
                                c.usdPerGpuHour,
                            1e-6 * c.expectedUsd);
                ++checked;
            }
    EXPECT_GT(checked, 20);
}

TEST(sizing, pruningNeverLosesWhatTheExhaustiveSearchFinds) {
    const sim::SizingResult all = exhaustive({});
    ASSERT_GE(all.front.size(), 2u);
    const double fastest = all.front.front().config.expectedSeconds;
    const double cheapest = all.front.back().config.expectedUsd;
    const std::vector<SizingConstraints> cases = {
        {},
        {fastest * 1.5, std::nullopt},
        {std::nullopt, cheapest * 1.2},
        {fastest * 2.0, cheapest * 1.5},
        {fastest * 0.5, std::nullopt},     // impossible deadline
        {std::nullopt, cheapest * 0.5},    // impossible budget
        {fastest * 1.05, cheapest * 1.01}, // likely conflicting
    };
    long long prunedTotal = 0;
    for (const SizingConstraints& k : cases) {
        const sim::SizingResult ex = exhaustive(k);
        const sim::SizingResult pr = sim::sizeCluster(inputs(smallCatalog(), true), k);
        expectSameAnswer(pr, ex);
        prunedTotal +=
            pr.prunedByDeadline + pr.prunedByBudget + pr.prunedByDominance + pr.prunedSearches;
        EXPECT_LE(pr.evaluated, all.candidates);
    }
    EXPECT_GT(prunedTotal, 0); // the bounds did skip work
}

TEST(sizing, frameworksSearchedOnSeveralThreadsGiveTheSameAnswer) {
    const SizingConstraints k{std::nullopt, std::nullopt};
    sim::SizingInputs one = inputs(smallCatalog(), true);
    one.threads = 1;
    sim::SizingInputs two = one;
    two.threads = 2;
    const sim::SizingResult a = sim::sizeCluster(one, k);
    const sim::SizingResult b = sim::sizeCluster(two, k);
    expectSameAnswer(a, b);
    EXPECT_EQ(a.evaluated, b.evaluated);
    EXPECT_EQ(a.prunedSearches, b.prunedSearches);
    expectSameAnswer(b, exhaustive(k));
}

TEST(sizing, laterDeadlineNeverRaisesTheMinimumCost) {
    const sim::SizingResult all = exhaustive({});
    const double fastest = all.front.front().config.expectedSeconds;
    double previous = 1e300;
    for (double f : {1.0, 1.2, 1.5, 2.0, 3.0, 5.0, 10.0, 100.0}) {
        const double cost = minCost(exhaustive({fastest * f, std::nullopt}));
        EXPECT_LE(cost, previous) << "deadline × " << f;
        previous = cost;
    }
    EXPECT_DOUBLE_EQ(previous, all.front.back().config.expectedUsd);
}

TEST(sizing, largerBudgetNeverLengthensTheMinimumTime) {
    const sim::SizingResult all = exhaustive({});
    const double cheapest = all.front.back().config.expectedUsd;
    double previous = 1e300;
    for (double f : {1.0, 1.05, 1.2, 1.5, 2.0, 4.0, 100.0}) {
        const double t = minTime(exhaustive({std::nullopt, cheapest * f}));
        EXPECT_LE(t, previous) << "budget × " << f;
        previous = t;
    }
    EXPECT_DOUBLE_EQ(previous, all.front.front().config.expectedSeconds);
}

TEST(sizing, raisingOneGpusPriceNeverAddsItToTheFront) {
    auto frontGpus = [](const sim::SizingResult& r) {
        std::set<std::string> s;
        for (const auto& p : r.front)
            s.insert(p.config.gpu);
        return s;
    };
    const SizingConstraints k{};
    for (std::size_t raised = 0; raised < smallCatalog().size(); ++raised) {
        const std::string name = smallCatalog()[raised].name;
        const bool before = frontGpus(exhaustive(k)).count(name) > 0;
        for (double factor : {1.5, 3.0, 10.0}) {
            std::vector<model::GpuSpec> gpus = smallCatalog();
            gpus[raised].listPrice.perGpuHour *= factor;
            const sim::SizingResult r = sim::sizeCluster(inputs(gpus, true), k);
            const bool after = frontGpus(r).count(name) > 0;
            EXPECT_TRUE(before || !after) << name << " × " << factor;
        }
    }
}

TEST(sizing, bindingConstraintNamesWhatEachOneNeedsInBothLanguages) {
    const sim::SizingResult all = exhaustive({});
    const SizedConfig& fastest = all.front.front().config;
    const SizedConfig& cheapest = all.front.back().config;
    ASSERT_LT(fastest.expectedSeconds, cheapest.expectedSeconds);
    // The deadline only the fastest meets, the budget only the cheapest fits.
    const SizingConstraints k{fastest.expectedSeconds, cheapest.expectedUsd};
    const sim::SizingResult r = sim::sizeCluster(inputs(smallCatalog(), true), k);
    ASSERT_TRUE(r.front.empty());
    EXPECT_EQ(r.binding.binding, sim::Binding::Both);
    ASSERT_TRUE(r.binding.cheapestMeetingDeadline && r.binding.fastestWithinBudget);
    EXPECT_EQ(key(*r.binding.cheapestMeetingDeadline), key(fastest));
    EXPECT_EQ(key(*r.binding.fastestWithinBudget), key(cheapest));
    EXPECT_DOUBLE_EQ(r.binding.overBudgetUsd, fastest.expectedUsd - cheapest.expectedUsd);
    EXPECT_DOUBLE_EQ(r.binding.lateSeconds, cheapest.expectedSeconds - fastest.expectedSeconds);
    const std::string en = sim::bindingText(r, {});
    EXPECT_NE(
        en.find("the deadline needs ≥ " + sim::groupedCount(fastest.gpus) + " " + fastest.gpu),
        std::string::npos)
        << en;
    EXPECT_NE(en.find("the budget allows " + sim::groupedCount(cheapest.gpus)), std::string::npos)
        << en;
    sim::SizingTextOptions zh;
    zh.lang = sim::Lang::ZhCN;
    EXPECT_NE(sim::bindingText(r, zh).find("满足期限至少需要"), std::string::npos);
    // The chosen cluster's line joins with the full-width comma in Chinese, the ASCII one in
    // English.
    const sim::ChosenCluster chosen{fastest, {}, 2 * 86400.0, 1000.0};
    const std::string zhLine = sim::chosenClusterText(chosen, "FSDP", zh);
    EXPECT_NE(zhLine.find(")，FSDP "), std::string::npos) << zhLine;
    EXPECT_NE(zhLine.find(" 天，$"), std::string::npos) << zhLine;
    EXPECT_NE(zhLine.find("（余量：2.0 天，$1000）"), std::string::npos) << zhLine;
    EXPECT_NE(sim::chosenClusterText(chosen, "FSDP", {}).find("(slack: 2.0 days, "),
              std::string::npos);

    const sim::SizingResult late = sim::sizeCluster(inputs(smallCatalog(), true),
                                                    {fastest.expectedSeconds * 0.5, std::nullopt});
    EXPECT_EQ(late.binding.binding, sim::Binding::Deadline);
    ASSERT_TRUE(late.binding.fastestOverall);
    EXPECT_EQ(key(*late.binding.fastestOverall), key(fastest));
    const sim::SizingResult poor =
        sim::sizeCluster(inputs(smallCatalog(), true), {std::nullopt, cheapest.expectedUsd * 0.5});
    EXPECT_EQ(poor.binding.binding, sim::Binding::Budget);
    ASSERT_TRUE(poor.binding.cheapestOverall);
    EXPECT_EQ(key(*poor.binding.cheapestOverall), key(cheapest));
}

TEST(sizing, reAnswerAfterATighterDeadlineReusesEverySearchAlreadyRun) {
    sim::SizingCache cache;
    const sim::SizingInputs in = inputs(smallCatalog(), true);
    const sim::SizingResult first = sim::sizeCluster(in, {}, &cache);
    ASSERT_FALSE(first.front.empty());
    const double t = first.front.front().config.expectedSeconds;
    const sim::SizingResult again = sim::sizeCluster(in, {t * 3, std::nullopt}, &cache);
    // Only searches the first answer skipped as dominated can run again: the deadline removes
    // configurations that dominated them. Everything searched before is reused.
    EXPECT_LE(again.searches, first.prunedSearches);
    EXPECT_LT(again.searches, first.searches);
    EXPECT_GT(again.cachedCandidates, 0);
    expectSameAnswer(again, exhaustive({t * 3, std::nullopt}));
}

TEST(sizing, unpricedGpuIsLeftOutWithItsReason) {
    std::vector<model::GpuSpec> gpus = smallCatalog();
    gpus.push_back(*catalog().findGpu("H20")); // the catalog has no sourced price for it
    const sim::SizingResult r = sim::sizeCluster(inputs(gpus, true), {});
    ASSERT_EQ(r.prices.size(), 4u);
    EXPECT_FALSE(r.prices[3].priced());
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes[0].find("H20 left out: no price"), std::string::npos) << r.notes[0];
    for (const auto& p : r.front)
        EXPECT_NE(p.config.gpu, "H20");
}

TEST(sizing, jsonDocumentListsFrontChoicesPricesAndCatalogEntries) {
    const sim::SizingInputs in = inputs(smallCatalog(), true);
    const sim::SizingResult r = sim::sizeCluster(in, {});
    const nlohmann::json j = sim::sizingDocument(base(), in, r, {});
    EXPECT_EQ(j.at("schema"), "trainplan.sizing.v1");
    EXPECT_EQ(j.at("front").size(), r.front.size());
    EXPECT_EQ(j.at("front")[0].at("reason"), "fastest");
    EXPECT_EQ(j.at("prices").size(), 3u);
    EXPECT_EQ(j.at("prices")[0].at("usd_per_gpu_hour"), 3.99);
    EXPECT_EQ(j.at("catalog").at("gpus").size(), 3u);
    EXPECT_TRUE(j.at("cheapest_meeting_deadline").at("found"));
    EXPECT_EQ(j.at("binding").at("binding"), "none");
    EXPECT_EQ(j.at("constraints").at("deadline_s"), "none");
}

} // namespace
} // namespace trainplan::test
