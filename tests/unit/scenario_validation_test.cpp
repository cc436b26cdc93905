// Every kind of bad scenario input the loader must reject: each case names the issue path and a
// message fragment it must produce, and (where the file has exactly one problem) that nothing else
// is reported. The files live in tests/fixtures/scenarios/bad/.

#include "model_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace trainplan::model {
namespace {

using test::builtinCatalog;
using test::describe;
using test::hasIssue;

namespace fs = std::filesystem;

fs::path badDir() {
    return fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "scenarios" / "bad";
}

struct BadFile {
    const char* file;
    const char* path;     // expected issue path ("" = about the whole file)
    const char* fragment; // expected substring of that issue's message
    int count;            // expected number of issues; 0 = at least one
};

std::ostream& operator<<(std::ostream& os, const BadFile& c) {
    return os << c.file;
}

// clang-format off
const BadFile kBadFiles[] = {
    // The file itself: empty, truncated, binary, not an object, wrong schema.
    {"01-empty.json", "", "the scenario is empty", 1},
    {"02-whitespace-only.json", "", "the scenario is empty", 1},
    {"03-truncated.json", "", "not valid JSON: parse error at line 15", 1},
    {"04-binary-garbage.json", "", "binary data (contains NUL bytes), not a JSON scenario", 1},
    {"05-binary-without-nul.json", "", "not valid JSON: parse error at line 1, column 1", 1},
    {"06-array-instead-of-object.json", "", "a scenario must be a JSON object, got an array", 1},
    {"07-string-instead-of-object.json", "", "a scenario must be a JSON object, got a string", 1},
    {"08-wrong-schema.json", "schema", "'trainplan.scenario.v2' is not supported (expected trainplan.scenario.v1)", 1},
    {"09-missing-schema.json", "schema", "is required", 1},
    // Unknown keys, at every level, with a suggestion for a likely typo.
    {"10-unknown-top-level-key.json", "plan", "unknown key (did you mean 'plans'?)", 1},
    {"11-unknown-cluster-key.json", "cluster.rack", "unknown key", 1},
    {"12-unknown-plan-key.json", "plans[0].pipeline_schedule", "unknown key", 1},
    {"13-unknown-moe-key.json", "model.moe.router", "unknown key", 1},
    {"69-typo-in-model-key.json", "model.ffn_hiden", "unknown key (did you mean 'ffn_hidden'?)", 1},
    // Wrong JSON types.
    {"14-layers-is-a-string.json", "model.layers", "must be an integer, got a string", 1},
    {"15-nodes-is-a-boolean.json", "cluster.nodes", "must be an integer, got a boolean", 1},
    {"16-precision-is-a-number.json", "training.precision", "must be a string, got an integer", 1},
    {"17-flash-attention-is-a-string.json", "training.flash_attention", "must be true or false, got a string", 1},
    {"18-plans-is-an-object.json", "plans", "must be an array of plans", 1},
    {"19-training-is-an-array.json", "training", "must be an object, got an array", 1},
    {"20-model-is-a-number.json", "model", "must be a catalog name or an object, got an integer", 1},
    {"64-team-is-an-array.json", "team", "must be an object, got an array", 1},
    // Counts: non-integral, non-positive, absurd, non-finite.
    {"21-layers-non-integral.json", "model.layers", "must be a whole number, got 23.5", 1},
    {"22-layers-zero.json", "model.layers", "0 is out of range [1, 100000]", 1},
    {"23-nodes-negative.json", "cluster.nodes", "-4 is out of range [1, 1000000]", 1},
    {"24-global-batch-zero.json", "training.global_batch", "0 is out of range [1, 1000000000]", 1},
    {"25-micro-batch-fractional.json", "plans[0].micro_batch", "must be a whole number, got 1.5", 1},
    {"26-tp-zero.json", "plans[0].tp", "0 is out of range [1, 1000000]", 1},
    {"27-layers-1e30.json", "model.layers", "1e+30 is out of range [1, 100000]", 1},
    // With its position since issue 22 item 18 (nlohmann's message has none).
    {"28-number-overflow-1e400.json", "", "not valid JSON: line 9, column 21: the number 1e400 does not fit a double", 1},
    {"29-global-batch-beyond-int64.json", "training.global_batch", "1.23456789012346e+29 is out of range", 1},
    {"57-cluster-too-large.json", "cluster", "nodes × gpus_per_node = 1024000000 exceeds the supported 10000000 GPUs", 1},
    {"58-layout-product-overflows.json", "plans[0].dp", "dp×tp×pp×cp = 10000000×1000000×1000000×1000000 exceeds the supported 10000000 GPUs", 0},
    {"61-nested-too-deep.json", "", "not valid JSON: nested deeper than 256 levels", 1},
    {"62-efficiency-out-of-range.json", "efficiency.gemm_efficiency", "1.5 is out of range [0.01, 1]", 1},
    // Divisibility of the model by the layout.
    {"30-heads-not-divisible-by-tp.json", "plans[0].tp", "model.heads: 96 is not divisible by tp=7", 3},
    {"31-kv-heads-not-divisible-by-tp.json", "plans[0].tp", "model.kv_heads: 12 and tp=8 must divide one another", 1},
    {"32-layers-not-divisible-by-pp-vpp.json", "plans[0].pp", "model.layers: 96 is not divisible by pp×vpp=40", 1},
    {"33-gpu-count-mismatch.json", "plans[0].dp", "dp×tp×pp×cp = 8×8×8×1 = 512 GPUs, but the cluster has 1024", 1},
    {"34-experts-not-divisible-by-ep.json", "plans[0].ep", "model.moe.experts: 8 is not divisible by ep=3", 1},
    {"35-expert-parallel-on-dense-model.json", "plans[0].ep", "expert parallelism needs a MoE model", 1},
    {"36-global-batch-not-divisible.json", "plans[0].micro_batch", "training.global_batch: 1536 is not divisible by micro_batch×dp=80", 1},
    {"56-tp-across-nodes.json", "plans[0].tp", "tp=16 spans nodes of 8 GPUs", 1},
    {"68-context-parallel-seq-len.json", "plans[0].cp", "model.seq_len: 2050 is not divisible by 2×cp=4", 1},
    // Layouts a framework does not support.
    {"37-ddp-with-tensor-parallel.json", "plans[0].tp", "PyTorch DDP does not support tensor parallelism (tp=2)", 1},
    {"70-ddp-with-zero-stage.json", "plans[0].zero_stage", "PyTorch DDP does not support sharding (zero_stage 2)", 1},
    {"38-megatron-fsdp-hybrid.json", "plans[0].sharding", "Megatron-LM does not support hybrid sharding in this model", 1},
    {"39-deepspeed-pipeline-with-zero-2.json", "plans[0].zero_stage", "DeepSpeed ZeRO does not support ZeRO-2 with pipeline parallelism", 1},
    {"40-fsdp-zero-stage-1.json", "plans[0].zero_stage", "PyTorch FSDP does not support stage 1", 1},
    {"41-nvme-offload-without-stage-3.json", "plans[0].offload", "NVMe offload (ZeRO-Infinity) needs zero_stage 3", 1},
    {"42-sequence-parallel-with-tp-1.json", "plans[0].sequence_parallel", "needs tp ≥ 2", 1},
    {"43-vpp-without-pp.json", "plans[0].vpp", "interleaving (vpp=2) needs pp ≥ 2", 1},
    {"65-offload-params-without-stage-3.json", "plans[0].offload_params", "parameter offload needs zero_stage 3", 1},
    {"67-tp-comm-overlap-on-fsdp.json", "plans[0].tp_comm_overlap", "needs tp > 1", 1},
    {"60-sharding-contradicts-zero-stage.json", "plans[0].sharding", "'grad_op' contradicts zero_stage 3", 1},
    // Uneven pipeline layouts (issue 17) and FSDP offload.
    {"71-first-stage-takes-every-layer.json", "plans[0].pipeline_layout.first_stage_layers", "0 layers are left for 15 middle stages", 1},
    {"72-pipeline-layout-wrong-layer-count.json", "plans[0].pipeline_layout.layout", "holds 125 decoder layers ('t'), but model.layers is 126", 1},
    {"73-partition-method-on-megatron.json", "plans[0].pipeline_layout.partition_method", "is a DeepSpeed option; Megatron-LM does not read it", 1},
    {"74-fsdp-optimizer-only-offload.json", "plans[0].offload_params", "optimizer-only offload, which PyTorch FSDP does not have", 1},
    {"75-unknown-pipeline-layout-key.json", "plans[0].pipeline_layout.first_stage_layer", "unknown key (did you mean 'first_stage_layers'?)", 1},
    // Partial recompute (issue 17 item 2): Megatron's --recompute-method block layer count.
    {"80-recompute-layers-without-full.json", "plans[0].recompute_layers", "needs recompute \"full\" (got \"selective\")", 1},
    {"81-recompute-layers-exceed-model.json", "plans[0].recompute_layers", "33 exceeds the model's 32 layers", 1},
    // Attention variants (issue 17 item 4): sliding windows and multi-head latent attention.
    {"82-sliding-window-full-every-1.json", "model.sliding_window.full_every", "1 makes every layer full attention", 1},
    {"83-latent-attention-with-grouped-kv.json", "model.kv_heads", "multi-head latent attention decompresses a key and a value for every head", 1},
    {"84-latent-attention-without-kv-rank.json", "model.mla.kv_lora_rank", "is required", 1},
    // The attention kernel (issue 18 item 2): only a flash-attention kernel, only with flash on.
    {"85-attention-kernel-without-flash.json", "training.attention_kernel", "'triton' is a flash-attention kernel, but training.flash_attention is false", 1},
    {"86-unknown-attention-kernel.json", "training.attention_kernel", "'xformers' is not one of auto, flash2, fused, triton", 1},
    // Megatron-Core's loss (issue 18 item 2): a known implementation, only where it runs.
    {"93-unknown-cross-entropy.json", "training.cross_entropy", "'liger' is not one of auto, unfused, te", 1},
    {"94-cross-entropy-with-eager.json", "training.cross_entropy", "'te' is Megatron-Core's loss, but training.execution 'eager' runs PyTorch's cross_entropy", 1},
    // The host that runs an offloaded optimizer (issue 17 item 5).
    // Megatron-Core's MoE options (issue 18): combined 1F1B and the flex dispatcher.
    {"97-ep-overlap-without-vpp.json", "plans[0].ep_comm_overlap", "needs an interleaved pipeline (vpp > 1) when pp > 1", 1},
    {"98-ep-overlap-on-deepspeed.json", "plans[0].ep_comm_overlap", "is Megatron-Core's combined 1F1B", 1},
    {"99-unknown-moe-dispatcher.json", "plans[0].moe_dispatcher", "'deepep' is not one of alltoall, flex", 1},
    // Dropout probabilities (issue 18): below 1, numbers.
    {"100-attention-dropout-of-one.json", "training.attention_dropout", "1 is out of range [0, 0.95]", 1},
    {"101-hidden-dropout-as-text.json", "training.hidden_dropout", "must be a number, got a string", 1},
    {"95-host-cpu-cores-zero.json", "cluster.host_cpu_cores_per_node", "0 is out of range [1, 1000000]", 1},
    {"96-host-memory-bandwidth-as-text.json", "cluster.host_memory_gb_per_s_per_node", "must be a number, got a string", 1},
    // Megatron-LM --recompute-modules (issue 17 item 2).
    {"87-recompute-modules-with-full.json", "plans[0].recompute_modules", "needs recompute \"selective\" (got \"full\")", 1},
    {"88-unknown-recompute-module.json", "plans[0].recompute_modules[1]", "must be one of core_attn, moe_act, layernorm, mla_up_proj, mlp, moe, shared_experts", 1},
    {"89-moe-recompute-on-dense-model.json", "plans[0].recompute_modules", "'moe_act' needs a MoE model", 1},
    // Catalog names, with the closest names suggested.
    {"44-unknown-gpu.json", "cluster.gpu", "unknown GPU 'H100' (did you mean H100-SXM5-80GB", 1},
    {"45-unknown-link.json", "cluster.inter_node", "unknown link 'InfiniBand-NDR400' (did you mean InfiniBand-NDR-400", 1},
    {"46-unknown-model.json", "model", "unknown model 'llama3-70b' (did you mean llama3.1-70b", 1},
    {"52-intra-node-link-is-infiniband.json", "cluster.intra_node", "an intra-node link must be nvlink or pcie", 1},
    // Other values.
    {"47-fp8-on-gpu-without-fp8.json", "training.precision", "fp8 needs fp8 tensor cores, which A100-SXM4-80GB lacks", 1},
    {"48-unknown-framework.json", "plans[0].framework", "'horovod' is not one of ddp, fsdp, deepspeed, megatron", 1},
    {"49-unknown-precision.json", "training.precision", "'int4' is not one of fp32, fp16, bf16, fp8", 1},
    {"50-inline-gpu-missing-bf16.json", "cluster.gpu.bf16_tflops", "is required", 1},
    {"51-missing-cluster.json", "cluster", "is required", 1},
    {"53-heads-do-not-divide-hidden.json", "model.heads", "45 does not divide hidden (6144); set head_dim explicitly", 1},
    {"54-kv-heads-exceed-heads.json", "model.kv_heads", "96 exceeds heads (48)", 2},
    {"55-moe-top-k-exceeds-experts.json", "model.moe.top_k", "10 exceeds experts (8)", 1},
    {"63-constraints-unknown-framework.json", "constraints.frameworks[1]", "must be one of ddp, fsdp, deepspeed, megatron", 1},
    {"66-missing-name.json", "name", "is required", 1},
    // What-if sizing targets and GPU prices (issue 20).
    {"76-deadline-days-zero.json", "constraints.deadline_days", "0 is out of range [0.001, 1000000]", 1},
    {"77-budget-negative.json", "constraints.budget", "-5000000 is out of range [0.01, 1e+15]", 1},
    {"78-budget-currency-unknown.json", "constraints.budget_currency", "'EUR' is not one of USD, CNY", 1},
    {"79-inline-gpu-price-without-source.json", "cluster.gpu.price", "a price needs its source and the date it was read", 1},
    // Several independent problems in one file: each is reported.
    {"90-three-structural-problems.json", "cluster.gpu", "unknown GPU 'A100-80' (did you mean A100-SXM4-80GB?)", 3},
    {"91-three-plan-problems.json", "plans[0].offload", "Megatron-LM does not support optimizer offload", 3},
    {"92-problems-in-two-plans.json", "plans[2].tp", "PyTorch DDP does not support tensor parallelism (tp=8)", 4},
};
// clang-format on

class BadScenarioFile : public ::testing::TestWithParam<BadFile> {};

TEST_P(BadScenarioFile, ReportsItsSpecificProblem) {
    const BadFile& c = GetParam();
    const fs::path file = badDir() / c.file;
    ASSERT_TRUE(fs::exists(file)) << file;
    const ScenarioLoad load = loadScenarioFile(file, builtinCatalog());
    EXPECT_FALSE(load.ok());
    // Whole-file problems are prefixed with the file name so a user knows which file is meant.
    const std::string fragment =
        std::string(c.path).empty() ? file.string() + ": " + c.fragment : c.fragment;
    EXPECT_TRUE(hasIssue(load.issues, c.path, fragment))
        << "expected [" << c.path << "] containing \"" << fragment
        << "\", got:" << describe(load.issues);
    if (c.count > 0) {
        EXPECT_EQ(static_cast<int>(load.issues.size()), c.count) << describe(load.issues);
    }
    for (const auto& issue : load.issues)
        EXPECT_FALSE(issue.message.empty()) << issue.path;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, BadScenarioFile, ::testing::ValuesIn(kBadFiles),
                         [](const ::testing::TestParamInfo<BadFile>& info) {
                             std::string name = info.param.file;
                             name = name.substr(0, name.find('.'));
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return "f" + name;
                         });

TEST(BadScenarioFiles, TableCoversEveryFixtureAndAtLeastForty) {
    std::set<std::string> listed;
    for (const auto& c : kBadFiles)
        EXPECT_TRUE(listed.insert(c.file).second) << "listed twice: " << c.file;
    std::set<std::string> onDisk;
    for (const auto& entry : fs::directory_iterator(badDir()))
        onDisk.insert(entry.path().filename().string());
    EXPECT_EQ(listed, onDisk);
    EXPECT_GE(listed.size(), 40u);
}

TEST(BadScenarioFiles, ThreeStructuralProblemsAreThreeIssues) {
    const auto load =
        loadScenarioFile(badDir() / "90-three-structural-problems.json", builtinCatalog());
    ASSERT_EQ(load.issues.size(), 3u) << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "owner", "unknown key"));
    EXPECT_TRUE(hasIssue(load.issues, "cluster.nodes", "must be an integer, got a string"));
    EXPECT_TRUE(hasIssue(load.issues, "cluster.gpu", "unknown GPU 'A100-80'"));
}

