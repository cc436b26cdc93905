#include <trainplan/ui/presentation_window.h>

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/ui/debouncer.h>

#include <QChart>
#include <QChartView>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QDate>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

namespace {

using report::Text;

// The review deck's colours (ui/report/src/deck_writer.cpp), so slides and deck look alike.
const QColor kInk(0x1a, 0x1a, 0x1a);
const QColor kMuted(0x5f, 0x66, 0x70);
const QColor kAccent(0x1f, 0x4e, 0x79);
const QColor kPanel(0xee, 0xf3, 0xf8);
const QColor kStrip(0xf4, 0xf5, 0xf7);

// Body text is 1/45 of the window height (24 px on a 1080-line screen), never below 14 px.
constexpr double kBodyFractionOfHeight = 1.0 / 45.0;
constexpr int kMinBodyPixels = 14;

QFont slideFont(int pixels, bool bold = false) {
    QFont f;
    f.setFamilies(report::reportFontFamilies());
    f.setPixelSize(std::max(8, pixels));
    f.setBold(bold);
    return f;
}

QLabel* textLabel(const QString& text, int pixels, bool bold, const QColor& color,
                  bool wrap = true) {
    auto* label = new QLabel(text);
    label->setFont(slideFont(pixels, bold));
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, color);
    label->setPalette(p);
    label->setWordWrap(wrap);
    label->setTextFormat(Qt::PlainText);
    return label;
}

QFrame* panel(const QColor& edge, int edgePixels, bool top) {
    auto* frame = new QFrame;
    frame->setObjectName(QStringLiteral("slidePanel"));
    frame->setStyleSheet(
        QStringLiteral(
            "QFrame#slidePanel { background: %1; border: none; border-%2: %3px solid %4; }")
            .arg(kPanel.name(), top ? QStringLiteral("top") : QStringLiteral("left"))
            .arg(edgePixels)
            .arg(edge.name()));
    return frame;
}

} // namespace

