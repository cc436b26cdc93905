// Training-log parsers (model/io/src/logs/): each fixture under tests/fixtures/logs/ was written
// from the framework's own log code (file and commit in its header); the expected numbers are the
// fixture's values worked out by hand (sorted steady-state values in the comments).

#include "io_test_support.h"

#include <trainplan/model/io/training_log.h>
#include <trainplan/model/units.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::hasIssue;

std::string logFixture(const std::string& name) {
    return test::readFixture("../logs/" + name);
}

LogSummary summarize(const std::string& name, const LogMapping* mapping = nullptr) {
    return summarizeLogs({parseTrainingLog(logFixture(name), name, mapping)});
}

TEST(TrainingLog, DetectsEachFormatFromItsLines) {
    EXPECT_EQ(detectLogFormat(logFixture("megatron/gpt3-175b-restart.log")), LogFormat::Megatron);
    EXPECT_EQ(detectLogFormat(logFixture("torchtitan/llama2-7b-fsdp.log")), LogFormat::Torchtitan);
    EXPECT_EQ(detectLogFormat(logFixture("deepspeed/llama2-7b-zero3.log")), LogFormat::DeepSpeed);
    EXPECT_EQ(detectLogFormat(logFixture("hf/llama2-7b-trainer.log")), LogFormat::HfTrainer);
    EXPECT_FALSE(detectLogFormat("hello\nworld\n"));
}

TEST(TrainingLog, MegatronRestartDropsWarmupAfterEachStartAndTakesMaxMemoryOverRanks) {
    const ParsedLog log = parseMegatronLog(logFixture("megatron/gpt3-175b-restart.log"), "m.log");
    ASSERT_FALSE(hasErrors(log.issues)) << dump(log.issues);
    EXPECT_EQ(log.records.size(), 22u); // 10..120 before the crash, 110..200 after the restart
    EXPECT_EQ(log.memory.size(), 62u);  // 64 ranks, rank 17's report missing, 25's mixed with it
    const LogSummary s = summarizeLogs({log});
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_EQ(s.starts, 2u);
    EXPECT_EQ(s.warmupRecords,
              2u); // iteration 10 (41,834.7 ms) and 110 after the restart (39,011.4)
    EXPECT_EQ(s.steadyRecords, 20u);
    EXPECT_EQ(s.iterationsUsed, 200);
    ASSERT_TRUE(s.stepSeconds);
    // 20 steady values; the middle two are 22,829.6 and 22,843.0 ms.
    EXPECT_NEAR(s.stepSeconds->median, 22.8363, 1e-9);
    EXPECT_GT(s.stepSeconds->min, 22.4);
    EXPECT_LT(s.stepSeconds->max, 23.2);
    ASSERT_TRUE(s.flopsPerSecondPerGpu);
    EXPECT_NEAR(s.flopsPerSecondPerGpu->median, 144.7e12, 1e-3);
    EXPECT_EQ(s.globalBatch, 1536);
    ASSERT_TRUE(s.peakMemory);
    // Rank 19: reserved 55,000 + 29 × 101.1 = 57,931.9 MB, max reserved 512 MB more.
    EXPECT_NEAR(s.peakMemory->bytes, 61881.3 * 1024 * 1024, 1.0);
    EXPECT_EQ(s.peakMemory->kind, MemoryKind::MaxReserved);
    EXPECT_EQ(s.peakMemory->rank, 19);
    // The cut line at the crash and the interleaved memory line are named, with their reason.
    EXPECT_TRUE(hasIssue(s.issues, Severity::Warning, "line 85", "incomplete")) << dump(s.issues);
    EXPECT_TRUE(hasIssue(s.issues, Severity::Warning, "", "two ranks' memory reports"));
    EXPECT_TRUE(hasIssue(s.issues, Severity::Note, "", "Megatron's own estimate"));
}

