// The planning report as an A4 PDF: title page, contents with page numbers, numbered sections,
// vector charts, running header and page numbers. Text stays text (selectable, searchable); the
// fonts used are embedded by Qt's PDF engine.

#include <trainplan/report/report.h>
#include <trainplan/report/save_file.h>

#include "pdf_layout.h"

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QBuffer>
#include <QChart>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>

#include <cmath>

namespace trainplan::report {

namespace {

using detail::Composer;
using detail::LaidOutTable;
using detail::TableStyle;
using detail::TextBox;
using detail::TextSpec;

constexpr double kPageW = 595.276, kPageH = 841.89; // A4 in points
constexpr double kMarginX = 56, kMarginTop = 64, kMarginBottom = 62;
constexpr int kPageResolution = 600;

const QColor kInk(0x1a, 0x1a, 0x1a);
const QColor kMuted(0x5f, 0x66, 0x70);
const QColor kAccent(0x1f, 0x4e, 0x79);

struct Fonts {
    QFont body = reportFont(9.5);
    QFont bodyBold = reportFont(9.5, true);
    QFont note = [] {
        QFont f = reportFont(8.5);
        f.setItalic(true);
        return f;
    }();
    QFont h1 = reportFont(17, true);
    QFont h2 = reportFont(11.5, true);
    QFont callout = reportFont(11);
    QFont table = reportFont(8.5);
    QFont tableBold = reportFont(8.5, true);
    QFont tableCompact = reportFont(7.5);
    QFont tableCompactBold = reportFont(7.5, true);
    QFont header = reportFont(7.5);
    QFont titleBig = reportFont(28, true);
    QFont titleSub = reportFont(15);
    QFont toc = reportFont(11);
    QFont tocBold = reportFont(11, true);
};

class ReportComposer {
public:
    ReportComposer(QPdfWriter& writer, const Document& doc, const ReportData& data)
        : m_doc(doc)
        , m_data(data)
        , m_c(&writer, QSizeF(kPageW, kPageH),
              QRectF(kMarginX, kMarginTop, kPageW - 2 * kMarginX,
                     kPageH - kMarginTop - kMarginBottom)) {}

    [[nodiscard]] const Composer& composer() const { return m_c; }
    std::vector<int> sectionPages;
    std::vector<std::pair<int, int>> sectionHeadingAndContentPages;
    int firstPageOfLastBlock = 0; // the page the last block() call placed its first content on
    int tocPage = 1;

    void compose() {
        titlePage();
        m_c.newPage(); // contents, filled in once the sections know their pages
        tocPage = m_c.page();
        m_c.newPage();
        for (std::size_t i = 0; i < m_doc.sections.size(); ++i)
            section(i);
        contents();
    }

private:
    double pt(double v) const { return m_c.pt(v); }
    double width() const { return m_c.body().width(); }
    double left() const { return m_c.body().left(); }

    TextBox text(const QString& s, const QFont& font, double w, double spacing = 1.3,
                 Qt::Alignment a = Qt::AlignLeft, const QString& lead = {}) const {
        TextSpec spec;
        spec.font = font;
        spec.lineSpacing = spacing;
        spec.align = a;
        spec.boldLead = lead;
        return detail::layoutText(s, spec, w, m_c.device());
    }

    void place(const TextBox& box, double x, const QColor& color) {
        const QPointF at(x, m_c.y());
        m_c.add([box, at, color](QPainter& p) { box.draw(p, at, color); });
    }

    void titlePage() {
        const double w = width();
        m_c.advance(pt(150));
        const double x = left();
        // An accent bar and the title.
        const QRectF bar(x, m_c.y() - pt(24), pt(60), pt(5));
        m_c.add([bar](QPainter& p) { p.fillRect(bar, kAccent); });
        TextBox title = text(m_doc.title, m_fonts.titleBig, w, 1.1);
        place(title, x, kInk);
        m_c.advance(title.height + pt(14));
        TextBox sub = text(m_doc.subtitle, m_fonts.titleSub, w, 1.2);
        place(sub, x, kAccent);
        m_c.advance(sub.height + pt(10));
        if (!m_doc.description.isEmpty()) {
            TextBox desc = text(m_doc.description, m_fonts.body, w * 0.9, 1.35);
            place(desc, x, kMuted);
            m_c.advance(desc.height + pt(36));
        } else {
            m_c.advance(pt(30));
        }
        Table facts;
        for (const auto& [k, v] : m_doc.facts)
            facts.rows.push_back({k, v});
        table(facts, false);
    }

