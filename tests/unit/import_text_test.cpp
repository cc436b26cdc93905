// The import findings' catalogue (model/io/import_text.h): every id has an English and a Chinese
// template taking the same arguments, the English reproduces what the importers printed before,
// and a finding from each importer reads in Chinese for a Chinese window.

#include <trainplan/model/io/deepspeed_config.h>
#include <trainplan/model/io/hf_config.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/model/io/import_hints.h>
#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/launcher.h>
#include <trainplan/model/io/megatron_args.h>
#include <trainplan/model/io/shell_script.h>
#include <trainplan/model/io/training_log.h>
#include <trainplan/model/issue_text.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace trainplan::model::io::test {
namespace {

using model::Lang;

// The finding whose key is `key` and whose id is `id`; fails the test when there is none.
const ImportIssue* findIssue(const ImportIssues& issues, const std::string& key, ImportTextId id) {
    for (const auto& i : issues)
        if (i.key == key && i.id() == id) return &i;
    ADD_FAILURE() << "no finding " << static_cast<int>(id) << " on '" << key << "' in:\n"
                  << dump(issues);
    return nullptr;
}

// The finding on `key` that the model's issue catalogue words with `id`; fails when there is none.
const ImportIssue* findModelIssue(const ImportIssues& issues, const std::string& key, IssueId id) {
    for (const auto& i : issues)
        if (i.key == key && i.validation && i.validation->id == id) return &i;
    ADD_FAILURE() << "no model issue " << static_cast<int>(id) << " on '" << key << "' in:\n"
                  << dump(issues);
    return nullptr;
}

std::string logFixturePath(const std::string& relative) {
    return (std::filesystem::path(TRAINPLAN_TEST_FIXTURES_DIR) / "logs" / relative).string();
}

std::string readLogFixture(const std::string& relative) {
    std::ifstream in(logFixturePath(relative), std::ios::binary);
    EXPECT_TRUE(in.good()) << "missing log fixture " << relative;
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The first run of three or more lowercase English words in a Chinese rendering, outside quotes
// and backquotes; words with digits, capitals, dots, dashes or underscores (keys, flags, file
// names, framework names) and the technical terms below end a run. "" when there is none.
std::string englishRunIn(std::string_view zh) {
    static const std::set<std::string> kTerms = {
        "torchrun", "torchtitan", "sbatch",  "srun",   "deepspeed", "dp",    "tp",    "pp",
        "cp",       "ep",         "etp",     "vpp",    "null",      "true",  "false", "auto",
        "none",     "rank",       "token",   "stage",  "shell",     "query", "key",   "value",
        "left",     "right",      "learned", "rotary", "adam",      "sgd"};
    std::string run, word;
    int words = 0;
    char quote = 0;
    std::string found;
    auto endWord = [&](bool space) {
        const bool lower = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
            return c >= 'a' && c <= 'z';
        }) && !kTerms.count(word);
        if (lower) {
            run += (words ? " " : "") + word;
            ++words;
        } else if (!word.empty() || !space) {
            if (words >= 3 && found.empty()) found = run;
            run.clear();
            words = 0;
        }
        word.clear();
    };
    for (char c : zh) {
        if (quote) {
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '\'' || c == '"' || c == '`') {
            endWord(false);
            quote = c;
        } else if (c == ' ') {
            endWord(true);
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ||
                   c == '.' || c == '/' || c == '=') {
            word += c;
        } else {
            endWord(false);
        }
    }
    endWord(false);
    return found;
}

bool hasNonAscii(std::string_view s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return true;
    return false;
}

TEST(ImportText, EveryIdHasBothTemplatesWithTheSameArguments) {
    const auto entries = importTextCatalogue();
    ASSERT_EQ(entries.size(), static_cast<std::size_t>(kImportTextIdCount));
    // Text the two languages write alike: the verbatim message, a value and its reason.
    const std::set<ImportTextId> same = {ImportTextId::Verbatim, ImportTextId::QuotedReason};
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        SCOPED_TRACE(std::string(e.en));
        EXPECT_EQ(static_cast<std::size_t>(e.id), i);
        EXPECT_FALSE(e.en.empty());
        EXPECT_FALSE(e.zh.empty());
        EXPECT_EQ(placeholderMask(e.en), placeholderMask(e.zh));
        EXPECT_EQ(placeholderMask(e.en), (1u << e.argCount) - 1u) << "argCount " << e.argCount;
        if (!same.count(e.id) && e.en != "{0}") {
            EXPECT_NE(e.en, e.zh);
            EXPECT_TRUE(hasNonAscii(e.zh)) << e.zh;
        }
    }
}