TEST(TrainingLog, TorchtitanStripsColoursAndCombinesInterleavedRanksAsTheSlowest) {
    const LogSummary s = summarize("torchtitan/llama2-7b-fsdp.log");
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_EQ(s.records, 22u); // steps 1, 10, …, 100 from ranks 0 and 1
    EXPECT_EQ(s.ranks, 2u);
    EXPECT_EQ(s.warmupRecords, 4u); // steps 1 and 10 of each rank
    EXPECT_EQ(s.steadyRecords, 9u); // steps 20..100
    EXPECT_EQ(s.iterationsUsed, 90);
    ASSERT_TRUE(s.tokensPerSecondPerGpu);
    // Slowest rank per step, sorted: 2906 2908 2927 2928 2942 2955 2956 2961 2962.
    EXPECT_DOUBLE_EQ(s.tokensPerSecondPerGpu->median, 2942);
    EXPECT_DOUBLE_EQ(s.tokensPerSecondPerGpu->min, 2906);
    EXPECT_DOUBLE_EQ(s.tokensPerSecondPerGpu->max, 2962);
    EXPECT_DOUBLE_EQ(s.tokensPerSecondPerGpu->p25, 2927);
    EXPECT_DOUBLE_EQ(s.tokensPerSecondPerGpu->p75, 2956);
    ASSERT_TRUE(s.flopsPerSecondPerGpu);
    EXPECT_NEAR(s.flopsPerSecondPerGpu->median, 137.93e12, 1e-3);
    ASSERT_TRUE(s.mfu);
    EXPECT_NEAR(s.mfu->median, 0.4421, 1e-12); // 137.93 / 312 = 44.21 %
    ASSERT_TRUE(s.peakMemory);
    EXPECT_NEAR(s.peakMemory->bytes, 61.77 * units::kGiB, 1.0); // rank 1
    EXPECT_EQ(s.peakMemory->rank, 1);
    EXPECT_TRUE(hasIssue(s.issues, Severity::Warning, "line", "cut off at the end of the file"))
        << dump(s.issues);
}

TEST(TrainingLog, DeepSpeedThroughputTimerProfilerAndMemoryLines) {
    const LogSummary s = summarize("deepspeed/llama2-7b-zero3.log");
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_EQ(s.steadyRecords, 9u); // global steps 20..100; 10 is warm-up
    EXPECT_EQ(s.iterationsUsed, 9); // CurrSamplesPerSec times one step per report
    ASSERT_TRUE(s.samplesPerSecond);
    // Sorted: 25.40 25.42 25.42 25.52 25.59 25.66 25.67 25.75 25.76.
    EXPECT_DOUBLE_EQ(s.samplesPerSecond->median, 25.59);
    ASSERT_TRUE(s.flopsPerSecondPerGpu); // the profiler's "FLOPS per GPU … : 110.21 TFLOPS"
    EXPECT_NEAR(s.flopsPerSecondPerGpu->median, 110.21e12, 1e-3);
    ASSERT_TRUE(s.peakMemory);
    EXPECT_NEAR(s.peakMemory->bytes, 55.31 * units::kGiB, 1.0);
    // Max_CA 14 GB at initialisation is below the training's max allocated: the allocated
    // figure is the peak, and the summary says it is allocated, not reserved.
    EXPECT_EQ(s.peakMemory->kind, MemoryKind::MaxAllocated);
    EXPECT_TRUE(hasIssue(s.issues, Severity::Warning, "peak memory", "allocated, not reserved"));
}

TEST(TrainingLog, HfTrainerSummaryIsAWholeRunAverageReadOnce) {
    const LogSummary s = summarize("hf/llama2-7b-trainer.log");
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_TRUE(s.wholeRunOnly);
    EXPECT_EQ(s.steadyRecords, 1u); // the dict and the log_metrics block are the same summary
    ASSERT_TRUE(s.samplesPerSecond);
    EXPECT_DOUBLE_EQ(s.samplesPerSecond->median, 25.289);
    EXPECT_EQ(s.iterationsUsed, 100); // 1012.3456 s × 0.099 steps/s
    EXPECT_TRUE(hasIssue(s.issues, Severity::Warning, "", "whole-run averages"));
}

