#include <trainplan/ui/framework_style.h>

#include <array>

namespace trainplan::ui {

QColor frameworkColor(model::Framework f) {
    // Okabe–Ito colour-blind-safe palette.
    switch (f) {
    case model::Framework::Ddp:
        return QColor(0xE6, 0x9F, 0x00);
    case model::Framework::Fsdp:
        return QColor(0x56, 0xB4, 0xE9);
    case model::Framework::DeepSpeed:
        return QColor(0x00, 0x9E, 0x73);
    case model::Framework::Megatron:
        return QColor(0xCC, 0x79, 0xA7);
    }
    return Qt::gray;
}

QString frameworkName(model::Framework f) {
    const std::string_view name = model::displayName(f);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString frameworkShortName(model::Framework f) {
    switch (f) {
    case model::Framework::Ddp:
        return QStringLiteral("DDP");
    case model::Framework::Fsdp:
        return QStringLiteral("FSDP");
    case model::Framework::DeepSpeed:
        return QStringLiteral("DeepSpeed");
    case model::Framework::Megatron:
        return QStringLiteral("Megatron");
    }
    return {};
}

QColor componentColor(int index) {
    static const std::array<QColor, 9> colors = {
        QColor(0x44, 0x77, 0xAA), QColor(0x66, 0xCC, 0xEE), QColor(0x22, 0x88, 0x33),
        QColor(0xCC, 0xBB, 0x44), QColor(0xEE, 0x66, 0x77), QColor(0xAA, 0x33, 0x77),
        QColor(0xBB, 0xBB, 0xBB), QColor(0x88, 0x55, 0x22), QColor(0x33, 0x33, 0x99)};
    return colors[static_cast<std::size_t>(index) % colors.size()];
}

} // namespace trainplan::ui