    void contents() {
        const double w = width();
        double y = m_c.body().top();
        const int page = tocPage;
        TextBox heading = text(report::text(Text::Contents, m_doc.lang), m_fonts.h1, w, 1.1);
        const double x = left();
        m_c.addTo(page, [heading, x, y](QPainter& p) { heading.draw(p, QPointF(x, y), kAccent); });
        y += heading.height + pt(18);
        const double numberWidth = pt(26);
        for (std::size_t i = 0; i < m_doc.sections.size(); ++i) {
            const Section& s = m_doc.sections[i];
            const QFont& font = s.appendix ? m_fonts.toc : m_fonts.tocBold;
            const QString pageText = QString::number(sectionPages[i] + 1);
            TextBox number = text(sectionNumber(m_doc, i), font, numberWidth, 1.0);
            TextBox pageBox = text(pageText, font, pt(40), 1.0, Qt::AlignRight);
            const double titleWidth = w - numberWidth - pt(48);
            TextBox title = text(s.title, font, titleWidth, 1.1);
            const double lineY = y;
            const double dotsFrom =
                x + numberWidth + detail::naturalWidth(s.title, font, m_c.device()) + pt(6);
            const double dotsTo = x + w - pt(40) - pt(4);
            const double baseline = y + title.height - pt(3.5);
            m_c.addTo(page, [=, this](QPainter& p) {
                number.draw(p, QPointF(x, lineY), kInk);
                title.draw(p, QPointF(x + numberWidth, lineY), kInk);
                pageBox.draw(p, QPointF(x + w - pt(40), lineY), kInk);
                if (title.lines == 1 && dotsTo > dotsFrom) {
                    QPen dots(QColor(0xaa, 0xaa, 0xaa));
                    dots.setWidthF(pt(0.8));
                    dots.setStyle(Qt::DotLine);
                    p.setPen(dots);
                    p.drawLine(QPointF(dotsFrom, baseline), QPointF(dotsTo, baseline));
                }
            });
            y += title.height + pt(9);
        }
    }

    void section(std::size_t index) {
        const Section& s = m_doc.sections[index];
        const QString title = sectionNumber(m_doc, index) + QStringLiteral("  ") + s.title;
        TextBox heading = text(title, m_fonts.h1, width(), 1.1);
        // A heading goes where its opening content fits with it (the lead paragraphs and the
        // start of the first table, chart or list), never alone at the bottom of a page; and a
        // section does not start a fresh page just because less than a third of one is left.
        const double opening = heading.height + pt(14) + openingNeeds(s);
        if (s.appendix || (opening > m_c.remaining() && !m_c.atTop()))
            m_c.newPage();
        else if (!m_c.atTop())
            m_c.advance(pt(22));
        if (opening > m_c.remaining() && !m_c.atTop()) m_c.newPage();
        sectionPages.push_back(m_c.page());
        const int headingPage = m_c.page();
        place(heading, left(), kAccent);
        m_c.advance(heading.height + pt(4));
        const QRectF rule(left(), m_c.y(), width(), pt(0.8));
        m_c.add([rule](QPainter& p) { p.fillRect(rule, QColor(0xc5, 0xd0, 0xdc)); });
        m_c.advance(pt(10));
        int contentPage = -1;
        for (std::size_t b = 0; b < s.blocks.size(); ++b) {
            const Block* next = b + 1 < s.blocks.size() ? &s.blocks[b + 1] : nullptr;
            const bool lead = s.blocks[b].kind == Block::Kind::Paragraph ||
                              s.blocks[b].kind == Block::Kind::Note;
            if (contentPage < 0 && !lead) {
                block(s.blocks[b], next);
                contentPage = firstPageOfLastBlock;
                continue;
            }
            block(s.blocks[b], next);
        }
        sectionHeadingAndContentPages.emplace_back(headingPage,
                                                   contentPage < 0 ? headingPage : contentPage);
    }