TEST(BadScenarioFiles, ThreePlanProblemsAreThreeIssues) {
    const auto load = loadScenarioFile(badDir() / "91-three-plan-problems.json", builtinCatalog());
    ASSERT_EQ(load.issues.size(), 3u) << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "plans[0].offload", "does not support optimizer offload"));
    EXPECT_TRUE(
        hasIssue(load.issues, "plans[0].micro_batch", "not divisible by micro_batch×dp=80"));
    EXPECT_TRUE(hasIssue(load.issues, "plans[0].pp", "not divisible by pp×vpp=40"));
}

TEST(BadScenarioFiles, ProblemsInSeveralPlansNameTheirPlan) {
    const auto load =
        loadScenarioFile(badDir() / "92-problems-in-two-plans.json", builtinCatalog());
    EXPECT_TRUE(hasIssue(load.issues, "plans[1].offload",
                         "Megatron-LM does not support optimizer offload"));
    EXPECT_TRUE(
        hasIssue(load.issues, "plans[2].tp", "PyTorch DDP does not support tensor parallelism"));
    EXPECT_TRUE(
        hasIssue(load.issues, "plans[2].pp", "PyTorch DDP does not support pipeline parallelism"));
    EXPECT_TRUE(
        hasIssue(load.issues, "plans[2].zero_stage", "PyTorch DDP does not support sharding"));
    for (const auto& i : load.issues)
        EXPECT_NE(i.path.rfind("plans[0]", 0), 0u) << "plan 0 is valid: " << i.text();
}

