// The review deck: a 16:9 PDF (960 × 540 pt) for an architecture review — title, question,
// recommendation, comparison, three key charts, roadmap, risks and prerequisites, assumptions.
// Body text is 14 pt or larger; text that would overflow its box is set smaller, never below
// the slide's minimum, and clipped only as a last resort. The slides are drawn in deck_slides.cpp.

#include <trainplan/report/report.h>

#include "deck.h"

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/report/save_file.h>

#include <QBuffer>
#include <QChart>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>

#include <algorithm>
#include <vector>

namespace trainplan::report {

namespace detail {

Deck::Deck(QPdfWriter& writer, const ReportData& data, Lang lang)
    : m_writer(writer)
    , m_data(data)
    , m_lang(lang)
    , m_k(writer.logicalDpiY() / 72.0)
    , m_doc(buildReportDocument(data, lang)) {}

int Deck::write() {
    if (!m_p.begin(&m_writer)) return 0;
    m_p.setRenderHint(QPainter::Antialiasing, true);
    m_p.setRenderHint(QPainter::TextAntialiasing, true);
    std::vector<void (Deck::*)()> slides = {&Deck::titleSlide,          &Deck::questionSlide,
                                            &Deck::recommendationSlide, &Deck::comparisonSlide,
                                            &Deck::memorySlide,         &Deck::stepTimeSlide,
                                            &Deck::scalingSlide,        &Deck::roadmapSlide,
                                            &Deck::risksSlide,          &Deck::appendixSlide};
    // A scenario with a deadline or a budget gets its sizing answer after the comparison.
    if (m_data.sizing) slides.insert(slides.begin() + 4, &Deck::sizingSlide);
    // The roadmap on a calendar, after the roadmap's stage cards.
    if (chartHasData(ChartKind::Timeline, m_data))
        slides.insert(std::find(slides.begin(), slides.end(), &Deck::roadmapSlide) + 1,
                      &Deck::timelineSlide);
    m_total = static_cast<int>(slides.size());
    for (std::size_t i = 0; i < slides.size(); ++i) {
        if (i > 0) m_writer.newPage();
        m_index = static_cast<int>(i) + 1;
        (this->*slides[i])();
    }
    m_p.end();
    return m_total;
}

TextBox Deck::layout(const QString& s, double size, bool bold, double width, double spacing,
                     Qt::Alignment align) const {
    TextSpec spec;
    spec.font = reportFont(size, bold);
    spec.lineSpacing = spacing;
    spec.align = align;
    return detail::layoutText(s, spec, width, &m_writer);
}

// The largest size in [minSize, maxSize] at which `s` fits `box` (points); at minSize it is
// clipped.
TextBox Deck::fit(const QString& s, double maxSize, double minSize, bool bold, QSizeF box,
                  double spacing, Qt::Alignment align) const {
    TextBox out;
    for (double size = maxSize; size >= minSize - 0.01; size -= 1.0) {
        out = layout(s, size, bold, pt(box.width()), spacing, align);
        if (out.height <= pt(box.height())) break;
    }
    return out;
}

void Deck::draw(const TextBox& box, double x, double y, const QColor& color,
                std::optional<QRectF> clip) {
    m_p.save();
    if (clip) m_p.setClipRect(*clip);
    box.draw(m_p, QPointF(pt(x), pt(y)), color);
    m_p.restore();
}

void Deck::frame(const QString& title) {
    m_p.fillRect(rect(0, 0, kW, kH), Qt::white);
    m_p.fillRect(rect(0, 0, 10, kH), kAccent);
    TextBox heading = fit(title, 28, 20, true, QSizeF(kW - 2 * kMargin, 44));
    draw(heading, kMargin, 30, kAccent);
    m_p.fillRect(rect(kMargin, 80, kW - 2 * kMargin, 1.2), QColor(0xc5, 0xd0, 0xdc));
    footer();
}

void Deck::footer() {
    m_p.save();
    m_p.setFont(reportFont(11));
    m_p.setPen(kMuted);
    const QRectF r = rect(kMargin, 506, kW - 2 * kMargin, 20);
    m_p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                 QStringLiteral("TrainPlan · ") + qs(m_data.scenario.name));
    m_p.drawText(r, Qt::AlignRight | Qt::AlignVCenter,
                 QStringLiteral("%1 / %2").arg(m_index).arg(m_total));
    m_p.restore();
}

void Deck::bullets(const QStringList& items, QRectF box, double maxSize, double minSize) {
    // One size for all bullets: the largest at which they all fit together.
    double size = maxSize;
    std::vector<TextBox> laid;
    const double indent = 22;
    for (; size >= minSize - 0.01; size -= 1.0) {
        laid.clear();
        double h = 0;
        for (const QString& item : items) {
            laid.push_back(layout(item, size, false, pt(box.width() - indent), 1.25));
            h += laid.back().height + pt(size * 0.55);
        }
        if (h <= pt(box.height())) break;
    }
    size = std::max(size, minSize);
    double y = box.top();
    const QRectF clip = rect(box.left() - 2, box.top(), box.width() + 4, box.height());
    for (const TextBox& b : laid) {
        if (pt(y) >= clip.bottom()) break;
        TextBox dot = layout(QStringLiteral("•"), size, true, pt(indent));
        draw(dot, box.left() + 2, y, kAccent, clip);
        draw(b, box.left() + indent, y, kInk, clip);
        y += b.height / m_k + size * 0.55;
    }
}

void Deck::chartSlide(ChartKind kind, const QString& caption) {
    frame(chartTitle(kind, m_lang));
    ChartStyle style;
    style.lang = m_lang;
    style.fontPixels = 14;
    auto chart = makeChart(kind, m_data, style);
    TextBox cap = fit(caption, 14, 12, false, QSizeF(kW - 2 * kMargin, 44), 1.2);
    const double capHeight = cap.height / m_k;
    const double chartHeight = kContentBottom - kContentTop - capHeight - 8;
    renderChart(*chart, m_p, rect(kMargin, kContentTop - 6, kW - 2 * kMargin, chartHeight),
                QSizeF(kW - 2 * kMargin, chartHeight));
    draw(cap, kMargin, kContentTop - 6 + chartHeight + 6, kMuted);
}

void Deck::card(QRectF box, const QString& label, const QString& value, double valueSize,
                double labelSize, bool oneLine) {
    m_p.fillRect(rect(box.x(), box.y(), box.width(), box.height()), kPanel);
    m_p.fillRect(rect(box.x(), box.y(), 4, box.height()), kAccent);
    TextBox l = fit(label, labelSize, 12, false, QSizeF(box.width() - 24, 40), 1.15);
    draw(l, box.x() + 14, box.y() + 10, kMuted);
    const double used = l.height / m_k + 16;
    // A box 1.6 × the largest size high holds one line at any size, two lines only below about
    // two thirds of it: the value shrinks to one line before it wraps.
    const double valueHeight =
        oneLine ? std::min(box.height() - used - 8, 1.6 * valueSize) : box.height() - used - 8;
    TextBox v = fit(value, valueSize, 13, true, QSizeF(box.width() - 24, valueHeight), 1.15);
    draw(v, box.x() + 14, box.y() + used, kInk, rect(box.x(), box.y(), box.width(), box.height()));
}

// Lays `table` out at the largest type size in [minSize, maxSize] at which it fits the box,
// draws it clipped to the box, and returns the slide y (in points) under its last row.
double Deck::fittedTable(const Table& table, double top, double width, double height,
                         double maxSize, double minSize) {
    detail::LaidOutTable laid;
    double size = maxSize;
    for (; size >= minSize; size -= 0.5) {
        detail::TableStyle style;
        style.font = reportFont(size);
        style.headerFont = reportFont(size, true);
        style.padX = pt(6);
        style.padY = pt(size * 0.42);
        laid = detail::layoutTable(table, style, pt(width), &m_writer);
        double h = laid.header.height;
        for (const auto& r : laid.rows)
            h += r.height;
        if (h <= pt(height)) break;
    }
    size = std::max(size, minSize);
    double y = pt(top);
    m_p.save();
    m_p.setClipRect(rect(kMargin, top, width, height));
    detail::drawRow(m_p, laid, laid.header, QPointF(pt(kMargin), y), false, pt(6), pt(size * 0.42),
                    0);
    y += laid.header.height;
    for (std::size_t r = 0; r < laid.rows.size(); ++r) {
        detail::drawRow(m_p, laid, laid.rows[r], QPointF(pt(kMargin), y), r % 2 == 1, pt(6),
                        pt(size * 0.42), 0);
        y += laid.rows[r].height;
    }
    m_p.restore();
    return std::min(y, pt(top + height)) / m_k;
}

QString Deck::sectionOf(const char* id) const {
    for (std::size_t i = 0; i < m_doc.sections.size(); ++i)
        if (m_doc.sections[i].id == QLatin1String(id)) return sectionNumber(m_doc, i);
    return QStringLiteral("?");
}

} // namespace detail

namespace {

using detail::Deck;
using detail::kH;
using detail::kResolution;
using detail::kW;

} // namespace

WriteResult writeDeckPdf(const ReportData& data, sim::Lang lang, const QString& path) {
    WriteResult result;
    QBuffer pdf; // rendered in memory, then written atomically
    pdf.open(QIODevice::WriteOnly);
    QPdfWriter writer(&pdf);
    writer.setResolution(kResolution);
    writer.setPageLayout(
        QPageLayout(QPageSize(QSizeF(kW, kH), QPageSize::Point, QStringLiteral("Slide 16:9")),
                    QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(text(Text::DeckTitle, lang) + QStringLiteral(" — ") + qs(data.scenario.name));
    writer.setCreator(QStringLiteral("TrainPlan ") + qs(data.version));
    Deck deck(writer, data, lang);
    const int pages = deck.write();
    if (pages == 0 || pdf.data().isEmpty()) {
        result.error = text(Text::ErrorDeckNotRendered, lang, {qsArg(path)});
        return result;
    }
    if (!saveReportFile(path, pdf.data(), lang, &result.error)) return result;
    result.ok = true;
    result.pages = pages;
    result.files << path;
    return result;
}

} // namespace trainplan::report