TEST(ImportText, EnglishReproducesTheSentencesImportersPrinted) {
    auto en = [](ImportTextId id, std::vector<IssueArg> args, std::vector<ImportText> parts = {}) {
        return ImportText(id, std::move(args), std::move(parts)).render(Lang::En);
    };
    EXPECT_EQ(en(ImportTextId::DsBatchNotWhole, {10, 4, 1, 4}),
              "10 is not train_micro_batch_size_per_gpu 4 × gradient_accumulation_steps 1 × a "
              "whole number of data-parallel ranks (10 / 4 is not whole)");
    EXPECT_EQ(en(ImportTextId::MergeUsedToolDefault, {"true", "a.sh (--x)", "false", "b.json (y)"}),
              "true from a.sh (--x) is used; false from b.json (y) (the tool's default when the "
              "flag is absent — the job would use it) differs");
    EXPECT_EQ(en(ImportTextId::MegUnknownFlags, {1, "--foo"}),
              "unknown flag ignored (not Megatron-LM flags TrainPlan knows): --foo");
    EXPECT_EQ(en(ImportTextId::MegUnknownFlags, {2, "--foo, --bar"}),
              "unknown flags ignored (not Megatron-LM flags TrainPlan knows): --foo, --bar");
    EXPECT_EQ(en(ImportTextId::LogRead, {1, 1, 0, 1, 2}, {ImportText::verbatim("torchtitan")}),
              "read 1 line as torchtitan: 1 report, 0 memory readings; 1 report dropped as "
              "warm-up; 2 lines skipped");
    EXPECT_EQ(en(ImportTextId::MustBeIntegerOrAutoGot, {IssueArg::jsonType("string")}),
              "must be an integer or \"auto\", got a string");
    EXPECT_EQ(en(ImportTextId::ShellValueDependsOn, {"$TP", "$TP"}),
              "its value '$TP' depends on $TP, which the script does not set (set it in the "
              "script, give a default like ${VAR:-8}, or write the value)");
    EXPECT_EQ(en(ImportTextId::DsPrecisionNotObject, {IssueArg::jsonType("integer")}),
              "must be an object like {\"enabled\": true}, got an integer");
}

// One sentence, one home: what the model's issue catalogue says ("must be a string, got {0}",
// "no such file") is not repeated here; importers and the log import report it with the model's
// IssueId. Verbatim ("{0}", text from outside any catalogue) is no sentence, and neither is the
// position frame "line {0}: {1}": the import catalogue's nests an import sentence, the model's
// (IssueId::AtLine, CSV and published-run problems) a model one.
TEST(ImportText, NoEnglishTemplateRepeatsTheModelsIssueCatalogue) {
    for (const auto& e : importTextCatalogue()) {
        if (e.id == ImportTextId::Verbatim || e.id == ImportTextId::ShellLineProblem) continue;
        for (const auto& m : issueCatalogue())
            EXPECT_NE(e.en, m.en) << "import entry " << static_cast<int>(e.id)
                                  << " repeats IssueId " << static_cast<int>(m.id)
                                  << ": report the model's IssueId instead";
    }
}

