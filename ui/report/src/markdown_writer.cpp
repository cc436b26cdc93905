// The planning report as GitHub-flavoured Markdown, with each chart written beside it as PNG
// (shown) and SVG (linked) in PATH_files/.

#include <trainplan/report/report.h>
#include <trainplan/report/save_file.h>

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QChart>
#include <QDir>
#include <QFileInfo>

namespace trainplan::report {

namespace {

// Markdown-safe cell or inline text: no line breaks, pipes and emphasis markers escaped.
QString md(QString s) {
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    s.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    s.replace(QLatin1Char('*'), QStringLiteral("\\*"));
    s.replace(QLatin1Char('_'), QStringLiteral("\\_"));
    s.replace(QLatin1Char('<'), QStringLiteral("&lt;"));
    return s;
}

void markdownTable(QString& out, const Table& t) {
    const bool kv = t.header.isEmpty();
    const qsizetype n = kv ? 2 : t.header.size();
    QStringList header = kv ? QStringList{QString(), QString()} : t.header;
    out += QLatin1Char('|');
    for (const QString& h : header)
        out += QLatin1Char(' ') + md(h) + QStringLiteral(" |");
    out += QStringLiteral("\n|");
    for (qsizetype c = 0; c < n; ++c)
        out += t.numericColumns.contains(static_cast<int>(c)) ? QStringLiteral(" --: |")
                                                              : QStringLiteral(" --- |");
    out += QLatin1Char('\n');
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const bool em = r < t.rowEmphasis.size() && t.rowEmphasis[r];
        const int indent = r < t.rowIndent.size() ? t.rowIndent[r] : 0;
        out += QLatin1Char('|');
        for (qsizetype c = 0; c < n; ++c) {
            QString cell = c < t.rows[r].size() ? md(t.rows[r][c]) : QString();
            if (c == 0 && indent > 0)
                cell = QString(indent * 2, QChar(0x00A0)) + QStringLiteral("└ ") + cell;
            if ((em || (kv && c == 0)) && !cell.isEmpty())
                cell = QStringLiteral("**") + cell + QStringLiteral("**");
            out += QLatin1Char(' ') + cell + QStringLiteral(" |");
        }
        out += QLatin1Char('\n');
    }
    out += QLatin1Char('\n');
}

} // namespace

WriteResult writeReportMarkdown(const Document& doc, const ReportData& data, const QString& path,
                                double chartDpi) {
    WriteResult result;
    const sim::Lang lang = doc.lang;
    const QFileInfo info(path);
    const QString filesName = info.completeBaseName() + QStringLiteral("_files");
    QDir dir = info.absoluteDir();
    if (!dir.mkpath(filesName)) {
        result.error = text(Text::ErrorFolderNotCreated, lang, {qsArg(dir.filePath(filesName))});
        return result;
    }
    const QDir files(dir.filePath(filesName));
    QStringList written;

    QString out;
    out += QStringLiteral("# %1\n\n**%2**\n\n").arg(md(doc.title), md(doc.subtitle));
    if (!doc.description.isEmpty()) out += md(doc.description) + QStringLiteral("\n\n");
    for (const auto& [k, v] : doc.facts)
        out += QStringLiteral("- **%1** %2\n").arg(md(text(Text::Lead, lang, {qsArg(k)})), md(v));
    out += QStringLiteral("\n## %1\n\n").arg(md(text(Text::Contents, lang)));
    for (std::size_t i = 0; i < doc.sections.size(); ++i)
        out += QStringLiteral("- [%1 %2](#%3)\n")
                   .arg(sectionNumber(doc, i), md(doc.sections[i].title), doc.sections[i].id);
    out += QLatin1Char('\n');

    for (std::size_t i = 0; i < doc.sections.size(); ++i) {
        const Section& s = doc.sections[i];
        out += QStringLiteral("<a id=\"%1\"></a>\n\n## %2 %3\n\n")
                   .arg(s.id, sectionNumber(doc, i), md(s.title));
        for (const Block& b : s.blocks) {
            switch (b.kind) {
            case Block::Kind::Paragraph:
                if (!b.lead.isEmpty()) out += QStringLiteral("**%1** ").arg(md(b.lead));
                out += md(b.text) + QStringLiteral("\n\n");
                break;
            case Block::Kind::Note:
                out += QStringLiteral("*%1*\n\n").arg(md(b.text));
                break;
            case Block::Kind::Subheading:
                out += QStringLiteral("### %1\n\n").arg(md(b.text));
                break;
            case Block::Kind::Callout:
                out += QStringLiteral("> **%1** %2\n\n")
                           .arg(md(text(Text::Lead, lang, {qsArg(b.lead)})), md(b.text));
                break;
            case Block::Kind::Bullets:
                for (const QString& item : b.items)
                    out += QStringLiteral("- %1\n").arg(md(item));
                out += QLatin1Char('\n');
                break;
            case Block::Kind::Checklist:
                for (qsizetype k = 0; k < b.items.size(); ++k)
                    out += QStringLiteral("- [%1] %2\n")
                               .arg(k < b.checked.size() && b.checked[k] ? QStringLiteral("x")
                                                                         : QStringLiteral(" "),
                                    md(b.items[k]));
                out += QLatin1Char('\n');
                break;
            case Block::Kind::Table:
                markdownTable(out, b.table);
                break;
            case Block::Kind::Chart: {
                ChartStyle style;
                style.lang = lang;
                style.fontPixels = 11;
                auto chart = makeChart(b.chart, data, style);
                const QSizeF size(720, 390);
                const QString id = chartId(b.chart);
                const QString png = files.filePath(id + QStringLiteral(".png"));
                const QString svg = files.filePath(id + QStringLiteral(".svg"));
                QString error;
                if (!writeChartPng(*chart, png, size, chartDpi, &error, lang) ||
                    !writeChartSvg(*chart, svg, size, &error, lang)) {
                    result.error = error;
                    return result;
                }
                written << png << svg;
                const QString rel = filesName + QLatin1Char('/') + id;
                out += QStringLiteral("![%1](%2.png)\n\n*%3* ([SVG](%2.svg))\n\n")
                           .arg(md(chartTitle(b.chart, lang)), rel, md(b.text));
                break;
            }
            }
        }
    }
    out += QStringLiteral("---\n\n*%1*\n")
               .arg(md(text(Text::GeneratedBy, lang,
                            {sim::textArg(data.version), sim::textArg(data.date)})));

    const QByteArray bytes = out.toUtf8();
    if (!saveReportFile(path, bytes, lang, &result.error)) return result;
    result.ok = true;
    result.files << path << written;
    return result;
}

} // namespace trainplan::report
