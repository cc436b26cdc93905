// The advisor: the message catalogue (every template in both languages, no number typed in text),
// argument formatting, readiness fit, the recommendation rules (a table of cases where toggling a
// prerequisite or growing the cluster changes the answer), and that every number in the generated
// sentences is the estimate it cites.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/advice_json.h>
#include <trainplan/simulator/advisor.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <regex>
#include <set>

namespace trainplan::sim {
namespace {

namespace fs = std::filesystem;
using model::Framework;
using model::ReadinessItem;
using model::Scenario;

const model::Catalog& catalog() {
    static const model::Catalog c =
        model::loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return c;
}

Scenario load(const std::string& name) {
    model::ScenarioLoad l = model::loadScenarioFile(
        fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / (name + ".json"), catalog());
    EXPECT_TRUE(l.ok()) << name;
    return *l.scenario;
}

model::TeamProfile expertTeam() {
    return {model::TeamExperience::ThreeD, model::DebugSkill::Performance, true};
}

model::PlatformProfile fullPlatform() {
    model::PlatformProfile p;
    p.gangScheduling = p.topologyAwarePlacement = p.sharedCheckpointStorage = p.failureRecovery =
        true;
    p.monitoring = p.standardImages = p.costAttribution = true;
    return p;
}

bool containsCjk(std::string_view s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0xe4 && c <= 0xe9) return true; // U+4E00..U+9FFF lead bytes
    }
    return false;
}

std::multiset<std::string> placeholders(std::string_view text) {
    std::multiset<std::string> out;
    static const std::regex re("\\{[0-9]\\}");
    const std::string s(text);
    for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it)
        out.insert(it->str());
    return out;
}

std::string withoutPlaceholders(std::string_view text) {
    return std::regex_replace(std::string(text), std::regex("\\{[0-9]\\}"), "");
}

// --- The catalogue -------------------------------------------------------------------------------

TEST(MessageCatalog, EveryIdHasOneEntryWithBothTranslations) {
    const auto catalogue = messageCatalog();
    EXPECT_EQ(static_cast<int>(catalogue.size()), kMessageIdCount);
    std::set<std::string_view> keys;
    for (int i = 0; i < kMessageIdCount; ++i) {
        const auto id = static_cast<MessageId>(i);
        const auto count = std::count_if(catalogue.begin(), catalogue.end(),
                                         [&](const MessageTemplate& t) { return t.id == id; });
        ASSERT_EQ(count, 1) << "message " << i;
        const MessageTemplate& t = messageTemplate(id);
        SCOPED_TRACE(std::string(t.key));
        EXPECT_TRUE(keys.insert(t.key).second) << "duplicate key";
        EXPECT_FALSE(t.en.empty());
        EXPECT_FALSE(t.zh.empty());
        EXPECT_NE(t.en, t.zh == "{0}" ? std::string_view("") : t.zh);
        EXPECT_EQ(placeholders(t.en), placeholders(t.zh))
            << "both languages take the same arguments";
        std::set<std::string> distinct;
        for (const auto& p : placeholders(t.en))
            distinct.insert(p);
        EXPECT_EQ(static_cast<int>(distinct.size()), t.argCount);
        for (int a = 0; a < t.argCount; ++a)
            EXPECT_TRUE(distinct.contains("{" + std::to_string(a) + "}")) << a;
        EXPECT_FALSE(containsCjk(t.en));
        const std::string zhText = withoutPlaceholders(t.zh);
        if (!zhText.empty()) {
            EXPECT_TRUE(containsCjk(t.zh)) << t.zh;
        }
        for (const std::string& text : {withoutPlaceholders(t.en), zhText})
            EXPECT_EQ(text.find_first_of("0123456789"), std::string::npos)
                << "a number typed in the text: " << text;
        for (char c : t.key)
            EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '_') << t.key;
    }
}

TEST(MessageCatalog, ReadinessItemsAndDifficultiesAreDocumentedInBothLanguages) {
    std::set<std::string_view> labels;
    for (ReadinessItem item : model::kAllReadinessItems) {
        const ReadinessItemText en = readinessItemText(item, Lang::En);
        const ReadinessItemText zh = readinessItemText(item, Lang::ZhCN);
        SCOPED_TRACE(std::string(model::toString(item)));
        EXPECT_FALSE(en.label.empty());
        EXPECT_GT(en.why.size(), 40u);
        EXPECT_TRUE(containsCjk(zh.label));
        EXPECT_TRUE(containsCjk(zh.why));
        EXPECT_FALSE(containsCjk(en.why));
        EXPECT_TRUE(labels.insert(en.label).second);
    }
    for (Difficulty d : {Difficulty::Low, Difficulty::Medium, Difficulty::High}) {
        EXPECT_FALSE(difficultyLabel(d, Lang::En).empty());
        EXPECT_TRUE(containsCjk(difficultyLabel(d, Lang::ZhCN)));
    }
}

