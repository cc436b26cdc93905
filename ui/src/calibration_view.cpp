#include <trainplan/ui/calibration_view.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/published_run.h>
#include <trainplan/ui/calibration_models.h>
#include <trainplan/ui/chart_style.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>

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

#include <algorithm>
#include <set>

namespace trainplan::ui {

CalibrationView::CalibrationView(std::shared_ptr<const model::Catalog> catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(std::move(catalog))
    , m_job(this)
    , m_source(new QComboBox)
    , m_memory(new QCheckBox(tr("Peak memory")))
    , m_fitButton(new QPushButton(tr("Fit")))
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
    m_source->addItem(tr("All published runs"), QString());
    m_source->setToolTip(tr("Which published runs to fit. Calibrate on runs of one cluster: one set of values serves "
                            "every run, so mixing GPU generations averages them."));
    bar->addWidget(new QLabel(tr("Runs")));
    bar->addWidget(m_source, 1);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Fit")));
    for (auto p : sim::kAllCalibrationParameters) {
        auto* box = new QCheckBox(toQString(sim::shortName(p)));
        box->setObjectName(QStringLiteral("fit_%1").arg(toQString(sim::shortName(p))));
        box->setChecked(p == sim::CalibrationParameter::GemmEfficiency);
        const auto bounds = sim::defaultBounds(p);
        box->setToolTip(tr("Fit %1 (the scenario's efficiency key), bounded to [%2, %3].")
                            .arg(toQString(sim::efficiencyKey(p)))
                            .arg(bounds.lower)
                            .arg(bounds.upper));
        m_fit.emplace_back(p, box);
        bar->addWidget(box);
    }
    m_memory->setChecked(true);
    m_memory->setToolTip(tr("Also fit peak-memory measurements (they inform the memory overhead only)."));
    bar->addWidget(m_memory);
    m_fitButton->setObjectName(QStringLiteral("calibrationFit"));
    bar->addWidget(m_fitButton);
    layout->addLayout(bar);

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
    m_residualTable->horizontalHeader()->setSectionResizeMode(CalibrationResidualModel::RunColumn, QHeaderView::Interactive);
    m_residualTable->horizontalHeader()->resizeSection(CalibrationResidualModel::RunColumn, 240);
    m_residualTable->horizontalHeader()->setStretchLastSection(true);
    m_chart->setChartTitle(tr("Predicted vs measured: before and after the fit"));
    m_chart->setToolTip(tr("Each measurement (x) against its prediction (y) with the default efficiency (hollow), "
                           "the fitted parameters (filled) and the leave-one-out fit (small); the dashed line is y = x."));
    m_chart->setPlaceholder(tr("Computing…"));

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
    const std::string group = m_source->currentData().toString().toStdString();
    const auto catalog = m_catalog;
    auto cached = m_runs;
    m_summary->setText(tr("Fitting…"));
    m_job.start(
        [catalog, cached, group, options](const JobControl&) {
            Outcome out;
            out.runs = cached;
            if (!out.runs) {
                // The published rows rebuilt as `validate` and `calibrate --runs` rebuild them.
                auto runs = std::make_shared<std::vector<LabelledRun>>();
                const auto load = model::loadPublishedRuns(model::dataDirectory() / "reference" / "published_runs.csv");
                for (const auto& row : load.runs) {
                    const sim::ReferenceCase c = sim::referenceCase(row, *catalog);
                    if (auto run = sim::calibrationRun(c)) runs->push_back({c.group, std::move(*run)});
                }
                out.runs = runs;
            }
            std::vector<sim::CalibrationRun> selected;
            for (const auto& r : *out.runs)
                if (group.empty() || r.group == group) selected.push_back(r.run);
            out.result = std::make_shared<const sim::CalibrationResult>(sim::calibrate(selected, options));
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); });
}

void CalibrationView::showOutcome(Outcome outcome) {
    if (!outcome.result) {
        m_summary->setText(tr("The calibration failed: %1").arg(outcome.error.toHtmlEscaped()));
        return;
    }
    if (!m_runs && outcome.runs) {
        m_runs = outcome.runs;
        std::set<std::string> groups;
        for (const auto& r : *m_runs) groups.insert(r.group);
        for (const auto& g : groups) m_source->addItem(QString::fromStdString(g), QString::fromStdString(g));
    }
    m_result = outcome.result;
    m_parameters->setResult(m_result);
    m_residuals->setResult(m_result);
    const sim::CalibrationResult& r = *m_result;
    QString text;
    if (!r.ok()) {
        QStringList names;
        for (auto p : r.indistinguishable) names << toQString(sim::shortName(p));
        text = tr("<b>Fit refused</b>: %1").arg(QString::fromStdString(r.refusal).toHtmlEscaped());
        if (!names.isEmpty()) text += QStringLiteral(" (%1)").arg(names.join(QStringLiteral(", ")));
    } else {
        text = tr("Mean |error| before <b>%1</b>, after <b>%2</b>, leave-one-out <b>%3</b> (%4 measurements); "
                  "max |error| %5 → %6 (leave-one-out %7). Residual σ %8 with %9 degrees of freedom.")
                   .arg(formatPercent(r.before.meanAbs), formatPercent(r.after.meanAbs),
                        formatPercent(r.leaveOneOut.meanAbs))
                   .arg(r.after.count)
                   .arg(formatPercent(r.before.maxAbs), formatPercent(r.after.maxAbs), formatPercent(r.leaveOneOut.maxAbs),
                        formatPercent(r.residualSigma))
                   .arg(r.degreesOfFreedom);
    }
    for (const auto& w : r.warnings) text += QStringLiteral("<br>⚠ ") + QString::fromStdString(w).toHtmlEscaped();
    m_summary->setText(text);
    drawChart();
    emit resultShown();
}

void CalibrationView::drawChart() {
    QChart* c = m_chart->chart();
    clearChart(c);
    if (!m_result || m_result->residuals.empty()) {
        m_chart->setPlaceholder(tr("No measurements"));
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
        if (fitted && r.leaveOneOut && *r.leaveOneOut > 0) loo << QPointF(r.measured, *r.leaveOneOut);
    }
    if (hi <= 0) return;
    auto axis = [&](const QString& title) {
        auto* a = new QLogValueAxis;
        a->setBase(10);
        a->setLabelFormat(QStringLiteral("%g"));
        a->setTitleText(title);
        a->setRange(lo / 1.3, hi * 1.3);
        a->setMinorTickCount(8);
        a->setMinorGridLineVisible(false);
        return a;
    };
    auto* x = axis(tr("Measured (metric's unit)"));
    auto* y = axis(tr("Predicted"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    auto add = [&](QXYSeries* s) {
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    };
    auto* diagonal = new QLineSeries;
    diagonal->setName(tr("y = x"));
    QPen pen(palette().color(QPalette::Text));
    pen.setStyle(Qt::DashLine);
    diagonal->setPen(pen);
    diagonal->replace(QList<QPointF>{{lo / 1.3, lo / 1.3}, {hi * 1.3, hi * 1.3}});
    add(diagonal);
    const QColor beforeColor = componentColor(0), afterColor = componentColor(1), looColor = componentColor(2);
    auto scatter = [&](const QString& name, const QList<QPointF>& points, const QColor& color, bool hollow, qreal size) {
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
    scatter(tr("Before"), before, beforeColor, true, 11);
    scatter(tr("After"), after, afterColor, false, 9);
    scatter(tr("Leave-one-out"), loo, looColor, false, 5);
    m_chart->applyPalette();
}

QString CalibrationView::summaryText() const { return m_summary->text(); }

} // namespace trainplan::ui
