#include "cli_labels.h"

#include <trainplan/services/cli_text.h>

namespace trainplan::cli {

sim::Lang outputLang(std::string_view lang) {
    return sim::langFromString(lang).value_or(sim::Lang::En);
}

std::string statusText(sim::RecommendationStatus s, sim::Lang lang) {
    using services::CliText;
    switch (s) {
    case sim::RecommendationStatus::Ready:
        return services::cliText(CliText::StatusReady, lang);
    case sim::RecommendationStatus::NeedsPrerequisites:
        return services::cliText(CliText::StatusNeedsPrerequisites, lang);
    case sim::RecommendationStatus::DoesNotFit:
        break;
    }
    return services::cliText(CliText::StatusNothingFits, lang);
}

std::string numberText(sim::ArgKind kind, double value, sim::Lang lang) {
    return sim::formatArg(sim::MessageArg::number(kind, value), lang);
}

std::string noPriceText(sim::Lang lang) {
    return services::cliText(services::CliText::NoPrice, lang);
}

} // namespace trainplan::cli
