// Memory headroom (issue 17, item 6): constraints.memory_headroom keeps a fraction of GPU (and
// host) memory free. Property: more headroom never admits a plan that less headroom rejected, for
// every plan the search enumerates, and the search's best plan under more headroom fits under less.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

using namespace trainplan;
using model::Framework;

TEST(MemoryHeadroom, PropertyMoreHeadroomNeverAdmitsAPlanLessHeadroomRejected) {
    auto base = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 2, 8, 64, "NVLink4-NVSwitch",
                                   "InfiniBand-NDR-400");
    const double headrooms[] = {0.0, 0.05, 0.1, 0.2, 0.4};
    long long compared = 0, rejectedByMore = 0;
    for (Framework fw : model::kAllFrameworks) {
        const auto plans = sim::enumeratePlans(base, fw);
        for (std::size_t i = 0; i < plans.size(); i += 7) { // a spread sample of every layout
            bool fitsWithLess = true;
            for (double h : headrooms) {
                auto s = base;
                s.constraints.memoryHeadroomFraction = h;
                const auto m = sim::evaluateMemory(sim::makeContext(s), plans[i]);
                if (!fitsWithLess) {
                    EXPECT_FALSE(m.fits) << plans[i].label() << " at " << h;
                }
                if (fitsWithLess && !m.fits && h > 0) ++rejectedByMore;
                fitsWithLess = m.fits;
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 1000);
    EXPECT_GT(rejectedByMore, 0); // the headrooms really separated some plans
}

TEST(MemoryHeadroom, SearchUnderMoreHeadroomChoosesAPlanThatFitsUnderLess) {
    auto s = test::makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 512, "NVLink4-NVSwitch",
                                "InfiniBand-NDR-400");
    s.constraints.frameworks = {Framework::Megatron, Framework::Fsdp};
    s.constraints.memoryHeadroomFraction = 0.15;
    const auto strict = sim::searchPlans(s);
    auto loose = s;
    loose.constraints.memoryHeadroomFraction = 0.0;
    const auto looseCtx = sim::makeContext(loose);
    for (const auto& f : strict.frameworks) {
        if (!f.best) continue;
        EXPECT_LE(f.best->memory.peakBytes, 0.85 * s.cluster.gpu.memoryBytes)
            << f.best->plan.label();
        EXPECT_TRUE(sim::evaluateMemory(looseCtx, f.best->plan).fits) << f.best->plan.label();
    }
}
