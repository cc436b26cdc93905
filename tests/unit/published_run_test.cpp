// Rows of data/reference/published_runs.csv as PublishedRun values, and the per-row errors.

#include <trainplan/model/csv.h>
#include <trainplan/model/published_run.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

namespace trainplan::model {
namespace {

const std::filesystem::path& referenceFile() {
    static const auto f =
        std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "reference" / "published_runs.csv";
    return f;
}

TEST(publishedRun, EveryReferenceRowParses) {
    const PublishedRunsLoad load = loadPublishedRuns(referenceFile());
    for (const auto& i : load.issues)
        ADD_FAILURE() << i.text();
    ASSERT_EQ(load.runs.size(), 95u);
    for (const auto& r : load.runs) {
        EXPECT_FALSE(r.sourceText.empty()) << r.line;
        EXPECT_FALSE(r.modelName.empty()) << r.line;
        EXPECT_TRUE(r.numGpus.has_value()) << r.line;
        EXPECT_TRUE(r.measuredTflopsPerGpu || r.measuredMfuPct || r.measuredStepTimeS ||
                    r.measuredTokensPerSPerGpu || r.measuredPeakMemGb)
            << "line " << r.line << " has no measurement";
    }
    EXPECT_EQ(load.runs.front().line, 2u);
}

TEST(publishedRun, TheColumnsAreThoseOfTheReferenceFile) {
    const CsvDocument doc = readCsvFile(referenceFile());
    ASSERT_FALSE(doc.records.empty());
    EXPECT_EQ(doc.records.front().fields, publishedRunColumns());
}

TEST(publishedRun, ReferenceRowValues) {
    const PublishedRunsLoad load = loadPublishedRuns(referenceFile());
    const auto& gpt = load.runs.front();
    EXPECT_EQ(gpt.modelName, "GPT-1.7B (Megatron weak-scaling)");
    EXPECT_EQ(gpt.paramsB, 1.7);
    EXPECT_EQ(gpt.layers, 24);
    EXPECT_EQ(gpt.hidden, 2304);
    EXPECT_EQ(gpt.ffnHidden, 9216);
    EXPECT_FALSE(gpt.kvHeads.has_value());
    EXPECT_EQ(gpt.numGpus, 32);
    EXPECT_EQ(gpt.tp, 1);
    EXPECT_EQ(gpt.dp, 32);
    EXPECT_EQ(gpt.globalBatch, 512);
    EXPECT_EQ(gpt.recompute, "full");
    EXPECT_FALSE(gpt.sequenceParallel.has_value());
    EXPECT_EQ(gpt.measuredTflopsPerGpu, 137.0);
    EXPECT_FALSE(gpt.measuredStepTimeS.has_value());
    EXPECT_EQ(gpt.notes.rfind("Aggregate 4.4 PFLOP/s", 0), 0u);

    const auto titan = std::find_if(load.runs.begin(), load.runs.end(), [](const PublishedRun& r) {
        return r.zeroStage == "FSDP2 full shard" && r.measuredTokensPerSPerGpu == 5762.0;
    });
    ASSERT_NE(titan, load.runs.end());
    EXPECT_EQ(titan->gpuType, "H100-SXM (96GB HBM2e at 2.4 TB/s, 500W power limit)");
    EXPECT_EQ(titan->kvHeads, 8);
    EXPECT_EQ(titan->measuredPeakMemGb, 82.4);
    const bool anySp = std::any_of(load.runs.begin(), load.runs.end(), [](const PublishedRun& r) {
        return r.sequenceParallel == true;
    });
    EXPECT_TRUE(anySp);
}

TEST(publishedRun, ColumnsMayComeInAnyOrderAndBeLeftOut) {
    const auto load = parsePublishedRuns("model_name,num_gpus,source\nTiny,8,\"my notes, 2025\"\n");
    ASSERT_TRUE(load.ok()) << load.issues.front().text();
    ASSERT_EQ(load.runs.size(), 1u);
    EXPECT_EQ(load.runs[0].modelName, "Tiny");
    EXPECT_EQ(load.runs[0].numGpus, 8);
    EXPECT_EQ(load.runs[0].sourceText, "my notes, 2025");
    EXPECT_FALSE(load.runs[0].tp.has_value());
}

TEST(publishedRun, CellProblemsNameTheLineAndColumn) {
    const std::string text =
        "source,model_name,tp,params_b,sequence_parallel,measured_mfu_pct,moe_experts,moe_topk\n"
        "paper,A,8,1.5,y,40,0,0\n"
        "paper,B,eight,-2,maybe,140,-1,\n"
        ",C,2.5,,,,8,9\n";
    const auto load = parsePublishedRuns(text);
    ASSERT_EQ(load.runs.size(), 1u) << "only the good row";
    EXPECT_EQ(load.runs[0].sequenceParallel, true);
    std::vector<std::string> texts;
    for (const auto& i : load.issues)
        texts.push_back(i.text());
    EXPECT_EQ(texts, (std::vector<std::string>{
                         "line 3, column tp: 'eight' is not a number",
                         "line 3, column params_b: '-2' must be positive",
                         "line 3, column sequence_parallel: 'maybe' is not y or n",
                         "line 3, column measured_mfu_pct: '140' exceeds 100",
                         "line 3, column moe_experts: '-1' must not be negative",
                         "line 4, column source: is required",
                         "line 4, column tp: '2.5' is not a whole number",
                         "line 4, column moe_topk: 9 exceeds moe_experts (8)",
                     }));
}

TEST(publishedRun, PipelineSplitNamesWhatCountsAsALayer) {
    const auto load = parsePublishedRuns("source,model_name,pipeline_split\n"
                                         "paper,A,embedding+loss\n"
                                         "paper,B, loss \n"
                                         "paper,C,\n"
                                         "paper,D,embeddings\n");
    ASSERT_EQ(load.runs.size(), 3u);
    EXPECT_EQ(load.runs[0].pipelineSplit, "embedding+loss");
    EXPECT_EQ(load.runs[1].pipelineSplit, "loss");
    EXPECT_EQ(load.runs[2].pipelineSplit, "");
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].text(),
              "line 5, column pipeline_split: 'embeddings' is not embedding, loss or "
              "embedding+loss (what Megatron's --account-for-embedding/loss-in-pipeline-split "
              "count as a layer)");
}

