// The editor's "Loss kernel" choice (training.cross_entropy, issue 18 item 2): it edits the
// scenario, and it is off under the stacks that run PyTorch's own loss, which reset it.
#include "ui_test_support.h"

#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>

#include <QComboBox>
#include <QImage>

#include <gtest/gtest.h>

#include <cstdlib>

namespace trainplan::ui {
namespace {

// As a user picks an entry: the binder commits on QComboBox::activated.
void pick(QComboBox* box, const char* value) {
    const int index = box->findData(QString::fromLatin1(value));
    ASSERT_GE(index, 0) << value;
    box->setCurrentIndex(index);
    emit box->activated(index);
}

TEST(LossKernelEditor, TheChoiceEditsTheScenarioAndFollowsTheStack) {
    test::app();
    ScenarioDocument doc(test::catalog());
    doc.reset(test::loadExample("llama31-70b-h100x256.json"));
    ScenarioEditor editor(&doc);
    editor.resize(500, 2600); // tall enough to show every section without scrolling
    editor.show();
    auto* loss = editor.findChild<QComboBox*>(QStringLiteral("training.cross_entropy"));
    auto* stack = editor.findChild<QComboBox*>(QStringLiteral("training.execution"));
    ASSERT_NE(loss, nullptr);
    ASSERT_NE(stack, nullptr);
    EXPECT_EQ(loss->currentData().toString(), QStringLiteral("auto"));
    EXPECT_TRUE(loss->isEnabled());

    pick(loss, "te");
    EXPECT_EQ(doc.scenario().training.crossEntropy, model::CrossEntropy::Te);

    // torch.compile runs PyTorch's loss: the choice goes back to auto and is disabled, so the
    // scenario never holds the combination the file check rejects.
    pick(stack, "compile");
    EXPECT_EQ(doc.scenario().training.execution, model::ExecutionMode::Compile);
    EXPECT_EQ(doc.scenario().training.crossEntropy, model::CrossEntropy::Auto);
    EXPECT_FALSE(loss->isEnabled());
    EXPECT_EQ(loss->currentData().toString(), QStringLiteral("auto"));

    pick(stack, "cuda_graphs");
    EXPECT_TRUE(loss->isEnabled());
    pick(loss, "unfused");
    EXPECT_EQ(doc.scenario().training.crossEntropy, model::CrossEntropy::Unfused);

    // TRAINPLAN_SHOT=FILE keeps a picture of the editor for a look by eye.
    if (const char* shot = std::getenv("TRAINPLAN_SHOT")) editor.grab().save(QString(shot));
}

} // namespace
} // namespace trainplan::ui
