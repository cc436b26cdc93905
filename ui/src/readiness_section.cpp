#include <trainplan/ui/readiness_section.h>

#include <trainplan/simulator/readiness_fit.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QTextDocument>

namespace trainplan::ui {

using model::Scenario;
using services::EditorText;
using services::PlanViewText;

namespace {

// "What it means" and "why it matters" as one tooltip.
QString explain(const QString& means, const QString& matters) {
    return QStringLiteral("<p>%1</p><p><i>%2</i></p>")
        .arg(means.toHtmlEscaped(),
             editText(EditorText::WhyItMatters, {qArg(matters)}).toHtmlEscaped());
}

// The same, with why it matters in the words the advisor and the report use for the item.
QString explain(const QString& means, model::ReadinessItem item) {
    return explain(means, readinessItemWhy(item));
}

} // namespace

ReadinessSection::ReadinessSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Team and platform readiness"), parent)
    , m_doc(doc)
    , m_binder(new FieldBinder(doc, this))
    , m_needs(new QLabel) {
    setObjectName(QStringLiteral("readinessGroup"));
    auto* form = makeForm(this);

    auto* intro = new QLabel(editText(EditorText::ReadinessIntro));
    intro->setWordWrap(true);
    intro->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(intro);

    auto* experience = new QComboBox;
    experience->addItem(editText(EditorText::ExperienceSingleNode), QStringLiteral("single_node"));
    experience->addItem(editText(EditorText::ExperienceDdp), QStringLiteral("ddp"));
    experience->addItem(editText(EditorText::ExperienceZeroFsdp), QStringLiteral("zero_fsdp"));
    experience->addItem(editText(EditorText::ExperienceThreeD), QStringLiteral("three_d"));
    experience->setToolTip(
        explain(editText(EditorText::ExperienceHelp), editText(EditorText::ExperienceWhy)));
    form->addRow(
        tr("Team experience"),
        m_binder->bindChoice(
            experience, QStringLiteral("team.experience"), tr("team experience"),
            [](const Scenario& s) { return toQString(model::toString(s.team.experience)); },
            [](Scenario& s, const QString& v) {
                if (auto e = model::teamExperienceFromString(v.toStdString()))
                    s.team.experience = *e;
            }));

    auto* debug = new QComboBox;
    debug->addItem(tr("No"), QStringLiteral("none"));
    debug->addItem(tr("Hangs and NCCL errors"), QStringLiteral("hangs"));
    debug->addItem(tr("Hangs and performance"), QStringLiteral("performance"));
    debug->setToolTip(explain(editText(EditorText::DebugHelp), editText(EditorText::DebugWhy)));
    form->addRow(
        tr("Debugs distributed jobs"),
        m_binder->bindChoice(
            debug, QStringLiteral("team.debug_distributed"), tr("distributed debugging"),
            [](const Scenario& s) { return toQString(model::toString(s.team.debugDistributed)); },
            [](Scenario& s, const QString& v) {
                if (auto d = model::debugSkillFromString(v.toStdString()))
                    s.team.debugDistributed = *d;
            }));

    auto addBool = [&](const QString& field, const QString& text, const QString& label,
                       const QString& means, model::ReadinessItem matters,
                       bool model::TeamProfile::*teamMember,
                       bool model::PlatformProfile::*platformMember) {
        auto* box = new QCheckBox(text);
        box->setToolTip(explain(means, matters));
        form->addRow(QString(), m_binder->bindBool(
                                    box, field, label,
                                    [=](const Scenario& s) {
                                        return teamMember ? s.team.*teamMember
                                                          : s.platform.*platformMember;
                                    },
                                    [=](Scenario& s, bool v) {
                                        if (teamMember)
                                            s.team.*teamMember = v;
                                        else
                                            s.platform.*platformMember = v;
                                    }));
    };
    addBool(QStringLiteral("team.maintain_versions"), editText(EditorText::MaintainVersions),
            tr("version maintenance"), editText(EditorText::MaintainVersionsHelp),
            model::ReadinessItem::MaintainVersions, &model::TeamProfile::maintainVersions, nullptr);

    auto* platformTitle = new QLabel(tr("<b>Platform</b>"));
    form->addRow(platformTitle);
    addBool(QStringLiteral("platform.gang_scheduling"), tr("Gang scheduling"),
            tr("gang scheduling"), editText(EditorText::GangSchedulingHelp),
            model::ReadinessItem::GangScheduling, nullptr, &model::PlatformProfile::gangScheduling);

    auto* rdma = new QComboBox;
    rdma->addItem(tr("From the cluster's link"), QString());
    rdma->addItem(tr("None"), QStringLiteral("none"));
    rdma->addItem(tr("RoCE"), QStringLiteral("roce"));
    rdma->addItem(tr("InfiniBand"), QStringLiteral("infiniband"));
    rdma->setToolTip(explain(editText(EditorText::RdmaHelp), model::ReadinessItem::Rdma));
    form->addRow(tr("RDMA network"),
                 m_binder->bindChoice(
                     rdma, QStringLiteral("platform.rdma"), tr("RDMA network"),
                     [](const Scenario& s) {
                         return s.platform.rdma ? toQString(model::toString(*s.platform.rdma))
                                                : QString();
                     },
                     [](Scenario& s, const QString& v) {
                         if (v.isEmpty())
                             s.platform.rdma.reset();
                         else if (auto r = model::rdmaKindFromString(v.toStdString()))
                             s.platform.rdma = *r;
                     }));

    addBool(QStringLiteral("platform.topology_aware_placement"), tr("Topology-aware placement"),
            tr("topology-aware placement"), editText(EditorText::TopologyHelp),
            model::ReadinessItem::TopologyAwarePlacement, nullptr,
            &model::PlatformProfile::topologyAwarePlacement);
    addBool(QStringLiteral("platform.shared_checkpoint_storage"), tr("Shared checkpoint storage"),
            tr("shared checkpoint storage"), editText(EditorText::CheckpointStorageHelp),
            model::ReadinessItem::SharedCheckpointStorage, nullptr,
            &model::PlatformProfile::sharedCheckpointStorage);
    addBool(QStringLiteral("platform.failure_recovery"), editText(EditorText::FailureRecovery),
            tr("failure recovery"), editText(EditorText::FailureRecoveryHelp),
            model::ReadinessItem::FailureRecovery, nullptr,
            &model::PlatformProfile::failureRecovery);
    addBool(QStringLiteral("platform.monitoring"), tr("GPU and network monitoring"),
            tr("monitoring"), editText(EditorText::MonitoringHelp),
            model::ReadinessItem::Monitoring, nullptr, &model::PlatformProfile::monitoring);
    addBool(QStringLiteral("platform.standard_images"), tr("Standard training images"),
            tr("standard images"), editText(EditorText::StandardImagesHelp),
            model::ReadinessItem::StandardImages, nullptr, &model::PlatformProfile::standardImages);
    addBool(QStringLiteral("platform.cost_attribution"), tr("Cost attribution per job"),
            tr("cost attribution"), editText(EditorText::CostAttributionHelp),
            model::ReadinessItem::CostAttribution, nullptr,
            &model::PlatformProfile::costAttribution);

    m_needs->setObjectName(QStringLiteral("readinessNeeds"));
    m_needs->setWordWrap(true);
    m_needs->setTextFormat(Qt::RichText);
    m_needs->setToolTip(editText(EditorText::StillNeededTip));
    form->addRow(tr("Still needed"), m_needs);
    updateNeeds();
}

void ReadinessSection::refresh() {
    m_binder->refresh();
    updateNeeds();
}

void ReadinessSection::updateNeeds() {
    const Scenario& s = m_doc->scenario();
    QString html;
    for (const model::Framework f : model::kAllFrameworks) {
        const sim::ReadinessFit fit = sim::readinessFit(f, s.team, s.platform, s.cluster);
        const auto required = fit.missingItems(sim::Need::Required);
        QString line;
        if (fit.ready) {
            line = viewText(PlanViewText::Ready);
        } else {
            // The advisor's own list of the items, joined in the language ("a, b and c").
            line = viewText(PlanViewText::LabelValue,
                            {weeksArg(fit.requiredWeeks), sim::MessageArg::itemList(required)});
        }
        html += QStringLiteral("<div><span style='color:%1'>■</span> <b>%2</b> — %3</div>")
                    .arg(frameworkColor(f).name(), frameworkShortName(f).toHtmlEscaped(),
                         line.toHtmlEscaped());
    }
    m_needs->setText(html);
}

QString ReadinessSection::needsText() const {
    QTextDocument d;
    d.setHtml(m_needs->text());
    return d.toPlainText();
}

} // namespace trainplan::ui
