// The measured runs' sentences (run_check_text.h).

#include <trainplan/services/run_check_text.h>
#include <trainplan/simulator/text_catalogue.h>

#include <iterator>
#include <span>

namespace trainplan::services {

namespace {

// clang-format off
constexpr sim::TextEntry<RunText> kEntries[] = {
    {RunText::ColId, 0,
     "Id",
     "编号"},
    {RunText::ColScenario, 0,
     "Scenario",
     "场景"},
    {RunText::ColStepTime, 0,
     "Step time",
     "单步时间"},
    {RunText::ColTokens, 0,
     "Tokens/s per GPU",
     "每卡 token/秒"},
    {RunText::ColPeakMemory, 0,
     "Peak memory",
     "峰值显存"},
    {RunText::ColPredictedStep, 0,
     "Predicted step",
     "预测单步时间"},
    {RunText::ColPredictedTokens, 0,
     "Predicted tokens/s",
     "预测 token/秒"},
    {RunText::ColPredictedMemory, 0,
     "Predicted memory",
     "预测显存"},
    {RunText::ColCheck, 0,
     "Check",
     "检查"},
    {RunText::ColMeasuredOn, 0,
     "Measured on",
     "测量日期"},
    {RunText::ColNotes, 0,
     "Notes",
     "备注"},
    {RunText::ColInterval, 0,
     "80% interval",
     "80% 区间"},
    {RunText::ColEvidence, 0,
     "Evidence",
     "依据"},
    {RunText::StepTip, 0,
     "Measured seconds per optimizer step.",
     "实测每个优化器步的秒数。"},
    {RunText::TokensTip, 0,
     "Measured training tokens per second per GPU.",
     "实测每卡每秒训练 token 数。"},
    {RunText::MemoryTip, 0,
     "Measured peak memory per GPU.",
     "实测每卡峰值显存。"},
    {RunText::PredictedTip, 0,
     "What TrainPlan predicts for the run's scenario and plan (with the calibration profile the scenario names), and its error against the measurement: (predicted − measured) / measured.",
     "TrainPlan 对该运行的场景与方案（应用场景指定的校准配置）的预测值，及其相对实测值的误差：(预测 − 实测) / 实测。"},
    {RunText::CheckTip, 0,
     "Whether the measurement lies within the prediction's 80% error bar. A run far outside it is flagged with the parts of the prediction the gap most likely comes from.",
     "实测值是否落在预测的 80% 误差范围内。远超范围的运行会被标记，并给出差距最可能来自的预测部分。"},
    {RunText::NotLinkedTip, 0,
     "Not linked to a stored scenario (an imported published row keeps its model name).",
     "未关联到已存储的场景（导入的公开数据行保留其模型名称）。"},
    {RunText::Validated, 0,
     "validated",
     "已验证"},
    {RunText::PartlyValidated, 0,
     "partly validated",
     "部分验证"},
    {RunText::Extrapolated, 0,
     "extrapolated",
     "外推"},
    {RunText::Parenthesized, 2,
     "{0} ({1})",
     "{0}（{1}）"},
    {RunText::PredictedCellTip, 8,
     "Predicted {0} for this run's scenario and plan; measured {1}, error {2}.\n80% interval {3} – {4} ({5}: {6}, {7} reference {7|run|runs}).",
     "该运行的场景与方案预测为 {0}；实测 {1}，误差 {2}。\n80% 区间 {3} – {4}（{5}：{6}，{7} 条参考记录）。"},
    {RunText::NotPredictedWhy, 1,
     "Not predicted: {0}",
     "未预测：{0}"},
    {RunText::NotPredicted, 0,
     "not predicted",
     "未预测"},
    {RunText::MfuOnlyTip, 0,
     "Only MFU or TFLOP/s was measured; each framework counts FLOPs its own way, so the run is checked by its step time, tokens/s or memory only.",
     "只测得 MFU 或 TFLOP/s；各框架计算 FLOPs 的口径不同，因此只用单步时间、token/秒或显存来检查该运行。"},
    {RunText::NotCheckedMfuOnly, 0,
     "not checked (MFU only)",
     "未检查（仅有 MFU）"},
    {RunText::Within, 0,
     "within the error bar",
     "在误差范围内"},
    {RunText::Outside, 0,
     "outside the error bar",
     "超出误差范围"},
    {RunText::FarOutside, 0,
     "far outside the error bar",
     "远超误差范围"},
    {RunText::ClusterTip, 1,
     "Cluster: {0}",
     "集群：{0}"},
    {RunText::CauseOfPeakMemory, 2,
     "{0} ({1} of the predicted peak memory)",
     "{0}（占预测峰值显存的 {1}）"},
    {RunText::CauseOfStep, 2,
     "{0} ({1} of the predicted step)",
     "{0}（占预测单步时间的 {1}）"},
    {RunText::FlaggedNoCause, 1,
     "Run {0} is far outside its error bar, and no estimated part of the prediction is over 5%: check the plan and the measurement.",
     "运行 {0} 远超误差范围，且预测中没有超过 5% 的估算部分：请检查方案与测量值。"},
    {RunText::FlaggedCauses, 2,
     "Run {0} is far outside its error bar. The largest estimated parts of its prediction, where the gap most likely comes from: {1}.",
     "运行 {0} 远超误差范围。预测中占比最大的估算部分，即差距最可能的来源：{1}。"},
    {RunText::AddTip, 0,
     "Enter a run you measured: the scenario, the plan and the step time or tokens/s.",
     "录入您实测的运行：场景、方案以及单步时间或 token/秒。"},
    {RunText::ImportTip, 0,
     "Import a CSV with the columns of data/reference/published_runs.csv. Drop a training log (Megatron-LM, NeMo, torchtitan, DeepSpeed, Hugging Face Trainer) on this tab to store the run it measured.",
     "导入列与 data/reference/published_runs.csv 相同的 CSV。把训练日志（Megatron-LM、NeMo、torchtitan、DeepSpeed、Hugging Face Trainer）拖到本页，即可保存它测得的运行。"},
    {RunText::DeleteTip, 0,
     "Delete the selected runs from the library.",
     "从库中删除所选运行。"},
    {RunText::FitClusterTip, 0,
     "Calibrate the efficiency on every run of the selected run's cluster (same GPU, node and network), with the error before, after and leave-one-out, in the Calibration tab; save it as a profile and use it in the scenario.",
     "在“校准”页用所选运行所在集群（相同 GPU、节点与网络）的全部运行拟合效率参数，给出拟合前、拟合后与留一法误差；可保存为配置并在场景中使用。"},
    {RunText::Predicting, 0,
     "Predicting each run…",
     "正在预测每个运行…"},
    {RunText::PredictionFailed, 1,
     "The runs could not be predicted: {0}",
     "无法预测这些运行：{0}"},
    {RunText::CheckSummary, 4,
     "{0} {0|run|runs} predicted on {1} {1|cluster|clusters}: {2} outside the error bar, {3} far outside (flagged, with likely causes in the Check column's tooltip).",
     "已预测 {0} 个运行，涉及 {1} 个集群：{2} 个超出误差范围，{3} 个远超范围（已标记，可能原因见“检查”列的提示）。"},
    {RunText::NotPredictedCount, 1,
     "{0} {0|run|runs} could not be predicted (see the Check column).",
     "{0} 个运行无法预测（见“检查”列）。"},
    {RunText::NoLibrary, 0,
     "No library is open.",
     "未打开库。"},
    {RunText::NoLibraryRuns, 0,
     "No library is open: measured runs are stored in the library database.",
     "未打开库：实测运行保存在库数据库中。"},
    {RunText::NoLibraryRunsWhy, 1,
     "No library is open ({0}): measured runs are stored in the library database.",
     "未打开库（{0}）：实测运行保存在库数据库中。"},
    {RunText::RunsUnreadable, 1,
     "The runs could not be read: {0}",
     "无法读取运行：{0}"},
    {RunText::Imported, 2,
     "Imported {0} {0|run|runs} from {1}",
     "已从 {1} 导入 {0} 个运行"},
    {RunText::AlreadyStored, 1,
     "{0} already stored",
     "{0} 个已存在"},
    {RunText::ImportProblems, 1,
     "{0} {0|problem|problems}:",
     "{0} 个问题："},
    {RunText::Added, 2,
     "Added run {0} of “{1}”.",
     "已添加“{1}”的运行 {0}。"},
    {RunText::AddedFromLogs, 5,
     "Added run {0} of “{1}” from {2} {2|log|logs}: {3} iterations in {4} steady-state reports.",
     "从 {2} 个日志添加了“{1}”的运行 {0}：{4} 条稳态记录中共 {3} 次迭代。"},
    {RunText::NothingSaved, 0,
     "Nothing was saved:",
     "未保存任何内容："},
    {RunText::Deleted, 1,
     "Deleted {0} {0|run|runs}.",
     "已删除 {0} 个运行。"},
    {RunText::CompareSelection, 1,
     "Compare tab's selection: {0}",
     "比较页的所选项：{0}"},
    {RunText::NeedScenario, 0,
     "Scenario: save a scenario in the library first.",
     "场景：请先在库中保存一个场景。"},
    {RunText::NeedPlan, 0,
     "Plan: the scenario has no plan; pin one or select one in the Compare tab.",
     "方案：该场景没有方案；请固定一个方案或在比较页中选择一个。"},
    {RunText::BadStep, 0,
     "Step time: enter a positive number of seconds.",
     "单步时间：请输入正的秒数。"},
    {RunText::BadTokens, 0,
     "Tokens/s per GPU: enter a positive number.",
     "每卡 token/秒：请输入正数。"},
    {RunText::BadMemory, 0,
     "Peak memory: enter a positive number of GiB.",
     "峰值显存：请输入正的 GiB 数。"},
    {RunText::NeedMeasurement, 0,
     "Step time or tokens/s per GPU: enter at least one measurement.",
     "单步时间或每卡 token/秒：请至少输入一项测量值。"},
    {RunText::SaveScenarioFirst, 0,
     "Save the job's scenario in the library first: a measured run belongs to a scenario and its plan.",
     "请先把该作业的场景保存到库中：实测运行隶属于某个场景及其方案。"},
    {RunText::ClusterHeading, 2,
     "Cluster: {0} ({1} {1|run|runs}; fit it with: trainplan-cli calibrate --from-store --cluster '{0}')",
     "集群：{0}（{1} 个运行；拟合命令：trainplan-cli calibrate --from-store --cluster '{0}'）"},
    {RunText::NoRunsToCheck, 0,
     "No runs to check",
     "没有可检查的运行"},
};
// clang-format on

static_assert(sim::entriesInIdOrder(kEntries, static_cast<std::size_t>(kRunTextCount)),
              "one entry per RunText, in the enum's order");

} // namespace

std::string_view runTemplate(RunText id, sim::Lang lang) {
    return sim::catalogueTemplate(kEntries, id, lang);
}

int runArgCount(RunText id) {
    return sim::catalogueEntry(kEntries, id).argCount;
}

std::string runText(RunText id, sim::Lang lang, std::initializer_list<sim::MessageArg> args) {
    return sim::catalogueText(kEntries, id, lang, args);
}

std::string flaggedRunText(const RunCheck& r, sim::Lang lang) {
    const sim::MessageArg run = sim::countArg(static_cast<double>(r.runId));
    if (r.causes.empty()) return runText(RunText::FlaggedNoCause, lang, {run});
    std::string causes;
    for (const CauseShare& c : r.causes) {
        if (!causes.empty()) causes += lang == sim::Lang::ZhCN ? "；" : "; ";
        causes += runText(
            isMemoryCause(c.cause) ? RunText::CauseOfPeakMemory : RunText::CauseOfStep, lang,
            {sim::textArg(std::string(likelyCauseName(c.cause, lang))), sim::percentArg(c.share)});
    }
    return runText(RunText::FlaggedCauses, lang, {run, sim::textArg(causes)});
}

std::string_view evidenceName(sim::EvidenceLevel level, sim::Lang lang) {
    switch (level) {
    case sim::EvidenceLevel::Validated:
        return runTemplate(RunText::Validated, lang);
    case sim::EvidenceLevel::PartlyValidated:
        return runTemplate(RunText::PartlyValidated, lang);
    case sim::EvidenceLevel::Extrapolated:
        break;
    }
    return runTemplate(RunText::Extrapolated, lang);
}

} // namespace trainplan::services