TEST(publishedRun, CrossEntropyNamesMegatronCoresLoss) {
    const auto load = parsePublishedRuns("source,model_name,cross_entropy\n"
                                         "paper,A,unfused\n"
                                         "paper,B, te \n"
                                         "paper,C,\n"
                                         "paper,D,fused\n");
    ASSERT_EQ(load.runs.size(), 3u);
    EXPECT_EQ(load.runs[0].crossEntropy, "unfused");
    EXPECT_EQ(load.runs[1].crossEntropy, "te");
    EXPECT_EQ(load.runs[2].crossEntropy, "");
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].text(),
              "line 5, column cross_entropy: 'fused' is not unfused or te (Megatron-Core's loss: "
              "--cross-entropy-loss-fusion, --cross-entropy-fusion-impl)");
}

TEST(publishedRun, DropoutIsAProbability) {
    const auto load = parsePublishedRuns("source,model_name,dropout\n"
                                         "paper,A,0.1\n"
                                         "paper,B,0\n"
                                         "paper,C,\n"
                                         "paper,D,1\n"
                                         "paper,E,0.1x\n");
    ASSERT_EQ(load.runs.size(), 3u);
    EXPECT_EQ(load.runs[0].dropout, std::optional<double>(0.1));
    EXPECT_EQ(load.runs[1].dropout, std::optional<double>(0.0));
    EXPECT_FALSE(load.runs[2].dropout.has_value());
    ASSERT_EQ(load.issues.size(), 2u);
    EXPECT_EQ(load.issues[0].text(),
              "line 5, column dropout: '1' is not a probability from 0 to below 1 (the run's "
              "--attention-dropout and --hidden-dropout)");
    EXPECT_EQ(load.issues[1].line, 6u);
}

TEST(publishedRun, HeaderProblems) {
    const auto unknown = parsePublishedRuns("source,model_name,colour,tp,tp\nx,y,red,1,2\n");
    ASSERT_EQ(unknown.issues.size(), 2u);
    EXPECT_EQ(unknown.issues[0].line, 1u);
    EXPECT_NE(unknown.issues[0].message.find("unknown column 'colour'"), std::string::npos);
    EXPECT_EQ(unknown.issues[1].text(), "line 1, column tp: appears twice in the header");

    const auto missing = parsePublishedRuns("model_name\nx\n");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.issues[0].text(), "line 1, column source: is missing from the header");

    EXPECT_FALSE(parsePublishedRuns("").ok());
}

TEST(publishedRun, RowsWithTheWrongNumberOfFields) {
    const auto load =
        parsePublishedRuns("source,model_name,tp\npaper,A,1\npaper,B,1,extra\npaper\n");
    EXPECT_EQ(load.runs.size(), 1u);
    ASSERT_EQ(load.issues.size(), 2u);
    EXPECT_EQ(load.issues[0].line, 3u);
    EXPECT_NE(load.issues[0].message.find("4 fields but the header has 3"), std::string::npos);
    EXPECT_EQ(load.issues[1].line, 4u);
}

TEST(publishedRun, CsvSyntaxErrorsAreIssues) {
    const auto load = parsePublishedRuns("source,model_name\n\"unclosed,A\n");
    ASSERT_FALSE(load.ok());
    EXPECT_EQ(load.issues[0].line, 2u);
    EXPECT_NE(load.issues[0].message.find("never closed"), std::string::npos);
}

