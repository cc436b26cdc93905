#include <trainplan/report/report.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/report/save_file.h>

#include <trainplan/model/atomic_file.h>

#include <QFile>
#include <QFileInfo>

namespace trainplan::report {

std::optional<OutputFormat> formatFromPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf")) return OutputFormat::Pdf;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return OutputFormat::Html;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return OutputFormat::Markdown;
    if (suffix == QLatin1String("csv")) return OutputFormat::Csv;
    if (suffix == QLatin1String("json")) return OutputFormat::Json;
    return std::nullopt;
}

bool saveFile(const QString& path, const QByteArray& bytes, QString* error, QString* reason,
              sim::Lang lang) {
    try {
        model::writeFileAtomically(QFile::encodeName(path).toStdString(),
                                   std::string_view(bytes.constData(),
                                                    static_cast<std::size_t>(bytes.size())));
        return true;
    } catch (const model::WriteError& e) {
        const QString why = QString::fromStdString(e.reason(lang));
        if (error) *error = QString::fromStdString(e.message(lang));
        if (reason) *reason = why;
        return false;
    }
}

bool saveReportFile(const QString& path, const QByteArray& bytes, sim::Lang lang, QString* error) {
    QString reason;
    if (saveFile(path, bytes, nullptr, &reason, lang)) return true;
    if (error) *error = text(Text::ErrorNotWritten, lang, {qsArg(path), qsArg(reason)});
    return false;
}

WriteResult writeReport(const ReportData& data, const QString& path, const WriteOptions& options) {
    const std::optional<OutputFormat> format = formatFromPath(path);
    if (!format) {
        WriteResult r;
        r.error = text(Text::ErrorSuffix, options.lang, {qsArg(path)});
        return r;
    }
    if (options.deck) {
        if (*format != OutputFormat::Pdf) {
            WriteResult r;
            r.error = text(Text::ErrorDeckNotPdf, options.lang, {qsArg(path)});
            return r;
        }
        return writeDeckPdf(data, options.lang, path);
    }
    switch (*format) {
    case OutputFormat::Pdf:
        return writeReportPdf(buildReportDocument(data, options.lang), data, path);
    case OutputFormat::Html:
        return writeReportHtml(buildReportDocument(data, options.lang), data, path);
    case OutputFormat::Markdown:
        return writeReportMarkdown(buildReportDocument(data, options.lang), data, path,
                                   options.chartDpi);
    case OutputFormat::Csv:
        return writeReportCsv(data, path, options.lang);
    case OutputFormat::Json:
        return writeReportJson(data, path, options.lang);
    }
    return {};
}

} // namespace trainplan::report
