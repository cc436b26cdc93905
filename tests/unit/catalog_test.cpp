// The built-in catalog loads, holds the entries the foundation issue requires with a source each,
// and a broken catalog directory fails with the file named.

#include "model_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/units.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

namespace trainplan::model {
namespace {

using test::builtinCatalog;

namespace fs = std::filesystem;

fs::path catalogDir() {
    return fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog";
}

TEST(Catalog, BuiltInCatalogLoads) {
    Catalog c;
    ASSERT_NO_THROW(c = loadCatalog(catalogDir()));
    EXPECT_GE(c.gpus.size(), 12u);
    EXPECT_GE(c.links.size(), 13u);
    EXPECT_GE(c.models.size(), 20u);
}

TEST(Catalog, RequiredGpusExist) {
    for (const char* name :
         {"V100-SXM2-32GB", "A100-SXM4-40GB", "A100-SXM4-80GB", "A800-SXM4-80GB", "H100-SXM5-80GB",
          "H800-SXM5-80GB", "H20", "H200-SXM-141GB", "B200", "MI300X", "L40S", "RTX-4090"})
        EXPECT_NE(builtinCatalog().findGpu(name), nullptr) << name;
}

TEST(Catalog, RequiredLinksExist) {
    for (const char* name :
         {"NVLink2-NVSwitch", "NVLink3-NVSwitch", "NVLink4-NVSwitch", "NVLink5-NVSwitch",
          "PCIe-Gen4", "PCIe-Gen5", "InfiniBand-HDR-200", "InfiniBand-NDR-400", "RoCE-100GbE",
          "RoCE-200GbE", "RoCE-400GbE", "Ethernet-100GbE-TCP"})
        EXPECT_NE(builtinCatalog().findLink(name), nullptr) << name;
}

TEST(Catalog, RequiredModelsExist) {
    // GPT-3 family: the sizes of Narayanan et al. 2021 Table 1, plus GPT-3 175B itself.
    for (const char* name :
         {"gpt-1.7b",     "gpt-3.6b",      "gpt-7.5b",   "gpt-18.4b",   "gpt-39.1b",
          "gpt-76.1b",    "gpt-145.6b",    "gpt-310.1b", "gpt-529.6b",  "gpt-1008b",
          "gpt3-175b",    "llama2-7b",     "llama2-13b", "llama2-70b",  "llama3.1-8b",
          "llama3.1-70b", "llama3.1-405b", "qwen2.5-7b", "qwen2.5-72b", "mixtral-8x7b",
          "deepseek-v3",  "bloom-176b"})
        EXPECT_NE(builtinCatalog().findModel(name), nullptr) << name;
    const TransformerSpec* dsv3 = builtinCatalog().findModel("deepseek-v3");
    ASSERT_NE(dsv3, nullptr);
    EXPECT_TRUE(dsv3->moe.enabled());
    EXPECT_EQ(dsv3->moe.experts, 256);
    EXPECT_EQ(dsv3->moe.topK, 8);
}

TEST(Catalog, EveryEntryHasASourceAndAUniqueName) {
    const Catalog& c = builtinCatalog();
    std::set<std::string> names;
    // Issue 19: Chinese reports print each source in Chinese ("source_zh", "unpriced_zh").
    const auto chinese = [](const std::string& s) { // a CJK ideograph's UTF-8 lead byte
        return std::any_of(s.begin(), s.end(),
                           [](unsigned char ch) { return ch >= 0xE4 && ch <= 0xE9; });
    };
    for (const auto& g : c.gpus) {
        EXPECT_FALSE(g.source.empty()) << g.name;
        EXPECT_TRUE(chinese(g.sourceZh)) << g.name;
        if (g.listPrice.priced())
            EXPECT_TRUE(chinese(g.listPrice.sourceZh)) << g.name;
        else
            EXPECT_TRUE(chinese(g.listPrice.unpricedReasonZh)) << g.name;
        EXPECT_TRUE(names.insert("gpu:" + g.name).second) << g.name;
    }
    for (const auto& l : c.links) {
        EXPECT_FALSE(l.source.empty()) << l.name;
        EXPECT_TRUE(chinese(l.sourceZh)) << l.name;
        EXPECT_TRUE(names.insert("link:" + l.name).second) << l.name;
    }
    for (const auto& m : c.models) {
        EXPECT_FALSE(m.source.empty()) << m.name;
        EXPECT_TRUE(chinese(m.sourceZh)) << m.name;
        EXPECT_TRUE(names.insert("model:" + m.name).second) << m.name;
        EXPECT_FALSE(m.displayName.empty()) << m.name;
    }
}

TEST(Catalog, ValuesAreConvertedToSiUnits) {
    const GpuSpec* h100 = builtinCatalog().findGpu("H100-SXM5-80GB");
    ASSERT_NE(h100, nullptr);
    EXPECT_DOUBLE_EQ(h100->memoryBytes, 80 * units::kGiB);
    EXPECT_DOUBLE_EQ(h100->bf16FlopsPerSecond, 989.5e12);
    EXPECT_DOUBLE_EQ(h100->fp8FlopsPerSecond, 1979e12);
    EXPECT_DOUBLE_EQ(h100->hbmBytesPerSecond, 3350e9);
    EXPECT_DOUBLE_EQ(h100->peakFlopsPerSecond(Precision::Fp8), 1979e12);
    const GpuSpec* a100 = builtinCatalog().findGpu("A100-SXM4-80GB");
    ASSERT_NE(a100, nullptr);
    EXPECT_EQ(a100->fp8FlopsPerSecond, 0.0);
    const LinkSpec* ndr = builtinCatalog().findLink("InfiniBand-NDR-400");
    ASSERT_NE(ndr, nullptr);
    EXPECT_EQ(ndr->kind, LinkKind::InfiniBand);
    EXPECT_DOUBLE_EQ(ndr->bytesPerSecond, 50e9); // 400 Gb/s per port per direction
    EXPECT_DOUBLE_EQ(ndr->latencySeconds, 5e-6);
}

TEST(Catalog, LookupIgnoresCase) {
    EXPECT_EQ(builtinCatalog().findGpu("h100-sxm5-80gb"),
              builtinCatalog().findGpu("H100-SXM5-80GB"));
    EXPECT_EQ(builtinCatalog().findModel("LLAMA3.1-70B"),
              builtinCatalog().findModel("llama3.1-70b"));
    EXPECT_EQ(builtinCatalog().findLink("no-such-link"), nullptr);
}

TEST(Catalog, UnknownNamesSuggestTheClosest) {
    EXPECT_EQ(builtinCatalog().unknownGpuMessage("H100"),
              "unknown GPU 'H100' (did you mean H100-SXM5-80GB, H20, B200?)");
    EXPECT_EQ(builtinCatalog()
                  .unknownModelMessage("llama3-70b")
                  .rfind("unknown model 'llama3-70b' (did you mean llama3.1-70b", 0),
              0u);
    EXPECT_EQ(builtinCatalog().unknownGpuMessage("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"),
              "unknown GPU 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'");
    const std::vector<std::string> names{"RoCE-400GbE", "RoCE-200GbE", "InfiniBand-NDR-400"};
    EXPECT_EQ(closestNames("roce-400gbe", names, 1), std::vector<std::string>{"RoCE-400GbE"});
    EXPECT_EQ(closestNames("NDR-400", names, 3).front(), "InfiniBand-NDR-400");
    EXPECT_TRUE(closestNames("x", {}).empty());
}

// ---- Broken catalog directories
// -------------------------------------------------------------------

class BrokenCatalog : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() /
                ("trainplan-catalog-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
        for (const char* f : {"gpus.json", "links.json", "models.json"})
            fs::copy_file(catalogDir() / f, m_dir / f);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    void write(const char* file, const std::string& text) {
        std::ofstream out(m_dir / file, std::ios::binary | std::ios::trunc);
        out << text;
    }
    // The exception's message; fails the test when loadCatalog does not throw std::runtime_error.
    std::string loadError() {
        try {
            (void)loadCatalog(m_dir);
        } catch (const std::runtime_error& e) {
            return e.what();
        }
        ADD_FAILURE() << "loadCatalog(" << m_dir << ") did not throw";
        return {};
    }
    fs::path m_dir;
};

TEST_F(BrokenCatalog, CopyOfTheBuiltInCatalogLoads) {
    EXPECT_NO_THROW((void)loadCatalog(m_dir));
}

TEST_F(BrokenCatalog, MissingFileIsNamed) {
    fs::remove(m_dir / "links.json");
    const std::string msg = loadError();
    EXPECT_NE(msg.find((m_dir / "links.json").string()), std::string::npos) << msg;
    EXPECT_NE(msg.find("cannot open the catalog file"), std::string::npos) << msg;
}

TEST_F(BrokenCatalog, InvalidJsonIsNamed) {
    write("models.json", R"({"schema": "trainplan.catalog.v1", "models": [ {"name": )");
    const std::string msg = loadError();
    EXPECT_NE(msg.find((m_dir / "models.json").string()), std::string::npos) << msg;
    EXPECT_NE(msg.find("not valid JSON"), std::string::npos) << msg;
}

TEST_F(BrokenCatalog, NumberOverflowIsNamed) {
    // Regression: 1e400 raised nlohmann's out_of_range, which escaped without the file name.
    write("gpus.json",
          R"({"schema": "trainplan.catalog.v1", "gpus": [{"name": "X", "memory_gib": 1e400,
                           "bf16_tflops": 1, "hbm_gb_per_s": 1}]})");
    const std::string msg = loadError();
    EXPECT_NE(msg.find((m_dir / "gpus.json").string() +
                       ": not valid JSON (line 1, column 73: the number 1e400 does not fit a "
                       "double"),
              std::string::npos)
        << msg;
}