TEST(publishedRun, MissingFileIsOneIssueNamingIt) {
    const auto load = loadPublishedRuns("/nonexistent/runs.csv");
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].line, 0u);
    EXPECT_EQ(load.issues[0].text().rfind("/nonexistent/runs.csv", 0), 0u);
}

TEST(publishedRun, JsonUsesColumnNamesAndLeavesBlanksOut) {
    const auto load = parsePublishedRuns(
        "source,model_name,tp,kv_heads,sequence_parallel,notes\npaper,A,8,,n,\n");
    ASSERT_TRUE(load.ok());
    const nlohmann::json j = toJson(load.runs[0]);
    EXPECT_EQ(
        j, (nlohmann::json{
               {"source", "paper"}, {"model_name", "A"}, {"tp", 8}, {"sequence_parallel", false}}));
}

// The same problems in a Chinese window (the Measurements tab's CSV import, the Accuracy tab):
// position, column and sentence in Chinese, the cell and the column key as written.
TEST(publishedRun, ProblemsReadInChinese) {
    const auto load = parsePublishedRuns(
        "source,model_name,tp,sequence_parallel,measured_step_time_s,moe_experts,moe_topk\n"
        "paper,B,eight,maybe,5e-324,8,9\n"
        "paper,C,1\n");
    std::vector<std::string> texts;
    for (const auto& i : load.issues)
        texts.push_back(i.text(Lang::ZhCN));
    EXPECT_EQ(texts,
              (std::vector<std::string>{
                  "第 2 行，tp 列：'eight' 不是数字",
                  "第 2 行，sequence_parallel 列：'maybe' 不是 y 或 n",
                  "第 2 行，measured_step_time_s 列：'5e-324' 低于 1e-06（一微秒：没有比这更短的"
                  "训练步），不是真实的测量值",
                  "第 2 行，moe_topk 列：9 超过 moe_experts（8）",
                  "第 3 行：有 3 个字段，但表头有 7 个（含逗号的字段必须加引号）",
              }));
    // English is the message the CLI prints.
    EXPECT_EQ(load.issues[4].text(), "line 3: has 3 fields but the header has 7 (a field with a "
                                     "comma must be quoted)");
}

TEST(publishedRun, CsvAndFileProblemsReadInChinese) {
    const auto quote = parsePublishedRuns("source,model_name\n\"paper,A\n");
    ASSERT_EQ(quote.issues.size(), 1u);
    EXPECT_EQ(quote.issues[0].text(Lang::ZhCN), "第 2 行：从这一行开始的带引号字段没有闭合");
    const auto missing = loadPublishedRuns("/nonexistent/runs.csv");
    ASSERT_EQ(missing.issues.size(), 1u);
    EXPECT_EQ(missing.issues[0].text(Lang::ZhCN).rfind("/nonexistent/runs.csv：无法打开（", 0), 0u)
        << missing.issues[0].text(Lang::ZhCN);
    const CsvDocument bad = parseCsv("a,b\nx,\xff\n");
    ASSERT_TRUE(bad.error);
    EXPECT_EQ(bad.error->text(Lang::ZhCN),
              "第 2 行：偏移 6 处的字节 0xFF 不是 UTF-8 文本（请将文件另存为 UTF-8）");
    EXPECT_EQ(bad.error->text(),
              "line 2: byte 0xFF at offset 6 is not UTF-8 text (save the file as UTF-8)");
}

} // namespace
} // namespace trainplan::model

// Issue 22 item 8: a 5e-324 measurement passed "> 0" and made validate's mean_abs_error null.
TEST(publishedRun, MeasurementsBelowAPhysicalFloorAreRefused) {
    const auto load = trainplan::model::parsePublishedRuns(
        "source,model_name,measured_step_time_s,measured_tflops_per_gpu,measured_peak_mem_gb\n"
        "paper,A,5e-324,1e-300,0.0000001\n"
        "paper,B,0.5,150,40\n");
    ASSERT_EQ(load.runs.size(), 1u);
    EXPECT_EQ(load.runs[0].modelName, "B");
    std::vector<std::string> texts;
    for (const auto& i : load.issues)
        texts.push_back(i.text());
    EXPECT_EQ(texts,
              (std::vector<std::string>{
                  "line 2, column measured_step_time_s: '5e-324' is below 1e-06 (a microsecond: "
                  "no training step is shorter), not a real measurement",
                  "line 2, column measured_tflops_per_gpu: '1e-300' is below 0.001 (1 GFLOP/s), "
                  "not a real measurement",
                  "line 2, column measured_peak_mem_gb: '0.0000001' is below 0.001 (a "
                  "megabyte), not a real measurement",
              }));
}