// ---- Inline documents, where a file would add nothing -------------------------------------------

constexpr const char* kValidHead =
    R"({"schema": "trainplan.scenario.v1", "name": "t", "model": "llama2-7b",
  "training": {"global_batch": 256},
  "cluster": {"gpu": "A100-SXM4-80GB", "nodes": 1, "gpus_per_node": 8, "intra_node": "PCIe-Gen4",
              "inter_node": "Ethernet-100GbE-TCP"})";

// Mixtral 8x7B on one node of 8 H100 with these plans (a JSON array).
std::string mixtralOnOneNode(const std::string& plans) {
    return R"({"schema": "trainplan.scenario.v1", "name": "t", "model": "mixtral-8x7b",
               "training": {"global_batch": 1024},
               "cluster": {"gpu": "H100-SXM5-80GB", "nodes": 1, "gpus_per_node": 8,
                           "intra_node": "NVLink4-NVSwitch", "inter_node": "InfiniBand-NDR-400"},
               "plans": )" + plans + "}";
}

std::string withPlans(const std::string& plans) {
    return std::string(kValidHead) + R"(, "plans": )" + plans + "}";
}

struct InlineCase {
    const char* name;
    std::string text;
    const char* path;
    const char* fragment;
};

std::ostream& operator<<(std::ostream& os, const InlineCase& c) {
    return os << c.name;
}

