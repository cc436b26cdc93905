// The interconnects a GPU's systems come with (the vendors' reference designs), for the sizing
// search. Each row names its source; where the vendor's design has one NIC per GPU, nics = 8.
#include <trainplan/simulator/sizing.h>

#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/pricing.h>

#include <string_view>

namespace trainplan::sim {

namespace {

struct SystemRow {
    std::string_view intra;
    std::string_view inter;
    int nics;
};

// By GPU name first (parts whose NVLink differs from their generation's), then by generation.
std::vector<SystemRow> rowsFor(const model::GpuSpec& gpu) {
    const std::string& n = gpu.name;
    // A800 / H800 (China export parts): NVLink cut to 400 GB/s bidirectional (links.json
    // NVLink3-A800, NVLink4-H800); HGX boards with 8 × 200/400 Gb/s NICs like their siblings.
    if (n.rfind("A800", 0) == 0)
        return {{"NVLink3-A800", "InfiniBand-HDR-200", 8}, {"NVLink3-A800", "RoCE-200GbE", 8}};
    if (n.rfind("H800", 0) == 0)
        return {{"NVLink4-H800", "InfiniBand-NDR-400", 8}, {"NVLink4-H800", "RoCE-400GbE", 8}};
    // MI300X: AMD Instinct MI300X platform (8 GPUs on Infinity Fabric, 8 × 400 Gb/s NICs; Azure
    // ND MI300X v5: 8 × 400 Gb/s NDR InfiniBand per VM).
    if (n.rfind("MI300X", 0) == 0)
        return {{"Infinity-Fabric-MI300X", "InfiniBand-NDR-400", 8},
                {"Infinity-Fabric-MI300X", "RoCE-400GbE", 8}};
    model::Scenario probe;
    probe.cluster.gpu = gpu;
    switch (resolveEfficiency(probe).generation) {
    case GpuGeneration::Volta: // DGX-2: NVSwitch, 8 × 100 Gb/s InfiniBand EDR / Ethernet
        return {{"NVLink2-NVSwitch", "RoCE-100GbE", 8}};
    case GpuGeneration::Ampere: // DGX A100 user guide: 8 × ConnectX-6 HDR 200 Gb/s
        return {{"NVLink3-NVSwitch", "InfiniBand-HDR-200", 8},
                {"NVLink3-NVSwitch", "RoCE-200GbE", 8}};
    case GpuGeneration::Hopper: // DGX H100/H200 user guide: 8 × ConnectX-7 NDR 400 Gb/s
        return {{"NVLink4-NVSwitch", "InfiniBand-NDR-400", 8},
                {"NVLink4-NVSwitch", "RoCE-400GbE", 8}};
    case GpuGeneration::Blackwell: // DGX B200 user guide: 8 × ConnectX-7 400 Gb/s
        return {{"NVLink5-NVSwitch", "InfiniBand-NDR-400", 8},
                {"NVLink5-NVSwitch", "RoCE-400GbE", 8}};
    case GpuGeneration::Ada: // PCIe servers (no NVLink): 2 × 100/200 Gb/s NICs (assumption)
        return {{"PCIe-Gen4", "RoCE-200GbE", 2}, {"PCIe-Gen4", "RoCE-100GbE", 2}};
    case GpuGeneration::Cdna3:
        return {{"Infinity-Fabric-MI300X", "RoCE-400GbE", 8}};
    }
    return {};
}

} // namespace

std::vector<SystemOption> systemOptions(const model::GpuSpec& gpu, const model::Catalog& catalog) {
    std::vector<SystemOption> out;
    for (const SystemRow& r : rowsFor(gpu)) {
        const model::LinkSpec* intra = catalog.findLink(r.intra);
        const model::LinkSpec* inter = catalog.findLink(r.inter);
        if (intra && inter) out.push_back({*intra, *inter, r.nics});
    }
    return out;
}

std::vector<model::GpuSpec> sizingCandidateGpus(const model::Scenario& scenario,
                                                const model::Catalog& catalog,
                                                const model::PriceTable& prices) {
    std::vector<model::GpuSpec> gpus = catalog.gpus;
    for (model::GpuSpec& g : gpus)
        applyPriceTable(g, prices);
    model::GpuSpec own = scenario.cluster.gpu;
    applyPriceTable(own, prices); // idempotent: a loader may have attached the table's row already
    bool inCatalog = false;
    for (model::GpuSpec& g : gpus)
        if (g.name == own.name) {
            g = own; // the scenario's GPU as the scenario resolved it (price included)
            inCatalog = true;
        }
    if (!inCatalog) gpus.push_back(own); // an inline GPU is a candidate too
    return gpus;
}

long long sizingMaxGpus(const model::Scenario& scenario) {
    return scenario.constraints.maxGpus.value_or(kDefaultSizingMaxGpus);
}

} // namespace trainplan::sim
