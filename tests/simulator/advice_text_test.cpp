// The advisor's text: the message catalogue (every template in both languages, no number typed in
// text), argument formatting, and that every number in the generated sentences is the estimate it
// cites.

#include "advisor_test_support.h"

#include <trainplan/model/units.h>
#include <trainplan/simulator/advisor.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace trainplan::sim {
namespace {

using model::Framework;
using model::ReadinessItem;
using model::Scenario;
using test::catalog;
using test::containsCjk;
using test::expertTeam;
using test::fullPlatform;
using test::load;

std::multiset<std::string> placeholderTokens(std::string_view text) {
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
        EXPECT_EQ(placeholderTokens(t.en), placeholderTokens(t.zh))
            << "both languages take the same arguments";
        std::set<std::string> distinct;
        for (const auto& p : placeholderTokens(t.en))
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
    // One formatter for every surface: the largest unit reached, three significant digits.
    EXPECT_EQ(fmtEn(ArgKind::Bytes, 1342.8 * model::units::kGiB), "1.31 TiB");
    EXPECT_EQ(fmtEn(ArgKind::Bytes, 0.0), "0 B");
    EXPECT_EQ(formatBytes(80e9, ByteUnits::Decimal), "80.0 GB");
    EXPECT_EQ(formatBytes(1.5e12, ByteUnits::Decimal), "1.50 TB");
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
        mult = has("TiB")   ? 1024.0 * model::units::kGiB
               : has("GiB") ? model::units::kGiB
               : has("MiB") ? 1024.0 * 1024.0
               : has("KiB") ? 1024.0
                            : 1.0;
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

} // namespace
} // namespace trainplan::sim
