#include <trainplan/ui/field_binder.h>

#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/scenario_document.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace trainplan::ui {

FieldBinder::FieldBinder(ScenarioDocument* doc, QObject* parent)
    : QObject(parent)
    , m_doc(doc) {}

void FieldBinder::setPathPrefix(const QString& prefix) {
    m_prefix = prefix;
    for (auto& b : m_bindings)
        if (b.widget) b.widget->setObjectName(fullPath(b.field));
}

void FieldBinder::setActive(bool active) {
    m_active = active;
    for (auto& b : m_bindings)
        if (b.widget) b.widget->setEnabled(active);
    if (active) refresh();
}

QWidget* FieldBinder::addBinding(QWidget* w, const QString& field, const QString& label,
                                 std::function<void(const model::Scenario&)> load) {
    w->setObjectName(fullPath(field));
    auto* container = new QWidget;
    auto* layout = new QVBoxLayout(container);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(w);
    auto* message = new QLabel(container);
    message->setWordWrap(true);
    message->setObjectName(QStringLiteral("validationMessage"));
    message->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    message->hide();
    layout->addWidget(message);
    m_bindings.push_back({w, message, field, label, w->toolTip(), std::move(load)});
    return container;
}

void FieldBinder::store(const QString& field, const QString& label,
                        const std::function<void(model::Scenario&)>& change) {
    if (m_loading || !m_active) return;
    model::Scenario next = m_doc->scenario();
    change(next);
    m_doc->edit(tr("Change %1").arg(label), fullPath(field), std::move(next));
}

QWidget* FieldBinder::bindInt(QSpinBox* w, const QString& field, const QString& label,
                              Getter<int> get, Setter<int> set) {
    w->setKeyboardTracking(false);
    connect(w, &QSpinBox::valueChanged, this,
            [=, this](int v) { store(field, label, [&](model::Scenario& s) { set(s, v); }); });
    return addBinding(w, field, label, [w, get](const model::Scenario& s) { w->setValue(get(s)); });
}

QWidget* FieldBinder::bindDouble(QDoubleSpinBox* w, const QString& field, const QString& label,
                                 Getter<double> get, Setter<double> set) {
    w->setKeyboardTracking(false);
    connect(w, &QDoubleSpinBox::valueChanged, this,
            [=, this](double v) { store(field, label, [&](model::Scenario& s) { set(s, v); }); });
    return addBinding(w, field, label, [w, get](const model::Scenario& s) { w->setValue(get(s)); });
}

QWidget* FieldBinder::bindBool(QCheckBox* w, const QString& field, const QString& label,
                               Getter<bool> get, Setter<bool> set) {
    connect(w, &QCheckBox::toggled, this,
            [=, this](bool v) { store(field, label, [&](model::Scenario& s) { set(s, v); }); });
    return addBinding(w, field, label,
                      [w, get](const model::Scenario& s) { w->setChecked(get(s)); });
}

QWidget* FieldBinder::bindChoice(QComboBox* w, const QString& field, const QString& label,
                                 Getter<QString> get, Setter<QString> set) {
    connect(w, &QComboBox::activated, this, [=, this](int index) {
        const QString v = w->itemData(index).toString();
        store(field, label, [&](model::Scenario& s) { set(s, v); });
    });
    return addBinding(w, field, label, [w, get](const model::Scenario& s) {
        const int i = w->findData(get(s));
        w->setCurrentIndex(i);
    });
}

QWidget* FieldBinder::bindText(QLineEdit* w, const QString& field, const QString& label,
                               Getter<QString> get, Setter<QString> set) {
    connect(w, &QLineEdit::editingFinished, this, [=, this] {
        const QString v = w->text();
        store(field, label, [&](model::Scenario& s) { set(s, v); });
    });
    return addBinding(w, field, label, [w, get](const model::Scenario& s) {
        const QString v = get(s);
        if (w->text() == v) return;
        w->setText(v);
        w->setCursorPosition(0);
    });
}

void FieldBinder::refresh() {
    if (!m_active) return;
    m_loading = true;
    const model::Scenario& s = m_doc->scenario();
    for (auto& b : m_bindings) {
        if (!b.widget) continue;
        const QSignalBlocker block(b.widget);
        b.load(s);
    }
    m_loading = false;
}

void FieldBinder::markInvalid(Binding& b, const QString& message) {
    if (!b.widget) return;
    if (message.isEmpty()) {
        b.message->hide();
        b.widget->setPalette(QPalette());
        b.widget->setToolTip(b.baseToolTip);
        return;
    }
    b.message->setText(message);
    b.message->show();
    QWidget* parent = b.widget->parentWidget();
    QPalette p = parent ? parent->palette() : b.widget->palette();
    const QColor base = p.color(QPalette::Base);
    const QColor red(0xd3, 0x2f, 0x2f);
    p.setColor(QPalette::Base,
               QColor((base.red() * 3 + red.red()) / 4, (base.green() * 3 + red.green()) / 4,
                      (base.blue() * 3 + red.blue()) / 4));
    b.widget->setPalette(p);
    b.widget->setToolTip(
        b.baseToolTip.isEmpty() ? message : b.baseToolTip + QStringLiteral("\n\n⚠ ") + message);
}

model::ValidationIssues FieldBinder::showIssues(const model::ValidationIssues& issues) {
    std::vector<QStringList> messages(m_bindings.size());
    model::ValidationIssues unclaimed;
    for (const auto& issue : issues) {
        const QString path = QString::fromStdString(issue.path);
        int best = -1;
        qsizetype bestLength = -1;
        for (std::size_t i = 0; i < m_bindings.size(); ++i) {
            const QString full = fullPath(m_bindings[i].field);
            const bool match = path == full || path.startsWith(full + QLatin1Char('.')) ||
                               path.startsWith(full + QLatin1Char('['));
            if (match && full.size() > bestLength) {
                best = static_cast<int>(i);
                bestLength = full.size();
            }
        }
        if (best < 0 || !m_active)
            unclaimed.push_back(issue);
        else
            messages[static_cast<std::size_t>(best)]
                << QString::fromStdString(issue.messageIn(advisorLanguage()));
    }
    for (std::size_t i = 0; i < m_bindings.size(); ++i)
        markInvalid(m_bindings[i], messages[i].join(QLatin1Char('\n')));
    return unclaimed;
}

QWidget* FieldBinder::widgetForPath(const QString& path) const {
    for (const auto& b : m_bindings)
        if (fullPath(b.field) == path) return b.widget;
    return nullptr;
}

} // namespace trainplan::ui
