// Presentation mode's slides: the recommendation, the comparison table, one chart per page and
// the roadmap, in type that scales with the window (PresentationWindow::rebuild puts them in
// order).
#include <trainplan/ui/presentation_window.h>

#include "presentation_style.h"

#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/report/slide_content.h>

#include <QChart>
#include <QChartView>
#include <QDate>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace trainplan::ui {

namespace detail {

QFont slideFont(int pixels, bool bold) {
    QFont f;
    f.setFamilies(report::reportFontFamilies());
    f.setPixelSize(std::max(8, pixels));
    f.setBold(bold);
    return f;
}

} // namespace detail

namespace {

using namespace detail;
using report::Text;

QLabel* textLabel(const QString& text, int pixels, bool bold, const QColor& color,
                  bool wrap = true) {
    auto* label = new QLabel(text);
    label->setFont(slideFont(pixels, bold));
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, color);
    label->setPalette(p);
    label->setWordWrap(wrap);
    label->setTextFormat(Qt::PlainText);
    return label;
}

QFrame* panel(const QColor& edge, int edgePixels, bool top) {
    auto* frame = new QFrame;
    frame->setObjectName(QStringLiteral("slidePanel"));
    frame->setStyleSheet(
        QStringLiteral(
            "QFrame#slidePanel { background: %1; border: none; border-%2: %3px solid %4; }")
            .arg(kPanel.name(), top ? QStringLiteral("top") : QStringLiteral("left"))
            .arg(edgePixels)
            .arg(edge.name()));
    return frame;
}

} // namespace

QWidget* PresentationWindow::frame(const QString& title, QWidget* body) {
    const int px = m_builtForPixels;
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(px * 3, px * 2, px * 3, px);
    layout->setSpacing(px);
    auto* heading = textLabel(title, px * 2, true, kAccent);
    heading->setObjectName(QStringLiteral("slideTitle"));
    layout->addWidget(heading);
    auto* rule = new QFrame;
    rule->setFixedHeight(std::max(2, px / 6));
    rule->setStyleSheet(QStringLiteral("background: %1;").arg(kAccent.name()));
    rule->setFixedWidth(px * 4);
    layout->addWidget(rule);
    if (body) {
        layout->addWidget(body, 1);
    } else {
        auto* waiting = textLabel(m_error.isEmpty() ? tr("Computing…")
                                                    : tr("Could not estimate: %1").arg(m_error),
                                  px, false, kMuted);
        waiting->setAlignment(Qt::AlignCenter);
        layout->addWidget(waiting, 1);
    }
    return page;
}

