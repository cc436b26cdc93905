#pragma once

// A small tmpfs mounted on a fresh directory, for disk-full tests: the real ENOSPC of a real file
// system, not a mocked write. Mounting needs root (CI runs as root); elsewhere mounted() is false
// and skipReason() says why, for GTEST_SKIP.
//
//   SmallTmpfs disk(64 * 1024);
//   if (!disk.mounted()) GTEST_SKIP() << disk.skipReason();
//   writeBytes(disk.path() / "old.csv", "previous");
//   disk.fill();                      // every free block taken: the next write fails with ENOSPC

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

namespace trainplan::test {

class SmallTmpfs {
public:
    explicit SmallTmpfs(std::size_t bytes) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "trainplan-tmpfs-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("mkdtemp " + pattern + ": " + std::strerror(errno));
        m_path = pattern;
        if (::geteuid() != 0) {
            m_skip = "disk-full test skipped: mounting a small tmpfs needs root (CI runs as root)";
            return;
        }
        const std::string options = "size=" + std::to_string(bytes) + ",mode=0777";
        if (::mount("tmpfs", m_path.c_str(), "tmpfs", 0, options.c_str()) != 0) {
            m_skip = "disk-full test skipped: cannot mount a tmpfs on " + m_path.string() + " (" +
                     std::strerror(errno) + ")";
            return;
        }
        m_mounted = true;
    }
    ~SmallTmpfs() {
        if (m_mounted) ::umount2(m_path.c_str(), MNT_DETACH);
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    SmallTmpfs(const SmallTmpfs&) = delete;
    SmallTmpfs& operator=(const SmallTmpfs&) = delete;

    [[nodiscard]] bool mounted() const { return m_mounted; }
    [[nodiscard]] const std::string& skipReason() const { return m_skip; }
    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

    // Takes every free block with a filler file; throws unless the file system ends up full.
    void fill() const {
        const std::string filler = (m_path / "filler").string();
        const int fd = ::open(filler.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (fd < 0) throw std::runtime_error("open " + filler + ": " + std::strerror(errno));
        const std::string block(4096, 'x');
        for (;;) {
            const ssize_t n = ::write(fd, block.data(), block.size());
            if (n > 0) continue;
            const int error = errno;
            ::close(fd);
            if (n < 0 && error == ENOSPC) break;
            throw std::runtime_error("filling " + filler + ": " + std::strerror(error));
        }
        // A byte may still fit in the last partly used page: take it too.
        const int fd2 = ::open(filler.c_str(), O_WRONLY | O_APPEND);
        while (fd2 >= 0 && ::write(fd2, "x", 1) == 1) {
        }
        if (fd2 >= 0) ::close(fd2);
    }

private:
    std::filesystem::path m_path;
    bool m_mounted = false;
    std::string m_skip;
};

} // namespace trainplan::test
