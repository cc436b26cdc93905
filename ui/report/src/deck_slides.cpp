// The review deck's slides, in the order Deck::write (deck_writer.cpp) puts them: title, question,
// recommendation, comparison, sizing, the key charts, roadmap and timeline, risks, assumptions.

#include "deck.h"

#include "report_sizing.h"
#include "report_timeline.h"

#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/report/slide_content.h>

#include <QDate>
#include <QPainterPath>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>

namespace trainplan::report::detail {

void Deck::titleSlide() {
    m_p.fillRect(rect(0, 0, kW, kH), Qt::white);
    m_p.fillRect(rect(0, 0, 10, kH), kAccent);
    m_p.fillRect(rect(kMargin, 150, 70, 6), kAccent);
    TextBox title = fit(t(Text::DeckTitle), 42, 30, true, QSizeF(kW - 2 * kMargin, 60));
    draw(title, kMargin, 172, kInk);
    TextBox scenario = fit(qs(m_data.scenario.name), 26, 18, false, QSizeF(kW - 2 * kMargin, 70));
    draw(scenario, kMargin, 240, kAccent);
    const QString facts = m_doc.facts.size() > 2 ? m_doc.facts[1].second + QStringLiteral("  ·  ") +
                                                       m_doc.facts[2].second
                                                 : QString();
    TextBox line = fit(facts, 18, 14, false, QSizeF(kW - 2 * kMargin, 50));
    draw(line, kMargin, 300, kInk);
    TextBox date = layout(qs(m_data.date) + QStringLiteral("  ·  TrainPlan ") + qs(m_data.version),
                          14, false, pt(kW - 2 * kMargin));
    draw(date, kMargin, 440, kMuted);
    footer();
}

void Deck::questionSlide() {
    frame(t(Text::SlideQuestion));
    const model::Scenario& s = m_data.scenario;
    const QString model = m_doc.facts.size() > 1 ? m_doc.facts[1].second : QString();
    const QString cluster = m_doc.facts.size() > 2 ? m_doc.facts[2].second : QString();
    TextBox q = fit(t(Text::QuestionText, {qsArg(model), qsArg(cluster)}), 28, 20, true,
                    QSizeF(kW - 2 * kMargin, 150), 1.25);
    draw(q, kMargin, kContentTop + 8, kInk);
    int inPlace = 0, total = 0;
    for (model::ReadinessItem item : model::kAllReadinessItems) {
        ++total;
        if (model::isInPlace(item, s.team, s.platform, s.cluster)) ++inPlace;
    }
    const double top = 290, h = 170, gap = 16;
    const double w = (kW - 2 * kMargin - 3 * gap) / 4;
    card(QRectF(kMargin, top, w, h), t(Text::SubModel),
         model + QStringLiteral("\n") +
             t(Text::CommaPair, {sim::textArg(std::string(model::toString(s.training.precision))),
                                 sim::textArg(std::string(model::toString(s.training.optimizer)))}),
         17, 14);
    card(
        QRectF(kMargin + (w + gap), top, w, h), t(Text::SubTraining),
        t(Text::LabelledValue, {qsArg(t(Text::RowTokens)), parametersArg(s.training.trainTokens)}) +
            QStringLiteral("\n") +
            t(Text::LabelledValue,
              {qsArg(t(Text::RowGlobalBatch)), qsArg(QString::number(s.training.globalBatch))}),
        17, 14);
    card(QRectF(kMargin + 2 * (w + gap), top, w, h), t(Text::SubCluster),
         t(Text::GpusCount, {sim::countArg(static_cast<double>(m_data.gpus()))}) +
             QStringLiteral(" ") + qs(s.cluster.gpu.name) + QStringLiteral("\n") +
             qs(s.cluster.interNode.name),
         17, 14);
    card(QRectF(kMargin + 3 * (w + gap), top, w, h), t(Text::SubReadiness),
         t(Text::ReadinessSummary, {sim::countArg(inPlace), sim::countArg(total)}), 17, 14);
}

void Deck::recommendationSlide() {
    frame(t(Text::SlideRecommendation));
    const auto [framework, plan, status] = recommendationLabel(m_data, m_lang);
    m_p.fillRect(rect(kMargin, kContentTop + 4, 14, 36), frameworkColor(framework));
    TextBox name = fit(frameworkName(framework), 32, 22, true, QSizeF(420, 44));
    draw(name, kMargin + 26, kContentTop, kInk);
    TextBox planBox = fit(plan, 20, 14, false, QSizeF(kW - 2 * kMargin - 26, 30));
    draw(planBox, kMargin + 26, kContentTop + 46, kAccent);
    TextBox statusBox = fit(status, 16, 13, false, QSizeF(kW - 2 * kMargin - 26, 26));
    draw(statusBox, kMargin + 26, kContentTop + 76, kMuted);

    double y = kContentTop + 112;
    const RecommendationSlide slide = report::recommendationSlide(m_data, m_lang);
    if (!slide.cards.empty()) {
        const double gap = 12, cardH = 92;
        const auto n = static_cast<double>(slide.cards.size());
        const double w = (kW - 2 * kMargin - (n - 1) * gap) / n;
        double x = kMargin;
        for (const RecommendationCard& c : slide.cards) {
            card(QRectF(x, y, w, cardH), c.label, c.value, 24, 13, /*oneLine=*/true);
            x += w + gap;
        }
        y += cardH + 18;
    }
    bullets(slide.reasons, QRectF(kMargin, y, kW - 2 * kMargin, kContentBottom - y), 17, 14);
}

void Deck::comparisonSlide() {
    frame(t(Text::SlideComparison));
    Table table;
    table.header = {t(Text::ColFramework),   t(Text::ColPlan), t(Text::ColFits),
                    t(Text::ColPeakMemory),  t(Text::ColStep), t(Text::ColMfu),
                    t(Text::ColTimeToTrain), t(Text::ColCost)};
    table.numericColumns = {3, 4, 5, 6, 7};
    // A number stays on one line with its unit ("16.0 s", not "16.0" over "s").
    auto whole = [](QString v) { return v.replace(QLatin1Char(' '), QChar(0x00A0)); };
    const std::vector<ComparisonSlideRow> rows = comparisonSlideRows(m_data, m_lang);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ComparisonSlideRow& r = rows[i];
        table.rows.push_back({r.name, r.plan, r.fits, whole(r.peakMemory), whole(r.stepTime), r.mfu,
                              whole(r.timeToTrain), r.cost});
        table.rowEmphasis.push_back(m_data.compared[i].recommended);
    }
    // Under the table, one line per framework the advisor did not recommend: why not.
    const QStringList why = whyNotLines(m_data, m_lang);
    const double whyHeight = why.isEmpty() ? 0 : 24.0 * static_cast<double>(why.size()) + 12;
    const double width = kW - 2 * kMargin, height = kContentBottom - kContentTop - 30 - whyHeight;
    double y = pt(fittedTable(table, kContentTop, width, height, 16, 11.5));
    if (!why.isEmpty()) bullets(why, QRectF(kMargin, y / m_k + 10, width, whyHeight), 14, 11);
    y += pt(whyHeight);
    QString note;
    if (std::any_of(m_data.compared.begin(), m_data.compared.end(),
                    [](const ComparedPlan& c) { return c.recommended; }))
        note = t(Text::MarkRecommended) + QStringLiteral("  ");
    note += t(Text::DeckSeeReport, {qsArg(sectionOf("comparison"))});
    TextBox n = layout(note, 13, false, pt(width));
    draw(n, kMargin, std::min(kContentBottom - 18, y / m_k + 12), kMuted);
}

