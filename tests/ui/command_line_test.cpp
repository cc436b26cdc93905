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

// Issue 19: the help and the usage errors come from the window catalogue, in the --lang language
// or else the saved one.
TEST(CommandLine, HelpAndErrorsSpeakTheChosenLanguage) {
    const CommandLine en = parseCommandLine(args({"--help"}));
    EXPECT_TRUE(en.helpText.contains(QStringLiteral("Show the version and exit.")));
    const CommandLine zh = parseCommandLine(args({"--help", "--lang", "zh_CN"}));
    EXPECT_TRUE(zh.helpText.contains(QStringLiteral("显示版本号并退出。")))
        << zh.helpText.toStdString();
    EXPECT_FALSE(zh.helpText.contains(QStringLiteral("Show the version")));
    EXPECT_EQ(parseCommandLine(args({"--tab", "report"}), QStringLiteral("zh_CN")).error,
              QStringLiteral("--tab：“report”不是 compare、explore、roadmap、timeline、sizing、"
                             "accuracy、calibration、measurements 之一"));
    EXPECT_EQ(parseCommandLine(args({"a.json", "b.json"})).error,
              QStringLiteral("expected at most one scenario file, got 2"));
    EXPECT_EQ(parseCommandLine(args({"--db="}), QStringLiteral("zh_CN")).error,
              QStringLiteral("--db：路径为空"));
}

} // namespace
} // namespace trainplan::ui