    // Room a section's opening needs under its heading: its lead paragraphs and notes, then
    // what its first other block needs to start (a chart whole, a table's header and rows).
    double openingNeeds(const Section& s) const {
        double h = 0;
        for (std::size_t b = 0; b < s.blocks.size(); ++b) {
            const Block& blk = s.blocks[b];
            if (blk.kind == Block::Kind::Paragraph || blk.kind == Block::Kind::Note) {
                h += text(blk.text, blk.kind == Block::Kind::Note ? m_fonts.note : m_fonts.body,
                          width(), 1.35, Qt::AlignLeft, blk.lead)
                         .height +
                     pt(7);
                continue;
            }
            // A subheading is drawn only where the start of its own next block fits under it
            // (drawBlock), so the opening needs both; asking only pt(40) left the section heading
            // alone at the bottom of a page whenever a subheading came first (seen in zh_CN).
            if (blk.kind == Block::Kind::Subheading)
                return h + pt(6) + text(blk.text, m_fonts.h2, width(), 1.15).height + pt(6) +
                       nextNeeds(b + 1 < s.blocks.size() ? &s.blocks[b + 1] : nullptr);
            return h + nextNeeds(&blk);
        }
        return h;
    }

    // How much of the next block must fit under a subheading for the two to stay together.
    double nextNeeds(const Block* next) const {
        if (!next) return 0;
        switch (next->kind) {
        case Block::Kind::Chart: // what drawBlock asks for it: the chart and its caption
            return chartHeight() + text(next->text, m_fonts.note, width(), 1.3).height + pt(6);
        case Block::Kind::Table:
            return pt(60);
        default:
            return pt(40);
        }
    }

    double chartHeight() const { return width() * 0.54; }

    void block(const Block& b, const Block* next) {
        placeBlock(b, next);
    }

    // Draws the block and records the page its first drawing landed on.
    void placeBlock(const Block& b, const Block* next) {
        const int before = m_c.page();
        const std::size_t ops = m_c.pages()[static_cast<std::size_t>(before)].size();
        drawBlock(b, next);
        firstPageOfLastBlock =
            m_c.pages()[static_cast<std::size_t>(before)].size() > ops ? before : before + 1;
    }

    void drawBlock(const Block& b, const Block* next) {
        const double w = width();
        const double x = left();
        switch (b.kind) {
        case Block::Kind::Paragraph: {
            paragraph(text(b.text, m_fonts.body, w, 1.35, Qt::AlignLeft, b.lead), x, kInk);
            m_c.advance(pt(7));
            break;
        }
        case Block::Kind::Note: {
            paragraph(text(b.text, m_fonts.note, w, 1.3), x, kMuted);
            m_c.advance(pt(6));
            break;
        }
        case Block::Kind::Subheading: {
            TextBox h = text(b.text, m_fonts.h2, w, 1.15);
            if (!m_c.atTop()) m_c.advance(pt(6));
            m_c.need(h.height + pt(6) + nextNeeds(next));
            place(h, x, kInk);
            m_c.advance(h.height + pt(6));
            break;
        }
        case Block::Kind::Callout: {
            const double pad = pt(10);
            TextBox body = text(b.text, m_fonts.callout, w - 2 * pad - pt(4), 1.3, Qt::AlignLeft,
                                report::text(Text::Lead, m_doc.lang, {qsArg(b.lead)}));
            const double h = body.height + 2 * pad;
            m_c.need(h);
            const QRectF box(x, m_c.y(), w, h);
            const double accent = pt(4);
            m_c.add([box, body, pad, accent](QPainter& p) {
                p.fillRect(box, QColor(0xea, 0xf1, 0xf8));
                p.fillRect(QRectF(box.topLeft(), QSizeF(accent, box.height())), kAccent);
                body.draw(p, box.topLeft() + QPointF(pad + accent, pad), kInk);
            });
            m_c.advance(h + pt(10));
            break;
        }
        case Block::Kind::Bullets:
        case Block::Kind::Checklist: {
            const double indent = pt(14);
            for (qsizetype i = 0; i < b.items.size(); ++i) {
                TextBox item = text(b.items[i], m_fonts.body, w - indent, 1.3);
                QString mark = QStringLiteral("•");
                if (b.kind == Block::Kind::Checklist)
                    mark = i < b.checked.size() && b.checked[i] ? QStringLiteral("☑")
                                                                : QStringLiteral("☐");
                TextBox bullet = text(mark, m_fonts.body, indent, 1.0);
                m_c.need(std::min(item.height, m_c.body().height() * 0.5));
                const QPointF at(x, m_c.y());
                const QColor color = kInk;
                m_c.add([item, bullet, at, indent, color](QPainter& p) {
                    bullet.draw(p, at + QPointF(indent * 0.2, 0), kAccent);
                    item.draw(p, at + QPointF(indent, 0), color);
                });
                m_c.advance(item.height + pt(3.5));
            }
            m_c.advance(pt(5));
            break;
        }
        case Block::Kind::Table: {
            table(b.table, true);
            m_c.advance(pt(8));
            break;
        }
        case Block::Kind::Chart: {
            TextBox caption = text(b.text, m_fonts.note, w, 1.3);
            const double h = chartHeight();
            m_c.need(h + caption.height + pt(6));
            const QRectF target(x, m_c.y(), w, h);
            const QSizeF logical(w / m_c.k, h / m_c.k);
            const ReportData* data = &m_data;
            const ChartKind kind = b.chart;
            const sim::Lang lang = m_doc.lang;
            m_c.add([target, logical, data, kind, lang](QPainter& p) {
                ChartStyle style;
                style.lang = lang;
                style.fontPixels = 8;
                auto chart = makeChart(kind, *data, style);
                renderChart(*chart, p, target, logical);
            });
            m_c.advance(h + pt(4));
            place(caption, x, kMuted);
            m_c.advance(caption.height + pt(10));
            break;
        }
        }
    }

