// The window's, its dialogs' and the library's sentences (issue 19 item 3): one catalogue, in
// English and Chinese, filled with typed arguments.
#include <trainplan/services/window_text.h>

#include <gtest/gtest.h>

#include "../simulator/text_test_support.h"

#include <set>

using namespace trainplan;
using services::WindowText;
using sim::Lang;

namespace {

using trainplan::test::hasCjk;
using trainplan::test::placeholders;

// Entries with nothing to translate: a name and its detail, a count of GPUs of a type, a
// resolution, the window title.
bool languageNeutral(WindowText id) {
    return id == WindowText::NameWithDetail || id == WindowText::GpusOfType ||
           id == WindowText::ChartDpi || id == WindowText::WindowTitle;
}

} // namespace

TEST(WindowText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < services::kWindowTextCount; ++i) {
        const auto id = static_cast<WindowText>(i);
        const std::string_view en = services::windowTemplate(id, Lang::En);
        const std::string_view zh = services::windowTemplate(id, Lang::ZhCN);
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_FALSE(zh.empty()) << i;
        EXPECT_EQ(placeholders(en), placeholders(zh)) << en << " / " << zh;
        std::set<int> expected;
        for (int a = 0; a < services::windowArgCount(id); ++a)
            expected.insert(a);
        EXPECT_EQ(placeholders(en), expected) << "argCount of " << en;
        if (!languageNeutral(id)) {
            EXPECT_TRUE(hasCjk(zh)) << en << ": " << zh;
            EXPECT_NE(en, zh) << en;
        }
    }
}

TEST(WindowText, NoTemplateHoldsAQtPlaceholder) {
    // Arguments are {0}..{9}; a %1 or %n left over from tr() would be printed as it is.
    for (int i = 0; i < services::kWindowTextCount; ++i) {
        const auto id = static_cast<WindowText>(i);
        for (const Lang lang : {Lang::En, Lang::ZhCN}) {
            const std::string_view t = services::windowTemplate(id, lang);
            EXPECT_EQ(t.find("%1"), std::string_view::npos) << t;
            EXPECT_EQ(t.find("%n"), std::string_view::npos) << t;
        }
    }
}

TEST(WindowText, CountsAndPluralsInBothLanguages) {
    EXPECT_EQ(services::windowText(WindowText::ExportWrotePages, Lang::En,
                                   {sim::textArg("/tmp/r.pdf"), sim::countArg(1)}),
              "Wrote /tmp/r.pdf (1 page).");
    EXPECT_EQ(services::windowText(WindowText::ExportWrotePages, Lang::En,
                                   {sim::textArg("/tmp/r.pdf"), sim::countArg(12)}),
              "Wrote /tmp/r.pdf (12 pages).");
    EXPECT_EQ(services::windowText(WindowText::ExportWrotePages, Lang::ZhCN,
                                   {sim::textArg("/tmp/r.pdf"), sim::countArg(12)}),
              "已写入 /tmp/r.pdf（12 页）。");
    const auto imported = {sim::countArg(1), sim::countArg(3), sim::countArg(1)};
    EXPECT_EQ(services::windowText(WindowText::LibraryImported, Lang::En, imported),
              "Imported 1 new scenario and 3 new versions; 1 already present was skipped.");
    EXPECT_EQ(services::windowText(WindowText::LibraryImported, Lang::ZhCN, imported),
              "已导入 1 个新场景和 3 个新版本；跳过了 1 个已存在的版本。");
    EXPECT_EQ(services::windowText(WindowText::TickedCount, Lang::En, {sim::countArg(1)}),
              "1 scenario ticked: compare two to four.");
}

TEST(WindowText, ArgumentsKeepTheirOrderInChinese) {
    // Chinese names the scenario before the version.
    const auto args = {sim::countArg(3), sim::textArg("llama 70b")};
    EXPECT_EQ(services::windowText(WindowText::OpenedVersion, Lang::En, args),
              "Opened version 3 of “llama 70b” from the library.");
    EXPECT_EQ(services::windowText(WindowText::OpenedVersion, Lang::ZhCN, args),
              "已从场景库打开“llama 70b”的第 3 版。");
    // Times in the one seconds style of each language.
    const auto times = {sim::MessageArg::number(sim::ArgKind::Seconds, 1.25),
                        sim::MessageArg::number(sim::ArgKind::Seconds, 0.5)};
    EXPECT_EQ(services::windowText(WindowText::ExportTimes, Lang::En, times),
              "Computed in 1.25 s, written in 500 ms.");
    EXPECT_EQ(services::windowText(WindowText::ExportTimes, Lang::ZhCN, times),
              "计算用时 1.25 秒，写入用时 500 毫秒。");
    EXPECT_EQ(services::windowText(
                  WindowText::WhatIfStatus, Lang::En,
                  {sim::countArg(512), sim::countArg(400), sim::countArg(256), sim::countArg(200)}),
              "What-if: 512 GPUs, 400 Gb/s per NIC (the scenario has 256 GPUs, 200 Gb/s)");
}
