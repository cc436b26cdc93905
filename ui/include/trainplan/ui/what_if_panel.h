#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/ui/what_if.h>

#include <QGroupBox>

#include <vector>

class QLabel;

namespace trainplan::ui {

class WhatIfControl;

// The GPU counts the Explore GPU slider stops at for a cluster of `nodes` × `gpusPerNode`.
[[nodiscard]] std::vector<double> gpuStops(int nodes, int gpusPerNode, int maxGpus);

// The what-if knobs of the Explore tab: GPU count, inter-node bandwidth, global batch, sequence
// length and model scale, each starting at the scenario's value.
class WhatIfPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit WhatIfPanel(QWidget* parent = nullptr);
    void setBase(const model::Scenario& base);
    [[nodiscard]] const WhatIf& whatIf() const { return m_whatIf; }
    void reset();
    // One "GPUs 256 → 512" line per knob that differs from the scenario (empty: no what-if).
    [[nodiscard]] QStringList overrideSummary() const;

    [[nodiscard]] WhatIfControl* gpus() const { return m_gpus; }
    [[nodiscard]] WhatIfControl* bandwidth() const { return m_bandwidth; }
    [[nodiscard]] WhatIfControl* batch() const { return m_batch; }
    [[nodiscard]] WhatIfControl* seqLen() const { return m_seqLen; }
    [[nodiscard]] WhatIfControl* scale() const { return m_scale; }

signals:
    void whatIfChanged(const trainplan::ui::WhatIf& whatIf);

private:
    void showValues();

    model::Scenario m_base;
    WhatIf m_whatIf;
    WhatIfControl* m_gpus;
    WhatIfControl* m_bandwidth;
    WhatIfControl* m_batch;
    WhatIfControl* m_seqLen;
    WhatIfControl* m_scale;
    QLabel* m_parameters;
};

} // namespace trainplan::ui