    // A paragraph may run over a page: it is split at the page end by drawing it clipped twice.
    void paragraph(const TextBox& box, double x, const QColor& color) {
        if (box.height <= m_c.remaining() || m_c.atTop()) {
            place(box, x, color);
            m_c.advance(box.height);
            return;
        }
        // Move whole lines that do not fit to the next page.
        double used = 0;
        int firstOnNext = box.lines;
        for (int i = 0; i < box.lines; ++i) {
            const QTextLine line = box.layout->lineAt(i);
            if (line.y() + line.height() > m_c.remaining()) {
                firstOnNext = i;
                break;
            }
            used = line.y() + line.height();
        }
        if (firstOnNext == 0) {
            m_c.newPage();
            place(box, x, color);
            m_c.advance(box.height);
            return;
        }
        const double top = m_c.y();
        const QRectF clip1(x - pt(2), top, width() + pt(4), used + pt(1));
        m_c.add([box, x, top, color, clip1](QPainter& p) {
            p.save();
            p.setClipRect(clip1);
            box.draw(p, QPointF(x, top), color);
            p.restore();
        });
        const double offset = box.layout->lineAt(firstOnNext).y();
        m_c.newPage();
        const double top2 = m_c.y();
        const QRectF clip2(x - pt(2), top2, width() + pt(4), box.height - offset + pt(2));
        m_c.add([box, x, top2, offset, color, clip2](QPainter& p) {
            p.save();
            p.setClipRect(clip2);
            box.draw(p, QPointF(x, top2 - offset), color);
            p.restore();
        });
        m_c.advance(box.height - offset);
    }

