#include <trainplan/ui/readiness_section.h>

#include <trainplan/simulator/readiness_fit.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/scenario_document.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QTextDocument>

namespace trainplan::ui {

using model::Scenario;

namespace {

// "What it means" and "why it matters" as one tooltip.
QString explain(const QString& means, const QString& matters) {
    return QStringLiteral("<p>%1</p><p><i>%2</i></p>")
        .arg(means.toHtmlEscaped(),
             QCoreApplication::translate("trainplan::ui::ReadinessSection", "Why it matters: %1")
                 .arg(matters)
                 .toHtmlEscaped());
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

    auto* intro =
        new QLabel(tr("What the team can do and what the platform provides. Unanswered means "
                      "\"not in place\"; the advisor lists it as a prerequisite."));
    intro->setWordWrap(true);
    intro->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(intro);

    auto* experience = new QComboBox;
    experience->addItem(tr("Single node only"), QStringLiteral("single_node"));
    experience->addItem(tr("Has run DDP"), QStringLiteral("ddp"));
    experience->addItem(tr("Has tuned ZeRO or FSDP"), QStringLiteral("zero_fsdp"));
    experience->addItem(tr("Has run 3D parallelism"), QStringLiteral("three_d"));
    experience->setToolTip(
        explain(tr("The most demanding distributed setup the team has run in production; each "
                   "level includes the ones "
                   "before."),
                tr("Every framework above DDP adds concepts (sharding, wrapping, pipeline "
                   "schedules) that take time to "
                   "learn; the advisor counts the missing levels as weeks of work.")));
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
    debug->setToolTip(explain(tr("Can the team find why a job hangs in a collective, and also why "
                                 "it is slower than predicted?"),
                              tr("A hung job holds every GPU it has; the gap between predicted and "
                                 "achieved MFU is closed by "
                                 "profiling. Megatron-LM needs performance debugging.")));
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
    addBool(QStringLiteral("team.maintain_versions"), tr("Maintains framework and driver versions"),
            tr("version maintenance"),
            tr("Someone keeps framework, CUDA, NCCL and driver versions current and compatible."),
            model::ReadinessItem::MaintainVersions, &model::TeamProfile::maintainVersions, nullptr);

    auto* platformTitle = new QLabel(tr("<b>Platform</b>"));
    form->addRow(platformTitle);
    addBool(QStringLiteral("platform.gang_scheduling"), tr("Gang scheduling"),
            tr("gang scheduling"),
            tr("The scheduler allocates all of a job's GPUs at once or none of them."),
            model::ReadinessItem::GangScheduling, nullptr, &model::PlatformProfile::gangScheduling);

    auto* rdma = new QComboBox;
    rdma->addItem(tr("From the cluster's link"), QString());
    rdma->addItem(tr("None"), QStringLiteral("none"));
    rdma->addItem(tr("RoCE"), QStringLiteral("roce"));
    rdma->addItem(tr("InfiniBand"), QStringLiteral("infiniband"));
    rdma->setToolTip(explain(tr("The RDMA fabric between nodes. \"From the cluster's link\" counts "
                                "an InfiniBand or RoCE inter-node "
                                "link as RDMA and Ethernet as none."),
                             model::ReadinessItem::Rdma));
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
            tr("topology-aware placement"), tr("The scheduler places ranks by node and switch."),
            model::ReadinessItem::TopologyAwarePlacement, nullptr,
            &model::PlatformProfile::topologyAwarePlacement);
    addBool(QStringLiteral("platform.shared_checkpoint_storage"), tr("Shared checkpoint storage"),
            tr("shared checkpoint storage"),
            tr("Shared high-bandwidth storage for (sharded) checkpoints."),
            model::ReadinessItem::SharedCheckpointStorage, nullptr,
            &model::PlatformProfile::sharedCheckpointStorage);
    addBool(QStringLiteral("platform.failure_recovery"),
            tr("Failure detection and automatic restart"), tr("failure recovery"),
            tr("Failed jobs are detected and restarted from the last checkpoint automatically."),
            model::ReadinessItem::FailureRecovery, nullptr,
            &model::PlatformProfile::failureRecovery);
    addBool(QStringLiteral("platform.monitoring"), tr("GPU and network monitoring"),
            tr("monitoring"), tr("GPU and network metrics are collected per job."),
            model::ReadinessItem::Monitoring, nullptr, &model::PlatformProfile::monitoring);
    addBool(QStringLiteral("platform.standard_images"), tr("Standard training images"),
            tr("standard images"), tr("Curated, versioned container images for training."),
            model::ReadinessItem::StandardImages, nullptr, &model::PlatformProfile::standardImages);
    addBool(QStringLiteral("platform.cost_attribution"), tr("Cost attribution per job"),
            tr("cost attribution"), tr("GPU-hours and cost are booked per job and team."),
            model::ReadinessItem::CostAttribution, nullptr,
            &model::PlatformProfile::costAttribution);

    m_needs->setObjectName(QStringLiteral("readinessNeeds"));
    m_needs->setWordWrap(true);
    m_needs->setTextFormat(Qt::RichText);
    m_needs->setToolTip(
        tr("Required prerequisites each framework still misses on this cluster, with the planning "
           "effort to put them in place (docs/advisor.md §2). Recommended items are not counted."));
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
            line = tr("ready");
        } else {
            QStringList labels;
            for (auto item : required)
                labels << readinessItemLabel(item);
            line = tr("%n week(s): %1", nullptr, static_cast<int>(fit.requiredWeeks))
                       .arg(labels.join(tr(", ")));
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
