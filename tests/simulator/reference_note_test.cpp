// What TrainPlan assumed to rebuild a published run (reference_note.h), and how a validation row
// is named and valued (calibration_text.h): one catalogue read by the Accuracy tab, the report and
// `trainplan-cli validate`, in English and Chinese.
#include "simulator_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/simulator/calibration_text.h>
#include <trainplan/simulator/reference_note.h>
#include <trainplan/simulator/validation.h>

#include <gtest/gtest.h>

#include "text_test_support.h"

#include <set>
#include <string>

using namespace trainplan;
using namespace trainplan::sim;

namespace {

using test::hasCjk;
using test::placeholders;

} // namespace

TEST(ReferenceNote, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < kRefNoteCount; ++i) {
        const auto id = static_cast<RefNoteId>(i);
        const std::string_view en = refNoteTemplate(id, Lang::En);
        const std::string_view zh = refNoteTemplate(id, Lang::ZhCN);
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_TRUE(hasCjk(zh)) << en << ": " << zh;
        EXPECT_EQ(placeholders(en), placeholders(zh)) << en << " / " << zh;
        EXPECT_EQ(static_cast<int>(placeholders(en).size()), refNoteArgCount(id)) << en;
    }
}

TEST(ReferenceNote, EnglishIsTheSentenceValidatePrinted) {
    const RefNote batch{RefNoteId::GlobalFromLocalBatch, {textArg("8"), textArg("32")}};
    EXPECT_EQ(batch.text(Lang::En), "global batch = the published local batch 8 × dp 32");
    EXPECT_EQ(batch.text(Lang::ZhCN), "全局批量 = 公开的单卡批量 8 × dp 32");
    const RefNote micro{RefNoteId::MicroBatchFromLocal, {textArg("16"), textArg("4")}};
    EXPECT_EQ(micro.text(Lang::En), "micro-batch = local batch 16 / 4 micro-batches (torchtitan's "
                                    "default: one per pipeline rank)");
    const RefNote hbm{RefNoteId::HbmPublished, {textArg("3.4")}};
    EXPECT_EQ(hbm.text(Lang::ZhCN), "HBM 带宽取公开值 3.4 TB/s");
}

// Every published row's rebuild notes read in Chinese, with every placeholder filled; the rows
// include GPT and Llama architectures and unpublished micro-batches.
TEST(ReferenceNote, EveryPublishedRowsNotesReadInChinese) {
    const auto load =
        model::loadPublishedRuns(TRAINPLAN_TEST_DATA_DIR "/reference/published_runs.csv");
    ASSERT_GE(load.runs.size(), 60u);
    std::set<RefNoteId> seen;
    for (const model::PublishedRun& row : load.runs) {
        const ReferenceCase c = referenceCase(row, test::catalog());
        for (const RefNote& n : c.assumptions) {
            seen.insert(n.id);
            EXPECT_TRUE(hasCjk(n.text(Lang::ZhCN))) << n.text(Lang::En);
            EXPECT_EQ(n.text(Lang::En).find('{'), std::string::npos) << n.text(Lang::En);
        }
    }
    EXPECT_TRUE(seen.count(RefNoteId::GptArchitecture));
    EXPECT_TRUE(seen.count(RefNoteId::LlamaArchitecture));
    EXPECT_TRUE(seen.count(RefNoteId::MicroBatchSearched));
}

