#pragma once

#include <trainplan/model/cluster_spec.h>

#include <QGroupBox>

class QComboBox;
class QLabel;

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// Makes `gpu` (a catalog entry) the cluster's GPU. A price typed for another GPU does not carry
// over: the new GPU's own price applies (issue 20 item 2). The editor and Sizing's "Use this
// cluster" both change the GPU through it.
void useCatalogGpu(model::ClusterSpec& cluster, const model::GpuSpec& gpu);

// Where it runs: GPU (with its datasheet figures), node count and size, links, NICs, price.
class ClusterSection : public QGroupBox {
    Q_OBJECT
public:
    ClusterSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();

private:
    ScenarioDocument* m_doc;
    FieldBinder* m_binder;
    QComboBox* m_gpu;
    QComboBox* m_intra;
    QComboBox* m_inter;
    QLabel* m_gpuSpecs;
    QLabel* m_intraSpecs;
    QLabel* m_interSpecs;
    QLabel* m_totalGpus;
    QLabel* m_priceUsed; // the price costs use, and its source
};

} // namespace trainplan::ui
