#include "cli_labels.h"

namespace trainplan::cli {

const char* statusText(sim::RecommendationStatus s, sim::Lang lang) {
    const bool zh = lang == sim::Lang::ZhCN;
    switch (s) {
    case sim::RecommendationStatus::Ready:
        return zh ? "可直接采用" : "ready";
    case sim::RecommendationStatus::NeedsPrerequisites:
        return zh ? "需先补齐前置条件" : "needs prerequisites";
    case sim::RecommendationStatus::DoesNotFit:
        break;
    }
    return zh ? "没有方案能放下" : "nothing fits";
}

std::string numberText(sim::ArgKind kind, double value, sim::Lang lang) {
    return sim::formatArg(sim::MessageArg::number(kind, value), lang);
}

const char* noPriceText(sim::Lang lang) {
    return lang == sim::Lang::ZhCN ? "未定价" : "no price";
}

} // namespace trainplan::cli
