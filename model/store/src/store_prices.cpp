#include <trainplan/model/ascii_text.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/store/store.h>

#include "store_internal.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace trainplan::store {

model::PriceTable Store::priceTable() {
    model::PriceTable t;
    Transaction snapshot(m_connection, Transaction::Kind::Read);
    {
        auto q = m_connection.cached("SELECT gpu, cloud, region, contract, currency, per_gpu_hour, "
                                     "source, priced_on FROM gpu_prices ORDER BY gpu, cloud, "
                                     "region, contract");
        while (q->step()) {
            model::PriceTableEntry e;
            e.gpu = q->text(0);
            e.price.cloud = q->text(1);
            e.price.region = q->text(2);
            e.price.contract = q->text(3);
            e.price.currency = model::currencyFromString(q->text(4)).value_or(model::Currency::Usd);
            e.price.perGpuHour = q->real(5);
            e.price.source = q->text(6);
            e.price.date = q->optionalText(7).value_or("");
            e.price.origin = "price table";
            t.entries.push_back(std::move(e));
        }
    }
    auto meta = m_connection.cached("SELECT key, value FROM meta WHERE key IN ('cny_per_usd', "
                                    "'cny_per_usd_date')");
    while (meta->step()) {
        const std::string key = meta->text(0), value = meta->text(1);
        if (key == "cny_per_usd") {
            char* end = nullptr;
            const double v = std::strtod(value.c_str(), &end);
            if (end && *end == '\0' && v > 0 && std::isfinite(v)) {
                t.cnyPerUsd = v;
                t.defaultRate = false;
            }
        } else {
            t.cnyPerUsdDate = value;
        }
    }
    for (auto& e : t.entries)
        e.price.cnyPerUsd = t.cnyPerUsd;
    return t;
}

bool Store::putPrice(const model::PriceTableEntry& entry) {
    model::ValidationIssues issues;
    const std::string gpu = model::trimmed(entry.gpu);
    const model::GpuPrice& p = entry.price;
    if (gpu.empty()) {
        issues.push_back({"gpu", model::IssueId::Required});
    } else {
        const model::Catalog cat = catalog();
        if (!cat.findGpu(gpu)) issues.push_back(cat.unknownGpuIssue("gpu", gpu));
    }
    if (!(p.perGpuHour > 0) || !(p.perGpuHour < 1e6))
        issues.push_back({"per_gpu_hour", model::IssueId::PriceRange});
    if (!p.date.empty() && !model::isIsoDate(p.date))
        issues.push_back({"date", model::IssueId::NotDate, {p.date}});
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::PriceRejected),
                         std::move(issues));
    Transaction tx(m_connection);
    bool existed = false;
    {
        auto q = m_connection.cached("SELECT 1 FROM gpu_prices WHERE gpu = ?1 AND cloud = ?2 AND "
                                     "region = ?3 AND contract = ?4");
        q->bindAll(gpu, model::trimmed(p.cloud), model::trimmed(p.region),
                   model::trimmed(p.contract));
        existed = q->step();
    }
    auto q = m_connection.cached(
        std::string("INSERT INTO gpu_prices (gpu, cloud, region, contract, currency, "
                    "per_gpu_hour, source, priced_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON "
                    "CONFLICT (gpu, cloud, region, contract) DO UPDATE SET currency = "
                    "excluded.currency, per_gpu_hour = excluded.per_gpu_hour, source = "
                    "excluded.source, priced_on = excluded.priced_on, updated_at = ") +
        detail::kNow);
    q->bindAll(gpu, model::trimmed(p.cloud), model::trimmed(p.region), model::trimmed(p.contract),
               std::string(model::toString(p.currency)), p.perGpuHour, p.source,
               p.date.empty() ? std::optional<std::string>() : std::optional<std::string>(p.date))
        .run();
    tx.commit();
    return !existed;
}

void Store::removePrice(const std::string& gpu, const std::string& cloud, const std::string& region,
                        const std::string& contract) {
    Transaction tx(m_connection);
    {
        auto q = m_connection.cached("SELECT 1 FROM gpu_prices WHERE gpu = ?1 AND cloud = ?2 AND "
                                     "region = ?3 AND contract = ?4");
        q->bindAll(model::trimmed(gpu), model::trimmed(cloud), model::trimmed(region),
                   model::trimmed(contract));
        if (!q->step()) {
            std::string what = model::trimmed(gpu);
            for (const std::string& s : {cloud, region, contract})
                if (!model::trimmed(s).empty()) what += " / " + model::trimmed(s);
            throw StoreError(StoreErrorKind::NotFound, location(),
                             storeText(StoreText::NoPrice, {what}));
        }
    }
    auto q = m_connection.cached("DELETE FROM gpu_prices WHERE gpu = ?1 AND cloud = ?2 AND "
                                 "region = ?3 AND contract = ?4");
    q->bindAll(model::trimmed(gpu), model::trimmed(cloud), model::trimmed(region),
               model::trimmed(contract))
        .run();
    tx.commit();
}

void Store::setExchangeRate(double cnyPerUsd, const std::string& date) {
    model::ValidationIssues issues;
    if (!(cnyPerUsd > 0) || !(cnyPerUsd < 1000))
        issues.push_back({"cny_per_usd", model::IssueId::ExchangeRateRange});
    if (!model::isIsoDate(date)) issues.push_back({"date", model::IssueId::NotDate, {date}});
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::ExchangeRateRejected), std::move(issues));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", cnyPerUsd);
    Transaction tx(m_connection);
    auto q = m_connection.cached("INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) "
                                 "DO UPDATE SET value = excluded.value");
    q->bindAll("cny_per_usd", std::string(buf)).run();
    q->reset();
    q->bindAll("cny_per_usd_date", date).run();
    tx.commit();
}

} // namespace trainplan::store