PresentationWindow::PresentationWindow(model::Scenario scenario,
                                       std::shared_ptr<const model::Catalog> catalog,
                                       sim::Lang lang, std::shared_ptr<services::Planner> planner,
                                       QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_base(std::move(scenario))
    , m_catalog(std::move(catalog))
    , m_planner(planner ? std::move(planner) : std::make_shared<services::Planner>())
    , m_lang(lang)
    , m_stack(new QStackedWidget)
    , m_gpus(new QSpinBox)
    , m_bandwidth(new QDoubleSpinBox)
    , m_reset(new QPushButton(tr("Reset")))
    , m_status(new QLabel)
    , m_hint(new QLabel(tr("← → PgUp PgDn Space: move · Esc: leave")))
    , m_indicator(new QLabel)
    , m_debounce(new Debouncer(150, this))
    , m_job(this) {
    setObjectName(QStringLiteral("presentationWindow"));
    setWindowTitle(tr("%1 — TrainPlan presentation").arg(QString::fromStdString(m_base.name)));
    setFocusPolicy(Qt::StrongFocus);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, Qt::white);
    pal.setColor(QPalette::WindowText, kInk);
    pal.setColor(QPalette::Base, Qt::white);
    pal.setColor(QPalette::Text, kInk);
    setPalette(pal);
    setAutoFillBackground(true);

    const int perNode = std::max(1, m_base.cluster.gpusPerNode);
    m_gpus->setRange(perNode, 1 << 20);
    m_gpus->setSingleStep(perNode);
    m_gpus->setValue(static_cast<int>(m_base.cluster.gpuCount()));
    m_gpus->setToolTip(tr("What if the cluster had this many GPUs (whole nodes of %1)? The "
                          "scenario is not changed.")
                           .arg(perNode));
    m_bandwidth->setRange(1, 100000);
    m_bandwidth->setDecimals(0);
    m_bandwidth->setSingleStep(50);
    m_bandwidth->setSuffix(tr(" Gb/s"));
    // Links are stored in bytes/s per direction; NICs are sold in Gb/s.
    m_bandwidth->setValue(m_base.cluster.interNode.bytesPerSecond * 8 / 1e9);
    m_bandwidth->setToolTip(tr("What if each NIC had this inter-node bandwidth per direction? The "
                               "scenario is not changed."));
    for (QAbstractSpinBox* box :
         {static_cast<QAbstractSpinBox*>(m_gpus), static_cast<QAbstractSpinBox*>(m_bandwidth)}) {
        box->setFocusPolicy(Qt::ClickFocus);
        box->setKeyboardTracking(false);
        box->installEventFilter(this);
    }
    m_reset->setFocusPolicy(Qt::NoFocus);
    m_reset->setToolTip(tr("Back to the scenario's own GPU count and bandwidth."));
    m_stack->setFocusPolicy(Qt::NoFocus);

    auto* strip = new QWidget;
    strip->setObjectName(QStringLiteral("whatIfStrip"));
    strip->setAutoFillBackground(true);
    QPalette stripPalette = strip->palette();
    stripPalette.setColor(QPalette::Window, kStrip);
    strip->setPalette(stripPalette);
    auto* row = new QHBoxLayout(strip);
    row->setContentsMargins(16, 6, 16, 6);
    row->addWidget(new QLabel(tr("What if: GPUs")));
    row->addWidget(m_gpus);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Inter-node bandwidth per NIC")));
    row->addWidget(m_bandwidth);
    row->addWidget(m_reset);
    row->addSpacing(12);
    row->addWidget(m_status, 1);
    row->addWidget(m_hint);
    row->addSpacing(16);
    row->addWidget(m_indicator);
    for (QLabel* l : {m_status, m_hint}) {
        QPalette p = l->palette();
        p.setColor(QPalette::WindowText, kMuted);
        l->setPalette(p);
    }
    m_indicator->setObjectName(QStringLiteral("pageIndicator"));
    // A long what-if status must not squeeze the page number to "1 /": the status gives way.
    m_indicator->setMinimumWidth(
        m_indicator->fontMetrics().horizontalAdvance(QStringLiteral("88 / 88")) + 8);
    m_indicator->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_stack, 1);
    layout->addWidget(strip);

    connect(m_gpus, &QSpinBox::valueChanged, this, &PresentationWindow::whatIfEdited);
    connect(m_bandwidth, &QDoubleSpinBox::valueChanged, this, &PresentationWindow::whatIfEdited);
    connect(m_reset, &QPushButton::clicked, this, [this] { setWhatIf({}); });
    connect(m_debounce, &Debouncer::fired, this, &PresentationWindow::compute);

    rebuild();
    compute();
}

PresentationWindow::~PresentationWindow() {
    m_job.cancel();
}

int PresentationWindow::bodyPixels() const {
    return std::max(kMinBodyPixels,
                    static_cast<int>(std::lround(height() * kBodyFractionOfHeight)));
}

QWidget* PresentationWindow::pageWidget(int page) const {
    return m_stack->widget(page);
}

void PresentationWindow::setPage(int page) {
    page = std::clamp(page, 0, kPageCount - 1);
    if (page == m_page && m_stack->currentIndex() == page) return;
    m_page = page;
    m_stack->setCurrentIndex(page);
    m_indicator->setText(QStringLiteral("%1 / %2").arg(page + 1).arg(kPageCount));
    emit pageChanged(page);
}

void PresentationWindow::nextPage() {
    setPage(m_page + 1);
}
void PresentationWindow::previousPage() {
    setPage(m_page - 1);
}

void PresentationWindow::setWhatIf(const WhatIf& whatIf) {
    m_whatIf = whatIf;
    const model::Scenario s = applyWhatIf(m_base, m_whatIf);
    {
        const QSignalBlocker b1(m_gpus), b2(m_bandwidth);
        m_gpus->setValue(static_cast<int>(s.cluster.gpuCount()));
        m_bandwidth->setValue(s.cluster.interNode.bytesPerSecond * 8 / 1e9);
    }
    m_debounce->cancel();
    compute();
}

