#pragma once

#include <trainplan/model/readiness.h>
#include <trainplan/simulator/roadmap.h>

#include <QScrollArea>

#include <optional>
#include <vector>

class QHBoxLayout;
class QLabel;

namespace trainplan::ui {

class StageCard;
struct StageCardContent;

// The migration roadmap as a swimlane: one StageCard per stage, left to right in order, with arrows
// between them; scrolls horizontally. Follows each advisor result, rebuilding only the cards whose
// content changed; forwards the cards' edits.
class RoadmapView : public QScrollArea {
    Q_OBJECT
public:
    explicit RoadmapView(QWidget* parent = nullptr);
    void setStages(const std::vector<sim::RoadmapStage>& stages);
    void
    setMessage(const QString& text); // shown instead of the cards (no result yet, invalid scenario)
    [[nodiscard]] const std::vector<StageCard*>& cards() const { return m_cards; }

signals:
    void frameworkChanged(int stage, std::optional<model::Framework> framework);
    void triggerChanged(int stage, model::TriggerKind kind, double value, bool kindChanged);
    void prerequisiteToggled(int stage, int prerequisite, bool done);

private:
    void clearLane();
    StageCard* makeCard(const StageCardContent& content); // connected to this view's signals

    QWidget* m_lane;
    QHBoxLayout* m_layout;
    QLabel* m_message;
    std::vector<StageCard*> m_cards;
};

} // namespace trainplan::ui
