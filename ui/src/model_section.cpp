#include <trainplan/ui/model_section.h>

#include <trainplan/model/transformer_spec.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>

namespace trainplan::ui {

using services::EditorText;

namespace {

using model::Scenario;

// Editing an architecture field turns a catalog model into a custom one.
void customize(Scenario& s) {
    if (s.modelRef.empty()) return;
    s.modelRef.clear();
    s.model.name += "-custom";
    if (!s.model.displayName.empty()) s.model.displayName += " (custom)";
    s.model.publishedParameters = 0;
}

void updateHeadDim(Scenario& s) {
    s.model.headDim = (s.model.heads > 0 && s.model.hidden % s.model.heads == 0)
                          ? s.model.hidden / s.model.heads
                          : 0;
}

} // namespace

ModelSection::ModelSection(ScenarioDocument* doc, QWidget* parent)
    : QGroupBox(tr("Model"), parent)
    , m_doc(doc)
    , m_binder(new FieldBinder(doc, this))
    , m_catalog(new QComboBox)
    , m_parameters(new QLabel)
    , m_attention(new QLabel) {
    auto* form = makeForm(this);
    m_catalog->addItem(tr("Custom architecture"), QString());
    for (const auto& m : doc->catalog().models) {
        const QString name = QString::fromStdString(m.name);
        const QString display =
            m.displayName.empty() ? name : QString::fromStdString(m.displayName);
        m_catalog->addItem(display, name);
        m_catalog->setItemData(m_catalog->count() - 1, catalogText(m.source, m.sourceZh),
                               Qt::ToolTipRole);
    }
    m_catalog->setToolTip(editText(EditorText::ModelTip));
    form->addRow(tr("Model"),
                 m_binder->bindChoice(
                     m_catalog, QStringLiteral("model"), tr("model"),
                     [](const Scenario& s) { return QString::fromStdString(s.modelRef); },
                     [doc](Scenario& s, const QString& name) {
                         if (name.isEmpty()) {
                             customize(s);
                             return;
                         }
                         if (const auto* m = doc->catalog().findModel(name.toStdString())) {
                             s.model = *m;
                             s.modelRef = m->name;
                         }
                     }));
    m_parameters->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_parameters->setWordWrap(true);
    m_parameters->setToolTip(metricToolTip(Metric::Parameters));
    QFont bold = m_parameters->font();
    bold.setBold(true);
    m_parameters->setFont(bold);
    form->addRow(tr("Parameters"), m_parameters);

    auto intField = [&](const char* key, const QString& label, int min, int max, const QString& tip,
                        int model::TransformerSpec::*member, bool shapesHeads = false) {
        auto* spin = makeIntSpin(min, max, tip);
        form->addRow(label, m_binder->bindInt(
                                spin, QStringLiteral("model.") + QLatin1String(key), label,
                                [member](const Scenario& s) { return s.model.*member; },
                                [member, shapesHeads](Scenario& s, int v) {
                                    customize(s);
                                    s.model.*member = v;
                                    if (shapesHeads) updateHeadDim(s);
                                }));
    };
    intField("layers", fieldLabel("model.layers"), 1, 100000, fieldHelp("model.layers"),
             &model::TransformerSpec::layers);
    intField("hidden", fieldLabel("model.hidden"), 1, 1000000, fieldHelp("model.hidden"),
             &model::TransformerSpec::hidden, true);
    intField("heads", fieldLabel("model.heads"), 1, 100000, fieldHelp("model.heads"),
             &model::TransformerSpec::heads, true);
    intField("kv_heads", fieldLabel("model.kv_heads"), 1, 100000, fieldHelp("model.kv_heads"),
             &model::TransformerSpec::kvHeads);
    intField("ffn_hidden", fieldLabel("model.ffn_hidden"), 1, 10000000,
             fieldHelp("model.ffn_hidden"), &model::TransformerSpec::ffnHidden);
    auto* ffn = new QComboBox;
    ffn->addItem(tr("GELU (2 matrices)"), QStringLiteral("gelu"));
    ffn->addItem(tr("SwiGLU (3 matrices, gated)"), QStringLiteral("swiglu"));
    ffn->setToolTip(fieldHelp("model.ffn"));
    form->addRow(
        fieldLabel("model.ffn"),
        m_binder->bindChoice(
            ffn, QStringLiteral("model.ffn"), fieldLabel("model.ffn"),
            [](const Scenario& s) { return toQString(model::toString(s.model.ffn)); },
            [](Scenario& s, const QString& v) {
                customize(s);
                s.model.ffn =
                    model::ffnKindFromString(v.toStdString()).value_or(model::FfnKind::Gelu);
            }));
    intField("vocab", fieldLabel("model.vocab"), 1, 100000000, fieldHelp("model.vocab"),
             &model::TransformerSpec::vocab);
    intField("seq_len", fieldLabel("model.seq_len"), 1, 100000000, fieldHelp("model.seq_len"),
             &model::TransformerSpec::seqLen);
    auto* tied = new QCheckBox(fieldLabel("model.tied_embeddings"));
    tied->setToolTip(fieldHelp("model.tied_embeddings"));
    form->addRow(QString(),
                 m_binder->bindBool(
                     tied, QStringLiteral("model.tied_embeddings"), tr("tied embeddings"),
                     [](const Scenario& s) { return s.model.tiedEmbeddings; },
                     [](Scenario& s, bool v) {
                         customize(s);
                         s.model.tiedEmbeddings = v;
                     }));

    auto moeField = [&](const char* key, const QString& label, int max, const QString& tip,
                        int model::MoeSpec::*member) {
        auto* spin = makeIntSpin(0, max, tip);
        form->addRow(label, m_binder->bindInt(
                                spin, QStringLiteral("model.moe.") + QLatin1String(key), label,
                                [member](const Scenario& s) { return s.model.moe.*member; },
                                [member](Scenario& s, int v) {
                                    customize(s);
                                    s.model.moe.*member = v;
                                }));
    };
    moeField("experts", fieldLabel("model.moe.experts"), 100000, fieldHelp("model.moe.experts"),
             &model::MoeSpec::experts);
    moeField("top_k", fieldLabel("model.moe.top_k"), 100000, fieldHelp("model.moe.top_k"),
             &model::MoeSpec::topK);
    moeField("expert_ffn_hidden", fieldLabel("model.moe.expert_ffn_hidden"), 10000000,
             fieldHelp("model.moe.expert_ffn_hidden"), &model::MoeSpec::expertFfnHidden);
    moeField("shared_experts", fieldLabel("model.moe.shared_experts"), 100000,
             fieldHelp("model.moe.shared_experts"), &model::MoeSpec::sharedExperts);

    m_attention->setWordWrap(true);
    m_attention->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Attention"), m_attention);
    auto windowField = [&](const char* key, const QString& label, int max, const QString& tip,
                           const QString& zero, int model::SlidingWindowSpec::*member) {
        auto* spin = makeIntSpin(0, max, tip);
        spin->setSpecialValueText(zero);
        if (member == &model::SlidingWindowSpec::fullEvery) m_fullEvery = spin;
        form->addRow(label,
                     m_binder->bindInt(
                         spin, QStringLiteral("model.sliding_window.") + QLatin1String(key), label,
                         [member](const Scenario& s) { return s.model.slidingWindow.*member; },
                         [member](Scenario& s, int v) {
                             customize(s);
                             s.model.slidingWindow.*member = v;
                             if (s.model.slidingWindow.window == 0) s.model.slidingWindow = {};
                         }));
    };
    windowField("window", fieldLabel("model.sliding_window.window"), 100000000,
                fieldHelp("model.sliding_window.window"), tr("none (full attention)"),
                &model::SlidingWindowSpec::window);
    windowField("full_every", fieldLabel("model.sliding_window.full_every"), 100000,
                fieldHelp("model.sliding_window.full_every"), tr("never: every layer windowed"),
                &model::SlidingWindowSpec::fullEvery);
    intField("mtp_layers", fieldLabel("model.mtp_layers"), 0, 1000, fieldHelp("model.mtp_layers"),
             &model::TransformerSpec::mtpLayers);
}

void ModelSection::refresh() {
    m_binder->refresh();
    const auto& m = m_doc->scenario().model;
    if (m.layers <= 0 || m.hidden <= 0 || m.heads <= 0) {
        m_parameters->setText(QStringLiteral("—"));
        return;
    }
    const model::ParameterCount p = model::countParameters(m);
    QString text = formatParameters(p.total);
    if (m.moe.enabled())
        text = editText(EditorText::ActivePerToken, {qArg(text), parametersArg(p.active)});
    m_parameters->setText(text);
    QString attention;
    if (m.mla.enabled())
        attention =
            editText(EditorText::LatentAttention,
                     {sim::countArg(m.mla.kvLoraRank),
                      m.mla.qLoraRank > 0 ? sim::countArg(m.mla.qLoraRank) : qArg(tr("none")),
                      sim::countArg(m.mla.qkNopeHeadDim), sim::countArg(m.mla.qkRopeHeadDim),
                      sim::countArg(m.mla.vHeadDim)});
    else if (m.kvHeads > 0 && m.kvHeads < m.heads)
        attention =
            editText(EditorText::GroupedQueryAttention, {sim::countArg(m.heads / m.kvHeads)});
    else
        attention = editText(EditorText::MultiHeadAttention);
    if (m.slidingWindow.enabled())
        attention +=
            QLatin1Char('\n') +
            editText(EditorText::WindowedLayers,
                     {sim::countArg(m.windowedLayerCount(false) + m.windowedLayerCount(true)),
                      sim::countArg(m.layers), sim::countArg(m.slidingWindow.window)});
    m_attention->setText(attention);
    if (m_fullEvery) m_fullEvery->setEnabled(m.slidingWindow.enabled());
    m_parameters->setToolTip(
        metricToolTip(Metric::Parameters) + QLatin1Char('\n') +
        editText(EditorText::ParameterSplit,
                 {parametersArg(p.embedding + p.lmHead), parametersArg(p.attentionPerLayer),
                  parametersArg(m.moe.enabled() ? p.moeFfnPerMoeLayer : p.denseFfnPerLayer)}));
}

} // namespace trainplan::ui
