// The model's message catalogue (issue_text.h): every validation issue and write reason has an
// English and a Chinese template taking the same arguments; a real invalid scenario field and a
// refused write read in Chinese, while the English stays what the CLI and scripts match.

#include "model_test_support.h"

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/catalog.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/pipeline_layout.h>
#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>

#include <span>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

namespace trainplan::model {
namespace {

using test::builtinCatalog;

namespace fs = std::filesystem;

// A code point in the CJK Unified Ideographs block (U+4E00..U+9FFF), as UTF-8 (E4..E9 lead byte).
bool hasCjk(std::string_view s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0xE4 && c <= 0xE9) return true;
    }
    return false;
}

template <typename Id> void checkCatalogue(std::span<const TextEntry<Id>> entries, int count) {
    ASSERT_EQ(static_cast<int>(entries.size()), count);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const TextEntry<Id>& e = entries[i];
        SCOPED_TRACE("entry " + std::to_string(i) + ": " + std::string(e.en));
        EXPECT_EQ(static_cast<std::size_t>(e.id), i);
        EXPECT_FALSE(e.en.empty());
        // Verbatim passes a text already in the reader's language through.
        bool verbatim = false;
        if constexpr (std::is_same_v<Id, IssueId>) verbatim = e.id == IssueId::Verbatim;
        if (!verbatim) {
            EXPECT_TRUE(hasCjk(e.zh)) << e.zh;
        }
        EXPECT_FALSE(hasCjk(e.en));
        const unsigned all = (1u << e.argCount) - 1;
        EXPECT_EQ(placeholderMask(e.en), all) << "English placeholders vs argCount";
        EXPECT_EQ(placeholderMask(e.zh), all) << "Chinese placeholders vs argCount: " << e.zh;
    }
}

TEST(IssueText, PlaceholderMaskSeesEveryForm) {
    EXPECT_EQ(placeholderMask("no placeholder {x} {}"), 0u);
    EXPECT_EQ(placeholderMask("{0} and {2|run|runs}"), 0b101u);
    EXPECT_EQ(placeholderMask("{1}：{0}"), 0b11u);
}

TEST(IssueText, EveryIssueHasBothTemplatesWithTheSamePlaceholders) {
    checkCatalogue(issueCatalogue(), kIssueIdCount);
}

TEST(IssueText, EveryWriteReasonHasBothTemplatesWithTheSamePlaceholders) {
    checkCatalogue(writeReasonCatalogue(), kWriteReasonCount);
}

TEST(IssueText, ArgumentsAreVerbatimAndJsonTypesAreWordedPerLanguage) {
    const ValidationIssue i("plans[0].tp", IssueId::MustBeIntegerGot,
                            {IssueArg::jsonType("string")});
    EXPECT_EQ(i.message, "must be an integer, got a string");
    EXPECT_EQ(i.text(), "plans[0].tp: must be an integer, got a string");
    EXPECT_EQ(i.messageIn(Lang::ZhCN), "必须是整数，实际是字符串");
    EXPECT_EQ(i.text(Lang::ZhCN), "plans[0].tp：必须是整数，实际是字符串");
    const ValidationIssue d("plans[0].tp", IssueId::NotDivisibleBy, {"model.heads", 32, "tp", 3});
    EXPECT_EQ(d.message, "model.heads: 32 is not divisible by tp=3");
    EXPECT_EQ(d.messageIn(Lang::ZhCN), "model.heads：32 不能被 tp=3 整除");
}

// The scenario editor's global-batch field with a negative value, as the GUI shows it.
TEST(IssueText, NegativeGlobalBatchReadsInChinese) {
    std::ifstream in(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" /
                     "llama2-7b-a100x8-pcie.json");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    const std::string given = "\"global_batch\": 256";
    ASSERT_NE(text.find(given), std::string::npos);
    text.replace(text.find(given), given.size(), "\"global_batch\": -8");
    const ScenarioLoad load = parseScenario(std::string_view(text), builtinCatalog());
    const ValidationIssue* batch = nullptr;
    for (const ValidationIssue& i : load.issues)
        if (i.path == "training.global_batch") batch = &i;
    ASSERT_NE(batch, nullptr) << (load.issues.empty() ? "" : load.issues.front().text());
    EXPECT_EQ(batch->message, "-8 is out of range [1, 1000000000]");
    EXPECT_EQ(batch->messageIn(Lang::En), batch->message);
    EXPECT_EQ(batch->messageIn(Lang::ZhCN), "-8 超出范围 [1, 1000000000]");
}

// validateScenario's own rule (what a Scenario built in the GUI reaches before JSON).
TEST(IssueText, NonPositiveBatchRuleReadsInChinese) {
    Scenario s;
    s.training.globalBatch = 0;
    const ValidationIssues issues = validateScenario(s);
    const auto it = std::find_if(issues.begin(), issues.end(), [](const ValidationIssue& i) {
        return i.path == "training.global_batch";
    });
    ASSERT_NE(it, issues.end());
    EXPECT_EQ(it->message, "must be positive");
    EXPECT_EQ(it->text(Lang::ZhCN), "training.global_batch：必须为正数");
}

