#include <trainplan/ui/measured_runs_model.h>

#include <trainplan/model/plan.h>
#include <trainplan/model/plan_json.h>
#include <trainplan/model/units.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>

#include <QColor>
#include <QDate>
#include <QLocale>
#include <QStringList>

namespace trainplan::ui {

// The stored plan object (scenario `plans[i]` keys) as the plan label every other view shows
// ("Megatron-LM · TP8·PP8·DP16 mb1 ZeRO-1 SP sel"), read by the scenario format's own plan reader;
// the raw keys only when they are not a plan.
QString planSummary(const std::optional<nlohmann::json>& plan) {
    if (!plan || !plan->is_object() || plan->empty()) return QStringLiteral("—");
    if (const std::optional<model::Plan> p = model::parsePlanJson(*plan))
        return QStringLiteral("%1 · %2").arg(frameworkShortName(p->framework),
                                             QString::fromStdString(p->label()));
    QStringList parts;
    for (const auto& [key, value] : plan->items())
        parts << QStringLiteral("%1=%2").arg(
            QString::fromStdString(key),
            QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump()));
    return parts.join(QLatin1Char(' '));
}

void MeasuredRunsModel::setRuns(std::vector<store::MeasuredRun> runs) {
    replaceRows(static_cast<int>(runs.size()), [&] {
        m_runs = std::move(runs);
        m_checks.clear();
        m_unchecked.clear();
        m_pending = !m_runs.empty();
    });
}

void MeasuredRunsModel::setChecks(std::vector<services::RunCheck> checks,
                                  std::map<std::int64_t, std::string> unchecked) {
    replaceRows(rows(), [&] {
        m_checks.clear();
        for (services::RunCheck& c : checks)
            m_checks.emplace(c.runId, std::move(c));
        m_unchecked = std::move(unchecked);
        m_pending = false;
    });
}

const services::RunCheck* MeasuredRunsModel::check(std::int64_t runId) const {
    const auto it = m_checks.find(runId);
    return it == m_checks.end() ? nullptr : &it->second;
}

QString evidenceText(sim::EvidenceLevel level) {
    switch (level) {
    case sim::EvidenceLevel::Validated:
        return MeasuredRunsModel::tr("validated");
    case sim::EvidenceLevel::PartlyValidated:
        return MeasuredRunsModel::tr("partly validated");
    case sim::EvidenceLevel::Extrapolated:
        break;
    }
    return MeasuredRunsModel::tr("extrapolated");
}

QString likelyCauseText(services::LikelyCause cause) {
    return toQString(services::likelyCauseName(cause, advisorLanguage()));
}

namespace {

QString signedPercent(double fraction) {
    return (fraction >= 0 ? QStringLiteral("+") : QString()) + formatPercent(fraction);
}

// The value of a checked metric in its unit: seconds, tokens/s, bytes.
QString metricValue(int column, double v) {
    switch (column) {
    case MeasuredRunsModel::PredictedStepColumn:
        return formatSeconds(v);
    case MeasuredRunsModel::PredictedTokensColumn:
        return QStringLiteral("%1 %2").arg(QLocale().toString(v, 'f', 0),
                                           MeasuredRunsModel::tr("tok/s"));
    default:
        return formatBytes(v);
    }
}

} // namespace

