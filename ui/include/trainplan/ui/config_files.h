#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QMainWindow;
class QMimeData;

namespace trainplan::ui {

class CompareTab;
class ScenarioDocument;

// The framework files teams already have, in and out of the GUI (issue 10):
// - dropping files on the window (or File → Import configs…) builds a scenario from Hugging Face
//   config.json, DeepSpeed ds_config.json, Megatron-LM launch scripts and torchrun/Slurm scripts
//   (model::io::importFiles) — a dropped TrainPlan scenario file is simply opened;
// - File → Export launch files… writes ds_config.json / megatron_args.sh / torchrun.sh /
//   job.sbatch for the plan selected in the Compare tab (model::io::exportPlan).
class ConfigFiles : public QObject {
    Q_OBJECT
public:
    struct Hooks {
        std::function<bool()> maybeSave;                  // false: the user cancelled
        std::function<bool(const QString&)> openScenario; // opens a trainplan.scenario.v1 file
    };
    ConfigFiles(QMainWindow* window, ScenarioDocument* doc, CompareTab* compare,
                std::shared_ptr<const model::Catalog> catalog, Hooks hooks);

    [[nodiscard]] QAction* importAction() const { return m_import; }
    [[nodiscard]] QAction* exportAction() const { return m_export; }

    // Without interaction (tests), results and problems go to lastMessage() instead of dialogs.
    void setInteractive(bool interactive) { m_interactive = interactive; }
    [[nodiscard]] const QString& lastMessage() const { return m_lastMessage; }

    // Imports the files into a new, unsaved scenario; false (with the importer's messages) when
    // they do not make one. A single TrainPlan scenario file is opened instead.
    bool importFiles(const QStringList& paths);
    // Writes the launch files of the plan selected in the Compare tab into `directory`.
    bool exportSelectedPlan(const QString& directory);
    // The plan the Compare tab shows as selected, when it is a concrete plan.
    [[nodiscard]] std::optional<model::Plan> selectedPlan() const;
    // Why the selected plan would not run (it does not fit the GPU), or empty.
    [[nodiscard]] QString selectedPlanMisfit() const;

    // Local files in a drag, or an empty list when the drag carries none.
    [[nodiscard]] static QStringList localFiles(const QMimeData* mime);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void importDialog();
    void exportDialog();
    void report(const QString& title, const QString& text, bool problem);

    QMainWindow* m_window;
    ScenarioDocument* m_doc;
    CompareTab* m_compare;
    std::shared_ptr<const model::Catalog> m_catalog;
    Hooks m_hooks;
    QAction* m_import;
    QAction* m_export;
    bool m_interactive = true;
    QString m_lastMessage;
    QString m_lastDirectory;
};

} // namespace trainplan::ui
