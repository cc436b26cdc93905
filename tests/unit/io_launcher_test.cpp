// importLauncher / torchrun and Slurm exports: node and GPU counts from #SBATCH and torchrun,
// torchtitan plans, DeepSpeed launches, and malformed launch scripts.

#include <trainplan/model/io/launcher.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::hasIssue;
using test::readFixture;

ImportedFields launcherFixture(const std::string& name) {
    ImportedFields f = importLauncher(readFixture("launch/" + name), name);
    EXPECT_FALSE(hasErrors(f.issues)) << name << "\n" << dump(f.issues);
    return f;
}

TEST(LauncherConversion, SbatchWithTorchtitanHybridShard) {
    const ImportedFields f = launcherFixture("titan_fsdp.sbatch");
    EXPECT_EQ(*f.cluster.nodes, 4);
    EXPECT_EQ(*f.cluster.gpusPerNode, 8);
    EXPECT_EQ(*f.cluster.gpu, "h100");
    EXPECT_EQ(*f.plan.framework, Framework::Fsdp);
    EXPECT_EQ(*f.plan.dp, 16);
    EXPECT_TRUE(*f.plan.hybridShard);
    EXPECT_EQ(*f.plan.zeroStage, 3);
    EXPECT_EQ(*f.plan.tp, 2);
    EXPECT_TRUE(*f.plan.sequenceParallel);
    EXPECT_EQ(*f.plan.microBatch, 2);
    EXPECT_EQ(*f.plan.recompute, Recompute::Full);
    EXPECT_EQ(*f.training.globalBatch, 256);
    EXPECT_EQ(*f.training.trainSteps, 20000);
    EXPECT_EQ(*f.model.seqLen, 8192);
    EXPECT_EQ(*f.training.precision, Precision::Bf16);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "--job.config_file", "TOML")) << dump(f.issues);
    // --cpus-per-task=96 × one task per node: the cores an offloaded optimizer steps on.
    EXPECT_EQ(*f.cluster.hostCpuCoresPerNode, 96);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "#SBATCH --cpus-per-task", "96 CPUs per node"))
        << dump(f.issues);
}

TEST(LauncherConversion, SbatchCpusPerTaskCountsEveryTaskOfTheNode) {
    // One task per GPU with 12 CPUs each: 96 per node, whichever order the lines come in.
    const ImportedFields f =
        importLauncher("#!/bin/bash\n#SBATCH -c 12\n#SBATCH -N 2\n"
                       "#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-task=1\n"
                       "srun python train.py\n",
                       "job.sbatch");
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
    EXPECT_EQ(*f.cluster.gpusPerNode, 8);
    EXPECT_EQ(*f.cluster.hostCpuCoresPerNode, 96);
    const ImportedFields bad =
        importLauncher("#!/bin/bash\n#SBATCH --cpus-per-task=all\nsrun true\n", "bad.sbatch");
    EXPECT_TRUE(hasIssue(bad.issues, Severity::Error, "#SBATCH --cpus-per-task",
                         "must be a CPU count, got 'all'"))
        << dump(bad.issues);
    EXPECT_FALSE(bad.cluster.hostCpuCoresPerNode.has());
}

TEST(LauncherConversion, SbatchShortOptionsAndGres) {
    const ImportedFields f = launcherFixture("gres_train.sbatch");
    EXPECT_EQ(*f.cluster.nodes, 2);
    EXPECT_EQ(*f.cluster.gpusPerNode, 4);
    EXPECT_EQ(*f.cluster.gpu, "a100");
    EXPECT_FALSE(f.plan.framework.has());
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "", "launches train.sh")) << dump(f.issues);
}

TEST(LauncherConversion, StandaloneTorchrunWithOwnScript) {
    const ImportedFields f = launcherFixture("torchrun_standalone.sh");
    EXPECT_EQ(*f.cluster.nodes, 1);
    EXPECT_EQ(*f.cluster.gpusPerNode, 8);
    EXPECT_FALSE(f.plan.framework.has());
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "train.py", "not interpreted"))
        << dump(f.issues);
}

TEST(LauncherConversion, TrainPyWithDeepSpeed) {
    const ImportedFields f = launcherFixture("deepspeed_train.sh");
    EXPECT_EQ(*f.cluster.nodes, 2);
    EXPECT_EQ(*f.plan.framework, Framework::DeepSpeed);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "train.py", "ds_config.json"));
}

