#pragma once

// Internal: argparse-like reading of command-line flags from shell words, with a table of known
// flags, and typed reads that name the flag (and any unset variable) in their errors.

#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/io/shell_script.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io::detail {

enum class ArgUse { Mapped, Note, Silent };

struct ArgSpec {
    std::string_view name;
    int arity = 0; // 0 switch, 1 one value, 2 one or more values
    ArgUse use = ArgUse::Silent;
    ImportTextId note{}; // Note flags: what the estimate does instead (import_text.h)
};

struct ParsedArgs {
    std::map<std::string, std::vector<ShellWord>, std::less<>>
        values; // canonical flag -> its values (last wins)
    std::vector<std::string> unknown;
    std::vector<std::string> positional;
    std::vector<std::pair<std::string, ImportText>> problems; // flag, message
};

[[nodiscard]] const ArgSpec* findSpec(const std::vector<ArgSpec>& specs, std::string_view flag);
// Reads words[start…] as flags; flags not in `specs` are recorded in `unknown` with the values
// that follow them.
[[nodiscard]] ParsedArgs parseArgs(const std::vector<ShellWord>& words, std::size_t start,
                                   const std::vector<ArgSpec>& specs);

// Whole decimal number with optional sign; false on anything else or overflow.
[[nodiscard]] bool parseInteger(std::string_view text, long long& out);
[[nodiscard]] bool parseNumber(std::string_view text, double& out);

class ArgReader {
public:
    ArgReader(const ParsedArgs& args, ImportedFields& out)
        : m_args(args)
        , m_out(out) {}

    [[nodiscard]] bool flag(std::string_view name) const { return m_args.values.count(name) > 0; }
    std::optional<long long> integer(std::string_view name, long long min, long long max);
    std::optional<double> number(std::string_view name, double min, double max);
    std::optional<std::string> string(std::string_view name);

private:
    const ShellWord* value(std::string_view name);
    const ParsedArgs& m_args;
    ImportedFields& m_out;
};

// "$TP" for a word that depends on unset variables.
[[nodiscard]] ImportText unresolvedMessage(const ShellWord& w);

} // namespace trainplan::model::io::detail