class BadScenarioText : public ::testing::TestWithParam<InlineCase> {};

TEST_P(BadScenarioText, ReportsItsSpecificProblem) {
    const InlineCase& c = GetParam();
    const ScenarioLoad load = parseScenario(std::string_view(c.text), builtinCatalog());
    EXPECT_FALSE(load.ok());
    EXPECT_TRUE(hasIssue(load.issues, c.path, c.fragment))
        << "expected [" << c.path << "] containing \"" << c.fragment
        << "\", got:" << describe(load.issues);
}

INSTANTIATE_TEST_SUITE_P(
    Inline, BadScenarioText,
    ::testing::Values(
        InlineCase{"json_null", "null", "", "a scenario must be a JSON object, got null"},
        InlineCase{"number", "42", "", "a scenario must be a JSON object, got an integer"},
        InlineCase{"unclosed_object", "{", "", "not valid JSON"},
        InlineCase{"trailing_garbage", std::string(kValidHead) + "} trailing", "",
                   "not valid JSON"},
        InlineCase{"nul_byte", std::string("{\"schema\"\0:1}", 13), "", "binary data"},
        InlineCase{"nan_literal",
                   std::string(kValidHead) + R"(, "efficiency": {"gemm_efficiency": NaN}})", "",
                   "not valid JSON"},
        InlineCase{"invalid_utf8_in_string", "{\"name\": \"\xff\xfe\"}", "", "not valid JSON"},
        InlineCase{"missing_model", R"({"schema": "trainplan.scenario.v1", "name": "t"})", "model",
                   "is required"},
        InlineCase{"missing_training", R"({"schema": "trainplan.scenario.v1", "name": "t"})",
                   "training", "is required"},
        InlineCase{"plan_not_object", withPlans("[7]"), "plans[0]",
                   "must be an object, got an integer"},
        InlineCase{"plan_missing_framework", withPlans(R"([{"dp": 8}])"), "plans[0].framework",
                   "is required"},
        InlineCase{"cp_negative", withPlans(R"([{"framework": "megatron", "cp": -1}])"),
                   "plans[0].cp", "-1 is out of range [1, 1000000]"},
        InlineCase{"zero_stage_4", withPlans(R"([{"framework": "deepspeed", "zero_stage": 4}])"),
                   "plans[0].zero_stage", "4 is out of range [0, 3]"},
        InlineCase{"unknown_offload",
                   withPlans(R"([{"framework": "deepspeed", "offload": "disk"}])"),
                   "plans[0].offload", "'disk' is not one of none, cpu, nvme"},
        InlineCase{"unknown_recompute",
                   withPlans(R"([{"framework": "megatron", "recompute": "some"}])"),
                   "plans[0].recompute", "'some' is not one of none, selective, full"},
        InlineCase{"fsdp_nvme",
                   withPlans(R"([{"framework": "fsdp", "sharding": "full", "offload": "nvme"}])"),
                   "plans[0].offload", "PyTorch FSDP does not support NVMe offload"},
        InlineCase{"megatron_offload",
                   withPlans(R"([{"framework": "megatron", "offload": "cpu"}])"),
                   "plans[0].offload", "Megatron-LM does not support optimizer offload"},
        InlineCase{"deepspeed_offload_stage_0",
                   withPlans(R"([{"framework": "deepspeed", "offload": "cpu"}])"),
                   "plans[0].offload", "optimizer offload needs zero_stage ≥ 1"},
        InlineCase{
            "distributed_optimizer_contradiction",
            withPlans(
                R"([{"framework": "megatron", "zero_stage": 0, "distributed_optimizer": true}])"),
            "plans[0].distributed_optimizer", "contradicts zero_stage 0"},
        InlineCase{"ep_not_dividing_dp",
                   mixtralOnOneNode(R"([{"framework": "megatron", "tp": 2, "dp": 4, "ep": 8}])"),
                   "plans[0].ep", "ep=8 must divide dp×cp=4"},
        InlineCase{"etp_folding_beyond_the_ranks",
                   mixtralOnOneNode(R"([{"framework": "megatron", "tp": 2, "dp": 4, "ep": 8, "etp": 2, "sequence_parallel": true}])"),
                   "plans[0].ep", "ep=8 must divide dp×cp=4"},
        InlineCase{"etp_ep_times_etp_not_dividing",
                   mixtralOnOneNode(R"([{"framework": "megatron", "tp": 4, "dp": 2, "ep": 8, "etp": 2, "sequence_parallel": true}])"),
                   "plans[0].ep", "ep×etp=16 must divide tp×dp×cp=8"},
        InlineCase{"etp_on_fsdp",
                   mixtralOnOneNode(R"([{"framework": "fsdp", "tp": 2, "dp": 4, "etp": 1, "sequence_parallel": true}])"),
                   "plans[0].etp", "is Megatron-LM's --expert-tensor-parallel-size"},
        InlineCase{"etp_without_sequence_parallel",
                   mixtralOnOneNode(R"([{"framework": "megatron", "tp": 2, "dp": 4, "ep": 8, "etp": 1}])"),
                   "plans[0].etp", "needs sequence_parallel with tp > 1"},
        InlineCase{"etp_not_dividing_expert_ffn",
                   mixtralOnOneNode(R"([{"framework": "megatron", "tp": 8, "dp": 1, "etp": 3, "sequence_parallel": true}])"),
                   "plans[0].etp", "model.moe.expert_ffn_hidden: 14336 is not divisible by etp=3"},
        InlineCase{"lowercase_link_kind_only",
                   std::string(kValidHead)
                           .replace(std::string(kValidHead).find("\"PCIe-Gen4\""), 11,
                                    R"({"name": "x", "kind": "NVLink", "gb_per_s": 10})") +
                       "}",
                   "cluster.intra_node.kind",
                   "'NVLink' is not one of nvlink, pcie, infiniband, roce, ethernet"},
        InlineCase{"oversubscription_below_one",
                   std::string(kValidHead)
                           .replace(std::string(kValidHead).find("\"nodes\""), 0,
                                    R"("oversubscription": 0.5, )") +
                       "}",
                   "cluster.oversubscription", "0.5 is out of range [1, 1000]"},
        InlineCase{
            "train_tokens_negative",
            std::string(kValidHead)
                    .replace(std::string(kValidHead).find("256"), 3, R"(256, "train_tokens": -1)") +
                "}",
            "training.train_tokens", "-1 is out of range"},
        InlineCase{"stages_not_array", std::string(kValidHead) + R"(, "stages": {"a": 1}})",
                   "stages", "must be an array, got an object"},
        InlineCase{"constraints_fixed_unknown_key",
                   std::string(kValidHead) + R"(, "constraints": {"fixed": {"micro_bach": 2}}})",
                   "constraints.fixed.micro_bach", "unknown key (did you mean 'micro_batch'?)"},
        InlineCase{"efficiency_unknown_key",
                   std::string(kValidHead) + R"(, "efficiency": {"mfu": 0.5}})", "efficiency.mfu",
                   "unknown key"}),
    [](const ::testing::TestParamInfo<InlineCase>& info) { return std::string(info.param.name); });

