#include "simulator_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/sweep.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace {

using namespace trainplan;
using model::Framework;
using model::Scenario;
using sim::SweepKey;

using test::catalog;
using test::scenarioFile;

sim::SweepSpec spec(const std::string& text) {
    const auto parsed = sim::parseSweepSpec(text);
    EXPECT_TRUE(parsed.spec.has_value()) << text << ": " << parsed.error;
    return parsed.spec.value_or(sim::SweepSpec{});
}

// ---- Parsing --vary. ----

TEST(SweepSpec, RangesListsAndSteps) {
    const auto gpus = spec("gpus=8..4096");
    EXPECT_EQ(gpus.key, SweepKey::Gpus);
    EXPECT_EQ(gpus.values, (std::vector<double>{8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}));
    EXPECT_EQ(spec("gpus=8,16,64").values, (std::vector<double>{8, 16, 64}));
    EXPECT_EQ(spec("gpus=64..256:64").values, (std::vector<double>{64, 128, 192, 256}));
    EXPECT_EQ(spec("gpus=64..2560:64").size(), 40u);
    EXPECT_EQ(spec("global_batch=100..1000").values,
              (std::vector<double>{128, 256, 512})); // powers of two inside
    EXPECT_EQ(spec("seq_len=2048..8192").values, (std::vector<double>{2048, 4096, 8192}));
    EXPECT_EQ(spec("model_scale=0.5..4").values, (std::vector<double>{0.5, 1, 2, 4}));
    EXPECT_EQ(spec("inter_node_gb_per_s=25..400").values,
              (std::vector<double>{25, 50, 100, 200, 400}));
    EXPECT_EQ(spec("inter_node_gb_per_s = 12.5, 50").values, (std::vector<double>{12.5, 50}));
    const auto models = spec("model=gpt3-175b,llama3.1-70b");
    EXPECT_EQ(models.key, SweepKey::Model);
    EXPECT_EQ(models.models, (std::vector<std::string>{"gpt3-175b", "llama3.1-70b"}));
    EXPECT_EQ(models.size(), 2u);
}

TEST(SweepSpec, ErrorsNameTheProblem) {
    auto error = [](const std::string& text) {
        const auto parsed = sim::parseSweepSpec(text);
        EXPECT_FALSE(parsed.spec.has_value()) << text;
        return parsed.error;
    };
    EXPECT_NE(error("gpus").find("KEY=A..B"), std::string::npos);
    EXPECT_EQ(error("nodes=1..4"),
              "unknown sweep key 'nodes' (one of gpus, model, model_scale, inter_node_gb_per_s, "
              "global_batch, seq_len)");
    EXPECT_EQ(error("gpus=0..8"), "gpus: 0 must be positive");
    EXPECT_EQ(error("gpus=1.5,8"), "gpus: 1.5 must be a whole number");
    EXPECT_EQ(error("gpus=64..8"), "gpus: the range 64..8 is empty (B < A)");
    EXPECT_EQ(error("seq_len=3000..3500"),
              "seq_len: no power of two lies in 3000..3500 (use A..B:STEP or a list)");
    EXPECT_NE(error("gpus=8..64:0").find("step"), std::string::npos);
    EXPECT_NE(error("model=a..b").find("model_scale"), std::string::npos);
    EXPECT_EQ(error("gpus=8,x"), "gpus: 'x' is not a number");
    EXPECT_EQ(error("gpus="), "gpus: needs values (A..B or a comma list)");
}

// ---- Scaling a model. ----

