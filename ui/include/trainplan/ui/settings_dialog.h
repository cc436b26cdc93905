#pragma once

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;

namespace trainplan::ui {

// Language, theme and display units. Units and theme apply at once; a language change applies
// after a restart (offered).
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);
    // True when the user chose another language and asked to restart.
    [[nodiscard]] bool restartRequested() const { return m_restart; }

private:
    void save();

    QComboBox* m_language;
    QComboBox* m_theme;
    QComboBox* m_memory;
    QComboBox* m_currency;
    QDoubleSpinBox* m_rate;
    bool m_restart = false;
};

} // namespace trainplan::ui