// Folded findings keep their English line byte for byte and read in Chinese through the model's
// catalogue.
TEST(ImportText, FindingsTheModelWordsKeepTheirLineInBothLanguages) {
    const std::string missing =
        (std::filesystem::temp_directory_path() / "trainplan-no-such-file.json").string();
    const ImportResult r = importFiles({missing}, testCatalog());
    const ImportIssue* none = findModelIssue(r.issues, "", IssueId::NoSuchFile);
    ASSERT_TRUE(none);
    EXPECT_EQ(none->text(), "error: " + missing + ": no such file");
    EXPECT_EQ(none->text(Lang::ZhCN), "错误：" + missing + "：文件不存在");

    // A value and the model's reason it is refused: the reason is the frame's last argument.
    const ImportedFields f =
        importMegatronArgs("torchrun pretrain_gpt.py --num-layers 4 --hidden-size 64 "
                           "--num-attention-heads 4 --num-experts 8 --moe-layer-freq 0\n",
                           "train.sh");
    const ImportIssue* freq =
        findModelIssue(f.issues, "--moe-layer-freq", IssueId::MustBeAtLeastOne);
    ASSERT_TRUE(freq);
    EXPECT_EQ(freq->id(), ImportTextId::QuotedReason);
    EXPECT_EQ(freq->text(), "error: train.sh: --moe-layer-freq: '0' must be at least 1");
    EXPECT_EQ(freq->text(Lang::ZhCN), "错误：train.sh：--moe-layer-freq：'0' 必须至少为 1");

    ImportIssues issues;
    EXPECT_FALSE(parseLogMapping(R"({"schema": "trainplan.log_mapping.v1", "step": "s",
        "step_time": {"column": "t", "unit": "furlongs", "scale": 2}})",
                                 "mapping.json", issues));
    const ImportIssue* unit = findModelIssue(issues, "step_time.unit", IssueId::NotOneOf);
    ASSERT_TRUE(unit);
    EXPECT_EQ(unit->text(), "error: mapping.json: step_time.unit: 'furlongs' is not one of ms, s");
    EXPECT_EQ(unit->text(Lang::ZhCN),
              "错误：mapping.json：step_time.unit：'furlongs' 不是 ms, s 之一");
    const ImportIssue* key = findModelIssue(issues, "step_time.scale", IssueId::UnknownKey);
    ASSERT_TRUE(key);
    EXPECT_EQ(key->text(Lang::ZhCN), "错误：mapping.json：step_time.scale：未知的键");

    const ImportedFields deep =
        importDeepSpeedConfig(std::string(300, '[') + std::string(300, ']'), "ds_config.json");
    const ImportIssue* depth = findModelIssue(deep.issues, "", IssueId::JsonTooDeep);
    ASSERT_TRUE(depth);
    EXPECT_EQ(depth->text(),
              "error: ds_config.json: not valid JSON: nested deeper than 256 levels");
    EXPECT_EQ(depth->text(Lang::ZhCN), "错误：ds_config.json：不是有效的 JSON：嵌套超过 256 层");
}

// Text that is not JSON reads as the scenario loader words it (model::detail::jsonErrorIssue):
// the position, the context and the tokens are arguments, so the Chinese line has no English
// parser sentence, while the English line is nlohmann's text as the CLI always printed it.
TEST(ImportText, AConfigThatIsNotJsonReadsInChinese) {
    const ImportedFields ds = importDeepSpeedConfig(
        readFixture("deepspeed/ds_config_trailing_comma.json"), "ds_config.json");
    ASSERT_EQ(ds.issues.size(), 1u) << dump(ds.issues);
    const ImportIssue& comma = ds.issues.front();
    ASSERT_TRUE(comma.validation.has_value());
    EXPECT_EQ(comma.validation->id, IssueId::JsonSyntaxUnexpectedExpected);
    EXPECT_EQ(comma.text(), "error: ds_config.json: not valid JSON: parse error at line 12, column "
                            "3: syntax error while parsing object key - unexpected '}'; expected "
                            "string literal");
    EXPECT_EQ(comma.text(Lang::ZhCN), "错误：ds_config.json：不是有效的 JSON：第 12 行第 3 列，"
                                      "解析对象的键时语法错误：意外的 '}'，应为字符串");

    // A lexer error keeps the token it last read verbatim.
    const ImportedFields hf =
        importHfConfig(readFixture("hf/python-literals/config.json"), "config.json");
    ASSERT_EQ(hf.issues.size(), 1u) << dump(hf.issues);
    const ImportIssue& literal = hf.issues.front();
    EXPECT_EQ(literal.text(), "error: config.json: not valid JSON: parse error at line 11, column "
                              "26: syntax error while parsing value - invalid literal; last read: "
                              "'\"tie_word_embeddings\": F'");
    EXPECT_EQ(literal.text(Lang::ZhCN), "错误：config.json：不是有效的 JSON：第 11 行第 26 列，"
                                        "解析值时语法错误：无效的字面量；最后读到 "
                                        "'\"tie_word_embeddings\": F'");

    // A truncated file and a key given twice.
    const ImportedFields cut = importDeepSpeedConfig("{\"train_batch_size\": 8", "ds.json");
    ASSERT_EQ(cut.issues.size(), 1u) << dump(cut.issues);
    EXPECT_EQ(cut.issues[0].text(), "error: ds.json: not valid JSON: parse error at line 1, column "
                                    "23: syntax error while parsing object - unexpected end of "
                                    "input; expected '}'");
    EXPECT_EQ(cut.issues[0].text(Lang::ZhCN), "错误：ds.json：不是有效的 JSON：第 1 行第 23 列，"
                                              "解析对象时语法错误：意外的输入结尾，应为 '}'");
    const ImportedFields twice =
        importDeepSpeedConfig("{\"train_batch_size\": 8, \"train_batch_size\": 16}", "ds.json");
    ASSERT_EQ(twice.issues.size(), 1u) << dump(twice.issues);
    EXPECT_EQ(twice.issues[0].text(),
              "error: ds.json: duplicate key \"train_batch_size\" at line 1, column 25 (first "
              "given at line 1, column 2); only one value can be used: remove the other");
    EXPECT_EQ(twice.issues[0].validation->id, IssueId::JsonDuplicateKeyAt);
    EXPECT_EQ(twice.issues[0].text(Lang::ZhCN),
              "错误：ds.json：第 1 行第 25 列有重复的键 \"train_batch_size\"（第一次出现在第 1 行"
              "第 2 列）；只能使用一个值：请删除另一个");

    // A metrics mapping with a syntax error is refused as not a JSON object, with no parser text.
    ImportIssues issues;
    EXPECT_FALSE(parseLogMapping("{\n  \"schema\": \"trainplan.log_mapping.v1\",\n  \"step\": "
                                 "\"step\",\n}\n",
                                 "mapping.json", issues));
    ASSERT_EQ(issues.size(), 1u) << dump(issues);
    EXPECT_EQ(issues[0].text(), "error: mapping.json: the mapping is not a JSON object");
    EXPECT_EQ(issues[0].text(Lang::ZhCN), "错误：mapping.json：映射不是 JSON 对象");
}

