#include <trainplan/ui/roadmap_view.h>

#include <trainplan/ui/stage_card.h>
#include <trainplan/ui/view_text.h>

#include <QHBoxLayout>
#include <QLabel>

namespace trainplan::ui {

RoadmapView::RoadmapView(QWidget* parent)
    : QScrollArea(parent)
    , m_lane(new QWidget)
    , m_layout(new QHBoxLayout(m_lane))
    , m_message(new QLabel) {
    setObjectName(QStringLiteral("roadmapView"));
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setSpacing(4);
    m_message->setForegroundRole(QPalette::PlaceholderText);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_layout->addWidget(m_message, 1);
    setWidget(m_lane);
}

void RoadmapView::clearLane() {
    m_cards.clear();
    while (QLayoutItem* item = m_layout->takeAt(0)) {
        if (QWidget* w = item->widget(); w && w != m_message) w->deleteLater();
        delete item;
    }
}

void RoadmapView::setMessage(const QString& text) {
    clearLane();
    m_message->setText(text);
    m_message->show();
    m_layout->addWidget(m_message, 1);
}

void RoadmapView::setStages(const std::vector<sim::RoadmapStage>& stages) {
    clearLane();
    if (stages.empty()) {
        setMessage(viewText(services::PlanViewText::NoStages));
        return;
    }
    m_message->hide();
    for (std::size_t i = 0; i < stages.size(); ++i) {
        if (i > 0) {
            auto* arrow = new QLabel(QStringLiteral("➜"));
            arrow->setAlignment(Qt::AlignCenter);
            arrow->setForegroundRole(QPalette::PlaceholderText);
            QFont f = arrow->font();
            f.setPointSizeF(f.pointSizeF() * 1.6);
            arrow->setFont(f);
            m_layout->addWidget(arrow);
        }
        auto* card = new StageCard(static_cast<int>(i), stages[i]);
        connect(card, &StageCard::frameworkChanged, this, &RoadmapView::frameworkChanged);
        connect(card, &StageCard::triggerChanged, this, &RoadmapView::triggerChanged);
        connect(card, &StageCard::prerequisiteToggled, this, &RoadmapView::prerequisiteToggled);
        m_layout->addWidget(card, 0, Qt::AlignTop);
        m_cards.push_back(card);
    }
    m_layout->addStretch(1);
}

} // namespace trainplan::ui
