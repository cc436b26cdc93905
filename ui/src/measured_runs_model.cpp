#include <trainplan/ui/measured_runs_model.h>

#include <trainplan/model/plan.h>
#include <trainplan/model/plan_json.h>
#include <trainplan/simulator/number_format.h>
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
    return toQString(services::evidenceName(level, advisorLanguage()));
}

QString likelyCauseText(services::LikelyCause cause) {
    return toQString(services::likelyCauseName(cause, advisorLanguage()));
}

namespace {

// The value of a checked metric in its unit: seconds, tokens/s, bytes.
QString metricValue(int column, double v) {
    switch (column) {
    case MeasuredRunsModel::PredictedStepColumn:
        return formatSeconds(v);
    case MeasuredRunsModel::PredictedTokensColumn:
        return toQString(sim::formatTokensPerSecond(v, advisorLanguage()));
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
        return runsText(services::RunText::Parenthesized,
                        {qArg(metricValue(column, x.predicted)), sim::signedPercentArg(x.error())});
    if (role == Qt::ForegroundRole && c->flagged && x.farOutside())
        return QColor(0xc6, 0x28, 0x28);
    if (role == Qt::ToolTipRole)
        return runsText(services::RunText::PredictedCellTip,
                        {qArg(metricValue(column, x.predicted)),
                         qArg(metricValue(column, x.measured)), sim::signedPercentArg(x.error()),
                         qArg(metricValue(column, x.low)), qArg(metricValue(column, x.high)),
                         qArg(evidenceText(c->uncertainty.evidence)),
                         sim::textArg(c->uncertainty.family),
                         sim::countArg(static_cast<double>(c->uncertainty.rows))});
    return {};
}

QVariant MeasuredRunsModel::checkCell(const store::MeasuredRun& r, int role) const {
    const services::RunCheck* c = check(r.id);
    if (!c) {
        const auto why = m_unchecked.find(r.id);
        if (role == Qt::ToolTipRole && why != m_unchecked.end())
            return runsText(services::RunText::NotPredictedWhy, {sim::textArg(why->second)});
        if (role == SortRole) return QVariant(-1);
        if (role != Qt::DisplayRole) return {};
        return m_pending ? QStringLiteral("…") : runsText(services::RunText::NotPredicted);
    }
    bool outside = false, checked = false;
    for (const auto* m : {&c->stepSeconds, &c->tokensPerSecondPerGpu, &c->peakMemoryBytes}) {
        checked = checked || m->has_value();
        if (*m && !(*m)->insideInterval()) outside = true;
    }
    if (!checked) { // only MFU or TFLOP/s was measured: FLOP conventions differ, nothing to check
        if (role == SortRole) return QVariant(-1);
        if (role == Qt::ToolTipRole) return runsText(services::RunText::MfuOnlyTip);
        return role == Qt::DisplayRole ? QVariant(runsText(services::RunText::NotCheckedMfuOnly))
                                       : QVariant();
    }
    if (role == SortRole) return c->flagged ? 2 : outside ? 1 : 0;
    if (role == Qt::ForegroundRole && c->flagged) return QColor(0xc6, 0x28, 0x28);
    if (role == Qt::DisplayRole)
        return c->flagged ? QStringLiteral("⚠ ") + runsText(services::RunText::FarOutside)
               : outside  ? runsText(services::RunText::Outside)
                          : QStringLiteral("✓ ") + runsText(services::RunText::Within);
    if (role == Qt::ToolTipRole) {
        QString text = runsText(services::RunText::ClusterTip, {sim::textArg(c->cluster)});
        if (c->flagged)
            text += QLatin1Char('\n') +
                    QString::fromStdString(services::flaggedRunText(*c, advisorLanguage()));
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
            return runsText(services::RunText::NotLinkedTip);
        return {};
    }
    if (role != Qt::DisplayRole && !sort) return {};
    // The measurement in the one number style of every surface (number_format.h).
    auto number = [&](const std::optional<double>& v, auto format) -> QVariant {
        if (!v) return sort ? QVariant(-1.0) : QVariant(QStringLiteral("—"));
        if (sort) return *v;
        return format(*v);
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
        return number(r.stepSeconds, [](double v) { return formatSeconds(v); });
    case TokensColumn:
        return number(r.tokensPerSecondPerGpu, [](double v) {
            return toQString(sim::formatTokensPerSecond(v, advisorLanguage()));
        });
    case MemoryColumn:
        return number(r.peakMemoryBytes, [](double v) { return formatBytes(v); });
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
            return runsText(services::RunText::StepTip);
        case TokensColumn:
            return runsText(services::RunText::TokensTip);
        case MemoryColumn:
            return runsText(services::RunText::MemoryTip);
        case PredictedStepColumn:
        case PredictedTokensColumn:
        case PredictedMemoryColumn:
            return runsText(services::RunText::PredictedTip);
        case CheckColumn:
            return runsText(services::RunText::CheckTip);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case IdColumn:
        return runsText(services::RunText::ColId);
    case ScenarioColumn:
        return runsText(services::RunText::ColScenario);
    case PlanColumn:
        return calText(sim::CalText::ColPlan);
    case StepColumn:
        return runsText(services::RunText::ColStepTime);
    case TokensColumn:
        return runsText(services::RunText::ColTokens);
    case MemoryColumn:
        return runsText(services::RunText::ColPeakMemory);
    case PredictedStepColumn:
        return runsText(services::RunText::ColPredictedStep);
    case PredictedTokensColumn:
        return runsText(services::RunText::ColPredictedTokens);
    case PredictedMemoryColumn:
        return runsText(services::RunText::ColPredictedMemory);
    case CheckColumn:
        return runsText(services::RunText::ColCheck);
    case DateColumn:
        return runsText(services::RunText::ColMeasuredOn);
    case SourceColumn:
        return calText(sim::CalText::ColSource);
    case NotesColumn:
        return runsText(services::RunText::ColNotes);
    default:
        return {};
    }
}

} // namespace trainplan::ui
