#include <trainplan/model/plan.h>

#include <string>

namespace trainplan::model {

std::string_view toString(Framework f) {
    switch (f) {
    case Framework::Ddp:
        return "ddp";
    case Framework::Fsdp:
        return "fsdp";
    case Framework::DeepSpeed:
        return "deepspeed";
    case Framework::Megatron:
        return "megatron";
    }
    return "ddp";
}

std::string_view displayName(Framework f) {
    switch (f) {
    case Framework::Ddp:
        return "PyTorch DDP";
    case Framework::Fsdp:
        return "PyTorch FSDP";
    case Framework::DeepSpeed:
        return "DeepSpeed ZeRO";
    case Framework::Megatron:
        return "Megatron-LM";
    }
    return "";
}

std::optional<Framework> frameworkFromString(std::string_view s) {
    for (Framework f : kAllFrameworks)
        if (s == toString(f)) return f;
    return std::nullopt;
}

std::string_view toString(Offload o) {
    switch (o) {
    case Offload::None:
        return "none";
    case Offload::Cpu:
        return "cpu";
    case Offload::Nvme:
        return "nvme";
    }
    return "none";
}

std::optional<Offload> offloadFromString(std::string_view s) {
    for (Offload o : {Offload::None, Offload::Cpu, Offload::Nvme})
        if (s == toString(o)) return o;
    return std::nullopt;
}

std::string_view toString(MoeDispatcher d) {
    return d == MoeDispatcher::Flex ? "flex" : "alltoall";
}

std::optional<MoeDispatcher> moeDispatcherFromString(std::string_view s) {
    for (MoeDispatcher d : {MoeDispatcher::AllToAll, MoeDispatcher::Flex})
        if (s == toString(d)) return d;
    return std::nullopt;
}

std::string_view toString(Recompute r) {
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return "none";
}

std::optional<Recompute> recomputeFromString(std::string_view s) {
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full})
        if (s == toString(r)) return r;
    return std::nullopt;
}

namespace recompute_module {

std::optional<unsigned> fromString(std::string_view s) {
    for (const Name& n : kNames)
        if (s == n.name) return n.bit;
    return std::nullopt;
}

std::string join(unsigned modules, std::string_view separator) {
    std::string s;
    for (const Name& n : kNames) {
        if (!(modules & n.bit)) continue;
        if (!s.empty()) s += separator;
        s += n.name;
    }
    return s;
}

} // namespace recompute_module

std::string PipelineLayout::label() const {
    std::string s;
    auto add = [&s](const std::string& part) { s += (s.empty() ? "" : " ") + part; };
    if (firstStageLayers || lastStageLayers) {
        std::string part;
        if (firstStageLayers) part += "first" + std::to_string(*firstStageLayers);
        if (lastStageLayers)
            part +=
                (part.empty() ? "" : "/") + std::string("last") + std::to_string(*lastStageLayers);
        add(part);
    }
    if (embeddingAsLayer) add("emb-as-layer");
    if (lossAsLayer) add("loss-as-layer");
    if (!layout.empty()) add("layout " + layout);
    if (!partitionMethod.empty()) add("partition " + partitionMethod);
    if (firstStageLessLayers || lastStageLessLayers)
        add("less " + std::to_string(firstStageLessLayers.value_or(1)) + "/" +
            std::to_string(lastStageLessLayers.value_or(1)));
    return s;
}

std::string Plan::label() const {
    std::string s;
    auto part = [&s](const char* name, int v) {
        if (v <= 1) return;
        if (!s.empty()) s += "·";
        s += name + std::to_string(v);
    };
    part("TP", tp);
    part("PP", pp);
    part("VPP", vpp);
    part("CP", cp);
    part("EP", ep);
    if (foldsExperts()) s += (s.empty() ? "ETP" : "·ETP") + std::to_string(etp);
    if (!s.empty()) s += "·";
    s += "DP" + std::to_string(dp);
    s += " mb" + std::to_string(microBatch);
    if (framework == Framework::Fsdp) {
        s += zeroStage == 3 ? (hybridShard ? " hybrid" : " full-shard")
                            : (zeroStage == 2 ? " grad-op" : " no-shard");
    } else if (framework == Framework::Megatron) {
        // Megatron-FSDP (--use-megatron-fsdp) above the distributed optimizer.
        s += zeroStage == 3   ? " mfsdp"
             : zeroStage == 2 ? " mfsdp-grads"
             : zeroStage == 1 ? " dist-opt"
                              : "";
    } else if (framework == Framework::DeepSpeed) {
        s += " ZeRO-" + std::to_string(zeroStage);
    }
    if (offload != Offload::None) s += std::string(" offload-") + std::string(toString(offload));
    if (offloadParams) s += "+params";
    if (sequenceParallel) s += " SP";
    if (moeDispatcher == MoeDispatcher::Flex) s += " flex";
    if (epCommOverlap) s += " ep-overlap";
    if (recompute == Recompute::Full && recomputeLayers > 0)
        s += " rc-block" + std::to_string(recomputeLayers); // Megatron's --recompute-method block
    else if (recompute == Recompute::Selective && recomputeModules != 0)
        s += " rc-" + recompute_module::join(recomputeModules, "+"); // --recompute-modules
    else if (recompute != Recompute::None)
        s += std::string(" rc-") + std::string(toString(recompute));
    if (!pipeline.isDefault()) s += " " + pipeline.label();
    return s;
}

} // namespace trainplan::model
