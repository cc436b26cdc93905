#include <trainplan/ui/measured_runs_model.h>

#include <trainplan/model/units.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/plan_json.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>

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
    replaceRows(static_cast<int>(runs.size()), [&] { m_runs = std::move(runs); });
}

std::int64_t MeasuredRunsModel::runId(int row) const {
    return row >= 0 && row < rows() ? m_runs[static_cast<std::size_t>(row)].id : 0;
}

QVariant MeasuredRunsModel::cell(int row, int column, int role) const {
    const store::MeasuredRun& r = m_runs[static_cast<std::size_t>(row)];
    const bool sort = role == SortRole;
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
