// The editor's "Host CPU cores per node" (cluster.host_cpu_cores_per_node, issue 17 item 5): it
// edits the scenario, 0 shows as the default, and an offload plan's optimizer step follows it.
#include "ui_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/field_text.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>

#include <QSpinBox>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

TEST(HostCoresEditor, TheFieldEditsTheScenarioAndShowsTheDefault) {
    test::app();
    ScenarioDocument doc(test::catalog());
    doc.reset(test::loadExample("llama31-70b-h100x256.json"));
    ScenarioEditor editor(&doc);
    auto* cores = editor.findChild<QSpinBox*>(QStringLiteral("cluster.host_cpu_cores_per_node"));
    ASSERT_NE(cores, nullptr);
    EXPECT_EQ(cores->value(), 0);
    EXPECT_EQ(cores->text(), QStringLiteral("default (6 per GPU)"));
    // Its tooltip is the field catalogue's sentence, which the report and the CLI can read too.
    EXPECT_EQ(cores->toolTip().toStdString(),
              sim::fieldHelp("cluster.host_cpu_cores_per_node", sim::Lang::En));

    model::Plan p;
    p.framework = model::Framework::DeepSpeed;
    p.dp = 256;
    p.zeroStage = 3;
    p.offload = model::Offload::Cpu;
    auto optimizerSeconds = [&] {
        return sim::evaluatePlan(sim::makeContext(doc.scenario()), p).time.optimizerSeconds;
    };
    const double byDefault = optimizerSeconds();

    cores->setValue(24); // 3 per GPU: half the default share
    EXPECT_EQ(doc.scenario().cluster.hostCpuCoresPerNode, 24);
    EXPECT_NEAR(optimizerSeconds(), 2.0 * byDefault, 1e-9 * byDefault);

    cores->setValue(0);
    EXPECT_EQ(doc.scenario().cluster.hostCpuCoresPerNode, 0);
    EXPECT_DOUBLE_EQ(optimizerSeconds(), byDefault);
}

} // namespace
} // namespace trainplan::ui