TEST(ImportText, IssueTextKeepsTheEnglishLineAndSaysItInChinese) {
    const ImportIssue i(Severity::Warning, "ds_config.json", "zero_optimization.overlap_comm",
                        ImportTextId::DsOverlapCommFalse);
    EXPECT_EQ(i.text(), "warning: ds_config.json: zero_optimization.overlap_comm: false: the "
                        "estimate assumes ZeRO communication overlaps the backward pass");
    EXPECT_EQ(i.text(), i.text(Lang::En));
    EXPECT_EQ(i.text(Lang::ZhCN), "警告：ds_config.json：zero_optimization.overlap_comm：为 "
                                  "false：估算假定 ZeRO 通信与反向计算重叠");
    EXPECT_EQ(severityWord(Severity::Error, Lang::ZhCN), "错误");
    EXPECT_EQ(severityWord(Severity::Note, Lang::ZhCN), "提示");
    EXPECT_EQ(toString(Severity::Note), "note");
    const ImportIssue foreign(Severity::Error, "", "", ImportText::verbatim("disk full"));
    EXPECT_EQ(foreign.text(Lang::ZhCN), "错误：disk full");
}

TEST(ImportText, HuggingFaceConfigFindingsInChinese) {
    const ImportedFields f = importHfConfig(R"({"model_type": "llama", "hidden_size": 4096,
        "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 5,
        "vocab_size": 32000, "intermediate_size": 11008, "max_position_embeddings": "long",
        "frobnicate": 1})",
                                            "config.json");
    const ImportIssue* kv =
        findIssue(f.issues, "num_key_value_heads", ImportTextId::HfKvHeadsNotDivide);
    ASSERT_TRUE(kv);
    EXPECT_EQ(kv->message, "5 does not divide num_attention_heads 32 (grouped-query attention "
                           "needs it)");
    EXPECT_EQ(kv->text(Lang::ZhCN), "错误：config.json：num_key_value_heads：5 不能整除 "
                                    "num_attention_heads 32（分组查询注意力需要整除）");
    const ImportIssue* type =
        findModelIssue(f.issues, "max_position_embeddings", IssueId::MustBeIntegerGot);
    ASSERT_TRUE(type);
    EXPECT_EQ(type->message, "must be an integer, got a string");
    EXPECT_EQ(type->messageIn(Lang::ZhCN), "必须是整数，实际是字符串");
    const ImportIssue* unknown = findIssue(f.issues, "", ImportTextId::HfUnknownKeys);
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->text(Lang::ZhCN),
              "警告：config.json：已忽略未知的键（规划不需要，或不支持）：frobnicate");
}