void PresentationWindow::whatIfEdited() {
    const int perNode = std::max(1, m_base.cluster.gpusPerNode);
    const int nodes =
        std::max(1, static_cast<int>(std::lround(static_cast<double>(m_gpus->value()) / perNode)));
    m_whatIf.nodes = nodes == m_base.cluster.nodes ? std::nullopt : std::optional<int>(nodes);
    const double bytesPerSecond = m_bandwidth->value() * 1e9 / 8;
    const bool same = std::fabs(bytesPerSecond - m_base.cluster.interNode.bytesPerSecond) < 1e6;
    m_whatIf.interNodeBytesPerSecond = same ? std::nullopt : std::optional<double>(bytesPerSecond);
    m_debounce->trigger();
}

void PresentationWindow::compute() {
    // Without overrides the slides show the scenario as edited (its fixed plans included); with
    // them, the what-if scenario as the Explore tab builds it.
    const model::Scenario scenario = m_whatIf.any() ? applyWhatIf(m_base, m_whatIf) : m_base;
    auto catalog = m_catalog;
    m_job.start(
        [scenario, catalog, planner = m_planner,
         whatIf = m_whatIf.any()](const JobControl& control) {
            // No sizing page: its prices are not needed (the scenario's GPU is already priced by
            // the planning scenario it was opened with).
            return computeReport(scenario, catalog, model::PriceTable{},
                                 whatIf ? ReportDepth::Quick : ReportDepth::Slides, control,
                                 planner.get());
        },
        [this](ReportOutcome outcome) {
            if (outcome.data) {
                m_data = std::move(outcome.data);
                m_error.clear();
                rebuild();
                emit slidesUpdated();
            } else if (!outcome.cancelled) {
                m_error = outcome.error;
            }
            showStatus();
        });
    showStatus();
}

void PresentationWindow::showStatus() {
    QString text;
    if (m_job.isRunning()) {
        text = tr("Updating…");
    } else if (!m_error.isEmpty()) {
        text = tr("Could not estimate: %1").arg(m_error);
    } else if (m_whatIf.any() && m_data) {
        text =
            tr("What-if: %1 GPUs, %2 Gb/s per NIC (the scenario has %3 GPUs, %4 Gb/s)")
                .arg(m_data->gpus())
                .arg(QLocale().toString(m_data->scenario.cluster.interNode.bytesPerSecond * 8 / 1e9,
                                        'f', 0))
                .arg(m_base.cluster.gpuCount())
                .arg(QLocale().toString(m_base.cluster.interNode.bytesPerSecond * 8 / 1e9, 'f', 0));
    } else {
        text = tr("The scenario as edited");
    }
    m_status->setText(text);
    m_status->setToolTip(text); // it may be cut when the strip is narrow
    QFont bold = m_status->font();
    bold.setBold(m_whatIf.any());
    m_status->setFont(bold);
}

void PresentationWindow::rebuild() {
    m_builtForPixels = bodyPixels();
    const QFont stripFont = slideFont(std::max(12, m_builtForPixels * 2 / 3));
    for (QWidget* w : findChildren<QWidget*>(QStringLiteral("whatIfStrip")))
        for (QWidget* child : w->findChildren<QWidget*>())
            child->setFont(stripFont);
    m_indicator->setFont(slideFont(std::max(12, m_builtForPixels * 2 / 3), true));

    while (m_stack->count() > 0) {
        QWidget* w = m_stack->widget(0);
        m_stack->removeWidget(w);
        delete w;
    }
    m_stack->addWidget(summaryPage());
    m_stack->addWidget(comparisonPage());
    m_stack->addWidget(chartPage(report::ChartKind::Memory));
    m_stack->addWidget(chartPage(report::ChartKind::StepTime));
    m_stack->addWidget(chartPage(report::ChartKind::Communication));
    m_stack->addWidget(chartPage(report::ChartKind::Scaling));
    m_stack->addWidget(roadmapPage());
    for (QWidget* w : m_stack->findChildren<QWidget*>())
        w->setFocusPolicy(Qt::NoFocus);
    m_stack->setCurrentIndex(m_page);
    m_indicator->setText(QStringLiteral("%1 / %2").arg(m_page + 1).arg(kPageCount));
}

