#include <trainplan/model/text_template.h>

namespace trainplan::model {

std::string_view toString(Lang lang) {
    return lang == Lang::ZhCN ? "zh_CN" : "en";
}

std::optional<Lang> langFromString(std::string_view s) {
    if (s == "en") return Lang::En;
    if (s == "zh_CN") return Lang::ZhCN;
    return std::nullopt;
}

unsigned placeholderMask(std::string_view text) {
    unsigned mask = 0;
    (void)fillTemplate(
        text,
        [&](std::size_t i) {
            mask |= 1u << i;
            return std::string();
        },
        [&](std::size_t i) {
            mask |= 1u << i;
            return true;
        });
    return mask;
}

} // namespace trainplan::model
