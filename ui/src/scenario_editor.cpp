#include <trainplan/ui/scenario_editor.h>

#include <trainplan/ui/cluster_section.h>
#include <trainplan/ui/constraints_section.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/model_section.h>
#include <trainplan/ui/plan_knobs_editor.h>
#include <trainplan/ui/plans_section.h>
#include <trainplan/ui/readiness_section.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/training_section.h>
#include <trainplan/ui/view_text.h>

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QVBoxLayout>

namespace trainplan::ui {

using model::Scenario;
using services::EditorText;

ScenarioEditor::ScenarioEditor(ScenarioDocument* doc, QWidget* parent)
    : QScrollArea(parent)
    , m_doc(doc)
    , m_banner(new QLabel)
    , m_model(new ModelSection(doc))
    , m_training(new TrainingSection(doc))
    , m_cluster(new ClusterSection(doc))
    , m_constraints(new ConstraintsSection(doc))
    , m_readiness(new ReadinessSection(doc))
    , m_plans(new PlansSection(doc)) {
    setObjectName(QStringLiteral("scenarioEditor"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);

    m_banner->setObjectName(QStringLiteral("issuesBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setMargin(6);
    m_banner->setAutoFillBackground(true);
    layout->addWidget(m_banner);

    auto* general = new QGroupBox(tr("Scenario"));
    auto* form = makeForm(general);
    m_general = new FieldBinder(doc, this);
    auto* name = new QLineEdit;
    name->setToolTip(editText(EditorText::NameTip));
    form->addRow(tr("Name"), m_general->bindText(
                                 name, QStringLiteral("name"), tr("name"),
                                 [](const Scenario& s) { return QString::fromStdString(s.name); },
                                 [](Scenario& s, const QString& v) { s.name = v.toStdString(); }));
    auto* description = new QLineEdit;
    description->setToolTip(editText(EditorText::DescriptionTip));
    form->addRow(tr("Description"),
                 m_general->bindText(
                     description, QStringLiteral("description"), tr("description"),
                     [](const Scenario& s) { return QString::fromStdString(s.description); },
                     [](Scenario& s, const QString& v) { s.description = v.toStdString(); }));
    auto* descriptionZh = new QLineEdit;
    descriptionZh->setToolTip(editText(EditorText::DescriptionZhTip));
    form->addRow(tr("Description (Chinese)"),
                 m_general->bindText(
                     descriptionZh, QStringLiteral("description_zh"), tr("Chinese description"),
                     [](const Scenario& s) { return QString::fromStdString(s.descriptionZh); },
                     [](Scenario& s, const QString& v) { s.descriptionZh = v.toStdString(); }));
    layout->addWidget(general);
    layout->addWidget(m_model);
    layout->addWidget(m_training);
    layout->addWidget(m_cluster);
    layout->addWidget(m_constraints);

    layout->addWidget(m_readiness);
    layout->addWidget(m_plans);
    layout->addStretch();
    setWidget(content);
    // The dock is never narrower than the form (no horizontal scroll bar, no clipped fields):
    // the form's own minimum plus the vertical scroll bar.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setMinimumWidth(content->minimumSizeHint().width() +
                    verticalScrollBar()->sizeHint().width() + 2 * frameWidth());

    m_binders = {m_general,           m_model->binder(),       m_training->binder(),
                 m_cluster->binder(), m_constraints->binder(), m_readiness->binder(),
                 m_plans->knobs()->binder()};
    connect(doc, &ScenarioDocument::scenarioChanged, this, &ScenarioEditor::refresh);
    connect(doc, &ScenarioDocument::issuesChanged, this, &ScenarioEditor::showIssues);
    refresh();
    showIssues();
}

void ScenarioEditor::refresh() {
    m_general->refresh();
    m_model->refresh();
    m_training->refresh();
    m_cluster->refresh();
    m_constraints->refresh();
    m_readiness->refresh();
    m_plans->refresh();
    showIssues(); // the selected plan may have changed
}

void ScenarioEditor::showIssues() {
    model::ValidationIssues rest = m_doc->issues();
    const auto total = rest.size();
    for (FieldBinder* b : m_binders)
        rest = b->showIssues(rest);
    QPalette p = palette();
    if (total == 0) {
        m_banner->setText(editText(EditorText::ScenarioValid));
        p.setColor(QPalette::Window, QColor(0x2e, 0x7d, 0x32, 40));
    } else {
        QString text =
            editText(EditorText::ScenarioProblems, {sim::countArg(static_cast<double>(total))})
                .toHtmlEscaped();
        if (!m_doc->canEstimate())
            text += QLatin1Char(' ') + editText(EditorText::ResultsPaused).toHtmlEscaped();
        if (!rest.empty()) {
            text += QStringLiteral("<ul style='margin:0'>");
            for (const auto& issue : rest)
                text +=
                    QStringLiteral("<li>%1</li>")
                        .arg(QString::fromStdString(issue.text(advisorLanguage())).toHtmlEscaped());
            text += QStringLiteral("</ul>");
        }
        m_banner->setText(text);
        p.setColor(QPalette::Window, QColor(0xd3, 0x2f, 0x2f, 40));
    }
    m_banner->setPalette(p);
}

QWidget* ScenarioEditor::fieldWidget(const QString& path) const {
    for (FieldBinder* b : m_binders)
        if (QWidget* w = b->widgetForPath(path)) return w;
    return nullptr;
}

void ScenarioEditor::focusField(const QString& path) {
    if (QWidget* w = fieldWidget(path)) {
        ensureWidgetVisible(w);
        w->setFocus(Qt::OtherFocusReason);
    }
}

} // namespace trainplan::ui
