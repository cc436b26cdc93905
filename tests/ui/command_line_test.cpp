#include "ui_test_support.h"

#include <trainplan/ui/command_line.h>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

QStringList args(std::initializer_list<const char*> a) {
    QStringList out{QStringLiteral("trainplan")};
    for (const char* s : a)
        out << QString::fromUtf8(s);
    return out;
}

TEST(CommandLine, ScenarioAndLanguage) {
    test::app();
    const CommandLine c = parseCommandLine(args({"data/x.json", "--lang", "zh_CN"}));
    EXPECT_TRUE(c.error.isEmpty());
    EXPECT_EQ(c.scenarioFile, QStringLiteral("data/x.json"));
    EXPECT_EQ(c.language, QStringLiteral("zh_CN"));
    EXPECT_FALSE(c.showVersion);
}

TEST(CommandLine, FirstTab) {
    EXPECT_EQ(parseCommandLine(args({"--tab", "explore"})).tab, 1);
    EXPECT_EQ(parseCommandLine(args({})).tab, 0);
    EXPECT_EQ(parseCommandLine(args({"--tab", "roadmap"})).tab, 2);
    EXPECT_EQ(parseCommandLine(args({"--tab", "sizing"})).tab, 3);
    EXPECT_EQ(parseCommandLine(args({"--tab", "accuracy"})).tab, 4);
    EXPECT_EQ(parseCommandLine(args({"--tab", "calibration"})).tab, 5);
    EXPECT_EQ(parseCommandLine(args({"--tab", "measurements"})).tab, 6);
    EXPECT_EQ(parseCommandLine(args({"--tab", "timeline"})).tab, kTimelineTab);
    EXPECT_FALSE(parseCommandLine(args({"--tab", "report"})).error.isEmpty());
}

TEST(CommandLine, VersionAndHelp) {
    EXPECT_TRUE(parseCommandLine(args({"--version"})).showVersion);
    const CommandLine h = parseCommandLine(args({"--help"}));
    EXPECT_TRUE(h.showHelp);
    EXPECT_TRUE(h.helpText.contains(QStringLiteral("--lang")));
}

TEST(CommandLine, UsageErrorsNameTheProblem) {
    EXPECT_TRUE(parseCommandLine(args({"--lang", "fr"})).error.contains(QStringLiteral("fr")));
    EXPECT_FALSE(parseCommandLine(args({"a.json", "b.json"})).error.isEmpty());
    EXPECT_FALSE(parseCommandLine(args({"--bogus"})).error.isEmpty());
    EXPECT_TRUE(parseCommandLine(args({})).scenarioFile.isEmpty());
}

} // namespace
} // namespace trainplan::ui
