// The one set of number and unit formats (issue 19 item 3), hand-checked in both languages.
#include <trainplan/simulator/number_format.h>

#include <gtest/gtest.h>

#include <limits>

using namespace trainplan::sim;

TEST(NumberFormat, CountsUseSiPrefixesOrWanAndYi) {
    EXPECT_EQ(formatCount(1234, Lang::En), "1234");
    EXPECT_EQ(formatCount(22900, Lang::En), "22.9k");
    EXPECT_EQ(formatCount(7.06e10, Lang::En), "70.6B");
    EXPECT_EQ(formatCount(1.5e12, Lang::En), "1.50T");
    EXPECT_EQ(formatCount(1234, Lang::ZhCN), "1234");
    EXPECT_EQ(formatCount(2.29e5, Lang::ZhCN), "22.9万");
    EXPECT_EQ(formatCount(7.06e10, Lang::ZhCN), "706亿");
    EXPECT_EQ(formatCount(1.5e12, Lang::ZhCN), "1.50万亿");
    // Rounding never shows "1000万": 9.9996e7 is 1.00亿.
    EXPECT_EQ(formatCount(9.9996e7, Lang::ZhCN), "1.00亿");
}

TEST(NumberFormat, TimesInSecondsAndDaysWithChineseUnits) {
    EXPECT_EQ(formatSeconds(25e-6, Lang::En), "25.0 µs");
    EXPECT_EQ(formatSeconds(0.0123, Lang::En), "12.3 ms");
    EXPECT_EQ(formatSeconds(18.3, Lang::En), "18.3 s");
    EXPECT_EQ(formatSeconds(190.9, Lang::En), "191 s");
    EXPECT_EQ(formatSeconds(0.0123, Lang::ZhCN), "12.3 毫秒");
    EXPECT_EQ(formatSeconds(18.3, Lang::ZhCN), "18.3 秒");
    EXPECT_EQ(formatDuration(75.8 * 86400, Lang::En), "75.8 days");
    EXPECT_EQ(formatDuration(75.8 * 86400, Lang::ZhCN), "75.8 天");
    EXPECT_EQ(formatDuration(5 * 3600, Lang::ZhCN), "5.00 小时");
}

TEST(NumberFormat, RatesPercentAndMoney) {
    EXPECT_EQ(formatTokensPerSecond(2.29e5, Lang::En), "229k tokens/s");
    EXPECT_EQ(formatTokensPerSecond(2.29e5, Lang::ZhCN), "22.9万 token/秒");
    EXPECT_EQ(formatFlopsPerSecond(431e12), "431 TFLOP/s");
    EXPECT_EQ(formatPercent(0.436), "43.6%");
    EXPECT_EQ(formatPercent(0.05, 0), "5%");
    EXPECT_EQ(formatMoney(1.16e6, "$", Lang::En), "$1.16M");
    EXPECT_EQ(formatMoney(1.16e6, "$", Lang::ZhCN), "$116万");
    // The advisor's sentences format through the same functions.
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Seconds, 18.3), Lang::ZhCN), "18.3 秒");
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Usd, 1.16e6), Lang::En), "$1.16M");
}

TEST(NumberFormat, NonFiniteValuesShowADash) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(formatCount(nan, Lang::En), "—");
    EXPECT_EQ(formatSeconds(std::numeric_limits<double>::infinity(), Lang::ZhCN), "—");
    EXPECT_EQ(formatPercent(nan), "—");
}

// Chart axes group as the counts do: 亿 for parameters and 万/亿 for money in Chinese, never 十亿 or
// 百万 (issue 19: "万/亿 consistently").
TEST(NumberFormat, AxisUnitsGroupAsCountsDo) {
    const AxisUnit enParams = parametersAxis(Lang::En), zhParams = parametersAxis(Lang::ZhCN);
    EXPECT_EQ(enParams.suffix, "billions");
    EXPECT_DOUBLE_EQ(70.6e9 / enParams.divisor, 70.6);
    EXPECT_EQ(zhParams.suffix, "亿");
    EXPECT_DOUBLE_EQ(70.6e9 / zhParams.divisor, 706.0); // formatCount writes 706亿
    EXPECT_EQ(formatCount(70.6e9, Lang::ZhCN), "706亿");
    const AxisUnit zhSmall = moneyAxis(8.81e5, Lang::ZhCN), zhLarge = moneyAxis(3.2e8, Lang::ZhCN);
    EXPECT_EQ(zhSmall.suffix, "万");
    EXPECT_DOUBLE_EQ(8.81e5 / zhSmall.divisor, 88.1); // formatMoney writes $88.1万
    EXPECT_EQ(formatMoney(8.81e5, "$", Lang::ZhCN), "$88.1万");
    EXPECT_EQ(zhLarge.suffix, "亿");
    EXPECT_DOUBLE_EQ(3.2e8 / zhLarge.divisor, 3.2);
    const AxisUnit en = moneyAxis(3.2e8, Lang::En);
    EXPECT_EQ(en.suffix, "million");
    EXPECT_DOUBLE_EQ(3.2e8 / en.divisor, 320.0);
}
