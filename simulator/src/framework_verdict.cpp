#include <trainplan/simulator/framework_verdict.h>

#include <trainplan/simulator/estimate.h>

namespace trainplan::sim {

using model::Framework;

namespace {

struct VerdictTemplate {
    VerdictReason reason;
    std::string_view key;
    std::string_view en;
    std::string_view zh;
};

// Placeholders {0}.. stand for the verdict's arguments in order; no template holds a number.
// clang-format off
constexpr VerdictTemplate kTemplates[] = {
    {VerdictReason::FasterButPrerequisites, "why_not_faster_but_prerequisites",
     "{0}: {1} faster, but {2} of prerequisites against {3} for {4}.",
     "{0}：快 {1}，但前置条件需要 {2}，而 {4} 只需 {3}。"},
    {VerdictReason::FasterButMissing, "why_not_faster_but_missing",
     "{0}: {1} faster, but it still needs {2} of prerequisites.",
     "{0}：快 {1}，但还需要 {2} 的前置准备。"},
    {VerdictReason::WithinTolerance, "why_not_within_tolerance",
     "{0}: {1} faster, less than the {2} that would justify its extra complexity over {3}.",
     "{0}：快 {1}，不足以抵消它相对 {3} 的额外复杂度（需快 {2} 以上）。"},
    {VerdictReason::Slower, "why_not_slower",
     "{0}: {1} slower.",
     "{0}：慢 {1}。"},
    {VerdictReason::SlowerAndPrerequisites, "why_not_slower_and_prerequisites",
     "{0}: {1} slower, and it needs {2} of prerequisites.",
     "{0}：慢 {1}，且还需要 {2} 的前置准备。"},
};
// clang-format on

FrameworkVerdict verdict(Framework f, VerdictReason reason, std::vector<MessageArg> args) {
    FrameworkVerdict v;
    v.framework = f;
    v.reason = reason;
    v.args = std::move(args);
    return v;
}

// A framework that fits but was not chosen: compared with the recommended one on step time (the
// ratio recommend() uses) and on the Required prerequisites still missing.
FrameworkVerdict passedOver(const FrameworkFit& f, const FrameworkFit& chosen,
                            double switchSpeedup) {
    const double mine = f.best->time.stepSeconds;
    const double theirs = chosen.best->time.stepSeconds;
    const Framework me = f.framework;
    if (mine < theirs) {
        const double faster = theirs / mine - 1.0;
        if (!f.readiness.ready) {
            if (chosen.readiness.ready)
                return verdict(me, VerdictReason::FasterButMissing,
                               {MessageArg::framework(me),
                                MessageArg::number(ArgKind::Percent, faster),
                                MessageArg::number(ArgKind::Weeks, f.readiness.requiredWeeks)});
            return verdict(me, VerdictReason::FasterButPrerequisites,
                           {MessageArg::framework(me), MessageArg::number(ArgKind::Percent, faster),
                            MessageArg::number(ArgKind::Weeks, f.readiness.requiredWeeks),
                            MessageArg::number(ArgKind::Weeks, chosen.readiness.requiredWeeks),
                            MessageArg::framework(chosen.framework)});
        }
        // Ready and faster: passed over only because the gain is below the switch threshold.
        return verdict(me, VerdictReason::WithinTolerance,
                       {MessageArg::framework(me), MessageArg::number(ArgKind::Percent, faster),
                        MessageArg::number(ArgKind::Percent, switchSpeedup - 1.0),
                        MessageArg::framework(chosen.framework)});
    }
    const double slower = mine / theirs - 1.0;
    if (!f.readiness.ready)
        return verdict(me, VerdictReason::SlowerAndPrerequisites,
                       {MessageArg::framework(me), MessageArg::number(ArgKind::Percent, slower),
                        MessageArg::number(ArgKind::Weeks, f.readiness.requiredWeeks)});
    return verdict(me, VerdictReason::Slower,
                   {MessageArg::framework(me), MessageArg::number(ArgKind::Percent, slower)});
}

const VerdictTemplate* templateOf(VerdictReason r) {
    for (const VerdictTemplate& t : kTemplates)
        if (t.reason == r) return &t;
    return nullptr;
}

} // namespace

Message outOfTheRaceMessage(const model::Scenario& s, const FrameworkFit& f) {
    if (!f.searched)
        return {MessageId::ExcludedByConstraints, {MessageArg::framework(f.framework)}};
    if (f.closest)
        return {MessageId::DoesNotFit,
                {MessageArg::framework(f.framework), MessageArg::plan(f.closest->plan),
                 MessageArg::number(ArgKind::Bytes, f.closest->memory.peakBytes),
                 MessageArg::number(ArgKind::Bytes, usableGpuBytes(s))}};
    return {MessageId::NoValidPlan, {MessageArg::framework(f.framework)}};
}

std::vector<FrameworkVerdict> frameworkVerdicts(const model::Scenario& s,
                                                const std::vector<FrameworkFit>& fits,
                                                const Recommendation& rec, double switchSpeedup) {
    std::vector<FrameworkVerdict> out;
    const FrameworkFit* chosen = findFit(fits, rec.framework);
    for (const FrameworkFit& f : fits) {
        if (chosen && f.framework == rec.framework) {
            out.push_back(verdict(f.framework, VerdictReason::Recommended, {}));
        } else if (f.fits() && chosen && chosen->fits()) {
            out.push_back(passedOver(f, *chosen, switchSpeedup));
        } else {
            // Nothing fits (every framework is out), or this one does not.
            FrameworkVerdict v = verdict(f.framework, VerdictReason::OutOfTheRace, {});
            v.advisorMessage = outOfTheRaceMessage(s, f);
            out.push_back(std::move(v));
        }
    }
    return out;
}

const FrameworkVerdict* findVerdict(const std::vector<FrameworkVerdict>& verdicts, Framework f) {
    for (const FrameworkVerdict& v : verdicts)
        if (v.framework == f) return &v;
    return nullptr;
}

std::string render(const FrameworkVerdict& v, Lang lang) {
    if (v.advisorMessage) return render(*v.advisorMessage, lang);
    const VerdictTemplate* t = templateOf(v.reason);
    if (!t) return {};
    const std::string_view text = lang == Lang::ZhCN ? t->zh : t->en;
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '{' && i + 2 < text.size() && text[i + 2] == '}' && text[i + 1] >= '0' &&
            text[i + 1] <= '9') {
            const auto k = static_cast<std::size_t>(text[i + 1] - '0');
            if (k < v.args.size()) out += formatArg(v.args[k], lang);
            i += 2;
            continue;
        }
        out += text[i];
    }
    return out;
}

std::string_view verdictKey(VerdictReason r) {
    if (r == VerdictReason::Recommended) return "recommended";
    if (r == VerdictReason::OutOfTheRace) return "out_of_the_race";
    const VerdictTemplate* t = templateOf(r);
    return t ? t->key : std::string_view();
}

} // namespace trainplan::sim
