// --web-root: symbolic links out of the folder are not followed, only
// regular files are served, sizes are checked before reading, and big files
// are handed over open instead of read into memory.
#include "gateway/static_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace caipan::gateway {
namespace {

namespace fs = std::filesystem;

class WebRootTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (fs::temp_directory_path() / "caipan-web-root-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    base_ = pattern;
    root_ = base_ / "web";
    fs::create_directories(root_ / "js");
    fs::create_directories(base_ / "web2");
    Write(root_ / "index.html", "<p>hi</p>");
    Write(root_ / "js" / "app.js", "export {};");
    Write(base_ / "web2" / "secret.txt", "secret");
    Write(base_ / "outside.txt", "outside");
  }
  void TearDown() override { fs::remove_all(base_); }

  static void Write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  // A sparse file of `bytes`: no disk, no memory.
  static void Sparse(const fs::path& path, uintmax_t bytes) {
    Write(path, "");
    fs::resize_file(path, bytes);
  }

  fs::path base_;
  fs::path root_;
};

TEST_F(WebRootTest, ServesFilesInsideTheFolder) {
  StaticFiles files = StaticFiles::FromDirectory(root_.string());
  auto index = files.Find("/");
  ASSERT_TRUE(index.has_value());
  EXPECT_EQ(index->body, "<p>hi</p>");
  EXPECT_FALSE(index->stream.is_open());
  EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
  auto app = files.Find("/js/app.js");
  ASSERT_TRUE(app.has_value());
  EXPECT_EQ(app->body, "export {};");
  // A link that stays inside the folder is followed.
  fs::create_symlink(root_ / "js" / "app.js", root_ / "alias.js");
  auto alias = files.Find("/alias.js");
  ASSERT_TRUE(alias.has_value());
  EXPECT_EQ(alias->body, "export {};");
}

TEST_F(WebRootTest, LinksOutOfTheFolderAreNotFollowed) {
  fs::create_symlink("/etc/passwd", root_ / "passwd.txt");
  fs::create_symlink("/etc", root_ / "etc");
  fs::create_symlink(base_ / "outside.txt", root_ / "outside.txt");
  // A sibling whose name starts with the folder's: "web2" is not in "web".
  fs::create_symlink(base_ / "web2" / "secret.txt", root_ / "secret.txt");
  fs::create_symlink("../web2", root_ / "js" / "up");
  StaticFiles files = StaticFiles::FromDirectory(root_.string());
  for (const char* path : {"/passwd.txt", "/etc/passwd", "/outside.txt",
                           "/secret.txt", "/js/up/secret.txt"}) {
    EXPECT_FALSE(files.Find(path).has_value()) << path;
  }
}

TEST_F(WebRootTest, TheFolderMayItselfBeALink) {
  fs::create_symlink(root_, base_ / "link-to-web");
  StaticFiles files =
      StaticFiles::FromDirectory((base_ / "link-to-web").string());
  EXPECT_TRUE(files.Find("/js/app.js").has_value());
  fs::create_symlink("/etc/passwd", root_ / "passwd.txt");
  EXPECT_FALSE(files.Find("/passwd.txt").has_value());
}

TEST_F(WebRootTest, OnlyRegularFiles) {
  ASSERT_EQ(::mkfifo((root_ / "fifo.txt").c_str(), 0600), 0);
  StaticFiles files = StaticFiles::FromDirectory(root_.string());
  // A FIFO nobody writes to: refused at once, the thread not held.
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(files.Find("/fifo.txt").has_value());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_FALSE(files.Find("/js").has_value());
}

TEST_F(WebRootTest, BigFilesAreStreamedAndTooBigOnesRefusedUnread) {
  Write(root_ / "medium.js", std::string(kMaxInMemoryFileBytes + 1, 'x'));
  Sparse(root_ / "limit.png", kMaxWebRootFileBytes);
  Sparse(root_ / "over.png", kMaxWebRootFileBytes + 1);
  Sparse(root_ / "huge.png", uintmax_t{512} << 20);
  StaticFiles files = StaticFiles::FromDirectory(root_.string());

  auto medium = files.Find("/medium.js");
  ASSERT_TRUE(medium.has_value());
  EXPECT_TRUE(medium->body.empty());
  ASSERT_TRUE(medium->stream.is_open());
  struct stat info;
  ASSERT_EQ(::fstat(medium->stream.get(), &info), 0);
  EXPECT_EQ(static_cast<uint64_t>(info.st_size), kMaxInMemoryFileBytes + 1);
  EXPECT_EQ(medium->content_type, "text/javascript; charset=utf-8");

  auto limit = files.Find("/limit.png");
  ASSERT_TRUE(limit.has_value());
  EXPECT_TRUE(limit->body.empty());
  EXPECT_TRUE(limit->stream.is_open());

  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(files.Find("/over.png").has_value());
  EXPECT_FALSE(files.Find("/huge.png").has_value());
  EXPECT_LT(std::chrono::steady_clock::now() - start,
            std::chrono::milliseconds(500));
}

TEST(FileHandleTest, ClosesItsDescriptorOnce) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  {
    FileHandle read_end(fds[0]);
    FileHandle moved = std::move(read_end);
    EXPECT_FALSE(read_end.is_open());  // NOLINT(bugprone-use-after-move)
    EXPECT_TRUE(moved.is_open());
  }
  // Closed: the descriptor is no longer valid.
  EXPECT_EQ(::fcntl(fds[0], F_GETFD), -1);
  FileHandle kept(fds[1]);
  const int fd = kept.Release();
  EXPECT_FALSE(kept.is_open());
  EXPECT_EQ(::close(fd), 0);
}

}  // namespace
}  // namespace caipan::gateway