// A pipeline split that does not fit: the plan's issue (validatePlan) and parseMegatronLayout's
// reason read in Chinese; the English is what pipelineChunks always said.
TEST(IssueText, PipelineLayoutReasonsReadInChinese) {
    TransformerSpec m;
    m.layers = 32;
    Plan p;
    p.framework = Framework::Megatron;
    p.pp = 3;
    const ChunkLayout c = pipelineChunks(m, Precision::Bf16, p);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.field, "pp");
    EXPECT_EQ(c.error, "model.layers: 32 is not divisible by pp×vpp=3 (an uneven split needs "
                       "plan.pipeline_layout: first_stage_layers, last_stage_layers, "
                       "embedding_as_layer/loss_as_layer or layout)");
    EXPECT_EQ(renderIssue(c.issue, c.args, Lang::En), c.error);
    EXPECT_EQ(renderIssue(c.issue, c.args, Lang::ZhCN)
                  .rfind("model.layers：32 不能被 pp×vpp=3 整除（", 0),
              0u);

    const ParsedMegatronLayout parsed = parseMegatronLayout("Et|tx|tL");
    EXPECT_EQ(parsed.error, "'x' is not a layer letter (E embedding, t decoder, m MTP, L loss; "
                            "stages split by '|', repeats as x*n or (…)*n)");
    EXPECT_EQ(renderIssue(parsed.issue, parsed.args, Lang::ZhCN).rfind("'x' 不是层字母", 0), 0u);
}

// A whole-file problem keeps the file name first in both languages.
TEST(IssueText, FileProblemsNameTheFileInBothLanguages) {
    const fs::path missing = fs::path(TRAINPLAN_TEST_BINARY_DIR) / "no-such-scenario.json";
    const ScenarioLoad load = loadScenarioFile(missing, builtinCatalog());
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].message, missing.string() + ": no such file");
    EXPECT_EQ(load.issues[0].messageIn(Lang::ZhCN), missing.string() + "：文件不存在");
}

TEST(IssueText, UnknownCatalogNameReadsInChinese) {
    const ValidationIssue i = builtinCatalog().unknownGpuIssue("cluster.gpu", "H10");
    EXPECT_EQ(i.message.rfind("unknown GPU 'H10' (did you mean ", 0), 0u) << i.message;
    EXPECT_EQ(i.messageIn(Lang::ZhCN).rfind("未知的 GPU 'H10'（是否指 ", 0), 0u)
        << i.messageIn(Lang::ZhCN);
}

// A directory in place of the output file: the reason in both languages, English as before.
TEST(IssueText, WriteErrorReasonInBothLanguages) {
    const fs::path dir = fs::path(TRAINPLAN_TEST_BINARY_DIR) / "issue-text-write-target";
    fs::create_directories(dir);
    try {
        writeFileAtomically(dir, "x");
        FAIL() << "writing over a directory succeeded";
    } catch (const WriteError& e) {
        EXPECT_EQ(e.reasonId(), WriteReason::IsDirectory);
        EXPECT_EQ(
            e.reason(),
            "is a directory, not a regular file; refusing to write it (it was left untouched)");
        EXPECT_EQ(std::string(e.what()), dir.string() + ": " + e.reason());
        EXPECT_EQ(e.reason(Lang::En), e.reason());
        EXPECT_EQ(e.reason(Lang::ZhCN), "是目录，不是普通文件；拒绝写入（保持原样）");
        EXPECT_EQ(e.message(Lang::ZhCN), dir.string() + "：" + e.reason(Lang::ZhCN));
    }
}

TEST(IssueText, WriteErrorKeepsTheSystemReasonInChinese) {
    const fs::path file = fs::path(TRAINPLAN_TEST_BINARY_DIR) / "no-such-dir-issue-text" / "a.txt";
    try {
        writeFileAtomically(file, "x");
        FAIL() << "writing into a missing directory succeeded";
    } catch (const WriteError& e) {
        ASSERT_EQ(e.reasonId(), WriteReason::TempFailedNew);
        ASSERT_EQ(e.reasonArgs().size(), 2u);
        const std::string os = e.reasonArgs()[1]; // strerror(ENOENT), as the OS words it
        EXPECT_EQ(e.reason(), "cannot create a temporary file in " + file.parent_path().string() +
                                  " (" + os + "); no file was written");
        EXPECT_NE(e.reason(Lang::ZhCN).find("（" + os + "）"), std::string::npos)
            << e.reason(Lang::ZhCN);
        EXPECT_TRUE(hasCjk(e.reason(Lang::ZhCN)));
    }
}

} // namespace
} // namespace trainplan::model