// What-if sizing (issue 20): the chosen clusters or the binding constraint, and the front.
void Deck::sizingSlide() {
    frame(t(Text::SecSizing));
    const sim::SizingResult& r = *m_data.sizing;
    const sim::SizingTextOptions o = detail::sizingText(m_data, m_lang);
    QStringList lines;
    if (r.front.empty()) {
        lines << t(Text::LabelledValue,
                   {qsArg(t(Text::SizingNothing)), sim::textArg(sim::bindingText(r, o))});
    } else {
        if (r.cheapestMeetingDeadline)
            lines << t(Text::LabelledValue,
                       {qsArg(t(Text::SizingCheapest)),
                        qsArg(detail::chosenLine(*r.cheapestMeetingDeadline, o))});
        if (r.fastestWithinBudget)
            lines << t(Text::LabelledValue, {qsArg(t(Text::SizingFastest)),
                                             qsArg(detail::chosenLine(*r.fastestWithinBudget, o))});
    }
    const double width = kW - 2 * kMargin, bulletsHeight = r.front.empty() ? 220 : 120;
    bullets(lines, QRectF(kMargin, kContentTop, width, bulletsHeight), 18, 12);
    if (!r.front.empty()) {
        Table table;
        table.header = {t(Text::ColCluster), t(Text::ColGpuCount),     t(Text::ColFramework),
                        t(Text::ColPlan),    t(Text::ColExpectedTime), t(Text::ColCost)};
        table.numericColumns = {1, 4, 5};
        constexpr std::size_t kRows = 6; // the slide keeps the type large; the report has all
        for (std::size_t i = 0; i < r.front.size() && i < kRows; ++i) {
            const sim::SizedConfig& c = r.front[i].config;
            table.rows.push_back({qs(c.clusterLabel()),
                                  fmtCount(static_cast<double>(c.gpus), m_lang),
                                  frameworkShortName(c.plan.framework), qs(c.plan.label()),
                                  qs(sim::formatDays(c.expectedSeconds, o)),
                                  qs(sim::formatMoney(c.expectedUsd, o))});
        }
        fittedTable(table, kContentTop + bulletsHeight + 8, width,
                    kContentBottom - kContentTop - bulletsHeight - 38, 14, 10);
    }
    TextBox n = layout(t(Text::DeckSeeReport, {qsArg(sectionOf("sizing"))}), 13, false, pt(width));
    draw(n, kMargin, kContentBottom - 20, kMuted);
}

