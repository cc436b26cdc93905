// The Calibration view's profiles (split from calibration_view.cpp): the library's saved
// calibration profiles, saving a fit as one, and selecting one in the edited scenario.
#include <trainplan/ui/calibration_view.h>

#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/store/store.h>
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
    m_profile->addItem(tr("(none: default efficiency)"), QString());
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
                tr("The profiles could not be read: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    if (!known) m_profile->addItem(tr("%1 (not in the library)").arg(current), current);
    m_profile->setCurrentIndex(std::max(0, m_profile->findData(current)));
    m_profile->setEnabled(m_document != nullptr);
    if (!st)
        m_profileNote->setText(
            m_library ? tr("No library is open: profiles cannot be saved or listed (%1).")
                            .arg(m_library->openError().isEmpty() ? tr("see the library panel")
                                                                  : m_library->openError())
                      : tr("No library is open: profiles cannot be saved or listed."));
    else if (m_profileNote->text().startsWith(tr("No library is open")))
        m_profileNote->clear();
    m_saveProfile->setEnabled(st && m_result && m_result->ok());
}

bool CalibrationView::saveProfile(const QString& name, const QString& notes, QString* error) {
    auto failWith = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) return failWith(tr("No library is open: open one to save calibration profiles."));
    if (!m_result) return failWith(tr("Nothing fitted yet."));
    if (!m_result->ok())
        return failWith(tr("The fit was refused; there are no fitted values to save."));
    if (name.trimmed().isEmpty())
        return failWith(tr("Profile name: enter a name, e.g. “our H800 RoCE cluster, 2026-Q3”."));
    try {
        st->saveCalibrationProfile(name.trimmed().toStdString(), sim::profileParameters(*m_result),
                                   notes.toStdString());
    } catch (const std::exception& e) {
        return failWith(QString::fromUtf8(e.what()));
    }
    emit m_library->profilesChanged();
    m_profileNote->setText(tr("Saved profile “%1”.").arg(name.trimmed()));
    return true;
}

void CalibrationView::saveProfileDialog() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Save as calibration profile"));
    auto* form = new QFormLayout(&dialog);
    auto* name = new QLineEdit;
    name->setPlaceholderText(tr("e.g. our H800 RoCE cluster, 2026-Q3"));
    const bool clusterFit =
        m_source->currentData(SourceKindRole) == static_cast<int>(SourceKind::Cluster);
    if (m_document && m_document->scenario().efficiency.profile)
        name->setText(QString::fromStdString(*m_document->scenario().efficiency.profile));
    else if (clusterFit)
        name->setText(m_source->currentData().toString());
    // A fit of the edited scenario's own cluster or runs is meant for it: offer to use it there.
    auto* use = new QCheckBox(
        m_document ? tr("Use it in the edited scenario (%1)").arg(m_document->displayName())
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
    notes->setPlaceholderText(tr("Which runs, which cluster, what was fitted"));
    notes->setPlainText(tr("Fitted %1 on %2").arg(summaryParameters(), m_source->currentText()));
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
    m_document->edit(name.isEmpty() ? tr("Use no calibration profile")
                                    : tr("Use calibration profile “%1”").arg(name),
                     QStringLiteral("efficiency.profile"), std::move(s));
}

} // namespace trainplan::ui
