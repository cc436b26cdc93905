#include "simulator_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/calibrate_json.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/validation.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

// Suite names are lower-case so `ctest -R calib` selects them.

using namespace trainplan;
using model::Framework;
using sim::CalibrationParameter;
using sim::ValidationMetric;

namespace {

using model::units::kGiB;

// The "true" cluster the synthetic measurements come from.
sim::Efficiency truth() {
    sim::Efficiency e = sim::defaultEfficiency();
    e.gemmEfficiency = 0.58;
    e.intraNodeBandwidthEfficiency = 0.66;
    e.interNodeBandwidthEfficiency = 0.55;
    e.memoryOverheadFraction = 0.12;
    return e;
}

model::Plan megatron(int dp, int tp, int pp = 1) {
    model::Plan p = test::makePlan(Framework::Megatron, dp, tp, pp, 1, 1);
    p.dpOverlap = false; // Megatron's gradient-reduce overlap is opt-in: the all-reduce is exposed
    p.sequenceParallel = tp > 1;
    p.recompute = model::Recompute::Selective;
    return p;
}

struct Setup {
    const char* model;
    int nodes;
    long long globalBatch;
    model::Plan plan;
};

// Runs that differ in how much of their step is compute, NVLink and network time.
std::vector<Setup> setups() {
    return {
        {"llama2-7b", 2, 256, megatron(8, 2)},
        {"llama2-7b", 4, 256, megatron(8, 4)},
        {"llama2-7b", 8, 512, megatron(64, 1)},
        {"llama2-13b", 4, 256, megatron(4, 8)},
        {"llama2-13b", 8, 512, megatron(8, 4, 2)},
        {"gpt-1.7b", 1, 64, test::makePlan(Framework::Ddp, 8)},
        {"gpt-1.7b", 4, 256, test::makePlan(Framework::Ddp, 32, 1, 1, 2)},
        {"llama2-13b", 2, 128, megatron(2, 8)},
    };
}

// Gaussian "measurement noise" with a 1% standard deviation, the same on every platform: a
// PCG-style LCG (Knuth's MMIX constants) through Box–Muller, seed 42.
std::vector<double> noise(std::size_t n) {
    unsigned long long state = 42;
    auto uniform = [&state]() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (static_cast<double>(state >> 11) + 0.5) / 9007199254740992.0;
    };
    std::vector<double> out(n);
    for (double& v : out) {
        const double r = std::sqrt(-2.0 * std::log(uniform()));
        v = 0.01 * r * std::cos(2.0 * std::numbers::pi * uniform());
    }
    return out;
}

