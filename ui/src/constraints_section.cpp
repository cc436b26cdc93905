#include <trainplan/ui/constraints_section.h>

#include <trainplan/model/constraints_spec.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSpinBox>

#include <algorithm>
#include <limits>

namespace trainplan::ui {

using model::Framework;
using model::Scenario;
using services::EditorText;

namespace {

constexpr Framework kFrameworks[] = {Framework::Ddp, Framework::Fsdp, Framework::DeepSpeed,
                                     Framework::Megatron};

// An empty list means every framework (docs/scenario-format.md, constraints.frameworks).
bool allows(const Scenario& s, Framework f) {
    const auto& list = s.constraints.frameworks;
    return list.empty() || std::find(list.begin(), list.end(), f) != list.end();
}

void setAllowed(Scenario& s, Framework f, bool allowed) {
    std::vector<Framework> next;
    for (Framework g : kFrameworks)
        if (g == f ? allowed : allows(s, g)) next.push_back(g);
    // All four, or none left (the last one cannot be unticked: it reads back as all four), is
    // written as the empty list the format defines as "all".
    if (next.size() == std::size(kFrameworks)) next.clear();
    s.constraints.frameworks = std::move(next);
}

} // namespace

ConstraintsSection::ConstraintsSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Constraints"), parent)
    , m_binder(new FieldBinder(doc, this)) {
    setObjectName(QStringLiteral("constraintsSection"));
    auto* form = makeForm(this);

    auto* maxGpus = makeIntSpin(0, 10'000'000, fieldHelp("constraints.max_gpus"));
    maxGpus->setSpecialValueText(tr("no limit"));
    form->addRow(fieldLabel("constraints.max_gpus"),
                 m_binder->bindInt(
                     maxGpus, QStringLiteral("constraints.max_gpus"), tr("maximum GPUs"),
                     [](const Scenario& s) {
                         return static_cast<int>(std::min<long long>(
                             s.constraints.maxGpus.value_or(0), std::numeric_limits<int>::max()));
                     },
                     [](Scenario& s, int v) {
                         if (v > 0)
                             s.constraints.maxGpus = v;
                         else
                             s.constraints.maxGpus.reset();
                     }));

    auto* headroom = makeDoubleSpin(0.0, 90.0, 1, fieldHelp("constraints.memory_headroom"), 1.0);
    headroom->setSuffix(QStringLiteral(" %"));
    form->addRow(
        fieldLabel("constraints.memory_headroom"),
        m_binder->bindDouble(
            headroom, QStringLiteral("constraints.memory_headroom"), tr("memory headroom"),
            [](const Scenario& s) { return s.constraints.memoryHeadroomFraction * 100.0; },
            [](Scenario& s, double v) { s.constraints.memoryHeadroomFraction = v / 100.0; }));

    auto* frameworks = new QWidget;
    auto* row = new QHBoxLayout(frameworks);
    row->setContentsMargins(0, 0, 0, 0);
    for (Framework f : kFrameworks) {
        auto* box = new QCheckBox(frameworkShortName(f));
        box->setToolTip(editText(EditorText::FrameworkAllowedTip, {qArg(frameworkName(f))}));
        const QString field =
            QStringLiteral("constraints.frameworks.") + toQString(model::toString(f));
        row->addWidget(m_binder->bindBool(
            box, field, frameworkName(f), [f](const Scenario& s) { return allows(s, f); },
            [f](Scenario& s, bool v) { setAllowed(s, f, v); }));
    }
    row->addStretch();
    form->addRow(tr("Frameworks"), frameworks);

    auto* deadline = makeDoubleSpin(0.0, 1e6, 1, fieldHelp("constraints.deadline_days"), 5.0);
    deadline->setSpecialValueText(tr("none"));
    deadline->setSuffix(tr(" days"));
    form->addRow(fieldLabel("constraints.deadline_days"),
                 m_binder->bindDouble(
                     deadline, QStringLiteral("constraints.deadline_days"), tr("deadline"),
                     [](const Scenario& s) { return s.constraints.deadlineDays.value_or(0.0); },
                     [](Scenario& s, double v) {
                         if (v > 0)
                             s.constraints.deadlineDays = v;
                         else
                             s.constraints.deadlineDays.reset();
                     }));

    auto* budget = makeDoubleSpin(0.0, 1e15, 0, fieldHelp("constraints.budget"), 100000.0);
    budget->setSpecialValueText(tr("none"));
    auto* currency = new QComboBox;
    currency->addItem(QStringLiteral("USD"), QStringLiteral("USD"));
    currency->addItem(QStringLiteral("CNY"), QStringLiteral("CNY"));
    currency->setToolTip(editText(EditorText::CurrencyTip));
    auto* money = new QWidget;
    auto* moneyRow = new QHBoxLayout(money);
    moneyRow->setContentsMargins(0, 0, 0, 0);
    moneyRow->addWidget(m_binder->bindDouble(
                            budget, QStringLiteral("constraints.budget"), tr("budget"),
                            [](const Scenario& s) { return s.constraints.budget.value_or(0.0); },
                            [](Scenario& s, double v) {
                                if (v > 0)
                                    s.constraints.budget = v;
                                else
                                    s.constraints.budget.reset();
                            }),
                        1);
    moneyRow->addWidget(m_binder->bindChoice(
        currency, QStringLiteral("constraints.budget_currency"), tr("budget currency"),
        [](const Scenario& s) { return toQString(model::toString(s.constraints.budgetCurrency)); },
        [](Scenario& s, const QString& v) {
            if (auto c = model::currencyFromString(v.toStdString()))
                s.constraints.budgetCurrency = *c;
        }));
    form->addRow(fieldLabel("constraints.budget"), money);
}

void ConstraintsSection::refresh() {
    m_binder->refresh();
}

} // namespace trainplan::ui
