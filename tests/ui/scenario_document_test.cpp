#include "ui_test_support.h"

#include <trainplan/ui/scenario_document.h>

#include <trainplan/model/scenario_json.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

class ScenarioDocumentTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(test::loadExample("llama31-70b-h100x256.json"), QStringLiteral("/tmp/x.json"));
    }
    model::Scenario withNodes(int nodes) const {
        model::Scenario s = doc->scenario();
        s.cluster.nodes = nodes;
        return s;
    }
    std::unique_ptr<ScenarioDocument> doc;
};

TEST_F(ScenarioDocumentTest, EditUndoRedoAndModifiedState) {
    const model::Scenario original = doc->scenario();
    EXPECT_FALSE(doc->isModified());
    QSignalSpy changed(doc.get(), &ScenarioDocument::scenarioChanged);
    doc->edit(QStringLiteral("Change nodes"), QStringLiteral("cluster.nodes"), withNodes(16));
    EXPECT_EQ(doc->scenario().cluster.nodes, 16);
    EXPECT_TRUE(doc->isModified());
    EXPECT_EQ(changed.count(), 1);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario(), original);
    EXPECT_FALSE(doc->isModified());
    doc->undoStack()->redo();
    EXPECT_EQ(doc->scenario().cluster.nodes, 16);
}

TEST_F(ScenarioDocumentTest, RapidEditsOfOneFieldMergeIntoOneUndoStep) {
    doc->edit(QStringLiteral("Change nodes"), QStringLiteral("cluster.nodes"), withNodes(33));
    doc->edit(QStringLiteral("Change nodes"), QStringLiteral("cluster.nodes"), withNodes(34));
    doc->edit(QStringLiteral("Change nodes"), QStringLiteral("cluster.nodes"), withNodes(35));
    EXPECT_EQ(doc->undoStack()->count(), 1);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().cluster.nodes, 32);
}

TEST_F(ScenarioDocumentTest, EditsOfDifferentFieldsStaySeparate) {
    doc->edit(QStringLiteral("Change nodes"), QStringLiteral("cluster.nodes"), withNodes(16));
    model::Scenario s = doc->scenario();
    s.training.globalBatch = 1024;
    doc->edit(QStringLiteral("Change batch"), QStringLiteral("training.global_batch"), s);
    EXPECT_EQ(doc->undoStack()->count(), 2);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().training.globalBatch, 512);
    EXPECT_EQ(doc->scenario().cluster.nodes, 16);
}

TEST_F(ScenarioDocumentTest, InvalidValuesBecomeIssuesAtTheirFieldPath) {
    QSignalSpy issues(doc.get(), &ScenarioDocument::issuesChanged);
    ASSERT_TRUE(doc->issues().empty());
    model::Scenario s = doc->scenario();
    s.model.kvHeads = 7; // does not divide 64 heads
    s.modelRef.clear();
    doc->edit(QStringLiteral("Change KV heads"), QStringLiteral("model.kv_heads"), s);
    EXPECT_EQ(issues.count(), 1);
    ASSERT_FALSE(doc->issues().empty());
    EXPECT_EQ(doc->issues().front().path, "model.kv_heads");
    EXPECT_FALSE(doc->canEstimate());
    doc->undoStack()->undo();
    EXPECT_TRUE(doc->issues().empty());
    EXPECT_TRUE(doc->canEstimate());
}

TEST_F(ScenarioDocumentTest, HiddenNotDivisibleByHeadsIsReportedAtHeads) {
    model::Scenario s = doc->scenario();
    s.modelRef.clear();
    s.model.hidden = 8190;
    s.model.headDim = 0; // what the editor sets when heads no longer divide hidden
    doc->edit(QStringLiteral("Change hidden"), QStringLiteral("model.hidden"), s);
    ASSERT_FALSE(doc->issues().empty());
    EXPECT_EQ(doc->issues().front().path, "model.heads");
}

TEST_F(ScenarioDocumentTest, AnInvalidPinnedPlanDoesNotStopTheSearch) {
    model::Scenario s = doc->scenario();
    model::Plan p;
    p.tp = 3;
    s.plans.push_back(p);
    doc->edit(QStringLiteral("Pin"), QString(), s);
    ASSERT_FALSE(doc->issues().empty());
    EXPECT_EQ(doc->issues().front().path.rfind("plans[0]", 0), 0u);
    EXPECT_TRUE(doc->canEstimate());
}

TEST_F(ScenarioDocumentTest, SaveWritesAScenarioThatLoadsBack) {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("saved.json"));
    doc->edit(QStringLiteral("Change nodes"), QStringLiteral("cluster.nodes"), withNodes(16));
    QString error;
    ASSERT_TRUE(doc->saveAs(file, &error)) << error.toStdString();
    EXPECT_FALSE(doc->isModified());
    const auto load = model::loadScenarioFile(file.toStdString(), *test::catalog());
    ASSERT_TRUE(load.ok());
    EXPECT_EQ(load.scenario->cluster.nodes, 16);
    EXPECT_FALSE(doc->saveAs(dir.filePath(QStringLiteral("missing/dir/x.json")), &error));
    EXPECT_FALSE(error.isEmpty());
}

} // namespace
} // namespace trainplan::ui
