#pragma once

// The one shape of every sentence catalogue (calibration_text, run_check_text, window_text,
// plan_view_text, editor_text, chart_text): an id, how many arguments its templates take, and its
// English and Simplified Chinese templates, one entry per id in the enum's order; looked up and
// rendered by the same three functions; and the typed arguments their sentences take.

#include <trainplan/simulator/advice_text.h>

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace trainplan::sim {

// The typed arguments of the catalogues' sentences, each formatted by formatArg in the sentence's
// language (advice_text.h has the text, count, percent and decimal ones): sizes (78.6 GiB),
// step-scale times (12.3 ms / 12.3 毫秒), run-scale times (5.00 hours / 5.00 小时), dollars,
// parameter or token counts (70.6B / 706亿), bandwidths (900 GB/s), factors (1.35×), weeks.
[[nodiscard]] inline MessageArg bytesArg(double bytes) {
    return MessageArg::number(ArgKind::Bytes, bytes);
}
[[nodiscard]] inline MessageArg secondsArg(double seconds) {
    return MessageArg::number(ArgKind::Seconds, seconds);
}
[[nodiscard]] inline MessageArg durationArg(double seconds) {
    return MessageArg::number(ArgKind::Duration, seconds);
}
[[nodiscard]] inline MessageArg usdArg(double usd) {
    return MessageArg::number(ArgKind::Usd, usd);
}
[[nodiscard]] inline MessageArg parametersArg(double count) {
    return MessageArg::number(ArgKind::Parameters, count);
}
[[nodiscard]] inline MessageArg bandwidthArg(double bytesPerSecond) {
    return MessageArg::number(ArgKind::BytesPerSecond, bytesPerSecond);
}
[[nodiscard]] inline MessageArg factorArg(double factor) {
    return MessageArg::number(ArgKind::Factor, factor);
}
[[nodiscard]] inline MessageArg weeksArg(double weeks) {
    return MessageArg::number(ArgKind::Weeks, weeks);
}

// The entry shape and its lookups are the model layer's (text_template.h), shared with the model's
// issue catalogue; these are the simulator's names for them.
template <typename Id> using TextEntry = model::TextEntry<Id>;
using model::catalogueEntry;
using model::catalogueTemplate;
using model::entriesInIdOrder;

// The entry rendered in `lang` with `args` (renderTemplate).
template <typename Id, std::size_t N>
[[nodiscard]] std::string catalogueText(const TextEntry<Id> (&entries)[N], Id id, Lang lang,
                                        std::initializer_list<MessageArg> args) {
    return renderTemplate(catalogueTemplate(entries, id, lang),
                          std::span<const MessageArg>(args.begin(), args.size()), lang);
}

} // namespace trainplan::sim