QVariant MeasuredRunsModel::predictedCell(const store::MeasuredRun& r, int column,
                                          int role) const {
    const services::RunCheck* c = check(r.id);
    const std::optional<services::MetricCheck>* m =
        !c                                     ? nullptr
        : column == PredictedStepColumn        ? &c->stepSeconds
        : column == PredictedTokensColumn      ? &c->tokensPerSecondPerGpu
                                               : &c->peakMemoryBytes;
    const bool sort = role == SortRole;
    if (!m || !*m) {
        if (sort) return QVariant(-1.0);
        if (role != Qt::DisplayRole) return {};
        return m_pending ? QStringLiteral("…") : QStringLiteral("—");
    }
    const services::MetricCheck& x = **m;
    if (sort) return x.error();
    if (role == Qt::DisplayRole)
        return tr("%1 (%2)").arg(metricValue(column, x.predicted), signedPercent(x.error()));
    if (role == Qt::ForegroundRole && c->flagged && x.farOutside())
        return QColor(0xc6, 0x28, 0x28);
    if (role == Qt::ToolTipRole)
        return tr("Predicted %1 for this run's scenario and plan; measured %2, error %3.\n"
                  "80% interval %4 – %5 (%6: %7, %n reference run(s)).",
                  nullptr, c->uncertainty.rows)
            .arg(metricValue(column, x.predicted), metricValue(column, x.measured),
                 signedPercent(x.error()), metricValue(column, x.low),
                 metricValue(column, x.high), evidenceText(c->uncertainty.evidence),
                 QString::fromStdString(c->uncertainty.family));
    return {};
}

QVariant MeasuredRunsModel::checkCell(const store::MeasuredRun& r, int role) const {
    const services::RunCheck* c = check(r.id);
    if (!c) {
        const auto why = m_unchecked.find(r.id);
        if (role == Qt::ToolTipRole && why != m_unchecked.end())
            return tr("Not predicted: %1").arg(QString::fromStdString(why->second));
        if (role == SortRole) return QVariant(-1);
        if (role != Qt::DisplayRole) return {};
        return m_pending ? QStringLiteral("…") : tr("not predicted");
    }
    bool outside = false, checked = false;
    for (const auto* m : {&c->stepSeconds, &c->tokensPerSecondPerGpu, &c->peakMemoryBytes}) {
        checked = checked || m->has_value();
        if (*m && !(*m)->insideInterval()) outside = true;
    }
    if (!checked) { // only MFU or TFLOP/s was measured: FLOP conventions differ, nothing to check
        if (role == SortRole) return QVariant(-1);
        if (role == Qt::ToolTipRole)
            return tr("Only MFU or TFLOP/s was measured; each framework counts FLOPs its own way, "
                      "so the run is checked by its step time, tokens/s or memory only.");
        return role == Qt::DisplayRole ? QVariant(tr("not checked (MFU only)")) : QVariant();
    }
    if (role == SortRole) return c->flagged ? 2 : outside ? 1 : 0;
    if (role == Qt::ForegroundRole && c->flagged) return QColor(0xc6, 0x28, 0x28);
    if (role == Qt::DisplayRole)
        return c->flagged ? tr("⚠ far outside the error bar")
               : outside  ? tr("outside the error bar")
                          : tr("✓ within the error bar");
    if (role == Qt::ToolTipRole) {
        QString text = tr("Cluster: %1").arg(QString::fromStdString(c->cluster));
        if (c->flagged) {
            QStringList causes;
            for (const services::CauseShare& k : c->causes)
                causes << (services::isMemoryCause(k.cause)
                               ? tr("%1 (%2 of the predicted peak memory)")
                               : tr("%1 (%2 of the predicted step)"))
                              .arg(likelyCauseText(k.cause), formatPercent(k.share, 0));
            text += QLatin1Char('\n') +
                    (causes.isEmpty()
                         ? tr("Far outside its error bar, and no estimated part of the prediction "
                              "is over 5%: check the plan and the measurement.")
                         : tr("Far outside its error bar. The largest estimated parts of the "
                              "prediction, where the gap most likely comes from: %1.")
                               .arg(causes.join(QStringLiteral("; "))));
        }
        return text;
    }
    return {};
}

std::int64_t MeasuredRunsModel::runId(int row) const {
    return row >= 0 && row < rows() ? m_runs[static_cast<std::size_t>(row)].id : 0;
}

