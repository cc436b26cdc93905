// Pipeline splits as the frameworks compute them (issue 17, item 1). Expected counts are worked
// out from the frameworks' own code: Megatron-LM transformer_block.py get_num_layers_to_build and
// transformer_layer.py get_transformer_layer_offset (d98e8a6), DeepSpeed ds_utils
// partition_uniform/partition_balanced run on Megatron-DeepSpeed's GPTModelPipe specs (38327e0),
// torchtitan _generate_llm_fqn_per_model_part and, for the Dec-2024 benchmark, the split points of
// generate_split_points at 9dec370.
#include <trainplan/model/pipeline_layout.h>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using namespace trainplan::model;

namespace {

TransformerSpec layers(int n, bool tied = true) {
    TransformerSpec m;
    m.layers = n;
    m.hidden = 1024;
    m.heads = 16;
    m.kvHeads = 16;
    m.headDim = 64;
    m.ffnHidden = 4096;
    m.vocab = 51200;
    m.seqLen = 2048;
    m.tiedEmbeddings = tied;
    return m;
}

Plan pipeline(Framework fw, int pp, int vpp = 1) {
    Plan p;
    p.framework = fw;
    p.pp = pp;
    p.vpp = vpp;
    return p;
}

std::vector<int> repeat(std::initializer_list<std::pair<int, int>> runs) {
    std::vector<int> v;
    for (auto [value, count] : runs)
        v.insert(v.end(), static_cast<std::size_t>(count), value);
    return v;
}

ChunkLayout chunks(const TransformerSpec& m, const Plan& p) {
    return pipelineChunks(m, Precision::Bf16, p);
}

} // namespace

TEST(PipelineLayout, MegatronFirstAndLastStageLayersFor405BOnPp16) {
    // Llama 3.1 405B's 126 layers on pp 16: one layer fewer on the first and last stages.
    Plan p = pipeline(Framework::Megatron, 16);
    p.pipeline.firstStageLayers = 7;
    p.pipeline.lastStageLayers = 7;
    const ChunkLayout c = chunks(layers(126), p);
    ASSERT_TRUE(c.ok()) << c.field << ": " << c.error;
    EXPECT_EQ(c.layers, repeat({{7, 1}, {8, 14}, {7, 1}}));
    EXPECT_FALSE(c.even());
    // The even split is refused, with a hint at the flags that allow the uneven one.
    const ChunkLayout even = chunks(layers(126), pipeline(Framework::Megatron, 16));
    EXPECT_EQ(even.field, "pp");
    EXPECT_NE(even.error.find("not divisible by pp×vpp=16"), std::string::npos);
    EXPECT_NE(even.error.find("first_stage_layers"), std::string::npos);
}

TEST(PipelineLayout, MegatronUnevenWithInterleavingFollowsTheLayerOffsets) {
    // 28 layers, pp 4, vpp 2, first 4 and last 4: 20 middle layers, 10 per middle rank, 5 per
    // chunk. get_transformer_layer_offset(pp_rank 1, vp_stage 1) = 1·(2 + 10 + 2) + 2 + 0 = 16,
    // which is the layers on chunks 0…4 here (2 + 5 + 5 + 2 + 2).
    Plan p = pipeline(Framework::Megatron, 4, 2);
    p.pipeline.firstStageLayers = 4;
    p.pipeline.lastStageLayers = 4;
    const ChunkLayout c = chunks(layers(28), p);
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(c.layers, (std::vector<int>{2, 5, 5, 2, 2, 5, 5, 2}));
    EXPECT_EQ(std::accumulate(c.layers.begin(), c.layers.begin() + 5, 0), 16);
    EXPECT_EQ(c.stageLayers(4, 0), 4);
    EXPECT_EQ(c.stageLayers(4, 1), 10);
    // Only the first stage given: the last one is a middle stage.
    p.pipeline.lastStageLayers.reset();
    p.pipeline.firstStageLayers = 4;
    const ChunkLayout first = chunks(layers(28), p);
    ASSERT_TRUE(first.ok()) << first.error;
    EXPECT_EQ(first.stageLayers(4, 0), 4);
    EXPECT_EQ(first.stageLayers(4, 3), 8);
}