QWidget* PresentationWindow::frame(const QString& title, QWidget* body) {
    const int px = m_builtForPixels;
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(px * 3, px * 2, px * 3, px);
    layout->setSpacing(px);
    auto* heading = textLabel(title, px * 2, true, kAccent);
    heading->setObjectName(QStringLiteral("slideTitle"));
    layout->addWidget(heading);
    auto* rule = new QFrame;
    rule->setFixedHeight(std::max(2, px / 6));
    rule->setStyleSheet(QStringLiteral("background: %1;").arg(kAccent.name()));
    rule->setFixedWidth(px * 4);
    layout->addWidget(rule);
    if (body) {
        layout->addWidget(body, 1);
    } else {
        auto* waiting = textLabel(m_error.isEmpty() ? tr("Computing…")
                                                    : tr("Could not estimate: %1").arg(m_error),
                                  px, false, kMuted);
        waiting->setAlignment(Qt::AlignCenter);
        layout->addWidget(waiting, 1);
    }
    return page;
}

QWidget* PresentationWindow::summaryPage() {
    const int px = m_builtForPixels;
    const auto t = [this](Text id) { return report::tr(id, m_lang); };
    if (!m_data) return frame(t(Text::SlideRecommendation), nullptr);
    const report::ReportData& d = *m_data;
    const report::Document doc = report::buildReportDocument(d, m_lang);

    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(px / 2);
    v->addWidget(textLabel(report::qs(d.scenario.name), px * 13 / 10, true, kInk));
    QStringList facts;
    for (qsizetype i = 1; i < doc.facts.size() && i <= 2; ++i)
        facts << doc.facts[i].second;
    auto* factsLabel = textLabel(facts.join(QStringLiteral("  ·  ")), px, false, kMuted);
    factsLabel->setObjectName(QStringLiteral("scenarioFacts"));
    v->addWidget(factsLabel);
    v->addSpacing(px / 2);

    const report::ComparedPlan* h = d.headlinePlan();
    const auto [framework, plan, status] = report::recommendationLabel(d, m_lang);
    auto* nameRow = new QHBoxLayout;
    auto* swatch = new QFrame;
    swatch->setFixedSize(px * 2 / 3, px * 2);
    swatch->setStyleSheet(
        QStringLiteral("background: %1;").arg(report::frameworkColor(framework).name()));
    nameRow->addWidget(swatch);
    nameRow->addSpacing(px / 2);
    auto* nameLabel = textLabel(report::frameworkName(framework), px * 2, true, kInk, false);
    nameLabel->setObjectName(QStringLiteral("recommendedFramework"));
    nameRow->addWidget(nameLabel);
    nameRow->addSpacing(px);
    auto* planLabel = textLabel(plan, px * 11 / 10, false, kAccent);
    nameRow->addWidget(planLabel, 1);
    v->addLayout(nameRow);
    if (!status.isEmpty()) v->addWidget(textLabel(status, px * 9 / 10, false, kMuted));
    v->addSpacing(px / 2);

    if (h && h->result.valid) {
        const sim::PlanEstimate& e = h->estimate();
        struct Card {
            const char* id;
            QString label;
            QString value;
        };
        const Card cards[] = {
            {"stepTime", t(Text::KStepTime), report::fmtSeconds(e.time.stepSeconds, m_lang)},
            {"mfu", QStringLiteral("MFU"), report::fmtPercent(e.throughput.mfu, m_lang)},
            {"throughput", t(Text::KThroughput),
             report::fmtTokensPerSecond(e.throughput.tokensPerSecond, m_lang)},
            {"peakMemory", t(Text::ColPeakMemory), report::fmtBytes(e.memory.peakBytes, m_lang)},
            {"timeToTrain", t(Text::ColTimeToTrain),
             report::fmtDuration(e.cost.timeToTrainSeconds, m_lang)},
            {"cost", t(Text::KCost), report::fmtCost(e.cost.usd, m_lang)},
        };
        auto* grid = new QGridLayout;
        grid->setSpacing(px * 2 / 3);
        int column = 0;
        for (const Card& c : cards) {
            QFrame* card = panel(kAccent, std::max(3, px / 5), false);
            auto* cv = new QVBoxLayout(card);
            cv->setContentsMargins(px * 2 / 3, px / 2, px * 2 / 3, px / 2);
            cv->setSpacing(px / 4);
            cv->addWidget(textLabel(c.label, px * 4 / 5, false, kMuted));
            auto* value = textLabel(c.value, px * 17 / 10, true, kInk);
            value->setObjectName(QString::fromLatin1(c.id));
            cv->addWidget(value);
            if (QLatin1String(c.id) == QLatin1String("peakMemory")) // "of 80.0 GiB" under the peak
                cv->addWidget(
                    textLabel(t(Text::KOfCapacity)
                                  .arg(QString(), report::fmtBytes(e.memory.capacityBytes, m_lang))
                                  .trimmed(),
                              px * 4 / 5, false, kMuted));
            cv->addStretch(1);
            grid->addWidget(card, 0, column++);
        }
        v->addLayout(grid);
        v->addSpacing(px / 2);
    }

    if (d.advice && !d.advice->reasons.empty()) {
        v->addWidget(textLabel(t(Text::Why), px, true, kInk));
        for (std::size_t i = 0; i < d.advice->reasons.size() && i < 4; ++i) {
            auto* reason = textLabel(QStringLiteral("•  ") +
                                         report::qs(sim::render(d.advice->reasons[i], m_lang)),
                                     px, false, kInk);
            v->addWidget(reason);
        }
    } else {
        v->addWidget(textLabel(t(Text::NoAdvice), px, false, kMuted));
    }
    v->addStretch(1);
    return frame(t(Text::SlideRecommendation), body);
}

