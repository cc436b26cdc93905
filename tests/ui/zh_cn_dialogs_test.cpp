// Regression (issue 19 item 3): the window's dialogs and the scenario library speak Chinese in the
// Chinese interface, tooltips included — the report export, saving to the library, a scenario's
// history, the settings, the scenario comparison (with its results) and the library dock. The main
// window's tabs are walked by zh_cn_visible_text_test.cpp. Writes each as dialog-NAME_zh_CN.png
// when TRAINPLAN_SCREENSHOT_DIR is set.
#include "ui_test_support.h"

#include <trainplan/ui/export_report_dialog.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/library_history_dialog.h>
#include <trainplan/ui/library_save_dialog.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/scenario_comparison_dialog.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_library_dock.h>
#include <trainplan/ui/settings_dialog.h>

#include <QAbstractButton>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTreeWidget>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::ui {
namespace {

// Every text the user can read in `root`: labels, buttons, combo items, list and table cells,
// placeholders, tooltips and the window title.
QStringList readableTexts(QWidget* root) {
    QStringList out{root->windowTitle()};
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->toolTip().isEmpty()) out << w->toolTip();
        if (auto* l = qobject_cast<QLabel*>(w)) out << l->text();
        if (auto* b = qobject_cast<QAbstractButton*>(w)) out << b->text();
        if (auto* e = qobject_cast<QLineEdit*>(w)) out << e->placeholderText();
        if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i)
                out << c->itemText(i);
        if (auto* l = qobject_cast<QListWidget*>(w))
            for (int i = 0; i < l->count(); ++i)
                out << l->item(i)->text();
        if (auto* t = qobject_cast<QTableWidget*>(w))
            for (int r = 0; r < t->rowCount(); ++r) {
                if (t->verticalHeaderItem(r)) out << t->verticalHeaderItem(r)->text();
                for (int c = 0; c < t->columnCount(); ++c)
                    if (t->item(r, c)) out << t->item(r, c)->text();
            }
        if (auto* t = qobject_cast<QTreeWidget*>(w))
            for (int i = 0; i < t->topLevelItemCount(); ++i)
                out << t->topLevelItem(i)->text(0) << t->topLevelItem(i)->toolTip(0);
    }
    out.removeAll(QString());
    return out;
}

void expectChinese(QWidget* w, const char* name, const QStringList& allowed) {
    w->resize(w->sizeHint().expandedTo(QSize(640, 360)));
    w->show();
    test::waitFor([] { return false; }, 200);
    for (const QString& text : readableTexts(w)) {
        EXPECT_FALSE(test::looksEnglish(text, allowed)) << name << ": " << text.toStdString();
    }
    const QString dir = qEnvironmentVariable("TRAINPLAN_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        EXPECT_TRUE(w->grab().save(
            QDir(dir).filePath(QStringLiteral("dialog-%1_zh_CN.png").arg(QLatin1String(name)))));
    }
    w->hide();
}

TEST(ChineseDialogs, NoEnglishSentenceInTheWindowsDialogs) {
    test::app();
    installLanguage(QStringLiteral("zh_CN"));
    {
        LibraryStore library;
        ASSERT_TRUE(library.openInMemory(*test::catalog()));
        const model::Scenario mixtral = test::loadExample("mixtral-8x7b-h800x64-roce.json");
        ASSERT_TRUE(library.save(mixtral, QStringLiteral("mixtral"), {}));
        ASSERT_TRUE(library.save(mixtral, QStringLiteral("mixtral"), {QStringLiteral("moe")}));
        ScenarioDocument doc(test::catalog());
        doc.reset(test::loadExample("llama31-70b-h100x256.json"));
        // Data, not interface text: scenario and model names, the languages' own names.
        const QStringList allowed{QString::fromStdString(doc.scenario().name),
                                  QString::fromStdString(mixtral.name),
                                  QString::fromStdString(doc.scenario().model.displayName),
                                  QString::fromStdString(mixtral.model.displayName),
                                  QString::fromStdString(doc.scenario().cluster.gpu.name),
                                  QString::fromStdString(mixtral.cluster.gpu.name),
                                  QStringLiteral("Hugging Face"),
                                  QStringLiteral("PyTorch FSDP"),
                                  QStringLiteral("DeepSpeed ZeRO"),
                                  QStringLiteral("PyTorch DDP")};

        ExportReportDialog exporter(&doc);
        expectChinese(&exporter, "export", allowed);
        exporter.setCompareWith({mixtral});
        expectChinese(&exporter, "export-side-by-side", allowed);

        LibrarySaveDialog save(&library, QStringLiteral("mixtral"));
        expectChinese(&save, "save-to-library", allowed);

        LibraryHistoryDialog history(QStringLiteral("mixtral"),
                                     library.history(QStringLiteral("mixtral")));
        expectChinese(&history, "history", allowed);

        SettingsDialog settings;
        expectChinese(&settings, "settings", allowed);

        ScenarioLibraryDock dock;
        dock.setLibrary(&library, [] { return test::loadExample("llama31-70b-h100x256.json"); });
        expectChinese(&dock, "library", allowed);

        ScenarioComparisonDialog comparison(&doc, &library);
        expectChinese(&comparison, "comparison-ticked", allowed);
        comparison.choose({QStringLiteral("mixtral")});
        comparison.compare();
        ASSERT_TRUE(test::waitFor([&] { return comparison.result() && !comparison.isComparing(); },
                                  120000));
        EXPECT_TRUE(comparison.messageText().contains(QStringLiteral("检查点")))
            << comparison.messageText().toStdString();
        expectChinese(&comparison, "comparison", allowed);
    }
    installLanguage(QStringLiteral("en"));
}

} // namespace
} // namespace trainplan::ui
