// The planning report as one self-contained HTML file: inline CSS, inline SVG charts (text in
// them stays text), print styles for A4.

#include <trainplan/report/report.h>
#include <trainplan/report/save_file.h>

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QChart>
#include <QRegularExpression>

namespace trainplan::report {

namespace {

const char* kCss = R"(
:root { --ink:#1a1a1a; --muted:#5f6670; --accent:#1f4e79; --rule:#c5d0dc; --head:#e4ebf3; --stripe:#f6f7f9; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", Arial, sans-serif;
       color: var(--ink); max-width: 60em; margin: 2em auto; padding: 0 1.5em; line-height: 1.5; font-size: 15px; }
header.title { border-bottom: 2px solid var(--rule); padding-bottom: 1em; margin-bottom: 1.5em; }
header.title h1 { font-size: 2.1em; margin: 0 0 .2em; color: var(--ink); }
header.title .subtitle { font-size: 1.3em; color: var(--accent); margin: 0 0 .6em; }
header.title .description { color: var(--muted); }
h2 { color: var(--accent); border-bottom: 1px solid var(--rule); padding-bottom: .2em; margin-top: 2em; }
h3 { margin: 1.4em 0 .5em; font-size: 1.1em; }
nav.toc ol { list-style: none; padding-left: 0; }
nav.toc li { margin: .2em 0; }
nav.toc a { color: var(--ink); text-decoration: none; }
nav.toc .num { display: inline-block; width: 2em; color: var(--accent); font-weight: bold; }
.callout { background: #eaf1f8; border-left: 4px solid var(--accent); padding: .8em 1em; margin: 1em 0; font-size: 1.08em; }
.note { color: var(--muted); font-style: italic; font-size: .92em; }
table { border-collapse: collapse; width: 100%; margin: .6em 0 1.2em; font-size: .86em; }
table.compact { font-size: .78em; }
th, td { padding: .3em .5em; text-align: left; vertical-align: top; border-bottom: 1px solid #dde1e6; }
thead th { background: var(--head); border-bottom: 1px solid #9aa8b8; }
tbody tr:nth-child(even) { background: var(--stripe); }
table.kv tbody tr { background: none; }
table.kv th { width: 30%; color: #444c56; font-weight: bold; }
td.num, th.num { text-align: right; white-space: nowrap; }
tr.em td { font-weight: bold; }
figure.chart { margin: 1em 0 1.5em; }
figure.chart svg { width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-style: italic; font-size: .9em; margin-top: .3em; }
ul.checklist { list-style: none; padding-left: .4em; }
ul.checklist li::before { content: "☐ "; color: var(--accent); }
ul.checklist li.done::before { content: "☑ "; }
footer { color: var(--muted); font-size: .85em; border-top: 1px solid var(--rule); margin-top: 3em; padding-top: .6em; }
@media print {
  @page { size: A4; margin: 16mm 15mm 18mm; }
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  header.title { break-after: page; border: none; padding-top: 30%; }
  nav.toc { break-after: page; }
  section.appendix { break-before: page; }
  h2, h3 { break-after: avoid; }
  figure, tr, .callout { break-inside: avoid; }
  thead { display: table-header-group; }
  a { color: inherit; text-decoration: none; }
}
)";

QString esc(const QString& s) {
    return s.toHtmlEscaped();
}

// An inline <svg> element from QSvgGenerator's document: no XML prolog, sized by CSS.
QString inlineSvg(const QByteArray& svg, const QString& label) {
    QString s = QString::fromUtf8(svg);
    const qsizetype start = s.indexOf(QStringLiteral("<svg"));
    if (start < 0) return {};
    s = s.mid(start);
    const qsizetype tagEnd = s.indexOf(QLatin1Char('>'));
    QString tag = s.left(tagEnd);
    tag.remove(QRegularExpression(QStringLiteral(R"(\s(width|height)="[^"]*")")));
    tag += QStringLiteral(" role=\"img\" aria-label=\"%1\"").arg(esc(label));
    return tag + s.mid(tagEnd);
}

void table(QString& out, const Table& t) {
    const bool kv = t.header.isEmpty();
    QString cls = kv ? QStringLiteral("kv") : QStringLiteral("data");
    if (t.compact) cls += QStringLiteral(" compact");
    out += QStringLiteral("<table class=\"%1\">\n").arg(cls);
    if (!kv) {
        out += QStringLiteral("<thead><tr>");
        for (qsizetype c = 0; c < t.header.size(); ++c)
            out += QStringLiteral("<th%1>%2</th>")
                       .arg(t.numericColumns.contains(static_cast<int>(c))
                                ? QStringLiteral(" class=\"num\"")
                                : QString(),
                            esc(t.header[c]));
        out += QStringLiteral("</tr></thead>\n");
    }
    out += QStringLiteral("<tbody>\n");
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const bool em = r < t.rowEmphasis.size() && t.rowEmphasis[r];
        out += em ? QStringLiteral("<tr class=\"em\">") : QStringLiteral("<tr>");
        const QStringList& row = t.rows[r];
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (kv && c == 0) {
                out += QStringLiteral("<th scope=\"row\">%1</th>").arg(esc(row[c]));
                continue;
            }
            QString attrs;
            if (t.numericColumns.contains(static_cast<int>(c)))
                attrs += QStringLiteral(" class=\"num\"");
            const int indent = c == 0 && r < t.rowIndent.size() ? t.rowIndent[r] : 0;
            if (indent > 0)
                attrs += QStringLiteral(" style=\"padding-left:%1em\"").arg(0.5 + indent * 1.1);
            out += QStringLiteral("<td%1>%2</td>").arg(attrs, esc(row[c]));
        }
        out += QStringLiteral("</tr>\n");
    }
    out += QStringLiteral("</tbody></table>\n");
}

void block(QString& out, const Block& b, const ReportData& data, sim::Lang lang) {
    switch (b.kind) {
    case Block::Kind::Paragraph:
        out += QStringLiteral("<p>");
        if (!b.lead.isEmpty()) out += QStringLiteral("<strong>%1</strong> ").arg(esc(b.lead));
        out += esc(b.text) + QStringLiteral("</p>\n");
        break;
    case Block::Kind::Note:
        out += QStringLiteral("<p class=\"note\">%1</p>\n").arg(esc(b.text));
        break;
    case Block::Kind::Subheading:
        out += QStringLiteral("<h3>%1</h3>\n").arg(esc(b.text));
        break;
    case Block::Kind::Callout:
        out += QStringLiteral("<div class=\"callout\"><strong>%1</strong> %2</div>\n")
                   .arg(esc(text(Text::Lead, lang, {qsArg(b.lead)})), esc(b.text));
        break;
    case Block::Kind::Bullets:
        out += QStringLiteral("<ul>\n");
        for (const QString& item : b.items)
            out += QStringLiteral("<li>%1</li>\n").arg(esc(item));
        out += QStringLiteral("</ul>\n");
        break;
    case Block::Kind::Checklist:
        out += QStringLiteral("<ul class=\"checklist\">\n");
        for (qsizetype i = 0; i < b.items.size(); ++i)
            out += QStringLiteral("<li%1>%2</li>\n")
                       .arg(i < b.checked.size() && b.checked[i] ? QStringLiteral(" class=\"done\"")
                                                                 : QString(),
                            esc(b.items[i]));
        out += QStringLiteral("</ul>\n");
        break;
    case Block::Kind::Table:
        table(out, b.table);
        break;
    case Block::Kind::Chart: {
        ChartStyle style;
        style.lang = lang;
        style.fontPixels = 11;
        auto chart = makeChart(b.chart, data, style);
        const QString title = chartTitle(b.chart, lang);
        out += QStringLiteral("<figure class=\"chart\" id=\"chart-%1\">\n").arg(chartId(b.chart));
        out += inlineSvg(chartSvg(*chart, QSizeF(720, 390), title), title);
        out += QStringLiteral("\n<figcaption>%1</figcaption></figure>\n").arg(esc(b.text));
        break;
    }
    }
}

} // namespace

QString reportHtml(const Document& doc, const ReportData& data) {
    const sim::Lang lang = doc.lang;
    QString out;
    out.reserve(1 << 20);
    out += QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n")
               .arg(lang == sim::Lang::ZhCN ? QStringLiteral("zh-CN") : QStringLiteral("en"));
    out += QStringLiteral(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out += QStringLiteral("<meta name=\"generator\" content=\"TrainPlan %1\">\n")
               .arg(esc(qs(data.version)));
    out += QStringLiteral("<title>%1 — %2</title>\n<style>%3</style>\n</head>\n<body>\n")
               .arg(esc(doc.title), esc(doc.subtitle), QString::fromUtf8(kCss));

    out += QStringLiteral("<header class=\"title\">\n<h1>%1</h1>\n<p class=\"subtitle\">%2</p>\n")
               .arg(esc(doc.title), esc(doc.subtitle));
    if (!doc.description.isEmpty())
        out += QStringLiteral("<p class=\"description\">%1</p>\n").arg(esc(doc.description));
    Table facts;
    for (const auto& [k, v] : doc.facts)
        facts.rows.push_back({k, v});
    table(out, facts);
    out += QStringLiteral("</header>\n");

    out += QStringLiteral("<nav class=\"toc\">\n<h2>%1</h2>\n<ol>\n")
               .arg(esc(text(Text::Contents, lang)));
    for (std::size_t i = 0; i < doc.sections.size(); ++i)
        out += QStringLiteral("<li><a href=\"#%1\"><span class=\"num\">%2</span>%3</a></li>\n")
                   .arg(doc.sections[i].id, sectionNumber(doc, i), esc(doc.sections[i].title));
    out += QStringLiteral("</ol>\n</nav>\n<main>\n");

    for (std::size_t i = 0; i < doc.sections.size(); ++i) {
        const Section& s = doc.sections[i];
        out += QStringLiteral("<section id=\"%1\"%2>\n<h2>%3 %4</h2>\n")
                   .arg(s.id, s.appendix ? QStringLiteral(" class=\"appendix\"") : QString(),
                        sectionNumber(doc, i), esc(s.title));
        for (const Block& b : s.blocks)
            block(out, b, data, lang);
        out += QStringLiteral("</section>\n");
    }
    out += QStringLiteral("</main>\n<footer>%1</footer>\n</body>\n</html>\n")
               .arg(esc(text(Text::GeneratedBy, lang,
                             {sim::textArg(data.version), sim::textArg(data.date)})));
    return out;
}

WriteResult writeReportHtml(const Document& doc, const ReportData& data, const QString& path) {
    WriteResult result;
    const QByteArray bytes = reportHtml(doc, data).toUtf8();
    if (!saveReportFile(path, bytes, doc.lang, &result.error)) return result;
    result.ok = true;
    result.files << path;
    return result;
}

} // namespace trainplan::report
