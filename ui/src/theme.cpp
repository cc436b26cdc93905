#include <trainplan/ui/theme.h>

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace trainplan::ui {

namespace {

QPalette& systemPalette() {
    static QPalette p;
    return p;
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80), highlight(0x35, 0x74, 0xf0);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x6a, 0xa6, 0xff));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x45, 0x47, 0x4a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x50, 0x52, 0x55));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

void rememberSystemPalette() {
    systemPalette() = QApplication::palette();
}

void applyTheme(Theme theme) {
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    switch (theme) {
    case Theme::System:
        QApplication::setPalette(systemPalette());
        break;
    case Theme::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        QApplication::setPalette(darkPalette());
        break;
    }
}

bool isDarkPalette() {
    const QPalette p = QApplication::palette();
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

} // namespace trainplan::ui
