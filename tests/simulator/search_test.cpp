// The plan search on published scenarios, hand-counted plan spaces, constraints, threads,
// cancellation, progress and the Pareto front (the brute-force oracle on small clusters is
// search_brute_force_test.cpp).
#include "search_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace {

using namespace trainplan;
using model::Framework;
using model::Offload;
using model::Plan;
using model::Recompute;
using model::Scenario;
using test::catalog;
using test::scenarioFile;
using test::squeezeMemory;
using test::tinyScenario;

// ---- Published scenarios: what comes back is valid, fits, and is ordered. ----

class ScenarioFiles : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioFiles, NeverReturnsAnInvalidOrNonFittingPlanAsBest) {
    const Scenario s = scenarioFile(GetParam());
    sim::SearchOptions opt;
    opt.runnersUp = 3;
    const sim::SearchResult r = sim::searchPlans(s, opt);
    const double usable = s.cluster.gpu.memoryBytes * (1.0 - s.constraints.memoryHeadroomFraction);
    EXPECT_DOUBLE_EQ(r.usableBytes, usable);
    EXPECT_GT(r.evaluatedPlans, 0);
    bool anyFits = false;
    for (const auto& fr : r.frameworks) {
        SCOPED_TRACE(std::string(model::toString(fr.framework)));
        EXPECT_LE(fr.fittingPlans, fr.evaluatedPlans);
        EXPECT_LE(fr.timedPlans, fr.evaluatedPlans);
        if (fr.best) {
            anyFits = true;
            EXPECT_TRUE(model::validatePlan(s, fr.best->plan).empty()) << fr.best->plan.label();
            EXPECT_TRUE(fr.best->memory.fits);
            EXPECT_LE(fr.best->memory.peakBytes, usable);
            EXPECT_FALSE(fr.closest.has_value());
            double previous = fr.best->time.stepSeconds;
            for (const auto& e : fr.runnersUp) {
                EXPECT_TRUE(model::validatePlan(s, e.plan).empty()) << e.plan.label();
                EXPECT_TRUE(e.memory.fits);
                EXPECT_GE(e.time.stepSeconds, previous);
                previous = e.time.stepSeconds;
            }
            // The estimate handed back is the estimate of that plan.
            const sim::PlanEstimate again = sim::evaluatePlan(sim::makeContext(s), fr.best->plan);
            EXPECT_EQ(again.time.stepSeconds, fr.best->time.stepSeconds);
        } else {
            EXPECT_FALSE(fr.exclusionReasons.empty());
            if (fr.closest) {
                EXPECT_FALSE(fr.closest->memory.fits);
                EXPECT_GT(fr.missBytes, 0.0);
                EXPECT_DOUBLE_EQ(fr.missBytes, fr.closest->memory.peakBytes - usable);
            }
        }
    }
    EXPECT_TRUE(anyFits);
    for (const auto& p : r.pareto) {
        EXPECT_TRUE(p.fits);
        EXPECT_LE(p.peakBytes, usable);
    }
}

