#pragma once

// Why each framework the advisor did not recommend is not the answer, in one sentence per
// framework, so the comparison table, the report, the deck and the presentation can mark the
// recommended plan and say "Megatron-LM: 1.4% faster, but 45 weeks of prerequisites against 16
// weeks for PyTorch FSDP." next to every other row. Rules: docs/advisor.md, "Why not the others".

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/framework_fit.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::sim {

enum class VerdictReason {
    Recommended,
    FasterButPrerequisites, // faster, not ready, the recommendation also misses prerequisites
    FasterButMissing,       // faster, not ready, the recommendation is ready
    WithinTolerance,        // faster and ready, but by less than the switch threshold
    Slower,
    SlowerAndPrerequisites,
    OutOfTheRace, // does not fit, has no valid layout or is excluded: the advisor's own sentence
};

struct FrameworkVerdict {
    model::Framework framework = model::Framework::Ddp;
    VerdictReason reason = VerdictReason::Recommended;
    std::vector<MessageArg> args;          // the sentence's arguments, in placeholder order
    std::optional<Message> advisorMessage; // OutOfTheRace: does_not_fit, no_valid_plan, …

    [[nodiscard]] bool recommended() const { return reason == VerdictReason::Recommended; }
};

// Why a framework is out of the race: excluded by the constraints, no valid layout, or its closest
// plan's peak memory against the usable memory. The advisor's reasons and the verdicts both use it.
[[nodiscard]] Message outOfTheRaceMessage(const model::Scenario& s, const FrameworkFit& f);
// One entry per framework of `fits` (kAllFrameworks order); `switchSpeedup` as in recommend().
[[nodiscard]] std::vector<FrameworkVerdict> frameworkVerdicts(const model::Scenario& s,
                                                              const std::vector<FrameworkFit>& fits,
                                                              const Recommendation& rec,
                                                              double switchSpeedup = 1.15);
[[nodiscard]] const FrameworkVerdict* findVerdict(const std::vector<FrameworkVerdict>& verdicts,
                                                  model::Framework f);
// The sentence in a language (empty for the recommended framework).
[[nodiscard]] std::string render(const FrameworkVerdict& v, Lang lang);
[[nodiscard]] std::string_view verdictKey(VerdictReason r); // stable snake_case id

} // namespace trainplan::sim
