#include "commands.h"
#include "text_table.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/units.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

int cmdCatalog(CliContext& ctx) {
    if (ctx.args.size() != 2 || ctx.args[0] != "list")
        throw UsageError("usage: catalog list {gpus,links,models}");
    const std::string what = ctx.args[1];
    const model::Catalog& cat = ctx.catalog();
    const Format fmt = ctx.format.value_or(Format::Table);
    nlohmann::json arr = nlohmann::json::array();
    std::optional<TextTable> table;
    if (what == "gpus") {
        table.emplace(std::vector<std::string>{"name", "memory", "bf16 TFLOP/s", "fp8 TFLOP/s", "HBM GB/s", "TDP W"});
        for (const auto& g : cat.gpus) {
            arr.push_back(model::toJson(g));
            table->addRow({g.name, formatGiB(g.memoryBytes), formatFixed(g.bf16FlopsPerSecond / 1e12, 1),
                           g.fp8FlopsPerSecond > 0 ? formatFixed(g.fp8FlopsPerSecond / 1e12, 1) : "-",
                           formatFixed(g.hbmBytesPerSecond / 1e9, 0), formatFixed(g.tdpWatts, 0)});
        }
    } else if (what == "links") {
        table.emplace(std::vector<std::string>{"name", "kind", "GB/s per direction", "latency us"});
        for (const auto& l : cat.links) {
            arr.push_back(model::toJson(l));
            table->addRow({l.name, std::string(model::toString(l.kind)), formatFixed(l.bytesPerSecond / 1e9, 1),
                           formatFixed(l.latencySeconds * 1e6, 1)});
        }
    } else if (what == "models") {
        table.emplace(std::vector<std::string>{"name", "model", "parameters (B)", "active (B)", "layers", "hidden", "heads",
                                               "kv heads", "seq len"});
        for (const auto& m : cat.models) {
            arr.push_back(model::toJson(m));
            const auto p = model::countParameters(m);
            table->addRow({m.name, m.displayName, formatFixed(p.total / 1e9, 2), formatFixed(p.active / 1e9, 2),
                           std::to_string(m.layers), std::to_string(m.hidden), std::to_string(m.heads),
                           std::to_string(m.kvHeads), std::to_string(m.seqLen)});
        }
    } else {
        throw UsageError("catalog list: '" + what + "' is not one of gpus, links, models");
    }
    if (fmt == Format::Json) ctx.out << arr.dump(2) << '\n';
    else if (fmt == Format::Csv) table->printCsv(ctx.out);
    else table->print(ctx.out);
    return kExitOk;
}

} // namespace trainplan::cli
