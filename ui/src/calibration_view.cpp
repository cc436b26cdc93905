#include <trainplan/ui/calibration_view.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/published_run.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/calibration_models.h>
#include <trainplan/ui/chart_style.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <map>
#include <set>

namespace trainplan::ui {

CalibrationView::CalibrationView(std::shared_ptr<const model::Catalog> catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(std::move(catalog))
    , m_job(this)
    , m_source(new QComboBox)
    , m_memory(new QCheckBox(validationMetricLabel(sim::ValidationMetric::PeakMemoryGiB)))
    , m_fitButton(new QPushButton(tr("Fit")))
    , m_saveProfile(new QPushButton(tr("Save as profile…")))
    , m_profile(new QComboBox)
    , m_profileNote(new QLabel)
    , m_summary(new QLabel)
    , m_parameters(new CalibrationParameterModel(this))
    , m_residuals(new CalibrationResidualModel(this))
    , m_parameterTable(new QTableView)
    , m_residualTable(new QTableView)
    , m_chart(new ChartView) {
    setObjectName(QStringLiteral("calibrationView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto* bar = new QHBoxLayout;
    m_source->setObjectName(QStringLiteral("calibrationSource"));
    m_source->setToolTip(calText(sim::CalText::SourceTip));
    reloadSources(); // also limits its width: cluster and scenario names are long
    bar->addWidget(new QLabel(tr("Runs")));
    bar->addWidget(m_source, 1);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Fit")));
    for (auto p : sim::kAllCalibrationParameters) {
        auto* box = new QCheckBox(toQString(sim::shortName(p)));
        box->setObjectName(QStringLiteral("fit_%1").arg(toQString(sim::shortName(p))));
        box->setChecked(p == sim::CalibrationParameter::GemmEfficiency);
        const auto bounds = sim::defaultBounds(p);
        box->setToolTip(calText(sim::CalText::FitParameterTip,
                                {sim::textArg(std::string(sim::efficiencyKey(p))),
                                 sim::decimalArg(bounds.lower), sim::decimalArg(bounds.upper)}));
        m_fit.emplace_back(p, box);
        bar->addWidget(box);
    }
    m_memory->setChecked(true);
    m_memory->setToolTip(calText(sim::CalText::FitMemoryTip));
    bar->addWidget(m_memory);
    m_fitButton->setObjectName(QStringLiteral("calibrationFit"));
    bar->addWidget(m_fitButton);
    layout->addLayout(bar);

    auto* profiles = new QHBoxLayout;
    m_saveProfile->setObjectName(QStringLiteral("calibrationSaveProfile"));
    m_saveProfile->setToolTip(calText(sim::CalText::SaveProfileTip));
    m_saveProfile->setEnabled(false);
    profiles->addWidget(m_saveProfile);
    profiles->addSpacing(12);
    profiles->addWidget(new QLabel(viewText(services::PlanViewText::UseProfileForScenario)));
    m_profile->setObjectName(QStringLiteral("calibrationProfile"));
    m_profile->setToolTip(calText(sim::CalText::UseProfileTip));
    m_profile->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    profiles->addWidget(m_profile);
    m_profileNote->setObjectName(QStringLiteral("calibrationProfileNote"));
    m_profileNote->setForegroundRole(QPalette::PlaceholderText);
    profiles->addWidget(m_profileNote, 1);
    layout->addLayout(profiles);
    reloadProfiles();

    m_summary->setObjectName(QStringLiteral("calibrationSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    layout->addWidget(m_summary);

    for (QTableView* t : {m_parameterTable, m_residualTable}) {
        t->setAlternatingRowColors(true);
        t->verticalHeader()->hide();
        t->setWordWrap(false);
        t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    }
    m_parameterTable->setModel(m_parameters);
    m_residualTable->setModel(m_residuals);
    m_residualTable->horizontalHeader()->setSectionResizeMode(CalibrationResidualModel::RunColumn,
                                                              QHeaderView::Interactive);
    m_residualTable->horizontalHeader()->resizeSection(CalibrationResidualModel::RunColumn, 240);
    m_residualTable->horizontalHeader()->setStretchLastSection(true);
    m_chart->setChartTitle(calText(sim::CalText::FitChartTitle));
    m_chart->setToolTip(calText(sim::CalText::FitChartTip));
    m_chart->setPlaceholder(calText(sim::CalText::Computing));

    auto* left = new QSplitter(Qt::Vertical);
    left->addWidget(m_parameterTable);
    left->addWidget(m_residualTable);
    left->setSizes({90, 600});
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_chart);
    split->setSizes({820, 400});
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    connect(m_fitButton, &QPushButton::clicked, this, &CalibrationView::fit);
    connect(m_source, &QComboBox::activated, this, &CalibrationView::fit);
    connect(m_saveProfile, &QPushButton::clicked, this, &CalibrationView::saveProfileDialog);
    connect(m_profile, &QComboBox::activated, this,
            [this](int index) { useProfile(m_profile->itemData(index).toString()); });
}

void CalibrationView::setLibrary(LibraryStore* library, ScenarioDocument* document) {
    m_library = library;
    m_document = document;
    if (m_library) {
        connect(m_library, &LibraryStore::changed, this, &CalibrationView::reloadProfiles);
        connect(m_library, &LibraryStore::profilesChanged, this, &CalibrationView::reloadProfiles);
        connect(m_library, &LibraryStore::changed, this, &CalibrationView::reloadSources);
        connect(m_library, &LibraryStore::runsChanged, this, &CalibrationView::reloadSources);
    }
    if (m_document)
        connect(m_document, &ScenarioDocument::scenarioChanged, this,
                &CalibrationView::reloadProfiles);
    reloadProfiles();
    reloadSources();
}

void CalibrationView::reloadSources() {
    const int current = m_source->currentIndex();
    const QVariant currentKind =
        current >= 0 ? m_source->itemData(current, SourceKindRole) : QVariant();
    const QString currentKey = current >= 0 ? m_source->itemData(current).toString() : QString();
    m_source->clear();
    auto add = [this](const QString& text, const QString& key, SourceKind kind) {
        m_source->addItem(text, key);
        m_source->setItemData(m_source->count() - 1, static_cast<int>(kind), SourceKindRole);
    };
    add(calText(sim::CalText::SourceAllPublished), QString(), SourceKind::Published);
    if (m_runs) {
        std::set<std::string> groups;
        for (const auto& r : *m_runs)
            groups.insert(r.group);
        for (const auto& g : groups)
            add(QString::fromStdString(g), QString::fromStdString(g), SourceKind::Published);
    }
    if (store::Store* st = m_library ? m_library->store() : nullptr) {
        try {
            std::size_t total = 0;
            std::map<std::string, std::size_t> perScenario; // linked runs per stored scenario
            for (const store::MeasuredRun& r : st->runs()) {
                ++total;
                if (r.scenarioId) ++perScenario[r.scenarioName];
            }
            // The runs per cluster ("fit this cluster"): cheap, no plan is searched here.
            const std::vector<std::pair<std::string, int>> perCluster =
                total > 0 ? services::storedRunClusters(services::readStoredRunRecords(*st))
                          : std::vector<std::pair<std::string, int>>{};
            if (total > 0) {
                m_source->insertSeparator(m_source->count());
                add(calText(sim::CalText::SourceLibraryAll,
                            {sim::countArg(static_cast<double>(total))}),
                    QString(), SourceKind::Library);
                for (const auto& [name, count] : perScenario)
                    add(calText(sim::CalText::SourceLibraryScenario,
                                {sim::textArg(name), sim::countArg(static_cast<double>(count))}),
                        QString::fromStdString(name), SourceKind::Library);
                for (const auto& [cluster, count] : perCluster)
                    add(calText(sim::CalText::SourceCluster,
                                {sim::textArg(cluster), sim::countArg(count)}),
                        QString::fromStdString(cluster), SourceKind::Cluster);
            }
        } catch (const std::exception& e) {
            m_profileNote->setText(
                calText(sim::CalText::RunsUnreadable, {sim::textArg(errorText(e))}));
        }
    }
    int index = 0;
    for (int i = 0; currentKind.isValid() && i < m_source->count(); ++i)
        if (m_source->itemData(i, SourceKindRole) == currentKind &&
            m_source->itemData(i).toString() == currentKey)
            index = i;
    m_source->setCurrentIndex(index);
    limitComboWidth(m_source, 30);
}

bool CalibrationView::selectClusterSource(const QString& cluster) {
    for (int i = 0; i < m_source->count(); ++i) {
        if (m_source->itemData(i, SourceKindRole) == static_cast<int>(SourceKind::Cluster) &&
            m_source->itemData(i).toString() == cluster) {
            m_source->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

bool CalibrationView::selectLibrarySource(const QString& scenario) {
    for (int i = 0; i < m_source->count(); ++i) {
        if (m_source->itemData(i, SourceKindRole) == static_cast<int>(SourceKind::Library) &&
            m_source->itemData(i).toString() == scenario) {
            m_source->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

QCheckBox* CalibrationView::parameterBox(sim::CalibrationParameter p) const {
    for (const auto& [parameter, box] : m_fit)
        if (parameter == p) return box;
    return nullptr;
}

void CalibrationView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!m_result && !m_job.isRunning()) fit();
}

void CalibrationView::fit() {
    sim::CalibrationOptions options;
    for (const auto& [p, box] : m_fit)
        if (box->isChecked()) options.parameters.push_back(p);
    options.useMemory = m_memory->isChecked();
    const QVariant kind = m_source->currentData(SourceKindRole);
    if (kind == static_cast<int>(SourceKind::Library) ||
        kind == static_cast<int>(SourceKind::Cluster)) {
        const std::string key = m_source->currentData().toString().toStdString();
        services::StoredRunFilter filter;
        if (kind == static_cast<int>(SourceKind::Cluster))
            filter.cluster = key;
        else if (!key.empty())
            filter.scenarioName = key;
        fitLibraryRuns(options, filter);
        return;
    }
    const std::string group = m_source->currentData().toString().toStdString();
    const auto catalog = m_catalog;
    auto cached = m_runs;
    m_summary->setText(calText(sim::CalText::Fitting));
    m_job.start(
        [catalog, cached, group, options](const JobControl&) {
            Outcome out;
            out.runs = cached;
            if (!out.runs) {
                // The published rows rebuilt as `validate` and `calibrate --runs` rebuild them.
                auto runs = std::make_shared<std::vector<LabelledRun>>();
                const auto load = model::loadPublishedRuns(model::dataDirectory() / "reference" /
                                                           "published_runs.csv");
                for (const auto& row : load.runs) {
                    const sim::ReferenceCase c = sim::referenceCase(row, *catalog);
                    if (auto run = sim::calibrationRun(c))
                        runs->push_back({c.group, std::move(*run)});
                }
                out.runs = runs;
            }
            std::vector<sim::CalibrationRun> selected;
            for (const auto& r : *out.runs)
                if (group.empty() || r.group == group) selected.push_back(r.run);
            out.result =
                std::make_shared<const sim::CalibrationResult>(sim::calibrate(selected, options));
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); });
}

void CalibrationView::fitLibraryRuns(const sim::CalibrationOptions& options,
                                     const services::StoredRunFilter& filter) {
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) {
        showMessage(calText(sim::CalText::NoLibraryToFit).toHtmlEscaped());
        return;
    }
    // The records are read here (SQLite, cheap); the runs are made in the job, where a published
    // row's plan is searched as `validate` searches it.
    auto records = std::make_shared<services::StoredRunRecords>();
    try {
        *records = services::readStoredRunRecords(*st, filter);
    } catch (const std::exception& e) {
        showMessage(
            calText(sim::CalText::RunsUnreadable, {sim::textArg(errorText(e))}).toHtmlEscaped());
        return;
    }
    m_summary->setText(calText(sim::CalText::Fitting));
    const sim::Lang language = advisorLanguage();
    m_job.start(
        [records, filter, options, language](const JobControl&) {
            Outcome out;
            services::StoredCalibrationRuns loaded = services::calibrationRunsOf(*records, filter);
            if (!loaded.problems.empty()) {
                QStringList lines;
                for (const services::StoredRunNote& p : loaded.problemNotes)
                    lines << QString::fromStdString(p.text(language));
                out.message =
                    calText(sim::CalText::FixBeforeFitting, {qArg(lines.join(QLatin1Char('\n')))})
                        .toHtmlEscaped()
                        .replace(QLatin1Char('\n'), QStringLiteral("<br>"));
                return out;
            }
            if (loaded.runs.empty()) {
                out.message = calText(sim::CalText::NoRunsToFit).toHtmlEscaped();
                for (const services::StoredRunNote& why : loaded.skippedNotes)
                    out.message += QStringLiteral("<br>• ") +
                                   QString::fromStdString(why.text(language)).toHtmlEscaped();
                return out;
            }
            out.result = std::make_shared<const sim::CalibrationResult>(
                sim::calibrate(loaded.runs, options));
            for (const services::StoredRunNote& why : loaded.skippedNotes)
                out.skipped.push_back(why.text(language));
            return out;
        },
        [this](Outcome outcome) {
            if (!outcome.message.isEmpty())
                showMessage(outcome.message);
            else
                showOutcome(std::move(outcome));
        });
}

void CalibrationView::showMessage(const QString& html) {
    m_job.cancel();
    m_result.reset();
    m_parameters->setResult(nullptr);
    m_residuals->setResult(nullptr);
    m_saveProfile->setEnabled(false);
    m_summary->setText(html);
    drawChart();
    emit resultShown();
}

void CalibrationView::showOutcome(Outcome outcome) {
    if (!outcome.result) {
        m_summary->setText(
            calText(sim::CalText::CalibrationFailed, {qArg(outcome.error)}).toHtmlEscaped());
        return;
    }
    if (!m_runs && outcome.runs) {
        m_runs = outcome.runs;
        reloadSources();
    }
    m_result = outcome.result;
    m_saveProfile->setEnabled(m_library && m_library->store() && m_result->ok());
    m_parameters->setResult(m_result);
    m_residuals->setResult(m_result);
    const sim::CalibrationResult& r = *m_result;
    QString text;
    if (!r.ok()) {
        QStringList names;
        for (auto p : r.indistinguishable)
            names << toQString(sim::shortName(p));
        // The reason in the interface's language; the simulator's English text, with its
        // technical detail, is the tooltip.
        QString reason;
        switch (r.refusalKind) {
        case sim::CalibrationRefusal::Undetermined:
            reason = calText(sim::CalText::RefusedUndetermined);
            break;
        case sim::CalibrationRefusal::Underdetermined:
            reason = calText(sim::CalText::RefusedUnderdetermined);
            break;
        case sim::CalibrationRefusal::Indistinguishable:
            reason = calText(sim::CalText::RefusedIndistinguishable);
            break;
        case sim::CalibrationRefusal::NothingToFit:
            reason = calText(sim::CalText::RefusedNothingToFit);
            break;
        case sim::CalibrationRefusal::NoMeasurements:
            reason = calText(sim::CalText::RefusedNoMeasurements);
            break;
        case sim::CalibrationRefusal::EmptyBounds:
            reason = calText(sim::CalText::RefusedEmptyBounds);
            break;
        case sim::CalibrationRefusal::RaisesError:
            reason = calText(sim::CalText::RefusedRaisesError,
                             {sim::percentArg(r.before.meanAbs), sim::percentArg(r.after.meanAbs)});
            break;
        case sim::CalibrationRefusal::None:
            reason = QString::fromStdString(r.refusal);
            break;
        }
        if (!names.isEmpty())
            reason = calText(sim::CalText::Parenthesized,
                             {qArg(reason), qArg(names.join(QStringLiteral(", ")))});
        text = calText(sim::CalText::FitRefused, {qArg(reason)}).toHtmlEscaped();
    } else {
        // The same lines as `trainplan-cli calibrate` prints under its tables.
        QStringList lines;
        for (const std::string& line : sim::calibrationSummaryLines(r, advisorLanguage()))
            lines << QString::fromStdString(line).toHtmlEscaped();
        text = lines.join(QStringLiteral("<br>"));
    }
    for (const auto& w : r.warnings)
        text += QStringLiteral("<br>⚠ ") + renderMessage(w).toHtmlEscaped();
    if (!outcome.skipped.empty()) {
        text += QStringLiteral("<br>") +
                calText(sim::CalText::RunsNotUsed,
                        {sim::countArg(static_cast<double>(outcome.skipped.size()))})
                    .toHtmlEscaped();
        for (const auto& why : outcome.skipped)
            text += QStringLiteral("<br>• ") + QString::fromStdString(why).toHtmlEscaped();
    }
    m_summary->setText(text);
    m_summary->setToolTip(r.ok() ? QString() : QString::fromStdString(r.refusal));
    drawChart();
    emit resultShown();
}

void CalibrationView::drawChart() {
    QChart* c = m_chart->chart();
    clearChart(c);
    if (!m_result || m_result->residuals.empty()) {
        m_chart->setPlaceholder(calText(sim::CalText::NoMeasurements));
        return;
    }
    m_chart->setPlaceholder(QString());
    const bool fitted = m_result->ok();
    QList<QPointF> before, after, loo;
    double lo = 1e300, hi = 0;
    for (const auto& r : m_result->residuals) {
        if (r.measured <= 0 || r.before <= 0) continue;
        before << QPointF(r.measured, r.before);
        lo = std::min({lo, r.measured, r.before});
        hi = std::max({hi, r.measured, r.before});
        if (fitted && r.after > 0) {
            after << QPointF(r.measured, r.after);
            lo = std::min(lo, r.after);
            hi = std::max(hi, r.after);
        }
        if (fitted && r.leaveOneOut && *r.leaveOneOut > 0)
            loo << QPointF(r.measured, *r.leaveOneOut);
    }
    if (hi <= 0) return;
    // A log scale when the measurements span more than a decade (mixed metrics); otherwise a
    // linear one, which labels a narrow range better than a log axis with one tick.
    const bool logScale = hi / lo > 10;
    const double axisLo = logScale ? lo / 1.3 : std::max(0.0, lo - 0.1 * (hi - lo));
    const double axisHi = logScale ? hi * 1.3 : hi + 0.1 * (hi - lo);
    auto axis = [&](const QString& title) -> QAbstractAxis* {
        if (!logScale) {
            auto* a = new QValueAxis;
            a->setLabelFormat(QStringLiteral("%g"));
            a->setTitleText(title);
            a->setRange(axisLo, axisHi);
            a->applyNiceNumbers();
            return a;
        }
        auto* a = new QLogValueAxis;
        a->setBase(10);
        a->setLabelFormat(QStringLiteral("%g"));
        a->setTitleText(title);
        a->setRange(axisLo, axisHi);
        a->setMinorTickCount(8);
        a->setMinorGridLineVisible(false);
        return a;
    };
    auto* x = axis(calText(sim::CalText::AxisMeasured));
    auto* y = axis(calText(sim::CalText::AxisPredicted));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    auto add = [&](QXYSeries* s) {
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    };
    auto* diagonal = new QLineSeries;
    diagonal->setName(calText(sim::CalText::Diagonal));
    QPen pen(palette().color(QPalette::Text));
    pen.setStyle(Qt::DashLine);
    diagonal->setPen(pen);
    const double diagLo = logScale ? axisLo : 0.0;
    diagonal->replace(QList<QPointF>{{diagLo, diagLo}, {axisHi * 1.3, axisHi * 1.3}});
    add(diagonal);
    const QColor beforeColor = componentColor(0), afterColor = componentColor(1),
                 looColor = componentColor(2);
    auto scatter = [&](const QString& name, const QList<QPointF>& points, const QColor& color,
                       bool hollow, qreal size) {
        if (points.isEmpty()) return;
        auto* s = new QScatterSeries;
        s->setName(name);
        s->setMarkerSize(size);
        s->setColor(hollow ? QColor(Qt::transparent) : color);
        s->setBorderColor(color);
        QPen p(color);
        p.setWidthF(hollow ? 2.0 : 1.0);
        s->setPen(p);
        s->replace(points);
        add(s);
    };
    scatter(calText(sim::CalText::ColBefore), before, beforeColor, true, 11);
    scatter(calText(sim::CalText::ColAfter), after, afterColor, false, 9);
    scatter(calText(sim::CalText::ColLeaveOneOut), loo, looColor, false, 5);
    m_chart->applyPalette();
}

QString CalibrationView::summaryText() const {
    return m_summary->text();
}

} // namespace trainplan::ui
