// The PostgreSQL password from a file, joined to the conninfo as libpq reads
// it; errors about a conninfo or a store spec never repeat a password.
#include "store/postgres_password.h"

#include <libpq-fe.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/game_store.h"
#include "store/postgres_conn.h"

namespace caipan::store {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The password libpq reads from `conninfo`; "" when none.
std::string LibpqPassword(const std::string& conninfo) {
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), nullptr);
  EXPECT_NE(options, nullptr) << conninfo;
  if (options == nullptr) return "";
  std::string password;
  for (PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (std::strcmp(o->keyword, "password") == 0 && o->val != nullptr)
      password = o->val;
  }
  PQconninfoFree(options);
  return password;
}

class PasswordFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (std::filesystem::temp_directory_path() /
             ("caipan-password-" + std::to_string(::getpid())))
                .string();
  }
  void TearDown() override { std::filesystem::remove(path_); }
  void Write(const std::string& text) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  std::string path_;
};

TEST_F(PasswordFileTest, FirstLineWithoutItsEnd) {
  Write("s3cret pass\r\nignored\n");
  absl::StatusOr<std::string> password = ReadPasswordFile(path_);
  ASSERT_TRUE(password.ok()) << password.status();
  EXPECT_EQ(*password, "s3cret pass");
  Write("no line end");
  EXPECT_EQ(*ReadPasswordFile(path_), "no line end");
}

TEST_F(PasswordFileTest, ErrorsNameTheFile) {
  Write("\nsecond line\n");
  EXPECT_THAT(ReadPasswordFile(path_).status().message(),
              HasSubstr("\"" + path_ + "\": the first line is empty"));
  Write(std::string(kMaxPasswordBytes + 1, 'x'));
  EXPECT_THAT(ReadPasswordFile(path_).status().message(),
              HasSubstr("more than 1024 bytes"));
  EXPECT_THAT(ReadPasswordFile(path_ + ".missing").status().message(),
              HasSubstr("cannot read the password file"));
}

TEST(ConninfoWithPasswordTest, LibpqReadsThePasswordBack) {
  for (const char* password : {"plain", "with space", "quote'and\\backslash",
                               "p@ss:w/rd?&=#%", "王天一"}) {
    absl::StatusOr<std::string> keywords =
        ConninfoWithPassword("host=db dbname=caipan", password);
    ASSERT_TRUE(keywords.ok()) << keywords.status();
    EXPECT_EQ(LibpqPassword(*keywords), password) << *keywords;
    for (const char* uri : {"postgresql://caipan@db/caipan",
                            "postgres://db/caipan?sslmode=disable"}) {
      absl::StatusOr<std::string> with = ConninfoWithPassword(uri, password);
      ASSERT_TRUE(with.ok()) << with.status();
      EXPECT_EQ(LibpqPassword(*with), password) << *with;
    }
  }
}

TEST(ConninfoWithPasswordTest, OnePlaceOnly) {
  for (const char* conninfo :
       {"host=db password=x", "postgresql://u:x@db/caipan",
        "postgresql://db/caipan?password=x"}) {
    absl::StatusOr<std::string> with = ConninfoWithPassword(conninfo, "y");
    EXPECT_EQ(with.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(with.status().message(), HasSubstr("already gives a password"));
  }
}

TEST_F(PasswordFileTest, OnlyForAPostgresStore) {
  Write("s3cret\n");
  absl::StatusOr<std::string> spec =
      StoreSpecWithPasswordFile("postgres:host=db", path_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(LibpqPassword(spec->substr(9)), "s3cret");
  for (const char* other : {"", "memory", "sqlite:x.db", "postgres:"}) {
    EXPECT_THAT(StoreSpecWithPasswordFile(other, path_).status().message(),
                HasSubstr("needs --store postgres:"))
        << other;
  }
}

TEST(ConninfoErrorsTest, NoPieceOfAPasswordIsQuoted) {
  // libpq would say: missing "=" after "half" in connection info string.
  absl::Status status = pg::CheckConninfo("host=db password=first half");
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), Not(HasSubstr("half")));
  EXPECT_THAT(status.message(), HasSubstr("missing \"…\" after \"…\""));
  status = pg::CheckConninfo("postgresql://u:s3cret@[::1/db");
  EXPECT_THAT(status.message(), Not(HasSubstr("s3cret")));
  // Without a password the message keeps what libpq quotes.
  status = pg::CheckConninfo("host=db nonsense");
  EXPECT_THAT(status.message(), HasSubstr("\"nonsense\""));
}

TEST(OpenStoreErrorsTest, ASpecWithoutPrefixIsNotRepeated) {
  absl::StatusOr<std::unique_ptr<GameStore>> store =
      OpenStore("postgresql://caipan:s3cret@db/caipan", "");
  EXPECT_EQ(store.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(store.status().message(), Not(HasSubstr("s3cret")));
  EXPECT_THAT(store.status().message(), HasSubstr("after \"postgres:\""));
}

}  // namespace
}  // namespace caipan::store
