#include "shell_args.h"

#include <charconv>
#include <cmath>

namespace trainplan::model::io::detail {

namespace {

std::string normalized(std::string_view flag) {
    std::string s(flag);
    for (std::size_t i = 2; i < s.size(); ++i)
        if (s[i] == '_') s[i] = '-';
    return s;
}

bool isFlag(const std::string& w) {
    if (w.size() < 2 || w[0] != '-') return false;
    if (std::isdigit(static_cast<unsigned char>(w[1])) || w[1] == '.')
        return false; // a negative number
    return true;
}

std::string shorten(const std::string& s) {
    return s.size() > 80 ? s.substr(0, 80) + "…" : s;
}

} // namespace

const ArgSpec* findSpec(const std::vector<ArgSpec>& specs, std::string_view flag) {
    const auto eq = flag.find('=');
    if (eq != std::string_view::npos) flag = flag.substr(0, eq);
    for (const auto& s : specs)
        if (s.name == flag) return &s;
    const std::string n = normalized(flag);
    for (const auto& s : specs)
        if (normalized(s.name) == n) return &s;
    return nullptr;
}

ParsedArgs parseArgs(const std::vector<ShellWord>& words, std::size_t start,
                     const std::vector<ArgSpec>& specs) {
    ParsedArgs out;
    std::size_t i = start;
    while (i < words.size()) {
        const ShellWord& w = words[i];
        if (!isFlag(w.text)) {
            if (out.positional.size() < 100) out.positional.push_back(shorten(w.text));
            ++i;
            continue;
        }
        std::string name = w.text;
        std::optional<ShellWord> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            ShellWord v = w;
            v.text = name.substr(eq + 1);
            inlineValue = std::move(v);
            name = name.substr(0, eq);
        }
        ++i;
        const ArgSpec* spec = findSpec(specs, name);
        std::vector<ShellWord> values;
        if (inlineValue) values.push_back(*inlineValue);
        const int arity = spec ? spec->arity : 2;
        if (arity > 0 && !inlineValue) {
            while (i < words.size() && !isFlag(words[i].text)) {
                values.push_back(words[i++]);
                if (arity == 1) break;
            }
        } else if (arity == 2 && inlineValue) {
            while (i < words.size() && !isFlag(words[i].text))
                values.push_back(words[i++]);
        }
        if (!spec) {
            if (out.unknown.size() < 100) out.unknown.push_back(shorten(name));
            continue;
        }
        const std::string canonical(spec->name);
        if (arity == 0 && inlineValue) {
            out.problems.emplace_back(canonical, ImportText(ImportTextId::SwitchTakesNoValue,
                                                            {shorten(inlineValue->text)}));
            continue;
        }
        if (arity > 0 && values.empty()) {
            out.problems.emplace_back(canonical, ImportText(ImportTextId::NeedsValue));
            continue;
        }
        out.values[canonical] = std::move(values);
    }
    return out;
}

bool parseInteger(std::string_view text, long long& out) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return false;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size();
}

bool parseNumber(std::string_view text, double& out) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return false;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size() && std::isfinite(out);
}

ImportText unresolvedMessage(const ShellWord& w) {
    // "$((8/0)) cannot be computed: it divides by zero" is not about an unset variable.
    if (!w.failures.empty())
        return ImportText(ImportTextId::ShellValueCannotCompute, {shorten(w.text)},
                          {w.failures.front()});
    std::string vars;
    for (std::size_t i = 0; i < w.unresolved.size(); ++i)
        vars += (i ? ", " : "") + w.unresolved[i];
    return ImportText(ImportTextId::ShellValueDependsOn, {shorten(w.text), vars});
}

const ShellWord* ArgReader::value(std::string_view name) {
    auto it = m_args.values.find(name);
    if (it == m_args.values.end() || it->second.empty()) return nullptr;
    const ShellWord& w = it->second.front();
    if (!w.resolved()) {
        m_out.error(std::string(name), unresolvedMessage(w));
        return nullptr;
    }
    return &w;
}

std::optional<long long> ArgReader::integer(std::string_view name, long long min, long long max) {
    const ShellWord* w = value(name);
    if (!w) return std::nullopt;
    long long v = 0;
    if (!parseInteger(w->text, v)) {
        double d = 0;
        if (parseNumber(w->text, d) && std::fabs(d) > 9e18)
            m_out.error(std::string(name), ImportTextId::ShellTooLarge, {shorten(w->text)});
        else
            m_out.error(std::string(name), ImportTextId::ShellMustBeWholeNumber,
                        {shorten(w->text)});
        return std::nullopt;
    }
    if (v < min || v > max) {
        m_out.error(std::string(name), IssueId::OutOfRange, {v, min, max});
        return std::nullopt;
    }
    return v;
}

std::optional<double> ArgReader::number(std::string_view name, double min, double max) {
    const ShellWord* w = value(name);
    if (!w) return std::nullopt;
    double v = 0;
    if (!parseNumber(w->text, v)) {
        m_out.error(std::string(name), ImportTextId::ShellMustBeNumber, {shorten(w->text)});
        return std::nullopt;
    }
    if (v < min || v > max) {
        m_out.error(std::string(name), ImportTextId::ShellOutOfRange, {w->text});
        return std::nullopt;
    }
    return v;
}

std::optional<std::string> ArgReader::string(std::string_view name) {
    const ShellWord* w = value(name);
    if (!w) return std::nullopt;
    return w->text;
}

} // namespace trainplan::model::io::detail
