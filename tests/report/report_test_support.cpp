#include "report_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/report/report_app.h>

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>

namespace trainplan::report::test {

namespace {

class ApplicationEnvironment : public ::testing::Environment {
public:
    void SetUp() override { m_app = ensureApplication(); }
    void TearDown() override { m_app.reset(); }

private:
    std::unique_ptr<QApplication> m_app;
};

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new ApplicationEnvironment);

} // namespace

std::filesystem::path dataDir() {
    return TRAINPLAN_TEST_DATA_DIR;
}

const model::Catalog& catalog() {
    static const model::Catalog c = model::loadCatalog(dataDir() / "catalog");
    return c;
}

const std::vector<model::PublishedRun>& publishedRuns() {
    static const std::vector<model::PublishedRun> runs =
        model::loadPublishedRuns(dataDir() / "reference" / "published_runs.csv").runs;
    return runs;
}

std::vector<std::filesystem::path> builtInScenarios() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(dataDir() / "scenarios"))
        if (e.path().extension() == ".json") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

model::Scenario loadScenario(const std::filesystem::path& file) {
    model::ScenarioLoad load = model::loadScenarioFile(file, catalog());
    if (!load.ok()) throw std::runtime_error("cannot load " + file.string());
    return *load.scenario;
}

ReportData computeFor(const model::Scenario& s, bool full, bool sizing) {
    ReportInputs in;
    in.catalog = &catalog();
    in.publishedRuns = &publishedRuns();
    in.version = "test";
    in.date = "2025-01-31";
    in.breakPoints = full;
    in.crossover = full;
    in.sizing = sizing;
    return computeReportData(s, in);
}

QString outputDir(const QString& name) {
    QDir dir(QStringLiteral(TRAINPLAN_TEST_BINARY_DIR "/report-test-output/") + name);
    dir.removeRecursively();
    dir.mkpath(QStringLiteral("."));
    return dir.absolutePath();
}

bool hasPoppler() {
    return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty() &&
           !QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty() &&
           !QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty();
}

std::optional<QString> run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return std::nullopt;
    return QString::fromUtf8(p.readAllStandardOutput());
}

// Whitespace collapsed, nothing else folded: the report sets Latin text without ligatures and CJK
// in a font that maps no radical to a character's glyph, so pdftotext must return the characters
// written ("offload", not "o\uFB04oad"; 行, not U+2F8F; see
// ReportPdf.CopiedChineseTextIsTheTextWritten).
QString collapse(const QString& s) {
    return s.simplified();
}

QString rawPdfText(const QString& pdf) {
    return run(QStringLiteral("pdftotext"),
               {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")})
        .value_or(QString());
}

QString pdfText(const QString& pdf) {
    return collapse(rawPdfText(pdf));
}

int pdfPages(const QString& pdf) {
    const QString info = run(QStringLiteral("pdfinfo"), {pdf}).value_or(QString());
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral(R"(Pages:\s+(\d+))")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QStringList renderPages(const QString& pdf, int dpi, const QString& prefix) {
    if (!run(QStringLiteral("pdftoppm"),
             {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"), pdf, prefix}))
        return {};
    const QFileInfo info(prefix);
    QStringList out;
    const QDir dir = info.absoluteDir();
    for (const QString& f :
         dir.entryList({info.fileName() + QStringLiteral("-*.png")}, QDir::Files, QDir::Name))
        out << dir.filePath(f);
    return out;
}

double inkFraction(const QImage& image) {
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    if (img.isNull()) return 0;
    long long ink = 0;
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x)
            if (qGray(line[x]) < 235) ++ink;
    }
    return static_cast<double>(ink) / (static_cast<double>(img.width()) * img.height());
}

const Section* findSection(const Document& doc, const char* id) {
    for (const Section& s : doc.sections)
        if (s.id == QLatin1String(id)) return &s;
    return nullptr;
}

} // namespace trainplan::report::test