std::vector<sim::CalibrationRun> syntheticRuns(double noiseScale, bool withMemory) {
    std::vector<sim::CalibrationRun> runs;
    const std::vector<double> eps = noise(2 * setups().size());
    std::size_t k = 0;
    for (const Setup& s : setups()) {
        sim::CalibrationRun run;
        run.scenario = test::makeScenario(s.model, "A100-SXM4-80GB", s.nodes, 8, s.globalBatch);
        // Two 100 Gb/s NICs per node: the network takes a visible share of the step.
        run.scenario.cluster.interNode = *test::catalog().findLink("RoCE-100GbE");
        run.scenario.cluster.interNodeRef = "RoCE-100GbE";
        run.scenario.cluster.nicsPerNode = 2;
        run.plan = s.plan;
        run.label = std::string(s.model) + " " + run.plan.label();
        EXPECT_TRUE(model::validatePlan(run.scenario, run.plan).empty()) << run.label;
        const double step = sim::predictMetric(run, truth(), ValidationMetric::StepSeconds);
        run.measured.emplace_back(ValidationMetric::StepSeconds,
                                  step * (1 + noiseScale * eps[k++]));
        if (withMemory) {
            const double mem = sim::predictMetric(run, truth(), ValidationMetric::PeakMemoryGiB);
            run.measured.emplace_back(ValidationMetric::PeakMemoryGiB,
                                      mem * (1 + noiseScale * eps[k++]));
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

const sim::FittedParameter& fitted(const sim::CalibrationResult& r, CalibrationParameter p) {
    const auto it = std::find_if(r.parameters.begin(), r.parameters.end(),
                                 [p](const sim::FittedParameter& f) { return f.parameter == p; });
    EXPECT_NE(it, r.parameters.end());
    return *it;
}

sim::CalibrationOptions fit(std::vector<CalibrationParameter> ps) {
    sim::CalibrationOptions o;
    o.parameters = std::move(ps);
    return o;
}

} // namespace

TEST(calibrate, RecoversExactParametersFromNoiseFreeRuns) {
    const auto runs = syntheticRuns(0.0, true);
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency,
                                             CalibrationParameter::IntraNodeBandwidthEfficiency,
                                             CalibrationParameter::InterNodeBandwidthEfficiency,
                                             CalibrationParameter::MemoryOverheadFraction}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    EXPECT_TRUE(r.converged);
    EXPECT_NEAR(fitted(r, CalibrationParameter::GemmEfficiency).value, 0.58, 1e-4);
    EXPECT_NEAR(fitted(r, CalibrationParameter::IntraNodeBandwidthEfficiency).value, 0.66, 1e-3);
    EXPECT_NEAR(fitted(r, CalibrationParameter::InterNodeBandwidthEfficiency).value, 0.55, 1e-3);
    EXPECT_NEAR(fitted(r, CalibrationParameter::MemoryOverheadFraction).value, 0.12, 1e-4);
    EXPECT_LT(r.after.maxAbs, 1e-5);
    EXPECT_GT(r.before.meanAbs, 0.02); // the defaults were off
    EXPECT_LT(r.leaveOneOut.maxAbs, 1e-4);
}

TEST(calibrate, RecoversParametersFromNoisyRunsWithinTheReportedUncertainty) {
    const auto runs = syntheticRuns(1.0, true);
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency,
                                             CalibrationParameter::InterNodeBandwidthEfficiency,
                                             CalibrationParameter::IntraNodeBandwidthEfficiency,
                                             CalibrationParameter::MemoryOverheadFraction}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    const sim::Efficiency t = truth();
    for (const sim::FittedParameter& p : r.parameters) {
        SCOPED_TRACE(std::string(sim::shortName(p.parameter)));
        EXPECT_FALSE(p.atBound);
        ASSERT_TRUE(std::isfinite(p.sigma));
        EXPECT_GT(p.sigma, 0.0);
        // The runs pin every parameter down. Fragmentation multiplies only the memory that churns
        // (activations and transient buffers, docs/model.md), a few GiB of each run's peak, so
        // ~1% noise on the peak leaves it known to ~15% where the others are known to a few %.
        const double relativeBound =
            p.parameter == CalibrationParameter::MemoryOverheadFraction ? 0.2 : 0.1;
        EXPECT_LT(p.sigma, relativeBound * p.value);
        EXPECT_LE(std::fabs(p.value - sim::get(t, p.parameter)), 3.0 * p.sigma);
    }
    EXPECT_EQ(r.degreesOfFreedom, 16 - 4);
    // ~1% noise: the fit leaves about that much.
    EXPECT_GT(r.residualSigma, 0.002);
    EXPECT_LT(r.residualSigma, 0.02);
    EXPECT_LT(r.after.meanAbs, r.before.meanAbs);
    EXPECT_LT(r.after.maxAbs, 0.03);
    // Leave-one-out predicts every measurement, a little worse than the in-sample fit.
    EXPECT_EQ(r.leaveOneOut.count, 16);
    EXPECT_GE(r.leaveOneOut.meanAbs, r.after.meanAbs * 0.999);
    EXPECT_LT(r.leaveOneOut.meanAbs, 0.03);
    for (const auto& x : r.residuals) {
        EXPECT_TRUE(x.fitted);
        EXPECT_TRUE(x.leaveOneOut.has_value()) << x.label;
    }
    EXPECT_EQ(r.correlation.rows(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(r.correlation(i, i), 1.0, 1e-9);
}

TEST(calibrate, FitsTokensPerSecondOnRelativeResiduals) {
    auto runs = syntheticRuns(0.0, false);
    for (auto& run : runs) {
        const double tps =
            sim::predictMetric(run, truth(), ValidationMetric::TokensPerSecondPerGpu);
        run.measured = {{ValidationMetric::TokensPerSecondPerGpu, tps}};
    }
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency,
                                             CalibrationParameter::InterNodeBandwidthEfficiency}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    // Intra-node bandwidth stays at its default (0.78, not the truth's 0.66), so gemm and inter_bw
    // absorb it: close to, not exactly, the truth.
    EXPECT_NEAR(fitted(r, CalibrationParameter::GemmEfficiency).value, 0.58, 0.03);
    EXPECT_LT(r.after.meanAbs, r.before.meanAbs);
}

TEST(calibrate, UsesOneSpeedMeasurementPerRun) {
    auto runs = syntheticRuns(0.0, false);
    for (auto& run : runs)
        run.measured.emplace_back(ValidationMetric::MfuPercent,
                                  sim::predictMetric(run, truth(), ValidationMetric::MfuPercent));
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    EXPECT_EQ(r.residuals.size(), runs.size());
    for (const auto& x : r.residuals)
        EXPECT_EQ(x.metric, ValidationMetric::StepSeconds);
    // One note says so, with the count of the MFU measurements left out, in either language.
    const auto note = std::find_if(r.warnings.begin(), r.warnings.end(), [](const sim::Message& m) {
        return m.id == sim::MessageId::CalRedundantSpeed;
    });
    ASSERT_NE(note, r.warnings.end());
    EXPECT_EQ(note->args.at(0).value, static_cast<double>(runs.size()));
    EXPECT_EQ(
        sim::render(*note, sim::Lang::En)
            .rfind(std::to_string(runs.size()) + " redundant speed measurement(s) not fitted", 0),
        0u);
    EXPECT_EQ(sim::render(*note, sim::Lang::ZhCN)
                  .rfind(std::to_string(runs.size()) + " 个冗余的速度测量未参与拟合", 0),
              0u);
}

TEST(calibrate, RefusesAParameterNoRunDependsOn) {
    // Single-node runs only: nothing crosses the network.
    std::vector<sim::CalibrationRun> runs;
    for (const char* m : {"gpt-1.7b", "llama2-7b"}) {
        sim::CalibrationRun run;
        run.scenario = test::makeScenario(m, "A100-SXM4-80GB", 1, 8, 64);
        run.plan = megatron(4, 2);
        run.label = m;
        run.measured = {{ValidationMetric::StepSeconds, 1.0}};
        runs.push_back(run);
    }
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency,
                                             CalibrationParameter::InterNodeBandwidthEfficiency}));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.refusal.find("inter_bw"), std::string::npos) << r.refusal;
    EXPECT_NE(r.refusal.find("between nodes"), std::string::npos) << r.refusal;
    ASSERT_EQ(r.indistinguishable.size(), 1u);
    EXPECT_EQ(r.indistinguishable[0], CalibrationParameter::InterNodeBandwidthEfficiency);
    // The before column is still filled in.
    ASSERT_EQ(r.residuals.size(), 2u);
    EXPECT_GT(r.residuals[0].before, 0.0);
}