TEST(ValidationRowText, RunLabelAndValuesFollowTheLanguage) {
    EXPECT_EQ(referenceRunLabel("Llama 3.1 8B", 64, "fallback", Lang::En),
              "Llama 3.1 8B on 64 GPUs");
    EXPECT_EQ(referenceRunLabel("Llama 3.1 8B", 64, "fallback", Lang::ZhCN),
              "Llama 3.1 8B，64 块 GPU");
    EXPECT_EQ(referenceRunLabel("", 64, "as published", Lang::ZhCN), "as published");
    EXPECT_EQ(formatValidationValue(ValidationMetric::StepSeconds, 27.66, Lang::ZhCN), "27.7 秒");
    EXPECT_EQ(formatValidationValue(ValidationMetric::StepSeconds, 0.19, Lang::En), "190 ms");
    EXPECT_EQ(formatValidationValue(ValidationMetric::TokensPerSecondPerGpu, 30624, Lang::ZhCN),
              "3.06万 token/秒");
    EXPECT_EQ(formatValidationValue(ValidationMetric::TokensPerSecondPerGpu, 1602, Lang::En),
              "1602 tokens/s");
    EXPECT_EQ(formatValidationValue(ValidationMetric::MfuPercent, 46.44, Lang::ZhCN), "46.4%");
    EXPECT_EQ(formatValidationValue(ValidationMetric::NarayananTflopsPerGpu, 138.04, Lang::En),
              "138.0 TFLOP/s");
    EXPECT_EQ(formatValidationValue(ValidationMetric::PeakMemoryGiB, 61.8, Lang::ZhCN), "61.8 GiB");
}

TEST(ReferenceSkip, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < kRefSkipCount; ++i) {
        const auto id = static_cast<RefSkipId>(i);
        const std::string_view en = refSkipTemplate(id, Lang::En);
        const std::string_view zh = refSkipTemplate(id, Lang::ZhCN);
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_TRUE(hasCjk(zh)) << en << ": " << zh;
        EXPECT_EQ(placeholders(en), placeholders(zh)) << en << " / " << zh;
        EXPECT_EQ(static_cast<int>(placeholders(en).size()), refSkipArgCount(id)) << en;
    }
}

// Why a row cannot be rebuilt is a catalogue message: `validate` prints the English it always
// printed, and the Accuracy, Measurements and Calibration views show it in Chinese.
TEST(ReferenceSkip, ARowThatCannotBeRebuiltSaysWhyInEitherLanguage) {
    const auto load =
        model::loadPublishedRuns(TRAINPLAN_TEST_DATA_DIR "/reference/published_runs.csv");
    ASSERT_FALSE(load.runs.empty());
    model::PublishedRun framework = load.runs.front();
    framework.framework = "Colossal-AI";
    const ReferenceCase unknown = referenceCase(framework, test::catalog());
    ASSERT_TRUE(unknown.skip);
    EXPECT_EQ(unknown.skip->id, RefSkipId::FrameworkNotRecognised);
    EXPECT_EQ(unknown.skip->text(Lang::En), "framework 'Colossal-AI' not recognised");
    EXPECT_EQ(unknown.skip->text(Lang::ZhCN), "无法识别框架 'Colossal-AI'");

    // The plan's own problem is worded in the language too (model::ValidationIssue).
    model::PublishedRun layout = load.runs.front();
    layout.tp = 5;
    const ReferenceCase uneven = referenceCase(layout, test::catalog());
    ASSERT_TRUE(uneven.skip);
    EXPECT_EQ(uneven.skip->id, RefSkipId::NotReproducible);
    EXPECT_EQ(uneven.skip->text(Lang::En), "not reproducible: plan.dp: dp×tp×pp×cp = 32×5×1×1 = "
                                           "160 GPUs, but the cluster has 32");
    EXPECT_EQ(uneven.skip->text(Lang::ZhCN),
              "无法复现：plan.dp：dp×tp×pp×cp = 32×5×1×1 = 160 块 GPU，但集群有 32 块");

    const ValidationReport report = validatePublishedRuns({framework, layout}, test::catalog(),
                                                          /*leaveOneSourceOut=*/false);
    ASSERT_EQ(report.skipped.size(), 2u);
    EXPECT_EQ(report.skipped[0].first, framework.line);
    EXPECT_EQ(report.skipped[0].second, *unknown.skip);
    EXPECT_EQ(report.skipped[1].second, *uneven.skip);
}
