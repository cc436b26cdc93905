#pragma once

#include <trainplan/model/gpu_spec.h>
#include <trainplan/model/link_spec.h>

#include <string>

namespace trainplan::model {

// Where training runs. `*Ref` keep the catalog name the scenario used (empty when inline), so a
// saved scenario keeps referring to the catalog.
struct ClusterSpec {
    GpuSpec gpu;
    std::string gpuRef;
    int nodes = 1;
    int gpusPerNode = 8;
    LinkSpec intraNode;
    std::string intraNodeRef;
    LinkSpec interNode;
    std::string interNodeRef;
    int nicsPerNode = 1;
    double oversubscription = 1.0; // core:edge bandwidth ratio of the fabric, >= 1
    double gpuHourUsd = 0.0;
    double hostMemoryBytesPerNode = 0;   // 0 = default (2 TiB per 8 GPUs)
    int hostCpuCoresPerNode = 0;         // cores that run an offloaded optimizer; 0 = default
    double hostMemoryBytesPerSecondPerNode = 0; // host DRAM bandwidth; 0 = default
    double pcieBytesPerSecondPerGpu = 0; // host<->GPU for offload; 0 = default
    double nvmeBytesPerSecondPerNode = 0;
    double storageBytesPerSecond = 0; // shared checkpoint storage, aggregate
    double gpuMtbfHours = 0;          // 0 = default
    double pue = 0;                   // 0 = default
    double gpuPowerLimitWatts = 0;    // board power cap (nvidia-smi -pl); 0 = the GPU's TDP

    [[nodiscard]] long long gpuCount() const { return static_cast<long long>(nodes) * gpusPerNode; }
    bool operator==(const ClusterSpec&) const = default;
};

} // namespace trainplan::model