INSTANTIATE_TEST_SUITE_P(Published, ScenarioFiles,
                         ::testing::Values("gpt3-175b-a100x1024.json", "llama2-7b-a100x8-pcie.json",
                                           "llama31-70b-h100x256.json",
                                           "mixtral-8x7b-h800x64-roce.json",
                                           "qwen25-72b-h20x128.json"),
                         [](const auto& info) {
                             std::string n = info.param.substr(0, info.param.find('.'));
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

TEST(Search, Gpt3OnA100BeatsThePublishedLayoutAndExplainsWhyDdpCannotRun) {
    const Scenario s = scenarioFile("gpt3-175b-a100x1024.json");
    const sim::PlanContext ctx = sim::makeContext(s);
    const sim::PlanEstimate published =
        sim::evaluatePlan(ctx, s.plans.front()); // TP8·PP8·DP16 SP selective
    const sim::SearchResult r = sim::searchPlans(s);
    ASSERT_EQ(r.gpus, 1024);
    const auto& megatron = r.frameworks[3];
    ASSERT_EQ(megatron.framework, Framework::Megatron);
    ASSERT_TRUE(megatron.best.has_value());
    ASSERT_TRUE(published.memory.fits);
    EXPECT_LE(megatron.best->time.stepSeconds, published.time.stepSeconds);
    EXPECT_GE(megatron.best->plan.tp * megatron.best->plan.pp, 8)
        << "175B cannot fit 80 GB without model parallelism";

    // DDP has dp = 1024, which does not divide the global batch of 1536.
    const auto& noPlan = r.frameworks[0];
    ASSERT_EQ(noPlan.framework, Framework::Ddp);
    EXPECT_EQ(noPlan.evaluatedPlans, 0);
    ASSERT_EQ(noPlan.exclusionReasons.size(), 1u);
    EXPECT_EQ(sim::render(noPlan.exclusionReasons[0], sim::Lang::En),
              "no valid PyTorch DDP plan on 1024 GPUs: the global batch of 1536 sequences is not "
              "divisible by micro-batch × data-parallel degree = 1024");
    EXPECT_EQ(sim::render(noPlan.exclusionReasons[0], sim::Lang::ZhCN),
              "PyTorch DDP 在 1024 块 GPU 上没有合法的方案：全局批量 1536 条序列不能被 micro-batch "
              "× 数据并行度 = 1024 整除");

    // With 2048 sequences DDP has plans (micro-batch 1 or 2, three recompute modes), none of which
    // fits: fp32 weights, gradients and Adam states on every GPU take at least 16 bytes × 175e9
    // = 2.8 TB.
    Scenario big = s;
    big.training.globalBatch = 2048;
    const sim::FrameworkResult ddp = sim::searchPlans(big).frameworks[0];
    EXPECT_FALSE(ddp.best.has_value());
    ASSERT_TRUE(ddp.closest.has_value());
    EXPECT_EQ(ddp.evaluatedPlans, 2 * 3);
    EXPECT_EQ(ddp.fittingPlans, 0);
    const sim::PlanContext bigCtx = sim::makeContext(big);
    double smallest = 1e300;
    for (const Plan& p : sim::enumeratePlans(big, Framework::Ddp))
        smallest = std::min(smallest, sim::evaluateMemory(bigCtx, p).peakBytes);
    EXPECT_EQ(ddp.closest->memory.peakBytes, smallest);
    EXPECT_GT(ddp.missBytes, 2.8e12 - 80.0 * (1ull << 30));
    ASSERT_EQ(ddp.exclusionReasons.size(), 2u);
    const std::string first = sim::render(ddp.exclusionReasons[0], sim::Lang::En);
    EXPECT_EQ(first.rfind("no PyTorch DDP plan fits: the smallest needs ", 0), 0u) << first;
    // 80 GiB less the default 5% headroom.
    EXPECT_NE(first.find(" over the 76.0 GiB usable"), std::string::npos) << first;
    // The numbers are the estimate's: peak, peak − usable, usable.
    const sim::Message& fit = ddp.exclusionReasons[0];
    ASSERT_EQ(fit.id, sim::MessageId::NoFitSmallest);
    EXPECT_EQ(fit.args[1].value, ddp.closest->memory.peakBytes);
    EXPECT_DOUBLE_EQ(fit.args[2].value, ddp.missBytes);
    EXPECT_NE(sim::render(ddp.exclusionReasons[1], sim::Lang::En)
                  .find("does not support tensor/pipeline parallelism"),
              std::string::npos);
    EXPECT_NE(sim::render(ddp.exclusionReasons[1], sim::Lang::ZhCN).find("不支持张量并行"),
              std::string::npos);
}

// ---- Hand-counted plan spaces. ----

TEST(Search, CountsTheHandEnumeratedPlanSpace) {
    Scenario s = tinyScenario(1, 8, 32); // dp = 8 when tp = pp = cp = 1: micro-batch 1, 2 or 4
    s.constraints.tp = 1;
    s.constraints.pp = 1;
    s.constraints.cp = 1;
    // × 3 recompute modes: DDP 1 sharding; FSDP 3 stages × {no offload, cpu} (one node: no hybrid);
    // DeepSpeed stage 0, 1±cpu, 2±cpu, 3 × {none, cpu, cpu+params, nvme, nvme+params}; Megatron
    // stage 0, 1 (distributed optimizer), 2 and 3 (Megatron-FSDP), its selective recompute with its
    // default submodules and the two searched sets (3 + 2 recompute choices).
    EXPECT_EQ(sim::enumeratePlans(s, Framework::Ddp).size(), 3u * 3u * 1u);
    EXPECT_EQ(sim::enumeratePlans(s, Framework::Fsdp).size(), 3u * 3u * 6u);
    EXPECT_EQ(sim::enumeratePlans(s, Framework::DeepSpeed).size(), 3u * 3u * 10u);
    EXPECT_EQ(sim::enumeratePlans(s, Framework::Megatron).size(), 3u * 5u * 4u);

    // Two nodes of 4: FSDP's data-parallel group of 8 spans both, so hybrid sharding appears
    // (±cpu).
    Scenario two = tinyScenario(2, 4, 32);
    two.constraints = s.constraints;
    EXPECT_EQ(sim::enumeratePlans(two, Framework::Fsdp).size(), 3u * 3u * 8u);

    // Megatron with tp = 2 fixed: dp = 4 → micro-batch 1, 2, 4, 8; SP and TP-overlap double twice;
    // four shardings.
    Scenario tp2 = tinyScenario(1, 8, 32);
    tp2.constraints.tp = 2;
    tp2.constraints.pp = 1;
    tp2.constraints.cp = 1;
    EXPECT_EQ(sim::enumeratePlans(tp2, Framework::Megatron).size(), 4u * 5u * 2u * 2u * 4u);
}

TEST(Search, ExplainsWhyAFrameworkHasNoValidPlan) {
    Scenario s = tinyScenario(1, 8, 12); // DDP needs dp = 8 to divide the global batch of 12
    const sim::SearchResult r = sim::searchPlans(s);
    const auto& ddp = r.frameworks[0];
    EXPECT_EQ(ddp.evaluatedPlans, 0);
    EXPECT_FALSE(ddp.best || ddp.closest);
    ASSERT_EQ(ddp.exclusionReasons.size(), 1u);
    EXPECT_EQ(sim::render(ddp.exclusionReasons[0], sim::Lang::En),
              "no valid PyTorch DDP plan on 8 GPUs: the global batch of 12 sequences is not "
              "divisible by micro-batch × data-parallel degree = 8");
    ASSERT_TRUE(ddp.rejectedPlan.has_value());
    EXPECT_EQ(ddp.rejectedPlan->dp, 8);
    // FSDP can use tp = 2 (dp = 4 divides 12).
    EXPECT_TRUE(r.frameworks[1].best.has_value());

    Scenario fixed = tinyScenario(1, 8, 32);
    fixed.constraints.tp = 4;
    const sim::SearchResult fixedResult = sim::searchPlans(fixed);
    const auto& ddp2 = fixedResult.frameworks[0];
    // Any other rule is quoted from validatePlan, then the knobs the constraints fix.
    ASSERT_EQ(ddp2.exclusionReasons.size(), 2u);
    EXPECT_EQ(sim::renderAll(ddp2.exclusionReasons, sim::Lang::En),
              (std::vector<std::string>{"no valid PyTorch DDP plan on 8 GPUs: PyTorch DDP does not "
                                        "support tensor parallelism (tp=4)",
                                        "the scenario's constraints fix tp=4"}));
    EXPECT_EQ(sim::render(ddp2.exclusionReasons[1], sim::Lang::ZhCN), "场景约束固定了 tp=4");
}

// ---- Constraints: every plan that comes back honours them. ----

struct ConstraintCase {
    const char* name;
    std::function<void(Scenario&)> apply;
    std::function<bool(const Plan&)> holds;
};

class Constraints : public ::testing::TestWithParam<ConstraintCase> {};

TEST_P(Constraints, EveryReturnedPlanHonoursThem) {
    Scenario s = tinyScenario(4, 4, 64); // 16 GPUs in nodes of 4
    s.model.moe = {.experts = 4, .topK = 2, .expertFfnHidden = 512};
    GetParam().apply(s);
    ASSERT_TRUE(model::validateScenario(s).empty());
    sim::SearchOptions opt;
    opt.keepAll = true;
    opt.runnersUp = 3;
    const sim::SearchResult r = sim::searchPlans(s, opt);
    ASSERT_FALSE(r.all.empty());
    auto check = [&](const Plan& p) {
        EXPECT_TRUE(GetParam().holds(p)) << p.label();
        EXPECT_TRUE(model::validatePlan(s, p).empty()) << p.label();
    };
    for (const auto& p : r.all)
        check(p.plan);
    for (const auto& p : r.pareto)
        check(p.plan);
    bool anyBest = false;
    for (const auto& fr : r.frameworks) {
        if (fr.best) {
            anyBest = true;
            check(fr.best->plan);
        }
        for (const auto& e : fr.runnersUp)
            check(e.plan);
        if (fr.closest) check(fr.closest->plan);
    }
    EXPECT_TRUE(anyBest);
}

INSTANTIATE_TEST_SUITE_P(
    Table, Constraints,
    ::testing::Values(
        ConstraintCase{"MaxGpus", [](Scenario& s) { s.constraints.maxGpus = 8; },
                       [](const Plan& p) { return p.gpus() == 8; }},
        ConstraintCase{"Frameworks",
                       [](Scenario& s) {
                           s.constraints.frameworks = {Framework::Megatron, Framework::Fsdp};
                       },
                       [](const Plan& p) {
                           return p.framework == Framework::Megatron ||
                                  p.framework == Framework::Fsdp;
                       }},
        ConstraintCase{"TpInsideNode", [](Scenario&) {}, [](const Plan& p) { return p.tp <= 4; }},
        ConstraintCase{"Tp", [](Scenario& s) { s.constraints.tp = 2; },
                       [](const Plan& p) { return p.tp == 2; }},
        ConstraintCase{"Pp", [](Scenario& s) { s.constraints.pp = 2; },
                       [](const Plan& p) { return p.pp == 2; }},
        ConstraintCase{"Dp", [](Scenario& s) { s.constraints.dp = 4; },
                       [](const Plan& p) { return p.dp == 4; }},
        ConstraintCase{"Cp", [](Scenario& s) { s.constraints.cp = 2; },
                       [](const Plan& p) { return p.cp == 2; }},
        ConstraintCase{"Ep", [](Scenario& s) { s.constraints.ep = 2; },
                       [](const Plan& p) { return p.ep == 2; }},
        ConstraintCase{"Vpp", [](Scenario& s) { s.constraints.vpp = 2; },
                       [](const Plan& p) { return p.vpp == 2; }},
        ConstraintCase{"MicroBatch", [](Scenario& s) { s.constraints.microBatch = 2; },
                       [](const Plan& p) { return p.microBatch == 2; }},
        ConstraintCase{"ZeroStage", [](Scenario& s) { s.constraints.zeroStage = 1; },
                       [](const Plan& p) { return p.zeroStage == 1; }},
        ConstraintCase{"Recompute", [](Scenario& s) { s.constraints.recompute = Recompute::Full; },
                       [](const Plan& p) { return p.recompute == Recompute::Full; }},
        ConstraintCase{"Offload", [](Scenario& s) { s.constraints.offload = Offload::Cpu; },
                       [](const Plan& p) { return p.offload == Offload::Cpu; }},
        ConstraintCase{"Headroom",
                       [](Scenario& s) {
                           s.cluster.gpu.memoryBytes = 3.0 * (1ull << 30);
                           s.constraints.memoryHeadroomFraction = 0.25;
                       },
                       [](const Plan&) { return true; }}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Search, HeadroomExcludesPlansThatWouldFitTheFullMemory) {
    Scenario s = tinyScenario(2, 4, 8);
    squeezeMemory(s);
    const sim::SearchResult full = sim::searchPlans(s);
    s.constraints.memoryHeadroomFraction = 0.1;
    const sim::SearchResult kept = sim::searchPlans(s);
    EXPECT_DOUBLE_EQ(kept.usableBytes, 0.9 * s.cluster.gpu.memoryBytes);
    long long fullFitting = 0, keptFitting = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        fullFitting += full.frameworks[i].fittingPlans;
        keptFitting += kept.frameworks[i].fittingPlans;
        if (kept.frameworks[i].best) {
            EXPECT_LE(kept.frameworks[i].best->memory.peakBytes, kept.usableBytes);
        }
    }
    EXPECT_LT(keptFitting, fullFitting);
    EXPECT_EQ(kept.evaluatedPlans, full.evaluatedPlans);
}

TEST(Search, TpAcrossNodesOnlyWhenAllowed) {
    Scenario s = tinyScenario(4, 4, 64);
    auto maxTp = [&] {
        int tp = 0;
        for (const Plan& p : sim::enumeratePlans(s, Framework::Megatron))
            tp = std::max(tp, p.tp);
        return tp;
    };
    EXPECT_EQ(maxTp(), 4);
    s.constraints.tpAcrossNodes = true;
    EXPECT_EQ(maxTp(), 8); // heads = 8
}

TEST(Search, SearchOptionFrameworksOverrideTheScenarioOnes) {
    Scenario s = tinyScenario(1, 8, 32);
    s.constraints.frameworks = {Framework::Fsdp};
    EXPECT_EQ(sim::searchedFrameworks(s), std::vector<Framework>{Framework::Fsdp});
    sim::SearchOptions o;
    o.frameworks = {Framework::Megatron, Framework::Ddp, Framework::Megatron};
    EXPECT_EQ(sim::searchedFrameworks(s, o),
              (std::vector<Framework>{Framework::Megatron, Framework::Ddp}));
    s.constraints.frameworks.clear();
    EXPECT_EQ(sim::searchedFrameworks(s).size(), 4u);
}

// ---- Threads, cancellation, progress. ----

void expectSame(const sim::SearchResult& a, const sim::SearchResult& b) {
    ASSERT_EQ(a.frameworks.size(), b.frameworks.size());
    EXPECT_EQ(a.evaluatedPlans, b.evaluatedPlans);
    for (std::size_t i = 0; i < a.frameworks.size(); ++i) {
        const auto &x = a.frameworks[i], &y = b.frameworks[i];
        EXPECT_EQ(x.best.has_value(), y.best.has_value());
        if (x.best && y.best) {
            EXPECT_EQ(x.best->plan, y.best->plan);
            EXPECT_EQ(x.best->time.stepSeconds, y.best->time.stepSeconds);
        }
        ASSERT_EQ(x.runnersUp.size(), y.runnersUp.size());
        for (std::size_t k = 0; k < x.runnersUp.size(); ++k)
            EXPECT_EQ(x.runnersUp[k].plan, y.runnersUp[k].plan);
        EXPECT_EQ(x.closest.has_value(), y.closest.has_value());
        if (x.closest && y.closest) {
            EXPECT_EQ(x.closest->plan, y.closest->plan);
        }
        EXPECT_EQ(x.missBytes, y.missBytes);
        EXPECT_EQ(x.exclusionReasons, y.exclusionReasons);
        EXPECT_EQ(x.fittingPlans, y.fittingPlans);
    }
    ASSERT_EQ(a.pareto.size(), b.pareto.size());
    for (std::size_t i = 0; i < a.pareto.size(); ++i) {
        EXPECT_EQ(a.pareto[i].plan, b.pareto[i].plan);
        EXPECT_EQ(a.pareto[i].stepSeconds, b.pareto[i].stepSeconds);
    }
    ASSERT_EQ(a.all.size(), b.all.size());
    for (std::size_t i = 0; i < a.all.size(); ++i) {
        EXPECT_EQ(a.all[i].plan, b.all[i].plan);
        EXPECT_EQ(a.all[i].stepSeconds, b.all[i].stepSeconds);
        EXPECT_EQ(a.all[i].peakBytes, b.all[i].peakBytes);
    }
}

TEST(Search, IdenticalResultsForAnyThreadCount) {
    Scenario s = scenarioFile("llama31-70b-h100x256.json");
    s.cluster.gpu.memoryBytes = 40.0 * (1ull << 30); // some frameworks fit, some do not
    sim::SearchOptions o;
    o.runnersUp = 8;
    o.threads = 1;
    const sim::SearchResult one = sim::searchPlans(s, o);
    o.threads = 2;
    const sim::SearchResult two = sim::searchPlans(s, o);
    o.threads = 5;
    const sim::SearchResult five = sim::searchPlans(s, o);
    expectSame(one, two);
    expectSame(one, five);

    Scenario tiny = tinyScenario(2, 4, 8);
    squeezeMemory(tiny);
    o.keepAll = true;
    o.threads = 1;
    const sim::SearchResult a = sim::searchPlans(tiny, o);
    o.threads = 2;
    const sim::SearchResult b = sim::searchPlans(tiny, o);
    expectSame(a, b);
    EXPECT_EQ(static_cast<long long>(a.all.size()), a.evaluatedPlans);
    EXPECT_EQ(a.timedPlans, a.evaluatedPlans); // keepAll times every plan
}

TEST(Search, CancelStopsEarlyAndSaysSo) {
    const Scenario s = scenarioFile("llama31-70b-h100x256.json");
    const sim::SearchResult full = sim::searchPlans(s);
    ASSERT_FALSE(full.cancelled);

    sim::SearchOptions o;
    o.threads = 2;
    o.cancelled = [] { return true; };
    const sim::SearchResult none = sim::searchPlans(s, o);
    EXPECT_TRUE(none.cancelled);
    EXPECT_EQ(none.evaluatedPlans, 0);
    for (const auto& fr : none.frameworks) {
        EXPECT_FALSE(fr.best.has_value());
        ASSERT_FALSE(fr.exclusionReasons.empty());
        EXPECT_EQ(fr.exclusionReasons.back().id, sim::MessageId::SearchCancelled);
        EXPECT_EQ(sim::render(fr.exclusionReasons.back(), sim::Lang::En),
                  "the search was cancelled before it finished");
    }

    std::atomic<int> polls{0};
    o.cancelled = [&] { return ++polls > 20; };
    const sim::SearchResult part = sim::searchPlans(s, o);
    EXPECT_TRUE(part.cancelled);
    EXPECT_GT(part.evaluatedPlans, 0);
    EXPECT_LT(part.evaluatedPlans, full.evaluatedPlans);
}

TEST(Search, ProgressIncreasesToOne) {
    const Scenario s = scenarioFile("llama31-70b-h100x256.json");
    std::mutex m;
    std::vector<double> seen;
    sim::SearchOptions o;
    o.threads = 2;
    o.progress = [&](double f) {
        std::lock_guard lock(m);
        seen.push_back(f);
    };
    (void)sim::searchPlans(s, o);
    ASSERT_GE(seen.size(), 2u);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_GT(seen.front(), 0.0);
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1.0), 1);
}

// ---- Pareto front. ----

TEST(Search, ParetoFrontKeepsTheNonDominatedFittingPlans) {
    auto summary = [](int dp, double step, double peak, double usd, bool fits = true) {
        sim::PlanSummary p;
        p.plan.dp = dp;
        p.stepSeconds = step;
        p.peakBytes = peak;
        p.usd = usd;
        p.fits = fits;
        return p;
    };
    const auto front =
        sim::paretoFront({summary(1, 2.0, 10, 5), summary(2, 1.0, 20, 4), summary(3, 3.0, 5, 6),
                          summary(4, 2.5, 12, 6),       // dominated by dp=1
                          summary(5, 0.5, 1, 1, false), // does not fit
                          summary(6, 2.0, 10, 5),       // exact tie with dp=1: key order keeps dp=1
                          summary(7, 1.0, 20, 3.5)});   // cheaper twin of dp=2
    ASSERT_EQ(front.size(), 3u);
    EXPECT_EQ(front[0].plan.dp, 7);
    EXPECT_EQ(front[1].plan.dp, 1);
    EXPECT_EQ(front[2].plan.dp, 3);
}

} // namespace
