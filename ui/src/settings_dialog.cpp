#include <trainplan/ui/settings_dialog.h>

#include <trainplan/ui/app_settings.h>
#include <trainplan/ui/editor_widgets.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/theme.h>
#include <trainplan/ui/window_text.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainplan::ui {

namespace {
using services::WindowText;
} // namespace

SettingsDialog::SettingsDialog(QWidget* parent)
    : QDialog(parent)
    , m_language(new QComboBox)
    , m_theme(new QComboBox)
    , m_memory(new QComboBox)
    , m_currency(new QComboBox)
    , m_rate(makeDoubleSpin(0.0001, 1e6, 4, winText(WindowText::RateTip), 0.1)) {
    setWindowTitle(tr("Settings"));
    auto* layout = new QVBoxLayout(this);
    auto* form = makeForm(nullptr);
    layout->addLayout(form);

    // What "System" resolves to (a C or unknown locale gives English), never "System ()".
    QString systemName = resolveLanguage(QString());
    for (const auto& [code, name] : availableLanguages())
        if (code == systemName) systemName = name;
    m_language->addItem(winText(WindowText::SystemLanguage, {qArg(systemName)}), QString());
    for (const auto& [code, name] : availableLanguages())
        m_language->addItem(name, code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(AppSettings::language())));
    m_language->setToolTip(winText(WindowText::LanguageTip));
    form->addRow(tr("Language"), m_language);

    m_theme->addItem(tr("Follow the system"), static_cast<int>(Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(AppSettings::theme())));
    form->addRow(tr("Theme"), m_theme);

    const DisplayUnits units = AppSettings::units();
    m_memory->addItem(tr("GiB (2³⁰ bytes)"), static_cast<int>(MemoryUnit::Binary));
    m_memory->addItem(tr("GB (10⁹ bytes, datasheet units)"), static_cast<int>(MemoryUnit::Decimal));
    m_memory->setCurrentIndex(m_memory->findData(static_cast<int>(units.memory)));
    form->addRow(tr("Memory unit"), m_memory);

    m_currency->addItem(tr("US dollar ($)"), QStringLiteral("$"));
    m_currency->addItem(tr("Chinese yuan (¥)"), QStringLiteral("¥"));
    m_currency->addItem(tr("Euro (€)"), QStringLiteral("€"));
    m_currency->setCurrentIndex(std::max(0, m_currency->findData(units.currencySymbol)));
    form->addRow(tr("Currency"), m_currency);
    m_rate->setValue(units.currencyPerUsd);
    form->addRow(tr("Units per US dollar"), m_rate);
    auto syncRate = [this] {
        const bool usd = m_currency->currentData().toString() == QLatin1String("$");
        m_rate->setEnabled(!usd);
        if (usd) m_rate->setValue(1.0);
    };
    connect(m_currency, &QComboBox::currentIndexChanged, this, syncRate);
    syncRate();
    auto* note = new QLabel(winText(WindowText::PricesNote));
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(note);

    auto* buttons = new QDialogButtonBox;
    buttons->addButton(tr("OK"), QDialogButtonBox::AcceptRole);
    buttons->addButton(tr("Cancel"), QDialogButtonBox::RejectRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void SettingsDialog::save() {
    DisplayUnits units;
    units.memory = static_cast<MemoryUnit>(m_memory->currentData().toInt());
    units.currencySymbol = m_currency->currentData().toString();
    units.currencyPerUsd = m_rate->value();
    AppSettings::setUnits(units);
    setDisplayUnits(units);
    const auto theme = static_cast<Theme>(m_theme->currentData().toInt());
    AppSettings::setTheme(theme);
    applyTheme(theme);
    const QString language = m_language->currentData().toString();
    if (resolveLanguage(language) != resolveLanguage(AppSettings::language())) {
        AppSettings::setLanguage(language);
        QMessageBox box(QMessageBox::Question, tr("Language"), winText(WindowText::RestartQuestion),
                        QMessageBox::NoButton, this);
        auto* now = box.addButton(tr("Restart now"), QMessageBox::AcceptRole);
        box.addButton(tr("Later"), QMessageBox::RejectRole);
        box.exec();
        m_restart = box.clickedButton() == static_cast<QAbstractButton*>(now);
    } else {
        AppSettings::setLanguage(language);
    }
}

} // namespace trainplan::ui
