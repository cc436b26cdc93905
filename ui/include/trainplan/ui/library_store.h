#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/store/records.h>

#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>
#include <QStringList>

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace trainplan::store {
class Store;
}

namespace trainplan::ui {

// The GUI's handle on the user's library database (model/store): the scenarios saved there with
// their tags and version history, import/export of the library file. Used on the GUI thread only.
// A database that cannot be opened (corrupt, newer schema, read-only directory, ...) leaves the
// library closed with the store's message; every other part of the app keeps working. Operations
// return false / nullopt on failure and keep the store's message in lastError().
class LibraryStore : public QObject {
    Q_OBJECT
public:
    explicit LibraryStore(QObject* parent = nullptr);
    ~LibraryStore() override;

    // `--db PATH` when given, else $TRAINPLAN_DB, else the XDG data location. Empty with `error`
    // set when no location can be determined.
    [[nodiscard]] static QString resolvePath(const QString& explicitPath, QString* error = nullptr);

    // Opens (creating and migrating as needed) the database file. `builtinCatalog` is the catalog
    // seeded as read-only entries (data/catalog when unset).
    bool open(const QString& path, std::optional<model::Catalog> builtinCatalog = std::nullopt);
    bool openInMemory(std::optional<model::Catalog> builtinCatalog = std::nullopt); // for tests
    void close();
    [[nodiscard]] bool isOpen() const { return m_store != nullptr; }
    [[nodiscard]] QString path() const { return m_path; }
    [[nodiscard]] QString openError() const { return m_openError; }   // why the database is closed
    [[nodiscard]] QString backupNote() const { return m_backupNote; } // set after a migration
    [[nodiscard]] QString lastError() const { return m_lastError; }
    // The open store (nullptr when the library is closed), for the Measurements and Calibration
    // views; they emit runsChanged() / profilesChanged() after writing through it.
    [[nodiscard]] store::Store* store() const { return m_store.get(); }

    [[nodiscard]] std::vector<store::ScenarioSummary> scenarios();
    [[nodiscard]] bool contains(const QString& name);
    [[nodiscard]] std::vector<store::ScenarioVersion> history(const QString& name);
    // The newest version (version 0) or the given one, parsed against the library's catalog.
    [[nodiscard]] model::ScenarioLoad load(const QString& name, int version = 0);

    // Saves `scenario` under `name` with `tags`: a new scenario, or a new version of an existing
    // one.
    std::optional<store::SaveResult> save(const model::Scenario& scenario, const QString& name,
                                          const QStringList& tags);
    // Saves an old version again as the newest (the history keeps every version).
    std::optional<store::SaveResult> restore(const QString& name, int version);

    // A scenario with its tags, times and every version, as one entry of a trainplan.library.v1
    // file's "scenarios" array; nullopt when there is no scenario of that name.
    [[nodiscard]] std::optional<nlohmann::ordered_json> snapshot(const QString& name);

    // The store's soft delete, undelete and in-place rename: the scenario keeps its id, every
    // version, its tags and the links of its measured runs and comparisons, so undo and redo of
    // new / duplicate / rename / delete give back exactly what was there. False with lastError()
    // (also emitted as failed()) when the store refuses.
    bool deleteScenario(const QString& name);
    bool undeleteScenario(const QString& name);
    bool renameScenario(const QString& name, const QString& newName);

    bool exportLibrary(const QString& file);
    std::optional<store::LibraryImportSummary> importLibrary(const QString& file);

signals:
    void changed();         // scenarios added, removed or changed, or the database opened or closed
    void runsChanged();     // measured runs added, imported or deleted
    void profilesChanged(); // calibration profiles saved or deleted
    void renamed(const QString& oldName, const QString& newName); // after changed()
    void failed(const QString& message); // a write the store refused (as in lastError())

private:
    void fail(const std::exception& e);
    // Runs a write; on failure keeps the message and emits failed().
    bool write(const std::function<void()>& operation);
    bool openWith(const std::function<void()>& opener);

    std::unique_ptr<store::Store> m_store;
    QString m_path;
    QString m_openError;
    QString m_backupNote;
    QString m_lastError;
};

[[nodiscard]] QStringList splitTags(const QString& text); // "a, b ,c" -> {"a", "b", "c"}

} // namespace trainplan::ui
