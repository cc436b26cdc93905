// parseShellScript: the shell subset launch scripts use, and totality on hostile input.

#include <trainplan/model/io/shell_script.h>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace trainplan::model::io {
namespace {

std::vector<std::string> words(const ShellScript& s, std::size_t command = 0) {
    std::vector<std::string> out;
    if (command < s.commands.size())
        for (const auto& w : s.commands[command].words)
            out.push_back(w.text);
    return out;
}

TEST(ShellScriptExpansion, SplitsWordsAndJoinsBackslashContinuations) {
    const auto s = parseShellScript("torchrun --nnodes 2 \\\n   --nproc-per-node=8 train.py\n");
    ASSERT_EQ(s.commands.size(), 1u);
    EXPECT_EQ(words(s), (std::vector<std::string>{"torchrun", "--nnodes", "2", "--nproc-per-node=8",
                                                  "train.py"}));
    EXPECT_EQ(s.commands[0].words[4].line, 2);
}

TEST(ShellScriptExpansion, RemovesQuotesAndKeepsQuotedSpaces) {
    const auto s = parseShellScript(R"(run 'a b' "c d" e\ f "" '')");
    EXPECT_EQ(words(s), (std::vector<std::string>{"run", "a b", "c d", "e f", "", ""}));
}

TEST(ShellScriptExpansion, CommentsAndSeparators) {
    const auto s =
        parseShellScript("# header\na 1 # trailing\nb; c && d || e | f &\n#SBATCH --nodes=2\n");
    ASSERT_EQ(s.commands.size(), 6u);
    EXPECT_EQ(words(s, 0), (std::vector<std::string>{"a", "1"}));
    EXPECT_EQ(words(s, 5), (std::vector<std::string>{"f"}));
    ASSERT_EQ(s.comments.size(), 2u); // whole-line comments only
    EXPECT_EQ(s.comments[0].text, " header");
    EXPECT_TRUE(s.comments[0].beforeFirstCommand);
    EXPECT_EQ(s.comments[1].text, "SBATCH --nodes=2");
    EXPECT_FALSE(s.comments[1].beforeFirstCommand);
}

TEST(ShellScriptExpansion, ExpandsVariablesDefaultsAndArithmetic) {
    const auto s = parseShellScript("GPUS=8\nexport NODES=${NODES:-4}\nWORLD=$(($GPUS * NODES))\n"
                                    "echo $GPUS ${NODES} $WORLD ${UNSET:-7} \"${GPUS}x\"\n");
    ASSERT_EQ(s.commands.size(), 1u);
    EXPECT_EQ(words(s), (std::vector<std::string>{"echo", "8", "4", "32", "7", "8x"}));
}

TEST(ShellScriptExpansion, ExpandsArraysWithAppendAndWordSplitting) {
    const auto s = parseShellScript(
        "ARGS=(\n  --a 1 # comment\n  --b \"x y\"\n)\nARGS+=(--c)\nFLAGS=\"--d 2  --e\"\n"
        "cmd ${ARGS[@]} \"${ARGS[@]}\" $FLAGS \"$FLAGS\"\n");
    ASSERT_EQ(s.commands.size(), 1u);
    EXPECT_EQ(words(s),
              (std::vector<std::string>{"cmd", "--a", "1", "--b", "x", "y", "--c", "--a", "1",
                                        "--b", "x y", "--c", "--d", "2", "--e", "--d 2  --e"}));
}

TEST(ShellScriptExpansion, LeavesUnsetVariablesAndCommandSubstitutionUnresolved) {
    const auto s = parseShellScript(
        "cmd --tp $TP --pp ${PP} --host $(hostname) --n `nproc` --x ${Y:?need Y}\n");
    ASSERT_EQ(s.commands.size(), 1u);
    const auto& w = s.commands[0].words;
    ASSERT_EQ(w.size(), 11u);
    EXPECT_EQ(w[2].text, "$TP");
    ASSERT_EQ(w[2].unresolved.size(), 1u);
    EXPECT_EQ(w[2].unresolved[0], "$TP");
    EXPECT_EQ(w[4].unresolved[0], "$PP");
    EXPECT_EQ(w[6].unresolved[0], "$(hostname)");
    EXPECT_EQ(w[8].unresolved[0], "`nproc`");
    EXPECT_EQ(w[10].unresolved[0], "$Y");
    EXPECT_TRUE(w[1].resolved());
}

TEST(ShellScriptExpansion, SeedsVariablesFromTheEnvironment) {
    const auto s = parseShellScript("torchrun --nnodes $SLURM_NNODES\n", {{"SLURM_NNODES", "16"}});
    EXPECT_EQ(words(s), (std::vector<std::string>{"torchrun", "--nnodes", "16"}));
}

TEST(ShellScriptExpansion, DropsRedirectionsAndSkipsHeredocs) {
    const auto s = parseShellScript(
        "cat > cfg.json <<EOF\n{\"a\": 1}\n--not-a-flag\nEOF\nrun 2>&1 --x 1 > out.log\n");
    ASSERT_EQ(s.commands.size(), 2u);
    EXPECT_EQ(words(s, 0), (std::vector<std::string>{"cat"}));
    EXPECT_EQ(words(s, 1), (std::vector<std::string>{"run", "--x", "1"}));
}

TEST(ShellScriptExpansion, ControlKeywordsDoNotHideAssignments) {
    const auto s = parseShellScript("if [ -z \"$TP\" ]; then TP=4; fi\ncmd $TP\n");
    ASSERT_FALSE(s.commands.empty());
    EXPECT_EQ(words(s, s.commands.size() - 1), (std::vector<std::string>{"cmd", "4"}));
}

TEST(ShellScriptExpansion, ReportsUnterminatedQuotes) {
    const auto s = parseShellScript("cmd 'open\nmore");
    ASSERT_EQ(s.problems.size(), 1u);
    // The line where the quote opened, not where the file ended.
    EXPECT_EQ(s.problems[0], "line 1: the single quote opened here is never closed");
}

// Inputs that break naive tokenizers: each must parse without crashing or hanging.
TEST(ShellScriptExpansion, IsTotalOnHostileInput) {
    std::vector<std::string> inputs = {
        "",
        "\\",
        "$",
        "${",
        "$(",
        "$((",
        "`",
        "'",
        "\"",
        "${a:-${b:-${c:-",
        "A=(",
        "A=( ( ) )",
        "<<",
        "<<EOF",
        "$((1/0)) $((9223372036854775807*2)) $((-9223372036854775807-1 / -1)) $((((((((1))))))))",
        std::string(100000, '-'),
        "$((" + std::string(100000, '-') + "1))",
        std::string(50000, '('),
        std::string(50000, '{'),
        "x=${x:-" + std::string(5000, '{'),
        std::string("\0\x01\xff\xfe", 4)};
    std::string doubling = "A=x\n";
    for (int i = 0; i < 60; ++i)
        doubling += "A=$A$A$A\n";
    doubling += "cmd $A\n";
    inputs.push_back(doubling);
    std::string arrays = "A=(1 2 3 4 5 6 7 8)\n";
    for (int i = 0; i < 40; ++i)
        arrays += "A+=(${A[@]} ${A[@]})\n";
    arrays += "cmd ${A[@]} ${A[@]} ${A[@]}\n";
    inputs.push_back(arrays);
    std::string deep;
    for (int i = 0; i < 2000; ++i)
        deep += "${V:-";
    inputs.push_back(deep);
    std::mt19937 rng(12345);
    for (int n = 0; n < 300; ++n) {
        std::string s;
        const std::string alphabet = "ab$`'\"\\(){}[]#;&|<> \n\t=+-*/%:?@!0123456789";
        const int len = static_cast<int>(rng() % 400);
        for (int i = 0; i < len; ++i)
            s += n % 3 == 0 ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()];
        inputs.push_back(s);
    }
    for (const auto& in : inputs) {
        const ShellScript s = parseShellScript(in);
        std::size_t total = 0;
        for (const auto& c : s.commands)
            for (const auto& w : c.words) {
                total += w.text.size();
                EXPECT_LE(w.unresolved.size(), 16u);
            }
        EXPECT_LT(total, 64u << 20) << "input of " << in.size() << " bytes";
    }
}

} // namespace
} // namespace trainplan::model::io
