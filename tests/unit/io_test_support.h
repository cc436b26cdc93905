#pragma once

// Shared helpers for the io_*_test.cpp files: fixtures, the catalog, and issue matchers.

#include <trainplan/model/catalog.h>
#include <trainplan/model/io/import_issue.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace trainplan::model::io::test {

inline std::string fixturePath(const std::string& relative) {
    return (std::filesystem::path(TRAINPLAN_TEST_FIXTURES_DIR) / "io" / relative).string();
}

inline std::string readFixture(const std::string& relative) {
    std::ifstream in(fixturePath(relative), std::ios::binary);
    EXPECT_TRUE(in.good()) << "missing fixture " << relative;
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline const Catalog& testCatalog() {
    static const Catalog c =
        loadCatalog(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return c;
}

inline std::string dump(const ImportIssues& issues) {
    std::string s;
    for (const auto& i : issues)
        s += "  " + i.text() + "\n";
    return s;
}

// An issue of this severity whose key contains `key` and whose message contains `text`.
inline bool hasIssue(const ImportIssues& issues, Severity sev, const std::string& key,
                     const std::string& text) {
    for (const auto& i : issues)
        if (i.severity == sev && i.key.find(key) != std::string::npos &&
            i.message.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace trainplan::model::io::test