QWidget* PresentationWindow::summaryPage() {
    const int px = m_builtForPixels;
    const auto t = [this](Text id) { return report::text(id, m_lang); };
    if (!m_data) return frame(t(Text::SlideRecommendation), nullptr);
    const report::ReportData& d = *m_data;
    const report::Document doc = report::buildReportDocument(d, m_lang);

    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(px / 2);
    v->addWidget(textLabel(report::qs(d.scenario.name), px * 13 / 10, true, kInk));
    QStringList facts;
    for (qsizetype i = 1; i < doc.facts.size() && i <= 2; ++i)
        facts << doc.facts[i].second;
    auto* factsLabel = textLabel(facts.join(QStringLiteral("  ·  ")), px, false, kMuted);
    factsLabel->setObjectName(QStringLiteral("scenarioFacts"));
    v->addWidget(factsLabel);
    v->addSpacing(px / 2);

    const auto [framework, plan, status] = report::recommendationLabel(d, m_lang);
    auto* nameRow = new QHBoxLayout;
    auto* swatch = new QFrame;
    swatch->setFixedSize(px * 2 / 3, px * 2);
    swatch->setStyleSheet(
        QStringLiteral("background: %1;").arg(report::frameworkColor(framework).name()));
    nameRow->addWidget(swatch);
    nameRow->addSpacing(px / 2);
    auto* nameLabel = textLabel(report::frameworkName(framework), px * 2, true, kInk, false);
    nameLabel->setObjectName(QStringLiteral("recommendedFramework"));
    nameRow->addWidget(nameLabel);
    nameRow->addSpacing(px);
    auto* planLabel = textLabel(plan, px * 11 / 10, false, kAccent);
    nameRow->addWidget(planLabel, 1);
    v->addLayout(nameRow);
    if (!status.isEmpty()) v->addWidget(textLabel(status, px * 9 / 10, false, kMuted));
    v->addSpacing(px / 2);

    const report::RecommendationSlide slide = report::recommendationSlide(d, m_lang);
    if (!slide.cards.empty()) {
        auto* grid = new QGridLayout;
        grid->setSpacing(px * 2 / 3);
        int column = 0;
        for (const report::RecommendationCard& c : slide.cards) {
            QFrame* card = panel(kAccent, std::max(3, px / 5), false);
            auto* cv = new QVBoxLayout(card);
            cv->setContentsMargins(px * 2 / 3, px / 2, px * 2 / 3, px / 2);
            cv->setSpacing(px / 4);
            cv->addWidget(textLabel(c.label, px * 4 / 5, false, kMuted));
            auto* value = textLabel(c.value, px * 17 / 10, true, kInk);
            value->setObjectName(QString::fromLatin1(c.id));
            cv->addWidget(value);
            if (!c.note.isEmpty()) cv->addWidget(textLabel(c.note, px * 4 / 5, false, kMuted));
            cv->addStretch(1);
            grid->addWidget(card, 0, column++);
        }
        v->addLayout(grid);
        v->addSpacing(px / 2);
    }

    if (!slide.reasons.isEmpty()) {
        v->addWidget(textLabel(t(Text::Why), px, true, kInk));
        for (const QString& reason : slide.reasons)
            v->addWidget(textLabel(QStringLiteral("•  ") + reason, px, false, kInk));
    } else {
        v->addWidget(textLabel(t(Text::NoAdvice), px, false, kMuted));
    }
    v->addStretch(1);
    return frame(t(Text::SlideRecommendation), body);
}

QWidget* PresentationWindow::comparisonPage() {
    const int px = m_builtForPixels;
    const auto t = [this](Text id) { return report::text(id, m_lang); };
    if (!m_data) return frame(t(Text::SlideComparison), nullptr);
    const report::ReportData& d = *m_data;

    const QStringList header = {t(Text::ColFramework),  t(Text::ColPlan),        t(Text::ColFits),
                                t(Text::ColPeakMemory), t(Text::ColStep),        t(Text::ColMfu),
                                t(Text::ColTokens),     t(Text::ColTimeToTrain), t(Text::ColCost)};
    auto* table =
        new QTableWidget(static_cast<int>(d.compared.size()), static_cast<int>(header.size()));
    table->setObjectName(QStringLiteral("comparisonTable"));
    table->setHorizontalHeaderLabels(header);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setShowGrid(false);
    table->setAlternatingRowColors(true);
    table->setWordWrap(true);
    table->setFrameShape(QFrame::NoFrame);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setFont(slideFont(px * 21 / 20));
    table->horizontalHeader()->setFont(slideFont(px * 9 / 10, true));
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    QPalette tp = table->palette();
    tp.setColor(QPalette::AlternateBase, kPanel);
    table->setPalette(tp);
    const std::vector<report::ComparisonSlideRow> rows = report::comparisonSlideRows(d, m_lang);
    for (int r = 0; r < static_cast<int>(d.compared.size()); ++r) {
        const report::ComparedPlan& c = d.compared[static_cast<std::size_t>(r)];
        const report::ComparisonSlideRow& row = rows[static_cast<std::size_t>(r)];
        const QStringList cells = {row.name,
                                   row.plan,
                                   row.fits,
                                   row.peakMemory,
                                   row.stepTime,
                                   row.mfu,
                                   row.tokensPerSecond,
                                   row.timeToTrain,
                                   row.cost};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setTextAlignment(col >= 3 ? (Qt::AlignRight | Qt::AlignVCenter)
                                            : (Qt::AlignLeft | Qt::AlignVCenter));
            if (c.recommended) {
                QFont f = table->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (col == 0) item->setForeground(report::frameworkColor(c.framework).darker(140));
            table->setItem(r, col, item);
        }
    }
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table->resizeRowsToContents();

    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(table, 1);
    // The same "why not" lines as the deck, the report and the Compare tab.
    for (const QString& line : report::whyNotLines(d, m_lang))
        v->addWidget(textLabel(QStringLiteral("· ") + line, px * 9 / 10, false, kInk));
    if (std::any_of(d.compared.begin(), d.compared.end(),
                    [](const report::ComparedPlan& c) { return c.recommended; }))
        v->addWidget(textLabel(t(Text::MarkRecommended), px * 4 / 5, false, kMuted));
    return frame(t(Text::SlideComparison), body);
}

