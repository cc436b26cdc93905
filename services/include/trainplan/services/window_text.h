#pragma once

// The main window's, its dialogs' and the scenario library's sentences, in English and Simplified
// Chinese: tab tooltips, status-bar messages, open/save/import/export messages, the library's
// errors and prompts, the report-export, settings, comparison and presentation dialogs. Each is an
// id plus typed arguments, rendered by sim::renderTemplate, so numbers come out in the one style
// of number_format.h.

#include <trainplan/simulator/advice_text.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::services {

enum class WindowText {
    // Report export dialog.
    ExportDeckOption,
    ExportFormatPdf,
    ExportFormatHtml,
    ExportFormatMarkdown,
    ExportFormatCsv,
    ExportFormatJson,
    ExportFormatTip,
    ExportDeckTip,
    ExportLanguageTip,
    ExportPathTip,
    ExportScope,
    ExportScopeSideBySide,
    ExportNeedFile,
    ExportBadSuffix,
    ExportNoFolder,
    ExportFolderReadOnly,
    ExportFileReadOnly,
    ExportScenarioBlocked,
    ExportComputing,
    ExportCancelled,
    ExportWriting,
    ExportNoReason,
    ExportTimes,
    ExportNotWritten,
    ExportFailed,
    ExportWrotePages,
    ExportWrote,
    ExportMoreFiles,
    // Main window: tabs, status bar, menus' messages, shortcuts, about.
    TabCompareTip,
    TabExploreTip,
    TabRoadmapTip,
    TabSizingTip,
    TabAccuracyTip,
    TabCalibrationTip,
    TabMeasurementsTip,
    BusyTip,
    LatencyTip,
    CatalogUnreadable,
    NoLibraryOpen,
    ProfileNotInLibrary,
    RecomputedIn,
    Computing,
    PinPlanCommand,
    PinnedPlan,
    UnpinPlanCommand,
    WindowTitle,
    ShortcutOpenFile,
    ShortcutUndo,
    ShortcutAccuracyTabs,
    ShortcutFocusEditor,
    ShortcutFocusLibrary,
    ShortcutSaveToLibrary,
    ShortcutDerivation,
    ShortcutPin,
    ShortcutExportReport,
    ShortcutPresent,
    ShortcutCancelSweeps,
    PresentFixFirst,
    About,
    // Scenario files and library scenarios (main_window_files.cpp).
    LibraryUnavailableBecause,
    LibraryScenarioNotOpened,
    OpenedVersion,
    SavedInLibrary,
    SavedInLibraryVersion,
    FileNotOpened,
    OpenedWithProblems,
    SavedFile,
    UnsavedChanges,
    // Scenario library dock and store.
    LibraryFilterPlaceholder,
    NewScenarioTip,
    OpenFileTip,
    SaveToLibraryTip,
    LibraryGroupTip,
    NoLibraryDatabase,
    LibraryUnavailableHint,
    LibraryGroupPathTip,
    LibraryItemTip,
    ExamplesTip,
    NameWithDetail,
    LibraryUnavailable,
    NameEmpty,
    AlreadyInLibrary,
    UndoNew,
    UndoDuplicate,
    UndoRename,
    UndoDelete,
    CopyName,
    ConfirmDelete,
    LibraryImported,
    LibraryUpgraded,
    FileCannotWrite,
    FileCannotOpen,
    NotLibraryFile,
    TagsPlaceholder,
    EnterName,
    SaveAddsVersion,
    SaveNewScenario,
    HistoryTitle,
    HistoryIntro,
    CurrentVersion,
    // Settings.
    RateTip,
    SystemLanguage,
    LanguageTip,
    PricesNote,
    RestartQuestion,
    // Framework configs and launch files.
    ImportConfigsTip,
    ExportLaunchTip,
    NotAScenario,
    ImportedConfigs,
    PlanDoesNotFit,
    SelectPlanFirst,
    LaunchNotWritten,
    WroteLaunchFiles,
    WriteAnyway,
    // Scenario comparison.
    TickScenarios,
    ComparisonExportTip,
    EditedScenario,
    LibraryUnreadable,
    TickedCount,
    ScenarioNotValid,
    ScenarioUnreadable,
    PlanningCount,
    ComparisonFailed,
    FrameworkStepTime,
    GpusOfType,
    ComparisonNote,
    // Chart export.
    ChartBadResolution,
    ChartPngFailed,
    ChartNotWritten,
    CopyChartTip,
    ChartDpi,
    // Presentation.
    PresentationHint,
    PresentationTitle,
    WhatIfGpusTip,
    WhatIfBandwidthTip,
    WhatIfResetTip,
    Updating,
    CouldNotEstimate,
    WhatIfStatus,
    ScenarioAsEdited,
    // The GUI's command line (`trainplan --help` and its usage errors).
    CliDescription,
    CliHelp,
    CliVersion,
    CliLang,
    CliTab,
    CliDb,
    CliScenario,
    CliBadLang,
    CliBadTab,
    CliEmptyDb,
    CliTooManyFiles, // keep last
};
inline constexpr int kWindowTextCount = static_cast<int>(WindowText::CliTooManyFiles) + 1;

// The entry's template in `lang` (placeholders {0}.., {0|singular|plural}).
[[nodiscard]] std::string_view windowTemplate(WindowText id, sim::Lang lang);
// How many arguments the entry takes.
[[nodiscard]] int windowArgCount(WindowText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string windowText(WindowText id, sim::Lang lang,
                                     std::initializer_list<sim::MessageArg> args = {});

} // namespace trainplan::services
