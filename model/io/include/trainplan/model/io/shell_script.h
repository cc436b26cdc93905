#pragma once

#include <trainplan/model/io/import_issue.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io {

// One word of a command after quote removal and expansion. A `$VAR`, `${VAR}`, `$(…)` or `` `…` ``
// that could not be resolved stays in `text` as written and is listed in `unresolved`, so a caller
// that needs the value can say which variable it depends on.
struct ShellWord {
    std::string text;
    std::vector<std::string> unresolved; // e.g. "$TP", "$(nproc)"
    int line = 0;                        // 1-based line where the word starts
    // Why a $(( … )) in the word has no value although every name in it is set (division by
    // zero, overflow), as catalogue sentences (ImportTextId::ShellDividesByZero…); the expression
    // is also in `unresolved`.
    std::vector<ImportText> failures;

    [[nodiscard]] bool resolved() const { return unresolved.empty(); }
};

struct ShellCommand {
    std::vector<ShellWord> words; // assignments-only commands are evaluated, not listed
    int line = 0;
};

struct ShellComment {
    std::string text; // without the leading '#'
    int line = 0;
    bool beforeFirstCommand = false; // #SBATCH directives count only there
};

struct ShellScript {
    std::vector<ShellCommand> commands;
    std::vector<ShellComment> comments;   // whole-line comments
    std::vector<std::string> problems;    // unterminated quotes and the like, each with its line
    std::vector<ImportText> problemTexts; // the same as catalogue sentences (import_text.h)
};

// Tokenizes a shell command line or script the way bash would for the common launch-script subset:
// backslash-newline continuations, '…' and "…" quoting, comments, `;`/`&&`/`||`/`|`/`&` and
// newlines as command separators, redirections dropped, heredoc bodies skipped. Variables assigned
// in the script (`N=8`, `export N=8`, `ARGS=(--a 1)`, `ARGS+=(…)`) are expanded in later commands
// (`$N`, `${N}`, `${ARGS[@]}`, `${N:-8}`, `$((N*2))`), with word splitting of unquoted expansions.
// Control flow is not evaluated: assignments apply in text order. `env` seeds the variables.
// Total: never throws, bounded time and memory on any input.
[[nodiscard]] ShellScript parseShellScript(std::string_view text,
                                           const std::map<std::string, std::string>& env = {});

} // namespace trainplan::model::io
