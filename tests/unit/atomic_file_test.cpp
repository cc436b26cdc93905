// model::writeFileAtomically, the one writer behind every output file (issue 22 item 1).

#include <trainplan/model/atomic_file.h>

#include "../common/small_tmpfs.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using trainplan::model::WriteError;
using trainplan::model::writeFileAtomically;

class Dir {
public:
    Dir() {
        std::string pattern = (fs::temp_directory_path() / "trainplan-atomic-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error(std::strerror(errno));
        m_path = pattern;
    }
    ~Dir() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    fs::path operator/(const std::string& name) const { return m_path / name; }
    const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

std::string readAll(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeBytes(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

int entries(const fs::path& dir) {
    int n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir))
        ++n;
    return n;
}

mode_t modeOf(const fs::path& file) {
    struct stat st {};
    EXPECT_EQ(::stat(file.c_str(), &st), 0) << file;
    return st.st_mode & 07777;
}

mode_t currentUmask() {
    const mode_t m = ::umask(022);
    ::umask(m);
    return m;
}

std::string messageOf(const fs::path& file, const std::string& bytes) {
    try {
        writeFileAtomically(file, bytes);
    } catch (const WriteError& e) {
        return e.what();
    }
    return "no error";
}

TEST(atomicFile, ANewFileGetsTheBytesAndTheUmaskedMode) {
    Dir dir;
    writeFileAtomically(dir / "a.csv", "x,y\n1,2\n");
    EXPECT_EQ(readAll(dir / "a.csv"), "x,y\n1,2\n");
    EXPECT_EQ(modeOf(dir / "a.csv"), 0666 & ~currentUmask());
    writeFileAtomically(dir / "run.sh", "#!/bin/sh\n", {.executable = true});
    EXPECT_EQ(modeOf(dir / "run.sh"), 0777 & ~currentUmask());
    EXPECT_EQ(entries(dir.path()), 2) << "no temporary file may be left behind";
}

TEST(atomicFile, ReplacingAFileKeepsItsPermissions) {
    Dir dir;
    writeBytes(dir / "r.md", "old");
    ASSERT_EQ(::chmod((dir / "r.md").c_str(), 0640), 0);
    writeFileAtomically(dir / "r.md", "new and longer");
    EXPECT_EQ(readAll(dir / "r.md"), "new and longer");
    EXPECT_EQ(modeOf(dir / "r.md"), 0640u);
    EXPECT_EQ(entries(dir.path()), 1);
}

TEST(atomicFile, OutputOntoASymlinkWritesTheLinksTargetAndKeepsTheLink) {
    Dir dir;
    fs::create_directory(dir / "real");
    writeBytes(dir / "real" / "report.json", "{}");
    fs::create_symlink("real/report.json", dir / "link.json"); // relative to the link's directory
    writeFileAtomically(dir / "link.json", "{\"v\": 2}");
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir / "link.json")));
    EXPECT_EQ(readAll(dir / "real" / "report.json"), "{\"v\": 2}");
    // A dangling link creates its target.
    fs::create_symlink(dir / "real" / "new.json", dir / "dangling.json");
    writeFileAtomically(dir / "dangling.json", "[]");
    EXPECT_EQ(readAll(dir / "real" / "new.json"), "[]");
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir / "dangling.json")));
}

TEST(atomicFile, ASymlinkLoopIsAnErrorNamingTheFile) {
    Dir dir;
    fs::create_symlink(dir / "b", dir / "a");
    fs::create_symlink(dir / "a", dir / "b");
    EXPECT_NE(messageOf(dir / "a", "x").find("too many levels of symbolic links"),
              std::string::npos);
}

TEST(atomicFile, OutputOntoAFifoIsRefusedInsteadOfBlocking) {
    Dir dir;
    ASSERT_EQ(::mkfifo((dir / "pipe.csv").c_str(), 0600), 0) << std::strerror(errno);
    const std::string message = messageOf(dir / "pipe.csv", "a,b\n");
    EXPECT_NE(message.find("pipe.csv: is a FIFO (named pipe), not a regular file"),
              std::string::npos)
        << message;
    struct stat st {};
    ASSERT_EQ(::lstat((dir / "pipe.csv").c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO must stay a FIFO";
    EXPECT_EQ(entries(dir.path()), 1);
}

TEST(atomicFile, OutputOntoADeviceIsRefusedAndTheDeviceNodeStays) {
    Dir dir;
    const fs::path node = dir / "full";
    if (::geteuid() == 0) {
        // A private copy of /dev/full (char 1,7): a regression here cannot damage the real one.
        ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 7)), 0) << std::strerror(errno);
    } else {
        fs::create_symlink("/dev/null", node); // without root, /dev/null cannot be replaced
    }
    const std::string message = messageOf(node, "{}");
    EXPECT_NE(message.find("is a character device, not a regular file"), std::string::npos)
        << message;
    struct stat st {};
    ASSERT_EQ(::stat(node.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(atomicFile, ADirectoryAtThePathIsRefused) {
    Dir dir;
    fs::create_directory(dir / "out.pdf");
    EXPECT_NE(messageOf(dir / "out.pdf", "%PDF").find("is a directory"), std::string::npos);
}

TEST(atomicFile, AMissingDirectoryIsAnErrorNamingIt) {
    Dir dir;
    const std::string message = messageOf(dir / "no" / "such" / "x.csv", "a");
    EXPECT_NE(message.find("cannot create a temporary file in " + (dir / "no" / "such").string()),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
}

TEST(atomicFile, AFullDiskFailsWithTheReasonAndLeavesTheOldFileByteIdentical) {
    trainplan::test::SmallTmpfs disk(64 * 1024);
    if (!disk.mounted()) GTEST_SKIP() << disk.skipReason();
    const fs::path file = disk.path() / "comparison.csv";
    writeBytes(file, "role,framework\nbest,megatron\n");
    disk.fill();
    const std::string message = messageOf(file, std::string(20000, 'y'));
    EXPECT_NE(message.find(file.string() + ": cannot write (No space left on device); the "
                                           "previous file was left unchanged"),
              std::string::npos)
        << message;
    EXPECT_EQ(readAll(file), "role,framework\nbest,megatron\n");
    EXPECT_EQ(entries(disk.path()), 2) << "the temporary file must be removed";

    const std::string fresh = messageOf(disk.path() / "new.csv", std::string(20000, 'y'));
    EXPECT_NE(fresh.find("no file was written"), std::string::npos) << fresh;
    EXPECT_FALSE(fs::exists(disk.path() / "new.csv"));
}

} // namespace