TEST(ScenarioValidation, ValidFileHasNoIssues) {
    const auto load =
        parseScenario(std::string_view(std::string(kValidHead) + "}"), builtinCatalog());
    EXPECT_TRUE(load.ok()) << describe(load.issues);
}

TEST(ScenarioValidation, WholeFileProblemNamesTheFile) {
    const fs::path missing = badDir() / "does-not-exist.json";
    const auto load = loadScenarioFile(missing, builtinCatalog());
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].message, missing.string() + ": no such file");

    const auto dir = loadScenarioFile(badDir(), builtinCatalog());
    ASSERT_EQ(dir.issues.size(), 1u);
    EXPECT_EQ(dir.issues[0].message, badDir().string() + ": is a directory, not a scenario file");
}

TEST(ScenarioValidation, DeviceFileIsNotReadAsAScenario) {
    // Regression: file_size() fails on /dev/null and its error value made it "larger than 64 MiB".
    const auto load = loadScenarioFile("/dev/null", builtinCatalog());
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].message, "/dev/null: not a regular file, not a scenario file");
}

TEST(ScenarioValidation, BinaryBytesInMessagesArePrintable) {
    const auto load = parseScenario(std::string_view("\x89\xff{"), builtinCatalog());
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_NE(load.issues[0].message.find("\\x89"), std::string::npos) << load.issues[0].message;
    for (char ch : load.issues[0].message)
        EXPECT_LT(static_cast<unsigned char>(ch), 0x80u);
}

