#include "ui_test_support.h"

#include <trainplan/model/issue_text.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/readiness_fit.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/readiness_section.h>
#include <trainplan/ui/roadmap_edits.h>
#include <trainplan/ui/scenario_document.h>

#include <QCheckBox>
#include <QComboBox>
#include <QUndoStack>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

using model::ReadinessItem;

class ReadinessSectionTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(test::loadExample("llama31-70b-h100x256.json"));
        section = std::make_unique<ReadinessSection>(doc.get());
        connect();
    }
    void connect() {
        QObject::connect(doc.get(), &ScenarioDocument::scenarioChanged, section.get(),
                         &ReadinessSection::refresh);
    }
    template <typename W> W* field(const char* path) {
        auto* w = section->findChild<W*>(QString::fromLatin1(path));
        EXPECT_NE(w, nullptr) << path;
        return w;
    }
    static void choose(QComboBox* box, const QString& value) {
        const int i = box->findData(value);
        ASSERT_GE(i, 0) << value.toStdString();
        box->setCurrentIndex(i);
        emit box->activated(i);
    }
    std::unique_ptr<ScenarioDocument> doc;
    std::unique_ptr<ReadinessSection> section;
};

TEST_F(ReadinessSectionTest, EveryQuestionHasAControlWithAnExplanation) {
    const char* checks[] = {"team.maintain_versions",
                            "platform.gang_scheduling",
                            "platform.topology_aware_placement",
                            "platform.shared_checkpoint_storage",
                            "platform.failure_recovery",
                            "platform.monitoring",
                            "platform.standard_images",
                            "platform.cost_attribution"};
    for (const char* path : checks) {
        auto* box = field<QCheckBox>(path);
        ASSERT_NE(box, nullptr);
        EXPECT_FALSE(box->isChecked()) << path << ": every answer defaults to not in place";
        EXPECT_TRUE(box->toolTip().contains(QStringLiteral("Why it matters"))) << path;
    }
    // Why it matters is the advisor's and the report's sentence for the item, not a second one.
    const std::string gangWhy(
        sim::readinessItemText(model::ReadinessItem::GangScheduling, sim::Lang::En).why);
    EXPECT_TRUE(field<QCheckBox>("platform.gang_scheduling")
                    ->toolTip()
                    .contains(QString::fromStdString(gangWhy).toHtmlEscaped()))
        << field<QCheckBox>("platform.gang_scheduling")->toolTip().toStdString();
    for (const char* path : {"team.experience", "team.debug_distributed", "platform.rdma"}) {
        auto* box = field<QComboBox>(path);
        ASSERT_NE(box, nullptr);
        EXPECT_TRUE(box->toolTip().contains(QStringLiteral("Why it matters"))) << path;
    }
    EXPECT_EQ(field<QComboBox>("team.experience")->count(), 4);
    EXPECT_EQ(field<QComboBox>("team.debug_distributed")->count(), 3);
    EXPECT_EQ(field<QComboBox>("platform.rdma")->count(),
              4); // from the cluster, none, RoCE, InfiniBand
    EXPECT_EQ(field<QComboBox>("platform.rdma")->currentData().toString(), QString()); // unanswered
}

TEST_F(ReadinessSectionTest, ACheckBoxEditsTheDocumentAndUndoRestoresIt) {
    auto* gang = field<QCheckBox>("platform.gang_scheduling");
    gang->click();
    EXPECT_TRUE(doc->scenario().platform.gangScheduling);
    EXPECT_EQ(doc->undoStack()->count(), 1);
    doc->undoStack()->undo();
    EXPECT_FALSE(doc->scenario().platform.gangScheduling);
    EXPECT_FALSE(gang->isChecked()) << "the widget follows undo";
}

