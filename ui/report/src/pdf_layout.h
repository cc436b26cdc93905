#pragma once

// Text and table layout for the paged writers (report PDF, review deck): wrapped text laid out
// once against the PDF device, and a flow composer that fills pages and records what to draw on
// each, so the table of contents can be written after the body knows its page numbers.
// Geometry is in device units; `Composer::k` converts points to them.

#include <trainplan/report/report_document.h>

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QTextLayout>

#include <functional>
#include <memory>
#include <vector>

class QPaintDevice;

namespace trainplan::report::detail {

// A piece of text wrapped to a width.
struct TextBox {
    std::shared_ptr<QTextLayout> layout;
    double width = 0;
    double height = 0;
    int lines = 0;

    void draw(QPainter& p, QPointF topLeft, const QColor& color) const;
};

struct TextSpec {
    QFont font;
    double lineSpacing = 1.2; // line advance as a multiple of the font's line height
    Qt::Alignment align = Qt::AlignLeft;
    QString boldLead; // drawn bold before the text, followed by a space
};

[[nodiscard]] TextBox layoutText(const QString& text, const TextSpec& spec, double width,
                                 QPaintDevice* device);
[[nodiscard]] double naturalWidth(const QString& text, const QFont& font, QPaintDevice* device);

// A table laid out to a width: column widths, and each row's cells wrapped.
struct TableStyle {
    QFont font;
    QFont headerFont;
    double padX = 0, padY = 0; // device units
    double indentStep = 0;     // per rowIndent level
    double lineSpacing = 1.15;
};

struct LaidOutRow {
    std::vector<TextBox> cells;
    double height = 0;
    bool header = false;
    bool emphasis = false;
    int indent = 0;
};

struct LaidOutTable {
    std::vector<double> columns; // widths
    LaidOutRow header;           // empty cells when the table has no header
    std::vector<LaidOutRow> rows;
    bool keyValue = false;

    [[nodiscard]] double width() const;
};

[[nodiscard]] LaidOutTable layoutTable(const Table& table, const TableStyle& style, double width,
                                       QPaintDevice* device);
// Draws one row at `topLeft` (stripe: light background for every other body row).
void drawRow(QPainter& p, const LaidOutTable& t, const LaidOutRow& row, QPointF topLeft,
             bool stripe, double padX, double padY, double indentStep);

using Op = std::function<void(QPainter&)>;

// Fills pages top to bottom; records the drawing operations of each page.
class Composer {
public:
    Composer(QPaintDevice* device, QSizeF pagePoints, QRectF bodyPoints);

    double k = 1; // device units per point
    [[nodiscard]] double pt(double points) const { return points * k; }
    [[nodiscard]] QPaintDevice* device() const { return m_device; }
    [[nodiscard]] QRectF body() const { return m_body; }
    [[nodiscard]] double y() const { return m_y; }
    [[nodiscard]] double remaining() const { return m_body.bottom() - m_y; }
    [[nodiscard]] bool atTop() const { return m_y <= m_body.top() + 0.5; }
    [[nodiscard]] int page() const { return static_cast<int>(m_pages.size()) - 1; }
    [[nodiscard]] int pageCount() const { return static_cast<int>(m_pages.size()); }

    void newPage();
    // Starts a new page unless `height` still fits below.
    void need(double height);
    void advance(double height) { m_y += height; }
    void add(Op op) { m_pages.back().push_back(std::move(op)); }
    void addTo(int page, Op op) {
        m_pages[static_cast<std::size_t>(page)].push_back(std::move(op));
    }
    [[nodiscard]] const std::vector<std::vector<Op>>& pages() const { return m_pages; }

private:
    QPaintDevice* m_device;
    QRectF m_body;
    double m_y = 0;
    std::vector<std::vector<Op>> m_pages;
};

} // namespace trainplan::report::detail
