#include "cli.h"

#include "cli_labels.h"
#include "commands.h"
#include "profile_resolver.h"

#include <trainplan/model/data_directory.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/simulator/validation.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <ostream>

#include <unistd.h>

#ifndef TRAINPLAN_VERSION
#define TRAINPLAN_VERSION "0.0.0"
#endif

namespace trainplan::cli {

namespace {

struct Command {
    int (*run)(CliContext&);
    const char* usage;
};

const std::map<std::string, Command>& commands() {
    static const std::map<std::string, Command> table = {
        {"check",
         {cmdCheck, "check FILE                 validate a scenario and print every problem"}},
        {"advise",
         {cmdAdvise, "advise FILE [--lang en|zh_CN]  recommended framework and why, break points, "
                     "migration roadmap\n"
                     "                           (--format text|json, --mfu-threshold F, "
                     "--dp-comm-threshold F)"}},
        {"calibrate",
         {cmdCalibrate,
          "calibrate (--runs CSV | --from-store) [--scenario FILE|NAME] [--fit gemm,inter_bw,...]\n"
          "                           [--profile NAME]  fit efficiency parameters to measured "
          "runs"}},
        {"catalog",
         {cmdCatalog, "catalog list {gpus,links,models}   list the hardware and model catalog"}},
        {"compare",
         {cmdCompare, "compare FILE [FILE...]     search the best plan per framework and compare "
                      "them side by side;\n"
                      "                           two to four FILEs: the scenarios side by side"}},
        {"estimate",
         {cmdEstimate, "estimate FILE              memory, communication and step time of the "
                       "scenario's plans"}},
        {"sweep",
         {cmdSweep,
          "sweep FILE --vary KEY=A..B best plan per framework as gpus, model, model_scale,\n"
          "                             inter_node_gb_per_s, global_batch or seq_len varies"}},
        {"size",
         {cmdSize,
          "size FILE --deadline-days D --budget B [--currency USD|CNY] [--gpus a,b,...]\n"
          "                           [--max-gpus N] [--lang en|zh_CN]  which GPU, how many and "
          "which plan meet\n"
          "                           the deadline within the budget (Pareto front of time x "
          "cost)"}},
        {"price",
         {cmdPrice, "price {list,set GPU AMOUNT [--currency USD|CNY] [--cloud C] [--region R]\n"
                    "                           [--contract K] [--source S] [--date D],remove GPU,"
                    "\n                           rate CNY_PER_USD --date D}  GPU prices in the "
                    "library"}},
        {"import",
         {cmdImport,
          "import FILE… [-o scenario.json]  build a scenario from config.json, ds_config.json,\n"
          "                           Megatron-LM, torchrun or Slurm scripts (--name, --model, "
          "--gpu,\n"
          "                           --intra-node, --inter-node, --nodes, --gpus-per-node, "
          "--seq-len)"}},
        {"export",
         {cmdExport,
          "export FILE --plan FRAMEWORK|INDEX -o DIR  write ds_config.json, megatron_args.sh,\n"
          "                           torchrun.sh and job.sbatch for one of the scenario's plans"}},
        {"explain",
         {cmdExplain, "explain FILE [--plan N|--framework F]  the derivation, per-stage memory and "
                      "assumptions"}},
        {"validate",
         {cmdValidate,
          "validate [CSV] [--scenario LINE]  predict published runs and report the error per "
          "row;\n"
          "                           --scenario LINE: the scenario and plan that row is\n"
          "                           predicted with (JSON, for explain and estimate)"}},
        {"scenario",
         {cmdScenario,
          "scenario {list [--deleted],show NAME,save FILE [--name N] [--tags a,b],\n"
          "                           export NAME -o FILE,rename NAME NEW,delete NAME,\n"
          "                           undelete NAME,purge,history NAME,restore NAME VERSION}\n"
          "                           the scenario library"}},
        {"runs",
         {cmdRuns, "runs {add --scenario NAME --step-time S ...,list,import CSV,\n"
                   "                           import-log LOG... --scenario NAME,\n"
                   "                           check [--scenario NAME] [--cluster KEY]}\n"
                   "                           measured runs: store them, predicted vs measured"}},
        {"db",
         {cmdDb, "db {check,path}            integrity check / location of the library database"}},
        {"library",
         {cmdLibrary,
          "library {export -o FILE.json,import FILE.json}  the whole library as one JSON file"}},
#ifdef TRAINPLAN_HAVE_REPORT
        {"report",
         {cmdReport,
          "report FILE -o OUT.{pdf,html,md,csv,json} [--deck] [--lang en|zh_CN]  planning report,\n"
          "                           [--compare-with OTHER.json]... (up to three, side by side)\n"
          "                           or with --deck a 16:9 review deck (PDF); works without a "
          "display"}},
#endif
    };
    return table;
}

void printHelp(std::ostream& out) {
    out << "Usage: trainplan-cli [--format table|json|csv] [--db PATH] COMMAND [ARGS]\n\n"
           "TrainPlan estimates memory, communication and step time of distributed LLM training "
           "plans\n"
           "(PyTorch DDP, FSDP, DeepSpeed ZeRO, Megatron-LM) on a described GPU "
           "cluster.\n\nCommands:\n";
    for (const auto& [name, cmd] : commands())
        out << "  " << cmd.usage << '\n';
    out << "\nExit codes: 0 ok, 1 invalid input, 2 usage error.\n";
}

} // namespace

int runCli(const std::vector<std::string>& argsIn, std::ostream& out, std::ostream& err) {
    CliContext ctx(out, err);
    ctx.args = argsIn;
    try {
        if (ctx.takeFlag("--version")) {
            out << "trainplan-cli " << TRAINPLAN_VERSION << '\n';
            return kExitOk;
        }
        const bool help = ctx.takeFlag("--help") || ctx.takeFlag("-h");
        if (auto f = ctx.takeOption("--format")) {
            if (*f == "table")
                ctx.format = Format::Table;
            else if (*f == "json")
                ctx.format = Format::Json;
            else if (*f == "csv")
                ctx.format = Format::Csv;
            else if (*f == "text")
                ctx.format = Format::Text;
            else
                throw UsageError("--format: '" + *f + "' is not one of table, json, csv, text");
        }
        ctx.dbPath = ctx.takeOption("--db");
        if (ctx.dbPath && ctx.dbPath->empty())
            throw UsageError("--db: the path is empty; give the library's database file, or "
                             "leave --db out to use TRAINPLAN_DB or the default library");
        if (auto lang = ctx.takeOption("--lang")) {
            if (*lang != "en" && *lang != "zh_CN")
                throw UsageError("--lang: '" + *lang + "' is not one of en, zh_CN");
            ctx.lang = *lang;
        }
        if (help || ctx.args.empty()) {
            printHelp(help ? out : err);
            return help ? kExitOk : kExitUsage;
        }
        const std::string name = ctx.args.front();
        ctx.args.erase(ctx.args.begin());
        const auto it = commands().find(name);
        if (it == commands().end())
            throw UsageError("unknown command '" + name + "' (see trainplan-cli --help)");
        return it->second.run(ctx);
    } catch (const UsageError& e) {
        err << "trainplan-cli: " << e.what() << '\n';
        return kExitUsage;
    } catch (const std::exception& e) {
        err << "trainplan-cli: " << e.what() << '\n';
        return kExitInvalidInput;
    }
}

StdoutBuffer::StdoutBuffer() {
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
}

bool StdoutBuffer::drain() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && !m_failed) {
        const ssize_t n = ::write(STDOUT_FILENO, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            m_failed = true;
            m_error = n < 0 ? errno : ENOSPC;
            break;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    // After a failure the rest is dropped: the output is incomplete either way, and the first
    // error is the one to report.
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
    return !m_failed;
}

StdoutBuffer::int_type StdoutBuffer::overflow(int_type ch) {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(ch);
        pbump(1);
    }
    return traits_type::not_eof(ch);
}