TEST(ImportText, DeepSpeedConfigFindingsInChinese) {
    const ImportedFields f = importDeepSpeedConfig(
        R"({"train_batch_size": 10, "train_micro_batch_size_per_gpu": 4,
            "gradient_accumulation_steps": 1,
            "zero_optimization": {"stage": 0, "offload_optimizer": {"device": "cpu"},
                                  "bogus": 1}})",
        "ds_config.json");
    const ImportIssue* batch =
        findIssue(f.issues, "train_batch_size", ImportTextId::DsBatchNotWhole);
    ASSERT_TRUE(batch);
    EXPECT_EQ(
        batch->text(Lang::ZhCN),
        "错误：ds_config.json：train_batch_size：10 不等于 train_micro_batch_size_per_gpu 4 × "
        "gradient_accumulation_steps 1 × 整数个数据并行 rank（10 / 4 不是整数）");
    const ImportIssue* offload = findIssue(f.issues, "zero_optimization.offload_optimizer",
                                           ImportTextId::DsOptimizerOffloadStage);
    ASSERT_TRUE(offload);
    EXPECT_EQ(offload->message, "optimizer offload needs stage 1, 2 or 3 (stage is 0)");
    EXPECT_EQ(offload->messageIn(Lang::ZhCN), "优化器卸载需要 stage 1、2 或 3（当前 stage 为 0）");
    const ImportIssue* unread =
        findIssue(f.issues, "zero_optimization", ImportTextId::UnknownSectionKeys);
    ASSERT_TRUE(unread);
    EXPECT_EQ(unread->message, "unknown zero_optimization keys ignored: zero_optimization.bogus");
    EXPECT_EQ(unread->messageIn(Lang::ZhCN),
              "已忽略未知的 zero_optimization 键：zero_optimization.bogus");
}

TEST(ImportText, MegatronArgsFindingsInChinese) {
    const ImportedFields f =
        importMegatronArgs("torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
                           "--num-attention-heads 30 --window-size abc --overlap-grad-reduce "
                           "--frobnicate 1\n",
                           "train.sh");
    const ImportIssue* heads =
        findIssue(f.issues, "--num-attention-heads", ImportTextId::MegHeadsNotDivideHidden);
    ASSERT_TRUE(heads);
    EXPECT_EQ(heads->message,
              "30 does not divide --hidden-size 4096 and --kv-channels is not given");
    EXPECT_EQ(heads->messageIn(Lang::ZhCN),
              "30 不能整除 --hidden-size 4096，且没有给出 --kv-channels");
    // A value and the reason it is refused: the reason is a sentence of its own.
    const ImportIssue* window = findIssue(f.issues, "--window-size", ImportTextId::QuotedReason);
    ASSERT_TRUE(window);
    EXPECT_EQ(window->message, "'abc' must be two whole numbers \"left,right\" (keys before and "
                               "after each query)");
    EXPECT_EQ(window->messageIn(Lang::ZhCN),
              "'abc' 必须是两个整数 \"left,right\"（每个查询之前和之后的键数）");
    const ImportIssue* note =
        findIssue(f.issues, "--overlap-grad-reduce", ImportTextId::FlagOverlapGradReduce);
    ASSERT_TRUE(note);
    EXPECT_EQ(note->text(Lang::ZhCN),
              "提示：train.sh：--overlap-grad-reduce：估算假定数据并行的梯度归约与反向计算重叠");
    const ImportIssue* unknown = findIssue(f.issues, "--frobnicate", ImportTextId::MegUnknownFlags);
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->message,
              "unknown flag ignored (not Megatron-LM flags TrainPlan knows): --frobnicate");
    EXPECT_EQ(unknown->messageIn(Lang::ZhCN),
              "已忽略 1 个未知选项（不是 TrainPlan 认识的 Megatron-LM 选项）：--frobnicate");
}

