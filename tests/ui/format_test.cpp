#include "ui_test_support.h"

#include <trainplan/simulator/advice_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/language.h>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

class FormatTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        installLanguage(QStringLiteral("en"));
        setDisplayUnits({});
    }
    void TearDown() override {
        installLanguage(QStringLiteral("en"));
        setDisplayUnits({});
    }
};

TEST_F(FormatTest, BytesUseBinaryOrDecimalUnits) {
    EXPECT_EQ(formatBytes(80.0 * 1024 * 1024 * 1024), QStringLiteral("80.0 GiB"));
    EXPECT_EQ(formatBytes(1.5 * 1024 * 1024), QStringLiteral("1.50 MiB"));
    EXPECT_EQ(formatBytes(2.0 * 1024 * 1024 * 1024 * 1024), QStringLiteral("2.00 TiB"));
    // The window and the reports share one formatter (sim::formatBytes): the same plan reads
    // the same in both.
    const double peak = 1342.8 * 1024 * 1024 * 1024;
    EXPECT_EQ(formatBytes(peak), QStringLiteral("1.31 TiB"));
    EXPECT_EQ(formatBytes(peak).toStdString(),
              sim::formatArg(sim::MessageArg::number(sim::ArgKind::Bytes, peak), sim::Lang::En));
    EXPECT_EQ(formatBytes(0.0), QStringLiteral("0 B"));
    setDisplayUnits({MemoryUnit::Decimal, QStringLiteral("$"), 1.0});
    EXPECT_EQ(formatBytes(80e9), QStringLiteral("80.0 GB"));
    EXPECT_EQ(memoryUnitName(), QStringLiteral("GB"));
}

TEST_F(FormatTest, SecondsPickAReadableUnit) {
    EXPECT_EQ(formatSeconds(0.0123), QStringLiteral("12.3 ms"));
    EXPECT_EQ(formatSeconds(4.56), QStringLiteral("4.56 s"));
    EXPECT_EQ(formatSeconds(25e-6), QStringLiteral("25.0 µs"));
    EXPECT_EQ(formatSeconds(600), QStringLiteral("600 s")); // a step stays in seconds
}

TEST_F(FormatTest, DurationsGoUpToDays) {
    EXPECT_EQ(formatDuration(1800), QStringLiteral("30.0 min"));
    EXPECT_EQ(formatDuration(5 * 3600), QStringLiteral("5.00 hours"));
    EXPECT_EQ(formatDuration(12.5 * 86400), QStringLiteral("12.5 days"));
    EXPECT_EQ(formatDuration(2 * 365.25 * 86400), QStringLiteral("730 days"));
}

TEST_F(FormatTest, RatesPercentAndMoney) {
    EXPECT_EQ(formatFlopsPerSecond(989e12), QStringLiteral("989 TFLOP/s"));
    EXPECT_EQ(formatFlopsPerSecond(1.98e15), QStringLiteral("1.98 PFLOP/s"));
    EXPECT_EQ(formatTokensPerSecond(1.234e6), QStringLiteral("1.23M tokens/s"));
    EXPECT_EQ(formatTokensPerSecond(22900), QStringLiteral("22.9k tokens/s"));
    EXPECT_EQ(formatPercent(0.4567), QStringLiteral("45.7%"));
    EXPECT_EQ(formatCurrency(2.5e6), QStringLiteral("$2.50M"));
    setDisplayUnits({MemoryUnit::Binary, QStringLiteral("¥"), 7.0});
    EXPECT_EQ(formatCurrency(1e6), QStringLiteral("¥7.00M"));
    EXPECT_EQ(formatParameters(70.6e9), QStringLiteral("70.6B parameters"));
    EXPECT_EQ(formatBytesPerSecond(900e9), QStringLiteral("900 GB/s"));
    EXPECT_EQ(formatBytesPerSecond(3.35e12), QStringLiteral("3.35 TB/s"));
    EXPECT_EQ(formatBitsPerSecond(50e9), QStringLiteral("400 Gb/s"));
    EXPECT_EQ(tokensPerSecondScale(2.5e6).suffix, QStringLiteral("M tokens/s"));
    EXPECT_EQ(tokensPerSecondScale(2.5e6).divisor, 1e6);
}

