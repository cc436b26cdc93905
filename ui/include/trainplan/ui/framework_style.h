#pragma once

#include <trainplan/model/plan.h>

#include <QColor>
#include <QString>

namespace trainplan::ui {

// One colour per framework, used by every chart so a framework reads the same everywhere.
[[nodiscard]] QColor frameworkColor(model::Framework f);
[[nodiscard]] QString frameworkName(model::Framework f);      // "PyTorch FSDP"
[[nodiscard]] QString frameworkShortName(model::Framework f); // "FSDP"
// A colour for the i-th component of a stacked chart (memory, time, communication).
[[nodiscard]] QColor componentColor(int index);

} // namespace trainplan::ui
