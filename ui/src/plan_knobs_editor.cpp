#include <trainplan/ui/plan_knobs_editor.h>

#include <trainplan/model/plan.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QFormLayout>
#include <QSpinBox>

namespace trainplan::ui {

using model::Plan;
using model::Scenario;
using services::EditorText;

PlanKnobsEditor::PlanKnobsEditor(ScenarioDocument* doc, QWidget* parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_binder(new FieldBinder(doc, this)) {
    auto* form = makeForm(this);
    form->setContentsMargins(0, 0, 0, 0);
    // Reads and writes the selected plan; an index out of range (after an undo) is inert.
    auto plan = [this](const Scenario& s) -> Plan {
        return m_index >= 0 && m_index < static_cast<int>(s.plans.size())
                   ? s.plans[static_cast<std::size_t>(m_index)]
                   : Plan{};
    };
    auto edit = [this](Scenario& s, const std::function<void(Plan&)>& change) {
        if (m_index < 0 || m_index >= static_cast<int>(s.plans.size())) return;
        Plan& p = s.plans[static_cast<std::size_t>(m_index)];
        change(p);
    };
    // dp follows the other degrees so dp·tp·pp·cp stays the GPUs a plan uses when it can.
    auto fitDp = [](const Scenario& s, Plan& p) {
        const long long modelParallel = static_cast<long long>(p.tp) * p.pp * p.cp;
        if (modelParallel > 0 && s.planGpus() % modelParallel == 0)
            p.dp = static_cast<int>(s.planGpus() / modelParallel);
    };

    auto* framework = new QComboBox;
    for (model::Framework f : model::kAllFrameworks)
        framework->addItem(frameworkName(f), toQString(model::toString(f)));
    framework->setToolTip(fieldHelp("plan.framework"));
    form->addRow(
        fieldLabel("plan.framework"),
        m_binder->bindChoice(
            framework, QStringLiteral("framework"), tr("framework"),
            [plan](const Scenario& s) { return toQString(model::toString(plan(s).framework)); },
            [edit](Scenario& s, const QString& v) {
                edit(s, [&](Plan& p) {
                    if (auto f = model::frameworkFromString(v.toStdString())) p.framework = *f;
                });
            }));

    auto degree = [&](const char* key, const QString& label, const QString& tip, int Plan::*member,
                      bool reshapes) {
        auto* spin = makeIntSpin(1, 1000000, tip);
        form->addRow(label, m_binder->bindInt(
                                spin, QLatin1String(key), label,
                                [plan, member](const Scenario& s) { return plan(s).*member; },
                                [edit, member, reshapes, fitDp](Scenario& s, int v) {
                                    edit(s, [&](Plan& p) {
                                        p.*member = v;
                                        if (reshapes) fitDp(s, p);
                                    });
                                }));
    };
    degree("tp", fieldLabel("plan.tp"), fieldHelp("plan.tp"), &Plan::tp, true);
    degree("pp", fieldLabel("plan.pp"), fieldHelp("plan.pp"), &Plan::pp, true);
    degree("vpp", fieldLabel("plan.vpp"), fieldHelp("plan.vpp"), &Plan::vpp, false);
    degree("cp", fieldLabel("plan.cp"), fieldHelp("plan.cp"), &Plan::cp, true);
    degree("ep", fieldLabel("plan.ep"), fieldHelp("plan.ep"), &Plan::ep, false);
    // Megatron-LM --expert-tensor-parallel-size: 0 (shown as "same as TP") is Megatron's default.
    auto* etp = makeIntSpin(0, 1000000, fieldHelp("plan.etp"));
    etp->setSpecialValueText(tr("same as TP"));
    form->addRow(
        fieldLabel("plan.etp"),
        m_binder->bindInt(
            etp, QStringLiteral("etp"), fieldLabel("plan.etp"),
            [plan](const Scenario& s) { return plan(s).etp; },
            [edit](Scenario& s, int v) { edit(s, [&](Plan& p) { p.etp = v == p.tp ? 0 : v; }); }));
    degree("dp", fieldLabel("plan.dp"), fieldHelp("plan.dp"), &Plan::dp, false);
    degree("micro_batch", fieldLabel("plan.micro_batch"), fieldHelp("plan.micro_batch"),
           &Plan::microBatch, false);

    auto* zero = new QComboBox;
    zero->addItem(editText(EditorText::ZeroReplicated), QStringLiteral("0"));
    zero->addItem(editText(EditorText::ZeroOptimizerStates), QStringLiteral("1"));
    zero->addItem(editText(EditorText::ZeroGradients), QStringLiteral("2"));
    zero->addItem(editText(EditorText::ZeroParameters), QStringLiteral("3"));
    zero->setToolTip(fieldHelp("plan.zero_stage"));
    form->addRow(fieldLabel("plan.zero_stage"),
                 m_binder->bindChoice(
                     zero, QStringLiteral("zero_stage"), fieldLabel("plan.zero_stage"),
                     [plan](const Scenario& s) { return QString::number(plan(s).zeroStage); },
                     [edit](Scenario& s, const QString& v) {
                         edit(s, [&](Plan& p) { p.zeroStage = v.toInt(); });
                     }));

    auto* recompute = new QComboBox;
    recompute->addItem(tr("None"), QStringLiteral("none"));
    recompute->addItem(tr("Selective (attention)"), QStringLiteral("selective"));
    recompute->addItem(tr("Full (whole layers)"), QStringLiteral("full"));
    recompute->setToolTip(fieldHelp("plan.recompute"));
    form->addRow(
        fieldLabel("plan.recompute"),
        m_binder->bindChoice(
            recompute, QStringLiteral("recompute"), tr("recompute"),
            [plan](const Scenario& s) { return toQString(model::toString(plan(s).recompute)); },
            [edit](Scenario& s, const QString& v) {
                edit(s, [&](Plan& p) {
                    if (auto r = model::recomputeFromString(v.toStdString())) p.recompute = *r;
                    if (p.recompute != model::Recompute::Full) p.recomputeLayers = 0;
                    if (p.recompute != model::Recompute::Selective) p.recomputeModules = 0;
                });
            }));
    auto* recomputeLayers = makeIntSpin(0, 1000000, fieldHelp("plan.recompute_layers"));
    recomputeLayers->setSpecialValueText(tr("every layer"));
    form->addRow(fieldLabel("plan.recompute_layers"),
                 m_binder->bindInt(
                     recomputeLayers, QStringLiteral("recompute_layers"),
                     tr("recomputed layers per chunk"),
                     [plan](const Scenario& s) { return plan(s).recomputeLayers; },
                     [edit](Scenario& s, int v) {
                         edit(s, [&](Plan& p) {
                             p.recomputeLayers = v;
                             if (v > 0) p.recompute = model::Recompute::Full;
                         });
                     }));

    // Megatron-LM --recompute-modules: space- or comma-separated module names.
    auto* modules = new QLineEdit;
    modules->setPlaceholderText(tr("core_attn (Megatron's default)"));
    {
        // Known names only, separated by spaces or commas (model::recompute_module::kNames).
        QStringList names;
        for (const auto& n : model::recompute_module::kNames) names << toQString(n.name);
        const QString name = QStringLiteral("(%1)").arg(names.join(QLatin1Char('|')));
        modules->setValidator(new QRegularExpressionValidator(
            QRegularExpression(QStringLiteral("^[\\s,]*(%1([\\s,]+%1)*)?[\\s,]*$").arg(name)),
            modules));
    }
    modules->setToolTip(fieldHelp("plan.recompute_modules"));
    form->addRow(
        fieldLabel("plan.recompute_modules"),
        m_binder->bindText(
            modules, QStringLiteral("recompute_modules"), tr("recomputed modules"),
            [plan](const Scenario& s) {
                return toQString(model::recompute_module::join(plan(s).recomputeModules, " "));
            },
            [edit](Scenario& s, const QString& v) {
                unsigned bits = 0;
                for (const QString& word :
                     v.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts))
                    if (auto bit = model::recompute_module::fromString(word.toStdString()))
                        bits |= *bit;
                edit(s, [&](Plan& p) {
                    p.recomputeModules = bits;
                    if (bits != 0) p.recompute = model::Recompute::Selective;
                });
            }));

    auto* offload = new QComboBox;
    offload->addItem(tr("None"), QStringLiteral("none"));
    offload->addItem(tr("CPU"), QStringLiteral("cpu"));
    offload->addItem(tr("NVMe"), QStringLiteral("nvme"));
    offload->setToolTip(fieldHelp("plan.offload"));
    form->addRow(
        fieldLabel("plan.offload"),
        m_binder->bindChoice(
            offload, QStringLiteral("offload"), tr("offload"),
            [plan](const Scenario& s) { return toQString(model::toString(plan(s).offload)); },
            [edit](Scenario& s, const QString& v) {
                edit(s, [&](Plan& p) {
                    if (auto o = model::offloadFromString(v.toStdString())) p.offload = *o;
                });
            }));

    auto flag = [&](const char* key, const QString& label, const QString& tip, bool Plan::*member) {
        auto* box = new QCheckBox(label);
        box->setToolTip(tip);
        form->addRow(QString(), m_binder->bindBool(
                                    box, QLatin1String(key), label,
                                    [plan, member](const Scenario& s) { return plan(s).*member; },
                                    [edit, member](Scenario& s, bool v) {
                                        edit(s, [&](Plan& p) { p.*member = v; });
                                    }));
    };
    flag("sequence_parallel", fieldLabel("plan.sequence_parallel"),
         fieldHelp("plan.sequence_parallel"), &Plan::sequenceParallel);
    flag("sharding", fieldLabel("plan.sharding"), fieldHelp("plan.sharding"), &Plan::hybridShard);
    flag("offload_params", fieldLabel("plan.offload_params"), fieldHelp("plan.offload_params"),
         &Plan::offloadParams);
    flag("tp_comm_overlap", fieldLabel("plan.tp_comm_overlap"), fieldHelp("plan.tp_comm_overlap"),
         &Plan::tpCommOverlap);
    flag("ep_comm_overlap", fieldLabel("plan.ep_comm_overlap"), fieldHelp("plan.ep_comm_overlap"),
         &Plan::epCommOverlap);
    auto* dispatcher = new QComboBox;
    dispatcher->addItem(QStringLiteral("all-to-all (NCCL)"), QStringLiteral("alltoall"));
    dispatcher->addItem(QStringLiteral("flex (DeepEP / HybridEP)"), QStringLiteral("flex"));
    dispatcher->setToolTip(fieldHelp("plan.moe_dispatcher"));
    limitComboWidth(dispatcher, 14);
    form->addRow(
        fieldLabel("plan.moe_dispatcher"),
        m_binder->bindChoice(
            dispatcher, QStringLiteral("moe_dispatcher"), fieldLabel("plan.moe_dispatcher"),
            [plan](const Scenario& s) { return toQString(model::toString(plan(s).moeDispatcher)); },
            [edit](Scenario& s, const QString& v) {
                edit(s, [&](Plan& p) {
                    if (auto d = model::moeDispatcherFromString(v.toStdString()))
                        p.moeDispatcher = *d;
                });
            }));
    setPlanIndex(-1);
}

void PlanKnobsEditor::setPlanIndex(int index) {
    m_index = index;
    m_binder->setPathPrefix(index >= 0 ? QStringLiteral("plans[%1].").arg(index) : QString());
    m_binder->setActive(index >= 0 && index < static_cast<int>(m_doc->scenario().plans.size()));
}

void PlanKnobsEditor::refresh() {
    if (m_index >= static_cast<int>(m_doc->scenario().plans.size())) setPlanIndex(-1);
    m_binder->refresh();
}

} // namespace trainplan::ui
