#include <trainplan/ui/training_section.h>

#include <trainplan/model/training_spec.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLocale>
#include <QSpinBox>

#include <limits>

namespace trainplan::ui {

using model::Scenario;
using services::EditorText;

TrainingSection::TrainingSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Training"), parent)
    , m_doc(doc)
    , m_binder(new FieldBinder(doc, this)) {
    auto* form = makeForm(this);
    auto* batch =
        makeIntSpin(1, std::numeric_limits<int>::max(), fieldHelp("training.global_batch"));
    form->addRow(fieldLabel("training.global_batch"),
                 m_binder->bindInt(
                     batch, QStringLiteral("training.global_batch"), tr("global batch"),
                     [](const Scenario& s) { return static_cast<int>(s.training.globalBatch); },
                     [](Scenario& s, int v) { s.training.globalBatch = v; }));

    auto* precision = new QComboBox;
    for (auto p : {model::Precision::Bf16, model::Precision::Fp16, model::Precision::Fp8,
                   model::Precision::Fp32})
        precision->addItem(toQString(model::toString(p)).toUpper(), toQString(model::toString(p)));
    precision->setToolTip(fieldHelp("training.precision"));
    form->addRow(
        fieldLabel("training.precision"),
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
    optimizer->setToolTip(fieldHelp("training.optimizer"));
    form->addRow(
        fieldLabel("training.optimizer"),
        m_binder->bindChoice(
            optimizer, QStringLiteral("training.optimizer"), tr("optimizer"),
            [](const Scenario& s) { return toQString(model::toString(s.training.optimizer)); },
            [](Scenario& s, const QString& v) {
                if (auto o = model::optimizerFromString(v.toStdString())) s.training.optimizer = *o;
            }));

    auto* tokens = new BillionsSpinBox;
    tokens->setRange(0, 1e9);
    tokens->setDecimals(1);
    tokens->setSingleStep(10);
    tokens->setGroupSeparatorShown(true);
    tokens->setAccelerated(true);
    tokens->setToolTip(fieldHelp("training.train_tokens"));
    // Chinese shows the count in 万亿/亿 itself (BillionsSpinBox).
    if (QLocale().language() != QLocale::Chinese) tokens->setSuffix(tr(" B"));
    form->addRow(fieldLabel("training.train_tokens"),
                 m_binder->bindDouble(
                     tokens, QStringLiteral("training.train_tokens"), tr("tokens to train"),
                     [](const Scenario& s) { return s.training.trainTokens / 1e9; },
                     [](Scenario& s, double v) { s.training.trainTokens = v * 1e9; }));

    auto* flash = new QCheckBox(fieldLabel("training.flash_attention"));
    flash->setToolTip(fieldHelp("training.flash_attention"));
    form->addRow(QString(),
                 m_binder->bindBool(
                     flash, QStringLiteral("training.flash_attention"), tr("flash attention"),
                     [](const Scenario& s) { return s.training.flashAttention; },
                     [](Scenario& s, bool v) {
                         s.training.flashAttention = v;
                         // A kernel names a flash-attention implementation: none without flash.
                         if (!v) s.training.attentionKernel = model::AttentionKernel::Auto;
                     }));

    m_attentionKernel = new QComboBox;
    m_attentionKernel->addItem(editText(EditorText::AttentionUsual), QStringLiteral("auto"));
    m_attentionKernel->addItem(editText(EditorText::AttentionFlash2), QStringLiteral("flash2"));
    m_attentionKernel->addItem(editText(EditorText::AttentionFused), QStringLiteral("fused"));
    m_attentionKernel->addItem(editText(EditorText::AttentionTriton), QStringLiteral("triton"));
    limitComboWidth(m_attentionKernel, 22);
    m_attentionKernel->setToolTip(fieldHelp("training.attention_kernel"));
    form->addRow(fieldLabel("training.attention_kernel"),
                 m_binder->bindChoice(
                     m_attentionKernel, QStringLiteral("training.attention_kernel"),
                     tr("attention kernel"),
                     [](const Scenario& s) {
                         return toQString(model::toString(s.training.attentionKernel));
                     },
                     [](Scenario& s, const QString& v) {
                         if (auto k = model::attentionKernelFromString(v.toStdString()))
                             s.training.attentionKernel = *k;
                     }));

    auto* execution = new QComboBox;
    execution->addItem(editText(EditorText::ExecutionUsual), QStringLiteral("auto"));
    execution->addItem(editText(EditorText::ExecutionEager), QStringLiteral("eager"));
    execution->addItem(editText(EditorText::ExecutionCompile), QStringLiteral("compile"));
    execution->addItem(editText(EditorText::ExecutionFused), QStringLiteral("fused"));
    execution->addItem(editText(EditorText::ExecutionCudaGraphs), QStringLiteral("cuda_graphs"));
    limitComboWidth(execution, 22);
    execution->setToolTip(fieldHelp("training.execution"));
    form->addRow(
        fieldLabel("training.execution"),
        m_binder->bindChoice(
            execution, QStringLiteral("training.execution"), tr("software stack"),
            [](const Scenario& s) { return toQString(model::toString(s.training.execution)); },
            [](Scenario& s, const QString& v) {
                if (auto m = model::executionModeFromString(v.toStdString())) {
                    s.training.execution = *m;
                    // PyTorch's stacks run PyTorch's loss: Megatron-Core's choice has no meaning.
                    if (!model::runsMegatronLoss(*m))
                        s.training.crossEntropy = model::CrossEntropy::Auto;
                }
            }));

    // Dropout probabilities; the lowest step means unset (the era's convention).
    auto dropoutBox = [&](const char* field, const QString& undoLabel,
                          std::optional<double> model::TrainingSpec::*member) {
        auto* box = new QDoubleSpinBox;
        box->setRange(-0.05, 0.95);
        box->setDecimals(2);
        box->setSingleStep(0.05);
        box->setSpecialValueText(editText(EditorText::DropoutUsual));
        box->setToolTip(fieldHelp(field));
        form->addRow(fieldLabel(field), m_binder->bindDouble(
                                            box, QString::fromLatin1(field), undoLabel,
                                            [member](const Scenario& s) {
                                                return (s.training.*member).value_or(-0.05);
                                            },
                                            [member](Scenario& s, double v) {
                                                if (v < 0.0)
                                                    s.training.*member = std::nullopt;
                                                else
                                                    s.training.*member = v;
                                            }));
    };
    dropoutBox("training.attention_dropout", tr("attention dropout"),
               &model::TrainingSpec::attentionDropout);
    dropoutBox("training.hidden_dropout", tr("hidden dropout"),
               &model::TrainingSpec::hiddenDropout);

    m_crossEntropy = new QComboBox;
    m_crossEntropy->addItem(editText(EditorText::LossFused), QStringLiteral("auto"));
    m_crossEntropy->addItem(editText(EditorText::LossUnfused), QStringLiteral("unfused"));
    m_crossEntropy->addItem(editText(EditorText::LossTe), QStringLiteral("te"));
    limitComboWidth(m_crossEntropy, 22);
    m_crossEntropy->setToolTip(fieldHelp("training.cross_entropy"));
    form->addRow(
        fieldLabel("training.cross_entropy"),
        m_binder->bindChoice(
            m_crossEntropy, QStringLiteral("training.cross_entropy"), tr("loss kernel"),
            [](const Scenario& s) { return toQString(model::toString(s.training.crossEntropy)); },
            [](Scenario& s, const QString& v) {
                if (auto c = model::crossEntropyFromString(v.toStdString()))
                    s.training.crossEntropy = *c;
            }));
}

void TrainingSection::refresh() {
    m_binder->refresh();
    m_attentionKernel->setEnabled(m_doc->scenario().training.flashAttention);
    m_crossEntropy->setEnabled(model::runsMegatronLoss(m_doc->scenario().training.execution));
}

} // namespace trainplan::ui