QVariant MeasuredRunsModel::cell(int row, int column, int role) const {
    const store::MeasuredRun& r = m_runs[static_cast<std::size_t>(row)];
    const bool sort = role == SortRole;
    if (column == PredictedStepColumn || column == PredictedTokensColumn ||
        column == PredictedMemoryColumn) {
        if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
        return predictedCell(r, column, role);
    }
    if (column == CheckColumn) return checkCell(r, role);
    if (role == Qt::TextAlignmentRole)
        return column == IdColumn || column == StepColumn || column == TokensColumn ||
                       column == MemoryColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    if (role == Qt::ToolTipRole) {
        if (column == PlanColumn && r.plan) return QString::fromStdString(r.plan->dump());
        if (column == NotesColumn || column == SourceColumn)
            return QString::fromStdString(column == NotesColumn ? r.notes : r.source);
        if (column == ScenarioColumn && !r.scenarioId)
            return tr("Not linked to a stored scenario (an imported published row keeps its model "
                      "name).");
        return {};
    }
    if (role != Qt::DisplayRole && !sort) return {};
    auto number = [&](const std::optional<double>& v, double scale, int decimals,
                      const QString& unit) -> QVariant {
        if (!v) return sort ? QVariant(-1.0) : QVariant(QStringLiteral("—"));
        if (sort) return *v;
        return QStringLiteral("%1 %2").arg(QLocale().toString(*v / scale, 'f', decimals), unit);
    };
    switch (column) {
    case IdColumn:
        return sort ? QVariant(static_cast<qlonglong>(r.id))
                    : QVariant(QLocale().toString(static_cast<qlonglong>(r.id)));
    case ScenarioColumn:
        return QString::fromStdString(r.scenarioName);
    case PlanColumn:
        return planSummary(r.plan);
    case StepColumn:
        return number(r.stepSeconds, 1.0, 3, tr("s"));
    case TokensColumn:
        return number(r.tokensPerSecondPerGpu, 1.0, 0, tr("tok/s"));
    case MemoryColumn:
        return number(r.peakMemoryBytes, model::units::kGiB, 1, tr("GiB"));
    case DateColumn: {
        // Stored as ISO 8601; shown in the interface locale's own short format.
        const QString iso = QString::fromStdString(r.measuredOn.value_or(std::string()));
        const QDate date = QDate::fromString(iso.left(10), Qt::ISODate);
        return sort || !date.isValid() ? QVariant(iso)
                                       : QVariant(QLocale().toString(date, QLocale::ShortFormat));
    }
    case SourceColumn:
        return QString::fromStdString(r.source);
    case NotesColumn:
        return QString::fromStdString(r.notes);
    default:
        return {};
    }
}

QVariant MeasuredRunsModel::header(int column, int role) const {
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case StepColumn:
            return tr("Measured seconds per optimizer step.");
        case TokensColumn:
            return tr("Measured training tokens per second per GPU.");
        case MemoryColumn:
            return tr("Measured peak memory per GPU.");
        case PredictedStepColumn:
        case PredictedTokensColumn:
        case PredictedMemoryColumn:
            return tr("What TrainPlan predicts for the run's scenario and plan (with the "
                      "calibration profile the scenario names), and its error against the "
                      "measurement: (predicted − measured) / measured.");
        case CheckColumn:
            return tr("Whether the measurement lies within the prediction's 80% error bar. A run "
                      "far outside it is flagged with the parts of the prediction the gap most "
                      "likely comes from.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case IdColumn:
        return tr("Id");
    case ScenarioColumn:
        return tr("Scenario");
    case PlanColumn:
        return tr("Plan");
    case StepColumn:
        return tr("Step time");
    case TokensColumn:
        return tr("Tokens/s per GPU");
    case MemoryColumn:
        return tr("Peak memory");
    case PredictedStepColumn:
        return tr("Predicted step");
    case PredictedTokensColumn:
        return tr("Predicted tokens/s");
    case PredictedMemoryColumn:
        return tr("Predicted memory");
    case CheckColumn:
        return tr("Check");
    case DateColumn:
        return tr("Measured on");
    case SourceColumn:
        return tr("Source");
    case NotesColumn:
        return tr("Notes");
    default:
        return {};
    }
}

} // namespace trainplan::ui
