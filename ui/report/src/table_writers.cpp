// The machine-readable outputs: CSV (comparison and sweeps, SI units, round-trip precision) and
// JSON (trainplan.estimate.v1 plus the advice).

#include <trainplan/report/report.h>
#include <trainplan/report/save_file.h>

#include <trainplan/report/report_numbers.h>
#include <trainplan/simulator/advice_json.h>
#include <trainplan/simulator/estimate_json.h>

#include <QDir>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <charconv>

namespace trainplan::report {

namespace {

// Shortest text that parses back to the same double.
QString num(double v) {
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    if (ec != std::errc()) return QStringLiteral("0");
    return QString::fromLatin1(buf, static_cast<qsizetype>(end - buf));
}

QString cell(const QString& s) {
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) ||
        s.contains(QLatin1Char('\n')) || s.contains(QLatin1Char('\r'))) {
        QString q = s;
        q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + q + QLatin1Char('"');
    }
    return s;
}

void line(QString& out, const QStringList& cells) {
    QStringList escaped;
    for (const QString& c : cells)
        escaped << cell(c);
    out += escaped.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

QString role(ComparedPlan::Origin o) {
    switch (o) {
    case ComparedPlan::Origin::Best:
        return QStringLiteral("best");
    case ComparedPlan::Origin::Closest:
        return QStringLiteral("closest");
    case ComparedPlan::Origin::Pinned:
        return QStringLiteral("scenario");
    }
    return {};
}

QString flag(bool b) {
    return b ? QStringLiteral("true") : QStringLiteral("false");
}

WriteResult save(const QString& path, const QByteArray& bytes, sim::Lang lang) {
    WriteResult r;
    if (!saveReportFile(path, bytes, lang, &r.error)) return r;
    r.ok = true;
    r.files << path;
    return r;
}

} // namespace

QString comparisonCsv(const ReportData& d, sim::Lang lang) {
    QString out;
    line(out, {"role",
               "framework",
               "plan",
               "valid",
               "fits",
               "recommended",
               "dp",
               "tp",
               "pp",
               "cp",
               "ep",
               "vpp",
               "micro_batch",
               "zero_stage",
               "grad_accum",
               "capacity_bytes",
               "peak_bytes",
               "weights_bytes",
               "gradients_bytes",
               "optimizer_bytes",
               "activations_bytes",
               "buffers_bytes",
               "overhead_bytes",
               "comm_per_gpu_bytes",
               "comm_intra_node_bytes",
               "comm_inter_node_bytes",
               "step_s",
               "compute_s",
               "exposed_comm_s",
               "bubble_s",
               "optimizer_s",
               "offload_s",
               "tokens_per_s",
               "tokens_per_s_per_gpu",
               "model_tflops_per_gpu",
               "mfu",
               "hfu",
               "time_to_train_s",
               "gpu_hours",
               "usd",
               "energy_kwh",
               "errors"});
    for (const ComparedPlan& c : d.compared) {
        const sim::PlanEstimate& e = c.estimate();
        const model::Plan& p = e.plan;
        QStringList errors;
        for (const model::ValidationIssue& i : c.result.errors)
            errors << qs(i.text(lang));
        line(out, {role(c.origin),
                   qs(model::toString(c.framework)),
                   qs(p.label()),
                   flag(c.result.valid),
                   flag(c.fits()),
                   flag(c.recommended),
                   QString::number(p.dp),
                   QString::number(p.tp),
                   QString::number(p.pp),
                   QString::number(p.cp),
                   QString::number(p.ep),
                   QString::number(p.vpp),
                   QString::number(p.microBatch),
                   QString::number(p.zeroStage),
                   QString::number(e.gradAccum),
                   num(e.memory.capacityBytes),
                   num(e.memory.peakBytes),
                   num(e.memory.weightsBytes),
                   num(e.memory.gradientsBytes),
                   num(e.memory.optimizerBytes),
                   num(e.memory.activationsBytes),
                   num(e.memory.buffersBytes),
                   num(e.memory.overheadBytes),
                   num(e.communication.perGpuBytes),
                   num(e.communication.intraNodeBytes),
                   num(e.communication.interNodeBytes),
                   num(e.time.stepSeconds),
                   num(e.time.computeSeconds),
                   num(e.time.exposedCommSeconds),
                   num(e.time.bubbleSeconds),
                   num(e.time.optimizerSeconds),
                   num(e.time.offloadSeconds),
                   num(e.throughput.tokensPerSecond),
                   num(e.throughput.tokensPerSecondPerGpu),
                   num(e.throughput.modelFlopsPerSecondPerGpu / 1e12),
                   num(e.throughput.mfu),
                   num(e.throughput.hfu),
                   num(e.cost.timeToTrainSeconds),
                   num(e.cost.gpuHours),
                   num(e.cost.usd),
                   num(e.cost.energyKwh),
                   errors.join(QStringLiteral("; "))});
    }
    return out;
}