TEST(TrainingLog, MetricsCsvThroughAMapping) {
    ImportIssues issues;
    const auto mapping =
        parseLogMapping(logFixture("table/metrics-mapping.json"), "mapping.json", issues);
    ASSERT_TRUE(mapping) << dump(issues);
    const LogSummary s = summarize("table/metrics.csv", &*mapping);
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    // Lightning counts steps from 0: rows 9 and 19 cover steps up to the 10th after the start.
    EXPECT_EQ(s.records, 20u);
    EXPECT_EQ(s.warmupRecords, 2u);
    EXPECT_EQ(s.steadyRecords, 18u);
    ASSERT_TRUE(s.stepSeconds);
    ASSERT_TRUE(s.tokensPerSecondPerGpu);
    EXPECT_GT(s.stepSeconds->median, 10.1);
    EXPECT_LT(s.stepSeconds->median, 10.4);
    // The export's tokens/s per GPU is 256 × 4096 / step time / 8 per row.
    EXPECT_NEAR(s.tokensPerSecondPerGpu->median * s.stepSeconds->median, 256.0 * 4096 / 8, 60);
    ASSERT_TRUE(s.peakMemory);
    EXPECT_NEAR(s.peakMemory->bytes, 61.0 * units::kGiB, 1.0); // 60.5 + 2 × 0.25
}

TEST(TrainingLog, MappingErrorsNameTheKey) {
    ImportIssues issues;
    EXPECT_FALSE(parseLogMapping(R"({"schema": "trainplan.log_mapping.v1", "step": "s",
        "step_time": {"column": "t", "unit": "hours"}, "speed": "x"})",
                                 "map.json", issues));
    EXPECT_TRUE(hasIssue(issues, Severity::Error, "step_time.unit", "'hours' is not one of"));
    EXPECT_TRUE(hasIssue(issues, Severity::Error, "speed", "unknown key"));
    ImportIssues missing;
    const auto m = parseLogMapping(R"({"schema": "trainplan.log_mapping.v1", "step": "step",
        "step_time": "nope"})",
                                   "map.json", missing);
    ASSERT_TRUE(m) << dump(missing);
    const ParsedLog log = parseMetricsTable("step,time\n1,2\n", "m.csv", *m);
    EXPECT_TRUE(
        hasIssue(log.issues, Severity::Error, "step_time", "column 'nope' is not in the export"));
}

TEST(TrainingLog, GarbageGivesAnErrorNamingWhatWasLookedFor) {
    const ParsedLog log = parseTrainingLog("\x7f"
                                           "ELF\x01\x02 binary junk\nno log here\n",
                                           "junk.bin");
    ASSERT_TRUE(hasErrors(log.issues));
    EXPECT_TRUE(hasIssue(log.issues, Severity::Error, "", "not a training log"))
        << dump(log.issues);
    EXPECT_FALSE(summarizeLogs({log}).ok());
}

TEST(TrainingLog, TruncatedLogWithOnlyWarmupIsAnError) {
    // Two reports, then the file ends: both are warm-up.
    const std::string text =
        " iteration       10/    1000 | consumed samples:        5120 | elapsed time per iteration "
        "(ms): 3000.0 | global batch size:   512 | number of skipped iterations:   0 | number of "
        "nan "
        "iterations:   0 |\n"
        " iteration       20/    1000 | consumed samples:       10240 | elapsed time per iteration "
        "(ms): 2100.0 | global batch size:   512 | number of skipped iterations:   0 | number of "
        "nan "
        "iterations:   0 |\n"
        " iteration       30/    1000 | consumed samples:       15360 | elapsed time per iter";
    const LogSummary s = summarizeLogs({parseTrainingLog(text, "short.log")},
                                       LogSummaryOptions{.warmupIterations = 20});
    EXPECT_FALSE(s.ok());
    EXPECT_TRUE(hasIssue(s.issues, Severity::Error, "", "falls in the warm-up")) << dump(s.issues);
    EXPECT_TRUE(hasIssue(s.issues, Severity::Error, "", "ends at iteration 20"));
    EXPECT_TRUE(hasIssue(s.issues, Severity::Warning, "line 3", "cut off"));
}

TEST(TrainingLog, MixedRankLinesAreSkippedWithTheReason) {
    // A report cut by another rank's output: no nan-iterations field at its end.
    const std::string text = " iteration       10/    1000 | consumed samples: [rank3]: NCCL INFO "
                             "Channel 00/0 : 3[3] -> "
                             "4[4] via P2P/IPC | elapsed time per iteration (ms): 2100.0\n";
    const ParsedLog log = parseMegatronLog(text, "mixed.log");
    EXPECT_TRUE(hasErrors(log.issues));
    EXPECT_TRUE(hasIssue(log.issues, Severity::Error, "", "mixed with another rank's output"))
        << dump(log.issues);
}