void Deck::memorySlide() {
    chartSlide(ChartKind::Memory, chartCaption(ChartKind::Memory, m_data, m_lang));
}

void Deck::stepTimeSlide() {
    chartSlide(ChartKind::StepTime, chartCaption(ChartKind::StepTime, m_data, m_lang));
}

void Deck::scalingSlide() {
    chartSlide(ChartKind::Scaling, chartCaption(ChartKind::Scaling, m_data, m_lang));
}

void Deck::timelineSlide() {
    chartSlide(ChartKind::Timeline, chartCaption(ChartKind::Timeline, m_data, m_lang));
}

void Deck::roadmapSlide() {
    frame(t(Text::SlideRoadmap));
    if (!m_data.advice || m_data.advice->stages.empty()) return;
    const auto& stages = m_data.advice->stages;
    const int n = static_cast<int>(stages.size());
    const double gap = 20;
    const double w = (kW - 2 * kMargin - (n - 1) * gap) / n;
    const double top = kContentTop + 4, h = kContentBottom - kContentTop - 10;
    for (int i = 0; i < n; ++i) {
        const sim::RoadmapStage& r = stages[static_cast<std::size_t>(i)];
        const double x = kMargin + i * (w + gap);
        m_p.fillRect(rect(x, top, w, h), kPanel);
        m_p.fillRect(rect(x, top, w, 6), frameworkColor(r.framework));
        if (i + 1 < n) {
            // An arrow to the next stage.
            QPainterPath arrow;
            const double ax = x + w + 4, ay = top + h / 2;
            arrow.moveTo(pt(ax), pt(ay - 7));
            arrow.lineTo(pt(ax + gap - 8), pt(ay));
            arrow.lineTo(pt(ax), pt(ay + 7));
            arrow.closeSubpath();
            m_p.fillPath(arrow, QColor(0x9a, 0xa8, 0xb8));
        }
        const double inner = w - 20;
        double y = top + 16;
        TextBox number = layout(QString::number(i + 1), 22, true, pt(inner));
        draw(number, x + 10, y, frameworkColor(r.framework).darker(130));
        y += number.height / m_k + 4;
        const StageSlideCard text = stageSlideCard(r, m_lang);
        TextBox title = fit(text.title, 16, 12, true, QSizeF(inner, 66), 1.15);
        draw(title, x + 10, y, kInk);
        y += title.height / m_k + 8;
        TextBox fw = fit(text.framework, 14, 12, false, QSizeF(inner, 36), 1.1);
        draw(fw, x + 10, y, kAccent);
        y += fw.height / m_k + 8;
        QString body = text.target + QStringLiteral("\n") + text.trigger;
        if (!text.plan.isEmpty())
            body += QStringLiteral("\n") + text.plan;
        else if (!text.closest.isEmpty()) // it would not run: no time or MFU
            body += QStringLiteral("\n") + text.closest;
        if (!text.prerequisites.isEmpty()) body += QStringLiteral("\n") + text.prerequisites;
        body.replace(QLatin1Char('\n'), QChar::LineSeparator);
        TextBox b = fit(body, 13, 11, false, QSizeF(inner, top + h - y - 10), 1.2);
        draw(b, x + 10, y, kInk, rect(x, top, w, h));
    }
}

