#include <trainplan/ui/cost_format.h>

#include <trainplan/ui/format.h>

#include <QCoreApplication>

#include <cmath>

namespace trainplan::ui {

QString formatCost(double usd) {
    if (std::isfinite(usd) && usd <= 0) return QCoreApplication::translate("Format", "no GPU price");
    return formatCurrency(usd);
}

} // namespace trainplan::ui