QWidget* PresentationWindow::comparisonPage() {
    const int px = m_builtForPixels;
    const auto t = [this](Text id) { return report::tr(id, m_lang); };
    if (!m_data) return frame(t(Text::SlideComparison), nullptr);
    const report::ReportData& d = *m_data;

    const QStringList header = {t(Text::ColFramework),  t(Text::ColPlan),        t(Text::ColFits),
                                t(Text::ColPeakMemory), t(Text::ColStep),        t(Text::ColMfu),
                                t(Text::ColTokens),     t(Text::ColTimeToTrain), t(Text::ColCost)};
    auto* table =
        new QTableWidget(static_cast<int>(d.compared.size()), static_cast<int>(header.size()));
    table->setObjectName(QStringLiteral("comparisonTable"));
    table->setHorizontalHeaderLabels(header);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setShowGrid(false);
    table->setAlternatingRowColors(true);
    table->setWordWrap(true);
    table->setFrameShape(QFrame::NoFrame);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setFont(slideFont(px * 21 / 20));
    table->horizontalHeader()->setFont(slideFont(px * 9 / 10, true));
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    QPalette tp = table->palette();
    tp.setColor(QPalette::AlternateBase, kPanel);
    table->setPalette(tp);
    for (int r = 0; r < static_cast<int>(d.compared.size()); ++r) {
        const report::ComparedPlan& c = d.compared[static_cast<std::size_t>(r)];
        const sim::PlanEstimate& e = c.estimate();
        QString name = report::comparedLabel(c, m_lang);
        if (c.recommended) name += QStringLiteral(" ★");
        QStringList cells;
        if (!c.result.valid)
            cells = {name, report::qs(e.plan.label()), t(Text::RowInvalid), {}, {}, {}, {}, {}, {}};
        else if (!c.fits()) // it would not run: no time, MFU or cost
            cells = {name,
                     report::qs(e.plan.label()),
                     report::tr(Text::No, m_lang),
                     report::fmtBytes(e.memory.peakBytes, m_lang),
                     QStringLiteral("—"),
                     QStringLiteral("—"),
                     QStringLiteral("—"),
                     QStringLiteral("—"),
                     QStringLiteral("—")};
        else
            cells = {name,
                     report::qs(e.plan.label()),
                     report::tr(Text::Yes, m_lang),
                     report::fmtBytes(e.memory.peakBytes, m_lang),
                     report::fmtSeconds(e.time.stepSeconds, m_lang),
                     report::fmtPercent(e.throughput.mfu, m_lang),
                     report::fmtTokensPerSecond(e.throughput.tokensPerSecond, m_lang),
                     report::fmtDuration(e.cost.timeToTrainSeconds, m_lang),
                     report::fmtCost(e.cost.usd, m_lang)};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setTextAlignment(col >= 3 ? (Qt::AlignRight | Qt::AlignVCenter)
                                            : (Qt::AlignLeft | Qt::AlignVCenter));
            if (c.recommended) {
                QFont f = table->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (col == 0) item->setForeground(report::frameworkColor(c.framework).darker(140));
            table->setItem(r, col, item);
        }
    }
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table->resizeRowsToContents();

    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(table, 1);
    // The same "why not" lines as the deck, the report and the Compare tab.
    for (const QString& line : report::whyNotLines(d, m_lang))
        v->addWidget(textLabel(QStringLiteral("· ") + line, px * 9 / 10, false, kInk));
    if (std::any_of(d.compared.begin(), d.compared.end(),
                    [](const report::ComparedPlan& c) { return c.recommended; }))
        v->addWidget(textLabel(t(Text::MarkRecommended), px * 4 / 5, false, kMuted));
    return frame(t(Text::SlideComparison), body);
}

