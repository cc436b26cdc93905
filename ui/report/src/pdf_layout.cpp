#include "pdf_layout.h"

#include <QFontMetricsF>
#include <QPaintDevice>
#include <QTextOption>

#include <algorithm>
#include <numeric>

namespace trainplan::report::detail {

void TextBox::draw(QPainter& p, QPointF topLeft, const QColor& color) const {
    if (!layout) return;
    p.save();
    p.setPen(color);
    layout->draw(&p, topLeft);
    p.restore();
}

TextBox layoutText(const QString& text, const TextSpec& spec, double width, QPaintDevice* device) {
    TextBox box;
    QString full = spec.boldLead.isEmpty() ? text : spec.boldLead + QLatin1Char(' ') + text;
    full.replace(QLatin1Char('\n'),
                 QChar::LineSeparator); // QTextLayout breaks lines only at U+2028
    box.layout = std::make_shared<QTextLayout>(full, spec.font, device);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    option.setAlignment(spec.align);
    box.layout->setTextOption(option);
    if (!spec.boldLead.isEmpty()) {
        QTextLayout::FormatRange bold;
        bold.start = 0;
        bold.length = static_cast<int>(spec.boldLead.size());
        QFont f = spec.font;
        f.setBold(true);
        bold.format.setFont(f);
        box.layout->setFormats({bold});
    }
    box.layout->setCacheEnabled(true);
    box.layout->beginLayout();
    double y = 0, last = 0;
    for (;;) {
        QTextLine line = box.layout->createLine();
        if (!line.isValid()) break;
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        last = line.height();
        y += last * spec.lineSpacing;
        ++box.lines;
    }
    box.layout->endLayout();
    y -= last * (spec.lineSpacing - 1.0); // no spacing after the last line
    box.width = width;
    box.height = std::max(0.0, y);
    return box;
}

double naturalWidth(const QString& text, const QFont& font, QPaintDevice* device) {
    const QFontMetricsF fm(font, device);
    double w = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        w = std::max(w, fm.horizontalAdvance(line));
    return w;
}

namespace {

// The widest word: a column narrower than this would break words (allowed, but a last resort).
double minimumWidth(const QString& text, const QFont& font, QPaintDevice* device, double cap) {
    const QFontMetricsF fm(font, device);
    double w = 0;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        w = std::max(w, fm.horizontalAdvance(word));
    return std::min(w, cap);
}

} // namespace

double LaidOutTable::width() const {
    return std::accumulate(columns.begin(), columns.end(), 0.0);
}

LaidOutTable layoutTable(const Table& table, const TableStyle& style, double width,
                         QPaintDevice* device) {
    LaidOutTable out;
    out.keyValue = table.header.isEmpty();
    std::size_t n = static_cast<std::size_t>(table.header.size());
    for (const QStringList& r : table.rows)
        n = std::max(n, static_cast<std::size_t>(r.size()));
    if (n == 0) return out;

    std::vector<double> natural(n, 0.0), minimum(n, 0.0);
    const double pad = 2 * style.padX;
    const double wordCap = width * 0.22;
    auto measure = [&](const QString& text, const QFont& font, std::size_t c, double extra) {
        natural[c] = std::max(natural[c], naturalWidth(text, font, device) + pad + extra);
        minimum[c] = std::max(minimum[c], minimumWidth(text, font, device, wordCap) + pad + extra);
    };
    for (std::size_t c = 0; c < static_cast<std::size_t>(table.header.size()); ++c)
        measure(table.header[static_cast<qsizetype>(c)], style.headerFont, c, 0);
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const bool bold = r < table.rowEmphasis.size() && table.rowEmphasis[r];
        const int indent = r < table.rowIndent.size() ? table.rowIndent[r] : 0;
        for (std::size_t c = 0; c < static_cast<std::size_t>(table.rows[r].size()); ++c)
            measure(table.rows[r][static_cast<qsizetype>(c)],
                    bold || (out.keyValue && c == 0) ? style.headerFont : style.font, c,
                    c == 0 ? indent * style.indentStep : 0.0);
    }

