#include <trainplan/ui/what_if_panel.h>

#include <trainplan/model/transformer_spec.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/view_text.h>
#include <trainplan/ui/what_if_control.h>

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

using services::EditorText;

std::vector<double> gpuStops(int nodes, int gpusPerNode, int maxGpus) {
    // Whole nodes at 1, 1.5, 2, 3, 4, 6, 8, … (each stop at most 1.5× the previous), from a
    // sixteenth to sixteen times the scenario's node count, and that count itself.
    nodes = std::max(1, nodes);
    gpusPerNode = std::max(1, gpusPerNode);
    const int low = std::max(1, nodes / 16);
    const long long high = std::min<long long>(16LL * nodes, maxGpus / gpusPerNode);
    std::vector<long long> counts{nodes};
    for (long long p = 1; p <= high; p *= 2)
        for (long long n : {p, p * 3 / 2})
            if (n >= low && n <= high && n >= 1) counts.push_back(n);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    std::vector<double> out;
    for (long long n : counts)
        out.push_back(static_cast<double>(n * gpusPerNode));
    return out;
}

WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QGroupBox(tr("What if…"), parent)
    , m_gpus(new WhatIfControl(1, 65536, 0, QString(), editText(EditorText::WhatIfGpusTip)))
    , m_bandwidth(
          new WhatIfControl(10, 3200, 0, tr(" Gb/s"), editText(EditorText::WhatIfBandwidthTip)))
    , m_batch(new WhatIfControl(1, 65536, 0, QString(), editText(EditorText::WhatIfBatchTip)))
    , m_seqLen(new WhatIfControl(128, 262144, 0, QString(), fieldHelp("model.seq_len")))
    , m_scale(new WhatIfControl(0.05, 20, 2, tr(" ×"), editText(EditorText::WhatIfScaleTip)))
    , m_parameters(new QLabel) {
    setObjectName(QStringLiteral("whatIfPanel"));
    auto* form = makeForm(this);
    form->addRow(tr("GPUs"), m_gpus);
    form->addRow(tr("Network / NIC"), m_bandwidth);
    form->addRow(tr("Global batch"), m_batch);
    form->addRow(tr("Sequence length"), m_seqLen);
    form->addRow(tr("Model scale"), m_scale);
    m_parameters->setForegroundRole(QPalette::PlaceholderText);
    m_parameters->setWordWrap(true);
    form->addRow(QString(), m_parameters);
    m_seqLen->setQuantum(128);
    auto* reset = new QPushButton(tr("Reset to scenario"));
    reset->setToolTip(viewText(services::PlanViewText::BackToScenario));
    form->addRow(QString(), reset);
    connect(reset, &QPushButton::clicked, this, &WhatIfPanel::reset);

    connect(m_gpus, &WhatIfControl::valueEdited, this, [this](double v) {
        const int perNode = std::max(1, m_base.cluster.gpusPerNode);
        const int nodes = std::max(1, static_cast<int>(std::lround(v / perNode)));
        m_whatIf.nodes = nodes == m_base.cluster.nodes ? std::nullopt : std::optional<int>(nodes);
        showValues();
        emit whatIfChanged(m_whatIf);
    });
    connect(m_bandwidth, &WhatIfControl::valueEdited, this, [this](double gbps) {
        const double bytes = gbps * 1e9 / 8;
        const bool same = std::fabs(bytes - m_base.cluster.interNode.bytesPerSecond) < 1e6;
        m_whatIf.interNodeBytesPerSecond = same ? std::nullopt : std::optional<double>(bytes);
        showValues();
        emit whatIfChanged(m_whatIf);
    });
    connect(m_batch, &WhatIfControl::valueEdited, this, [this](double v) {
        const auto b = static_cast<long long>(std::llround(v));
        m_whatIf.globalBatch =
            b == m_base.training.globalBatch ? std::nullopt : std::optional<long long>(b);
        showValues();
        emit whatIfChanged(m_whatIf);
    });
    connect(m_seqLen, &WhatIfControl::valueEdited, this, [this](double v) {
        const int len = static_cast<int>(std::lround(v));
        m_whatIf.seqLen = len == m_base.model.seqLen ? std::nullopt : std::optional<int>(len);
        showValues();
        emit whatIfChanged(m_whatIf);
    });
    connect(m_scale, &WhatIfControl::valueEdited, this, [this](double v) {
        m_whatIf.modelScale = std::fabs(v - 1.0) < 1e-3 ? std::nullopt : std::optional<double>(v);
        showValues();
        emit whatIfChanged(m_whatIf);
    });
}