TEST(ScaleModelParameters, FactorOneIsTheIdentityAndTheScaledModelsAreValid) {
    for (const char* name : {"llama3.1-70b", "mt-nlg-530b", "qwen2.5-7b", "deepseek-v3",
                             "gpt3-175b", "mixtral-8x7b"}) {
        SCOPED_TRACE(name);
        const model::TransformerSpec& base = *catalog().findModel(name);
        const model::TransformerSpec same = sim::scaleModelParameters(base, 1.0);
        EXPECT_EQ(same.layers, base.layers);
        EXPECT_EQ(same.heads, base.heads);
        EXPECT_EQ(same.kvHeads, base.kvHeads);
        EXPECT_EQ(same.hidden, base.hidden);
        EXPECT_EQ(same.ffnHidden, base.ffnHidden);
        EXPECT_EQ(same.moe, base.moe);
        // Transformer-body parameters (the embedding grows with width only).
        auto body = [](const model::TransformerSpec& m) {
            const auto c = model::countParameters(m);
            return c.total - c.embedding - c.lmHead;
        };
        const double baseParams = body(base);
        for (double factor : {0.125, 0.5, 2.0, 8.0}) {
            const model::TransformerSpec m = sim::scaleModelParameters(base, factor);
            Scenario s = scenarioFile("llama31-70b-h100x256.json");
            s.plans.clear();
            s.model = m;
            EXPECT_TRUE(model::validateScenario(s).empty()) << factor;
            EXPECT_EQ(m.headDim, base.headDim);
            EXPECT_EQ(m.hidden, m.heads * m.headDim);
            EXPECT_EQ(m.heads % m.kvHeads, 0);
            if (base.kvHeads != base.heads) {
                EXPECT_EQ(m.kvHeads, base.kvHeads) << "GQA keeps its KV groups";
            }
            if (base.heads % 8 == 0) {
                EXPECT_EQ(m.heads % 8, 0) << "tp = 8 stays possible";
            }
            // Rounding heads and layers keeps the ratio near, not at, the factor.
            const double ratio = body(m) / baseParams;
            EXPECT_GT(ratio, factor * 0.55) << factor;
            EXPECT_LT(ratio, factor * 1.6) << factor;
        }
    }
    const model::TransformerSpec big =
        sim::scaleModelParameters(*catalog().findModel("llama3.1-70b"), 8.0);
    EXPECT_EQ(big.heads, 128);  // 64 × 2
    EXPECT_EQ(big.layers, 160); // 80 × 2
    EXPECT_EQ(big.ffnHidden, 57344);
    EXPECT_EQ(big.name, "llama3.1-70b×8");
}

// ---- The scenario at each point. ----

TEST(SweepScenario, EachKeyChangesWhatItNames) {
    Scenario base = scenarioFile("gpt3-175b-a100x1024.json");
    base.constraints.maxGpus = 128;
    ASSERT_FALSE(base.plans.empty());

    const auto gpus = sim::sweepScenario(base, spec("gpus=4,64,12"), 1, catalog());
    ASSERT_TRUE(gpus.scenario.has_value());
    EXPECT_EQ(gpus.scenario->cluster.nodes, 8);
    EXPECT_FALSE(gpus.scenario->constraints.maxGpus.has_value()) << "the sweep sets the GPU count";
    EXPECT_TRUE(gpus.scenario->plans.empty());
    EXPECT_EQ(gpus.label, "64");
    const auto partial = sim::sweepScenario(base, spec("gpus=4,64,12"), 0, catalog());
    ASSERT_TRUE(partial.scenario.has_value());
    EXPECT_EQ(partial.scenario->cluster.nodes, 1);
    EXPECT_EQ(partial.scenario->cluster.gpusPerNode, 4);
    const auto broken = sim::sweepScenario(base, spec("gpus=4,64,12"), 2, catalog());
    EXPECT_FALSE(broken.scenario.has_value());
    EXPECT_EQ(broken.errors,
              std::vector<std::string>{"gpus=12 is not a whole number of 8-GPU nodes"});

    const auto bw = sim::sweepScenario(base, spec("inter_node_gb_per_s=12.5"), 0, catalog());
    ASSERT_TRUE(bw.scenario.has_value());
    EXPECT_DOUBLE_EQ(bw.scenario->cluster.interNode.bytesPerSecond, 12.5e9);
    EXPECT_TRUE(bw.scenario->cluster.interNodeRef.empty());
    EXPECT_EQ(bw.scenario->constraints.maxGpus, 128) << "only the gpus key drops max_gpus";

    const auto batch = sim::sweepScenario(base, spec("global_batch=2048"), 0, catalog());
    EXPECT_EQ(batch.scenario->training.globalBatch, 2048);
    const auto seq = sim::sweepScenario(base, spec("seq_len=4096"), 0, catalog());
    EXPECT_EQ(seq.scenario->model.seqLen, 4096);
    EXPECT_TRUE(seq.scenario->modelRef.empty()) << "no longer the catalog model";

    const auto model = sim::sweepScenario(base, spec("model=GPT3-175B,nope"), 0, catalog());
    ASSERT_TRUE(model.scenario.has_value());
    EXPECT_EQ(model.scenario->modelRef, "gpt3-175b");
    EXPECT_EQ(model.label, "gpt3-175b");
    EXPECT_DOUBLE_EQ(model.value, model::countParameters(*catalog().findModel("gpt3-175b")).total);
    const auto nope = sim::sweepScenario(base, spec("model=GPT3-175B,nope"), 1, catalog());
    EXPECT_FALSE(nope.scenario.has_value());
    ASSERT_EQ(nope.errors.size(), 1u);
    EXPECT_EQ(nope.errors[0].rfind("model: unknown model 'nope'", 0), 0u) << nope.errors[0];
}

