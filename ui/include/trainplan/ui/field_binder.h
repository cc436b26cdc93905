#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace trainplan::ui {

class ScenarioDocument;

// Two-way binding between editor widgets and scenario fields. A user edit becomes an undoable
// ScenarioDocument::edit; a scenario change (edit, undo, redo, open) refreshes every bound widget;
// validation issues are shown at the field whose path they name (e.g. "cluster.nodes").
class FieldBinder : public QObject {
    Q_OBJECT
public:
    template <typename T> using Getter = std::function<T(const model::Scenario&)>;
    template <typename T> using Setter = std::function<void(model::Scenario&, T)>;

    FieldBinder(ScenarioDocument* doc, QObject* parent);

    // Field paths are relative to this prefix (e.g. "plans[2]." for a plan's knobs).
    void setPathPrefix(const QString& prefix);
    [[nodiscard]] QString pathPrefix() const { return m_prefix; }
    // While inactive, widgets neither load nor store (e.g. no plan selected).
    void setActive(bool active);

    // Each bind*() sets the widget's objectName to its field path and returns a container holding
    // the widget and its (hidden) validation message, ready for a form row.
    QWidget* bindInt(QSpinBox* w, const QString& field, const QString& label, Getter<int> get,
                     Setter<int> set);
    QWidget* bindDouble(QDoubleSpinBox* w, const QString& field, const QString& label,
                        Getter<double> get, Setter<double> set);
    QWidget* bindBool(QCheckBox* w, const QString& field, const QString& label, Getter<bool> get,
                      Setter<bool> set);
    // Items carry their value as a QString in Qt::UserRole.
    QWidget* bindChoice(QComboBox* w, const QString& field, const QString& label,
                        Getter<QString> get, Setter<QString> set);
    QWidget* bindText(QLineEdit* w, const QString& field, const QString& label, Getter<QString> get,
                      Setter<QString> set);

    void refresh();
    // Marks the fields named by the issues; returns the issues that no bound field claims.
    model::ValidationIssues showIssues(const model::ValidationIssues& issues);
    [[nodiscard]] QWidget* widgetForPath(const QString& path) const;

private:
    struct Binding {
        QPointer<QWidget> widget;
        QLabel* message = nullptr;
        QString field;
        QString label;
        QString baseToolTip;
        std::function<void(const model::Scenario&)> load;
    };
    QWidget* addBinding(QWidget* w, const QString& field, const QString& label,
                        std::function<void(const model::Scenario&)> load);
    void store(const QString& field, const QString& label,
               const std::function<void(model::Scenario&)>& change);
    [[nodiscard]] QString fullPath(const QString& field) const { return m_prefix + field; }
    static void markInvalid(Binding& b, const QString& message);

    ScenarioDocument* m_doc;
    QString m_prefix;
    bool m_active = true;
    bool m_loading = false;
    std::vector<Binding> m_bindings;
};

} // namespace trainplan::ui
