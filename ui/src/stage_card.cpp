#include <trainplan/ui/stage_card.h>

#include <trainplan/simulator/readiness_fit.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace trainplan::ui {

using model::TriggerKind;
using services::PlanViewText;

namespace {

QLabel* wrapped(const QString& text, QWidget* parent = nullptr) {
    auto* l = new QLabel(text, parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    return l;
}

QString estimateLine(const sim::PlanEstimate& e) {
    return QString::fromStdString(e.plan.label()).toHtmlEscaped() + QStringLiteral("<br>") +
           viewText(PlanViewText::EstimateLine,
                    {secondsArg(e.time.stepSeconds), sim::percentArg(e.throughput.mfu),
                     durationArg(e.cost.timeToTrainSeconds), qArg(formatCost(e.cost.usd))})
               .toHtmlEscaped();
}

} // namespace

double StageCard::toDisplay(TriggerKind kind, double value) {
    switch (kind) {
    case TriggerKind::MfuBelow:
        return value * 100;
    case TriggerKind::CostAbove:
        return value * displayUnits().currencyPerUsd;
    default:
        return value;
    }
}

double StageCard::fromDisplay(TriggerKind kind, double shown) {
    switch (kind) {
    case TriggerKind::MfuBelow:
        return shown / 100;
    case TriggerKind::CostAbove:
        return shown / displayUnits().currencyPerUsd;
    default:
        return shown;
    }
}

StageCardContent stageCardContent(int index, const sim::RoadmapStage& r) {
    StageCardContent c;
    c.index = index;
    c.units = displayUnits();
    c.color = frameworkColor(r.framework).name();
    c.title =
        QStringLiteral("<b>%1. %2</b>").arg(index + 1).arg(renderMessage(r.title).toHtmlEscaped());
    if (!r.searched)
        c.excluded = QStringLiteral("<i>%1</i>")
                         .arg(viewText(PlanViewText::ExcludedByConstraints,
                                       {qArg(frameworkName(r.framework))})
                                  .toHtmlEscaped());
    c.automaticFramework =
        viewText(PlanViewText::AutomaticFramework, {qArg(frameworkShortName(r.framework))});
    c.chosenFramework = r.stage.framework;
    c.target =
        viewText(PlanViewText::StageTarget,
                 {sim::textArg(r.targetModelName), qArg(formatParameters(r.targetParameters)),
                  sim::countArg(static_cast<double>(r.targetGpus))})
            .toHtmlEscaped();
    if (r.estimate) {
        c.plan = estimateLine(*r.estimate);
        if (r.planFromStage)
            c.plan += QStringLiteral("<br><i>%1</i>").arg(StageCard::tr("the stage's own plan"));
    } else if (r.closest) {
        c.plan = viewText(PlanViewText::ClosestNeeds,
                          {qArg(QStringLiteral("<span style='color:#d32f2f'>%1</span>")
                                    .arg(viewText(PlanViewText::DoesNotFit))),
                           qArg(QString::fromStdString(r.closest->plan.label()).toHtmlEscaped()),
                           qArg(formatBytes(r.closest->memory.peakBytes))});
    } else {
        c.plan = StageCard::tr("no valid plan");
    }
    c.triggerKind = r.stage.trigger.kind;
    c.triggerValue = r.stage.trigger.value;
    QString status;
    switch (r.triggerStatus) {
    case sim::TriggerStatus::Met:
        status = QStringLiteral("<span style='color:#2e7d32'>%1</span>")
                     .arg(viewText(PlanViewText::ReachedToday));
        break;
    case sim::TriggerStatus::NotMet:
        status = QStringLiteral("<span style='color:#9e9e9e'>%1</span>")
                     .arg(viewText(PlanViewText::NotReachedYet));
        break;
    case sim::TriggerStatus::Manual:
        status = viewText(PlanViewText::TeamDecision);
        break;
    }
    c.trigger = QStringLiteral("%1 — %2").arg(renderMessage(r.trigger).toHtmlEscaped(), status);
    if (!r.stage.prerequisites.empty())
        c.prerequisitesHead =
            QStringLiteral("<b>%1</b> — %2")
                .arg(viewText(PlanViewText::Prerequisites),
                     r.missing.empty()
                         ? viewText(PlanViewText::AllInPlace)
                         : viewText(PlanViewText::MissingAbout,
                                    {sim::countArg(static_cast<double>(r.missing.size())),
                                     weeksArg(r.missingWeeks)}));
    for (const auto& p : r.stage.prerequisites) {
        StageCardContent::Prerequisite box;
        box.text = p.item ? readinessItemLabel(*p.item) : QString();
        if (!p.text.empty())
            box.text = box.text.isEmpty()
                           ? QString::fromStdString(p.text)
                           : box.text + QStringLiteral(" — ") + QString::fromStdString(p.text);
        box.done = p.done;
        if (p.item) {
            const sim::ItemEffort effort = sim::itemEffort(*p.item);
            box.tip = viewText(PlanViewText::PrerequisiteEffortTip,
                               {qArg(readinessItemWhy(*p.item)), weeksArg(effort.weeks),
                                sim::textArg(std::string(
                                    sim::difficultyLabel(effort.difficulty, advisorLanguage())))});
        } else {
            box.tip = viewText(PlanViewText::PrerequisiteTip);
        }
        c.prerequisites.push_back(std::move(box));
    }
    // Expected gain and the advisor's notes.
    QStringList gain;
    if (r.speedup)
        gain << viewText(PlanViewText::FasterThan,
                         {factorArg(*r.speedup),
                          qArg(r.previousFramework ? frameworkShortName(*r.previousFramework)
                                                   : QString())})
                    .toHtmlEscaped();
    if (r.usdSaved && *r.usdSaved > 0)
        gain << viewText(PlanViewText::Saves, {qArg(formatCurrency(*r.usdSaved))}).toHtmlEscaped();
    if (!r.stage.expectedGain.text.empty())
        gain << QString::fromStdString(r.stage.expectedGain.text).toHtmlEscaped();
    if (!gain.isEmpty())
        c.gain =
            viewText(PlanViewText::LabelValue,
                     {qArg(QStringLiteral("<b>%1</b>").arg(viewText(PlanViewText::ExpectedGain))),
                      qArg(gain.join(QStringLiteral("; ")))});
    QString notes;
    for (const auto& n : r.notes)
        notes += QStringLiteral("<li>%1</li>").arg(renderMessage(n).toHtmlEscaped());
    if (!notes.isEmpty())
        c.notes = QStringLiteral("<ul style='margin-left:-20px'>%1</ul>").arg(notes);
    return c;
}

StageCard::StageCard(const StageCardContent& c, QWidget* parent)
    : QFrame(parent)
    , m_index(c.index)
    , m_content(c)
    , m_framework(new QComboBox)
    , m_triggerKind(new QComboBox)
    , m_threshold(new QDoubleSpinBox) {
    setObjectName(QStringLiteral("stageCard%1").arg(c.index));
    setFrameShape(QFrame::StyledPanel);
    setFixedWidth(300);
    setStyleSheet(
        QStringLiteral(
            "#%1 { border: 1px solid palette(mid); border-top: 5px solid %2; border-radius: 4px; }")
            .arg(objectName(), c.color));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(6);

    auto* title = wrapped(c.title);
    title->setObjectName(QStringLiteral("stageTitle"));
    layout->addWidget(title);
    if (!c.excluded.isEmpty()) layout->addWidget(wrapped(c.excluded));

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setLabelAlignment(Qt::AlignRight);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_framework->setObjectName(QStringLiteral("stageFramework"));
    m_framework->addItem(c.automaticFramework, QString());
    for (auto f : model::kAllFrameworks)
        m_framework->addItem(frameworkName(f), toQString(model::toString(f)));
    m_framework->setCurrentIndex(
        c.chosenFramework ? m_framework->findData(toQString(model::toString(*c.chosenFramework)))
                          : 0);
    m_framework->setToolTip(viewText(PlanViewText::StageFrameworkTip));
    connect(m_framework, &QComboBox::activated, this, [this](int i) {
        const QString v = m_framework->itemData(i).toString();
        emit frameworkChanged(m_index, v.isEmpty() ? std::nullopt
                                                   : model::frameworkFromString(v.toStdString()));
    });
    form->addRow(tr("Framework"), m_framework);
    form->addRow(tr("Target"), wrapped(c.target));
    auto* planLabel = wrapped(c.plan);
    planLabel->setObjectName(QStringLiteral("stagePlan"));
    form->addRow(tr("Plan"), planLabel);
    layout->addLayout(form);

    // Trigger: kind, threshold and whether it has fired for the scenario as it is today.
    auto* triggerRow = new QHBoxLayout;
    m_triggerKind->setObjectName(QStringLiteral("stageTrigger"));
    m_triggerKind->addItem(tr("Out of memory"), QStringLiteral("oom"));
    m_triggerKind->addItem(tr("MFU below"), QStringLiteral("mfu_below"));
    m_triggerKind->addItem(tr("Cost above"), QStringLiteral("cost_above"));
    m_triggerKind->addItem(tr("GPUs above"), QStringLiteral("gpus_above"));
    m_triggerKind->addItem(tr("Team decision"), QStringLiteral("manual"));
    m_triggerKind->setCurrentIndex(
        m_triggerKind->findData(toQString(model::toString(c.triggerKind))));
    m_triggerKind->setToolTip(viewText(PlanViewText::StageTriggerTip));
    m_threshold->setObjectName(QStringLiteral("stageThreshold"));
    m_threshold->setKeyboardTracking(false);
    configureThreshold(c.triggerKind, c.triggerValue);
    connect(m_triggerKind, &QComboBox::activated, this, [this](int i) {
        const auto kind =
            model::triggerKindFromString(m_triggerKind->itemData(i).toString().toStdString());
        if (kind) emit triggerChanged(m_index, *kind, 0, true);
    });
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        const auto kind =
            model::triggerKindFromString(m_triggerKind->currentData().toString().toStdString());
        if (kind) emit triggerChanged(m_index, *kind, fromDisplay(*kind, shown), false);
    });
    triggerRow->addWidget(m_triggerKind, 1);
    triggerRow->addWidget(m_threshold, 1);
    layout->addLayout(triggerRow);
    auto* trigger = wrapped(c.trigger);
    trigger->setObjectName(QStringLiteral("stageTriggerText"));
    layout->addWidget(trigger);

    // Prerequisites checklist.
    if (!c.prerequisitesHead.isEmpty()) layout->addWidget(wrapped(c.prerequisitesHead));
    for (std::size_t i = 0; i < c.prerequisites.size(); ++i) {
        const StageCardContent::Prerequisite& p = c.prerequisites[i];
        auto* box = new QCheckBox(p.text);
        box->setObjectName(QStringLiteral("stagePrerequisite%1").arg(i));
        box->setChecked(p.done);
        box->setToolTip(p.tip);
        const int pi = static_cast<int>(i);
        connect(box, &QCheckBox::toggled, this,
                [this, pi](bool done) { emit prerequisiteToggled(m_index, pi, done); });
        m_prerequisites.push_back(box);
        layout->addWidget(box);
    }

    if (!c.gain.isEmpty()) {
        auto* g = wrapped(c.gain);
        g->setObjectName(QStringLiteral("stageGain"));
        layout->addWidget(g);
    }
    if (!c.notes.isEmpty()) {
        auto* n = wrapped(c.notes);
        n->setObjectName(QStringLiteral("stageNotes"));
        n->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(n);
    }
    layout->addStretch();
}

