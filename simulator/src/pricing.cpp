#include <trainplan/simulator/pricing.h>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace trainplan::sim {

std::string_view toString(PriceOrigin o) {
    switch (o) {
    case PriceOrigin::Scenario:
        return "scenario";
    case PriceOrigin::PriceTable:
        return "price_table";
    case PriceOrigin::Catalog:
        return "catalog";
    case PriceOrigin::None:
        break;
    }
    return "none";
}

std::string ResolvedPrice::describe() const {
    if (origin == PriceOrigin::None) {
        std::string s = "no price for " + (gpu.empty() ? std::string("this GPU") : gpu);
        if (!stated.unpricedReason.empty()) s += ": " + stated.unpricedReason;
        return s + " (set cluster.gpu_hour_usd or a price-table row); costs are not computed";
    }
    if (origin == PriceOrigin::Scenario) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "$%.2f/GPU-h (scenario: cluster.gpu_hour_usd)",
                      usdPerGpuHour);
        return buf;
    }
    std::string s = model::describe(stated);
    if (stated.currency == model::Currency::Cny) {
        char buf[96];
        std::snprintf(buf, sizeof buf, " = $%.2f/GPU-h at %.4f CNY/USD", usdPerGpuHour,
                      stated.cnyPerUsd);
        s += buf;
    }
    return s;
}

std::string ResolvedPrice::describe(Lang lang) const {
    if (lang == Lang::En) return describe();
    const auto zhOr = [](const std::string& zh, const std::string& en) -> const std::string& {
        return zh.empty() ? en : zh;
    };
    if (origin == PriceOrigin::None) {
        std::string s = (gpu.empty() ? std::string("此 GPU") : gpu) + " 没有价格";
        const std::string& why = zhOr(stated.unpricedReasonZh, stated.unpricedReason);
        if (!why.empty()) s += "：" + why;
        return s + "（请设置 cluster.gpu_hour_usd 或价格表中的一行）；不计算成本";
    }
    char buf[128];
    if (origin == PriceOrigin::Scenario) {
        std::snprintf(buf, sizeof buf, "$%.2f/GPU 时（场景：cluster.gpu_hour_usd）", usdPerGpuHour);
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%s%.2f/GPU 时",
                  stated.currency == model::Currency::Cny ? "¥" : "$", stated.perGpuHour);
    std::string what;
    const auto add = [&what](const std::string& s) {
        if (!s.empty()) what += (what.empty() ? "" : "，") + s;
    };
    add(stated.cloud);
    add(stated.region);
    add(stated.contract);
    add(zhOr(stated.sourceZh, stated.source));
    if (!stated.date.empty()) add(stated.date + " 读取");
    const std::string from = stated.origin.empty() || stated.origin == "catalog" ? "目录"
                             : stated.origin == "price table"                    ? "价格表"
                                                                                 : stated.origin;
    std::string s = buf + ("（" + from + (what.empty() ? "" : "：" + what) + "）");
    if (stated.currency == model::Currency::Cny) {
        std::snprintf(buf, sizeof buf, " = $%.2f/GPU 时（汇率 %.4f CNY/USD）", usdPerGpuHour,
                      stated.cnyPerUsd);
        s += buf;
    }
    return s;
}

nlohmann::json toJson(const ResolvedPrice& p) {
    nlohmann::json j{{"gpu", p.gpu},
                     {"origin", std::string(toString(p.origin))},
                     {"priced", p.priced()},
                     {"description", p.describe()}};
    if (!p.priced()) {
        j["unpriced_reason"] = p.stated.unpricedReason;
        return j;
    }
    j["usd_per_gpu_hour"] = p.usdPerGpuHour;
    j["stated"] = {{"per_gpu_hour", p.stated.perGpuHour},
                   {"currency", std::string(model::toString(p.stated.currency))},
                   {"source", p.stated.source},
                   {"date", p.stated.date},
                   {"cloud", p.stated.cloud},
                   {"region", p.stated.region},
                   {"contract", p.stated.contract},
                   {"cny_per_usd", p.stated.cnyPerUsd}};
    return j;
}

ResolvedPrice resolvePrice(const model::ClusterSpec& cluster) {
    ResolvedPrice r;
    r.gpu = cluster.gpu.name;
    r.stated = cluster.gpu.listPrice;
    if (cluster.gpuHourUsd > 0) {
        r.origin = PriceOrigin::Scenario;
        r.usdPerGpuHour = cluster.gpuHourUsd;
        r.stated = {};
        r.stated.perGpuHour = cluster.gpuHourUsd;
        r.stated.origin = "scenario";
        return r;
    }
    const double usd = model::usdPerGpuHour(cluster.gpu.listPrice, cluster.gpu.listPrice.cnyPerUsd);
    if (usd > 0) {
        r.origin = cluster.gpu.listPrice.origin == "price table" ? PriceOrigin::PriceTable
                                                                 : PriceOrigin::Catalog;
        r.usdPerGpuHour = usd;
    }
    return r;
}

void applyPriceTable(model::GpuSpec& gpu, const model::PriceTable& table, std::string_view cloud,
                     std::string_view region, std::string_view contract) {
    const model::PriceTableEntry* row = table.find(gpu.name, cloud, region, contract);
    if (!row) return;
    gpu.listPrice = row->price;
    gpu.listPrice.origin = "price table";
    gpu.listPrice.cnyPerUsd = table.cnyPerUsd;
}

} // namespace trainplan::sim
