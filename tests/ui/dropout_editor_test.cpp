// The editor's dropout fields (training.attention_dropout, hidden_dropout, issue 18): a value edits
// the scenario, and the lowest step, shown as the usual value, unsets it again.
#include "ui_test_support.h"

#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>

#include <QDoubleSpinBox>

#include <gtest/gtest.h>

#include <optional>

namespace trainplan::ui {
namespace {

TEST(DropoutEditor, ValuesEditTheScenarioAndTheLowestStepUnsetsThem) {
    test::app();
    ScenarioDocument doc(test::catalog());
    doc.reset(test::loadExample("llama31-70b-h100x256.json"));
    ScenarioEditor editor(&doc);
    auto* attention =
        editor.findChild<QDoubleSpinBox*>(QStringLiteral("training.attention_dropout"));
    auto* hidden = editor.findChild<QDoubleSpinBox*>(QStringLiteral("training.hidden_dropout"));
    ASSERT_NE(attention, nullptr);
    ASSERT_NE(hidden, nullptr);
    // The example states none: both boxes show the usual value, the special text.
    EXPECT_EQ(attention->value(), attention->minimum());
    EXPECT_FALSE(attention->specialValueText().isEmpty());

    attention->setValue(0.1);
    EXPECT_EQ(doc.scenario().training.attentionDropout, std::optional<double>(0.1));
    EXPECT_FALSE(doc.scenario().training.hiddenDropout.has_value());
    hidden->setValue(0.0); // a stated 0 is not the same as unset
    EXPECT_EQ(doc.scenario().training.hiddenDropout, std::optional<double>(0.0));

    attention->setValue(attention->minimum());
    EXPECT_FALSE(doc.scenario().training.attentionDropout.has_value());
}

} // namespace
} // namespace trainplan::ui
