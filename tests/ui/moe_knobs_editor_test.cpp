// The plan knobs of a MoE plan (issue 18): Megatron-Core's token dispatcher and combined 1F1B are
// edited in the plan's knobs and land in the scenario as one undoable edit each.
#include "ui_test_support.h"

#include <trainplan/ui/plan_knobs_editor.h>
#include <trainplan/ui/scenario_document.h>

#include <QCheckBox>
#include <QComboBox>
#include <QImage>

#include <gtest/gtest.h>

#include <cstdlib>

namespace trainplan::ui {
namespace {

TEST(MoeKnobsEditor, DispatcherAndOverlapEditThePlan) {
    test::app();
    ScenarioDocument doc(test::catalog());
    model::Scenario s = test::loadExample("mixtral-8x7b-h800x64-roce.json");
    model::Plan p;
    p.framework = model::Framework::Megatron;
    p.tp = 2;
    p.pp = 4;
    p.vpp = 2;
    p.dp = 8;
    p.ep = 8;
    p.zeroStage = 1;
    p.sequenceParallel = true;
    s.plans = {p};
    doc.reset(s);
    PlanKnobsEditor editor(&doc);
    editor.setPlanIndex(0);
    editor.resize(480, 900);
    editor.show();
    auto* dispatcher = editor.findChild<QComboBox*>(QStringLiteral("plans[0].moe_dispatcher"));
    auto* overlap = editor.findChild<QCheckBox*>(QStringLiteral("plans[0].ep_comm_overlap"));
    ASSERT_NE(dispatcher, nullptr);
    ASSERT_NE(overlap, nullptr);
    EXPECT_EQ(dispatcher->currentData().toString(), QStringLiteral("alltoall"));
    EXPECT_FALSE(overlap->isChecked());

    const int flex = dispatcher->findData(QStringLiteral("flex"));
    ASSERT_GE(flex, 0);
    dispatcher->setCurrentIndex(flex);
    emit dispatcher->activated(flex);
    EXPECT_EQ(doc.scenario().plans[0].moeDispatcher, model::MoeDispatcher::Flex);
    overlap->click();
    EXPECT_TRUE(doc.scenario().plans[0].epCommOverlap);
    EXPECT_EQ(doc.scenario().plans[0].label(), "TP2·PP4·VPP2·EP8·DP8 mb1 dist-opt SP flex ep-overlap");
    // TRAINPLAN_SHOT=FILE keeps a picture of the knobs for a look by eye.
    if (const char* shot = std::getenv("TRAINPLAN_SHOT")) editor.grab().save(QString(shot));
}

} // namespace
} // namespace trainplan::ui