TEST(PipelineLayout, MegatronAccountsForEmbeddingAndLossAsLayers) {
    Plan p = pipeline(Framework::Megatron, 16);
    p.pipeline.embeddingAsLayer = true;
    p.pipeline.lossAsLayer = true;
    const ChunkLayout c = chunks(layers(126), p);
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(c.layers, repeat({{7, 1}, {8, 14}, {7, 1}}));
    // With vpp 2 only the first chunk of rank 0 and the last chunk of rank 15 lose a layer:
    // offset(pp 1, vp 0) = 0·64 + 1·4 − 1 = 3 = chunk 0's layers.
    p.vpp = 2;
    const ChunkLayout v = chunks(layers(126), p);
    ASSERT_TRUE(v.ok()) << v.error;
    EXPECT_EQ(v.layers.front(), 3);
    EXPECT_EQ(v.layers.back(), 3);
    EXPECT_EQ(v.stageLayers(16, 0), 7);
    EXPECT_EQ(v.stageLayers(16, 15), 7);
    EXPECT_EQ(v.stageLayers(16, 7), 8);
    // Embedding only: 127 layers do not divide over 16.
    p.vpp = 1;
    p.pipeline.lossAsLayer = false;
    const ChunkLayout bad = chunks(layers(126), p);
    EXPECT_EQ(bad.field, "pipeline_layout.embedding_as_layer");
    EXPECT_NE(bad.error.find("127 is not divisible by pp=16"), std::string::npos) << bad.error;
}

TEST(PipelineLayout, MegatronLayoutStringParsesAsMegatronDoes) {
    // The docstring's example of transformer_config.py: 8 stages = pp 4 × vpp 2.
    const ParsedMegatronLayout parsed = parseMegatronLayout("E|(tt|)*2,(t|)*4,mL");
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    EXPECT_EQ(parsed.stages, (std::vector<std::string>{"E", "tt", "tt", "t", "t", "t", "t", "mL"}));
    Plan p = pipeline(Framework::Megatron, 16);
    p.pipeline.layout = "Et*7|(t*8|)*14,t*7L";
    const ChunkLayout c = chunks(layers(126), p);
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(c.layers, repeat({{7, 1}, {8, 14}, {7, 1}}));
    // A standalone embedding stage holds no decoder layer.
    p.pp = 4;
    p.pipeline.layout = "E|t*6|t*6|t*4L";
    const ChunkLayout standalone = chunks(layers(16), p);
    ASSERT_TRUE(standalone.ok()) << standalone.error;
    EXPECT_EQ(standalone.layers, (std::vector<int>{0, 6, 6, 4}));
}

TEST(PipelineLayout, BadMegatronLayoutsNameTheFieldAndTheReason) {
    struct Case {
        std::string layout;
        int pp, vpp;
        const char* why;
    };
    const Case cases[] = {
        {"Et*7|(t*8|)*14,t*6L", 16, 1, "holds 125 decoder layers"},
        {"Et*7|(t*8|)*14,t*7L", 8, 1, "16 stages on pp=8 mean vpp=2, but the plan has vpp=1"},
        {"t*7|(t*8|)*14,Et*7L", 16, 1, "'E' must come first"},
        {"Et*7|(t*8|)*14,t*7", 16, 1, "'L' must come last"},
        {"Et*7|(t*8|)*14,t*6mL", 16, 1, "multi-token prediction"},
        {"Ex*7|(t*8|)*14,t*7L", 16, 1, "'x' is not a layer letter"},
        {"Et*999999999L", 1, 1, "needs pp ≥ 2"},
        {"E|t*99999999|L", 3, 1, "unrolls to more than"},
        {"Et*7|(t*8|)*13,t*7L", 16, 1, "15 stages do not divide over pp=16"},
    };
    for (const Case& c : cases) {
        Plan p = pipeline(Framework::Megatron, c.pp, c.vpp);
        p.pipeline.layout = c.layout;
        const ChunkLayout r = chunks(layers(126), p);
        EXPECT_FALSE(r.ok()) << c.layout;
        EXPECT_EQ(r.field, "pipeline_layout.layout") << c.layout;
        EXPECT_NE(r.error.find(c.why), std::string::npos) << c.layout << ": " << r.error;
    }
    Plan both = pipeline(Framework::Megatron, 16);
    both.pipeline.layout = "Et*7|(t*8|)*14,t*7L";
    both.pipeline.firstStageLayers = 7;
    EXPECT_NE(chunks(layers(126), both).error.find("cannot be combined"), std::string::npos);
}

