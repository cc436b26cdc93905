#pragma once

// The review deck's slides (writeDeckPdf): the page geometry and colours, and the Deck that draws
// them, with its layout helpers (text set to fit its box, bullets, tables, chart slides) in
// deck_writer.cpp and the slides themselves in deck_slides.cpp.

#include "pdf_layout.h"

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_strings.h>

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <optional>

class QPdfWriter;

namespace trainplan::report::detail {

using Lang = sim::Lang;

inline constexpr double kW = 960, kH = 540;
inline constexpr double kMargin = 48;
inline constexpr double kContentTop = 96, kContentBottom = 488;
inline constexpr int kResolution = 300;

inline const QColor kInk(0x1a, 0x1a, 0x1a);
inline const QColor kMuted(0x5f, 0x66, 0x70);
inline const QColor kAccent(0x1f, 0x4e, 0x79);
inline const QColor kPanel(0xee, 0xf3, 0xf8);

class Deck {
public:
    Deck(QPdfWriter& writer, const ReportData& data, Lang lang);
    // Draws every slide, one per page; the number of pages (0: nothing could be drawn).
    int write();

private:
    double pt(double v) const { return v * m_k; }
    QRectF rect(double x, double y, double w, double h) const {
        return QRectF(pt(x), pt(y), pt(w), pt(h));
    }
    QString t(Text id, std::initializer_list<sim::MessageArg> args = {}) const {
        return report::text(id, m_lang, args);
    }

    // Layout (deck_writer.cpp).
    TextBox layout(const QString& s, double size, bool bold, double width, double spacing = 1.2,
                   Qt::Alignment align = Qt::AlignLeft) const;
    TextBox fit(const QString& s, double maxSize, double minSize, bool bold, QSizeF box,
                double spacing = 1.2, Qt::Alignment align = Qt::AlignLeft) const;
    void draw(const TextBox& box, double x, double y, const QColor& color,
              std::optional<QRectF> clip = {});
    void frame(const QString& title);
    void footer();
    void bullets(const QStringList& items, QRectF box, double maxSize, double minSize);
    void chartSlide(ChartKind kind, const QString& caption);
    // A panel with a small label over a value; `oneLine` shrinks the value until it fits on one
    // line (a key number), else it wraps at the largest size that fits the panel.
    void card(QRectF box, const QString& label, const QString& value, double valueSize,
              double labelSize, bool oneLine = false);
    double fittedTable(const Table& table, double top, double width, double height, double maxSize,
                       double minSize);
    QString sectionOf(const char* id) const;

    // The slides (deck_slides.cpp).
    void titleSlide();
    void questionSlide();
    void recommendationSlide();
    void comparisonSlide();
    void sizingSlide();
    void memorySlide();
    void stepTimeSlide();
    void scalingSlide();
    void timelineSlide();
    void roadmapSlide();
    void risksSlide();
    void appendixSlide();

    QPdfWriter& m_writer;
    const ReportData& m_data;
    Lang m_lang;
    double m_k;
    Document m_doc; // for the section numbers the deck refers to
    QPainter m_p;
    int m_index = 0;
    int m_total = 0;
};

} // namespace trainplan::report::detail
