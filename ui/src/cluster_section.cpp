#include <trainplan/ui/cluster_section.h>

#include <trainplan/model/units.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace trainplan::ui {

using services::EditorText;

namespace {

using model::Scenario;
const QString kInline = QStringLiteral("__inline__");

// Keeps a first entry for an inline (non-catalog) spec in sync with the scenario.
void syncInlineItem(QComboBox* combo, bool isInline, const std::string& name) {
    const int existing = combo->findData(kInline);
    if (existing >= 0) combo->removeItem(existing);
    if (isInline)
        combo->insertItem(0, editText(services::EditorText::CustomEntry, {sim::textArg(name)}),
                          kInline);
}

QLabel* makeSpecLabel() {
    auto* l = new QLabel;
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setForegroundRole(QPalette::PlaceholderText);
    return l;
}

QString linkKindName(model::LinkKind k) {
    switch (k) {
    case model::LinkKind::NvLink:
        return QStringLiteral("NVLink");
    case model::LinkKind::Pcie:
        return QStringLiteral("PCIe");
    case model::LinkKind::InfiniBand:
        return QStringLiteral("InfiniBand");
    case model::LinkKind::RoCE:
        return QStringLiteral("RoCE");
    case model::LinkKind::Ethernet:
        return QStringLiteral("Ethernet");
    }
    return {};
}

} // namespace

void useCatalogGpu(model::ClusterSpec& cluster, const model::GpuSpec& gpu) {
    if (gpu.name != cluster.gpu.name) cluster.gpuHourUsd = 0;
    cluster.gpu = gpu;
    cluster.gpuRef = gpu.name;
}

ClusterSection::ClusterSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Cluster"), parent)
    , m_doc(doc)
    , m_binder(new FieldBinder(doc, this))
    , m_gpu(new QComboBox)
    , m_intra(new QComboBox)
    , m_inter(new QComboBox)
    , m_gpuSpecs(makeSpecLabel())
    , m_intraSpecs(makeSpecLabel())
    , m_interSpecs(makeSpecLabel())
    , m_totalGpus(new QLabel)
    , m_priceUsed(makeSpecLabel()) {
    auto* form = makeForm(this);
    const model::Catalog& cat = doc->catalog();
    for (const auto& g : cat.gpus) {
        m_gpu->addItem(QString::fromStdString(g.name), QString::fromStdString(g.name));
        m_gpu->setItemData(m_gpu->count() - 1, catalogText(g.source, g.sourceZh), Qt::ToolTipRole);
    }
    for (const auto& l : cat.links) {
        const QString name = QString::fromStdString(l.name);
        QComboBox* target = (l.kind == model::LinkKind::NvLink || l.kind == model::LinkKind::Pcie)
                                ? m_intra
                                : m_inter;
        target->addItem(name, name);
        target->setItemData(target->count() - 1, catalogText(l.source, l.sourceZh),
                            Qt::ToolTipRole);
    }
    m_gpu->setToolTip(fieldHelp("cluster.gpu"));
    form->addRow(fieldLabel("cluster.gpu"),
                 m_binder->bindChoice(
                     m_gpu, QStringLiteral("cluster.gpu"), tr("GPU"),
                     [](const Scenario& s) {
                         return s.cluster.gpuRef.empty() ? kInline
                                                         : QString::fromStdString(s.cluster.gpuRef);
                     },
                     [doc](Scenario& s, const QString& v) {
                         if (const auto* g = doc->catalog().findGpu(v.toStdString()))
                             useCatalogGpu(s.cluster, *g);
                     }));
    form->addRow(QString(), m_gpuSpecs);

    auto* nodes = makeIntSpin(1, 1000000, fieldHelp("cluster.nodes"));
    form->addRow(fieldLabel("cluster.nodes"),
                 m_binder->bindInt(
                     nodes, QStringLiteral("cluster.nodes"), tr("nodes"),
                     [](const Scenario& s) { return s.cluster.nodes; },
                     [](Scenario& s, int v) { s.cluster.nodes = v; }));
    auto* perNode = makeIntSpin(1, 1024, fieldHelp("cluster.gpus_per_node"));
    form->addRow(fieldLabel("cluster.gpus_per_node"),
                 m_binder->bindInt(
                     perNode, QStringLiteral("cluster.gpus_per_node"), tr("GPUs per node"),
                     [](const Scenario& s) { return s.cluster.gpusPerNode; },
                     [](Scenario& s, int v) { s.cluster.gpusPerNode = v; }));
    m_totalGpus->setToolTip(editText(EditorText::TotalGpusTip));
    form->addRow(tr("Total GPUs"), m_totalGpus);

    m_intra->setToolTip(fieldHelp("cluster.intra_node"));
    form->addRow(fieldLabel("cluster.intra_node"),
                 m_binder->bindChoice(
                     m_intra, QStringLiteral("cluster.intra_node"), tr("intra-node link"),
                     [](const Scenario& s) {
                         return s.cluster.intraNodeRef.empty()
                                    ? kInline
                                    : QString::fromStdString(s.cluster.intraNodeRef);
                     },
                     [doc](Scenario& s, const QString& v) {
                         if (const auto* l = doc->catalog().findLink(v.toStdString())) {
                             s.cluster.intraNode = *l;
                             s.cluster.intraNodeRef = l->name;
                         }
                     }));
    form->addRow(QString(), m_intraSpecs);
    m_inter->setToolTip(fieldHelp("cluster.inter_node"));
    form->addRow(fieldLabel("cluster.inter_node"),
                 m_binder->bindChoice(
                     m_inter, QStringLiteral("cluster.inter_node"), tr("inter-node network"),
                     [](const Scenario& s) {
                         return s.cluster.interNodeRef.empty()
                                    ? kInline
                                    : QString::fromStdString(s.cluster.interNodeRef);
                     },
                     [doc](Scenario& s, const QString& v) {
                         if (const auto* l = doc->catalog().findLink(v.toStdString())) {
                             s.cluster.interNode = *l;
                             s.cluster.interNodeRef = l->name;
                         }
                     }));
    form->addRow(QString(), m_interSpecs);
    auto* nics = makeIntSpin(1, 1024, fieldHelp("cluster.nics_per_node"));
    form->addRow(fieldLabel("cluster.nics_per_node"),
                 m_binder->bindInt(
                     nics, QStringLiteral("cluster.nics_per_node"), tr("NICs per node"),
                     [](const Scenario& s) { return s.cluster.nicsPerNode; },
                     [](Scenario& s, int v) { s.cluster.nicsPerNode = v; }));
    auto* over = makeDoubleSpin(1.0, 1000.0, 2, fieldHelp("cluster.oversubscription"), 0.5);
    form->addRow(fieldLabel("cluster.oversubscription"),
                 m_binder->bindDouble(
                     over, QStringLiteral("cluster.oversubscription"), tr("oversubscription"),
                     [](const Scenario& s) { return s.cluster.oversubscription; },
                     [](Scenario& s, double v) { s.cluster.oversubscription = v; }));
    auto* cores = makeIntSpin(0, 1'000'000, fieldHelp("cluster.host_cpu_cores_per_node"), 8);
    cores->setSpecialValueText(tr("default (6 per GPU)"));
    form->addRow(fieldLabel("cluster.host_cpu_cores_per_node"),
                 m_binder->bindInt(
                     cores, QStringLiteral("cluster.host_cpu_cores_per_node"),
                     tr("host CPU cores per node"),
                     [](const Scenario& s) { return s.cluster.hostCpuCoresPerNode; },
                     [](Scenario& s, int v) { s.cluster.hostCpuCoresPerNode = v; }));
    auto* price = makeDoubleSpin(0.0, 1e6, 2, fieldHelp("cluster.gpu_hour_usd"), 0.1);
    price->setPrefix(QStringLiteral("$ "));
    price->setSpecialValueText(tr("GPU's price"));
    form->addRow(fieldLabel("cluster.gpu_hour_usd"),
                 m_binder->bindDouble(
                     price, QStringLiteral("cluster.gpu_hour_usd"), tr("price per GPU-hour"),
                     [](const Scenario& s) { return s.cluster.gpuHourUsd; },
                     [](Scenario& s, double v) { s.cluster.gpuHourUsd = v; }));
    m_priceUsed->setObjectName(QStringLiteral("priceUsed"));
    form->addRow(QString(), m_priceUsed);
}