TEST(calibrate, RefusesMemoryOverheadWithoutMemoryMeasurements) {
    const auto r = sim::calibrate(syntheticRuns(0.0, false),
                                  fit({CalibrationParameter::MemoryOverheadFraction}));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.refusal.find("no run measured peak memory"), std::string::npos) << r.refusal;
}

TEST(calibrate, RefusesFewerMeasurementsThanParameters) {
    auto runs = syntheticRuns(0.0, false);
    runs.resize(2);
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency,
                                             CalibrationParameter::IntraNodeBandwidthEfficiency,
                                             CalibrationParameter::InterNodeBandwidthEfficiency}));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.refusal.find("underdetermined"), std::string::npos) << r.refusal;
    EXPECT_NE(r.refusal.find("3 parameters"), std::string::npos) << r.refusal;
    EXPECT_NE(r.refusal.find("2 informative"), std::string::npos) << r.refusal;
}

TEST(calibrate, RefusesParametersTheRunsCannotTellApart) {
    // The same configuration measured three times: compute and network time scale together in every
    // row, so only one combination of gemm and inter_bw is determined.
    auto one = syntheticRuns(0.0, false).front();
    std::vector<sim::CalibrationRun> runs{one, one, one};
    runs[1].measured[0].second *= 1.01;
    runs[2].measured[0].second *= 0.99;
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency,
                                             CalibrationParameter::InterNodeBandwidthEfficiency}));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.refusal.find("cannot tell gemm and inter_bw apart"), std::string::npos)
        << r.refusal;
    EXPECT_EQ(r.indistinguishable.size(), 2u);
    // One parameter is determined by the same runs.
    EXPECT_TRUE(sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency})).ok());
}

