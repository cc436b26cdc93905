// The calibration's and the validation's sentences (calibration_text.h).

#include <trainplan/simulator/calibration_text.h>
#include <trainplan/simulator/text_catalogue.h>

#include <trainplan/simulator/metric_text.h>
#include <trainplan/simulator/number_format.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <span>

namespace trainplan::sim {

namespace {

// clang-format off
constexpr TextEntry<CalText> kEntries[] = {
    {CalText::SourceTip, 0,
     "Which runs to fit: the built-in published runs (all, or one source), or your own measured runs in the library (Measurements tab; all, or one scenario's). Calibrate on runs of one cluster: one set of values serves every run, so mixing GPU generations averages them.",
     "要拟合哪些运行：内置的公开训练数据（全部或某一来源），或库中您自己的实测运行（“实测数据”页；全部或某一场景的）。请用同一集群的运行校准：一组参数适用于所有运行，混合不同代 GPU 会把它们平均掉。"},
    {CalText::SourceAllPublished, 0,
     "All published runs",
     "全部公开训练数据"},
    {CalText::SourceLibraryAll, 1,
     "Library: all measured runs ({0})",
     "库：全部实测运行（{0}）"},
    {CalText::SourceLibraryScenario, 2,
     "Library: runs of “{0}” ({1})",
     "库：“{0}”的运行（{1}）"},
    {CalText::SourceCluster, 2,
     "Cluster: {0} ({1})",
     "集群：{0}（{1}）"},
    {CalText::FitParameterTip, 3,
     "Fit {0} (the scenario's efficiency key), bounded to [{1}, {2}].",
     "拟合 {0}（场景的 efficiency 键），范围限定在 [{1}, {2}]。"},
    {CalText::FitMemoryTip, 0,
     "Also fit peak-memory measurements (they inform the memory overhead only).",
     "同时拟合峰值显存测量（只影响显存开销参数）。"},
    {CalText::SaveProfileTip, 0,
     "Store the fitted values in the library as a named calibration profile (as `trainplan-cli calibrate … --profile NAME` does).",
     "将拟合值作为命名校准配置保存到库中（与 `trainplan-cli calibrate … --profile NAME` 相同）。"},
    {CalText::UseProfileTip, 0,
     "The calibration profile whose values fill the efficiency overrides the scenario does not set itself (the scenario's efficiency.profile); undo with Ctrl+Z.",
     "用其数值填充场景未自行设置的效率覆盖项的校准配置（场景的 efficiency.profile）；可用 Ctrl+Z 撤销。"},
    {CalText::FitChartTitle, 0,
     "Predicted vs measured: before and after the fit",
     "预测与实测：拟合前后"},
    {CalText::FitChartTip, 0,
     "Each measurement (x) against its prediction (y) with the default efficiency (hollow), the fitted parameters (filled) and the leave-one-out fit (small); the dashed line is y = x.",
     "每个测量值（x）与其预测值（y）：默认效率（空心）、拟合参数（实心）和留一法拟合（小点）；虚线为 y = x。"},
    {CalText::Computing, 0,
     "Computing…",
     "计算中…"},
    {CalText::Fitting, 0,
     "Fitting…",
     "拟合中…"},
    {CalText::NoLibraryToFit, 0,
     "No library is open: open one (library panel) to fit your measured runs.",
     "未打开库：请在库面板中打开一个，以拟合您的实测运行。"},
    {CalText::RunsUnreadable, 1,
     "The measured runs could not be read: {0}",
     "无法读取实测运行：{0}"},
    {CalText::FixBeforeFitting, 1,
     "Fix before fitting: {0}",
     "拟合前请先修正：{0}"},
    {CalText::NoRunsToFit, 0,
     "No runs to fit: add measured runs in the Measurements tab.",
     "没有可拟合的运行：请在“实测数据”页添加实测运行。"},
    {CalText::CalibrationFailed, 1,
     "The calibration failed: {0}",
     "校准失败：{0}"},
    {CalText::FitRefused, 1,
     "Fit refused: {0}",
     "拒绝拟合：{0}"},
    {CalText::RefusedUndetermined, 0,
     "no run depends on these parameters; leave them out or add runs that do",
     "没有任何运行依赖这些参数；请不拟合它们，或添加依赖它们的运行"},
    {CalText::RefusedUnderdetermined, 0,
     "fewer informative measurements than parameters; fit fewer parameters or add runs",
     "有效测量少于参数个数；请减少拟合参数或添加运行"},
    {CalText::RefusedIndistinguishable, 0,
     "the runs cannot tell these parameters apart; fit fewer parameters or add runs that stress them differently (other layouts, node counts or model sizes)",
     "这些运行无法区分这些参数；请减少拟合参数，或添加对它们影响不同的运行（其他并行布局、节点数或模型规模）"},
    {CalText::RefusedNothingToFit, 0,
     "nothing to fit: choose at least one parameter",
     "没有可拟合的内容：请至少选择一个参数"},
    {CalText::RefusedNoMeasurements, 0,
     "no run has a positive step time, throughput or peak memory",
     "没有任何运行具有为正的单步时间、吞吐或峰值显存"},
    {CalText::RefusedEmptyBounds, 0,
     "a parameter's bounds are empty",
     "某个参数的取值范围为空"},
    {CalText::RefusedRaisesError, 2,
     "the fit raises the mean |error| on its own runs from {0} to {1}, so it is not offered; fit the runs of one cluster (one GPU generation and software stack) at a time",
     "拟合使其自身运行的平均 |误差| 从 {0} 升至 {1}，因此不予采用；请每次只拟合一个集群（同一 GPU 代际与软件栈）的运行"},
    {CalText::MeanError, 4,
     "Mean |error| before {0}, after {1}, leave-one-out {2} ({3} {3|measurement|measurements}).",
     "平均 |误差|：拟合前 {0}，拟合后 {1}，留一法 {2}（{3} 个测量）。"},
    {CalText::MeanErrorNoLeaveOneOut, 3,
     "Mean |error| before {0}, after {1} ({2} {2|measurement|measurements}).",
     "平均 |误差|：拟合前 {0}，拟合后 {1}（{2} 个测量）。"},
    {CalText::MeanErrorBefore, 1,
     "Mean |error| before the fit: {0}.",
     "拟合前平均 |误差|：{0}。"},
    {CalText::MaxError, 3,
     "Max |error| before {0}, after {1}, leave-one-out {2}.",
     "最大 |误差|：拟合前 {0}，拟合后 {1}，留一法 {2}。"},
    {CalText::MaxErrorNoLeaveOneOut, 2,
     "Max |error| before {0}, after {1}.",
     "最大 |误差|：拟合前 {0}，拟合后 {1}。"},
    {CalText::ResidualSigma, 2,
     "Residual σ {0} with {1} {1|degree|degrees} of freedom.",
     "残差 σ {0}，自由度 {1}。"},
    {CalText::RunsNotUsed, 1,
     "Runs not used ({0}):",
     "未使用的运行（{0}）："},
    {CalText::NoMeasurements, 0,
     "No measurements",
     "没有测量数据"},
    {CalText::AxisMeasured, 0,
     "Measured (metric's unit)",
     "实测（指标自身单位）"},
    {CalText::AxisPredicted, 0,
     "Predicted",
     "预测"},
    {CalText::Diagonal, 0,
     "y = x",
     "y = x"},
    {CalText::ProfileNone, 0,
     "(none: default efficiency)",
     "（无：默认效率）"},
    {CalText::ProfilesUnreadable, 1,
     "The profiles could not be read: {0}",
     "无法读取校准配置：{0}"},
    {CalText::ProfileNotInLibrary, 1,
     "{0} (not in the library)",
     "{0}（不在库中）"},
    {CalText::NoLibraryProfilesWhy, 1,
     "No library is open: profiles cannot be saved or listed ({0}).",
     "未打开库：无法保存或列出校准配置（{0}）。"},
    {CalText::SeeLibraryPanel, 0,
     "see the library panel",
     "见库面板"},
    {CalText::NoLibraryProfiles, 0,
     "No library is open: profiles cannot be saved or listed.",
     "未打开库：无法保存或列出校准配置。"},
    {CalText::NoLibraryToSave, 0,
     "No library is open: open one to save calibration profiles.",
     "未打开库：请先打开一个库以保存校准配置。"},
    {CalText::NothingFitted, 0,
     "Nothing fitted yet.",
     "尚未拟合。"},
    {CalText::RefusedNothingToSave, 0,
     "The fit was refused; there are no fitted values to save.",
     "拟合被拒绝；没有可保存的拟合值。"},
    {CalText::ProfileNameMissing, 0,
     "Profile name: enter a name, e.g. “our H800 RoCE cluster, 2026-Q3”.",
     "配置名称：请输入名称，例如“我们的 H800 RoCE 集群，2026 年第三季度”。"},
    {CalText::ProfileSaved, 1,
     "Saved profile “{0}”.",
     "已保存配置“{0}”。"},
    {CalText::ProfileNamePlaceholder, 0,
     "e.g. our H800 RoCE cluster, 2026-Q3",
     "例如：我们的 H800 RoCE 集群，2026 年第三季度"},
    {CalText::ProfileNotesPlaceholder, 0,
     "Which runs, which cluster, what was fitted",
     "哪些运行、哪个集群、拟合了什么"},
    {CalText::ProfileNotes, 2,
     "Fitted {0} on {1}",
     "在 {1} 上拟合 {0}"},
    {CalText::UseInEditedScenario, 1,
     "Use it in the edited scenario ({0})",
     "在当前编辑的场景中使用（{0}）"},
    {CalText::UseNoProfile, 0,
     "Use no calibration profile",
     "不使用校准配置"},
    {CalText::UseProfile, 1,
     "Use calibration profile “{0}”",
     "使用校准配置“{0}”"},
    {CalText::ColParameter, 0,
     "Parameter",
     "参数"},
    {CalText::ColStart, 0,
     "Start",
     "初值"},
    {CalText::ColFitted, 0,
     "Fitted",
     "拟合值"},
    {CalText::ColSigma, 0,
     "± 1σ",
     "± 1σ"},
    {CalText::ColBounds, 0,
     "Bounds",
     "边界"},
    {CalText::ColInformedBy, 0,
     "Informed by",
     "依据测量数"},
    {CalText::StartTip, 0,
     "The value before the fit (the mean of the runs' resolved values).",
     "拟合前的值（各运行解析值的平均）。"},
    {CalText::SigmaTip, 0,
     "One standard deviation, from σ²·(JᵀJ)⁻¹ of the least-squares fit.",
     "一个标准差，由最小二乘拟合的 σ²·(JᵀJ)⁻¹ 得出。"},
    {CalText::InformedByTip, 0,
     "Measurements whose prediction depends on this parameter.",
     "预测值依赖此参数的测量数。"},
    {CalText::AtBound, 1,
     "{0} (at bound)",
     "{0}（在边界上）"},
    {CalText::AtBoundTip, 0,
     "The fit pushed this parameter to a bound; its uncertainty is not meaningful.",
     "拟合把此参数推到了边界；其不确定度没有意义。"},
    {CalText::MeasurementCount, 1,
     "{0} {0|measurement|measurements}",
     "{0} 个测量"},
    {CalText::ColRun, 0,
     "Run",
     "运行"},
    {CalText::ColMetric, 0,
     "Metric",
     "指标"},
    {CalText::ColMeasured, 0,
     "Measured",
     "实测"},
    {CalText::ColBefore, 0,
     "Before",
     "拟合前"},
    {CalText::ColAfter, 0,
     "After",
     "拟合后"},
    {CalText::ColLeaveOneOut, 0,
     "Leave-one-out",
     "留一法"},
    {CalText::BeforeTip, 0,
     "Predicted with the default efficiency, and its relative error.",
     "用默认效率得到的预测值及其相对误差。"},
    {CalText::AfterTip, 0,
     "Predicted with the fitted parameters.",
     "用拟合参数得到的预测值。"},
    {CalText::LeaveOneOutTip, 0,
     "Predicted by a fit that left this run out: whether the fit generalizes to runs it has not seen.",
     "由排除此运行的拟合得到的预测值：检验拟合能否推广到未见过的运行。"},
    {CalText::NotFittedTip, 0,
     "Not used in the fit: it depends on none of the fitted parameters.",
     "未用于拟合：它不依赖任何被拟合的参数。"},
    {CalText::NotFitted, 1,
     "{0} (not fitted)",
     "{0}（未拟合）"},
    {CalText::RunAtLine, 2,
     "{0} (line {1})",
     "{0}（第 {1} 行）"},
    {CalText::Parenthesized, 2,
     "{0} ({1})",
     "{0}（{1}）"},
    {CalText::RunOnGpus, 2,
     "{0} on {1} GPUs",
     "{0}，{1} 块 GPU"},
    {CalText::MetricTflops, 0,
     "TFLOP/s per GPU (eq. 3)",
     "每卡 TFLOP/s（式 3）"},
    {CalText::MetricPeakMemory, 0,
     "Peak memory",
     "峰值显存"},
    {CalText::LineTip, 2,
     "Line {0} of published_runs.csv: {1}.",
     "published_runs.csv 第 {0} 行：{1}。"},
    {CalText::ColLine, 0,
     "Line",
     "行"},
    {CalText::ColSource, 0,
     "Source",
     "来源"},
    {CalText::ColPlan, 0,
     "Plan",
     "方案"},
    {CalText::ColPredicted, 0,
     "Predicted",
     "预测"},
    {CalText::ColError, 0,
     "Error",
     "误差"},
    {CalText::ColRows, 0,
     "Rows",
     "行数"},
    {CalText::ColMeanError, 0,
     "Mean |error|",
     "平均 |误差|"},
    {CalText::ColMaxError, 0,
     "Max |error|",
     "最大 |误差|"},
    {CalText::LineColumnTip, 0,
     "The row's line in data/reference/published_runs.csv.",
     "该行在 data/reference/published_runs.csv 中的行号。"},
    {CalText::PlanColumnTip, 0,
     "The plan rebuilt from the publication; knobs it did not publish were searched.",
     "根据公开资料重建的方案；未公开的参数通过搜索确定。"},
    {CalText::MeasuredColumnTip, 0,
     "What the source measured, in its own convention.",
     "来源按其自身口径测得的数值。"},
    {CalText::PredictedColumnTip, 0,
     "What TrainPlan's simulator predicts for the same model, cluster and plan.",
     "TrainPlan 模拟器对相同模型、集群和方案的预测值。"},
    {CalText::ErrorColumnTip, 0,
     "(predicted − measured) / measured. Orange above 10%, red above 20%.",
     "（预测 − 实测）/ 实测。超过 10% 显示为橙色，超过 20% 显示为红色。"},
    {CalText::MeanErrorTip, 0,
     "Mean of |predicted − measured| / measured over the rows.",
     "各行 |预测 − 实测| / 实测 的平均值。"},
    {CalText::MaxErrorTip, 0,
     "Largest |predicted − measured| / measured among the rows.",
     "各行中 |预测 − 实测| / 实测 的最大值。"},
    {CalText::AllComparisons, 0,
     "All comparisons",
     "全部对比"},
    {CalText::ValidationFailed, 1,
     "The published runs could not be validated: {0}",
     "无法验证公开训练数据：{0}"},
    {CalText::ValidationSummary, 4,
     "{0} comparisons from {1} published runs in {2}; mean |error| {3}. The same numbers as trainplan-cli validate.",
     "来自 {2} 中 {1} 个公开运行的 {0} 项对比；平均 |误差| {3}。与 trainplan-cli validate 的数字相同。"},
    {CalText::LineReason, 2,
     "line {0}: {1}",
     "第 {0} 行：{1}"},
    {CalText::RowsNotReproducedHover, 1,
     "{0} {0|row|rows} not reproduced (hover for why).",
     "{0} 行未能复现（悬停查看原因）。"},
    {CalText::RowsNotReproduced, 1,
     "Rows not reproduced ({0}):",
     "未能复现的行（{0}）："},
    {CalText::FileProblems, 1,
     "Problems in the file: {0}",
     "文件中的问题：{0}"},
    {CalText::AccuracyChartTitle, 0,
     "Predicted vs measured",
     "预测与实测"},
    {CalText::AccuracyChartTip, 0,
     "Each published measurement (x) against the simulator's prediction (y), in the metric's own unit; on the diagonal the prediction is exact, above it the simulator over-predicts.",
     "每条公开实测值（x）与模拟器预测值（y）的对比，单位为该指标自身的单位；落在对角线上表示预测准确，在其上方表示模拟器高估。"},
    {CalText::NoRowsReproduced, 0,
     "No published rows could be reproduced",
     "没有可复现的公开数据行"},
    {CalText::MeasuredPredicted, 4,
     "{0}: measured {1}, predicted {2} ({3})",
     "{0}：实测 {1}，预测 {2}（{3}）"},
};
// clang-format on

static_assert(entriesInIdOrder(kEntries, static_cast<std::size_t>(kCalTextCount)),
              "one entry per CalText, in the enum's order");

} // namespace

std::string_view calibrationTemplate(CalText id, Lang lang) {
    return catalogueTemplate(kEntries, id, lang);
}

int calibrationArgCount(CalText id) {
    return catalogueEntry(kEntries, id).argCount;
}

std::string calibrationText(CalText id, Lang lang, std::initializer_list<MessageArg> args) {
    return catalogueText(kEntries, id, lang, args);
}

std::vector<std::string> calibrationSummaryLines(const CalibrationResult& r, Lang lang) {
    if (!r.ok())
        return {calibrationText(CalText::MeanErrorBefore, lang, {percentArg(r.before.meanAbs)})};
    const bool loo = r.leaveOneOut.count > 0;
    const MessageArg measurements = countArg(static_cast<double>(r.after.count));
    std::vector<std::string> lines;
    lines.push_back(
        loo ? calibrationText(CalText::MeanError, lang,
                              {percentArg(r.before.meanAbs), percentArg(r.after.meanAbs),
                               percentArg(r.leaveOneOut.meanAbs), measurements})
            : calibrationText(
                  CalText::MeanErrorNoLeaveOneOut, lang,
                  {percentArg(r.before.meanAbs), percentArg(r.after.meanAbs), measurements}));
    lines.push_back(
        loo ? calibrationText(CalText::MaxError, lang,
                              {percentArg(r.before.maxAbs), percentArg(r.after.maxAbs),
                               percentArg(r.leaveOneOut.maxAbs)})
            : calibrationText(CalText::MaxErrorNoLeaveOneOut, lang,
                              {percentArg(r.before.maxAbs), percentArg(r.after.maxAbs)}));
    if (std::isfinite(r.residualSigma))
        lines.push_back(calibrationText(
            CalText::ResidualSigma, lang,
            {percentArg(r.residualSigma), countArg(static_cast<double>(r.degreesOfFreedom))}));
    return lines;
}

std::string_view validationMetricName(ValidationMetric m, Lang lang) {
    switch (m) {
    case ValidationMetric::StepSeconds:
        return metricName(Metric::StepTime, lang);
    case ValidationMetric::NarayananTflopsPerGpu:
        return calibrationTemplate(CalText::MetricTflops, lang);
    case ValidationMetric::MfuPercent:
        return metricName(Metric::Mfu, lang);
    case ValidationMetric::TokensPerSecondPerGpu:
        return metricName(Metric::TokensPerSecondPerGpu, lang);
    case ValidationMetric::PeakMemoryGiB:
        break;
    }
    return calibrationTemplate(CalText::MetricPeakMemory, lang);
}

std::string formatValidationValue(ValidationMetric m, double value, Lang lang) {
    const auto fixed1 = [value](const char* unit) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.1f %s", value, unit);
        return std::string(buf);
    };
    switch (m) {
    case ValidationMetric::StepSeconds:
        return formatSeconds(value, lang);
    case ValidationMetric::NarayananTflopsPerGpu:
        return fixed1("TFLOP/s");
    case ValidationMetric::MfuPercent:
        return formatPercent(value / 100.0);
    case ValidationMetric::TokensPerSecondPerGpu:
        return formatTokensPerSecond(value, lang);
    case ValidationMetric::PeakMemoryGiB:
        break;
    }
    return fixed1("GiB");
}

std::string referenceRunLabel(std::string_view modelName, long long gpus, std::string_view fallback,
                              Lang lang) {
    if (modelName.empty() || gpus <= 0) return std::string(fallback);
    return calibrationText(CalText::RunOnGpus, lang,
                           {textArg(std::string(modelName)), countArg(static_cast<double>(gpus))});
}

} // namespace trainplan::sim
