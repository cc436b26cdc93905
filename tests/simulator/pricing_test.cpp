// Prices that follow the hardware (issue 20): which price a cost uses, and that an unpriced
// scenario says so instead of costing $0.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <stdexcept>

namespace trainplan::test {
namespace {

// The first framework's best plan (DDP does not fit 7B with Adam on one GPU's memory).
const sim::PlanEstimate& firstBest(const sim::SearchResult& r) {
    for (const auto& f : r.frameworks)
        if (f.best) return *f.best;
    throw std::runtime_error("no framework has a plan that fits");
}

model::Scenario llama(const char* gpu) {
    model::Scenario s = makeScenario("llama2-7b", gpu, 1, 8, 256);
    s.cluster.gpuHourUsd = 0;
    return s;
}

TEST(pricing, catalogDefaultFollowsTheGpu) {
    const sim::ResolvedPrice h100 = sim::resolvePrice(llama("H100-SXM5-80GB").cluster);
    EXPECT_EQ(h100.origin, sim::PriceOrigin::Catalog);
    EXPECT_DOUBLE_EQ(h100.usdPerGpuHour, 3.99); // Lambda 8x H100 SXM, read 2026-09-20
    EXPECT_EQ(h100.stated.date, "2026-09-20");
    const sim::ResolvedPrice h200 = sim::resolvePrice(llama("H200-SXM-141GB").cluster);
    EXPECT_DOUBLE_EQ(h200.usdPerGpuHour, 4.50); // Nebius HGX H200, read 2026-09-25
    EXPECT_NE(h200.describe().find("catalog"), std::string::npos) << h200.describe();
}

TEST(pricing, scenarioPriceWinsOverTableAndCatalog) {
    model::Scenario s = llama("H100-SXM5-80GB");
    model::PriceTable table;
    table.entries.push_back({"h100-sxm5-80gb", {}});
    table.entries.back().price.perGpuHour = 2.10;
    sim::applyPriceTable(s.cluster.gpu, table);
    EXPECT_EQ(sim::resolvePrice(s.cluster).origin, sim::PriceOrigin::PriceTable);
    EXPECT_DOUBLE_EQ(sim::resolvePrice(s.cluster).usdPerGpuHour, 2.10);
    s.cluster.gpuHourUsd = 1.5;
    EXPECT_EQ(sim::resolvePrice(s.cluster).origin, sim::PriceOrigin::Scenario);
    EXPECT_DOUBLE_EQ(sim::resolvePrice(s.cluster).usdPerGpuHour, 1.5);
}

TEST(pricing, cnyRowConvertsAtTheTablesRateAndTheSelectorPicksTheRow) {
    model::Scenario s = llama("H20");
    model::PriceTable table;
    table.cnyPerUsd = 7.2;
    model::PriceTableEntry a{"H20", {}};
    a.price.perGpuHour = 14.4;
    a.price.currency = model::Currency::Cny;
    a.price.cloud = "volcengine";
    a.price.date = "2026-10-01";
    model::PriceTableEntry b = a;
    b.price.cloud = "aliyun";
    b.price.perGpuHour = 21.6;
    table.entries = {a, b};
    sim::applyPriceTable(s.cluster.gpu, table, "aliyun");
    EXPECT_DOUBLE_EQ(sim::resolvePrice(s.cluster).usdPerGpuHour, 3.0); // 21.6 / 7.2
    sim::applyPriceTable(s.cluster.gpu, table, "volcengine");
    EXPECT_DOUBLE_EQ(sim::resolvePrice(s.cluster).usdPerGpuHour, 2.0); // 14.4 / 7.2
    EXPECT_NE(sim::resolvePrice(s.cluster).describe().find("¥14.40/GPU-h"), std::string::npos);
}

// Regression: a scenario without gpu_hour_usd used to cost "$0" everywhere.
TEST(pricing, unpricedScenarioSaysSoAndNeverCostsZero) {
    const model::Scenario s = llama("H20"); // no sourced catalog price
    const sim::ResolvedPrice p = sim::resolvePrice(s.cluster);
    EXPECT_FALSE(p.priced());
    EXPECT_NE(p.describe().find("no price for H20"), std::string::npos) << p.describe();
    EXPECT_NE(p.describe().find("China-market"), std::string::npos) << p.describe();
    const sim::SearchResult r = sim::searchPlans(s);
    const sim::CostEstimate& c = firstBest(r).cost;
    EXPECT_FALSE(c.priced);
    EXPECT_EQ(c.usd, 0.0);
    EXPECT_GT(c.gpuHours, 0.0);
}

TEST(pricing, goodputCostUsesTheEstimatesPrice) {
    const model::Scenario s = llama("A100-SXM4-80GB"); // $2.79 catalog
    const sim::SearchResult r = sim::searchPlans(s);
    const sim::PlanEstimate& e = firstBest(r);
    EXPECT_TRUE(e.cost.priced);
    EXPECT_DOUBLE_EQ(e.cost.usdPerGpuHour, 2.79);
    EXPECT_NEAR(e.cost.usd, e.cost.gpuHours * 2.79, 1e-9 * e.cost.usd);
    const sim::GoodputEstimate g = sim::estimateGoodput(s, e);
    EXPECT_NEAR(g.usd, g.gpuHours * 2.79, 1e-9 * g.usd);
}

TEST(pricing, everyCatalogGpuHasASourcedDatedPriceOrSaysWhyNot) {
    for (const model::GpuSpec& g : catalog().gpus) {
        const model::GpuPrice& p = g.listPrice;
        if (p.priced()) {
            EXPECT_FALSE(p.source.empty()) << g.name;
            EXPECT_TRUE(model::isIsoDate(p.date)) << g.name << ": " << p.date;
        } else {
            EXPECT_FALSE(p.unpricedReason.empty()) << g.name;
        }
        EXPECT_GT(g.tdpWatts, 0) << g.name << ": the power draw energy is costed with";
    }
}

} // namespace
} // namespace trainplan::test
