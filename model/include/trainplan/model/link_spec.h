#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

enum class LinkKind { NvLink, Pcie, InfiniBand, RoCE, Ethernet };

[[nodiscard]] std::string_view toString(LinkKind k);
[[nodiscard]] std::optional<LinkKind> linkKindFromString(std::string_view s);

// A link: for intra-node links the bandwidth is per GPU per direction, for inter-node links it is
// per NIC per direction.
struct LinkSpec {
    std::string name;
    LinkKind kind = LinkKind::NvLink;
    double bytesPerSecond = 0;
    double latencySeconds = 0;
    std::string source;
    std::string sourceZh; // the same in Simplified Chinese, for Chinese reports (optional)

    bool operator==(const LinkSpec&) const = default;
};

} // namespace trainplan::model