QWidget* PresentationWindow::chartPage(report::ChartKind kind) {
    const int px = m_builtForPixels;
    const QString title = report::chartTitle(kind, m_lang);
    if (!m_data) return frame(title, nullptr);
    report::ChartStyle style;
    style.lang = m_lang;
    style.fontPixels = std::max(10, px * 4 / 5);
    style.showTitle = false;
    auto* view = new QChartView(report::makeChart(kind, *m_data, style).release());
    view->setObjectName(QStringLiteral("chart_") + report::chartId(kind));
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setBackgroundBrush(Qt::white);

    const QString caption = report::chartCaption(kind, *m_data, m_lang);
    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(view, 1);
    QLabel* captionLabel = textLabel(caption, px * 4 / 5, false, kMuted);
    captionLabel->setObjectName(QStringLiteral("caption_") + report::chartId(kind));
    v->addWidget(captionLabel);
    return frame(title, body);
}

QWidget* PresentationWindow::roadmapPage() {
    const int px = m_builtForPixels;
    const auto t = [this](Text id) { return report::text(id, m_lang); };
    if (!m_data) return frame(t(Text::SlideRoadmap), nullptr);
    const report::ReportData& d = *m_data;
    auto* body = new QWidget;
    auto* row = new QHBoxLayout(body);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(px);
    if (!d.advice || d.advice->stages.empty()) {
        row->addWidget(textLabel(t(Text::NoAdvice), px, false, kMuted));
        return frame(t(Text::SlideRoadmap), body);
    }
    int number = 0;
    for (const sim::RoadmapStage& r : d.advice->stages) {
        const QColor color = report::frameworkColor(r.framework);
        QFrame* card = panel(color, std::max(4, px / 4), true);
        auto* v = new QVBoxLayout(card);
        v->setContentsMargins(px * 2 / 3, px * 2 / 3, px * 2 / 3, px * 2 / 3);
        v->setSpacing(px / 3);
        v->addWidget(textLabel(QString::number(++number), px * 3 / 2, true, color.darker(130)));
        const report::StageSlideCard text = report::stageSlideCard(r, m_lang);
        v->addWidget(textLabel(text.title, px, true, kInk));
        v->addWidget(textLabel(text.framework, px * 9 / 10, false, kAccent));
        v->addWidget(textLabel(text.target, px * 4 / 5, false, kInk));
        v->addWidget(textLabel(text.trigger, px * 4 / 5, false, kInk));
        if (!text.plan.isEmpty())
            v->addWidget(textLabel(text.plan, px * 4 / 5, false, kInk));
        else if (!text.closest.isEmpty()) // it would not run: no time or MFU
            v->addWidget(textLabel(text.closest, px * 4 / 5, false, QColor(0xd3, 0x2f, 0x2f)));
        if (!text.prerequisites.isEmpty())
            v->addWidget(textLabel(text.prerequisites, px * 4 / 5, false, kMuted));
        v->addStretch(1);
        row->addWidget(card, 1);
    }
    return frame(t(Text::SlideRoadmap), body);
}

} // namespace trainplan::ui