void WhatIfPanel::setBase(const model::Scenario& base) {
    m_base = base;
    // Overrides equal to the new base are no longer overrides.
    if (m_whatIf.nodes == base.cluster.nodes) m_whatIf.nodes.reset();
    if (m_whatIf.globalBatch == base.training.globalBatch) m_whatIf.globalBatch.reset();
    if (m_whatIf.seqLen == base.model.seqLen) m_whatIf.seqLen.reset();
    const int perNode = std::max(1, base.cluster.gpusPerNode);
    m_gpus->setQuantum(perNode);
    m_gpus->setStops(gpuStops(base.cluster.nodes, perNode, 65536));
    showValues();
}

void WhatIfPanel::reset() {
    m_whatIf = {};
    showValues();
    emit whatIfChanged(m_whatIf);
}

QStringList WhatIfPanel::overrideSummary() const {
    QStringList out;
    const model::Scenario s = applyWhatIf(m_base, m_whatIf);
    const QLocale locale;
    auto line = [&](const QString& knob, const QString& from, const QString& to) {
        out << QStringLiteral("%1 %2 → %3").arg(knob, from, to);
    };
    if (m_whatIf.nodes)
        line(tr("GPUs"), locale.toString(m_base.cluster.gpuCount()),
             locale.toString(s.cluster.gpuCount()));
    if (m_whatIf.interNodeBytesPerSecond)
        line(tr("Network / NIC"), formatBitsPerSecond(m_base.cluster.interNode.bytesPerSecond),
             formatBitsPerSecond(s.cluster.interNode.bytesPerSecond));
    if (m_whatIf.globalBatch)
        line(tr("Global batch"), locale.toString(m_base.training.globalBatch),
             locale.toString(s.training.globalBatch));
    if (m_whatIf.seqLen)
        line(tr("Sequence length"), locale.toString(m_base.model.seqLen),
             locale.toString(s.model.seqLen));
    if (m_whatIf.modelScale)
        line(tr("Model scale"), QStringLiteral("1×"),
             viewText(services::PlanViewText::Parenthesized,
                      {factorArg(*m_whatIf.modelScale),
                       qArg(formatParameters(model::countParameters(s.model).total))}));
    return out;
}

void WhatIfPanel::showValues() {
    const model::Scenario s = applyWhatIf(m_base, m_whatIf);
    m_gpus->setValue(static_cast<double>(s.cluster.gpuCount()));
    m_gpus->setOverridden(m_whatIf.nodes.has_value());
    m_bandwidth->setValue(s.cluster.interNode.bytesPerSecond * 8 / 1e9);
    m_bandwidth->setOverridden(m_whatIf.interNodeBytesPerSecond.has_value());
    m_batch->setValue(static_cast<double>(s.training.globalBatch));
    m_batch->setOverridden(m_whatIf.globalBatch.has_value());
    m_seqLen->setValue(s.model.seqLen);
    m_seqLen->setOverridden(m_whatIf.seqLen.has_value());
    m_scale->setValue(m_whatIf.modelScale.value_or(1.0));
    m_scale->setOverridden(m_whatIf.modelScale.has_value());
    if (s.model.layers > 0 && s.model.hidden > 0 && s.model.heads > 0)
        m_parameters->setText(
            editText(EditorText::WhatIfModelLine,
                     {qArg(formatParameters(model::countParameters(s.model).total)),
                      sim::countArg(s.model.layers), sim::countArg(s.model.hidden)}));
}

} // namespace trainplan::ui