TEST(ImportText, LauncherAndShellFindingsInChinese) {
    const ImportedFields f = importLauncher("#!/bin/bash\n#SBATCH --nodes=two\n"
                                            "torchrun --nproc-per-node 8 train.py --lr 'oops\n",
                                            "job.sbatch");
    const ImportIssue* nodes =
        findIssue(f.issues, "#SBATCH --nodes", ImportTextId::MustBeNodeCount);
    ASSERT_TRUE(nodes);
    EXPECT_EQ(nodes->message, "must be a node count, got 'two'");
    EXPECT_EQ(nodes->messageIn(Lang::ZhCN), "必须是节点数，实际是 'two'");
    const ImportIssue* syntax = findIssue(f.issues, "", ImportTextId::ShellSyntax);
    ASSERT_TRUE(syntax);
    EXPECT_TRUE(isShellSyntaxIssue(*syntax));
    EXPECT_EQ(syntax->message, "shell syntax: line 3: the single quote opened here is never closed "
                               "(nothing after it can be read reliably)");
    EXPECT_EQ(syntax->text(Lang::ZhCN),
              "错误：job.sbatch：shell 语法问题：第 3 行：此处开始的单引号"
              "一直没有闭合（其后的内容都无法可靠读取）");
}

TEST(ImportText, TrainingLogFindingsInChinese) {
    const ParsedLog unknown = parseTrainingLog("hello\nworld\n", "train.log", nullptr);
    ASSERT_EQ(unknown.issues.size(), 1u);
    EXPECT_EQ(unknown.issues[0].id(), ImportTextId::LogNotRecognised);
    EXPECT_TRUE(
        unknown.issues[0]
            .text(Lang::ZhCN)
            .rfind("错误：train.log：不是 TrainPlan 能读取的训练日志：2 行中没有一行是", 0) == 0)
        << unknown.issues[0].text(Lang::ZhCN);

    std::string text;
    for (int i = 10; i <= 60; i += 10)
        text += " iteration " + std::to_string(i) +
                "/ 1000 | consumed samples: 0 | elapsed time per iteration (ms): 1000.0 | "
                "global batch size: 256 | number of skipped iterations:   0 | number of nan "
                "iterations:   0 |\n";
    const LogSummary s = summarizeLogs({parseTrainingLog(text, "train.log", nullptr)}, {});
    const ImportIssue* read = findIssue(s.issues, "", ImportTextId::LogRead);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->message, "read 6 lines as Megatron-LM / NeMo: 6 reports, 0 memory readings; 1 "
                             "report dropped as warm-up; 0 lines skipped");
    EXPECT_EQ(read->messageIn(Lang::ZhCN), "按 Megatron-LM / NeMo 格式读取了 6 行：6 条报告，0 "
                                           "条显存读数；1 条报告作为预热被丢弃；跳过了 0 行");
}

TEST(ImportText, AScenarioProblemReadsThroughTheModelsCatalogue) {
    const ImportResult r = importTexts({{"scenario.json", R"({"schema": "trainplan.scenario.v1",
        "name": "x", "model": "no-such-model"})"}},
                                       testCatalog());
    ASSERT_FALSE(r.issues.empty());
    const ImportIssue& i = r.issues.front();
    ASSERT_TRUE(i.validation.has_value()) << dump(r.issues);
    EXPECT_EQ(i.message, i.validation->message);
    EXPECT_EQ(i.messageIn(Lang::ZhCN), i.validation->messageIn(Lang::ZhCN));
    EXPECT_NE(i.text(Lang::ZhCN), i.text());
}

TEST(ImportText, TheCliHintRecognisesItsFindingsById) {
    ImportIssues issues;
    EXPECT_FALSE(buildTransformer(ImportedModel{}, issues).has_value());
    ASSERT_FALSE(issues.empty());
    EXPECT_TRUE(catalogModelWouldHelp(issues.front()));
    EXPECT_EQ(issues.front().messageIn(Lang::ZhCN),
              "没有任何导入的文件给出（请和其他文件一起导入模型的 config.json 或一个场景）");
}

// --- Keys with provenance, line keys and shell arithmetic reasons are catalogue phrases too.