QString sweepCsv(const ReportData& d) {
    QString out;
    line(out, {"sweep", "x", "framework", "fits", "plan", "step_s", "mfu", "tokens_per_s",
               "peak_bytes"});
    auto rows = [&](const char* sweep, const std::vector<SweepSeries>& series) {
        for (const SweepSeries& s : series)
            for (const SweepSample& p : s.samples)
                line(out, {QString::fromLatin1(sweep), num(p.x), qs(model::toString(s.framework)),
                           flag(p.fits), qs(p.plan), num(p.stepSeconds), num(p.mfu),
                           num(p.tokensPerSecond), num(p.peakBytes)});
    };
    rows("gpus", d.scaling);
    rows("parameters", d.crossover);
    return out;
}

QByteArray reportJson(const ReportData& d, sim::Lang lang) {
    std::vector<sim::EstimateResult> results;
    for (const ComparedPlan& c : d.compared)
        results.push_back(c.result);
    nlohmann::json doc = sim::estimateDocument(d.scenario, results, &d.residuals);
    nlohmann::json& rs = doc["results"];
    for (std::size_t i = 0; i < d.compared.size() && i < rs.size(); ++i) {
        rs[i]["role"] = role(d.compared[i].origin).toStdString();
        rs[i]["recommended"] = d.compared[i].recommended;
        if (d.compared[i].origin == ComparedPlan::Origin::Pinned)
            rs[i]["scenario_plan"] = d.compared[i].pinnedIndex;
    }
    if (d.advice) doc["advice"] = sim::adviceToJson(d.scenario, *d.advice, lang);
    if (d.sideBySide) doc["side_by_side"] = services::comparisonToJson(*d.sideBySide);
    nlohmann::json report = {{"generator", "TrainPlan " + d.version},
                             {"date", d.date},
                             {"lang", std::string(sim::toString(lang))},
                             {"headline", d.headlineIndex}};
    if (d.validation)
        report["validation"] = {{"total_rows", d.validation->totalRows},
                                {"mean_abs_error", d.validation->meanAbsError}};
    doc["report"] = std::move(report);
    return QByteArray::fromStdString(doc.dump(2) + "\n");
}

WriteResult writeReportCsv(const ReportData& d, const QString& path, sim::Lang lang) {
    WriteResult r = save(path, comparisonCsv(d, lang).toUtf8(), lang);
    if (!r.ok) return r;
    const QFileInfo info(path);
    QString base = info.fileName();
    if (base.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) base.chop(4);
    const QString sweepPath = info.dir().filePath(base + QStringLiteral(".sweep.csv"));
    WriteResult s = save(sweepPath, sweepCsv(d).toUtf8(), lang);
    if (!s.ok) return s;
    r.files << sweepPath;
    return r;
}

WriteResult writeReportJson(const ReportData& d, const QString& path, sim::Lang lang) {
    return save(path, reportJson(d, lang), lang);
}

} // namespace trainplan::report