QWidget* PresentationWindow::chartPage(report::ChartKind kind) {
    const int px = m_builtForPixels;
    const QString title = report::chartTitle(kind, m_lang);
    if (!m_data) return frame(title, nullptr);
    report::ChartStyle style;
    style.lang = m_lang;
    style.fontPixels = std::max(10, px * 4 / 5);
    style.showTitle = false;
    auto* view = new QChartView(report::makeChart(kind, *m_data, style).release());
    view->setObjectName(QStringLiteral("chart_") + report::chartId(kind));
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setBackgroundBrush(Qt::white);

    QString caption;
    switch (kind) {
    case report::ChartKind::Memory:
        caption = report::tr(Text::CapMemory, m_lang);
        break;
    case report::ChartKind::StepTime:
        caption = report::tr(Text::CapStepTime, m_lang);
        break;
    case report::ChartKind::Communication:
        caption = report::tr(Text::CapCommunication, m_lang);
        break;
    case report::ChartKind::Scaling:
        caption = report::tr(Text::CapScaling, m_lang)
                      .arg(report::fmtPercent(m_data->mfuThreshold, m_lang));
        break;
    case report::ChartKind::Crossover:
        caption = report::tr(Text::CapCrossover, m_lang);
        break;
    case report::ChartKind::Pareto:
        caption = report::tr(Text::CapPareto, m_lang);
        break;
    case report::ChartKind::Timeline:
        caption = report::tr(Text::CapTimeline, m_lang).arg(QDate::currentDate().toString(Qt::ISODate));
        break;
    case report::ChartKind::Scenarios:
        caption = report::tr(Text::CapScenarios, m_lang);
        break;
    }
    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(view, 1);
    v->addWidget(textLabel(caption, px * 4 / 5, false, kMuted));
    return frame(title, body);
}