// Where a key names its provenance ("zero_optimization (absent: stage 0)"), a finding that quotes
// the key says it per language.
TEST(ImportText, KeysWithProvenanceReadInChinese) {
    // A DeepSpeed config without zero_optimization and bf16 beside a Megatron-DeepSpeed launch:
    // the launch's explicit values win over DeepSpeed's defaults, named with their provenance.
    const ImportResult r =
        importTexts({{"ds.json", R"({"train_micro_batch_size_per_gpu": 2})"},
                     {"train.sh", readFixture("megatron/megatron_deepspeed.sh")}},
                    testCatalog());
    const ImportIssue* zero =
        findIssue(r.issues, "plan.zero_stage", ImportTextId::MergeUsedToolDefault);
    ASSERT_TRUE(zero);
    EXPECT_EQ(zero->text(), "warning: plan.zero_stage: 1 from train.sh (--zero-stage) is used; 0 "
                            "from ds.json (zero_optimization (absent: stage 0)) (the tool's "
                            "default when the flag is absent — the job would use it) differs");
    EXPECT_EQ(zero->text(Lang::ZhCN),
              "警告：plan.zero_stage：使用 train.sh（--zero-stage） 中的 1；"
              "ds.json（zero_optimization（未设置：stage 0）） 中的 0"
              "（未给出该选项时工具的默认值——作业会使用它）与之不同");
    const ImportIssue* precision =
        findIssue(r.issues, "training.precision", ImportTextId::MergeUsedToolDefault);
    ASSERT_TRUE(precision);
    EXPECT_EQ(precision->message,
              "fp16 from train.sh (--fp16) is used; fp32 from ds.json (bf16 / fp16 (absent: "
              "DeepSpeed trains in fp32)) (the tool's default when the flag is absent — the job "
              "would use it) differs");
    EXPECT_EQ(precision->text(Lang::ZhCN),
              "警告：training.precision：使用 train.sh（--fp16） 中的 fp16；"
              "ds.json（bf16 / fp16（未设置：DeepSpeed 以 fp32 训练）） 中的 fp32"
              "（未给出该选项时工具的默认值——作业会使用它）与之不同");

    // The field keeps its key as written; the provenance is the catalogue phrase.
    const ImportedFields ds = importDeepSpeedConfig("{}", "ds.json");
    EXPECT_EQ(ds.plan.zeroStage.key, "zero_optimization");
    EXPECT_EQ(ds.plan.zeroStage.source.render(Lang::En), "zero_optimization (absent: stage 0)");
    EXPECT_EQ(ds.plan.zeroStage.source.render(Lang::ZhCN), "zero_optimization（未设置：stage 0）");
    EXPECT_EQ(ds.training.precision.key, "bf16 / fp16");

    // A merge key with words of its own reads per language too.
    const ImportResult accum = importTexts({{"a.json", R"({"gradient_accumulation_steps": 8})"},
                                            {"b.json", R"({"gradient_accumulation_steps": 4})"}},
                                           testCatalog());
    const ImportIssue* ga =
        findIssue(accum.issues, "plan gradient accumulation", ImportTextId::MergeContradicts);
    ASSERT_TRUE(ga);
    EXPECT_EQ(ga->text(), "error: plan gradient accumulation: 8 from a.json "
                          "(gradient_accumulation_steps) contradicts 4 from b.json "
                          "(gradient_accumulation_steps)");
    EXPECT_EQ(ga->text(Lang::ZhCN),
              "错误：方案的梯度累积步数：a.json（gradient_accumulation_steps）"
              " 中的 8 与 b.json（gradient_accumulation_steps） 中的 4 矛盾");
}

TEST(ImportText, LineKeysReadInChinese) {
    const LogSummary s = summarizeLogs(
        {parseTrainingLog(readLogFixture("megatron/gpt3-175b-restart.log"), "train.log", nullptr)},
        {});
    const ImportIssue* skipped = findIssue(s.issues, "line 35", ImportTextId::LogSkipped);
    ASSERT_TRUE(skipped);
    EXPECT_EQ(skipped->text(), "warning: train.log: line 35: skipped: two ranks' memory reports "
                               "written into one line (their output interleaved); neither can be "
                               "attributed");
    EXPECT_EQ(skipped->text(Lang::ZhCN),
              "警告：train.log：第 35 行：已跳过：两个 rank 的显存报告写在了同一行（输出交错）；"
              "无法归属到任何一个 rank");
    const ImportIssue* peak = findIssue(s.issues, "peak memory", ImportTextId::LogPeakMemoryRank);
    ASSERT_TRUE(peak);
    EXPECT_EQ(peak->text(Lang::ZhCN), "提示：峰值显存：60.43 GiB（峰值保留，train.log 第 29 行，"
                                      "rank 19），是 62 个 rank 读数中的最大值");

    // Megatron-LM's own memory estimate, keyed by the line it was printed on.
    const ParsedLog log =
        parseTrainingLog(readLogFixture("megatron/gpt3-175b-restart.log"), "train.log", nullptr);
    const ImportIssue* estimate =
        findIssue(log.issues, "line 10", ImportTextId::LogMegatronMemoryEstimate);
    ASSERT_TRUE(estimate);
    EXPECT_EQ(estimate->text(), "note: train.log: line 10: Megatron's own estimate of the memory: "
                                "total 60914 MB per GPU (an estimate, not a measurement; not "
                                "stored)");
    EXPECT_EQ(estimate->text(Lang::ZhCN), "提示：train.log：第 10 行：Megatron 自己估算的显存："
                                          "每 GPU 共 60914 MB（是估算而不是测量；不保存）");
}