TEST(LauncherConversion, DeepSpeedLauncher) {
    const ImportedFields f = importLauncher(readFixture("megatron/megatron_deepspeed.sh"), "m.sh");
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
    EXPECT_EQ(*f.cluster.nodes, 4);
    EXPECT_EQ(*f.cluster.gpusPerNode, 8);
}

TEST(LauncherConversion, MegatronScriptsGiveTheirTorchrunCounts) {
    const ImportedFields f = importLauncher(readFixture("megatron/llama3_70b.sh"), "m.sh");
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
    EXPECT_EQ(*f.cluster.nodes, 32); // ${NUM_NODES:-32}
    EXPECT_EQ(*f.cluster.gpusPerNode, 8);
    const ImportedFields g = importLauncher(readFixture("megatron/gpt3_175b_cmdline.txt"), "g.txt");
    EXPECT_EQ(*g.cluster.nodes, 128);
}

TEST(LauncherConversion, GresIsReadCaseInsensitivelyAndInItsTresSpelling) {
    const ImportedFields a = importLauncher("#SBATCH -N 2\n#SBATCH --gres=GPU:H100:4\n", "a.sbatch");
    ASSERT_TRUE(a.cluster.gpusPerNode.has()) << dump(a.issues);
    EXPECT_EQ(*a.cluster.gpusPerNode, 4);
    EXPECT_EQ(*a.cluster.gpu, "H100");
    const ImportedFields b =
        importLauncher("#SBATCH -N 2\n#SBATCH --gres=nvme:1,gres/gpu:8\n", "b.sbatch");
    ASSERT_TRUE(b.cluster.gpusPerNode.has()) << dump(b.issues);
    EXPECT_EQ(*b.cluster.gpusPerNode, 8);
    EXPECT_FALSE(hasIssue(b.issues, Severity::Warning, "#SBATCH --gres", "")) << dump(b.issues);
}

struct LauncherMalformedCase {
    const char* name;
    std::string text;
    Severity severity;
    const char* key;
    const char* message;
};

class LauncherMalformed : public ::testing::TestWithParam<LauncherMalformedCase> {};

TEST_P(LauncherMalformed, ReportsTheOption) {
    const LauncherMalformedCase& c = GetParam();
    const ImportedFields f = importLauncher(c.text, "job.sbatch");
    EXPECT_TRUE(hasIssue(f.issues, c.severity, c.key, c.message)) << c.name << "\n"
                                                                  << dump(f.issues);
}