TEST(PipelineLayout, BadFirstAndLastStageCountsAreRefusedAsMegatronDoes) {
    struct Case {
        std::optional<int> first, last;
        int vpp;
        const char* why;
    };
    const Case cases[] = {
        // The first stage takes every layer: the 15 other stages would be empty.
        {126, std::nullopt, 1, "0 layers are left for 15 middle stages"},
        {120, 7, 1, "more than model.layers=126"},
        {7, 6, 1, "the 113 layers left do not divide over the 14 middle stages"},
        {7, 7, 2, "7 is not divisible by vpp=2"},
        {12, 16, 4, "each middle stage's 7 layers are not divisible by vpp=4"},
    };
    for (const Case& c : cases) {
        Plan p = pipeline(Framework::Megatron, 16, c.vpp);
        p.pipeline.firstStageLayers = c.first;
        p.pipeline.lastStageLayers = c.last;
        const ChunkLayout r = chunks(layers(126), p);
        EXPECT_FALSE(r.ok());
        EXPECT_NE(r.error.find(c.why), std::string::npos) << r.error;
        EXPECT_EQ(r.field.rfind("pipeline_layout.", 0), 0u) << r.field;
    }
    Plan p = pipeline(Framework::Megatron, 16);
    p.pipeline.firstStageLayers = 7;
    p.pipeline.embeddingAsLayer = true;
    EXPECT_NE(chunks(layers(126), p).error.find("cannot be combined"), std::string::npos);
}

TEST(PipelineLayout, DeepSpeedPartitionMethodsMatchPartitionBalanced) {
    // BLOOM-176B: 70 layers on pp 12 with 'type:transformer|embedding' (bigscience tr11-176B-ml):
    // the two tied EmbeddingPipe specs count as layers, 72 / 12 = 6 each.
    Plan p = pipeline(Framework::DeepSpeed, 12);
    p.pipeline.partitionMethod = "type:transformer|embedding";
    const ChunkLayout bloom = chunks(layers(70), p);
    ASSERT_TRUE(bloom.ok()) << bloom.error;
    EXPECT_EQ(bloom.layers, repeat({{5, 1}, {6, 10}, {5, 1}}));
    // Values below from DeepSpeed's partition_balanced / partition_uniform on the same specs.
    p.pipeline.partitionMethod = "type:transformer"; // Megatron-DeepSpeed's default
    EXPECT_EQ(chunks(layers(70), p).layers, repeat({{6, 10}, {5, 2}}));
    p.pipeline.partitionMethod = "uniform";
    EXPECT_EQ(chunks(layers(70), p).layers, (std::vector<int>{4, 7, 7, 7, 7, 6, 6, 6, 6, 6, 6, 2}));
    p.pp = 16;
    p.pipeline.partitionMethod = "type:Transformer|EMBEDDING"; // IGNORECASE
    EXPECT_EQ(chunks(layers(126), p).layers, repeat({{7, 1}, {8, 14}, {7, 1}}));
    p.pp = 4;
    p.pipeline.partitionMethod = "type:transformer";
    EXPECT_EQ(chunks(layers(10), p).layers, (std::vector<int>{3, 3, 2, 2}));
    p.pipeline.partitionMethod = "type:transformer|embedding";
    EXPECT_EQ(chunks(layers(9), p).layers, (std::vector<int>{2, 3, 3, 1}));
}

