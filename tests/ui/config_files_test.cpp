// Framework files in and out of the GUI (issue 10): dropping configs on the main window builds a
// scenario from them; Export launch files writes the selected plan's files.
#include "ui_test_support.h"

#include <trainplan/ui/compare_tab.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/config_files.h>
#include <trainplan/ui/main_window.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/scenario_document.h>

#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

#include <gtest/gtest.h>

#include <memory>

namespace trainplan::ui {
namespace {

QString fixture(const char* relative) {
    return QDir(QStringLiteral(TRAINPLAN_TEST_FIXTURES_DIR)).filePath(QString::fromUtf8(relative));
}

class ConfigFilesTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        window = std::make_unique<MainWindow>();
        window->resize(1400, 900);
        window->show();
        window->openFile(QString::fromStdString(test::examplePath("llama31-70b-h100x256.json")),
                         true);
        window->configFiles()->setInteractive(false);
    }
    void TearDown() override {
        window->document()->undoStack()->setClean();
        window.reset();
    }
    std::unique_ptr<MainWindow> window;
};

TEST_F(ConfigFilesTest, DroppingHfAndMegatronFilesBuildsTheirScenario) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(fixture("io/hf/llama-3.1-70b/config.json")),
                  QUrl::fromLocalFile(fixture("io/megatron/llama3_70b.sh"))});
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window.get(), &drop);

    const model::Scenario& s = window->document()->scenario();
    EXPECT_TRUE(window->document()->filePath().isEmpty()); // a new, unsaved scenario
    EXPECT_EQ(s.model.layers, 80);
    EXPECT_EQ(s.model.hidden, 8192);
    EXPECT_EQ(s.model.kvHeads, 8);
    ASSERT_EQ(s.plans.size(), 1u);
    EXPECT_EQ(s.plans[0].framework, model::Framework::Megatron);
    EXPECT_EQ(s.plans[0].tp, 8);
    EXPECT_TRUE(window->configFiles()->lastMessage().contains(QStringLiteral("Imported")))
        << window->configFiles()->lastMessage().toStdString();
}

// Regression (issue 21): the imported scenario was "unmodified", so opening another one dropped
// it without the unsaved-changes prompt.
TEST_F(ConfigFilesTest, AnImportedScenarioIsUnsavedUntilItIsSaved) {
    ASSERT_FALSE(window->document()->isModified());
    ASSERT_TRUE(window->configFiles()->importFiles(
        {fixture("io/hf/llama-3.1-70b/config.json"), fixture("io/megatron/llama3_70b.sh")}));
    EXPECT_TRUE(window->document()->isModified());
    EXPECT_TRUE(window->isWindowModified());
    // Undoing back to the imported state does not make it saved either.
    model::Scenario s = window->document()->scenario();
    s.cluster.nodes += 1;
    window->document()->edit(QStringLiteral("nodes"), QStringLiteral("cluster.nodes"), s);
    window->document()->undoStack()->undo();
    EXPECT_TRUE(window->document()->isModified());
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(window->document()->saveAs(dir.filePath(QStringLiteral("imported.json")), &error))
        << error.toStdString();
    EXPECT_FALSE(window->document()->isModified());
}

// Regression (issue 21): the GUI's import errors told the user to "pass --model NAME".
TEST_F(ConfigFilesTest, ImportErrorsNameNoCommandLineFlag) {
    // A DeepSpeed config alone names no model: every architecture field is missing.
    EXPECT_FALSE(window->configFiles()->importFiles({fixture("io/deepspeed/zero1_bf16.json")}));
    const QString text = window->configFiles()->lastMessage();
    EXPECT_TRUE(text.contains(QStringLiteral("model.layers"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("config.json"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("--model"))) << text.toStdString();
}

// Regression (issue 21): Export launch files wrote the files of a plan that does not fit with no
// warning.
TEST_F(ConfigFilesTest, ExportingAPlanThatDoesNotFitSaysSo) {
    ASSERT_TRUE(test::waitFor([&] {
        return window->compareTab()->outcome() != nullptr && !window->controller()->isComparing();
    }));
    window->compareTab()->selectRow(0); // DDP: a full 70B replica per GPU
    ASSERT_FALSE(window->configFiles()->selectedPlanMisfit().isEmpty());
    QTemporaryDir dir;
    ASSERT_TRUE(window->configFiles()->exportSelectedPlan(dir.path()));
    const QString text = window->configFiles()->lastMessage();
    EXPECT_TRUE(text.startsWith(QStringLiteral("The plan "))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("does not fit"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("80.0 GiB"))) << text.toStdString();

    // A plan that fits exports without the warning.
    window->compareTab()->selectRow(1);
    EXPECT_TRUE(window->configFiles()->selectedPlanMisfit().isEmpty());
}

TEST_F(ConfigFilesTest, FilesThatContradictEachOtherAreRefusedWithTheImportersMessage) {
    const model::Scenario before = window->document()->scenario();
    // Two Hugging Face configs of different models give two explicit, different layer counts.
    EXPECT_FALSE(window->configFiles()->importFiles(
        {fixture("io/hf/llama-3.1-70b/config.json"), fixture("io/hf/llama-3.1-8b/config.json")}));
    EXPECT_EQ(window->document()->scenario(), before);
    EXPECT_TRUE(window->configFiles()->lastMessage().contains(QStringLiteral("error:")))
        << window->configFiles()->lastMessage().toStdString();
}

TEST_F(ConfigFilesTest, ADroppedScenarioFileIsOpened) {
    const QString path = QString::fromStdString(test::examplePath("gpt3-175b-a100x1024.json"));
    EXPECT_TRUE(window->configFiles()->importFiles({path}));
    EXPECT_EQ(QFileInfo(window->document()->filePath()).fileName(),
              QStringLiteral("gpt3-175b-a100x1024.json"));
}

TEST_F(ConfigFilesTest, ExportWritesTheSelectedPlansLaunchFiles) {
    ASSERT_TRUE(test::waitFor([&] {
        return window->compareTab()->outcome() != nullptr && !window->controller()->isComparing();
    }));
    const std::optional<model::Plan> plan = window->configFiles()->selectedPlan();
    ASSERT_TRUE(plan.has_value());
    QTemporaryDir dir;
    ASSERT_TRUE(window->configFiles()->exportSelectedPlan(dir.path()));
    // Every framework writes a launch script and a Slurm job.
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("job.sbatch"))));
    const QString text = window->configFiles()->lastMessage();
    EXPECT_TRUE(text.contains(QString::fromStdString(plan->label()))) << text.toStdString();

    // An unwritable target is a message, not a crash.
    EXPECT_FALSE(
        window->configFiles()->exportSelectedPlan(QStringLiteral("/proc/trainplan-no-such-dir")));
    EXPECT_TRUE(window->configFiles()->lastMessage().contains(QStringLiteral("Could not write")))
        << window->configFiles()->lastMessage().toStdString();
}

} // namespace
} // namespace trainplan::ui