INSTANTIATE_TEST_SUITE_P(
    io, LauncherMalformed,
    ::testing::Values(
        LauncherMalformedCase{"nothing", "echo hi\n", Severity::Error, "",
                              "no #SBATCH directives and no torchrun"},
        LauncherMalformedCase{"binary", std::string("\x1f\x8b\x08\0\0\0\0\0", 8), Severity::Error,
                              "", "binary file"},
        LauncherMalformedCase{"nodes word", "#SBATCH --nodes=many\n", Severity::Error,
                              "#SBATCH --nodes", "must be a node count"},
        LauncherMalformedCase{"gpus per node", "#SBATCH --gpus-per-node=h100:x\n", Severity::Error,
                              "#SBATCH --gpus-per-node", "must be [type:]count"},
        LauncherMalformedCase{"gres", "#SBATCH --gres=gpu:a100:lots\n", Severity::Error,
                              "#SBATCH --gres", "is not gpu[:type]:count"},
        // Issue 22 item 11: these were ignored without a word, and 8 GPUs of the default type
        // assumed.
        LauncherMalformedCase{"gres plural", "#SBATCH --nodes=2\n#SBATCH --gres=gpus:8\n",
                              Severity::Error, "#SBATCH --gres",
                              "'gpus:8' is not gpu[:type]:count"},
        LauncherMalformedCase{"gres without gpu", "#SBATCH --nodes=2\n#SBATCH --gres=shard:8\n",
                              Severity::Warning, "#SBATCH --gres", "'shard:8' requests no GPU"},
        LauncherMalformedCase{"gres type without count",
                              "#SBATCH --nodes=2\n#SBATCH --gres=gpu:h100\n", Severity::Error,
                              "#SBATCH --gres", "'gpu:h100' is not gpu[:type]:count"},
        LauncherMalformedCase{"gpus uneven", "#SBATCH --nodes=3\n#SBATCH --gpus=16\n",
                              Severity::Error, "#SBATCH --gpus",
                              "do not split evenly over 3 nodes"},
        LauncherMalformedCase{
            "sbatch after command",
            "echo x\n#SBATCH --nodes=2\ntorchrun --nnodes 1 --nproc-per-node 8 t.py\n",
            Severity::Warning, "#SBATCH", "ignores #SBATCH lines after the first command"},
        LauncherMalformedCase{"node range", "#SBATCH --nodes=2-4\n", Severity::Warning,
                              "#SBATCH --nodes", "is a range"},
        LauncherMalformedCase{"unknown sbatch option", "#SBATCH --frobnicate=1\n#SBATCH -N 1\n",
                              Severity::Warning, "#SBATCH --frobnicate", "unknown sbatch option"},
        LauncherMalformedCase{
            "contradiction",
            "#SBATCH --nodes=4\nsrun torchrun --nnodes 2 --nproc-per-node 8 t.py\n",
            Severity::Error, "torchrun --nnodes",
            "2 contradicts #SBATCH --nodes 4 in the same file"},
        LauncherMalformedCase{"unset nnodes", "torchrun --nnodes $N --nproc-per-node 8 t.py\n",
                              Severity::Error, "--nnodes", "depends on $N"},
        LauncherMalformedCase{"nproc zero", "torchrun --nnodes 1 --nproc-per-node 0 t.py\n",
                              Severity::Error, "torchrun --nproc-per-node", "must be a GPU count"},
        LauncherMalformedCase{"elastic", "torchrun --nnodes 1:4 --nproc-per-node 8 t.py\n",
                              Severity::Warning, "torchrun --nnodes", "elastic range"},
        LauncherMalformedCase{"titan bad mode",
                              "torchrun --nnodes 1 --nproc-per-node 8 -m torchtitan.train "
                              "--activation_checkpoint.mode sometimes\n",
                              Severity::Error, "--activation_checkpoint.mode",
                              "'sometimes' is not one of none, selective, full"},
        LauncherMalformedCase{
            "titan unknown",
            "torchrun --nnodes 1 --nproc-per-node 8 -m torchtitan.train --warp.speed 9\n",
            Severity::Warning, "--warp.speed", "unknown torchtitan flags"}),
    [](const ::testing::TestParamInfo<LauncherMalformedCase>& info) {
        std::string n = info.param.name;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

Scenario baseScenario() {
    auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                     "scenarios/llama31-70b-h100x256.json",
                                 test::testCatalog());
    EXPECT_TRUE(load.scenario);
    return load.scenario.value_or(Scenario{});
}

TEST(LauncherScriptGeneration, TorchrunUsesRealTorchrunAndTorchtitanFlags) {
    const Scenario s = baseScenario();
    Plan p;
    p.framework = Framework::Fsdp;
    p.dp = 128;
    p.tp = 2;
    p.zeroStage = 3;
    p.hybridShard = true;
    p.sequenceParallel = true;
    ImportIssues issues;
    const std::string text = exportTorchrunScript(s, p, issues);
    EXPECT_TRUE(issues.empty()) << dump(issues);
    for (const char* flag :
         {"torchrun", "--nnodes=32", "--nproc-per-node=8", "--rdzv-backend=c10d",
          "--rdzv-endpoint=", "--rdzv-id=", "-m torchtitan.train",
          "--parallelism.data_parallel_replicate_degree 32",
          "--parallelism.data_parallel_shard_degree 4", "--parallelism.tensor_parallel_degree 2",
          "--training.local_batch_size 1", "--training.global_batch_size 512",
          "--activation_checkpoint.mode none"})
        EXPECT_NE(text.find(flag), std::string::npos) << flag << "\n" << text;
}

// torchtitan's layer-wise selective AC checkpoints every k-th block (selective_ac_option "k",
// torchtitan parallelize.py _apply_ac_to_transformer_block): a partial full recompute.
TEST(LauncherScriptGeneration, PartialRecomputeIsTorchtitansLayerWiseOption) {
    const Scenario s = baseScenario(); // Llama 3.1 70B: 80 layers
    Plan p;
    p.framework = Framework::Fsdp;
    p.dp = 256;
    p.zeroStage = 3;
    p.recompute = Recompute::Full;
    p.recomputeLayers = 40; // every second of 80 layers
    ImportIssues issues;
    const std::string text = exportTorchrunScript(s, p, issues);
    EXPECT_TRUE(issues.empty()) << dump(issues);
    EXPECT_NE(text.find("--activation_checkpoint.mode selective"), std::string::npos) << text;
    EXPECT_NE(text.find("--activation_checkpoint.selective_ac_option 2"), std::string::npos)
        << text;
    // 27 of 80 is every third (⌈80/3⌉ = 27).
    p.recomputeLayers = 27;
    ImportIssues third;
    EXPECT_NE(exportTorchrunScript(s, p, third).find(
                  "--activation_checkpoint.selective_ac_option 3"),
              std::string::npos);
    EXPECT_TRUE(third.empty()) << dump(third);
    // 30 of 80 is no "every k-th": written as full, with a warning naming the option.
    p.recomputeLayers = 30;
    ImportIssues uneven;
    const std::string full = exportTorchrunScript(s, p, uneven);
    EXPECT_NE(full.find("--activation_checkpoint.mode full"), std::string::npos) << full;
    EXPECT_TRUE(hasIssue(uneven, Severity::Warning, "--activation_checkpoint.selective_ac_option",
                         "no such k"))
        << dump(uneven);

    // Read back: a layer interval is a full recompute with its interval, which the import turns
    // into recompute_layers once the model is known (io_import_files_test); junk is an error.
    const ImportedFields back = importLauncher(text, "train.sh");
    EXPECT_EQ(*back.plan.recompute, Recompute::Full) << dump(back.issues);
    ASSERT_TRUE(back.plan.recomputeEvery.has());
    EXPECT_EQ(*back.plan.recomputeEvery, 2);
    const ImportedFields junk = importLauncher(
        "torchrun -m torchtitan.train --activation_checkpoint.mode selective "
        "--activation_checkpoint.selective_ac_option two\n",
        "bad.sh");
    EXPECT_TRUE(hasIssue(junk.issues, Severity::Error, "--activation_checkpoint.selective_ac_option",
                         "neither op nor a positive layer interval"))
        << dump(junk.issues);
}

TEST(LauncherScriptGeneration, SlurmSkeletonHasCountsAndCommentedNcclSuggestions) {
    const Scenario s = baseScenario();
    Plan p;
    p.framework = Framework::Ddp;
    p.dp = 256;
    const std::string text = exportSlurmScript(s, p, "torchrun.sh");
    EXPECT_NE(text.find("#SBATCH --nodes=32\n"), std::string::npos) << text;
    EXPECT_NE(text.find("#SBATCH --gpus-per-node=8\n"), std::string::npos);
    EXPECT_NE(text.find("#SBATCH --ntasks-per-node=1\n"), std::string::npos);
    EXPECT_NE(text.find("# export NCCL_IB_HCA=mlx5"), std::string::npos);
    EXPECT_EQ(text.find("\nexport NCCL"), std::string::npos) << "NCCL settings stay commented";
    EXPECT_NE(text.find("srun --kill-on-bad-exit=1 bash \"$SCRIPT_DIR/torchrun.sh\""),
              std::string::npos);
    const ImportedFields back = importLauncher(text, "job.sbatch");
    EXPECT_FALSE(hasErrors(back.issues)) << dump(back.issues);
    EXPECT_EQ(countSeverity(back.issues, Severity::Warning), 0u) << dump(back.issues);
    EXPECT_EQ(*back.cluster.nodes, 32);
    EXPECT_EQ(*back.cluster.gpusPerNode, 8);
    EXPECT_FALSE(back.cluster.hostCpuCoresPerNode.has()) << "no cores stated, none written";
    // The host's cores round-trip as the one task's --cpus-per-task.
    Scenario withCores = s;
    withCores.cluster.hostCpuCoresPerNode = 112;
    const std::string text2 = exportSlurmScript(withCores, p, "torchrun.sh");
    EXPECT_NE(text2.find("#SBATCH --cpus-per-task=112\n"), std::string::npos) << text2;
    EXPECT_EQ(*importLauncher(text2, "job.sbatch").cluster.hostCpuCoresPerNode, 112);
}

} // namespace
} // namespace trainplan::model::io