TEST(TrainingLog, BatchRampUpReportsAreDropped) {
    std::string text = "training ...\n";
    for (int i = 10; i <= 100; i += 10)
        text += " iteration " + std::to_string(i) +
                "/ 1000 | elapsed time per iteration (ms): " + (i <= 40 ? "1000.0" : "2000.0") +
                " | global batch size: " + (i <= 40 ? "256" : "512") +
                " | number of skipped iterations:   0 | number of nan iterations:   0 |\n";
    const LogSummary s = summarizeLogs({parseTrainingLog(text, "ramp.log")});
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_EQ(s.globalBatch, 512);
    EXPECT_EQ(s.otherBatchRecords, 3u); // 20, 30, 40 (10 is warm-up)
    EXPECT_DOUBLE_EQ(s.stepSeconds->median, 2.0);
}

} // namespace
} // namespace trainplan::model::io

namespace trainplan::model::io {
namespace {

// NeMo 2's ProgressPrinter lines (the fixture cites the file): 0-based iterations, log interval 1,
// warm-up over the first ten iterations dropped, the median of the rest.
TEST(TrainingLog, NemoProgressPrinterLinesGiveTheSteadyStepTimeAndFlops) {
    EXPECT_EQ(detectLogFormat(logFixture("nemo/llama3-8b-pretrain.log")), LogFormat::Megatron);
    const LogSummary s = summarize("nemo/llama3-8b-pretrain.log");
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_EQ(s.records, 30u);
    EXPECT_EQ(s.warmupRecords + s.steadyRecords, 30u);
    ASSERT_TRUE(s.stepSeconds);
    EXPECT_EQ(s.stepSeconds->count, s.steadyRecords);
    // Steady steps 3.812–3.852 s; the warm-up (14.62 s, 5.11 s, …) is not in the median.
    EXPECT_GE(s.stepSeconds->min, 3.812 - 1e-12);
    EXPECT_LE(s.stepSeconds->max, 3.861 + 1e-12);
    EXPECT_NEAR(s.stepSeconds->median, 3.832, 0.0041);
    EXPECT_EQ(s.globalBatch, 128);
    ASSERT_TRUE(s.flopsPerSecondPerGpu);
    EXPECT_GT(s.flopsPerSecondPerGpu->median, 200e12);
    EXPECT_LT(s.flopsPerSecondPerGpu->median, 210e12);
    EXPECT_FALSE(s.peakMemory) << "NeMo's progress lines carry no memory";
}

// A W&B history export as JSON Lines through its mapping: seconds, tokens/s per GPU and the
// allocator's max reserved in GB (10⁹ bytes).
TEST(TrainingLog, JsonLinesExportThroughAMapping) {
    ImportIssues issues;
    const auto mapping =
        parseLogMapping(logFixture("table/wandb-history-mapping.json"), "mapping.json", issues);
    ASSERT_TRUE(mapping) << dump(issues);
    const LogSummary s = summarize("table/wandb-history.jsonl", &*mapping);
    ASSERT_TRUE(s.ok()) << dump(s.issues);
    EXPECT_EQ(s.records, 30u);
    ASSERT_TRUE(s.stepSeconds);
    EXPECT_GE(s.stepSeconds->min, 4.205 - 1e-12);
    EXPECT_LE(s.stepSeconds->max, 4.229 + 1e-12);
    EXPECT_NEAR(s.stepSeconds->median, 4.217, 0.0031);
    ASSERT_TRUE(s.tokensPerSecondPerGpu);
    // Each row's tokens/s per GPU is 128 × 4096 / step time / 16.
    EXPECT_NEAR(s.tokensPerSecondPerGpu->median * s.stepSeconds->median, 128.0 * 4096 / 16, 20);
    ASSERT_TRUE(s.peakMemory);
    EXPECT_NEAR(s.peakMemory->bytes, 71.32e9, 1.0);
    EXPECT_EQ(s.peakMemory->kind, MemoryKind::MaxReserved);
}

} // namespace
} // namespace trainplan::model::io