TEST(PipelineLayout, BadDeepSpeedPartitionMethods) {
    Plan p = pipeline(Framework::DeepSpeed, 4);
    for (auto [method, why] : {std::pair{"type:attention", "matches no layer"},
                               std::pair{"type:(", "not a valid regular expression"},
                               std::pair{"profile", "is not one of uniform, parameters"}}) {
        p.pipeline.partitionMethod = method;
        const ChunkLayout r = chunks(layers(12), p);
        EXPECT_EQ(r.field, "pipeline_layout.partition_method") << method;
        EXPECT_NE(r.error.find(why), std::string::npos) << method << ": " << r.error;
    }
    // Unset: the even split, which needs pp to divide the layers.
    p.pipeline.partitionMethod.clear();
    EXPECT_NE(chunks(layers(10), p).error.find("partition_method"), std::string::npos);
}

TEST(PipelineLayout, TorchtitanCountsTheEmbeddingAndOutputAsLayers) {
    // Llama 3.1 405B on pp 8: (126 + 1 + 1) / 8 = 16 per stage, one fewer on the first and last.
    // torchtitan 9dec370's generate_split_points gave the same: 15, 6 × 16, 15.
    const ChunkLayout c = chunks(layers(126, false), pipeline(Framework::Fsdp, 8));
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(c.layers, repeat({{15, 1}, {16, 6}, {15, 1}}));
    // Interleaved 1F1B, two stages per rank ("loop" style: rank r holds stages r and r + 8).
    const ChunkLayout v = chunks(layers(126, false), pipeline(Framework::Fsdp, 8, 2));
    ASSERT_TRUE(v.ok()) << v.error;
    EXPECT_EQ(v.layers, repeat({{7, 1}, {8, 14}, {7, 1}}));
    EXPECT_EQ(v.stageLayers(8, 0), 15);
    EXPECT_EQ(v.stageLayers(8, 3), 16);
    EXPECT_EQ(v.stageLayers(8, 7), 15);
    // 32 layers on 4 stages: 34 effective, 8 each and 2 extra for stages 0 and 1.
    EXPECT_EQ(chunks(layers(32), pipeline(Framework::Fsdp, 4)).layers,
              (std::vector<int>{8, 9, 8, 7}));
    Plan none = pipeline(Framework::Fsdp, 4);
    none.pipeline.firstStageLessLayers = 0;
    none.pipeline.lastStageLessLayers = 0;
    EXPECT_EQ(chunks(layers(32), none).layers, (std::vector<int>{8, 8, 8, 8}));
    Plan heavy = pipeline(Framework::Fsdp, 4);
    heavy.pipeline.firstStageLessLayers = 12;
    const ChunkLayout r = chunks(layers(32), heavy);
    EXPECT_EQ(r.field, "pipeline_layout.first_stage_less_layers");
    EXPECT_NE(r.error.find("12 exceeds the 11 layers per stage"), std::string::npos) << r.error;
    const ChunkLayout many = chunks(layers(32), pipeline(Framework::Fsdp, 16, 4));
    EXPECT_EQ(many.field, "pp");
    EXPECT_NE(many.error.find("64 stages exceed the 34 effective layers"), std::string::npos);
}

TEST(PipelineLayout, OptionsOfAnotherFrameworkAreRefused) {
    Plan p = pipeline(Framework::Fsdp, 4);
    p.pipeline.firstStageLayers = 7;
    EXPECT_NE(chunks(layers(32), p).error.find("is a Megatron-LM option"), std::string::npos);
    p = pipeline(Framework::Megatron, 4);
    p.pipeline.partitionMethod = "uniform";
    EXPECT_NE(chunks(layers(32), p).error.find("is a DeepSpeed option"), std::string::npos);
    p = pipeline(Framework::DeepSpeed, 4);
    p.pipeline.lastStageLessLayers = 1;
    EXPECT_NE(chunks(layers(32), p).error.find("is a torchtitan option"), std::string::npos);
    p = pipeline(Framework::Megatron, 1);
    p.pipeline.firstStageLayers = 7;
    EXPECT_NE(chunks(layers(32), p).error.find("needs pp ≥ 2"), std::string::npos);
}