int StdoutBuffer::sync() {
    return drain() ? 0 : -1;
}

int finishStandardOutput(int exitCode, const StdoutBuffer& buffer) {
    std::cout.flush();
    errno = 0;
    const bool stdioFailed = std::fflush(stdout) != 0 || std::ferror(stdout);
    const int stdioError = errno;
    if (!buffer.failed() && !stdioFailed) return exitCode;
    const int error = buffer.failed() ? buffer.error() : stdioError;
    std::cerr << "trainplan-cli: cannot write to standard output ("
              << (error != 0 ? std::strerror(error) : "an earlier write failed")
              << "); the output is incomplete\n";
    return exitCode == kExitOk ? kExitInvalidInput : exitCode;
}

const model::Catalog& CliContext::catalog() {
    if (!m_catalog) m_catalog = model::loadCatalog(dataDir() / "catalog");
    return *m_catalog;
}

const sim::ResidualTable& CliContext::residuals() {
    if (!m_residuals) m_residuals = services::referenceResiduals(catalog());
    return *m_residuals;
}

std::filesystem::path CliContext::dataDir() {
    return model::dataDirectory();
}

std::optional<model::Scenario> CliContext::loadScenario(const std::string& file) {
    model::ScenarioLoad load = model::loadScenarioFile(file, catalog());
    if (load.ok()) {
        // A scenario that names a calibration profile gets its values from the library.
        if (!applyStoredProfile(*this, *load.scenario, file)) return std::nullopt;
        // The library's price for the GPU replaces the catalog default (docs/store.md, "Prices").
        sim::applyPriceTable(load.scenario->cluster.gpu, priceTable());
        return std::move(load.scenario);
    }
    // English unless the command was given --lang (advise, size, report take it).
    const model::Lang l = outputLang(lang);
    for (const auto& issue : load.issues)
        err << (issue.path.empty() ? issue.messageIn(l) : file + ": " + issue.text(l)) << '\n';
    return std::nullopt;
}

std::optional<std::string> CliContext::takeOption(const std::string& name) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == name) {
            if (i + 1 >= args.size()) throw UsageError(name + " needs a value");
            std::string v = args[i + 1];
            args.erase(args.begin() + static_cast<long>(i),
                       args.begin() + static_cast<long>(i) + 2);
            return v;
        }
        if (args[i].rfind(name + "=", 0) == 0) {
            std::string v = args[i].substr(name.size() + 1);
            args.erase(args.begin() + static_cast<long>(i));
            return v;
        }
    }
    return std::nullopt;
}

bool CliContext::takeFlag(const std::string& name) {
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i] == name) {
            args.erase(args.begin() + static_cast<long>(i));
            return true;
        }
    return false;
}

} // namespace trainplan::cli