TEST(ScenarioValidation, NumberOverflowIsAnIssueNotAnException) {
    // Regression: nlohmann reports 1e400 as out_of_range, which parseScenario let escape.
    ScenarioLoad load;
    EXPECT_NO_THROW(
        load = parseScenario(std::string_view(std::string(kValidHead) + R"(, "x": -1e400})"),
                             builtinCatalog()));
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].message.rfind("not valid JSON: line ", 0), 0u)
        << load.issues[0].message;
    EXPECT_NE(load.issues[0].message.find(": the number -1e400 does not fit a double (largest "
                                          "about 1.8e308)"),
              std::string::npos)
        << load.issues[0].message;
}

TEST(ScenarioValidation, NonFiniteNumbersInADocumentAreRejected) {
    // JSON text cannot spell NaN or infinity, but a document built in code can.
    nlohmann::json doc = nlohmann::json::parse(std::string(kValidHead) + "}");
    doc["training"]["train_tokens"] = std::numeric_limits<double>::infinity();
    doc["cluster"]["gpu_hour_usd"] = std::numeric_limits<double>::quiet_NaN();
    doc["model"] =
        nlohmann::json::parse(R"({"layers": 32, "hidden": 4096, "heads": 32, "ffn_hidden": 11008,
                                             "vocab": 32000, "seq_len": 4096})");
    doc["model"]["layers"] = std::numeric_limits<double>::infinity();
    const auto load = parseScenario(doc, builtinCatalog());
    EXPECT_TRUE(hasIssue(load.issues, "training.train_tokens", "must be a finite number"));
    EXPECT_TRUE(hasIssue(load.issues, "cluster.gpu_hour_usd", "must be a finite number"));
    EXPECT_TRUE(hasIssue(load.issues, "model.layers", "must be a finite integer"));
}

