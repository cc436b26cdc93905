// Reading a set of files into one scenario: what each file is and which importer reads it, then
// the scenario assembled from their merged fields (merging in import_merge.cpp, catalog entries
// and the cluster in import_catalog.cpp) with batch sizes, dp and the token budget checked.
#include <trainplan/model/ascii_text.h>
#include <trainplan/model/io/import_files.h>

#include <trainplan/model/io/import_hints.h>

#include <trainplan/model/io/deepspeed_config.h>
#include <trainplan/model/io/hf_config.h>
#include <trainplan/model/io/launcher.h>
#include <trainplan/model/io/megatron_args.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/utf8.h>

#include "import_catalog.h"
#include "import_merge.h"
#include "json_keys.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

namespace trainplan::model::io {

namespace {

using detail::assembleCluster;
using detail::Assembly;
using detail::catalogModelForHubName;
using detail::fromScenario;
using detail::mergeInto;

} // namespace

FileKind detectFileKind(std::string_view name, std::string_view text) {
    const std::string n = asciiLower(std::string(name));
    if (detail::looksLikeJson(text)) {
        detail::ParsedJson parsed = detail::parseJson(text);
        if (!parsed.error && parsed.value.is_object()) {
            const auto& j = parsed.value;
            if (j.contains("schema") && j["schema"].is_string() &&
                j["schema"].get<std::string>().rfind("trainplan.scenario", 0) == 0)
                return FileKind::Scenario;
            for (const char* k :
                 {"model_type", "architectures", "hidden_size", "n_embd", "num_hidden_layers"})
                if (j.contains(k)) return FileKind::HfConfig;
            for (const char* k : {"train_batch_size", "train_micro_batch_size_per_gpu",
                                  "gradient_accumulation_steps", "zero_optimization", "fp16",
                                  "bf16", "optimizer", "activation_checkpointing"})
                if (j.contains(k)) return FileKind::DeepSpeedConfig;
        }
        if (n.find("ds_config") != std::string::npos || n.find("deepspeed") != std::string::npos)
            return FileKind::DeepSpeedConfig;
        if (n.find("config.json") != std::string::npos) return FileKind::HfConfig;
        if (n.find("scenario") != std::string::npos) return FileKind::Scenario;
        return FileKind::Unknown;
    }
    if (detail::looksBinary(text)) return FileKind::Unknown;
    if (looksLikeMegatron(text)) return FileKind::MegatronArgs;
    if (looksLikeLauncher(text)) return FileKind::Launcher;
    return FileKind::Unknown;
}

std::vector<ImportedFields> importText(std::string_view name, std::string_view text) {
    std::vector<ImportedFields> out;
    const FileKind kind = detectFileKind(name, text);
    switch (kind) {
    case FileKind::HfConfig:
        out.push_back(importHfConfig(text, name));
        break;
    case FileKind::DeepSpeedConfig:
        out.push_back(importDeepSpeedConfig(text, name));
        break;
    case FileKind::MegatronArgs:
        out.push_back(importMegatronArgs(text, name));
        if (looksLikeLauncher(text)) {
            ImportedFields l = importLauncher(text, name);
            // The Megatron fragment owns the script's problems; keep the launcher's own findings
            // only.
            ImportIssues kept;
            for (auto& i : l.issues)
                if (!isShellSyntaxIssue(i)) kept.push_back(std::move(i));
            l.issues = std::move(kept);
            out.push_back(std::move(l));
        }
        break;
    case FileKind::Launcher:
        out.push_back(importLauncher(text, name));
        break;
    case FileKind::Scenario:
    case FileKind::Unknown: {
        ImportedFields f;
        f.file = std::string(name);
        f.kind = kind;
        if (kind == FileKind::Unknown)
            f.error("", detail::looksBinary(text) ? ImportTextId::BinaryNotConfig
                                                  : ImportTextId::NotRecognised);
        out.push_back(std::move(f));
        break;
    }
    }
    return out;
}

ImportResult importTexts(const std::vector<ImportInput>& inputs, const Catalog& catalog,
                         const ImportOptions& options) {
    ImportResult result;
    ImportIssues& issues = result.issues;
    Assembly a{catalog, options, issues, nullptr, {}};
    std::optional<Scenario> baseScenario;
    ImportedFields merged;
    std::string modelFile; // the file the model came from, for the parameter check
    std::optional<std::pair<std::string, std::string>> tokenizerHint; // file, hub model
    bool unusableFile = false; // an input failed as a whole (see below)
    if (inputs.empty()) {
        issues.emplace_back(Severity::Error, "", "", ImportTextId::NoFilesToImport);
        return result;
    }
    if (!options.model.empty()) {
        if (const TransformerSpec* m = catalog.findModel(options.model)) {
            Scenario tmp;
            tmp.model = *m;
            ImportedFields f = fromScenario(tmp, "--model " + m->name);
            f.training = {};
            f.cluster = {};
            mergeInto(merged, f, issues);
        } else {
            issues.push_back(ImportIssue::fromValidation(
                Severity::Error, "", catalog.unknownModelIssue("--model", options.model)));
        }
    }
    for (const auto& in : inputs) {
        const FileKind kind = detectFileKind(in.name, in.text);
        result.files.emplace_back(in.name, kind);
        if (kind == FileKind::Scenario) {
            ScenarioLoad load = parseScenario(std::string_view(in.text), catalog);
            for (const auto& i : load.issues)
                issues.push_back(ImportIssue::fromValidation(Severity::Error, in.name, i));
            if (!load.scenario || !load.issues.empty()) {
                unusableFile = true;
                continue;
            }
            if (baseScenario) {
                issues.emplace_back(Severity::Error, in.name, "", ImportTextId::SecondScenario);
                continue;
            }
            baseScenario = std::move(load.scenario);
            a.baseFile = in.name;
            mergeInto(merged, fromScenario(*baseScenario, in.name), issues);
            if (modelFile.empty()) modelFile = in.name;
            continue;
        }
        // Text from a script ends up in the scenario and in JSON output, which must be UTF-8.
        if (!detail::looksBinary(in.text)) {
            if (auto bad = invalidUtf8Issue("", in.text)) {
                issues.push_back(ImportIssue::fromValidation(
                    Severity::Error, in.name, std::move(*bad), ImportTextId::SaveAsUtf8));
                unusableFile = true;
                continue;
            }
        }
        for (ImportedFields& f : importText(in.name, in.text)) {
            for (const auto& i : f.issues)
                if (i.severity == Severity::Error && i.key.empty()) unusableFile = true;
            issues.insert(issues.end(), f.issues.begin(), f.issues.end());
            if (f.kind == FileKind::HfConfig && modelFile.empty()) modelFile = in.name;
            if (f.model.tokenizerModel.has() && !tokenizerHint)
                tokenizerHint = std::make_pair(in.name, *f.model.tokenizerModel);
            mergeInto(merged, f, issues);
        }
    }
    // A Megatron job that loads its tokenizer from a hub model, with no config.json, scenario or
    // --model: the catalog model of that name gives what the flags do not (the vocabulary).
    if (tokenizerHint && options.model.empty() && !baseScenario && modelFile.empty()) {
        if (const TransformerSpec* m = catalogModelForHubName(catalog, tokenizerHint->second)) {
            Scenario tmp;
            tmp.model = *m;
            ImportedFields f = fromScenario(tmp, "catalog model " + m->name);
            f.training = {};
            f.cluster = {};
            a.note("--tokenizer-model", ImportTextId::TokenizerIsCatalogModel,
                   {tokenizerHint->second, m->name});
            mergeInto(merged, f, issues);
        } else {
            a.note("--tokenizer-model", ImportTextId::NoCatalogTokenizer, {tokenizerHint->second});
        }
    }
    // A file that could not be read as a whole (binary, unrecognised, invalid JSON or scenario) is
    // reported alone: the fields it would have given would only be listed again as "not given".
    if (unusableFile) return result;
    if (baseScenario) a.base = &*baseScenario;
    if (options.seqLen) {
        if (merged.model.seqLen.has() && *merged.model.seqLen != *options.seqLen)
            a.note("model.seq_len",
                   ImportText(ImportTextId::SeqLenReplaced, {*options.seqLen, *merged.model.seqLen},
                              {merged.model.seqLen.source}));
        merged.model.seqLen.set(*options.seqLen, "--seq-len");
    } else if (merged.model.seqLen.has() && merged.model.seqLen.origin == Origin::Guess) {
        a.warning("model.seq_len",
                  ImportText(ImportTextId::SeqLenIsLongestContext, {*merged.model.seqLen},
                             {merged.model.seqLen.source}));
    }

    // Model.
    std::optional<TransformerSpec> model = buildTransformer(merged.model, issues);
    if (!model) return result;
    Scenario s;
    if (a.base) s = *a.base;
    s.model = *model;
    if (a.base && !a.base->modelRef.empty()) {
        TransformerSpec baseModel = a.base->model;
        if (baseModel.headDim == 0 && baseModel.heads > 0)
            baseModel.headDim = baseModel.hidden / baseModel.heads;
        if (model->sameArchitecture(baseModel))
            s.model = a.base->model;
        else
            s.modelRef.clear();
    } else {
        s.modelRef.clear();
    }
    if (s.modelRef.empty() && merged.model.name.has()) {
        // A model equal to a catalog entry (but for seq_len) keeps the catalog's name for display.
        for (const auto& c : catalog.models) {
            TransformerSpec withSeqLen = c;
            withSeqLen.seqLen = s.model.seqLen;
            if (withSeqLen.sameArchitecture(s.model)) {
                a.note("model", ImportTextId::ArchitectureIsCatalogModel, {c.name});
                break;
            }
        }
    }
    {
        const TransformerSpec* match = nullptr;
        ImportIssues check = checkParameterCount(s.model, catalog, modelFile, &match);
        issues.insert(issues.end(), check.begin(), check.end());
        // A model named only after its config's model_type takes the name of the catalog model
        // of its shape (parameters within 2 %), else model_type and its size ("llama 8.03B").
        if (merged.model.name.has() && merged.model.name.origin == Origin::Guess &&
            s.model.displayName == *merged.model.name) {
            if (match) {
                s.model.displayName = match->displayName.empty() ? match->name : match->displayName;
            } else {
                char size[32];
                std::snprintf(size, sizeof size, " %.2fB", countParameters(s.model).total / 1e9);
                s.model.displayName += size;
            }
        }
    }

    // Plan layout before the cluster: dp comes from GPUs / (tp·pp·cp).
    ImportedPlan& mp = merged.plan;
    const bool hasPlan = mp.framework.has();
    Plan p;
    if (hasPlan) {
        p.framework = *mp.framework;
        p.tp = mp.tp.has() ? *mp.tp : 1;
        p.pp = mp.pp.has() ? *mp.pp : 1;
        p.cp = mp.cp.has() ? *mp.cp : 1;
        p.ep = mp.ep.has() ? *mp.ep : 1;
        if (mp.etp.has() && *mp.etp != p.tp) p.etp = *mp.etp; // 0: Megatron's default, tp
        if (mp.vpp.has() && mp.vpp.origin == Origin::Explicit)
            p.vpp = *mp.vpp;
        else if (mp.layersPerVirtualStage.has() && p.framework == Framework::Fsdp) {
            // torchtitan: ⌈(layers + first + last less-layers) / layers_per_stage⌉ stages, which
            // must divide over pp (pipeline_parallel.py).
            const PipelineLayout l = mp.pipeline.has() ? *mp.pipeline : PipelineLayout{};
            const long long effective = static_cast<long long>(s.model.layers) +
                                        l.firstStageLessLayers.value_or(1) +
                                        l.lastStageLessLayers.value_or(1);
            const long long lps = *mp.layersPerVirtualStage;
            const long long stages = (effective + lps - 1) / lps;
            if (p.pp > 0 && stages % p.pp == 0)
                p.vpp = static_cast<int>(stages / p.pp);
            else
                a.error("plan.vpp", ImportText(ImportTextId::TorchtitanStagesNotDividePp,
                                               {stages, effective, lps, p.pp},
                                               {mp.layersPerVirtualStage.source}));
        } else if (mp.layersPerVirtualStage.has()) {
            const long long per = static_cast<long long>(*mp.layersPerVirtualStage) * p.pp;
            if (per > 0 && s.model.layers % per == 0)
                p.vpp = static_cast<int>(s.model.layers / per);
            else
                a.error("plan.vpp", ImportText(ImportTextId::VirtualStageNotDivideLayers,
                                               {*mp.layersPerVirtualStage, p.pp, s.model.layers},
                                               {mp.layersPerVirtualStage.source}));
        } else if (mp.vpp.has()) {
            p.vpp = *mp.vpp;
        }
        p.zeroStage = mp.zeroStage.has() ? *mp.zeroStage : 0;
        p.offload = mp.offload.has() ? *mp.offload : Offload::None;
        p.offloadParams = mp.offloadParams.has() && *mp.offloadParams;
        p.hybridShard = mp.hybridShard.has() && *mp.hybridShard;
        p.sequenceParallel = mp.sequenceParallel.has() && *mp.sequenceParallel;
        p.tpCommOverlap = mp.tpCommOverlap.has() && *mp.tpCommOverlap;
        p.epCommOverlap = mp.epCommOverlap.has() && *mp.epCommOverlap;
        p.moeDispatcher = mp.moeDispatcher.has() ? *mp.moeDispatcher : MoeDispatcher::AllToAll;
        p.recompute = mp.recompute.has() ? *mp.recompute : Recompute::None;
        if (p.recompute == Recompute::Full && mp.recomputeLayers.has())
            p.recomputeLayers = *mp.recomputeLayers;
        if (p.recompute == Recompute::Selective && mp.recomputeModules.has())
            p.recomputeModules = *mp.recomputeModules;
        // torchtitan's every-k-th-layer AC: ⌈L/k⌉ of a chunk's L layers (its launcher export
        // writes the k with ⌈L/k⌉ = recompute_layers back).
        if (p.recompute == Recompute::Full && mp.recomputeEvery.has()) {
            const int chunk = s.model.layers / std::max(1, p.pp * p.vpp);
            const int every = *mp.recomputeEvery;
            if (chunk > 1 && every > 1) p.recomputeLayers = (chunk + every - 1) / every;
        }
        if (mp.pipeline.has()) p.pipeline = *mp.pipeline;
    }
    std::optional<long long> worldFromPlan;
    if (hasPlan && mp.dp.has()) worldFromPlan = static_cast<long long>(*mp.dp) * p.tp * p.pp * p.cp;
    if (!assembleCluster(a, merged, worldFromPlan, s.cluster)) return result;

    // Training.
    const long long world = s.cluster.gpuCount();
    if (hasPlan) {
        const long long modelParallel = static_cast<long long>(p.tp) * p.pp * p.cp;
        const ImportText launchKey = merged.cluster.nodes.has()
                                         ? merged.cluster.nodes.source
                                         : ImportText(ImportTextId::TheCluster);
        if (modelParallel <= 0 || world % modelParallel != 0) {
            a.issues.emplace_back(
                Severity::Error, "", "plan.dp",
                ImportText(ImportTextId::WorldNotDivisible,
                           {world, s.cluster.nodes, s.cluster.gpusPerNode, p.tp, p.pp, p.cp},
                           {launchKey}));
            return result;
        }
        const long long dp = world / modelParallel;
        if (dp > 10'000'000) {
            a.error("plan.dp", ImportTextId::TooManyDpRanks);
            return result;
        }
        p.dp = static_cast<int>(dp);
        const ImportText dpWhy(
            ImportTextId::DpFromWorld,
            {world, s.cluster.nodes, s.cluster.gpusPerNode, p.tp, p.pp, p.cp, dp}, {launchKey});
        auto batchError = [&](ImportTextId id, std::vector<IssueArg> args,
                              std::vector<ImportText> keys) {
            keys.push_back(dpWhy);
            a.issues.emplace_back(Severity::Error, "", "training.global_batch",
                                  ImportText(id, std::move(args), std::move(keys)));
        };
        const bool dsDerived =
            mp.dp.has() && mp.dp.key.find("train_batch_size") != std::string::npos;
        if (mp.dp.has() && *mp.dp != dp && !dsDerived)
            a.issues.emplace_back(
                Severity::Error, "", "plan.dp",
                ImportText(ImportTextId::DpContradicts, {*mp.dp}, {mp.dp.source, dpWhy}));
        // Micro-batch, gradient accumulation, global batch: global = micro × accumulation × dp.
        const auto& gb = merged.training.globalBatch;
        const auto& ga = mp.gradAccum;
        if (mp.microBatch.has()) {
            p.microBatch = *mp.microBatch;
        } else if (gb.has() && ga.has() && *ga > 0 &&
                   *gb % (static_cast<long long>(*ga) * dp) == 0) {
            p.microBatch = static_cast<int>(*gb / (static_cast<long long>(*ga) * dp));
            a.note("plan.micro_batch", ImportText(ImportTextId::MicroBatchDerived,
                                                  {p.microBatch, dp}, {gb.source, ga.source}));
        } else {
            p.microBatch = 1;
            a.warning("plan.micro_batch", ImportTextId::MicroBatchAssumed);
        }
        long long global = 0;
        if (gb.has()) {
            global = *gb;
            const long long perStep = static_cast<long long>(p.microBatch) * dp;
            if (ga.has()) {
                const long long expect = perStep * *ga;
                if (expect != global && mp.microBatch.has())
                    batchError(ImportTextId::GlobalBatchMismatch,
                               {global, p.microBatch, *ga, dp, expect},
                               {gb.source, mp.microBatch.source, ga.source});
                else if (expect != global)
                    batchError(ImportTextId::GlobalBatchMismatchDerived,
                               {global, p.microBatch, *ga, dp, expect}, {gb.source, ga.source});
            } else if (global % perStep != 0) {
                batchError(ImportTextId::GlobalBatchNotDivisible,
                           {global, p.microBatch, dp, perStep}, {gb.source});
            }
        } else {
            const long long accum = ga.has() ? *ga : 1;
            global = static_cast<long long>(p.microBatch) * accum * dp;
            a.note("training.global_batch", ImportTextId::GlobalBatchDerived,
                   {global, p.microBatch, accum, dp});
        }
        s.training.globalBatch = global;
        s.plans = {p};
    } else {
        if (merged.training.globalBatch.has())
            s.training.globalBatch = *merged.training.globalBatch;
        if (!a.base) {
            a.note("plans", ImportTextId::NoPlan);
            if (!merged.training.globalBatch.has()) {
                s.training.globalBatch = std::max<long long>(1, world);
                a.warning("training.global_batch", ImportTextId::GlobalBatchAssumed,
                          {s.training.globalBatch});
            }
        }
    }
    if (merged.training.precision.has())
        s.training.precision = *merged.training.precision;
    else if (!a.base)
        a.warning("training.precision", ImportTextId::PrecisionAssumed);
    if (merged.training.optimizer.has()) s.training.optimizer = *merged.training.optimizer;
    if (merged.training.flashAttention.has())
        s.training.flashAttention = *merged.training.flashAttention;
    if (merged.training.attentionKernel.has() && s.training.flashAttention)
        s.training.attentionKernel = *merged.training.attentionKernel;
    if (merged.training.crossEntropy.has()) s.training.crossEntropy = *merged.training.crossEntropy;
    if (merged.training.attentionDropout.has())
        s.training.attentionDropout = *merged.training.attentionDropout;
    if (merged.training.hiddenDropout.has())
        s.training.hiddenDropout = *merged.training.hiddenDropout;
    // Token budget from steps or samples; a given scenario's exact budget wins when they agree to a
    // step.
    const double tokensPerStep = static_cast<double>(s.training.globalBatch) * s.model.seqLen;
    std::optional<double> tokens;
    if (merged.training.trainSteps.has())
        tokens = static_cast<double>(*merged.training.trainSteps) * tokensPerStep;
    else if (merged.training.trainSamples.has())
        tokens = static_cast<double>(*merged.training.trainSamples) * s.model.seqLen;
    if (tokens) {
        if (a.base && a.base->training.trainTokens > 0 &&
            std::fabs(*tokens - a.base->training.trainTokens) < tokensPerStep) {
            s.training.trainTokens = a.base->training.trainTokens;
        } else {
            if (a.base && a.base->training.trainTokens > 0)
                a.warning("training.train_tokens", ImportTextId::TrainTokensDiffer,
                          {detail::formatCount(*tokens), a.baseFile,
                           detail::formatCount(a.base->training.trainTokens)});
            s.training.trainTokens = *tokens;
        }
    } else if (!a.base) {
        s.training.trainTokens = 0;
        a.note("training.train_tokens", ImportTextId::TrainTokensNotGiven);
    }

    // Name.
    if (!options.scenarioName.empty())
        s.name = options.scenarioName;
    else if (!a.base)
        s.name = (s.model.displayName.empty() ? s.model.name : s.model.displayName) + " on " +
                 std::to_string(world) + " " +
                 (s.cluster.gpuRef.empty() ? s.cluster.gpu.name : s.cluster.gpuRef);
    if (!a.base) {
        std::string list;
        for (const auto& in : inputs)
            list += (list.empty() ? "" : ", ") + in.name;
        s.description = "Imported from " + list + " by trainplan-cli import.";
    }

    for (const auto& v : validateScenario(s))
        issues.push_back(ImportIssue::fromValidation(Severity::Error, "", v));
    result.scenario = std::move(s);
    return result;
}

ImportResult importFiles(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                         const ImportOptions& options) {
    std::vector<ImportInput> inputs;
    ImportIssues readIssues;
    for (const auto& file : files) {
        const std::string name = file.string();
        std::error_code ec;
        const auto status = std::filesystem::status(file, ec);
        if (ec || !std::filesystem::exists(status)) {
            readIssues.push_back(ImportIssue::fromValidation(
                Severity::Error, name, ValidationIssue("", IssueId::NoSuchFile)));
            continue;
        }
        if (std::filesystem::is_directory(status)) {
            readIssues.emplace_back(Severity::Error, name, "", ImportTextId::IsDirectory);
            continue;
        }
        if (std::filesystem::file_size(file, ec) > 16ull * 1024 * 1024) {
            readIssues.emplace_back(Severity::Error, name, "", ImportTextId::ConfigTooLarge);
            continue;
        }
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            readIssues.push_back(ImportIssue::fromValidation(
                Severity::Error, name, ValidationIssue("", IssueId::CannotReadPermission)));
            continue;
        }
        std::stringstream ss;
        ss << in.rdbuf();
        inputs.push_back({name, ss.str()});
    }
    if (!readIssues.empty()) {
        ImportResult r;
        r.issues = std::move(readIssues);
        return r;
    }
    return importTexts(inputs, catalog, options);
}

} // namespace trainplan::model::io