TEST_F(BrokenCatalog, BadEntryIsNamedWithItsPath) {
    write("gpus.json", R"({"schema": "trainplan.catalog.v1", "gpus": [
        {"name": "Good", "memory_gib": 80, "bf16_tflops": 100, "hbm_gb_per_s": 1000, "source": "x"},
        {"name": "Bad", "memory_gib": -1, "bf16_tflops": "fast", "hbm_gb_per_s": 1000, "colour": "green"}]})");
    const std::string msg = loadError();
    EXPECT_NE(msg.find((m_dir / "gpus.json").string() + ": invalid catalog"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("gpus[1].memory_gib: -1 is out of range"), std::string::npos) << msg;
    EXPECT_NE(msg.find("gpus[1].bf16_tflops: must be a number, got a string"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("gpus[1].colour: unknown key"), std::string::npos) << msg;
}

TEST_F(BrokenCatalog, BadModelEntryIsNamed) {
    write("models.json", R"({"schema": "trainplan.catalog.v1", "models": [
        {"name": "m", "layers": 0, "hidden": 64, "heads": 4, "ffn_hidden": 256, "vocab": 100, "seq_len": 128}]})");
    const std::string msg = loadError();
    EXPECT_NE(msg.find("models.json"), std::string::npos) << msg;
    EXPECT_NE(msg.find("models[0].layers: 0 is out of range [1, 100000]"), std::string::npos)
        << msg;
}

