#pragma once

#include <QGroupBox>

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// What the plan search and the sizing must respect (issue 20 item 5): GPU limit, memory headroom,
// allowed frameworks, deadline and budget. Stored in the scenario's `constraints` and honoured by
// Compare, Explore, Roadmap and Sizing alike.
class ConstraintsSection : public QGroupBox {
    Q_OBJECT
public:
    ConstraintsSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();

private:
    FieldBinder* m_binder;
};

} // namespace trainplan::ui