// ---- Running a sweep. ----

TEST(Sweep, EachPointIsTheSearchOfItsScenario) {
    const Scenario base = scenarioFile("llama2-7b-a100x8-pcie.json");
    const sim::SweepSpec gpus = spec("gpus=8..64");
    sim::SweepOptions o;
    o.runnersUp = 1;
    const sim::SweepResult r = sim::runSweep(base, gpus, catalog(), o);
    EXPECT_FALSE(r.cancelled);
    EXPECT_EQ(r.frameworks.size(), 4u);
    ASSERT_EQ(r.points.size(), 4u);
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        const sim::SweepPoint& p = r.points[i];
        EXPECT_EQ(p.gpus, 8LL << i);
        EXPECT_EQ(p.value, static_cast<double>(8LL << i));
        EXPECT_TRUE(p.errors.empty());
        const auto at = sim::sweepScenario(base, gpus, i, catalog());
        sim::SearchOptions so;
        so.runnersUp = 1;
        const sim::SearchResult direct = sim::searchPlans(*at.scenario, so);
        ASSERT_EQ(p.search.frameworks.size(), direct.frameworks.size());
        for (std::size_t f = 0; f < direct.frameworks.size(); ++f) {
            const auto &a = p.search.frameworks[f], &b = direct.frameworks[f];
            EXPECT_EQ(a.best.has_value(), b.best.has_value());
            if (a.best && b.best) {
                EXPECT_EQ(a.best->plan, b.best->plan);
                EXPECT_EQ(a.best->time.stepSeconds, b.best->time.stepSeconds);
            }
            EXPECT_EQ(a.evaluatedPlans, b.evaluatedPlans);
        }
    }
    // Strong scaling: with more GPUs, the best Megatron step gets shorter.
    for (std::size_t i = 1; i < r.points.size(); ++i) {
        const auto& prev = r.points[i - 1].search.frameworks[3];
        const auto& cur = r.points[i].search.frameworks[3];
        ASSERT_TRUE(prev.best && cur.best);
        EXPECT_LT(cur.best->time.stepSeconds, prev.best->time.stepSeconds) << r.points[i].label;
    }

    const std::vector<sim::SweepRow> rows = sim::sweepRows(r);
    ASSERT_EQ(rows.size(), 16u);
    for (const auto& row : rows) {
        EXPECT_EQ(row.gpus, r.points[row.point].gpus);
        if (row.fits) {
            ASSERT_TRUE(row.estimate.has_value());
            EXPECT_TRUE(row.estimate->memory.fits);
            EXPECT_TRUE(row.reasons.empty());
        } else {
            EXPECT_FALSE(row.reasons.empty());
            if (row.estimate) {
                EXPECT_GT(row.missBytes, 0.0);
            }
        }
    }
}

