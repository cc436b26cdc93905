// Presentation mode's window: the what-if strip and its background re-estimate, paging with the
// keyboard, and rebuilding the slides (presentation_pages.cpp) when the data or the window's
// height changes.
#include <trainplan/ui/presentation_window.h>

#include "presentation_style.h"

#include <trainplan/report/report_charts.h>
#include <trainplan/ui/debouncer.h>
#include <trainplan/ui/window_text.h>

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

namespace {

using namespace detail;
using services::WindowText;

// Body text is 1/45 of the window height (24 px on a 1080-line screen), never below 14 px.
constexpr double kBodyFractionOfHeight = 1.0 / 45.0;
constexpr int kMinBodyPixels = 14;

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
    , m_hint(new QLabel(winText(WindowText::PresentationHint)))
    , m_indicator(new QLabel)
    , m_debounce(new Debouncer(150, this))
    , m_job(this) {
    setObjectName(QStringLiteral("presentationWindow"));
    setWindowTitle(winText(WindowText::PresentationTitle, {sim::textArg(m_base.name)}));
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
    m_gpus->setToolTip(
        winText(WindowText::WhatIfGpusTip, {sim::countArg(static_cast<double>(perNode))}));
    m_bandwidth->setRange(1, 100000);
    m_bandwidth->setDecimals(0);
    m_bandwidth->setSingleStep(50);
    m_bandwidth->setSuffix(tr(" Gb/s"));
    // Links are stored in bytes/s per direction; NICs are sold in Gb/s.
    m_bandwidth->setValue(m_base.cluster.interNode.bytesPerSecond * 8 / 1e9);
    m_bandwidth->setToolTip(winText(WindowText::WhatIfBandwidthTip));
    for (QAbstractSpinBox* box :
         {static_cast<QAbstractSpinBox*>(m_gpus), static_cast<QAbstractSpinBox*>(m_bandwidth)}) {
        box->setFocusPolicy(Qt::ClickFocus);
        box->setKeyboardTracking(false);
        box->installEventFilter(this);
    }
    m_reset->setFocusPolicy(Qt::NoFocus);
    m_reset->setToolTip(winText(WindowText::WhatIfResetTip));
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
        text = winText(WindowText::Updating);
    } else if (!m_error.isEmpty()) {
        text = winText(WindowText::CouldNotEstimate, {qArg(m_error)});
    } else if (m_whatIf.any() && m_data) {
        // NICs are sold in Gb/s; links are stored in bytes/s per direction.
        const auto gbps = [](const model::Scenario& s) {
            return sim::countArg(s.cluster.interNode.bytesPerSecond * 8 / 1e9);
        };
        text =
            winText(WindowText::WhatIfStatus,
                    {sim::countArg(static_cast<double>(m_data->gpus())), gbps(m_data->scenario),
                     sim::countArg(static_cast<double>(m_base.cluster.gpuCount())), gbps(m_base)});
    } else {
        text = winText(WindowText::ScenarioAsEdited);
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
