#include "commands.h"

namespace trainplan::cli {

int cmdValidate(CliContext& ctx) {
    ctx.err << "validate: not built yet\n";
    return kExitUsage;
}

} // namespace trainplan::cli