void Deck::risksSlide() {
    frame(t(Text::SlideRisks));
    QStringList items;
    const ComparedPlan* h = m_data.headlinePlan();
    if (m_data.advice) {
        const model::Framework f = m_data.advice->recommendation.framework;
        if (const sim::FrameworkFit* fit = sim::findFit(m_data.advice->frameworks, f)) {
            for (const sim::ReadinessGap& g : fit->readiness.missing) {
                if (items.size() >= 5) break;
                const sim::ReadinessItemText text = sim::readinessItemText(g.item, m_lang);
                items << t(
                    Text::MissingItem,
                    {sim::textArg(std::string(text.label)), sim::textArg(std::string(text.why)),
                     sim::textArg(std::string(sim::difficultyLabel(g.effort.difficulty, m_lang))),
                     weeksArg(g.effort.weeks)});
            }
            if (fit->readiness.missing.empty()) items << t(Text::RisksNone);
        }
    }
    if (h && h->fits()) {
        const sim::PlanEstimate& e = h->estimate();
        items << t(Text::RiskMemory,
                   {bytesArg(e.memory.peakBytes), bytesArg(e.memory.capacityBytes)});
        if (e.time.stepSeconds > 0)
            items << t(Text::RiskComm,
                       {sim::percentArg(e.time.exposedCommSeconds / e.time.stepSeconds)});
    }
    if (m_data.goodput && m_data.goodput->usefulSeconds > 0)
        items << t(Text::RiskGoodput,
                   {sim::countArg(std::round(m_data.goodput->expectedInterruptions)),
                    sim::percentArg(m_data.goodput->goodput),
                    durationArg(m_data.goodput->intervalSeconds)});
    if (m_data.validation)
        items << t(Text::RiskModel, {sim::percentArg(m_data.validation->meanAbsError),
                                     sim::countArg(m_data.validation->totalRows)});
    bullets(items, QRectF(kMargin, kContentTop, kW - 2 * kMargin, kContentBottom - kContentTop), 18,
            14);
}

void Deck::appendixSlide() {
    frame(t(Text::SlideAppendix));
    Table table;
    table.header = {t(Text::ColParameter), t(Text::ColValue), t(Text::ColSetBy)};
    table.numericColumns = {1};
    for (const sim::EfficiencySource& e : m_data.efficiency) {
        const QString value = fmtWithUnit(e.value, e.unit, m_lang);
        table.rows.push_back(
            {qs(e.name), value, t(e.isDefault ? Text::SetByDefault : Text::SetByScenario)});
    }
    // Two columns of parameters side by side keep the type large.
    const std::size_t half = (table.rows.size() + 1) / 2;
    Table left = table, right = table;
    left.rows.assign(table.rows.begin(), table.rows.begin() + static_cast<long>(half));
    right.rows.assign(table.rows.begin() + static_cast<long>(half), table.rows.end());
    const double gap = 24, width = (kW - 2 * kMargin - gap) / 2,
                 height = kContentBottom - kContentTop - 34;
    double size = 14;
    detail::LaidOutTable a, b;
    for (; size >= 11; size -= 0.5) {
        detail::TableStyle style;
        style.font = reportFont(size);
        style.headerFont = reportFont(size, true);
        style.padX = pt(5);
        style.padY = pt(size * 0.35);
        a = detail::layoutTable(left, style, pt(width), &m_writer);
        b = detail::layoutTable(right, style, pt(width), &m_writer);
        auto total = [](const detail::LaidOutTable& l) {
            double h = l.header.height;
            for (const auto& r : l.rows)
                h += r.height;
            return h;
        };
        if (std::max(total(a), total(b)) <= pt(height)) break;
    }
    auto drawTable = [&](const detail::LaidOutTable& l, double x) {
        double y = pt(kContentTop);
        m_p.save();
        m_p.setClipRect(rect(x, kContentTop, width, height));
        detail::drawRow(m_p, l, l.header, QPointF(pt(x), y), false, pt(5), pt(size * 0.35), 0);
        y += l.header.height;
        for (std::size_t r = 0; r < l.rows.size(); ++r) {
            detail::drawRow(m_p, l, l.rows[r], QPointF(pt(x), y), r % 2 == 1, pt(5),
                            pt(size * 0.35), 0);
            y += l.rows[r].height;
        }
        m_p.restore();
    };
    drawTable(a, kMargin);
    drawTable(b, kMargin + width + gap);
    TextBox n = layout(t(Text::DeckSeeReport, {qsArg(sectionOf("assumptions"))}), 13, false,
                       pt(kW - 2 * kMargin));
    draw(n, kMargin, kContentBottom - 20, kMuted);
}

} // namespace trainplan::report::detail
