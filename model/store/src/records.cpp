#include <trainplan/store/records.h>

#include <trainplan/model/catalog.h>

#include "store_internal.h"

namespace trainplan::store {

std::string_view toString(CatalogKind kind) {
    switch (kind) {
    case CatalogKind::Gpu:
        return "gpu";
    case CatalogKind::Link:
        return "link";
    case CatalogKind::Model:
        return "model";
    }
    return "gpu";
}

std::optional<CatalogKind> catalogKindFromString(std::string_view text) {
    for (CatalogKind k : kAllCatalogKinds) {
        const std::string_view name = toString(k);
        if (text == name || (text.size() == name.size() + 1 &&
                             text.substr(0, name.size()) == name && text.back() == 's'))
            return k;
    }
    return std::nullopt;
}

namespace detail {

std::string catalogTable(CatalogKind kind) {
    return "catalog_" + std::string(catalogArrayKey(kind));
}

std::string_view catalogArrayKey(CatalogKind kind) {
    switch (kind) {
    case CatalogKind::Gpu:
        return "gpus";
    case CatalogKind::Link:
        return "links";
    case CatalogKind::Model:
        return "models";
    }
    return "gpus";
}

StoreArg didYouMean(const std::string& name, const std::vector<std::string>& candidates) {
    const auto close = model::closestNames(name, candidates);
    if (close.empty()) return {};
    std::string list;
    for (std::size_t i = 0; i < close.size(); ++i)
        list += (i ? ", " : "") + close[i];
    return storeText(StoreText::DidYouMean, {list}).asArg();
}

} // namespace detail

} // namespace trainplan::store