TEST_F(ReadinessSectionTest, ComboBoxesWriteTheirValuesAndTheFrameworkNeedsFollow) {
    // 70B on 32 nodes: FSDP requires ZeRO/FSDP experience (and DDP below it), hang debugging and
    // shared checkpoint storage: 2 + 4 + 4 + 6 = 16 weeks (docs/advisor.md §1, §2).
    const auto before = sim::readinessFit(model::Framework::Fsdp, doc->scenario().team,
                                          doc->scenario().platform, doc->scenario().cluster);
    EXPECT_DOUBLE_EQ(before.requiredWeeks, 16);
    EXPECT_TRUE(section->needsText().contains(QStringLiteral("FSDP — 16 week")))
        << section->needsText().toStdString();

    choose(field<QComboBox>("team.experience"), QStringLiteral("zero_fsdp"));
    EXPECT_EQ(doc->scenario().team.experience, model::TeamExperience::ZeroFsdp);
    choose(field<QComboBox>("team.debug_distributed"), QStringLiteral("hangs"));
    EXPECT_EQ(doc->scenario().team.debugDistributed, model::DebugSkill::Hangs);
    // Left: shared checkpoint storage, 6 weeks.
    EXPECT_TRUE(section->needsText().contains(QStringLiteral("FSDP — 6 week")))
        << section->needsText().toStdString();
    field<QCheckBox>("platform.shared_checkpoint_storage")->click();
    EXPECT_TRUE(section->needsText().contains(QStringLiteral("FSDP — ready")))
        << section->needsText().toStdString();

    choose(field<QComboBox>("platform.rdma"), QStringLiteral("none"));
    ASSERT_TRUE(doc->scenario().platform.rdma.has_value());
    EXPECT_EQ(*doc->scenario().platform.rdma, model::RdmaKind::None);
    choose(field<QComboBox>("platform.rdma"), QString());
    EXPECT_FALSE(doc->scenario().platform.rdma.has_value())
        << "\"from the cluster\" clears the answer";

    while (doc->undoStack()->canUndo())
        doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().team, model::TeamProfile{});
    EXPECT_EQ(doc->scenario().platform, model::PlatformProfile{});
}

TEST_F(ReadinessSectionTest, InvalidReadinessKeysAreShownAtTheirField) {
    model::ValidationIssues issues{
        {"team.experience", model::IssueId::NotOneOf, {"expert", "none, some, experienced"}},
        {"cluster.nodes", model::IssueId::MustBePositive}};
    const auto rest = section->binder()->showIssues(issues);
    ASSERT_EQ(rest.size(), 1u);
    EXPECT_EQ(rest.front().path, "cluster.nodes");
}

// withReadinessItem puts exactly the asked item in or out of place, from either end of the scale.
TEST(RoadmapEdits, WithReadinessItemTogglesExactlyThatItem) {
    test::app();
    const model::Scenario base = test::loadExample("llama31-70b-h100x256.json");
    model::Scenario full = base;
    for (auto item : model::kAllReadinessItems)
        full = withReadinessItem(full, item, true);
    for (const model::Scenario& start : {base, full}) {
        for (auto item : model::kAllReadinessItems) {
            for (bool inPlace : {true, false}) {
                const model::Scenario after = withReadinessItem(start, item, inPlace);
                EXPECT_EQ(model::isInPlace(item, after.team, after.platform, after.cluster),
                          inPlace)
                    << model::toString(item) << " -> " << inPlace;
            }
        }
    }
    for (auto item : model::kAllReadinessItems)
        EXPECT_TRUE(model::isInPlace(item, full.team, full.platform, full.cluster))
            << model::toString(item);
    // Levels move as little as needed: clearing 3D experience leaves ZeRO/FSDP experience.
    const model::Scenario lowered = withReadinessItem(full, ReadinessItem::ExperienceThreeD, false);
    EXPECT_EQ(lowered.team.experience, model::TeamExperience::ZeroFsdp);
    // The 70B example's cluster is InfiniBand: RDMA is in place without an answer.
    EXPECT_EQ(withReadinessItem(base, ReadinessItem::Rdma, true).platform.rdma, std::nullopt);
}

} // namespace
} // namespace trainplan::ui
