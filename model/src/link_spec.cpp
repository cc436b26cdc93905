#include <trainplan/model/link_spec.h>

namespace trainplan::model {

std::string_view toString(LinkKind k) {
    switch (k) {
    case LinkKind::NvLink:
        return "nvlink";
    case LinkKind::Pcie:
        return "pcie";
    case LinkKind::InfiniBand:
        return "infiniband";
    case LinkKind::RoCE:
        return "roce";
    case LinkKind::Ethernet:
        return "ethernet";
    }
    return "nvlink";
}

std::optional<LinkKind> linkKindFromString(std::string_view s) {
    for (LinkKind k : {LinkKind::NvLink, LinkKind::Pcie, LinkKind::InfiniBand, LinkKind::RoCE,
                       LinkKind::Ethernet})
        if (s == toString(k)) return k;
    return std::nullopt;
}

} // namespace trainplan::model