TEST(calibrate, RefusesWhenNothingIsToBeFitted) {
    EXPECT_FALSE(sim::calibrate(syntheticRuns(0.0, false), {}).ok());
    EXPECT_FALSE(sim::calibrate({}, fit({CalibrationParameter::GemmEfficiency})).ok());
}

TEST(calibrate, ExactlyDeterminedFitHasNoUncertainty) {
    auto runs = syntheticRuns(0.0, false);
    runs.resize(1);
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    EXPECT_EQ(r.degreesOfFreedom, 0);
    EXPECT_TRUE(std::isnan(r.parameters[0].sigma));
    EXPECT_EQ(r.leaveOneOut.count, 0);
}

TEST(calibrate, ParametersStayWithinTheirBounds) {
    auto runs = syntheticRuns(0.0, false);
    for (auto& run : runs)
        run.measured[0].second *= 0.3; // faster than any plausible efficiency allows
    sim::CalibrationOptions o = fit({CalibrationParameter::GemmEfficiency});
    const auto r = sim::calibrate(runs, o);
    ASSERT_TRUE(r.ok()) << r.refusal;
    EXPECT_LE(r.parameters[0].value, 1.0);
    EXPECT_TRUE(r.parameters[0].atBound);
    EXPECT_TRUE(std::isnan(r.parameters[0].sigma));
}

TEST(calibrate, KorthikantiRowsImproveOnTheDefaults) {
    const model::Catalog& catalog = test::catalog();
    const auto load =
        model::loadPublishedRuns(TRAINPLAN_TEST_DATA_DIR "/reference/published_runs.csv");
    std::vector<sim::CalibrationRun> runs;
    for (const auto& row : load.runs) {
        if (row.sourceText.find("Korthikanti") == std::string::npos) continue;
        if (auto run = sim::calibrationRun(sim::referenceCase(row, catalog))) runs.push_back(*run);
    }
    ASSERT_GE(runs.size(), 8u);
    const auto r = sim::calibrate(runs, fit({CalibrationParameter::GemmEfficiency}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    EXPECT_LE(r.after.meanAbs, r.before.meanAbs + 1e-12);
    EXPECT_GT(r.parameters[0].value, 0.4);
    EXPECT_LT(r.parameters[0].value, 1.0);
    EXPECT_GT(r.parameters[0].sigma, 0.0);
    // The before column matches `validate` for the same rows.
    const auto report = sim::validatePublishedRuns(load.runs, catalog);
    for (const auto& x : r.residuals) {
        const auto it =
            std::find_if(report.rows.begin(), report.rows.end(), [&](const sim::ValidationRow& v) {
                return x.label.find("(line " + std::to_string(v.line) + ")") != std::string::npos &&
                       v.metric == x.metric;
            });
        ASSERT_NE(it, report.rows.end()) << x.label;
        EXPECT_NEAR(x.before, it->predicted, 1e-9 * it->predicted) << x.label;
    }
}

TEST(calibrate, ProfileRoundTripsThroughTheScenarioOverrides) {
    const auto r = sim::calibrate(
        syntheticRuns(1.0, true),
        fit({CalibrationParameter::GemmEfficiency, CalibrationParameter::MemoryOverheadFraction}));
    ASSERT_TRUE(r.ok()) << r.refusal;
    const nlohmann::json params = sim::profileParameters(r);
    EXPECT_EQ(params["schema"], sim::kCalibrationProfileSchema);
    EXPECT_DOUBLE_EQ(params["gemm_efficiency"].get<double>(), r.parameters[0].value);
    EXPECT_TRUE(params["uncertainty"]["gemm_efficiency"].is_number());
    EXPECT_EQ(params["fit"]["runs"], 8);

    model::EfficiencySpec spec;
    spec.memoryOverheadFraction = 0.2; // the scenario's own value wins over the profile
    EXPECT_TRUE(sim::applyCalibrationProfile(spec, "lab", params).empty());
    EXPECT_EQ(spec.profile, "lab");
    EXPECT_DOUBLE_EQ(*spec.gemmEfficiency, r.parameters[0].value);
    EXPECT_DOUBLE_EQ(*spec.memoryOverheadFraction, 0.2);
    EXPECT_FALSE(spec.interNodeBandwidthEfficiency.has_value());
    EXPECT_EQ(sim::resolveEfficiency(spec).profile, "lab");

    model::EfficiencySpec bad;
    const auto issues = sim::applyCalibrationProfile(bad, "lab", {{"gemm_efficiency", 7.0}});
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].path, "efficiency.profile");
    EXPECT_FALSE(bad.gemmEfficiency.has_value());
}

