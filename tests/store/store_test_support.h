#pragma once

// Shared helpers of the store tests: temporary directories, the built-in catalog, scenario texts.

#include <trainplan/model/catalog.h>
#include <trainplan/store/store.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <pwd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace trainplan::test {

namespace fs = std::filesystem;

// A fresh directory under the system temp directory, removed (with everything in it) at the end.
class TempDir {
public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "trainplan-store-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("mkdtemp " + pattern + ": " + std::strerror(errno));
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    [[nodiscard]] const fs::path& path() const { return m_path; }
    [[nodiscard]] fs::path operator/(const std::string& name) const { return m_path / name; }

private:
    fs::path m_path;
};

// Whether a library error names the database file (every StoreError's what() starts with it).
inline bool mentions(const store::StoreError& e, const fs::path& path) {
    return std::string(e.what()).find(path.string()) != std::string::npos;
}

inline std::string readFile(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline void writeFile(const fs::path& file, const std::string& bytes) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << bytes;
}

inline const model::Catalog& builtinCatalog() {
    static const model::Catalog catalog =
        model::loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return catalog;
}

// Short busy timeout so lock tests finish quickly.
inline store::StoreOptions testOptions() {
    store::StoreOptions o;
    o.builtinCatalog = builtinCatalog();
    o.busyTimeout = std::chrono::milliseconds(200);
    return o;
}

inline store::Store openTestStore(const fs::path& file) {
    return store::Store::open(file, testOptions());
}
inline store::Store memoryStore() {
    return store::Store::openInMemory(testOptions());
}

inline std::string dataText(const std::string& relative) {
    return readFile(fs::path(TRAINPLAN_TEST_DATA_DIR) / relative);
}

// A valid scenario (llama2-7b on 8 PCIe A100s, one FSDP plan) named `name`, with `description`.
inline nlohmann::json scenarioJson(const std::string& name, const std::string& description = "") {
    nlohmann::json doc = nlohmann::json::parse(dataText("scenarios/llama2-7b-a100x8-pcie.json"));
    doc["name"] = name;
    doc["plans"] = nlohmann::json::array(
        {{{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", 2}, {"zero_stage", 3}}});
    if (!description.empty()) doc["description"] = description;
    return doc;
}

// The body of the current version of a stored scenario, parsed.
inline nlohmann::json storedBody(store::Store& s, const std::string& name) {
    return nlohmann::json::parse(s.scenario(name).body);
}

// Runs `body` and returns the StoreError it throws (fails the test when it does not throw).
template <typename F> store::StoreError storeErrorOf(F&& body) {
    try {
        body();
    } catch (const store::StoreError& e) {
        return e;
    }
    throw std::runtime_error("expected a StoreError, nothing was thrown");
}

inline bool runningAsRoot() {
    return ::geteuid() == 0;
}

// Runs `body` in a child process as an unprivileged user (root ignores file permissions) or, when
// the tests do not run as root, directly. `body` returns true on success.
template <typename F> void asUnprivilegedUser(F&& body) {
    if (!runningAsRoot()) {
        EXPECT_TRUE(body());
        return;
    }
    const passwd* nobody = ::getpwnam("nobody");
    if (nobody == nullptr) GTEST_SKIP() << "no 'nobody' user to drop root privileges to";
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        int code = 3;
        if (::setgid(nobody->pw_gid) == 0 && ::setuid(nobody->pw_uid) == 0) {
            try {
                code = body() ? 0 : 1;
            } catch (...) {
                code = 2;
            }
        }
        ::_exit(code);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0)
        << "1: an expectation failed in the child, 2: it threw, 3: setuid failed";
}

} // namespace trainplan::test
