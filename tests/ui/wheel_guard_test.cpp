// Regression (issue 21): scrolling the editor with the mouse wheel edited whatever spin box passed
// under the pointer (sequence length 8192 → 8153, model turned "Custom architecture"). Spin boxes
// and combo boxes now take the wheel only when they have the focus.
#include "ui_test_support.h"

#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>
#include <trainplan/ui/wheel_guard.h>

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QWheelEvent>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

// One notch of the wheel up (120 eighths of a degree), the pointer at the widget's centre.
void wheelOver(QWidget* w) {
    const QPointF at(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

class WheelGuardTest : public ::testing::Test {
protected:
    void SetUp() override {
        WheelGuard::install(test::app());
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(test::loadExample("llama31-70b-h100x256.json"));
        editor = std::make_unique<ScenarioEditor>(doc.get());
        editor->resize(500, 900);
        editor->show();
        editor->activateWindow();
        ASSERT_TRUE(test::waitFor([&] { return editor->isActiveWindow(); }, 2000));
        seqLen = editor->findChild<QSpinBox*>(QStringLiteral("model.seq_len"));
        modelBox = editor->findChild<QComboBox*>(QStringLiteral("model"));
        ASSERT_NE(seqLen, nullptr);
        ASSERT_NE(modelBox, nullptr);
        // The focus sits in the scenario name, as after typing it.
        auto* name = editor->findChild<QLineEdit*>(QStringLiteral("name"));
        ASSERT_NE(name, nullptr);
        name->setFocus();
        ASSERT_TRUE(test::waitFor([&] { return name->hasFocus(); }, 2000));
    }
    std::unique_ptr<ScenarioDocument> doc;
    std::unique_ptr<ScenarioEditor> editor;
    QSpinBox* seqLen = nullptr;
    QComboBox* modelBox = nullptr;
};

TEST_F(WheelGuardTest, AWheelOverAnUnfocusedSpinBoxChangesNothing) {
    ASSERT_FALSE(seqLen->hasFocus());
    ASSERT_EQ(seqLen->value(), 8192);
    wheelOver(seqLen);
    EXPECT_EQ(seqLen->value(), 8192);
    EXPECT_EQ(doc->scenario().model.seqLen, 8192);
    EXPECT_FALSE(doc->isModified());
    EXPECT_FALSE(seqLen->hasFocus()) << "the wheel must not focus the field either";
}

TEST_F(WheelGuardTest, AWheelOverAnUnfocusedComboBoxKeepsTheCatalogModel) {
    const QString before = modelBox->currentText();
    const std::string modelRef = doc->scenario().modelRef;
    ASSERT_FALSE(modelRef.empty());
    wheelOver(modelBox);
    EXPECT_EQ(modelBox->currentText(), before);
    EXPECT_EQ(doc->scenario().modelRef, modelRef);
    EXPECT_FALSE(doc->isModified());
}

TEST_F(WheelGuardTest, AFocusedSpinBoxStillTakesTheWheel) {
    seqLen->setFocus();
    ASSERT_TRUE(test::waitFor([&] { return seqLen->hasFocus(); }, 2000));
    wheelOver(seqLen);
    EXPECT_EQ(seqLen->value(), 8192 + seqLen->singleStep());
    EXPECT_EQ(doc->scenario().model.seqLen, 8192 + seqLen->singleStep());
}

TEST_F(WheelGuardTest, GuardedFieldsAreNotFocusedByTheWheel) {
    EXPECT_EQ(seqLen->focusPolicy(), Qt::StrongFocus);
    EXPECT_EQ(modelBox->focusPolicy(), Qt::StrongFocus);
}

} // namespace
} // namespace trainplan::ui
