#include <trainplan/ui/plans_section.h>

#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/plan_knobs_editor.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainplan::ui {

using services::EditorText;

PlansSection::PlansSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Fixed plans (optional)"), parent)
    , m_doc(doc)
    , m_list(new QListWidget)
    , m_remove(new QPushButton(tr("Remove")))
    , m_knobs(new PlanKnobsEditor(doc)) {
    auto* layout = new QVBoxLayout(this);
    auto* hint = new QLabel(editText(EditorText::PlansHint));
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(hint);
    m_list->setObjectName(QStringLiteral("plansList"));
    m_list->setMaximumHeight(fontMetrics().height() * 6);
    layout->addWidget(m_list);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add plan"));
    add->setToolTip(editText(EditorText::AddPlanTip));
    buttons->addWidget(add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    layout->addLayout(buttons);
    layout->addWidget(m_knobs);
    connect(add, &QPushButton::clicked, this, &PlansSection::addPlan);
    connect(m_remove, &QPushButton::clicked, this, &PlansSection::removePlan);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        m_knobs->setPlanIndex(row);
        m_remove->setEnabled(row >= 0);
    });
    m_remove->setEnabled(false);
}

void PlansSection::refresh() {
    const auto& plans = m_doc->scenario().plans;
    const int current = m_list->currentRow();
    {
        const QSignalBlocker block(m_list);
        m_list->clear();
        for (std::size_t i = 0; i < plans.size(); ++i) {
            auto* item = new QListWidgetItem(QStringLiteral("%1. %2  %3")
                                                 .arg(i + 1)
                                                 .arg(frameworkShortName(plans[i].framework),
                                                      QString::fromStdString(plans[i].label())));
            item->setIcon(QIcon());
            m_list->addItem(item);
        }
        const int row = std::min(current, static_cast<int>(plans.size()) - 1);
        m_list->setCurrentRow(row < 0 && !plans.empty() ? 0 : row);
    }
    m_knobs->setPlanIndex(m_list->currentRow());
    m_remove->setEnabled(m_list->currentRow() >= 0);
    m_knobs->refresh();
}

void PlansSection::selectPlan(int index) {
    m_list->setCurrentRow(index);
}

void PlansSection::addPlan() {
    model::Scenario s = m_doc->scenario();
    model::Plan p;
    p.dp = static_cast<int>(std::max(1LL, s.planGpus()));
    s.plans.push_back(p);
    const int index = static_cast<int>(s.plans.size()) - 1;
    m_doc->edit(tr("Add plan"), QString(), std::move(s));
    selectPlan(index);
}

void PlansSection::removePlan() {
    const int row = m_list->currentRow();
    model::Scenario s = m_doc->scenario();
    if (row < 0 || row >= static_cast<int>(s.plans.size())) return;
    s.plans.erase(s.plans.begin() + row);
    m_doc->edit(editText(EditorText::RemovePlan, {sim::countArg(row + 1)}), QString(),
                std::move(s));
}

} // namespace trainplan::ui
