// Megatron-LM's memory-saving flags (split out of megatron_args.cpp): the recompute submodules and
// method, and Megatron-FSDP's sharding.
#include "megatron_memory_args.h"

#include <trainplan/model/plan.h>

#include <string>

namespace trainplan::model::io::detail {

// Megatron-LM's selective submodules (--recompute-modules, nargs="*", transformer_config.py
// recompute_modules): only read with --recompute-granularity selective, as Megatron uses them.
void readRecomputeModules(const ParsedArgs& args, ImportedFields& f) {
    const auto it = args.values.find("--recompute-modules");
    if (it == args.values.end()) return;
    unsigned modules = 0;
    for (const ShellWord& w : it->second) {
        if (!w.resolved()) {
            f.error("--recompute-modules",
                    ImportText(ImportTextId::MegModulesNotSet, {}, {unresolvedMessage(w)}));
            return;
        }
        if (const auto bit = recompute_module::fromString(w.text))
            modules |= *bit;
        else
            f.error("--recompute-modules", IssueId::NotOneOf,
                    {w.text, recompute_module::join(~0u, ", ")});
    }
    if (modules == 0) return;
    if (!f.plan.recompute.has() || *f.plan.recompute != Recompute::Selective) {
        f.warning("--recompute-modules", ImportTextId::MegModulesNeedSelective);
        return;
    }
    f.plan.recomputeModules.set(modules, "--recompute-modules");
}

void readPartialRecompute(ArgReader& a, ImportedFields& f) {
    const std::optional<std::string> method = a.string("--recompute-method");
    const std::optional<long long> layers = a.integer("--recompute-num-layers", 1, 1'000'000);
    if (!method) return;
    if (*method == "block") {
        if (!layers) {
            f.error("--recompute-num-layers", ImportTextId::MegBlockNeedsLayers);
            return;
        }
        f.plan.recomputeLayers.set(static_cast<int>(*layers),
                                   "--recompute-method block --recompute-num-layers");
    } else if (*method == "uniform") {
        if (layers && *layers > 1)
            f.note("--recompute-num-layers", ImportTextId::MegUniformGroups, {*layers});
    } else {
        f.error("--recompute-method", IssueId::NotOneOf, {*method, "uniform, block"});
    }
}

// Megatron-FSDP (--use-megatron-fsdp, or --use-custom-fsdp, its deprecated name): the ZeRO stage is
// its --data-parallel-sharding-strategy, whose default is optim_grads_params
// (megatron/training/arguments.py).
void readMegatronFsdp(ArgReader& a, ImportedFields& f) {
    const char* flag = a.flag("--use-megatron-fsdp") ? "--use-megatron-fsdp" : "--use-custom-fsdp";
    const std::optional<std::string> strategy = a.string("--data-parallel-sharding-strategy");
    const std::string name = strategy.value_or("optim_grads_params");
    int stage = -1;
    if (name == "no_shard")
        stage = 0;
    else if (name == "optim")
        stage = 1;
    else if (name == "optim_grads")
        stage = 2;
    else if (name == "optim_grads_params")
        stage = 3;
    if (stage < 0) {
        f.error("--data-parallel-sharding-strategy", IssueId::NotOneOf,
                {name, "no_shard, optim, optim_grads, optim_grads_params"});
        return;
    }
    f.plan.zeroStage.set(
        stage,
        strategy ? std::string(flag) + " --data-parallel-sharding-strategy" : std::string(flag),
        strategy ? ImportText() : fieldNote(ImportTextId::FieldFsdpDefaultStrategy),
        strategy ? Origin::Explicit : Origin::ToolDefault);
    if (stage <= 1)
        f.note(flag, stage == 1 ? ImportTextId::MegFsdpAsDistOpt : ImportTextId::MegFsdpAsDp,
               {name});
    const auto instances = a.integer("--num-distributed-optimizer-instances", 1, 1'000'000);
    const auto outer = a.string("--outer-dp-sharding-strategy");
    if ((instances && *instances > 1) || (outer && *outer != "no_shard"))
        f.warning(instances && *instances > 1 ? "--num-distributed-optimizer-instances"
                                              : "--outer-dp-sharding-strategy",
                  ImportTextId::MegFsdpOuterGroup);
}

// Megatron-Core's combined 1F1B and the token dispatcher (megatron/training/arguments.py:
// --overlap-moe-expert-parallel-comm; --moe-token-dispatcher-type allgather|alltoall|flex).
void readMoeCommunication(ArgReader& a, ImportedFields& f) {
    if (a.flag("--overlap-moe-expert-parallel-comm"))
        f.plan.epCommOverlap.set(true, "--overlap-moe-expert-parallel-comm");
    if (auto d = a.string("--moe-token-dispatcher-type")) {
        if (*d == "flex")
            f.plan.moeDispatcher.set(MoeDispatcher::Flex, "--moe-token-dispatcher-type");
        else if (*d == "alltoall")
            f.plan.moeDispatcher.set(MoeDispatcher::AllToAll, "--moe-token-dispatcher-type");
        else
            f.warning("--moe-token-dispatcher-type", ImportTextId::MegDispatcherAsAllToAll, {*d});
    }
}

void readDropout(ArgReader& a, ImportedFields& f) {
    auto read = [&](const char* flag, Field<double>& out) {
        if (auto p = a.number(flag, 0.0, 0.95))
            out.set(*p, flag);
        else if (!a.flag(flag))
            out.set(0.1, flag, absentNote(), Origin::ToolDefault);
    };
    read("--attention-dropout", f.training.attentionDropout);
    read("--hidden-dropout", f.training.hiddenDropout);
}

} // namespace trainplan::model::io::detail