void StageCard::configureThreshold(TriggerKind kind, double value) {
    m_threshold->blockSignals(true);
    m_threshold->setEnabled(kind == TriggerKind::MfuBelow || kind == TriggerKind::CostAbove ||
                            kind == TriggerKind::GpusAbove);
    switch (kind) {
    case TriggerKind::MfuBelow:
        m_threshold->setRange(1, 100);
        m_threshold->setDecimals(1);
        m_threshold->setSingleStep(1);
        m_threshold->setPrefix(QString());
        m_threshold->setSuffix(QStringLiteral(" %"));
        m_threshold->setToolTip(viewText(PlanViewText::MfuBelowTip));
        break;
    case TriggerKind::CostAbove:
        m_threshold->setRange(0, 1e12);
        m_threshold->setDecimals(0);
        m_threshold->setSingleStep(10000);
        m_threshold->setPrefix(displayUnits().currencySymbol);
        m_threshold->setSuffix(QString());
        m_threshold->setToolTip(viewText(PlanViewText::CostAboveTip));
        break;
    case TriggerKind::GpusAbove:
        m_threshold->setRange(1, 1e7);
        m_threshold->setDecimals(0);
        m_threshold->setSingleStep(8);
        m_threshold->setPrefix(QString());
        m_threshold->setSuffix(tr(" GPUs"));
        m_threshold->setToolTip(viewText(PlanViewText::GpusAboveTip));
        break;
    case TriggerKind::Oom:
    case TriggerKind::Manual:
        m_threshold->setRange(0, 0);
        m_threshold->setPrefix(QString());
        m_threshold->setSuffix(QString());
        m_threshold->setSpecialValueText(QStringLiteral("—"));
        m_threshold->setToolTip(viewText(PlanViewText::NoThresholdTip));
        break;
    }
    m_threshold->setValue(toDisplay(kind, value));
    m_threshold->blockSignals(false);
}

} // namespace trainplan::ui
