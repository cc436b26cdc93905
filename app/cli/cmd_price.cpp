// trainplan-cli price: the library's GPU price table and exchange rate (docs/cli.md, "price").
#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/simulator/pricing.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kPriceUsage =
    "price {list | set GPU AMOUNT [--currency USD|CNY] [--cloud C] [--region R] [--contract K] "
    "[--source TEXT] [--date YYYY-MM-DD] | remove GPU [--cloud C] [--region R] [--contract K] | "
    "rate CNY_PER_USD --date YYYY-MM-DD}";

struct Selector {
    std::string cloud, region, contract;
};

Selector takeSelector(CliContext& ctx) {
    Selector s;
    s.cloud = ctx.takeOption("--cloud").value_or("");
    s.region = ctx.takeOption("--region").value_or("");
    s.contract = ctx.takeOption("--contract").value_or("");
    return s;
}

int listPrices(CliContext& ctx) {
    rejectUnknownOptions(ctx, kPriceUsage);
    if (ctx.args.size() != 1) throw UsageError("usage: price list");
    const model::PriceTable& table = ctx.priceTable();
    const Format fmt = ctx.format.value_or(Format::Table);
    nlohmann::json gpus = nlohmann::json::array();
    TextTable t({"gpu", "price", "origin", "from"});
    for (const model::GpuSpec& g : ctx.pricedGpus()) {
        model::ClusterSpec c;
        c.gpu = g;
        const sim::ResolvedPrice p = sim::resolvePrice(c);
        gpus.push_back(sim::toJson(p));
        t.addRow({g.name, p.priced() ? formatFixed(p.usdPerGpuHour, 2) + " $/GPU-h" : "NO PRICE",
                  std::string(sim::toString(p.origin)), p.describe()});
    }
    nlohmann::json rows = nlohmann::json::array();
    for (const model::PriceTableEntry& e : table.entries)
        rows.push_back({{"gpu", e.gpu},
                        {"cloud", e.price.cloud},
                        {"region", e.price.region},
                        {"contract", e.price.contract},
                        {"currency", std::string(model::toString(e.price.currency))},
                        {"per_gpu_hour", e.price.perGpuHour},
                        {"source", e.price.source},
                        {"date", e.price.date}});
    if (fmt == Format::Json) {
        ctx.out << nlohmann::json{{"schema", "trainplan.prices.v1"},
                                  {"cny_per_usd", table.cnyPerUsd},
                                  {"cny_per_usd_date", table.cnyPerUsdDate},
                                  {"cny_per_usd_default", table.defaultRate},
                                  {"gpus", std::move(gpus)},
                                  {"price_table", std::move(rows)}}
                       .dump(2)
                << '\n';
        return kExitOk;
    }
    if (fmt == Format::Csv) {
        t.printCsv(ctx.out);
        return kExitOk;
    }
    t.print(ctx.out);
    ctx.out << "\nExchange rate: " << formatFixed(table.cnyPerUsd, 4) << " CNY per USD ("
            << (table.defaultRate ? "default, CFETS central parity of " : "set by you, ")
            << table.cnyPerUsdDate << ")\n";
    ctx.out << table.entries.size() << " price-table row" << (table.entries.size() == 1 ? "" : "s")
            << " in the library\n";
    return kExitOk;
}

int set(CliContext& ctx) {
    model::PriceTableEntry e;
    const Selector sel = takeSelector(ctx);
    e.price.cloud = sel.cloud;
    e.price.region = sel.region;
    e.price.contract = sel.contract;
    if (auto cur = ctx.takeOption("--currency")) {
        const auto c = model::currencyFromString(*cur);
        if (!c) throw UsageError("--currency: '" + *cur + "' is not one of USD, CNY");
        e.price.currency = *c;
    }
    e.price.source = ctx.takeOption("--source").value_or("");
    e.price.date = ctx.takeOption("--date").value_or("");
    rejectUnknownOptions(ctx, kPriceUsage);
    if (ctx.args.size() != 3) throw UsageError("usage: price set GPU AMOUNT [options]");
    e.gpu = ctx.args[1];
    e.price.perGpuHour = parseNumber(ctx.args[2], "AMOUNT");
    store::Store st = openStoreForWriting(ctx);
    try {
        const bool added = st.putPrice(e);
        ctx.out << (added ? "added" : "replaced") << " the price of " << e.gpu << ": "
                << formatFixed(e.price.perGpuHour, 4) << ' ' << model::toString(e.price.currency)
                << "/GPU-h\n";
    } catch (const store::StoreError& err) {
        if (err.kind() != store::StoreErrorKind::Invalid) throw;
        return reportRejected(ctx, err, "price set");
    }
    return kExitOk;
}

int removePrice(CliContext& ctx) {
    const Selector sel = takeSelector(ctx);
    rejectUnknownOptions(ctx, kPriceUsage);
    if (ctx.args.size() != 2) throw UsageError("usage: price remove GPU [--cloud C] ...");
    store::Store st = openStoreForWriting(ctx);
    st.removePrice(ctx.args[1], sel.cloud, sel.region, sel.contract);
    ctx.out << "removed the price of " << ctx.args[1] << '\n';
    return kExitOk;
}

int rate(CliContext& ctx) {
    const auto date = ctx.takeOption("--date");
    rejectUnknownOptions(ctx, kPriceUsage);
    if (ctx.args.size() != 2 || !date)
        throw UsageError("usage: price rate CNY_PER_USD --date YYYY-MM-DD");
    const double v = parseNumber(ctx.args[1], "CNY_PER_USD");
    store::Store st = openStoreForWriting(ctx);
    try {
        st.setExchangeRate(v, *date);
    } catch (const store::StoreError& err) {
        if (err.kind() != store::StoreErrorKind::Invalid) throw;
        return reportRejected(ctx, err, "price rate");
    }
    ctx.out << "exchange rate set: " << formatFixed(v, 4) << " CNY per USD (" << *date << ")\n";
    return kExitOk;
}

} // namespace

int cmdPrice(CliContext& ctx) {
    if (ctx.args.empty()) throw UsageError(std::string("usage: ") + kPriceUsage);
    const std::string sub = ctx.args.front();
    if (sub == "list") return listPrices(ctx);
    if (sub == "set") return set(ctx);
    if (sub == "remove") return removePrice(ctx);
    if (sub == "rate") return rate(ctx);
    throw UsageError("price: '" + sub + "' is not one of list, set, remove, rate");
}

} // namespace trainplan::cli