TEST_F(BrokenCatalog, WrongShapeIsNamed) {
    write("links.json", R"([{"name": "x"}])");
    const std::string msg = loadError();
    EXPECT_NE(
        msg.find((m_dir / "links.json").string() + ": expected an object with an array \"links\""),
        std::string::npos)
        << msg;
}

TEST_F(BrokenCatalog, WrongSchemaIsNamed) {
    write("links.json", R"({"schema": 2, "links": []})");
    const std::string msg = loadError();
    EXPECT_NE(msg.find((m_dir / "links.json").string()), std::string::npos) << msg;
    EXPECT_NE(msg.find("schema: must be \"trainplan.catalog.v1\""), std::string::npos) << msg;
}

TEST_F(BrokenCatalog, DuplicateNameIsNamed) {
    write("gpus.json", R"({"schema": "trainplan.catalog.v1", "gpus": [
        {"name": "Twin", "memory_gib": 80, "bf16_tflops": 100, "hbm_gb_per_s": 1000},
        {"name": "twin", "memory_gib": 40, "bf16_tflops": 100, "hbm_gb_per_s": 1000}]})");
    const std::string msg = loadError();
    EXPECT_NE(msg.find("gpus[1].name: 'twin' is listed twice"), std::string::npos) << msg;
}

TEST_F(BrokenCatalog, ModelWithoutNameIsNamed) {
    write("models.json", R"({"schema": "trainplan.catalog.v1", "models": [
        {"layers": 2, "hidden": 64, "heads": 4, "ffn_hidden": 256, "vocab": 100, "seq_len": 128}]})");
    const std::string msg = loadError();
    EXPECT_NE(msg.find("models[0].name: is required"), std::string::npos) << msg;
}

TEST(CatalogJson, EntriesRoundTrip) {
    for (const auto& g : builtinCatalog().gpus) {
        ValidationIssues issues;
        EXPECT_EQ(gpuFromJson(toJson(g), "g", issues), g) << g.name;
        EXPECT_TRUE(issues.empty()) << g.name;
    }
    for (const auto& l : builtinCatalog().links) {
        ValidationIssues issues;
        EXPECT_EQ(linkFromJson(toJson(l), "l", issues), l) << l.name;
        EXPECT_TRUE(issues.empty()) << l.name;
    }
    for (const auto& m : builtinCatalog().models) {
        ValidationIssues issues;
        EXPECT_EQ(modelFromJson(toJson(m), "m", issues), m) << m.name;
        EXPECT_TRUE(issues.empty()) << m.name;
    }
}

} // namespace
} // namespace trainplan::model

// Issue 22 item 8: an fp8 or tf32 peak of 1e-300 TFLOP/s passed the 0-1e7 range check and made
// every step time infinite (null in JSON).
TEST(Catalog, APeakBelowAnyRealAcceleratorIsRefused) {
    nlohmann::json gpu = {{"name", "Tiny"},          {"memory_gib", 80},
                          {"bf16_tflops", 989},      {"hbm_gb_per_s", 3350},
                          {"fp8_tflops", 1e-300},    {"tf32_tflops", 0.0001}};
    trainplan::model::ValidationIssues issues;
    (void)trainplan::model::gpuFromJson(gpu, "gpu", issues);
    ASSERT_EQ(issues.size(), 2u);
    EXPECT_EQ(issues[0].path, "gpu.tf32_tflops");
    EXPECT_EQ(issues[0].message, "0.0001 TFLOP/s is below any real accelerator's peak (at least "
                                 "0.001, i.e. 1 GFLOP/s); leave it out if it is not known");
    EXPECT_EQ(issues[1].path, "gpu.fp8_tflops");
    EXPECT_NE(issues[1].message.find("1e-300 TFLOP/s is below"), std::string::npos);
    gpu.erase("fp8_tflops");
    gpu["tf32_tflops"] = 0; // 0: not given
    issues.clear();
    (void)trainplan::model::gpuFromJson(gpu, "gpu", issues);
    EXPECT_TRUE(issues.empty());
}
