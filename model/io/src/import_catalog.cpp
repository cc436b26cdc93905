// Catalog entries for what imported files only hint at (split out of import_files.cpp): the model
// a tokenizer's hub name names, the GPU of a Slurm type hint, the links that usually come with a
// GPU; and the cluster assembled from the options, the files, a given scenario or the plan's size.
#include "import_catalog.h"
#include <trainplan/model/ascii_text.h>

#include <algorithm>
#include <cctype>

namespace trainplan::model::io::detail {

namespace {

// Catalog GPU for a Slurm type hint like "h100" or "a100_80gb".
const GpuSpec* gpuFromHint(const Catalog& catalog, const std::string& hint) {
    std::string h = asciiLower(hint);
    for (char& c : h)
        if (c == '_') c = '-';
    for (const auto& g : catalog.gpus)
        if (asciiLower(g.name) == h) return &g;
    for (const auto& g : catalog.gpus)
        if (asciiLower(g.name).rfind(h, 0) == 0) return &g;
    const auto dash = h.find('-');
    if (dash != std::string::npos)
        for (const auto& g : catalog.gpus)
            if (asciiLower(g.name).rfind(h.substr(0, dash), 0) == 0) return &g;
    return nullptr;
}

// Links that usually come with a GPU (a planning default, reported as assumed).
std::pair<std::string, std::string> defaultLinks(const std::string& gpu) {
    const std::string g = asciiLower(gpu);
    if (g.rfind("h800", 0) == 0) return {"NVLink4-H800", "InfiniBand-NDR-400"};
    if (g.rfind("a800", 0) == 0) return {"NVLink3-A800", "InfiniBand-HDR-200"};
    if (g.rfind("a100", 0) == 0) return {"NVLink3-NVSwitch", "InfiniBand-HDR-200"};
    if (g.rfind("v100", 0) == 0) return {"NVLink2-NVSwitch", "InfiniBand-HDR-200"};
    if (g.rfind("b200", 0) == 0) return {"NVLink5-NVSwitch", "InfiniBand-NDR-400"};
    if (g.rfind("mi300", 0) == 0) return {"Infinity-Fabric-MI300X", "RoCE-400GbE"};
    if (g.rfind("l40", 0) == 0 || g.rfind("rtx", 0) == 0) return {"PCIe-Gen4", "RoCE-100GbE"};
    return {"NVLink4-NVSwitch", "InfiniBand-NDR-400"};
}

} // namespace

const TransformerSpec* catalogModelForHubName(const Catalog& catalog, const std::string& hub) {
    auto squash = [](const std::string& t) {
        std::string out;
        for (unsigned char c : t)
            if (std::isalnum(c)) out.push_back(static_cast<char>(std::tolower(c)));
        return out;
    };
    const std::string h = squash(hub);
    const TransformerSpec* best = nullptr;
    std::size_t bestLength = 0;
    for (const TransformerSpec& m : catalog.models)
        for (const std::string& n : {squash(m.name), squash(m.displayName)}) {
            if (n.size() < 4 || n.size() <= bestLength) continue;
            for (std::size_t at = h.find(n); at != std::string::npos; at = h.find(n, at + 1)) {
                const bool digitBefore =
                    at > 0 && std::isdigit(static_cast<unsigned char>(h[at - 1]));
                const std::size_t end = at + n.size();
                const bool digitAfter =
                    end < h.size() && std::isdigit(static_cast<unsigned char>(h[end]));
                if (!digitBefore && !digitAfter) {
                    best = &m;
                    bestLength = n.size();
                    break;
                }
            }
        }
    return best;
}

bool assembleCluster(Assembly& a, ImportedFields& m, const std::optional<long long>& worldFromPlan,
                     ClusterSpec& c) {
    if (a.base) c = a.base->cluster;
    if (a.options.nodes) m.cluster.nodes.set(*a.options.nodes, "--nodes");
    if (a.options.gpusPerNode) m.cluster.gpusPerNode.set(*a.options.gpusPerNode, "--gpus-per-node");
    if (m.cluster.nodes.has()) c.nodes = *m.cluster.nodes;
    if (m.cluster.gpusPerNode.has()) c.gpusPerNode = *m.cluster.gpusPerNode;
    if (m.cluster.hostCpuCoresPerNode.has()) c.hostCpuCoresPerNode = *m.cluster.hostCpuCoresPerNode;
    if (!m.cluster.nodes.has() && !a.base) {
        if (worldFromPlan && *worldFromPlan > 0) {
            const long long perNode = m.cluster.gpusPerNode.has()
                                          ? *m.cluster.gpusPerNode
                                          : std::min<long long>(8, *worldFromPlan);
            if (perNode > 0 && *worldFromPlan % perNode == 0 &&
                *worldFromPlan / perNode <= 1'000'000) {
                c.nodes = static_cast<int>(*worldFromPlan / perNode);
                c.gpusPerNode = static_cast<int>(perNode);
                a.warning("cluster", ImportTextId::NodesFromPlan,
                          {*worldFromPlan, c.nodes, c.gpusPerNode});
            } else {
                a.error("cluster.nodes", ImportTextId::NodesNotGiven);
                return false;
            }
        } else {
            a.error("cluster.nodes", ImportTextId::ClusterNotGiven);
            return false;
        }
    } else if (!m.cluster.gpusPerNode.has() && !a.base) {
        c.gpusPerNode = 8;
        a.warning("cluster.gpus_per_node", ImportTextId::GpusPerNodeAssumed);
    }

    // GPU type and links: options, else the given scenario, else a Slurm hint, else a default.
    std::string gpuName = a.options.gpu;
    if (gpuName.empty() && !a.base && m.cluster.gpu.has()) {
        if (const GpuSpec* g = gpuFromHint(a.catalog, *m.cluster.gpu)) {
            gpuName = g->name;
            a.note("cluster.gpu", ImportText(ImportTextId::GpuHintRead, {*m.cluster.gpu, g->name},
                                             {m.cluster.gpu.source}));
        } else {
            a.warning("cluster.gpu", ImportText(ImportTextId::GpuHintUnknown, {*m.cluster.gpu},
                                                {m.cluster.gpu.source}));
        }
    }
    if (gpuName.empty() && !a.base) {
        gpuName = "H100-SXM5-80GB";
        a.warning("cluster.gpu", ImportTextId::GpuAssumed, {gpuName});
    }
    if (!gpuName.empty()) {
        if (const GpuSpec* g = a.catalog.findGpu(gpuName)) {
            c.gpu = *g;
            c.gpuRef = g->name;
        } else {
            a.error(a.catalog.unknownGpuIssue("cluster.gpu", gpuName));
            return false;
        }
    }
    auto [intraDefault, interDefault] = defaultLinks(c.gpuRef.empty() ? c.gpu.name : c.gpuRef);
    auto link = [&](const std::string& option, const std::string& fallback, LinkSpec& out,
                    std::string& ref, const char* key) {
        std::string name = option;
        if (name.empty() && a.base) return true;
        if (name.empty()) {
            name = fallback;
            a.warning(
                key, ImportTextId::LinkAssumed,
                {name, key == std::string("cluster.intra_node") ? "--intra-node" : "--inter-node"});
        }
        if (const LinkSpec* l = a.catalog.findLink(name)) {
            out = *l;
            ref = l->name;
            return true;
        }
        a.error(a.catalog.unknownLinkIssue(key, name));
        return false;
    };
    bool ok =
        link(a.options.intraNode, intraDefault, c.intraNode, c.intraNodeRef, "cluster.intra_node");
    ok = link(a.options.interNode, interDefault, c.interNode, c.interNodeRef,
              "cluster.inter_node") &&
         ok;
    if (!a.base && a.options.interNode.empty()) c.nicsPerNode = c.gpusPerNode;
    return ok;
}

} // namespace trainplan::model::io::detail
