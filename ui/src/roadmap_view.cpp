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
    if (stages.empty()) {
        setMessage(viewText(services::PlanViewText::NoStages));
        return;
    }
    std::vector<StageCardContent> contents;
    contents.reserve(stages.size());
    for (std::size_t i = 0; i < stages.size(); ++i)
        contents.push_back(stageCardContent(static_cast<int>(i), stages[i]));
    // The same stages (a readiness tick changes one card's checklist, if any): the cards whose
    // content is unchanged stay, the others are replaced in place.
    if (contents.size() == m_cards.size() && m_message->isHidden()) {
        for (std::size_t i = 0; i < contents.size(); ++i) {
            if (m_cards[i]->content() == contents[i]) continue;
            StageCard* card = makeCard(contents[i]);
            delete m_layout->replaceWidget(m_cards[i], card);
            m_cards[i]->hide();
            m_cards[i]->deleteLater();
            m_cards[i] = card;
        }
        return;
    }
    clearLane();
    m_message->hide();
    for (std::size_t i = 0; i < contents.size(); ++i) {
        if (i > 0) {
            auto* arrow = new QLabel(QStringLiteral("➜"));
            arrow->setAlignment(Qt::AlignCenter);
            arrow->setForegroundRole(QPalette::PlaceholderText);
            QFont f = arrow->font();
            f.setPointSizeF(f.pointSizeF() * 1.6);
            arrow->setFont(f);
            m_layout->addWidget(arrow);
        }
        StageCard* card = makeCard(contents[i]);
        m_layout->addWidget(card, 0, Qt::AlignTop);
        m_cards.push_back(card);
    }
    m_layout->addStretch(1);
}

StageCard* RoadmapView::makeCard(const StageCardContent& content) {
    auto* card = new StageCard(content);
    connect(card, &StageCard::frameworkChanged, this, &RoadmapView::frameworkChanged);
    connect(card, &StageCard::triggerChanged, this, &RoadmapView::triggerChanged);
    connect(card, &StageCard::prerequisiteToggled, this, &RoadmapView::prerequisiteToggled);
    return card;
}

} // namespace trainplan::ui
