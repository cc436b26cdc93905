#include <trainplan/ui/metric_info.h>

#include <trainplan/ui/advisor_text.h>

namespace trainplan::ui {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

QString metricName(Metric m) {
    return qs(sim::metricName(m, advisorLanguage()));
}

QString metricToolTip(Metric m) {
    return qs(sim::metricHelp(m, advisorLanguage()));
}

} // namespace trainplan::ui
