// Why not the others (issue 21): one sentence per framework the advisor did not recommend, from
// the same fits and step-time ratio as recommend(), hand-checked on built fits and on the 70B
// example.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/framework_verdict.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace trainplan::sim {
namespace {

namespace fs = std::filesystem;
using model::Framework;

// A fit with a best plan of `stepSeconds` (0: nothing fits, closest at 90 GiB) and `weeks` of
// Required prerequisites missing (0: ready).
FrameworkFit fit(Framework f, double stepSeconds, double weeks) {
    FrameworkFit out;
    out.framework = f;
    out.searched = true;
    PlanEstimate e;
    e.plan.framework = f;
    e.time.stepSeconds = stepSeconds;
    if (stepSeconds > 0) {
        e.memory.fits = true;
        out.best = e;
    } else {
        e.memory.peakBytes = 90.0 * (1ull << 30);
        out.closest = e;
    }
    out.readiness.framework = f;
    out.readiness.requiredWeeks = weeks;
    out.readiness.ready = weeks == 0;
    return out;
}

model::Scenario h100Scenario() {
    model::Scenario s;
    s.cluster.gpu.memoryBytes = 80.0 * (1ull << 30);
    s.constraints.memoryHeadroomFraction = 0;
    return s;
}

Recommendation recommended(Framework f, RecommendationStatus status) {
    Recommendation r;
    r.framework = f;
    r.status = status;
    return r;
}

TEST(FrameworkVerdicts, FasterButMorePrerequisitesNamesBothEfforts) {
    // The case: FSDP recommended with 16 weeks missing, Megatron 1.4% faster with 45.
    const std::vector<FrameworkFit> fits = {
        fit(Framework::Ddp, 0, 0), fit(Framework::Fsdp, 10.14, 16),
        fit(Framework::DeepSpeed, 10.65, 16), fit(Framework::Megatron, 10.0, 45)};
    const auto v = frameworkVerdicts(h100Scenario(), fits,
                                     recommended(Framework::Fsdp,
                                                 RecommendationStatus::NeedsPrerequisites));
    ASSERT_EQ(v.size(), 4u);
    EXPECT_TRUE(findVerdict(v, Framework::Fsdp)->recommended());
    const FrameworkVerdict& meg = *findVerdict(v, Framework::Megatron);
    EXPECT_FALSE(meg.recommended());
    EXPECT_EQ(meg.reason, VerdictReason::FasterButPrerequisites);
    // 10.14 / 10.0 − 1 = 1.4%.
    EXPECT_EQ(render(meg, Lang::En),
              "Megatron-LM: 1.4% faster, but 45 weeks of prerequisites against 16 weeks for "
              "PyTorch FSDP.");
    // 10.65 / 10.14 − 1 = 5.03%.
    EXPECT_EQ(render(*findVerdict(v, Framework::DeepSpeed), Lang::En),
              "DeepSpeed ZeRO: 5.0% slower, and it needs 16 weeks of prerequisites.");
    // DDP does not fit: the advisor's own sentence, with the closest plan's 90 GiB of 80.
    const FrameworkVerdict& ddp = *findVerdict(v, Framework::Ddp);
    ASSERT_TRUE(ddp.advisorMessage);
    EXPECT_EQ(ddp.advisorMessage->id, MessageId::DoesNotFit);
    EXPECT_NE(render(ddp, Lang::En).find("90.0 GiB"), std::string::npos) << render(ddp, Lang::En);
    EXPECT_NE(render(meg, Lang::ZhCN).find("45 周"), std::string::npos) << render(meg, Lang::ZhCN);
    EXPECT_TRUE(render(*findVerdict(v, Framework::Fsdp), Lang::En).empty());
}

TEST(FrameworkVerdicts, ReadyRecommendationExplainsTheThresholdAndTheMissingWork) {
    // DDP ready at 1.10 s; FSDP ready and 10% faster (under the 15% switch threshold); Megatron
    // 37.5% faster but 8 weeks away.
    const std::vector<FrameworkFit> fits = {
        fit(Framework::Ddp, 1.10, 0), fit(Framework::Fsdp, 1.0, 0),
        fit(Framework::DeepSpeed, 1.21, 0), fit(Framework::Megatron, 0.8, 8)};
    const auto v = frameworkVerdicts(h100Scenario(), fits,
                                     recommended(Framework::Ddp, RecommendationStatus::Ready), 1.15);
    EXPECT_EQ(render(*findVerdict(v, Framework::Fsdp), Lang::En),
              "PyTorch FSDP: 10.0% faster, less than the 15.0% that would justify its extra "
              "complexity over PyTorch DDP.");
    EXPECT_EQ(render(*findVerdict(v, Framework::Megatron), Lang::En),
              "Megatron-LM: 37.5% faster, but it still needs 8 weeks of prerequisites.");
    EXPECT_EQ(render(*findVerdict(v, Framework::DeepSpeed), Lang::En),
              "DeepSpeed ZeRO: 10.0% slower.");
}

TEST(FrameworkVerdicts, WhenNothingFitsEveryOtherFrameworkSaysHowItMisses) {
    std::vector<FrameworkFit> fits = {fit(Framework::Ddp, 0, 0), fit(Framework::Fsdp, 0, 0),
                                      fit(Framework::DeepSpeed, 0, 0),
                                      fit(Framework::Megatron, 0, 0)};
    fits[2].searched = false;
    fits[3].closest.reset(); // no valid layout at all
    const auto v = frameworkVerdicts(
        h100Scenario(), fits, recommended(Framework::Fsdp, RecommendationStatus::DoesNotFit));
    EXPECT_TRUE(findVerdict(v, Framework::Fsdp)->recommended());
    EXPECT_EQ(findVerdict(v, Framework::Ddp)->advisorMessage->id, MessageId::DoesNotFit);
    EXPECT_EQ(findVerdict(v, Framework::DeepSpeed)->advisorMessage->id,
              MessageId::ExcludedByConstraints);
    EXPECT_EQ(findVerdict(v, Framework::Megatron)->advisorMessage->id, MessageId::NoValidPlan);
}

TEST(FrameworkVerdicts, OnTheAdvisorsFitsForTheRealExample) {
    const model::Catalog catalog =
        model::loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    const model::ScenarioLoad l = model::loadScenarioFile(
        fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / "llama31-70b-h100x256.json", catalog);
    ASSERT_TRUE(l.ok());
    AdvisorOptions options;
    options.breakPoints = false;
    options.catalog = &catalog;
    const Advice a = advise(*l.scenario, options);
    const std::vector<FrameworkVerdict> verdicts =
        frameworkVerdicts(*l.scenario, a.frameworks, a.recommendation, options.switchSpeedup);
    ASSERT_EQ(verdicts.size(), a.frameworks.size());
    int marked = 0;
    for (const FrameworkVerdict& v : verdicts) {
        marked += v.recommended();
        if (v.recommended()) {
            EXPECT_EQ(v.framework, a.recommendation.framework);
            continue;
        }
        // Every placeholder filled, in both languages.
        for (Lang lang : {Lang::En, Lang::ZhCN}) {
            const std::string text = render(v, lang);
            EXPECT_FALSE(text.empty());
            EXPECT_EQ(text.find('{'), std::string::npos) << text;
        }
    }
    EXPECT_EQ(marked, 1);
    // The example's answer: FSDP after prerequisites; Megatron-LM fits and is faster but needs
    // more of them, and its percentage is the step-time ratio of the two best plans.
    ASSERT_EQ(a.recommendation.framework, Framework::Fsdp);
    const FrameworkVerdict& meg = *findVerdict(verdicts, Framework::Megatron);
    ASSERT_EQ(meg.reason, VerdictReason::FasterButPrerequisites);
    const double fsdp = findFit(a.frameworks, Framework::Fsdp)->best->time.stepSeconds;
    const double megatron = findFit(a.frameworks, Framework::Megatron)->best->time.stepSeconds;
    EXPECT_DOUBLE_EQ(meg.args[1].value, fsdp / megatron - 1.0);
    EXPECT_DOUBLE_EQ(meg.args[3].value,
                     findFit(a.frameworks, Framework::Fsdp)->readiness.requiredWeeks);
}

} // namespace
} // namespace trainplan::sim
