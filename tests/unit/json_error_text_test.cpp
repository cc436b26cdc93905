// A scenario that is not valid JSON (model::parseScenario, detail::jsonErrorIssue): the position
// and the kind of error are structured, so the Chinese reads "第 3 行第 5 列，…语法错误：意外的
// '}'，应为字符串" with the lexer's token verbatim, while the English stays nlohmann's text byte
// for byte ("not valid JSON: parse error at line 3, column 5: …").

#include <trainplan/model/catalog.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/json_reader.h>
#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace trainplan::model {
namespace {

// The one issue parseScenario reports for `text`.
ValidationIssue jsonIssueOf(std::string_view text) {
    const ScenarioLoad load = parseScenario(text, Catalog{});
    if (load.issues.size() != 1) throw std::runtime_error("expected one issue");
    return load.issues.front();
}

// What nlohmann itself says about `text`, as the English message has always quoted it.
std::string nlohmannSays(std::string_view text) {
    try {
        (void)detail::parseJsonText(text);
    } catch (const std::exception& e) {
        return "not valid JSON: " + detail::jsonErrorMessage(e);
    }
    return {};
}

TEST(JsonErrorText, UnexpectedTokenWithExpectationReadsInChinese) {
    const std::string text = "{\n  \"name\": \"x\",\n  }\n";
    const ValidationIssue i = jsonIssueOf(text);
    EXPECT_EQ(i.id, IssueId::JsonSyntaxUnexpectedExpected);
    EXPECT_EQ(i.message, "not valid JSON: parse error at line 3, column 3: syntax error while "
                         "parsing object key - unexpected '}'; expected string literal");
    EXPECT_EQ(i.message, nlohmannSays(text));
    EXPECT_EQ(i.messageIn(Lang::ZhCN),
              "不是有效的 JSON：第 3 行第 3 列，解析对象的键时语法错误：意外的 '}'，应为字符串");
}

TEST(JsonErrorText, UnexpectedEndOfInputReadsInChinese) {
    const std::string text = "{\"name\": \"x\",\n \"plans\": [";
    const ValidationIssue i = jsonIssueOf(text);
    EXPECT_EQ(i.message, nlohmannSays(text));
    EXPECT_NE(i.message.find("unexpected end of input"), std::string::npos) << i.message;
    const std::string zh = i.messageIn(Lang::ZhCN);
    EXPECT_EQ(zh, "不是有效的 JSON：第 2 行第 12 列，解析值时语法错误：意外的输入结尾，应为 "
                  "'['、'{' 或字面量");
    EXPECT_EQ(zh.find("unexpected"), std::string::npos) << zh;
}

TEST(JsonErrorText, InvalidLiteralKeepsTheLastReadTokenVerbatim) {
    const std::string text = "{\"name\": tru}";
    const ValidationIssue i = jsonIssueOf(text);
    EXPECT_EQ(i.id, IssueId::JsonSyntaxLexer);
    EXPECT_EQ(i.message, "not valid JSON: parse error at line 1, column 13: syntax error while "
                         "parsing value - invalid literal; last read: '\"name\": tru}'");
    EXPECT_EQ(i.message, nlohmannSays(text));
    EXPECT_EQ(i.messageIn(Lang::ZhCN),
              "不是有效的 JSON：第 1 行第 13 列，解析值时语法错误：无效的字面量；最后读到 "
              "'\"name\": tru}'");
}

TEST(JsonErrorText, LexerErrorsWithAnExpectationAndControlCharacters) {
    const std::string missingQuote = "{\"name\": \"abc";
    const ValidationIssue q = jsonIssueOf(missingQuote);
    EXPECT_EQ(q.message, nlohmannSays(missingQuote));
    EXPECT_NE(q.messageIn(Lang::ZhCN).find("无效的字符串：缺少右引号；最后读到 '\"abc'"),
              std::string::npos)
        << q.messageIn(Lang::ZhCN);

    const std::string tab = "{\"name\": \"a\tb\"}";
    const ValidationIssue t = jsonIssueOf(tab);
    EXPECT_EQ(t.message, nlohmannSays(tab));
    EXPECT_NE(t.messageIn(Lang::ZhCN)
                  .find("无效的字符串：控制字符 U+0009 (HT) 必须转义为 "
                        "\\u0009 或 \\t"),
              std::string::npos)
        << t.messageIn(Lang::ZhCN);

    const std::string badNumber = "{\"tp\": -x}";
    const ValidationIssue n = jsonIssueOf(badNumber);
    EXPECT_EQ(n.message, nlohmannSays(badNumber));
    EXPECT_NE(n.messageIn(Lang::ZhCN).find("无效的数字；'-' 之后应为数字"), std::string::npos)
        << n.messageIn(Lang::ZhCN);
}

TEST(JsonErrorText, NumberOutOfRangeAndNestingTooDeepReadInChinese) {
    const std::string big = "{\"name\": \"x\",\n  \"tp\": 1e400}";
    const ValidationIssue b = jsonIssueOf(big);
    EXPECT_EQ(b.id, IssueId::JsonNumberTooLarge);
    EXPECT_EQ(b.message, "not valid JSON: line 2, column 9: the number 1e400 does not fit a "
                         "double (largest about 1.8e308)");
    EXPECT_EQ(b.messageIn(Lang::ZhCN),
              "不是有效的 JSON：第 2 行第 9 列：数字 1e400 超出 double 的范围（最大约 1.8e308）");

    const std::string deep = std::string(300, '[') + std::string(300, ']');
    const ValidationIssue d = jsonIssueOf(deep);
    EXPECT_EQ(d.id, IssueId::JsonTooDeep);
    EXPECT_EQ(d.message, "not valid JSON: nested deeper than 256 levels");
    EXPECT_EQ(d.messageIn(Lang::ZhCN), "不是有效的 JSON：嵌套超过 256 层");
}

TEST(JsonErrorText, DuplicateKeysSayWhereInChinese) {
    const std::string inCluster = "{\"cluster\": {\"nodes\": 1,\n \"nodes\": 2}}";
    const ValidationIssue c = jsonIssueOf(inCluster);
    EXPECT_EQ(c.id, IssueId::JsonDuplicateKeyInAt);
    EXPECT_EQ(c.message, nlohmannSays(inCluster).substr(16)); // without "not valid JSON: "
    EXPECT_EQ(c.message, "duplicate key \"nodes\" in cluster at line 2, column 2 (first given at "
                         "line 1, column 14); only one value can be used: remove the other");
    EXPECT_EQ(
        c.messageIn(Lang::ZhCN),
        "cluster 中第 2 行第 2 列有重复的键 \"nodes\"（第一次出现在第 1 行第 14 列）；只能使用"
        "一个值：请删除另一个");

    const std::string top = "{\"name\": \"a\", \"name\": \"b\"}";
    const ValidationIssue t = jsonIssueOf(top);
    EXPECT_EQ(t.id, IssueId::JsonDuplicateKeyAt);
    EXPECT_EQ(t.message, nlohmannSays(top).substr(16));
    EXPECT_EQ(t.messageIn(Lang::ZhCN)
                  .rfind("第 1 行第 15 列有重复的键 \"name\"（第一次出现在第 1 "
                         "行第 2 列）",
                         0),
              0u)
        << t.messageIn(Lang::ZhCN);
}

TEST(JsonErrorText, WhatCannotBeTakenApartStaysAsNlohmannWroteIt) {
    const ValidationIssue i = detail::jsonErrorIssue(std::runtime_error("something else"));
    EXPECT_EQ(i.id, IssueId::NotValidJson);
    EXPECT_EQ(i.message, "not valid JSON: something else");
    EXPECT_EQ(i.messageIn(Lang::ZhCN), "不是有效的 JSON：something else");
}

TEST(JsonErrorText, SyntaxWordsTheCatalogueDoesNotKnowAreWrittenAsGiven) {
    const std::vector<IssueArg> args{"1", "2", jsonSyntaxWord("array"),
                                     jsonSyntaxWord("some new token")};
    EXPECT_EQ(renderIssue(IssueId::JsonSyntaxUnexpected, args, Lang::En),
              "not valid JSON: parse error at line 1, column 2: syntax error while parsing array - "
              "unexpected some new token");
    EXPECT_EQ(renderIssue(IssueId::JsonSyntaxUnexpected, args, Lang::ZhCN),
              "不是有效的 JSON：第 1 行第 2 列，解析数组时语法错误：意外的some new token");
}

} // namespace
} // namespace trainplan::model
