#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>
#include <trainplan/ui/profile_resolution.h>

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <string>

class QUndoStack;

namespace trainplan::services {
class Planner;
struct StoredRunRecords;
} // namespace trainplan::services

namespace trainplan::ui {

// The scenario being edited: the value, its file, its undo history and its validation issues.
// Every change goes through edit() so it can be undone.
class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(std::shared_ptr<const model::Catalog> catalog,
                              QObject* parent = nullptr);
    ~ScenarioDocument() override;

    [[nodiscard]] const model::Scenario& scenario() const { return m_scenario; }
    // The scenario the surfaces compute from: scenario() with its calibration profile applied
    // (resolveProfile with the lookup set here; the editor keeps showing scenario()).
    [[nodiscard]] ResolvedScenario planningScenario() const {
        return resolveProfile(m_scenario, m_profileLookup, m_prices);
    }
    // Another scenario (a library one) made ready to plan the same way: its profile, the prices.
    [[nodiscard]] ResolvedScenario planningScenarioOf(const model::Scenario& s) const {
        return resolveProfile(s, m_profileLookup, m_prices);
    }
    void setProfileLookup(ProfileLookup lookup) { m_profileLookup = std::move(lookup); }
    // The library's price table, applied to the planning scenario's GPU (and to the editor's
    // "costs use" line); none: catalog prices.
    void setPriceSource(PriceSource prices) { m_prices = std::move(prices); }
    [[nodiscard]] model::PriceTable priceTable() const {
        return m_prices ? m_prices() : model::PriceTable{};
    }
    // The library's records behind its measured runs (services::readStoredRunRecords), for the
    // report's predicted-against-measured section: read here on the GUI thread (cheap), made into
    // runs in the report's job (services::calibrationRunsOf searches published rows' plans).
    // Unset: no library, nullptr.
    using MeasuredRunsSource = std::function<services::StoredRunRecords()>;
    void setMeasuredRunsSource(MeasuredRunsSource source) { m_measured = std::move(source); }
    [[nodiscard]] std::shared_ptr<const services::StoredRunRecords> measuredRunRecords() const;
    [[nodiscard]] const model::Catalog& catalog() const { return *m_catalog; }
    [[nodiscard]] std::shared_ptr<const model::Catalog> sharedCatalog() const { return m_catalog; }
    // The planning cache every surface of this window plans through (services/planning.h), so
    // that Compare, Explore, the Roadmap, the report and the presentation read one search.
    [[nodiscard]] std::shared_ptr<services::Planner> sharedPlanner() const { return m_planner; }
    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }
    [[nodiscard]] const model::ValidationIssues& issues() const { return m_issues; }
    [[nodiscard]] bool canEstimate() const { return m_canEstimate; }
    [[nodiscard]] QString filePath() const { return m_filePath; }
    [[nodiscard]] bool isModified() const;
    [[nodiscard]] QString displayName() const; // scenario name, or the file name, or "Untitled"

    // Replaces the scenario (new/open): clears the undo history and marks it unmodified.
    void reset(model::Scenario s, const QString& filePath = {});
    // Records an undoable edit. Consecutive edits of the same field within a second merge into
    // one undo step (a spin box dragged through values).
    void edit(const QString& description, const QString& field, model::Scenario after);
    // Writes the scenario as trainplan.scenario.v1 JSON; on failure returns false with a message.
    bool saveAs(const QString& filePath, QString* error);

    // Used by the undo commands.
    void applyFromHistory(const model::Scenario& s, const QString& field);

    // A reasonable starting scenario from the catalog.
    [[nodiscard]] static model::Scenario defaultScenario(const model::Catalog& catalog);

signals:
    void scenarioChanged(const QString& field); // after any change; field empty = everything
    void scenarioReset();
    void issuesChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& filePath);

private:
    void setScenario(model::Scenario s, const QString& field);

    std::shared_ptr<const model::Catalog> m_catalog;
    std::shared_ptr<services::Planner> m_planner;
    model::Scenario m_scenario;
    model::ValidationIssues m_issues;
    bool m_canEstimate = false;
    QString m_filePath;
    QUndoStack* m_undo = nullptr;
    ProfileLookup m_profileLookup;
    PriceSource m_prices;
    MeasuredRunsSource m_measured;
};

} // namespace trainplan::ui
