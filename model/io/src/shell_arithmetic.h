#pragma once

// Internal: $(( … )) arithmetic for the shell-script reader (split out of shell_script.cpp).

#include <trainplan/model/io/import_text.h>

#include <functional>
#include <optional>
#include <string>

namespace trainplan::model::io::detail {

inline constexpr int kMaxShellDepth = 32; // nested ${…:-${…}} and $(( ( … ) ))

// The value of a variable an expression names: its first element, when set and fully resolved.
using ShellValueOf = std::function<std::optional<std::string>(const std::string& name)>;

// $(( … )): integers, + - * / % and parentheses, variables by name or $name. nullopt when
// anything is unknown, malformed or overflows; for a failure of its own (division by zero,
// overflow) `error`, when still Verbatim (none), says why: ImportTextId::ShellDividesByZero or
// ImportTextId::ShellOverflows, whose one argument is the $(( … )) as written.
[[nodiscard]] std::optional<long long> shellArithmetic(const std::string& expr, int depth,
                                                       const ShellValueOf& valueOf,
                                                       ImportTextId& error);

} // namespace trainplan::model::io::detail
