// Launch scripts read the same whatever their line ends (issue 22 item 6), and an unterminated
// quote is an error, not a warning (item 7): both used to import a different job with exit 0.

#include <trainplan/model/io/import_files.h>
#include <trainplan/model/io/megatron_args.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::readFixture;
using test::testCatalog;

std::string withCrlf(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

ImportResult importOne(const std::string& name, const std::string& text) {
    ImportOptions options;
    options.gpu = "A100-SXM4-80GB";
    return importTexts({{name, text}}, testCatalog(), options);
}

TEST(ioLineEnds, AMegatronScriptWithWindowsLineEndsImportsAsTheSameJob) {
    // gpt3_175b_cmdline.txt: TP8 PP8, fp16, global batch 1536 on 1024 GPUs (DP16). Read with CRLF
    // as bytes, the continuations ended the command: DP1024 fp32 with batch 1024.
    const std::string lf = readFixture("megatron/gpt3_175b_cmdline.txt");
    ASSERT_NE(lf.find("\\\n"), std::string::npos) << "the fixture needs continuation lines";
    const ImportedFields a = importMegatronArgs(lf, "gpt3.txt");
    const ImportedFields b = importMegatronArgs(withCrlf(lf), "gpt3.txt");
    ASSERT_FALSE(hasErrors(b.issues)) << dump(b.issues);
    EXPECT_EQ(*b.plan.tp, 8);
    EXPECT_EQ(*b.plan.pp, 8);
    EXPECT_EQ(*b.training.precision, Precision::Fp16);
    EXPECT_EQ(*b.training.globalBatch, 1536);
    EXPECT_EQ(dump(a.issues), dump(b.issues));
}

TEST(ioLineEnds, EveryScriptFixtureImportsTheSameScenarioWithCrlf) {
    for (const std::string name :
         {"megatron/gpt3_175b_cmdline.txt", "megatron/llama3_70b.sh", "megatron/mixtral_8x7b.sh",
          "megatron/deepseek_v3.sh", "megatron/megatron_deepspeed.sh",
          "launch/deepspeed_train.sh", "launch/gres_train.sbatch", "launch/titan_fsdp.sbatch",
          "launch/torchrun_standalone.sh"}) {
        const std::string lf = readFixture(name);
        const ImportResult a = importOne(name, lf);
        const ImportResult b = importOne(name, withCrlf(lf));
        EXPECT_EQ(dump(a.issues), dump(b.issues)) << name;
        ASSERT_EQ(a.scenario.has_value(), b.scenario.has_value()) << name;
        if (a.scenario) {
            EXPECT_EQ(toJsonText(*a.scenario), toJsonText(*b.scenario)) << name;
        }
    }
}

TEST(ioLineEnds, AnUnterminatedQuoteIsAnErrorNamingTheLineItOpened) {
    const std::string script = "torchrun --nproc-per-node 8 pretrain_gpt.py \\\n"
                               "  --tensor-model-parallel-size 4 \\\n"
                               "  --data-path 'my data \\\n"
                               "  --pipeline-model-parallel-size 2 \\\n"
                               "  --bf16\n";
    const ImportedFields f = importMegatronArgs(script, "train.sh");
    EXPECT_TRUE(test::hasIssue(f.issues, Severity::Error, "",
                               "line 3: the single quote opened here is never closed"))
        << dump(f.issues);
    const ImportResult r = importOne("train.sh", script);
    EXPECT_FALSE(r.ok()) << dump(r.issues);
}

} // namespace
} // namespace trainplan::model::io
