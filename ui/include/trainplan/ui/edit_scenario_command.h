#pragma once

#include <trainplan/model/scenario.h>

#include <QElapsedTimer>
#include <QUndoCommand>

namespace trainplan::ui {

class ScenarioDocument;

// One edit of the scenario, stored as the whole value before and after (a scenario is a few
// kilobytes, and whole snapshots make undo exact for every kind of edit).
class EditScenarioCommand : public QUndoCommand {
public:
    static constexpr int kId = 0x7e57;
    EditScenarioCommand(ScenarioDocument* doc, const QString& text, QString field,
                        model::Scenario before, model::Scenario after);

    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument* m_doc;
    QString m_field;
    model::Scenario m_before;
    model::Scenario m_after;
    QElapsedTimer m_age;
};

} // namespace trainplan::ui