TEST(calibrate, JsonDocumentsRefusalsAndFits) {
    const auto ok = sim::toJson(
        sim::calibrate(syntheticRuns(1.0, false), fit({CalibrationParameter::GemmEfficiency})));
    EXPECT_EQ(ok["schema"], sim::kCalibrationSchema);
    EXPECT_TRUE(ok["ok"].get<bool>());
    EXPECT_EQ(ok["parameters"][0]["key"], "gemm_efficiency");
    EXPECT_TRUE(ok["parameters"][0]["sigma"].is_number());
    EXPECT_TRUE(ok["summary"]["leave_one_out"]["mean_abs_error"].is_number());
    const auto refused = sim::toJson(sim::calibrate(
        syntheticRuns(0.0, false), fit({CalibrationParameter::MemoryOverheadFraction})));
    EXPECT_FALSE(refused["ok"].get<bool>());
    EXPECT_TRUE(refused["refusal"].is_string());
    EXPECT_EQ(refused["indistinguishable"][0], "mem_overhead");
}

TEST(calibrate, ParameterNamesParse) {
    for (CalibrationParameter p : sim::kAllCalibrationParameters) {
        EXPECT_EQ(sim::calibrationParameterFromString(sim::shortName(p)), p);
        EXPECT_EQ(sim::calibrationParameterFromString(sim::efficiencyKey(p)), p);
    }
    EXPECT_FALSE(sim::calibrationParameterFromString("gemmm").has_value());
}

// Regression (issue 18): `calibrate --from-store` on the public runs raised the mean |error| from
// 12.0% to 16.6% and still offered the fit. Three runs measured exactly as predicted and one
// twice as slow: the least-squares compromise moves the three good runs by ~8% and the outlier
// only from −50% to −46%, so the mean |error| rises (12.5% → ~17%) and the fit must be refused.
TEST(calibrate, RefusesAFitThatRaisesTheErrorOnItsOwnRuns) {
    std::vector<sim::CalibrationRun> runs;
    const auto all = setups();
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& s = all[i];
        sim::CalibrationRun run;
        run.scenario = test::makeScenario(s.model, "A100-SXM4-80GB", s.nodes, 8, s.globalBatch);
        run.plan = s.plan;
        run.label = std::string(s.model) + " " + run.plan.label();
        const double step = sim::predictMetric(run, sim::runEfficiency(run.scenario),
                                               ValidationMetric::StepSeconds);
        run.measured.emplace_back(ValidationMetric::StepSeconds, i == 3 ? 2.0 * step : step);
        runs.push_back(std::move(run));
    }
    sim::CalibrationOptions o = fit({CalibrationParameter::GemmEfficiency});
    o.leaveOneOut = false;
    const auto r = sim::calibrate(runs, o);
    EXPECT_NEAR(r.before.meanAbs, 0.125, 1e-9);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.refusal.find("raises the mean |error|"), std::string::npos) << r.refusal;
    EXPECT_NE(r.refusal.find("12.5%"), std::string::npos) << r.refusal;
}

// A fit of consistent runs (one generation, one stack) is offered and lowers the error.
TEST(calibrate, AFitOfOneClustersRunsIsOfferedAndLowersTheError) {
    for (double noiseScale : {0.0, 1.0, 5.0}) {
        const auto r = sim::calibrate(syntheticRuns(noiseScale, false),
                                      fit({CalibrationParameter::GemmEfficiency}));
        ASSERT_TRUE(r.ok()) << noiseScale << ": " << r.refusal;
        EXPECT_LT(r.after.meanAbs, r.before.meanAbs) << noiseScale;
    }
}
