#include <trainplan/ui/training_section.h>

#include <trainplan/model/training_spec.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

#include <limits>

namespace trainplan::ui {

using model::Scenario;

TrainingSection::TrainingSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Training"), parent)
    , m_binder(new FieldBinder(doc, this)) {
    auto* form = makeForm(this);
    auto* batch =
        makeIntSpin(1, std::numeric_limits<int>::max(),
                    tr("Sequences per optimizer step across all data-parallel replicas."));
    form->addRow(tr("Global batch (sequences)"),
                 m_binder->bindInt(
                     batch, QStringLiteral("training.global_batch"), tr("global batch"),
                     [](const Scenario& s) { return static_cast<int>(s.training.globalBatch); },
                     [](Scenario& s, int v) { s.training.globalBatch = v; }));

    auto* precision = new QComboBox;
    for (auto p : {model::Precision::Bf16, model::Precision::Fp16, model::Precision::Fp8,
                   model::Precision::Fp32})
        precision->addItem(toQString(model::toString(p)).toUpper(), toQString(model::toString(p)));
    precision->setToolTip(
        tr("Compute precision of the matrix multiplications; sets the GPU peak MFU is measured "
           "against. fp8 needs fp8 tensor cores."));
    form->addRow(
        tr("Precision"),
        m_binder->bindChoice(
            precision, QStringLiteral("training.precision"), tr("precision"),
            [](const Scenario& s) { return toQString(model::toString(s.training.precision)); },
            [](Scenario& s, const QString& v) {
                if (auto p = model::precisionFromString(v.toStdString())) s.training.precision = *p;
            }));

    auto* optimizer = new QComboBox;
    optimizer->addItem(tr("Adam"), QStringLiteral("adam"));
    optimizer->addItem(tr("AdamW"), QStringLiteral("adamw"));
    optimizer->addItem(tr("SGD with momentum"), QStringLiteral("sgd-momentum"));
    optimizer->setToolTip(tr("Adam/AdamW keep two fp32 moments per parameter (8 bytes), SGD with "
                             "momentum one (4 bytes)."));
    form->addRow(
        tr("Optimizer"),
        m_binder->bindChoice(
            optimizer, QStringLiteral("training.optimizer"), tr("optimizer"),
            [](const Scenario& s) { return toQString(model::toString(s.training.optimizer)); },
            [](Scenario& s, const QString& v) {
                if (auto o = model::optimizerFromString(v.toStdString())) s.training.optimizer = *o;
            }));

    auto* tokens = makeDoubleSpin(
        0, 1e9, 1,
        tr("Tokens the run processes in total, in billions (sets time to train and cost)."), 10);
    tokens->setSuffix(tr(" B"));
    form->addRow(tr("Tokens to train"),
                 m_binder->bindDouble(
                     tokens, QStringLiteral("training.train_tokens"), tr("tokens to train"),
                     [](const Scenario& s) { return s.training.trainTokens / 1e9; },
                     [](Scenario& s, double v) { s.training.trainTokens = v * 1e9; }));

    auto* flash = new QCheckBox(tr("Flash attention"));
    flash->setToolTip(tr("Fused attention that never stores the attention matrix (removes the "
                         "5as/h activation term)."));
    form->addRow(QString(),
                 m_binder->bindBool(
                     flash, QStringLiteral("training.flash_attention"), tr("flash attention"),
                     [](const Scenario& s) { return s.training.flashAttention; },
                     [](Scenario& s, bool v) { s.training.flashAttention = v; }));
}

void TrainingSection::refresh() {
    m_binder->refresh();
}

} // namespace trainplan::ui