TEST(MessageCatalog, LanguageNames) {
    EXPECT_EQ(langFromString("en"), Lang::En);
    EXPECT_EQ(langFromString("zh_CN"), Lang::ZhCN);
    EXPECT_FALSE(langFromString("zh").has_value());
    EXPECT_EQ(toString(Lang::ZhCN), "zh_CN");
}

// --- Formatting ----------------------------------------------------------------------------------

std::string fmtEn(ArgKind k, double v) {
    return formatArg(MessageArg::number(k, v), Lang::En);
}
std::string fmtZh(ArgKind k, double v) {
    return formatArg(MessageArg::number(k, v), Lang::ZhCN);
}

TEST(Formatting, NumbersFollowTheirKind) {
    EXPECT_EQ(fmtEn(ArgKind::Parameters, 7.0e10), "70.0B");
    EXPECT_EQ(fmtEn(ArgKind::Parameters, 1.75e11), "175B");
    EXPECT_EQ(fmtEn(ArgKind::Parameters, 1.2e12), "1.20T");
    EXPECT_EQ(fmtEn(ArgKind::Parameters, 3.5e8), "350M");
    EXPECT_EQ(fmtEn(ArgKind::Bytes, 80 * model::units::kGiB), "80.0 GiB");
    EXPECT_EQ(fmtEn(ArgKind::Bytes, 512.0 * 1024 * 1024), "512 MiB");
    EXPECT_EQ(fmtEn(ArgKind::Seconds, 12.34), "12.3 s");
    EXPECT_EQ(fmtEn(ArgKind::Seconds, 0.5), "500 ms");
    EXPECT_EQ(fmtEn(ArgKind::Duration, 5 * 86400.0), "5.00 days");
    EXPECT_EQ(fmtZh(ArgKind::Duration, 5 * 86400.0), "5.00 天");
    EXPECT_EQ(fmtEn(ArgKind::Duration, 10 * 3600.0), "10.0 hours");
    EXPECT_EQ(fmtZh(ArgKind::Duration, 10 * 3600.0), "10.0 小时");
    EXPECT_EQ(fmtEn(ArgKind::Duration, 1800.0), "30.0 min");
    EXPECT_EQ(fmtEn(ArgKind::Percent, 0.352), "35.2%");
    EXPECT_EQ(fmtEn(ArgKind::Factor, 1.5), "1.50×");
    EXPECT_EQ(fmtEn(ArgKind::Usd, 1.234e6), "$1.23M");
    EXPECT_EQ(fmtEn(ArgKind::Usd, 45600), "$45.6k");
    EXPECT_EQ(fmtEn(ArgKind::Usd, 980), "$980");
    // Chinese: 万, 亿 and 万亿, as the window writes them (issue 19: one number layer).
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Usd, 1.17e6), Lang::ZhCN), "$117万");
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Usd, 980), Lang::ZhCN), "$980");
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Usd, 2.5e8), Lang::ZhCN), "$2.50亿");
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Parameters, 7.06e10), Lang::ZhCN), "706亿");
    EXPECT_EQ(formatArg(MessageArg::number(ArgKind::Parameters, 1.5e12), Lang::ZhCN), "1.50万亿");
    EXPECT_EQ(fmtEn(ArgKind::Count, 256), "256");
    EXPECT_EQ(fmtEn(ArgKind::BytesPerSecond, 5e10), "50.0 GB/s");
    EXPECT_EQ(fmtEn(ArgKind::Weeks, 6), "6 weeks");
    EXPECT_EQ(fmtEn(ArgKind::Weeks, 1), "1 week");
    EXPECT_EQ(fmtZh(ArgKind::Weeks, 6), "6 周");
}

TEST(Formatting, RenderFillsEveryPlaceholderInEitherLanguage) {
    const Message m{MessageId::FasterButMissing,
                    {MessageArg::framework(Framework::Megatron),
                     MessageArg::name("TP8·PP4·DP32 mb1"), MessageArg::number(ArgKind::Factor, 1.8),
                     MessageArg::itemList({ReadinessItem::GangScheduling, ReadinessItem::Rdma})}};
    EXPECT_EQ(render(m, Lang::En), "Megatron-LM with TP8·PP4·DP32 mb1 is 1.80× faster but still "
                                   "needs: gang scheduling and an RDMA "
                                   "network (InfiniBand or RoCE).");
    EXPECT_EQ(render(m, Lang::ZhCN),
              "Megatron-LM（方案 TP8·PP4·DP32 mb1）快 1.80×，但还缺少：整组调度（gang "
              "scheduling）、RDMA 网络（InfiniBand 或 RoCE）。");
    const Message three{
        MessageId::ReadinessMissingFor,
        {MessageArg::framework(Framework::Fsdp), MessageArg::number(ArgKind::Weeks, 9),
         MessageArg::itemList({ReadinessItem::Monitoring, ReadinessItem::StandardImages,
                               ReadinessItem::CostAttribution})}};
    EXPECT_EQ(render(three, Lang::En),
              "PyTorch FSDP needs about 9 weeks of preparation first: GPU and network monitoring, "
              "standard training images, and cost attribution per job.");
}

