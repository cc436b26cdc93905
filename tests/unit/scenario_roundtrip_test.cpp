// Load -> save -> load gives back an equal Scenario, and save is a fixed point on text, for every
// built-in scenario and for the good fixtures (inline model, GPU and links; every optional object).

#include "model_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace trainplan::model {
namespace {

using test::builtinCatalog;
using test::describe;

namespace fs = std::filesystem;

std::string readText(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<fs::path> scenarioFiles() {
    std::vector<fs::path> files;
    for (const char* dir : {"data", "fixtures"}) {
        const fs::path root = std::string(dir) == "data"
                                  ? fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios"
                                  : fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "scenarios" / "good";
        for (const auto& e : fs::directory_iterator(root))
            if (e.path().extension() == ".json") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// A scratch directory removed at the end of the test.
class TempDir {
public:
    TempDir() {
        m_path = fs::temp_directory_path() /
                 ("trainplan-roundtrip-" + std::to_string(::getpid()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_path);
        fs::create_directories(m_path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

class ScenarioRoundTrip : public ::testing::TestWithParam<fs::path> {};

TEST_P(ScenarioRoundTrip, SaveThenLoadGivesAnEqualScenario) {
    const fs::path& file = GetParam();
    const ScenarioLoad first = loadScenarioFile(file, builtinCatalog());
    ASSERT_TRUE(first.ok()) << file << describe(first.issues);

    const std::string saved = toJsonText(*first.scenario);
    const ScenarioLoad second = parseScenario(std::string_view(saved), builtinCatalog());
    ASSERT_TRUE(second.ok()) << saved << describe(second.issues);
    EXPECT_EQ(*second.scenario, *first.scenario) << saved;

    // save ∘ load is a fixed point on text: saving the reloaded scenario changes nothing.
    EXPECT_EQ(toJsonText(*second.scenario), saved);
    EXPECT_EQ(saved.back(), '\n');
    EXPECT_EQ(saved.find('\t'), std::string::npos);
}

TEST_P(ScenarioRoundTrip, SaveScenarioFileWritesTheSameText) {
    const ScenarioLoad load = loadScenarioFile(GetParam(), builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    TempDir dir;
    const fs::path out = dir.path() / "saved.json";
    saveScenarioFile(*load.scenario, out);
    EXPECT_EQ(readText(out), toJsonText(*load.scenario));
    const ScenarioLoad again = loadScenarioFile(out, builtinCatalog());
    ASSERT_TRUE(again.ok()) << describe(again.issues);
    EXPECT_EQ(*again.scenario, *load.scenario);
}

INSTANTIATE_TEST_SUITE_P(AllScenarios, ScenarioRoundTrip, ::testing::ValuesIn(scenarioFiles()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                             std::string name = info.param.parent_path().filename().string() + "_" +
                                                info.param.stem().string();
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return name;
                         });

TEST(ScenarioFiles, EveryBuiltInScenarioIsCovered) {
    std::size_t builtIn = 0;
    for (const auto& f : scenarioFiles())
        if (f.parent_path() == fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios") ++builtIn;
    EXPECT_GE(builtIn, 3u);
    EXPECT_TRUE(
        fs::exists(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / "llama31-70b-h100x256.json"));
}

TEST(ScenarioRoundTrip, CatalogReferencesStayReferences) {
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "scenarios/good/all-options.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    EXPECT_EQ(s.modelRef, "mixtral-8x7b");
    // The file says "h800-sxm5-80gb": lookups ignore case and the saved name is the catalog's.
    EXPECT_EQ(s.cluster.gpuRef, "H800-SXM5-80GB");
    EXPECT_EQ(s.cluster.gpu, *builtinCatalog().findGpu("H800-SXM5-80GB"));
    const nlohmann::json saved = toJson(s);
    EXPECT_EQ(saved["model"], "mixtral-8x7b");
    EXPECT_EQ(saved["cluster"]["gpu"], "H800-SXM5-80GB");
    EXPECT_EQ(saved["cluster"]["intra_node"], "NVLink4-H800");
    // The software stack and the attention kernel are read and written back (issue 18 item 2).
    EXPECT_EQ(s.training.execution, ExecutionMode::Compile);
    EXPECT_EQ(s.training.attentionKernel, AttentionKernel::Triton);
    EXPECT_EQ(saved["training"]["execution"], "compile");
    EXPECT_EQ(saved["training"]["attention_kernel"], "triton");
    // Megatron's --recompute-modules, in Megatron's documented order.
    EXPECT_EQ(s.plans[4].recomputeModules,
              recompute_module::kMoeAct | recompute_module::kLayerNorm);
    EXPECT_EQ(saved["plans"][4]["recompute_modules"], nlohmann::json({"moe_act", "layernorm"}));
    EXPECT_NE(s.plans[4].label().find("rc-moe_act+layernorm"), std::string::npos);
}

TEST(ScenarioRoundTrip, TheChineseDescriptionIsReadAndWritten) {
    // Issue 19: "description_zh" is what Chinese reports print instead of "description".
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios/llama31-70b-h100x256.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    EXPECT_EQ(s.descriptionZh.rfind("在 32 台 DGX 级节点", 0), 0u) << s.descriptionZh;
    EXPECT_EQ(toJson(s)["description_zh"], s.descriptionZh);
    Scenario without = s;
    without.descriptionZh.clear();
    EXPECT_FALSE(toJson(without).contains("description_zh"));
    EXPECT_FALSE(without == s);
}

TEST(ScenarioRoundTrip, TheLossImplementationIsReadAndWritten) {
    // training.cross_entropy: Megatron-Core's loss (issue 18 item 2); "auto" is not written.
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios/llama31-70b-h100x256.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    EXPECT_EQ(load.scenario->training.crossEntropy, CrossEntropy::Auto);
    EXPECT_FALSE(toJson(*load.scenario)["training"].contains("cross_entropy"));
    for (CrossEntropy c : {CrossEntropy::Unfused, CrossEntropy::Te}) {
        Scenario s = *load.scenario;
        s.training.crossEntropy = c;
        const nlohmann::json saved = toJson(s);
        EXPECT_EQ(saved["training"]["cross_entropy"], std::string(toString(c)));
        const auto back = parseScenario(saved, builtinCatalog());
        ASSERT_TRUE(back.ok()) << describe(back.issues);
        EXPECT_EQ(back.scenario->training.crossEntropy, c);
        EXPECT_TRUE(*back.scenario == s);
    }
}

TEST(ScenarioRoundTrip, DropoutIsWrittenOnlyWhenStated) {
    // training.attention_dropout / hidden_dropout (issue 18): unset keeps the era's convention
    // and is not written; a stated 0 is kept as 0, not dropped.
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios/llama31-70b-h100x256.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    EXPECT_FALSE(load.scenario->training.attentionDropout.has_value());
    EXPECT_FALSE(toJson(*load.scenario)["training"].contains("attention_dropout"));
    EXPECT_FALSE(toJson(*load.scenario)["training"].contains("hidden_dropout"));
    Scenario s = *load.scenario;
    s.training.attentionDropout = 0.0;
    s.training.hiddenDropout = 0.1;
    const nlohmann::json saved = toJson(s);
    EXPECT_EQ(saved["training"]["attention_dropout"], 0.0);
    EXPECT_EQ(saved["training"]["hidden_dropout"], 0.1);
    const auto back = parseScenario(saved, builtinCatalog());
    ASSERT_TRUE(back.ok()) << describe(back.issues);
    EXPECT_EQ(back.scenario->training.attentionDropout, std::optional<double>(0.0));
    EXPECT_EQ(back.scenario->training.hiddenDropout, std::optional<double>(0.1));
    EXPECT_TRUE(*back.scenario == s);
}

TEST(ScenarioRoundTrip, InlineHardwareKeepsItsValues) {
    const auto load = loadScenarioFile(fs::path(TRAINPLAN_TEST_FIXTURES_DIR) /
                                           "scenarios/good/inline-hardware.json",
                                       builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    EXPECT_TRUE(s.modelRef.empty());
    EXPECT_TRUE(s.cluster.gpuRef.empty());
    EXPECT_EQ(s.model.name, "lab-3b");
    EXPECT_EQ(s.model.headDim, 128); // hidden / heads when head_dim is omitted
    EXPECT_EQ(s.model.kvHeads, 8);
    EXPECT_EQ(s.cluster.gpu.name, "Lab-GPU-48G");
    EXPECT_DOUBLE_EQ(s.cluster.gpu.memoryBytes, 47.5 * units::kGiB);
    EXPECT_DOUBLE_EQ(s.cluster.gpu.bf16FlopsPerSecond, 362.05e12);
    EXPECT_DOUBLE_EQ(s.cluster.intraNode.latencySeconds, 0.1e-6);
    EXPECT_EQ(s.cluster.interNode.kind, LinkKind::RoCE);
    EXPECT_DOUBLE_EQ(s.cluster.interNode.bytesPerSecond, 12.3e9);
    EXPECT_DOUBLE_EQ(s.cluster.hostMemoryBytesPerNode, 768 * units::kGiB);
    EXPECT_DOUBLE_EQ(s.cluster.pcieBytesPerSecondPerGpu, 25.1e9);
    EXPECT_DOUBLE_EQ(s.cluster.pue, 1.3);
    ASSERT_EQ(s.plans.size(), 1u);
    EXPECT_EQ(s.plans[0].dp, 5); // 20 GPUs / tp 4
    EXPECT_EQ(s.plans[0].zeroStage, 3);
    EXPECT_TRUE(s.plans[0].hybridShard);

    // The saved text carries the values as the user typed them, not 0.09999999999999999.
    const nlohmann::json saved = toJson(s);
    EXPECT_EQ(saved["cluster"]["intra_node"]["latency_us"].get<double>(), 0.1);
    EXPECT_EQ(saved["cluster"]["gpu"]["bf16_tflops"].get<double>(), 362.05);
    EXPECT_EQ(saved["cluster"]["inter_node"]["gb_per_s"].get<double>(), 12.3);
    EXPECT_EQ(saved["cluster"]["pcie_gb_per_s"].get<double>(), 25.1);
    EXPECT_EQ(saved["plans"][0]["sharding"], "hybrid");
}

TEST(ScenarioRoundTrip, AwkwardDecimalsRoundTripExactly) {
    // Every value is typed with few significant digits, multiplied into SI units on load and
    // divided back on save; the text must come back as typed.
    for (double v :
         {0.1, 0.3, 1.1, 2.675, 7.3, 12.3, 31.5, 99.99, 123.456, 362.05, 1979.9, 4.1e-3}) {
        nlohmann::json doc =
            nlohmann::json::parse(R"({"schema": "trainplan.scenario.v1", "name": "t",
          "model": "llama2-7b", "training": {"global_batch": 8},
          "cluster": {"gpu": {"name": "g", "memory_gib": 80, "bf16_tflops": 1, "hbm_gb_per_s": 1},
                      "nodes": 1, "gpus_per_node": 8,
                      "intra_node": {"name": "i", "kind": "nvlink", "gb_per_s": 1, "latency_us": 1},
                      "inter_node": "RoCE-400GbE"}})");
        auto& c = doc["cluster"];
        c["gpu"]["memory_gib"] = v;
        c["gpu"]["bf16_tflops"] = v;
        c["gpu"]["fp32_tflops"] = v;
        c["gpu"]["hbm_gb_per_s"] = v;
        c["intra_node"]["gb_per_s"] = v;
        c["intra_node"]["latency_us"] = v;
        c["pcie_gb_per_s"] = v;
        c["storage_gb_per_s"] = v;
        c["host_memory_gib_per_node"] = v;
        const bool context = v <= 64; // cuda_context_gib is limited to [0, 64]
        if (context) doc["efficiency"]["cuda_context_gib"] = v;
        const auto load = parseScenario(doc, builtinCatalog());
        ASSERT_TRUE(load.ok()) << v << describe(load.issues);
        const nlohmann::json saved = toJson(*load.scenario);
        const auto& sc = saved["cluster"];
        for (const auto* key : {"memory_gib", "bf16_tflops", "fp32_tflops", "hbm_gb_per_s"})
            EXPECT_EQ(sc["gpu"][key].get<double>(), v) << key;
        EXPECT_EQ(sc["intra_node"]["gb_per_s"].get<double>(), v);
        EXPECT_EQ(sc["intra_node"]["latency_us"].get<double>(), v);
        EXPECT_EQ(sc["pcie_gb_per_s"].get<double>(), v);
        EXPECT_EQ(sc["storage_gb_per_s"].get<double>(), v);
        EXPECT_EQ(sc["host_memory_gib_per_node"].get<double>(), v);
        if (context) {
            EXPECT_EQ(saved["efficiency"]["cuda_context_gib"].get<double>(), v);
        }
        const auto again = parseScenario(saved, builtinCatalog());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again.scenario, *load.scenario) << v;
    }
}

TEST(ScenarioRoundTrip, EveryOptionalObjectSurvives) {
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "scenarios/good/all-options.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    ASSERT_EQ(s.plans.size(), 5u);
    EXPECT_EQ(s.plans[1].zeroStage, 3); // "sharding": "full"
    EXPECT_EQ(s.plans[3].dp, 8);        // 64 GPUs (max_gpus) / (tp 2 · pp 4)
    EXPECT_EQ(s.plans[4].zeroStage, 1); // "distributed_optimizer": true
    EXPECT_TRUE(s.plans[4].tpCommOverlap);
    EXPECT_EQ(s.efficiency.profile, "h800-roce-march");
    ASSERT_TRUE(s.efficiency.cudaContextBytes.has_value());
    EXPECT_DOUBLE_EQ(*s.efficiency.cudaContextBytes, 0.75 * units::kGiB);
    EXPECT_EQ(s.constraints.maxGpus, 64);
    EXPECT_EQ(s.constraints.frameworks,
              (std::vector<Framework>{Framework::Megatron, Framework::DeepSpeed}));
    EXPECT_EQ(s.constraints.recompute, Recompute::Selective);
    EXPECT_EQ(s.constraints.offload, Offload::None);
    EXPECT_EQ(s.team.experience, TeamExperience::ZeroFsdp);
    EXPECT_TRUE(s.platform.gangScheduling);
    EXPECT_EQ(s.platform.rdma, RdmaKind::RoCE);
    ASSERT_EQ(s.stages.size(), 2u);
    EXPECT_EQ(s.stages[1].id, "three-d");
    ASSERT_TRUE(s.stages[1].plan.has_value());
    EXPECT_EQ(s.stages[1].plan->dp, 8); // 64 target GPUs / (tp 2 · pp 4)

    const Scenario back = *parseScenario(toJson(s), builtinCatalog()).scenario;
    EXPECT_EQ(back, s);
}

TEST(ScenarioRoundTrip, ChangedScenarioIsNotEqual) {
    const auto load = loadScenarioFile(
        fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios/gpt3-175b-a100x1024.json", builtinCatalog());
    ASSERT_TRUE(load.ok());
    Scenario changed = *load.scenario;
    changed.plans.at(0).microBatch = 2;
    EXPECT_NE(changed, *load.scenario);
    EXPECT_NE(toJsonText(changed), toJsonText(*load.scenario));
}

TEST(SaveScenarioFile, ReplacesAnExistingFileAndLeavesNoTemporary) {
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios/llama2-7b-a100x8-pcie.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok());
    TempDir dir;
    const fs::path out = dir.path() / "scenario.json";
    {
        std::ofstream old(out);
        old << "old content that is longer than nothing";
    }
    saveScenarioFile(*load.scenario, out);
    EXPECT_EQ(readText(out), toJsonText(*load.scenario));
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir.path()))
        names.push_back(e.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"scenario.json"});
}

TEST(SaveScenarioFile, FailureNamesThePathAndKeepsTheOldFile) {
    const auto load =
        loadScenarioFile(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios/llama2-7b-a100x8-pcie.json",
                         builtinCatalog());
    ASSERT_TRUE(load.ok());
    TempDir dir;
    const fs::path missingDir = dir.path() / "no" / "such" / "dir" / "scenario.json";
    try {
        saveScenarioFile(*load.scenario, missingDir);
        FAIL() << "saving into a missing directory must throw";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(missingDir.string()), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(missingDir));

    // Replacing a directory with a file fails at the rename: the directory stays, no temp is left.
    const fs::path target = dir.path() / "occupied";
    fs::create_directories(target / "child");
    EXPECT_THROW(saveScenarioFile(*load.scenario, target), std::runtime_error);
    EXPECT_TRUE(fs::is_directory(target));
    std::size_t entries = 0;
    for (const auto& e : fs::directory_iterator(dir.path())) {
        (void)e;
        ++entries;
    }
    EXPECT_EQ(entries, 1u); // only "occupied"
}

} // namespace
} // namespace trainplan::model
