// The metric catalogue (issue 19 item 3): one name and one explanation per metric in each
// language, read by the GUI, the report and the CLI alike.
#include <trainplan/simulator/explain_text.h>
#include <trainplan/simulator/field_text.h>
#include <trainplan/simulator/metric_text.h>

#include <gtest/gtest.h>

#include "text_test_support.h"

#include <set>
#include <string>

using namespace trainplan::sim;

namespace {

using trainplan::test::hasCjk;

} // namespace

TEST(MetricText, EveryMetricHasItsOwnNameAndHelpInBothLanguages) {
    std::set<std::string> namesEn, namesZh;
    for (int i = 0; i < kMetricCount; ++i) {
        const auto m = static_cast<Metric>(i);
        const std::string_view en = metricName(m, Lang::En), zh = metricName(m, Lang::ZhCN);
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_FALSE(zh.empty()) << i;
        EXPECT_TRUE(namesEn.insert(std::string(en)).second) << "two metrics named " << en;
        EXPECT_TRUE(namesZh.insert(std::string(zh)).second) << "two metrics named " << zh;
        const std::string_view help = metricHelp(m, Lang::En), helpZh = metricHelp(m, Lang::ZhCN);
        EXPECT_GT(help.size(), 20u) << en;
        EXPECT_EQ(help.back(), '.') << en << ": a sentence";
        EXPECT_TRUE(hasCjk(helpZh)) << en << ": " << helpZh;
        EXPECT_NE(help, helpZh) << en;
    }
}

TEST(MetricText, NamesAreTheOnesEverySurfaceUses) {
    EXPECT_EQ(metricName(Metric::StepTime, Lang::En), "Step time");
    EXPECT_EQ(metricName(Metric::StepTime, Lang::ZhCN), "单步时间");
    EXPECT_EQ(metricName(Metric::TimeToTrain, Lang::ZhCN), "训练时长");
    EXPECT_EQ(metricName(Metric::TokensPerSecondPerGpu, Lang::ZhCN), "每卡 token/秒");
    EXPECT_EQ(metricName(Metric::ErrorBar, Lang::En), "Step time, 80% interval");
}

TEST(StageRowName, NamesEveryKindOfStageInBothLanguages) {
    EXPECT_EQ(stageRowName(StageKind::First, {0}, Lang::En), "stage 0 (embeddings)");
    EXPECT_EQ(stageRowName(StageKind::Last, {15}, Lang::En), "stage 15 (LM head)");
    EXPECT_EQ(stageRowName(StageKind::Middle, {3}, Lang::En), "stage 3");
    EXPECT_EQ(stageRowName(StageKind::Middle, {1, 2, 3, 4}, Lang::En), "stages 1–4");
    EXPECT_EQ(stageRowName(StageKind::Only, {0}, Lang::En), "single stage");
    EXPECT_EQ(stageRowName(StageKind::First, {0}, Lang::ZhCN), "阶段 0（嵌入层）");
    EXPECT_EQ(stageRowName(StageKind::Middle, {1, 2, 3, 4}, Lang::ZhCN), "阶段 1–4");
    EXPECT_EQ(stageRowName(StageKind::Only, {0}, Lang::ZhCN), "单一阶段");
}

TEST(FieldLabel, NamesScenarioFieldsByTheirPath) {
    EXPECT_EQ(fieldLabel("cluster.nodes", Lang::En), "Nodes");
    EXPECT_EQ(fieldLabel("cluster.nodes", Lang::ZhCN), "节点数");
    EXPECT_EQ(fieldLabel("cluster.intra_node", Lang::ZhCN), "节点内链路");
    EXPECT_EQ(fieldLabel("cluster.gpu_hour_usd", Lang::ZhCN), "每 GPU 时单价");
    EXPECT_EQ(fieldLabel("model.hidden", Lang::En), "Hidden size");
    // A path the catalogue does not name comes back as it is, never empty.
    EXPECT_EQ(fieldLabel("cluster.no_such_field", Lang::ZhCN), "cluster.no_such_field");
}

TEST(FieldLabel, EveryFieldWithHelpExplainsItselfInBothLanguages) {
    for (const char* path :
         {"model.layers", "model.moe.experts", "training.precision", "training.cross_entropy",
          "cluster.nodes", "cluster.gpu_hour_usd", "constraints.memory_headroom", "plan.tp",
          "plan.recompute_modules", "plan.tp_comm_overlap"}) {
        const std::string_view en = fieldHelp(path, Lang::En), zh = fieldHelp(path, Lang::ZhCN);
        EXPECT_GT(en.size(), 10u) << path;
        EXPECT_EQ(en.back(), '.') << path;
        EXPECT_NE(en, zh) << path;
        EXPECT_NE(fieldLabel(path, Lang::En), path) << path << " has help but no label";
    }
    EXPECT_EQ(fieldHelp("cluster.nodes", Lang::En), "Number of nodes (servers).");
    EXPECT_TRUE(fieldHelp("cluster.no_such_field", Lang::En).empty());
}
