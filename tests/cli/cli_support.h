#pragma once

// Runs the real trainplan-cli binary (TRAINPLAN_CLI_EXE) for end-to-end tests: arguments are passed
// as-is (no shell), stdin is /dev/null, stdout and stderr are captured through temporary files.
// The child's environment is the test's, plus, unless `env` overrides them:
//   TRAINPLAN_DATA_DIR  the source tree's data/
//   TRAINPLAN_DB        a library database private to this test process (testDatabasePath()), so
//                       tests never read or write the user's ~/.local/share/trainplan/trainplan.db;
//                       every runCli of one test sees the same database.
//
//   const CliRun r = runCli({"check", dataFile("scenarios/llama31-70b-h100x256.json")});
//   EXPECT_EQ(r.exitCode, 0) << r.err;

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace trainplan::test {

struct CliRun {
    int exitCode = -1; // the process exit status; 128 + N when killed by signal N
    std::string out;
    std::string err;
};

// A file under the source tree's data/ directory, e.g. dataFile("scenarios/x.json").
// A JSON file a command wrote.
inline nlohmann::json readJson(const std::string& file) {
    std::ifstream in(file);
    return nlohmann::json::parse(in);
}

// The lines of a command's output, without their newlines.
inline std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// How many newline-terminated lines a command printed.
inline std::size_t countLines(const std::string& s) {
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

inline std::string dataFile(const std::string& relative) {
    return (std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / relative).string();
}

// A file under tests/fixtures/, e.g. fixtureFile("scenarios/bad/01-empty.json").
inline std::string fixtureFile(const std::string& relative) {
    return (std::filesystem::path(TRAINPLAN_TEST_FIXTURES_DIR) / relative).string();
}

namespace detail {

// A directory private to this test process, removed when the process exits.
class ProcessTempDir {
public:
    ProcessTempDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "trainplan-cli-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("mkdtemp " + pattern + ": " + std::strerror(errno));
        m_path = pattern;
    }
    ~ProcessTempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

inline const std::filesystem::path& processTempDir() {
    static const ProcessTempDir dir;
    return dir.path();
}

inline std::string readAll(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A unique empty file in the temp directory; returns its path.
inline std::string makeTempFile(const char* tag) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / (std::string("trainplan-cli-") + tag + "-XXXXXX"))
            .string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error("mkstemp " + pattern + ": " + std::strerror(errno));
    ::close(fd);
    return pattern;
}

} // namespace detail

// The library database runCli gives the CLI (the file need not exist yet).
inline std::string testDatabasePath() {
    return (detail::processTempDir() / "library.db").string();
}

// The store tests' scenario: llama2-7b on 8 PCIe A100s with one FSDP plan, named `name`, with
// `description` (distinct descriptions make distinct versions).
inline nlohmann::json libraryScenarioJson(const std::string& name, const std::string& description) {
    nlohmann::json doc =
        nlohmann::json::parse(detail::readAll(dataFile("scenarios/llama2-7b-a100x8-pcie.json")));
    doc["name"] = name;
    doc["description"] = description;
    doc["plans"] = nlohmann::json::array(
        {{{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", 2}, {"zero_stage", 3}}});
    return doc;
}

// A scratch directory private to this test process (removed at exit), e.g. for -o outputs.
inline std::filesystem::path testTempDir() {
    return detail::processTempDir();
}

// `env` adds or replaces environment variables of the child (e.g. {{"TRAINPLAN_DATA_DIR", dir}}).
// `stdoutPath`, when set, is the child's standard output instead of a capture file (e.g.
// "/dev/full"); run.out is then empty.
inline CliRun runCli(const std::vector<std::string>& args,
                     const std::map<std::string, std::string>& env = {},
                     const std::string& stdoutPath = {}) {
    const std::string outFile = detail::makeTempFile("out");
    const std::string errFile = detail::makeTempFile("err");

    std::map<std::string, std::string> vars;
    for (char** e = environ; e && *e; ++e) {
        const std::string kv(*e);
        const auto eq = kv.find('=');
        if (eq != std::string::npos) vars[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    vars["TRAINPLAN_DATA_DIR"] = TRAINPLAN_TEST_DATA_DIR;
    vars["TRAINPLAN_DB"] = testDatabasePath();
    for (const auto& [k, v] : env)
        vars[k] = v;
    std::vector<std::string> envStrings;
    for (const auto& [k, v] : vars)
        envStrings.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& s : envStrings)
        envp.push_back(s.data());
    envp.push_back(nullptr);

    std::vector<std::string> argStrings{TRAINPLAN_CLI_EXE};
    argStrings.insert(argStrings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : argStrings)
        argv.push_back(s.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (stdoutPath.empty())
        posix_spawn_file_actions_addopen(&actions, 1, outFile.c_str(), O_WRONLY | O_TRUNC, 0);
    else
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath.c_str(), O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, errFile.c_str(), O_WRONLY | O_TRUNC, 0);
    pid_t pid = 0;
    const int rc =
        ::posix_spawn(&pid, TRAINPLAN_CLI_EXE, &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);

    CliRun run;
    if (rc != 0) {
        run.err = std::string("cannot start ") + TRAINPLAN_CLI_EXE + ": " + std::strerror(rc);
    } else {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status))
            run.exitCode = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            run.exitCode = 128 + WTERMSIG(status);
        run.out = detail::readAll(outFile);
        run.err = detail::readAll(errFile);
    }
    std::error_code ec;
    std::filesystem::remove(outFile, ec);
    std::filesystem::remove(errFile, ec);
    return run;
}

// A test with a library database of its own, under a directory named after the test: run()
// passes it with --db.
class LibraryCliTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = testTempDir() / ::testing::UnitTest::GetInstance()->current_test_info()->name();
        std::filesystem::create_directories(m_dir);
    }
    CliRun run(std::vector<std::string> args) {
        args.insert(args.begin(), {"--db", (m_dir / "library.db").string()});
        return runCli(args);
    }
    std::filesystem::path m_dir;
};

} // namespace trainplan::test