// Issue 19 item 3: the window's numbers are the simulator's formats, the ones the CLI, the report
// and the deck print, in both languages (seconds in 秒 and throughput in token/秒 in Chinese).
TEST_F(FormatTest, TheWindowWritesNumbersAsEveryOtherSurfaceDoes) {
    using sim::ArgKind;
    auto simText = [](ArgKind kind, double v, sim::Lang lang) {
        return QString::fromStdString(sim::formatArg(sim::MessageArg::number(kind, v), lang));
    };
    for (const char* language : {"en", "zh_CN"}) {
        installLanguage(QString::fromLatin1(language));
        const sim::Lang lang =
            QString::fromLatin1(language) == QStringLiteral("en") ? sim::Lang::En : sim::Lang::ZhCN;
        for (const double s : {0.0123, 4.56, 18.3})
            EXPECT_EQ(formatSeconds(s), simText(ArgKind::Seconds, s, lang)) << language << s;
        for (const double s : {1800.0, 5 * 3600.0, 75.8 * 86400})
            EXPECT_EQ(formatDuration(s), simText(ArgKind::Duration, s, lang)) << language << s;
        EXPECT_EQ(formatPercent(0.436), simText(ArgKind::Percent, 0.436, lang));
        EXPECT_EQ(formatCurrency(1.16e6), simText(ArgKind::Usd, 1.16e6, lang));
        EXPECT_EQ(formatCount(7.06e10), simText(ArgKind::Parameters, 7.06e10, lang));
    }
    installLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(formatSeconds(18.3), QStringLiteral("18.3 秒"));
    EXPECT_EQ(formatTokensPerSecond(2.29e5), QStringLiteral("22.9万 token/秒"));
    EXPECT_EQ(formatCurrency(1.16e6), QStringLiteral("$116万"));
    // Units and axes too come from the simulator's formats, in 万/亿 as the counts.
    EXPECT_EQ(formatParameters(7.06e10), QStringLiteral("706亿 参数"));
    EXPECT_EQ(
        formatBytesPerSecond(3.35e12).toStdString(),
        sim::formatArg(sim::MessageArg::number(ArgKind::BytesPerSecond, 3.35e12), sim::Lang::ZhCN));
    EXPECT_EQ(tokensPerSecondScale(2.5e6).suffix, QStringLiteral("万 token/秒"));
    EXPECT_EQ(tokensPerSecondScale(2.5e6).divisor, 1e4);
    EXPECT_EQ(tokensPerSecondScale(2.5e8).suffix, QStringLiteral("亿 token/秒"));
}

TEST_F(FormatTest, ChineseUsesWanAndYi) {
    installLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(formatCount(7.06e10), QStringLiteral("706亿"));
    EXPECT_EQ(formatCount(1.5e12), QStringLiteral("1.50万亿"));
    EXPECT_EQ(formatCount(35000), QStringLiteral("3.50万"));
    EXPECT_TRUE(formatDuration(12.5 * 86400).contains(QStringLiteral("天")))
        << formatDuration(12.5 * 86400).toStdString();
}

TEST_F(FormatTest, TokensToTrainReadInWanYiInChinese) {
    // Issue 19: "1,500.0 十亿" reads as 1.5万亿 in the editor, exactly, and typed units are read.
    BillionsSpinBox english;
    english.setRange(0, 1e9);
    english.setDecimals(1);
    english.setGroupSeparatorShown(true);
    EXPECT_EQ(english.textFromValue(1500), QStringLiteral("1,500.0"));
    installLanguage(QStringLiteral("zh_CN"));
    BillionsSpinBox zh;
    zh.setRange(0, 1e9);
    zh.setDecimals(1);
    EXPECT_EQ(zh.textFromValue(1500), QStringLiteral("1.5万亿"));
    EXPECT_EQ(zh.textFromValue(1234.5), QStringLiteral("1.2345万亿")); // no digit lost
    EXPECT_EQ(zh.textFromValue(15), QStringLiteral("150亿"));
    EXPECT_EQ(zh.textFromValue(0.3), QStringLiteral("3亿"));
    EXPECT_EQ(zh.textFromValue(0), QStringLiteral("0"));
    EXPECT_DOUBLE_EQ(zh.valueFromText(QStringLiteral("2万亿")), 2000.0);
    EXPECT_DOUBLE_EQ(zh.valueFromText(QStringLiteral("150亿")), 15.0);
    EXPECT_DOUBLE_EQ(zh.valueFromText(QStringLiteral("500")), 50.0); // a bare number is 亿
    for (const double v : {1500.0, 1234.5, 15.0, 0.3, 7.1})
        EXPECT_DOUBLE_EQ(zh.valueFromText(zh.textFromValue(v)), v) << v;
    QString typed = QStringLiteral("3万");
    int pos = 0;
    EXPECT_EQ(zh.validate(typed, pos), QValidator::Acceptable);
    typed = QStringLiteral("abc");
    EXPECT_EQ(zh.validate(typed, pos), QValidator::Invalid);
    zh.setValue(1500);
    EXPECT_EQ(zh.text(), QStringLiteral("1.5万亿"));
}

TEST_F(FormatTest, NonFiniteValuesShowADash) {
    EXPECT_EQ(formatBytes(std::numeric_limits<double>::quiet_NaN()), QStringLiteral("—"));
    EXPECT_EQ(formatSeconds(std::numeric_limits<double>::infinity()), QStringLiteral("—"));
}

} // namespace
} // namespace trainplan::ui