QWidget* PresentationWindow::roadmapPage() {
    const int px = m_builtForPixels;
    const auto t = [this](Text id) { return report::tr(id, m_lang); };
    if (!m_data) return frame(t(Text::SlideRoadmap), nullptr);
    const report::ReportData& d = *m_data;
    auto* body = new QWidget;
    auto* row = new QHBoxLayout(body);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(px);
    if (!d.advice || d.advice->stages.empty()) {
        row->addWidget(textLabel(t(Text::NoAdvice), px, false, kMuted));
        return frame(t(Text::SlideRoadmap), body);
    }
    int number = 0;
    for (const sim::RoadmapStage& r : d.advice->stages) {
        const QColor color = report::frameworkColor(r.framework);
        QFrame* card = panel(color, std::max(4, px / 4), true);
        auto* v = new QVBoxLayout(card);
        v->setContentsMargins(px * 2 / 3, px * 2 / 3, px * 2 / 3, px * 2 / 3);
        v->setSpacing(px / 3);
        v->addWidget(textLabel(QString::number(++number), px * 3 / 2, true, color.darker(130)));
        v->addWidget(textLabel(report::qs(sim::render(r.title, m_lang)), px, true, kInk));
        v->addWidget(textLabel(report::frameworkName(r.framework), px * 9 / 10, false, kAccent));
        const QString status = report::triggerStatus(r.triggerStatus, m_lang);
        v->addWidget(textLabel(t(Text::ColTarget) + QStringLiteral(": ") +
                                   report::stageTarget(r, m_lang),
                               px * 4 / 5, false, kInk));
        v->addWidget(textLabel(t(Text::ColTrigger) + QStringLiteral(": ") +
                                   report::qs(sim::render(r.trigger, m_lang)) +
                                   QStringLiteral(" (") + status + QStringLiteral(")"),
                               px * 4 / 5, false, kInk));
        if (const auto& e = r.estimate)
            v->addWidget(textLabel(report::qs(e->plan.label()) + QStringLiteral("\n") +
                                       report::fmtSeconds(e->time.stepSeconds, m_lang) +
                                       QStringLiteral(" · MFU ") +
                                       report::fmtPercent(e->throughput.mfu, m_lang),
                                   px * 4 / 5, false, kInk));
        else if (r.closest) // it would not run: no time or MFU
            v->addWidget(textLabel(t(Text::CategoryClosest).arg(report::qs(r.closest->plan.label())) +
                                       QStringLiteral(" · ") +
                                       report::fmtBytes(r.closest->memory.peakBytes, m_lang),
                                   px * 4 / 5, false, QColor(0xd3, 0x2f, 0x2f)));
        if (!r.missing.empty())
            v->addWidget(textLabel(t(Text::Prerequisites) + QStringLiteral(": ") +
                                       report::fmtWeeks(r.missingWeeks, m_lang),
                                   px * 4 / 5, false, kMuted));
        v->addStretch(1);
        row->addWidget(card, 1);
    }
    return frame(t(Text::SlideRoadmap), body);
}

bool PresentationWindow::handleKey(int key) {
    switch (key) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        nextPage();
        return true;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        previousPage();
        return true;
    case Qt::Key_Home:
        setPage(0);
        return true;
    case Qt::Key_End:
        setPage(kPageCount - 1);
        return true;
    case Qt::Key_Escape:
        close();
        return true;
    default:
        return false;
    }
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
    if (!handleKey(event->key())) QWidget::keyPressEvent(event);
}

bool PresentationWindow::eventFilter(QObject* watched, QEvent* event) {
    // In the what-if spin boxes Up/Down step the value; the page keys and Esc still present.
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_PageUp || key == Qt::Key_PageDown || key == Qt::Key_Escape)
            return handleKey(key);
    }
    return QWidget::eventFilter(watched, event);
}

void PresentationWindow::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (bodyPixels() != m_builtForPixels) rebuild();
}

void PresentationWindow::mousePressEvent(QMouseEvent* event) {
    setFocus(Qt::MouseFocusReason); // back from the what-if boxes to the slides
    QWidget::mousePressEvent(event);
}

} // namespace trainplan::ui