TEST(Sweep, InvalidPointsBecomeRowsWithTheReason) {
    const Scenario base = scenarioFile("llama2-7b-a100x8-pcie.json");
    const sim::SweepResult r = sim::runSweep(base, spec("gpus=8,12"), catalog());
    ASSERT_EQ(r.points.size(), 2u);
    EXPECT_TRUE(r.points[0].errors.empty());
    EXPECT_FALSE(r.points[1].errors.empty());
    const auto rows = sim::sweepRows(r);
    ASSERT_EQ(rows.size(), 8u);
    for (std::size_t i = 4; i < 8; ++i) {
        EXPECT_FALSE(rows[i].fits);
        EXPECT_FALSE(rows[i].estimate.has_value());
        EXPECT_EQ(rows[i].reasons,
                  std::vector<std::string>{"gpus=12 is not a whole number of 8-GPU nodes"});
    }
}

TEST(Sweep, ModelScaleShowsWhereDdpStopsFitting) {
    Scenario base = scenarioFile("llama2-7b-a100x8-pcie.json");
    const sim::SweepResult r = sim::runSweep(base, spec("model_scale=0.125..8"), catalog());
    ASSERT_EQ(r.points.size(), 7u);
    double previousParams = 0;
    bool ddpFitsSmall = false, ddpFailsLarge = false;
    for (const auto& p : r.points) {
        EXPECT_GT(p.parameters, previousParams);
        previousParams = p.parameters;
        const auto& ddp = p.search.frameworks[0];
        if (p.value <= 0.125 && ddp.best) ddpFitsSmall = true;
        if (p.value >= 8 && !ddp.best) ddpFailsLarge = true;
    }
    EXPECT_TRUE(ddpFitsSmall) << "a ~1B model fits DDP on 80 GB";
    EXPECT_TRUE(ddpFailsLarge) << "a ~50B model does not";
    EXPECT_DOUBLE_EQ(r.points[3].parameters, model::countParameters(base.model).total)
        << "factor 1 is the model itself";
}

TEST(Sweep, ThreadCountDoesNotChangeTheRows) {
    const Scenario base = scenarioFile("mixtral-8x7b-h800x64-roce.json");
    sim::SweepOptions o;
    o.threads = 1;
    const auto one = sim::sweepRows(sim::runSweep(base, spec("gpus=16,64"), catalog(), o));
    o.threads = 2;
    const auto two = sim::sweepRows(sim::runSweep(base, spec("gpus=16,64"), catalog(), o));
    ASSERT_EQ(one.size(), two.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].fits, two[i].fits);
        ASSERT_EQ(one[i].estimate.has_value(), two[i].estimate.has_value());
        if (one[i].estimate) {
            EXPECT_EQ(one[i].estimate->plan, two[i].estimate->plan);
            EXPECT_EQ(one[i].estimate->time.stepSeconds, two[i].estimate->time.stepSeconds);
        }
        EXPECT_EQ(one[i].reasons, two[i].reasons);
    }
}

TEST(Sweep, ProgressReachesOneAndCancelStops) {
    const Scenario base = scenarioFile("llama2-7b-a100x8-pcie.json");
    std::mutex m;
    std::vector<double> seen;
    sim::SweepOptions o;
    o.progress = [&](double f) {
        std::lock_guard lock(m);
        seen.push_back(f);
    };
    const auto r = sim::runSweep(base, spec("gpus=8..64"), catalog(), o);
    ASSERT_FALSE(seen.empty());
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_LE(seen.front(), 0.25);

    std::atomic<int> polls{0};
    o.progress = nullptr;
    o.cancelled = [&] { return ++polls > 3; };
    const auto cancelled = sim::runSweep(base, spec("gpus=8..64"), catalog(), o);
    EXPECT_TRUE(cancelled.cancelled);
    EXPECT_LT(cancelled.points.size(), 4u);

    o.cancelled = [] { return true; };
    const auto none = sim::runSweep(base, spec("gpus=8..64"), catalog(), o);
    EXPECT_TRUE(none.cancelled);
    EXPECT_TRUE(none.points.empty());
}

} // namespace