    const double sumNatural = std::accumulate(natural.begin(), natural.end(), 0.0);
    const double sumMinimum = std::accumulate(minimum.begin(), minimum.end(), 0.0);
    out.columns.assign(n, 0.0);
    if (out.keyValue && n == 2 && sumNatural > width && natural[0] <= width * 0.4) {
        // A key/value table whose values wrap: the keys stay whole on one line ("Tool version"
        // did not) and the values take the rest.
        out.columns = {natural[0], width - natural[0]};
    } else if (sumNatural <= width) {
        // Everything fits on one line: spread the spare width in proportion (key/value tables give
        // it all to the value).
        const double spare = width - sumNatural;
        for (std::size_t c = 0; c < n; ++c) {
            const double share = out.keyValue ? (c == n - 1 ? 1.0 : 0.0) : natural[c] / sumNatural;
            out.columns[c] = natural[c] + spare * share;
        }
    } else if (sumMinimum <= width) {
        // Columns get their widest word, and the rest in proportion to how much they would wrap.
        const double spare = width - sumMinimum;
        const double want = sumNatural - sumMinimum;
        for (std::size_t c = 0; c < n; ++c)
            out.columns[c] = minimum[c] + (want > 0 ? spare * (natural[c] - minimum[c]) / want
                                                    : spare / static_cast<double>(n));
    } else {
        for (std::size_t c = 0; c < n; ++c)
            out.columns[c] = minimum[c] * width / sumMinimum;
    }

    auto layRow = [&](const QStringList& cells, bool header, bool emphasis, int indent) {
        LaidOutRow row;
        row.header = header;
        row.emphasis = emphasis;
        row.indent = indent;
        for (std::size_t c = 0; c < n; ++c) {
            TextSpec spec;
            spec.font =
                header || emphasis || (out.keyValue && c == 0) ? style.headerFont : style.font;
            spec.lineSpacing = style.lineSpacing;
            if (!header && table.numericColumns.contains(static_cast<int>(c)))
                spec.align = Qt::AlignRight;
            else if (header && table.numericColumns.contains(static_cast<int>(c)))
                spec.align = Qt::AlignRight;
            const double extra = c == 0 ? indent * style.indentStep : 0.0;
            const QString text = c < static_cast<std::size_t>(cells.size())
                                     ? cells[static_cast<qsizetype>(c)]
                                     : QString();
            TextBox box =
                layoutText(text, spec, std::max(1.0, out.columns[c] - pad - extra), device);
            row.height = std::max(row.height, box.height + 2 * style.padY);
            row.cells.push_back(std::move(box));
        }
        return row;
    };
    if (!out.keyValue) out.header = layRow(table.header, true, false, 0);
    for (std::size_t r = 0; r < table.rows.size(); ++r)
        out.rows.push_back(layRow(table.rows[r], false,
                                  r < table.rowEmphasis.size() && table.rowEmphasis[r],
                                  r < table.rowIndent.size() ? table.rowIndent[r] : 0));
    return out;
}

void drawRow(QPainter& p, const LaidOutTable& t, const LaidOutRow& row, QPointF topLeft,
             bool stripe, double padX, double padY, double indentStep) {
    const QRectF rect(topLeft, QSizeF(t.width(), row.height));
    p.save();
    p.setPen(Qt::NoPen);
    if (row.header)
        p.fillRect(rect, QColor(0xe4, 0xeb, 0xf3));
    else if (stripe)
        p.fillRect(rect, QColor(0xf6, 0xf7, 0xf9));
    p.restore();
    double x = topLeft.x();
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
        const double indent = c == 0 ? row.indent * indentStep : 0.0;
        const QColor color =
            t.keyValue && c == 0 ? QColor(0x44, 0x4c, 0x56) : QColor(0x1a, 0x1a, 0x1a);
        row.cells[c].draw(p, QPointF(x + padX + indent, topLeft.y() + padY), color);
        x += t.columns[c];
    }
    p.save();
    QPen rule(row.header ? QColor(0x9a, 0xa8, 0xb8) : QColor(0xdd, 0xe1, 0xe6));
    rule.setWidthF(row.header ? padY * 0.25 : padY * 0.15);
    p.setPen(rule);
    p.drawLine(rect.bottomLeft(), rect.bottomRight());
    p.restore();
}

Composer::Composer(QPaintDevice* device, QSizeF, QRectF bodyPoints)
    : m_device(device) {
    k = device->logicalDpiY() / 72.0;
    m_body = QRectF(bodyPoints.topLeft() * k, bodyPoints.size() * k);
    newPage();
}

void Composer::newPage() {
    m_pages.emplace_back();
    m_y = m_body.top();
}

void Composer::need(double height) {
    if (!atTop() && m_y + height > m_body.bottom()) newPage();
}

} // namespace trainplan::report::detail
