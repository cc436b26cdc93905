// The library's price table (schema v4) and exchange rate: validated, upserted by GPU and
// cloud/region/contract, removable, and read back as a model::PriceTable.

#include "store_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::StoreErrorKind;

model::PriceTableEntry row(const std::string& gpu, double amount, const std::string& cloud = {},
                           model::Currency cur = model::Currency::Usd) {
    model::PriceTableEntry e;
    e.gpu = gpu;
    e.price.perGpuHour = amount;
    e.price.currency = cur;
    e.price.cloud = cloud;
    e.price.source = "our contract";
    e.price.date = "2026-11-01";
    return e;
}

TEST(storePrices, RowsAreAddedReplacedByTheirKeyAndRemoved) {
    store::Store s = memoryStore();
    EXPECT_TRUE(s.priceTable().entries.empty());
    EXPECT_TRUE(s.putPrice(row("H100-SXM5-80GB", 2.2, "coreweave")));
    EXPECT_TRUE(s.putPrice(row("h100-sxm5-80gb", 2.5, "lambda")));
    EXPECT_FALSE(s.putPrice(row("H100-SXM5-80GB", 2.0, "CoreWeave"))); // same key, any case
    EXPECT_TRUE(s.putPrice(row("H20", 14.0, "aliyun", model::Currency::Cny)));
    const model::PriceTable t = s.priceTable();
    ASSERT_EQ(t.entries.size(), 3u);
    const model::PriceTableEntry* cw = t.find("H100-SXM5-80GB", "coreweave");
    ASSERT_NE(cw, nullptr);
    EXPECT_DOUBLE_EQ(cw->price.perGpuHour, 2.0);
    EXPECT_EQ(cw->price.origin, "price table");
    EXPECT_EQ(t.find("H20")->price.currency, model::Currency::Cny);
    s.removePrice("H100-SXM5-80GB", "lambda");
    EXPECT_EQ(s.priceTable().entries.size(), 2u);
    EXPECT_EQ(storeErrorOf([&] { s.removePrice("H100-SXM5-80GB", "lambda"); }).kind(),
              StoreErrorKind::NotFound);
}

TEST(storePrices, BadRowsAreRejectedWithEveryField) {
    store::Store s = memoryStore();
    model::PriceTableEntry bad = row("H10", 0);
    bad.price.date = "2026-02-30";
    const store::StoreError e = storeErrorOf([&] { s.putPrice(bad); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    ASSERT_EQ(e.issues().size(), 3u);
    EXPECT_EQ(e.issues()[0].path, "gpu");
    EXPECT_NE(e.issues()[0].message.find("did you mean"), std::string::npos)
        << e.issues()[0].message;
    EXPECT_EQ(e.issues()[1].path, "per_gpu_hour");
    EXPECT_EQ(e.issues()[2].path, "date");
    EXPECT_TRUE(s.priceTable().entries.empty());
}

TEST(storePrices, ExchangeRateHasADatedDefaultUntilTheUserSetsOne) {
    store::Store s = memoryStore();
    EXPECT_TRUE(s.priceTable().defaultRate);
    EXPECT_DOUBLE_EQ(s.priceTable().cnyPerUsd, model::kDefaultCnyPerUsd);
    EXPECT_EQ(s.priceTable().cnyPerUsdDate, "2026-01-08");
    s.setExchangeRate(7.25, "2026-11-30");
    const model::PriceTable t = s.priceTable();
    EXPECT_FALSE(t.defaultRate);
    EXPECT_DOUBLE_EQ(t.cnyPerUsd, 7.25);
    EXPECT_EQ(t.cnyPerUsdDate, "2026-11-30");
    EXPECT_EQ(storeErrorOf([&] { s.setExchangeRate(-1, "2026-11-30"); }).kind(),
              StoreErrorKind::Invalid);
    EXPECT_EQ(storeErrorOf([&] { s.setExchangeRate(7, "yesterday"); }).issues().size(), 1u);
}

} // namespace
} // namespace trainplan::test