// --- Readiness fit -------------------------------------------------------------------------------

TEST(ReadinessFit, MultiNodeClustersAskForMore) {
    model::ClusterSpec one;
    one.nodes = 1;
    one.interNode.kind = model::LinkKind::Ethernet;
    model::ClusterSpec many = one;
    many.nodes = 16;
    auto items = [](const std::vector<Requirement>& rs, Need need) {
        std::set<ReadinessItem> out;
        for (const auto& r : rs)
            if (r.need == need) out.insert(r.item);
        return out;
    };
    const auto megaOne = items(frameworkRequirements(Framework::Megatron, one), Need::Required);
    const auto megaMany = items(frameworkRequirements(Framework::Megatron, many), Need::Required);
    EXPECT_FALSE(megaOne.contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(megaMany.contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(megaMany.contains(ReadinessItem::Rdma));
    EXPECT_TRUE(megaMany.contains(ReadinessItem::TopologyAwarePlacement));
    EXPECT_EQ(megaMany.size(), megaOne.size() + 4);
    // FSDP only recommends gang scheduling and RDMA; DeepSpeed requires version maintenance, FSDP
    // does not.
    EXPECT_FALSE(items(frameworkRequirements(Framework::Fsdp, many), Need::Required)
                     .contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(items(frameworkRequirements(Framework::Fsdp, many), Need::Recommended)
                    .contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(items(frameworkRequirements(Framework::DeepSpeed, one), Need::Required)
                    .contains(ReadinessItem::MaintainVersions));
    EXPECT_FALSE(items(frameworkRequirements(Framework::Fsdp, one), Need::Required)
                     .contains(ReadinessItem::MaintainVersions));
    EXPECT_EQ(items(frameworkRequirements(Framework::Ddp, many), Need::Required),
              std::set<ReadinessItem>{ReadinessItem::ExperienceDdp});
}

TEST(ReadinessFit, MissingLevelsAndEffortsAddUp) {
    model::ClusterSpec cluster;
    cluster.nodes = 4;
    cluster.interNode.kind = model::LinkKind::InfiniBand;
    const ReadinessFit fresh = readinessFit(Framework::Megatron, {}, {}, cluster);
    EXPECT_FALSE(fresh.ready);
    // A single-node team climbs every experience level and both debugging levels.
    const auto required = fresh.missingItems(Need::Required);
    for (ReadinessItem i : {ReadinessItem::ExperienceDdp, ReadinessItem::ExperienceZeroFsdp,
                            ReadinessItem::ExperienceThreeD, ReadinessItem::DebugHangs,
                            ReadinessItem::DebugPerformance})
        EXPECT_NE(std::find(required.begin(), required.end(), i), required.end())
            << model::toString(i);
    EXPECT_EQ(std::find(required.begin(), required.end(), ReadinessItem::Rdma), required.end())
        << "IB comes from the cluster";
    double weeks = 0;
    for (const ReadinessGap& g : fresh.missing)
        if (g.need == Need::Required) weeks += itemEffort(g.item).weeks;
    EXPECT_EQ(fresh.requiredWeeks, weeks);
    // 2+4+10 (experience) + 4+8 (debugging) + 3 (versions) + 2 (images) + 6 (storage) + 2
    // (monitoring)
    // + 4 (gang) + 3 (topology) + 4 (failure recovery) weeks.
    EXPECT_EQ(fresh.requiredWeeks, 52.0);

    const ReadinessFit ready =
        readinessFit(Framework::Megatron, expertTeam(), fullPlatform(), cluster);
    EXPECT_TRUE(ready.ready);
    EXPECT_TRUE(ready.missing.empty());
    model::PlatformProfile noGang = fullPlatform();
    noGang.gangScheduling = false;
    const ReadinessFit gap = readinessFit(Framework::Megatron, expertTeam(), noGang, cluster);
    EXPECT_FALSE(gap.ready);
    ASSERT_EQ(gap.missing.size(), 1u);
    EXPECT_EQ(gap.missing[0].item, ReadinessItem::GangScheduling);
    EXPECT_EQ(gap.missing[0].effort.weeks, 4.0);
    EXPECT_EQ(gap.missing[0].effort.difficulty, Difficulty::Medium);
}

TEST(ReadinessFit, ComplexityOrder) {
    EXPECT_LT(complexityRank(Framework::Ddp), complexityRank(Framework::Fsdp));
    EXPECT_LT(complexityRank(Framework::Fsdp), complexityRank(Framework::DeepSpeed));
    EXPECT_LT(complexityRank(Framework::DeepSpeed), complexityRank(Framework::Megatron));
}

// --- Recommendation rules: a table over synthetic fits -------------------------------------------

struct FitSpec {
    Framework framework;
    double stepSeconds; // 0: does not fit
    double missGiB = 0; // when it does not fit
};

std::vector<FrameworkFit> makeFits(const std::vector<FitSpec>& specs,
                                   const model::TeamProfile& team,
                                   const model::PlatformProfile& platform,
                                   const model::ClusterSpec& cluster) {
    std::vector<FrameworkFit> fits;
    for (Framework f : model::kAllFrameworks) {
        FrameworkFit fit;
        fit.framework = f;
        for (const FitSpec& s : specs) {
            if (s.framework != f) continue;
            fit.searched = true;
            PlanEstimate e;
            e.plan.framework = f;
            e.time.stepSeconds = s.stepSeconds;
            e.memory.fits = s.stepSeconds > 0;
            if (s.stepSeconds > 0) {
                fit.best = e;
            } else {
                fit.closest = e;
                fit.missBytes = s.missGiB * model::units::kGiB;
            }
        }
        fit.readiness = readinessFit(f, team, platform, cluster);
        fits.push_back(fit);
    }
    return fits;
}

struct RecommendCase {
    const char* name;
    std::vector<FitSpec> fits;
    bool gangScheduling;
    int nodes;
    model::TeamExperience experience;
    double switchSpeedup;
    Framework expected;
    RecommendationStatus status;
    std::optional<Framework> fastest;
};

class RecommendTable : public ::testing::TestWithParam<RecommendCase> {};

TEST_P(RecommendTable, PicksTheDocumentedFramework) {
    const RecommendCase& c = GetParam();
    model::ClusterSpec cluster;
    cluster.nodes = c.nodes;
    cluster.interNode.kind = model::LinkKind::InfiniBand;
    model::TeamProfile team = expertTeam();
    team.experience = c.experience;
    model::PlatformProfile platform = fullPlatform();
    platform.gangScheduling = c.gangScheduling;
    const Recommendation rec =
        recommend(makeFits(c.fits, team, platform, cluster), c.switchSpeedup);
    EXPECT_EQ(rec.framework, c.expected) << model::toString(rec.framework);
    EXPECT_EQ(rec.status, c.status) << toString(rec.status);
    EXPECT_EQ(rec.fastest, c.fastest);
}

using F = Framework;
using S = RecommendationStatus;
using E = model::TeamExperience;
const std::vector<FitSpec> kAllFit = {
    {F::Ddp, 10.0}, {F::Fsdp, 9.5}, {F::DeepSpeed, 9.8}, {F::Megatron, 6.0}};
const std::vector<FitSpec> kNoDdp = {
    {F::Ddp, 0, 3.0}, {F::Fsdp, 9.5}, {F::DeepSpeed, 9.8}, {F::Megatron, 6.0}};
const std::vector<FitSpec> kClose = {
    {F::Ddp, 10.0}, {F::Fsdp, 9.5}, {F::DeepSpeed, 9.8}, {F::Megatron, 9.0}};

INSTANTIATE_TEST_SUITE_P(
    Cases, RecommendTable,
    ::testing::Values(
        // Everything ready: Megatron is 1.67× faster than DDP, beyond the 1.15× bar.
        RecommendCase{"all_ready_megatron_much_faster",
                      kAllFit,
                      true,
                      16,
                      E::ThreeD,
                      1.15,
                      F::Megatron,
                      S::Ready,
                      {}},
        // Toggle gang scheduling off on a multi-node cluster: Megatron is still fastest but not the
        // default.
        RecommendCase{"no_gang_scheduling", kAllFit, false, 16, E::ThreeD, 1.15, F::Ddp, S::Ready,
                      F::Megatron},
        // On a single node gang scheduling is not asked for, so the same profile keeps Megatron.
        RecommendCase{
            "no_gang_single_node", kAllFit, false, 1, E::ThreeD, 1.15, F::Megatron, S::Ready, {}},
        // Within 15%: the simpler DDP stays the default though FSDP and Megatron are a little
        // faster.
        RecommendCase{"close_speeds_keep_ddp", kClose, true, 16, E::ThreeD, 1.15, F::Ddp, S::Ready,
                      F::Megatron},
        // Without the tolerance the fastest ready framework wins.
        RecommendCase{"no_tolerance", kClose, true, 16, E::ThreeD, 1.0, F::Megatron, S::Ready, {}},
        // DDP out of memory and no gang scheduling: the fastest ready sharded framework.
        RecommendCase{"ddp_oom_no_gang", kNoDdp, false, 16, E::ThreeD, 1.15, F::Fsdp, S::Ready,
                      F::Megatron},
        // A DDP-only team: nothing but DDP is ready.
        RecommendCase{"ddp_team", kAllFit, true, 16, E::Ddp, 1.15, F::Ddp, S::Ready, F::Megatron},
        // A DDP-only team whose model outgrew DDP: the least preparation among fitting frameworks.
        RecommendCase{"ddp_team_model_too_big", kNoDdp, true, 16, E::Ddp, 1.15, F::Fsdp,
                      S::NeedsPrerequisites, F::Megatron},
        // A single-node team on a big cluster with no gang scheduling: DDP only needs the DDP
        // level.
        RecommendCase{"fresh_team", kAllFit, false, 16, E::SingleNode, 1.15, F::Ddp,
                      S::NeedsPrerequisites, F::Megatron},
        // Nothing fits: the closest miss.
        RecommendCase{
            "nothing_fits",
            {{F::Ddp, 0, 90.0}, {F::Fsdp, 0, 4.0}, {F::DeepSpeed, 0, 2.5}, {F::Megatron, 0, 7.0}},
            true,
            16,
            E::ThreeD,
            1.15,
            F::DeepSpeed,
            S::DoesNotFit,
            {}}),
    [](const ::testing::TestParamInfo<RecommendCase>& info) {
        return std::string(info.param.name);
    });

// --- Recommendation rules on real searches
// --------------------------------------------------------

Advice quickAdvice(const Scenario& s, double switchSpeedup = 1.15) {
    AdvisorOptions o;
    o.breakPoints = false;
    o.switchSpeedup = switchSpeedup;
    return advise(s, o);
}

TEST(AdviseRealScenarios, GangSchedulingDecidesWhetherTheFastestBecomesTheDefault) {
    // GPT-3 175B on 1,024 A100s without offload: Megatron-LM is the fastest plan.
    Scenario s = load("gpt3-175b-a100x1024");
    s.constraints.offload = model::Offload::None;
    s.team = expertTeam();
    s.platform = fullPlatform();
    const Advice ready = quickAdvice(s, 1.0);
    const FrameworkFit& mega = *findFit(ready.frameworks, Framework::Megatron);
    ASSERT_TRUE(mega.fits());
    for (const FrameworkFit& f : ready.frameworks)
        if (f.fits()) {
            EXPECT_LE(mega.best->time.stepSeconds, f.best->time.stepSeconds)
                << model::toString(f.framework);
        }
    EXPECT_EQ(ready.recommendation.framework, Framework::Megatron);
    EXPECT_EQ(ready.recommendation.status, RecommendationStatus::Ready);
    EXPECT_FALSE(findFit(ready.frameworks, Framework::Ddp)->fits())
        << "1,536 sequences do not split over 1,024 DDP ranks";

    s.platform.gangScheduling = false;
    const Advice blocked = quickAdvice(s, 1.0);
    EXPECT_NE(blocked.recommendation.framework, Framework::Megatron);
    EXPECT_EQ(blocked.recommendation.status, RecommendationStatus::Ready);
    EXPECT_EQ(blocked.recommendation.fastest, Framework::Megatron);
    // The recommendation is the fastest of what is ready.
    const FrameworkFit& chosen = *findFit(blocked.frameworks, blocked.recommendation.framework);
    for (Framework f : {Framework::Fsdp, Framework::DeepSpeed})
        if (findFit(blocked.frameworks, f)->fits()) {
            EXPECT_LE(chosen.best->time.stepSeconds,
                      findFit(blocked.frameworks, f)->best->time.stepSeconds);
        }
    // And the reasons say what Megatron still needs.
    const auto it =
        std::find_if(blocked.reasons.begin(), blocked.reasons.end(),
                     [](const Message& m) { return m.id == MessageId::FasterButMissing; });
    ASSERT_NE(it, blocked.reasons.end());
    EXPECT_EQ(it->args[3].items, std::vector<ReadinessItem>{ReadinessItem::GangScheduling});
    EXPECT_DOUBLE_EQ(it->args[2].value,
                     chosen.best->time.stepSeconds / mega.best->time.stepSeconds);

    // With a 25% bar and everything ready, the simplest framework within 25% of the fastest stays
    // the default: FSDP, about 19% behind Megatron-LM here (its per-layer gathers over 1,024 GPUs
    // take the NCCL channels' SMs from the compute they hide behind).
    s.platform.gangScheduling = true;
    const Advice tolerant = quickAdvice(s, 1.25);
    EXPECT_EQ(tolerant.recommendation.framework, Framework::Fsdp);
    const FrameworkFit& fsdp = *findFit(tolerant.frameworks, Framework::Fsdp);
    EXPECT_LE(fsdp.best->time.stepSeconds, 1.25 * mega.best->time.stepSeconds);
    // The default 15% bar no longer covers it: Megatron-LM is recommended.
    EXPECT_EQ(quickAdvice(s, 1.15).recommendation.framework, Framework::Megatron);
    EXPECT_GT(fsdp.best->time.stepSeconds, mega.best->time.stepSeconds);
    EXPECT_EQ(tolerant.recommendation.fastestReady, Framework::Megatron);
    EXPECT_TRUE(std::any_of(tolerant.reasons.begin(), tolerant.reasons.end(), [](const Message& m) {
        return m.id == MessageId::SimplerWithinTolerance;
    }));
}

TEST(AdviseRealScenarios, GrowingTheClusterMovesAwayFromMegatronWithoutRdma) {
    // A team ready for Megatron-LM on one server (images, storage, monitoring) but with no RDMA,
    // gang scheduling or topology-aware placement: fine on one node, not on four.
    Scenario s = load("llama2-7b-a100x8-pcie");
    s.constraints.frameworks = {Framework::Fsdp, Framework::Megatron};
    s.constraints.offload = model::Offload::None;
    // One micro-batch per step, so Megatron-LM is the fastest on one node (26.7 s against FSDP's
    // 27.6 s). With micro-batches of 2, FSDP SHARD_GRAD_OP — its fp32 parameters sharded since
    // issue 17 — ties it within 0.3 % and the readiness question this test asks would not arise.
    s.constraints.microBatch = 1;
    s.team = expertTeam();
    s.platform = {};
    s.platform.standardImages = s.platform.sharedCheckpointStorage = s.platform.monitoring = true;
    const Advice one = quickAdvice(s, 1.0);
    EXPECT_EQ(one.recommendation.framework, Framework::Megatron);
    EXPECT_EQ(one.recommendation.status, RecommendationStatus::Ready);
    EXPECT_FALSE(findFit(one.frameworks, Framework::Ddp)->searched);

    s.cluster.nodes = 4;
    const Advice four = quickAdvice(s, 1.0);
    EXPECT_EQ(four.recommendation.framework, Framework::Fsdp);
    EXPECT_EQ(four.recommendation.status, RecommendationStatus::Ready);
    const ReadinessFit& mega = findFit(four.frameworks, Framework::Megatron)->readiness;
    EXPECT_EQ(mega.missingItems(Need::Required),
              (std::vector<ReadinessItem>{ReadinessItem::GangScheduling, ReadinessItem::Rdma,
                                          ReadinessItem::TopologyAwarePlacement,
                                          ReadinessItem::FailureRecovery}));
    EXPECT_EQ(mega.requiredWeeks, 4.0 + 12.0 + 3.0 + 4.0);
}

TEST(AdviseRealScenarios, AnUnpreparedTeamGetsTheLeastPreparation) {
    const Scenario s = load("llama31-70b-h100x256");
    const Advice a = quickAdvice(s);
    EXPECT_EQ(a.recommendation.status, RecommendationStatus::NeedsPrerequisites);
    const FrameworkFit& chosen = *findFit(a.frameworks, a.recommendation.framework);
    ASSERT_TRUE(chosen.fits());
    for (const FrameworkFit& f : a.frameworks)
        if (f.fits()) {
            EXPECT_LE(chosen.readiness.requiredWeeks, f.readiness.requiredWeeks)
                << model::toString(f.framework);
        }
    EXPECT_FALSE(findFit(a.frameworks, Framework::Ddp)->fits()) << "70B does not fit DDP on 80 GB";
    ASSERT_FALSE(a.reasons.empty());
    EXPECT_EQ(a.reasons.front().id, MessageId::RecommendAfterPrerequisites);
    EXPECT_DOUBLE_EQ(a.reasons.front().args[2].value, chosen.readiness.requiredWeeks);
}

TEST(AdviseRealScenarios, NothingFitsNamesTheClosestMiss) {
    Scenario s = load("llama31-70b-h100x256");
    s.cluster.nodes = 1; // 70B with AdamW on 8 GPUs of 80 GB
    s.constraints.offload = model::Offload::None;
    const Advice a = quickAdvice(s);
    ASSERT_EQ(a.recommendation.status, RecommendationStatus::DoesNotFit);
    double minMiss = 1e300;
    for (const FrameworkFit& f : a.frameworks)
        if (f.closest) minMiss = std::min(minMiss, f.missBytes);
    EXPECT_EQ(findFit(a.frameworks, a.recommendation.framework)->missBytes, minMiss);
    ASSERT_FALSE(a.reasons.empty());
    const Message& first = a.reasons.front();
    EXPECT_EQ(first.id, MessageId::NothingFits);
    EXPECT_DOUBLE_EQ(first.args[0].value, model::countParameters(s.model).total);
    EXPECT_DOUBLE_EQ(first.args[1].value, 8.0);
    EXPECT_DOUBLE_EQ(first.args[4].value, a.recommendation.plan->memory.peakBytes);
    EXPECT_GT(first.args[4].value, first.args[5].value);
}

// --- Every number in generated text is the estimate it cites
// ---------------------------------------

// The SI value a formatted numeric argument stands for, and half a unit of its last digit.
std::pair<double, double> parseBack(const MessageArg& a, const std::string& text) {
    static const std::regex number("([0-9]+)(\\.([0-9]+))?");
    std::smatch m;
    EXPECT_TRUE(std::regex_search(text, m, number)) << text;
    const double v = std::stod(m.str(0));
    const int decimals = m[3].matched ? static_cast<int>(m.str(3).size()) : 0;
    const std::string unit = m.suffix().str();
    double mult = 1;
    auto has = [&](const char* s) { return unit.find(s) != std::string::npos; };
    switch (a.kind) {
    case ArgKind::Parameters:
        mult = has("万亿") ? 1e12 : has("亿") ? 1e8 : has("万") ? 1e4 : has("T") ? 1e12 : has("B") ? 1e9 : has("M") ? 1e6 : 1;
        break;
    case ArgKind::Bytes:
        mult = has("GiB") ? model::units::kGiB : 1024.0 * 1024.0;
        break;
    case ArgKind::Seconds:
        mult = has("ms") ? 1e-3 : 1;
        break;
    case ArgKind::Duration:
        mult = has("day") || has("天") ? 86400 : has("hour") || has("小时") ? 3600 : 60;
        break;
    case ArgKind::Percent:
        mult = 0.01;
        break;
    case ArgKind::Usd:
        mult = has("万亿") ? 1e12 : has("亿") ? 1e8 : has("万") ? 1e4 : has("M") ? 1e6 : has("k") ? 1e3 : 1;
        break;
    case ArgKind::BytesPerSecond:
        mult = 1e9;
        break;
    default:
        break;
    }
    return {v * mult, 0.5 * std::pow(10.0, -decimals) * mult};
}

void expectNumbersAreTheArguments(const Message& msg, Lang lang) {
    const std::string text = render(msg, lang);
    SCOPED_TRACE(std::string(messageKey(msg.id)) + ": " + text);
    std::vector<std::string> pieces;
    for (const MessageArg& a : msg.args) {
        const std::string formatted = formatArg(a, lang);
        EXPECT_NE(text.find(formatted), std::string::npos) << formatted;
        pieces.push_back(formatted);
        if (!a.isNumeric()) continue;
        const auto [value, halfUnit] = parseBack(a, formatted);
        EXPECT_NEAR(value, a.value, halfUnit * (1 + 1e-9) + 1e-12) << formatted;
    }
    // Nothing else in the sentence is a number.
    std::string rest = text;
    std::sort(pieces.begin(), pieces.end(),
              [](const auto& x, const auto& y) { return x.size() > y.size(); });
    for (const std::string& p : pieces)
        for (std::size_t pos; !p.empty() && (pos = rest.find(p)) != std::string::npos;)
            rest.erase(pos, p.size());
    EXPECT_EQ(rest.find_first_of("0123456789"), std::string::npos) << rest;
}

const FrameworkFit& fitOf(const Advice& a, const MessageArg& fw) {
    return *findFit(a.frameworks, static_cast<Framework>(static_cast<int>(fw.value)));
}

TEST(GeneratedText, EveryNumberIsTheEstimateItCites) {
    Scenario s = load("llama31-70b-h100x256");
    s.team = expertTeam();
    s.platform = fullPlatform();
    s.platform.gangScheduling = false;
    AdvisorOptions o;
    o.catalog = &catalog();
    o.switchSpeedup = 1.0;
    const Advice a = advise(s, o);
    ASSERT_GE(a.reasons.size(), 5u);
    std::set<MessageId> seen;
    for (const Message& m : a.reasons) {
        seen.insert(m.id);
        for (Lang lang : {Lang::En, Lang::ZhCN})
            expectNumbersAreTheArguments(m, lang);
        // The arguments are the simulator's values.
        switch (m.id) {
        case MessageId::RecommendDefault: {
            const PlanEstimate& e = *a.recommendation.plan;
            EXPECT_EQ(m.args[1].text, e.plan.label());
            EXPECT_DOUBLE_EQ(m.args[2].value, e.time.stepSeconds);
            EXPECT_DOUBLE_EQ(m.args[3].value, e.throughput.mfu);
            EXPECT_DOUBLE_EQ(m.args[4].value, e.cost.timeToTrainSeconds);
            EXPECT_DOUBLE_EQ(m.args[5].value, e.cost.usd);
            break;
        }
        case MessageId::DoesNotFit: {
            const FrameworkFit& f = fitOf(a, m.args[0]);
            EXPECT_DOUBLE_EQ(m.args[2].value, f.closest->memory.peakBytes);
            EXPECT_DOUBLE_EQ(m.args[3].value, usableGpuBytes(s));
            break;
        }
        case MessageId::StopsFittingAbove:
            EXPECT_DOUBLE_EQ(m.args[1].value,
                             a.breakPoints.modelSizeOf(Framework::Ddp)->largestParameters);
            EXPECT_DOUBLE_EQ(m.args[2].value, s.cluster.gpu.memoryBytes);
            EXPECT_EQ(m.args[3].text, "AdamW");
            EXPECT_EQ(m.args[4].text, "bf16");
            break;
        case MessageId::FitsEverySize:
        case MessageId::FitsUpTo:
        case MessageId::FitsUpToButComm: {
            const FrameworkFit& f = fitOf(a, m.args[0]);
            EXPECT_DOUBLE_EQ(m.args[1].value,
                             a.breakPoints.modelSizeOf(f.framework)->largestParameters);
            // The claim carries the plan that fits the largest size and that plan's MFU.
            const auto& largest = *a.breakPoints.modelSizeOf(f.framework)->largestPlan;
            const std::size_t plan = m.id == MessageId::FitsUpToButComm ? 3 : 2;
            EXPECT_EQ(m.args[plan].text, largest.plan.label());
            EXPECT_DOUBLE_EQ(m.args[plan + 1].value, largest.throughput.mfu);
            if (m.id == MessageId::FitsUpToButComm) {
                EXPECT_DOUBLE_EQ(m.args[2].value,
                                 f.best->time.exposedInterNodeSeconds / f.best->time.stepSeconds);
            }
            break;
        }
        case MessageId::ScalingBreak:
        case MessageId::ScalingNotReached:
        case MessageId::ScalingNoPlan: {
            const GpuCountBreak& b = *a.breakPoints.gpuCountOf(fitOf(a, m.args[0]).framework);
            EXPECT_DOUBLE_EQ(m.args[1].value, 0.35);
            EXPECT_DOUBLE_EQ(m.args[2].value, static_cast<double>(b.lastGpus));
            break;
        }
        case MessageId::BandwidthBreak: {
            const BandwidthBreak& b = *a.breakPoints.bandwidthOf(fitOf(a, m.args[1]).framework);
            EXPECT_DOUBLE_EQ(m.args[0].value, b.bytesPerSecondPerNic);
            EXPECT_DOUBLE_EQ(m.args[4].value, s.cluster.interNode.bytesPerSecond);
            EXPECT_DOUBLE_EQ(m.args[5].value, b.currentFraction);
            break;
        }
        case MessageId::FasterButMissing: {
            const FrameworkFit& fast = fitOf(a, m.args[0]);
            const FrameworkFit& chosen = *findFit(a.frameworks, a.recommendation.framework);
            EXPECT_EQ(m.args[1].text, fast.best->plan.label());
            EXPECT_DOUBLE_EQ(m.args[2].value,
                             chosen.best->time.stepSeconds / fast.best->time.stepSeconds);
            break;
        }
        default:
            break;
        }
    }
    EXPECT_TRUE(seen.contains(MessageId::RecommendDefault));
    EXPECT_TRUE(seen.contains(MessageId::StopsFittingAbove));
    // Stage titles, triggers and notes follow the same rule.
    ASSERT_EQ(a.stages.size(), 5u);
    for (const RoadmapStage& r : a.stages)
        for (Lang lang : {Lang::En, Lang::ZhCN}) {
            expectNumbersAreTheArguments(r.title, lang);
            expectNumbersAreTheArguments(r.trigger, lang);
            for (const Message& n : r.notes)
                expectNumbersAreTheArguments(n, lang);
        }
}

TEST(GeneratedText, KnownValuesRenderToTheirNumbers) {
    // Render with known values and read them back.
    const Message m{
        MessageId::ScalingBreak,
        {MessageArg::framework(Framework::Fsdp), MessageArg::number(ArgKind::Percent, 0.35),
         MessageArg::number(ArgKind::Count, 512), MessageArg::number(ArgKind::Count, 1024),
         MessageArg::number(ArgKind::Percent, 0.2871)}};
    EXPECT_EQ(
        render(m, Lang::En),
        "PyTorch FSDP keeps MFU at or above 35.0% up to 512 GPUs; at 1024 GPUs it drops to 28.7%.");
    EXPECT_EQ(render(m, Lang::ZhCN),
              "PyTorch FSDP 在 512 块 GPU 以内 MFU 不低于 35.0%；到 1024 块 GPU 时降到 28.7%。");
    for (Lang lang : {Lang::En, Lang::ZhCN})
        expectNumbersAreTheArguments(m, lang);
}

// --- JSON
// ------------------------------------------------------------------------------------------

TEST(AdviceJson, CarriesTheContractKeysAndTheEstimates) {
    Scenario s = load("llama2-7b-a100x8-pcie");
    AdvisorOptions o;
    o.maxScanGpus = 16;
    o.catalog = &catalog();
    const Advice a = advise(s, o);
    const nlohmann::json j = adviceToJson(s, a, Lang::ZhCN);
    EXPECT_EQ(j["schema"], kAdviceSchema);
    EXPECT_EQ(j["lang"], "zh_CN");
    for (const char* key : {"recommendation", "reasons", "break_points", "stages", "frameworks"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["recommendation"]["framework"],
              std::string(model::toString(a.recommendation.framework)));
    EXPECT_DOUBLE_EQ(j["recommendation"]["step_s"].get<double>(),
                     a.recommendation.plan->time.stepSeconds);
    EXPECT_EQ(j["reasons"].size(), a.reasons.size());
    EXPECT_EQ(j["reasons"][0]["id"], std::string(messageKey(a.reasons[0].id)));
    EXPECT_TRUE(containsCjk(j["reasons"][0]["text"].get<std::string>()));
    EXPECT_EQ(j["break_points"]["model_size"].size(), 4u);
    EXPECT_EQ(j["stages"].size(), a.stages.size());
    EXPECT_EQ(j["stages"][0]["id"], "ddp_baseline");
    // Each stage carries its storable form, which reads back to the same stage.
    model::ValidationIssues issues;
    const model::MigrationStage back =
        model::stageFromJson(j["stages"][1]["stage"], "stage", issues);
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(back, a.stages[1].stage);
}

} // namespace
} // namespace trainplan::sim
