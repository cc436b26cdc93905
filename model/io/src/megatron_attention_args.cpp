#include "megatron_attention_args.h"

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io::detail {

namespace {

// Megatron-LM's layer-pattern strings (megatron/training/arguments.py _eval_pattern, which
// --window-attn-skip-freq goes through): a Python list expression over digits, commas, [ ], ( ),
// + and *, such as "[1,1,1,0]*3" or "([1]*3+[0])*9", evaluated here without Python.
class ListExpression {
public:
    explicit ListExpression(std::string_view text)
        : m_text(text) {}

    // The list, or nullopt with the reason in `why`.
    std::optional<std::vector<long long>> evaluate(ImportText& why) {
        for (char c : m_text)
            if (!std::isdigit(static_cast<unsigned char>(c)) &&
                std::string_view(",[]()+*").find(c) == std::string_view::npos) {
                why = ImportText(ImportTextId::PatternCharacters);
                return std::nullopt;
            }
        Value v;
        if (!sum(v) ||
            (m_at < m_text.size() &&
             !fail(ImportText(ImportTextId::PatternUnexpected, {std::string(1, m_text[m_at])})))) {
            why = m_why;
            return std::nullopt;
        }
        if (!v.isList) {
            why = ImportText(ImportTextId::PatternNumberInParentheses);
            return std::nullopt;
        }
        return std::move(v.list);
    }

private:
    static constexpr long long kMaxItems = 1'000'000;
    struct Value {
        bool isList = false;
        long long number = 0;
        std::vector<long long> list;
    };

    bool fail(ImportText why) {
        if (m_why.empty()) m_why = std::move(why);
        return false;
    }
    bool next(char c) {
        if (m_at >= m_text.size() || m_text[m_at] != c) return false;
        ++m_at;
        return true;
    }
    bool number(long long& out) {
        const std::size_t start = m_at;
        while (m_at < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
        if (m_at == start) return fail(ImportText(ImportTextId::PatternExpectsNumber, {start}));
        if (!detail::parseInteger(m_text.substr(start, m_at - start), out) || out > kMaxItems)
            return fail(ImportText(ImportTextId::PatternNumberAbove, {kMaxItems}));
        return true;
    }
    // sum := product ('+' product)*
    bool sum(Value& out) {
        if (!product(out)) return false;
        while (next('+')) {
            Value rhs;
            if (!product(rhs)) return false;
            if (out.isList != rhs.isList) return fail(ImportTextId::PatternAddsListAndNumber);
            if (!out.isList) {
                out.number += rhs.number;
                if (out.number > kMaxItems) return fail(ImportTextId::PatternNumberAboveMillion);
            } else if (out.list.size() + rhs.list.size() > static_cast<std::size_t>(kMaxItems)) {
                return fail(ImportTextId::PatternTooLong);
            } else {
                out.list.insert(out.list.end(), rhs.list.begin(), rhs.list.end());
            }
        }
        return true;
    }
    // product := atom ('*' atom)*; a list times a count repeats it, as in Python.
    bool product(Value& out) {
        if (!atom(out)) return false;
        while (next('*')) {
            Value rhs;
            if (!atom(rhs)) return false;
            if (out.isList && rhs.isList) return fail(ImportTextId::PatternMultipliesLists);
            if (!out.isList && !rhs.isList) {
                out.number *= rhs.number;
                if (out.number > kMaxItems) return fail(ImportTextId::PatternNumberAboveMillion);
                continue;
            }
            const std::vector<long long> unit = out.isList ? out.list : rhs.list;
            const long long count = out.isList ? rhs.number : out.number;
            if (static_cast<long long>(unit.size()) * count > kMaxItems)
                return fail(ImportTextId::PatternTooLong);
            out.isList = true;
            out.list.clear();
            for (long long i = 0; i < count; ++i)
                out.list.insert(out.list.end(), unit.begin(), unit.end());
        }
        return true;
    }
    // atom := '[' (number (',' number)*)? ']' | '(' sum ')' | number
    bool atom(Value& out) {
        if (next('[')) {
            out.isList = true;
            if (next(']')) return true;
            do {
                long long n = 0;
                if (!number(n)) return false;
                out.list.push_back(n);
            } while (next(','));
            return next(']') || fail(ImportTextId::PatternBracketNotClosed);
        }
        if (next('(')) {
            if (++m_depth > 64) return fail(ImportTextId::PatternTooDeep);
            if (!sum(out)) return false;
            --m_depth;
            return next(')') || fail(ImportTextId::PatternParenNotClosed);
        }
        out.isList = false;
        return number(out.number);
    }

    std::string_view m_text;
    std::size_t m_at = 0;
    int m_depth = 0;
    ImportText m_why;
};

// --window-size, Megatron-LM's tuple_type: "left,right" or "(left,right)".
bool parseWindowSize(std::string text, long long& left, long long& right, ImportText& why) {
    // Python's str.strip('()') drops parentheses at both ends.
    while (!text.empty() && (text.front() == '(' || text.front() == ' '))
        text.erase(0, 1);
    while (!text.empty() && (text.back() == ')' || text.back() == ' '))
        text.pop_back();
    const auto comma = text.find(',');
    auto trimmed = [](std::string t) {
        while (!t.empty() && t.front() == ' ')
            t.erase(0, 1);
        while (!t.empty() && t.back() == ' ')
            t.pop_back();
        return t;
    };
    if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos ||
        !detail::parseInteger(trimmed(text.substr(0, comma)), left) ||
        !detail::parseInteger(trimmed(text.substr(comma + 1)), right)) {
        why = ImportText(ImportTextId::MegWindowSizeTwoNumbers);
        return false;
    }
    if (left < -1 || right < -1) {
        why = ImportText(ImportTextId::MegWindowSizeRange);
        return false;
    }
    return true;
}

std::string shortened(const std::string& s) {
    return s.size() > 60 ? s.substr(0, 60) + "…" : s;
}

} // namespace

std::optional<std::vector<long long>> evaluateLayerPattern(std::string_view text, ImportText& why) {
    return ListExpression(text).evaluate(why);
}

// --window-size and --window-attn-skip-freq (Megatron-LM arguments.py; which layers use the
// window: megatron/core/transformer/utils.py is_layer_window_attention, layer_number counted from
// 1). Transformer Engine and flash-attention attend, for query i, the keys in
// [i − left, i + right] (flash_attn_func's window_size; Megatron's
// get_sliding_window_causal_mask keeps the same band), so a causal decoder sees left + 1 keys,
// itself included: TrainPlan's window = left + 1, and the exporter writes window − 1.
void readSlidingWindow(const ParsedArgs& args, detail::ArgReader& a,
                       const std::optional<int>& layers, ImportedFields& f) {
    const auto size = a.string("--window-size");
    const auto freq = a.string("--window-attn-skip-freq");
    if (!size) {
        if (args.values.count("--window-attn-skip-freq"))
            f.warning("--window-attn-skip-freq", ImportTextId::MegIgnoredWithoutWindow);
        f.model.slidingWindow.set(0, "--window-size",
                                  fieldNote(ImportTextId::FieldAbsentFullAttention),
                                  Origin::ToolDefault);
        return;
    }
    long long left = 0, right = 0;
    ImportText why;
    if (!parseWindowSize(*size, left, right, why)) {
        f.error("--window-size", ImportText(ImportTextId::QuotedReason, {shortened(*size)}, {why}));
        return;
    }
    if (left == -1) {
        f.model.slidingWindow.set(0, "--window-size",
                                  fieldNote(ImportTextId::FieldWindowUnbounded));
        return;
    }
    if (left >= 100'000'000) {
        f.error("--window-size", IssueId::OutOfRange, {left, "-1", "99999999"});
        return;
    }
    if (right != 0) f.warning("--window-size", ImportTextId::MegWindowRightSide, {right});
    const int window = static_cast<int>(left + 1);
    if (!freq) {
        f.model.slidingWindow.set(window, "--window-size",
                                  fieldNote(ImportTextId::FieldWindowLeftPlusOne));
        f.model.fullAttentionEvery.set(0, "--window-attn-skip-freq",
                                       fieldNote(ImportTextId::FieldAbsentEveryLayerWindowed),
                                       Origin::ToolDefault);
        return;
    }
    long long n = 0;
    if (detail::parseInteger(*freq, n)) {
        // An int N: layer_number % N == 0 is full attention.
        if (n < 1 || n > 100'000) {
            f.error("--window-attn-skip-freq", IssueId::OutOfRange, {n, "1", "100000"});
        } else if (n == 1) {
            f.warning("--window-attn-skip-freq", ImportTextId::MegSkipFreqOne);
            f.model.slidingWindow.set(0, "--window-attn-skip-freq 1",
                                      fieldNote(ImportTextId::FieldEveryLayerFull));
        } else {
            f.model.slidingWindow.set(window, "--window-size",
                                      fieldNote(ImportTextId::FieldWindowLeftPlusOne));
            f.model.fullAttentionEvery.set(static_cast<int>(n), "--window-attn-skip-freq");
        }
        return;
    }
    // A list: 1 for a windowed layer, 0 for a full-attention one.
    const auto list = evaluateLayerPattern(*freq, why);
    std::vector<bool> windowed;
    if (list) {
        for (long long v : *list) {
            if (v != 0 && v != 1) {
                why = ImportText(ImportTextId::MegSkipFreqEntries, {v});
                break;
            }
            windowed.push_back(v == 1);
        }
        if (why.empty() && layers && static_cast<int>(windowed.size()) != *layers)
            why = ImportText(ImportTextId::MegListsLayers, {windowed.size(), *layers});
    }
    if (!list || !why.empty()) {
        f.error("--window-attn-skip-freq",
                ImportText(ImportTextId::QuotedReason, {shortened(*freq)}, {why}));
        return;
    }
    if (std::none_of(windowed.begin(), windowed.end(), [](bool w) { return w; })) {
        f.warning("--window-attn-skip-freq", ImportTextId::MegSkipFreqNoWindow);
        f.model.slidingWindow.set(0, "--window-attn-skip-freq",
                                  fieldNote(ImportTextId::FieldNoWindowedLayer));
        return;
    }
    const std::optional<int> every = fullEveryFromPattern(windowed, why);
    if (!every) {
        f.error("--window-attn-skip-freq",
                ImportText(ImportTextId::QuotedColonReason, {shortened(*freq)}, {why}));
        return;
    }
    f.model.slidingWindow.set(window, "--window-size",
                              fieldNote(ImportTextId::FieldWindowLeftPlusOne));
    f.model.fullAttentionEvery.set(*every, "--window-attn-skip-freq");
}

// Multi-head latent attention (Megatron-LM arguments.py _add_mla_args: --q-lora-rank default None,
// --kv-lora-rank 32, --qk-head-dim 128 (the part without rotary), --qk-pos-emb-head-dim 64,
// --v-head-dim 128; they take effect only with --multi-latent-attention).
void readLatentAttention(const ParsedArgs& args, detail::ArgReader& a, ImportedFields& f) {
    constexpr const char* kFlags[] = {"--q-lora-rank", "--kv-lora-rank", "--qk-head-dim",
                                      "--qk-pos-emb-head-dim", "--v-head-dim"};
    if (!a.flag("--multi-latent-attention")) {
        for (const char* flag : kFlags)
            if (args.values.count(flag)) f.warning(flag, ImportTextId::MegIgnoredWithoutMla);
        f.model.kvLoraRank.set(0, "--multi-latent-attention",
                               fieldNote(ImportTextId::FieldAbsentStandardAttention),
                               Origin::ToolDefault);
        return;
    }
    auto read = [&](const char* flag, Field<int>& field, long long min, int absent,
                    ImportText absentText) {
        if (auto v = a.integer(flag, min, 1'000'000))
            field.set(static_cast<int>(*v), flag);
        else if (!args.values.count(flag))
            field.set(absent, flag, std::move(absentText), Origin::ToolDefault);
    };
    read("--q-lora-rank", f.model.qLoraRank, 0, 0,
         fieldNote(ImportTextId::FieldAbsentQueriesNotCompressed));
    read("--kv-lora-rank", f.model.kvLoraRank, 1, 32, absentNote("32"));
    read("--qk-head-dim", f.model.qkNopeHeadDim, 1, 128, absentNote("128"));
    read("--qk-pos-emb-head-dim", f.model.qkRopeHeadDim, 0, 64, absentNote("64"));
    read("--v-head-dim", f.model.vHeadDim, 1, 128, absentNote("128"));
}

} // namespace trainplan::model::io::detail