void ClusterSection::refresh() {
    const model::ClusterSpec& c = m_doc->scenario().cluster;
    syncInlineItem(m_gpu, c.gpuRef.empty(), c.gpu.name);
    syncInlineItem(m_intra, c.intraNodeRef.empty(), c.intraNode.name);
    syncInlineItem(m_inter, c.interNodeRef.empty(), c.interNode.name);
    m_binder->refresh();
    const model::GpuSpec& g = c.gpu;
    QString specs =
        editText(EditorText::GpuSpecs,
                 {qArg(formatBytes(g.memoryBytes)), qArg(formatBytesPerSecond(g.hbmBytesPerSecond)),
                  qArg(formatFlopsPerSecond(g.bf16FlopsPerSecond))});
    if (g.fp8FlopsPerSecond > 0)
        specs += QStringLiteral(" · FP8 %1").arg(formatFlopsPerSecond(g.fp8FlopsPerSecond));
    if (g.tdpWatts > 0) specs += QStringLiteral(" · %1 W").arg(g.tdpWatts);
    m_gpuSpecs->setText(specs);
    m_gpuSpecs->setToolTip(catalogText(g.source, g.sourceZh));
    auto linkText = [](const model::LinkSpec& l) {
        return editText(EditorText::LinkSpecs,
                        {qArg(linkKindName(l.kind)), qArg(formatBytesPerSecond(l.bytesPerSecond)),
                         qArg(formatBitsPerSecond(l.bytesPerSecond)),
                         secondsArg(l.latencySeconds)});
    };
    m_intraSpecs->setText(linkText(c.intraNode));
    m_intraSpecs->setToolTip(QString::fromStdString(c.intraNode.source));
    m_interSpecs->setText(linkText(c.interNode));
    m_interSpecs->setToolTip(QString::fromStdString(c.interNode.source));
    m_totalGpus->setText(QLocale().toString(c.gpuCount()));
    // The price every cost uses (sim::resolvePrice), and where it comes from; never "$0.00".
    model::ClusterSpec priced = c;
    sim::applyPriceTable(priced.gpu, m_doc->priceTable()); // as the planning scenario prices it
    const sim::ResolvedPrice price = sim::resolvePrice(priced);
    switch (price.origin) {
    case sim::PriceOrigin::Scenario:
        m_priceUsed->setText(
            editText(EditorText::CostsUseTypedPrice, {sim::decimalArg(price.usdPerGpuHour)}));
        break;
    case sim::PriceOrigin::PriceTable:
    case sim::PriceOrigin::Catalog:
        m_priceUsed->setText(editText(EditorText::CostsUseGpuPrice,
                                      {sim::textArg(price.describe(advisorLanguage()))}));
        break;
    case sim::PriceOrigin::None:
        m_priceUsed->setText(editText(EditorText::NoPriceFor, {sim::textArg(c.gpu.name)}));
        break;
    }
}

} // namespace trainplan::ui