    void table(const Table& t, bool repeatHeader) {
        TableStyle style;
        style.font = t.compact ? m_fonts.tableCompact : m_fonts.table;
        style.headerFont = t.compact ? m_fonts.tableCompactBold : m_fonts.tableBold;
        style.padX = pt(4);
        style.padY = pt(t.compact ? 2.5 : 3.2);
        style.indentStep = pt(9);
        auto laid =
            std::make_shared<LaidOutTable>(detail::layoutTable(t, style, width(), m_c.device()));
        const double x = left();
        auto drawHeader = [&] {
            if (laid->keyValue) return;
            const QPointF at(x, m_c.y());
            m_c.add([laid, at, style](QPainter& p) {
                detail::drawRow(p, *laid, laid->header, at, false, style.padX, style.padY,
                                style.indentStep);
            });
            m_c.advance(laid->header.height);
        };
        // Keep the header with at least the first two rows.
        double first = laid->header.height;
        for (std::size_t r = 0; r < std::min<std::size_t>(2, laid->rows.size()); ++r)
            first += laid->rows[r].height;
        m_c.need(first);
        drawHeader();
        for (std::size_t r = 0; r < laid->rows.size(); ++r) {
            const detail::LaidOutRow& row = laid->rows[r];
            if (row.height > m_c.remaining() && !m_c.atTop()) {
                m_c.newPage();
                if (repeatHeader) drawHeader();
            }
            const QPointF at(x, m_c.y());
            const bool stripe = !laid->keyValue && r % 2 == 1;
            m_c.add([laid, r, at, stripe, style](QPainter& p) {
                detail::drawRow(p, *laid, laid->rows[r], at, stripe, style.padX, style.padY,
                                style.indentStep);
            });
            m_c.advance(row.height);
        }
    }

    const Document& m_doc;
    const ReportData& m_data;
    Composer m_c;
    Fonts m_fonts;
};

void drawFurniture(QPainter& p, const Composer& c, const Document& doc, const ReportData& data,
                   int page, int pages) {
    if (page == 0) return; // the title page has none
    const double k = c.k;
    const QFont font = reportFont(7.5);
    p.save();
    p.setFont(font);
    p.setPen(kMuted);
    const QRectF head(kMarginX * k, (kMarginTop - 30) * k, (kPageW - 2 * kMarginX) * k, 14 * k);
    p.drawText(head, Qt::AlignLeft | Qt::AlignVCenter,
               doc.title + QStringLiteral(" · ") + doc.subtitle);
    p.drawText(head, Qt::AlignRight | Qt::AlignVCenter, qs(data.date));
    QPen rule(QColor(0xc5, 0xd0, 0xdc));
    rule.setWidthF(0.6 * k);
    p.setPen(rule);
    p.drawLine(QPointF(kMarginX * k, (kMarginTop - 14) * k),
               QPointF((kPageW - kMarginX) * k, (kMarginTop - 14) * k));
    p.setPen(kMuted);
    const QRectF foot(kMarginX * k, (kPageH - kMarginBottom + 22) * k, (kPageW - 2 * kMarginX) * k,
                      14 * k);
    p.drawText(
        foot, Qt::AlignHCenter | Qt::AlignVCenter,
        report::text(Text::PageOf, doc.lang, {sim::countArg(page + 1), sim::countArg(pages)}));
    p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("TrainPlan ") + qs(data.version));
    p.restore();
}

} // namespace

WriteResult writeReportPdf(const Document& doc, const ReportData& data, const QString& path) {
    WriteResult result;
    // Rendered in memory, then written atomically: a full disk or a kill never leaves a
    // truncated PDF in place of the previous one.
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    QPdfWriter writer(&pdf);
    writer.setResolution(kPageResolution);
    writer.setPageLayout(
        QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(doc.title + QStringLiteral(" — ") + doc.subtitle);
    writer.setCreator(QStringLiteral("TrainPlan ") + qs(data.version));

    ReportComposer rc(writer, doc, data);
    rc.compose();
    const Composer& c = rc.composer();

    QPainter p;
    if (!p.begin(&writer)) {
        result.error = report::text(Text::ErrorPdfNotRendered, doc.lang, {qsArg(path)});
        return result;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    const int pages = c.pageCount();
    for (int i = 0; i < pages; ++i) {
        if (i > 0) writer.newPage();
        drawFurniture(p, c, doc, data, i, pages);
        for (const detail::Op& op : c.pages()[static_cast<std::size_t>(i)])
            op(p);
    }
    p.end();
    if (pdf.data().isEmpty()) {
        result.error = report::text(Text::ErrorPdfNotRendered, doc.lang, {qsArg(path)});
        return result;
    }
    if (!saveReportFile(path, pdf.data(), doc.lang, &result.error)) return result;
    result.ok = true;
    result.pages = pages;
    result.sectionHeadingAndContentPages = rc.sectionHeadingAndContentPages;
    result.files << path;
    return result;
}

} // namespace trainplan::report
