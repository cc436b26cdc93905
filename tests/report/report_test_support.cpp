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

ReportData computeFor(const model::Scenario& s, bool full) {
    ReportInputs in;
    in.catalog = &catalog();
    in.publishedRuns = &publishedRuns();
    in.version = "test";
    in.date = "2025-01-31";
    in.breakPoints = full;
    in.crossover = full;
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

// Folds what pdftotext gives back for shared glyphs (Kangxi radicals such as U+2F8F for 行, by
// NFKC; ligatures such as "ﬀ") onto the characters the report wrote. Only those blocks: NFKC on
// the whole text would also turn full-width punctuation into ASCII.
// NFKC does not fold the CJK Radicals Supplement, so the simplified-form radicals that share a
// glyph with a common character are mapped by hand.
QString collapse(const QString& s) {
    static const std::pair<char16_t, char16_t> kRadicals[] = {
        {0x2EC4, 0x897F}, {0x2EC5, 0x89C1}, {0x2EC6, 0x89D2}, {0x2EC9, 0x8D1D},
        {0x2ECB, 0x8F66}, {0x2ED3, 0x957F}, {0x2ED4, 0x95E8}, {0x2EDA, 0x9875},
        {0x2EDB, 0x98CE}, {0x2EDC, 0x98DE}, {0x2EDD, 0x98DF}, {0x2EE2, 0x9A6C}};
    QString out;
    out.reserve(s.size());
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        const bool kangxiOrLigature = (u >= 0x2F00 && u <= 0x2FDF) || (u >= 0xFB00 && u <= 0xFB06);
        out += kangxiOrLigature ? QString(c).normalized(QString::NormalizationForm_KC) : QString(c);
    }
    for (const auto& [radical, character] : kRadicals)
        out.replace(QChar(radical), QChar(character));
    return out.simplified();
}

QString pdfText(const QString& pdf) {
    return collapse(run(QStringLiteral("pdftotext"),
                        {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")})
                        .value_or(QString()));
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

} // namespace trainplan::report::test