TEST(ImportText, ShellArithmeticReasonReadsInChinese) {
    const ImportedFields f = importMegatronArgs(
        "TP=8\ntorchrun pretrain_gpt.py --tensor-model-parallel-size $((TP/0)) --num-layers 2\n",
        "train.sh");
    const ImportIssue* tp =
        findIssue(f.issues, "--tensor-model-parallel-size", ImportTextId::ShellValueCannotCompute);
    ASSERT_TRUE(tp);
    EXPECT_EQ(tp->text(), "error: train.sh: --tensor-model-parallel-size: its value '$((TP/0))': "
                          "$((TP/0)) cannot be computed: it divides by zero");
    EXPECT_EQ(tp->text(Lang::ZhCN), "错误：train.sh：--tensor-model-parallel-size：它的值 "
                                    "'$((TP/0))'：$((TP/0)) 无法计算：除数为零");
    // The reason is an id from the evaluator, carried by the word.
    const ShellScript script = parseShellScript("echo $((1/0)) $((9223372036854775807+1))\n");
    ASSERT_EQ(script.commands.size(), 1u);
    const auto& words = script.commands[0].words;
    ASSERT_EQ(words.size(), 3u);
    ASSERT_EQ(words[1].failures.size(), 1u);
    EXPECT_EQ(words[1].failures[0].id, ImportTextId::ShellDividesByZero);
    ASSERT_EQ(words[2].failures.size(), 1u);
    EXPECT_EQ(words[2].failures[0].render(Lang::ZhCN),
              "$((9223372036854775807+1)) 无法计算：超出 64 位整数范围");
}

TEST(ImportText, EnglishRunDetectorFindsSentencesNotKeys) {
    EXPECT_EQ(englishRunIn("警告：x：a.json（num_key_value_heads（absent: one per head））"),
              "absent one per head");
    EXPECT_EQ(englishRunIn("提示：train.log：第 10 行：Megatron 自己估算的显存"), "");
    EXPECT_EQ(englishRunIn("错误：'must be a number'：--foo-bar-baz a.json x_y_z"), "");
}

TEST(ImportText, NoEnglishSentenceInAnyChineseFindingOfTheFixtures) {
    std::vector<ImportInput> inputs;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(fixturePath("")))
        if (entry.is_regular_file()) {
            const std::string rel =
                std::filesystem::relative(entry.path(), fixturePath("")).generic_string();
            inputs.push_back({entry.path().filename().string(), readFixture(rel)});
        }
    ASSERT_GE(inputs.size(), 20u);
    std::size_t checked = 0;
    auto check = [&](const ImportIssues& issues, const std::string& where) {
        for (const auto& i : issues) {
            ++checked;
            const std::string zh = i.text(Lang::ZhCN);
            const std::string run = englishRunIn(zh);
            EXPECT_TRUE(run.empty())
                << where << ": '" << run << "' in\n  " << zh << "\n  " << i.text();
        }
    };
    for (const auto& in : inputs) {
        for (const ImportedFields& f : importText(in.name, in.text))
            check(f.issues, in.name);
        check(importTexts({in}, testCatalog()).issues, in.name);
        for (const auto& other : inputs)
            if (&other != &in && other.name != in.name)
                check(importTexts({in, other}, testCatalog()).issues, in.name + " + " + other.name);
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(logFixturePath(""))) {
        if (!entry.is_regular_file()) continue;
        const std::string rel =
            std::filesystem::relative(entry.path(), logFixturePath("")).generic_string();
        const ParsedLog log = parseTrainingLog(readLogFixture(rel), rel, nullptr);
        check(log.issues, rel);
        check(summarizeLogs({log}, {}).issues, rel);
    }
    EXPECT_GT(checked, 100u);
}

} // namespace
} // namespace trainplan::model::io::test