TEST(ScenarioValidation, DpOmittedFillsTheCluster) {
    const auto load = parseScenario(
        std::string_view(withPlans(R"([{"framework": "megatron", "tp": 2}])")), builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    EXPECT_EQ(load.scenario->plans.at(0).dp, 4);
}

TEST(ScenarioValidation, DpOmittedFillsMaxGpusWhenConstrained) {
    // Regression: dp was derived from the whole cluster while validation compared against max_gpus.
    const std::string text =
        std::string(kValidHead) +
        R"(, "constraints": {"max_gpus": 4}, "plans": [{"framework": "fsdp", "tp": 2}]})";
    const auto load = parseScenario(std::string_view(text), builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    EXPECT_EQ(load.scenario->plans.at(0).dp, 2);
}

// Issue 20: constraints.max_gpus is also sizing's limit, so it may exceed the cluster; plans then
// use the whole cluster (Scenario::planGpus), and sizing looks up to max_gpus.
TEST(ScenarioValidation, MaxGpusAboveTheClusterIsSizingsLimitAndPlansUseTheCluster) {
    const std::string text = std::string(kValidHead) + R"(, "constraints": {"max_gpus": 64}})";
    const auto load = parseScenario(std::string_view(text), builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    EXPECT_EQ(*load.scenario->constraints.maxGpus, 64);
    EXPECT_EQ(load.scenario->planGpus(), 8);
    const std::string fewer = std::string(kValidHead) + R"(, "constraints": {"max_gpus": 4}})";
    const auto four = parseScenario(std::string_view(fewer), builtinCatalog());
    ASSERT_TRUE(four.ok()) << describe(four.issues);
    EXPECT_EQ(four.scenario->planGpus(), 4);
}

TEST(ScenarioValidation, ValidatePlanReportsEveryProblemOfAHandBuiltPlan) {
    const auto base =
        parseScenario(std::string_view(std::string(kValidHead) + "}"), builtinCatalog());
    ASSERT_TRUE(base.ok());
    Plan p;
    p.framework = Framework::Ddp;
    p.dp = 3; // 3 GPUs of 8; 256 % 3 != 0
    p.tp = 1;
    p.sequenceParallel = true; // needs tp >= 2
    const auto issues = validatePlan(*base.scenario, p, "plan");
    EXPECT_EQ(issues.size(), 3u) << describe(issues);
    EXPECT_TRUE(hasIssue(issues, "plan.dp", "= 3 GPUs, but the cluster has 8"));
    EXPECT_TRUE(hasIssue(issues, "plan.micro_batch",
                         "training.global_batch: 256 is not divisible by micro_batch×dp=3"));
    EXPECT_TRUE(hasIssue(issues, "plan.sequence_parallel", "needs tp ≥ 2"));

    Plan zero;
    zero.tp = 0;
    const auto z = validatePlan(*base.scenario, zero, "p");
    ASSERT_EQ(z.size(), 1u);
    EXPECT_EQ(z[0].text(), "p.tp: 0 must be at least 1");
}

TEST(ScenarioValidation, DefaultScenarioValidatesWithoutCrashing) {
    Scenario s;
    s.plans.push_back(Plan{});
    ValidationIssues issues;
    EXPECT_NO_THROW(issues = validateScenario(s));
    EXPECT_TRUE(hasIssue(issues, "model", "layers, hidden and heads must be positive"));
    EXPECT_TRUE(hasIssue(issues, "training.global_batch", "must be positive"));
    EXPECT_TRUE(hasIssue(issues, "cluster.gpu", "memory must be positive"));
}

} // namespace
} // namespace trainplan::model
