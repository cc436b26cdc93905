// Regression (issue 19 item 3): the scenario editor's messages under a field are in the window's
// language. A global batch of 0 read "0 is out of range [1, 1000000000]" in the Chinese window;
// it now reads "0 超出范围 [1, 1000000000]", and the English window keeps the English sentences.
#include "ui_test_support.h"

#include <trainplan/ui/language.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>

#include <QLabel>
#include <QSpinBox>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

// The message shown under the field whose widget is named `path`.
QString fieldMessage(const ScenarioEditor& editor, const QString& path) {
    const QWidget* field = editor.findChild<QWidget*>(path);
    if (!field || !field->parentWidget()) return {};
    const auto* label =
        field->parentWidget()->findChild<QLabel*>(QStringLiteral("validationMessage"));
    return label && !label->isHidden() ? label->text() : QString();
}

QString globalBatchMessage(const QString& language) {
    installLanguage(language);
    ScenarioDocument doc(test::catalog());
    model::Scenario s = test::loadExample("llama2-7b-a100x8-pcie.json");
    s.training.globalBatch = 0;
    doc.reset(s);
    ScenarioEditor editor(&doc);
    editor.resize(500, 2600);
    editor.show();
    return fieldMessage(editor, QStringLiteral("training.global_batch"));
}

TEST(FieldIssueLanguage, TheEditorShowsAFieldsProblemInTheWindowsLanguage) {
    test::app();
    const QString zh = globalBatchMessage(QStringLiteral("zh_CN"));
    const QString en = globalBatchMessage(QStringLiteral("en"));
    // The file check's range and validateScenario's rule, one per line.
    EXPECT_EQ(zh, QStringLiteral("0 超出范围 [1, 1000000000]\n必须为正数"));
    EXPECT_EQ(en, QStringLiteral("0 is out of range [1, 1000000000]\nmust be positive"));
}

} // namespace
} // namespace trainplan::ui
