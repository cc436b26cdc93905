// The Calibration view's profiles (split from calibration_view.cpp): the library's saved
// calibration profiles, saving a fit as one, and selecting one in the edited scenario.
#include <trainplan/ui/calibration_view.h>

#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/scenario_document.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

#include <algorithm>

namespace trainplan::ui {

void CalibrationView::reloadProfiles() {
    const QString current = m_document && m_document->scenario().efficiency.profile
                                ? QString::fromStdString(*m_document->scenario().efficiency.profile)
                                : QString();
    m_profile->clear();
    m_profile->addItem(calText(sim::CalText::ProfileNone), QString());
    store::Store* st = m_library ? m_library->store() : nullptr;
    bool known = current.isEmpty();
    if (st) {
        try {
            for (const auto& p : st->calibrationProfiles()) {
                const QString name = QString::fromStdString(p.name);
                m_profile->addItem(name, name);
                if (!p.notes.empty())
                    m_profile->setItemData(m_profile->count() - 1, QString::fromStdString(p.notes),
                                           Qt::ToolTipRole);
                known = known || name == current;
            }
        } catch (const std::exception& e) {
            m_profileNote->setText(
                calText(sim::CalText::ProfilesUnreadable, {sim::textArg(errorText(e))}));
        }
    }
    if (!known)
        m_profile->addItem(calText(sim::CalText::ProfileNotInLibrary, {qArg(current)}), current);
    m_profile->setCurrentIndex(std::max(0, m_profile->findData(current)));
    m_profile->setEnabled(m_document != nullptr);
    // The note says "no library" until one opens (a property, not a prefix of the text, which
    // differs by language).
    static constexpr const char* kNoLibraryNote = "noLibraryNote";
    if (!st) {
        m_profileNote->setText(m_library
                                   ? calText(sim::CalText::NoLibraryProfilesWhy,
                                             {qArg(m_library->openError().isEmpty()
                                                       ? calText(sim::CalText::SeeLibraryPanel)
                                                       : m_library->openError())})
                                   : calText(sim::CalText::NoLibraryProfiles));
        m_profileNote->setProperty(kNoLibraryNote, true);
    } else if (m_profileNote->property(kNoLibraryNote).toBool()) {
        m_profileNote->clear();
        m_profileNote->setProperty(kNoLibraryNote, false);
    }
    m_saveProfile->setEnabled(st && m_result && m_result->ok());
}

bool CalibrationView::saveProfile(const QString& name, const QString& notes, QString* error) {
    auto failWith = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) return failWith(calText(sim::CalText::NoLibraryToSave));
    if (!m_result) return failWith(calText(sim::CalText::NothingFitted));
    if (!m_result->ok()) return failWith(calText(sim::CalText::RefusedNothingToSave));
    if (name.trimmed().isEmpty()) return failWith(calText(sim::CalText::ProfileNameMissing));
    try {
        st->saveCalibrationProfile(name.trimmed().toStdString(), sim::profileParameters(*m_result),
                                   notes.toStdString());
    } catch (const std::exception& e) {
        return failWith(errorQText(e));
    }
    emit m_library->profilesChanged();
    m_profileNote->setText(calText(sim::CalText::ProfileSaved, {qArg(name.trimmed())}));
    return true;
}

void CalibrationView::saveProfileDialog() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Save as calibration profile"));
    auto* form = new QFormLayout(&dialog);
    auto* name = new QLineEdit;
    name->setPlaceholderText(calText(sim::CalText::ProfileNamePlaceholder));
    const bool clusterFit =
        m_source->currentData(SourceKindRole) == static_cast<int>(SourceKind::Cluster);
    if (m_document && m_document->scenario().efficiency.profile)
        name->setText(QString::fromStdString(*m_document->scenario().efficiency.profile));
    else if (clusterFit)
        name->setText(m_source->currentData().toString());
    // A fit of the edited scenario's own cluster or runs is meant for it: offer to use it there.
    auto* use = new QCheckBox(
        m_document ? calText(sim::CalText::UseInEditedScenario, {qArg(m_document->displayName())})
                   : QString());
    use->setObjectName(QStringLiteral("useProfileInScenario"));
    use->setVisible(m_document != nullptr);
    if (m_document) {
        const QString key = m_source->currentData().toString();
        use->setChecked(
            clusterFit ? key == QString::fromStdString(services::clusterKey(m_document->scenario()))
                       : !key.isEmpty() &&
                             key == QString::fromStdString(m_document->scenario().name));
    }
    auto* notes = new QPlainTextEdit;
    notes->setPlaceholderText(calText(sim::CalText::ProfileNotesPlaceholder));
    notes->setPlainText(calText(sim::CalText::ProfileNotes,
                                {qArg(summaryParameters()), qArg(m_source->currentText())}));
    auto* problem = new QLabel;
    problem->setForegroundRole(QPalette::BrightText);
    problem->hide();
    form->addRow(tr("Name"), name);
    form->addRow(tr("Notes"), notes);
    form->addRow(use);
    form->addRow(problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        QString error;
        if (saveProfile(name->text(), notes->toPlainText(), &error)) {
            if (use->isChecked()) useProfile(name->text().trimmed());
            dialog.accept();
        } else {
            problem->setText(error);
            problem->show();
        }
    });
    dialog.exec();
}

QString CalibrationView::summaryParameters() const {
    QStringList names;
    if (m_result)
        for (const auto& p : m_result->parameters)
            names << toQString(sim::efficiencyKey(p.parameter));
    return names.join(QStringLiteral(", "));
}

void CalibrationView::useProfile(const QString& name) {
    if (!m_document) return;
    model::Scenario s = m_document->scenario();
    const std::optional<std::string> wanted =
        name.isEmpty() ? std::nullopt : std::optional<std::string>(name.toStdString());
    if (s.efficiency.profile == wanted) return;
    s.efficiency.profile = wanted;
    m_document->edit(name.isEmpty() ? calText(sim::CalText::UseNoProfile)
                                    : calText(sim::CalText::UseProfile, {qArg(name)}),
                     QStringLiteral("efficiency.profile"), std::move(s));
}

} // namespace trainplan::ui
