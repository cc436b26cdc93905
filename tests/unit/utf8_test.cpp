// Text that is not UTF-8 is refused where it enters, naming the file and the byte offset (issue 22
// item 16): it used to reach JSON output, which nlohmann refuses with type_error.316.

#include <trainplan/model/csv.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/model/utf8.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::model {
namespace {

TEST(utf8, FirstInvalidByteFollowsRfc3629) {
    EXPECT_EQ(firstInvalidUtf8("plain ASCII\n"), std::nullopt);
    EXPECT_EQ(firstInvalidUtf8("中文 Ünïcode €𝄞"), std::nullopt);
    EXPECT_EQ(firstInvalidUtf8("caf\xE9 au lait"), 3u);        // Latin-1 é
    EXPECT_EQ(firstInvalidUtf8("ab\xC0\xAF"), 2u);             // overlong '/'
    EXPECT_EQ(firstInvalidUtf8("x\xED\xA0\x80"), 1u);          // a UTF-16 surrogate
    EXPECT_EQ(firstInvalidUtf8("\xF4\x90\x80\x80"), 0u);       // above U+10FFFF
    EXPECT_EQ(firstInvalidUtf8("ok\xE4\xB8"), 2u);             // truncated sequence
    EXPECT_EQ(invalidUtf8Message("a\nb\ncaf\xE9"),
              "is not UTF-8 text: byte 0xE9 at offset 7 (line 3)");
}

TEST(utf8, ACsvWithALatin1ByteIsRefusedWithItsLineAndOffset) {
    const CsvDocument doc = parseCsv("source,model_name,notes\npaper,A,caf\xE9\n");
    ASSERT_TRUE(doc.error.has_value());
    EXPECT_EQ(doc.error->text(),
              "line 2: byte 0xE9 at offset 35 is not UTF-8 text (save the file as UTF-8)");
}

TEST(utf8, AnImportedScriptWithALatin1ByteIsAnErrorNamingTheFile) {
    const io::ImportResult r = io::importTexts(
        {{"train.sh", "torchrun --nproc-per-node 8 pretrain_gpt.py --tensor-model-parallel-size 2 "
                      "--data-path /data/caf\xE9\n"}},
        io::test::testCatalog());
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(io::test::hasIssue(r.issues, io::Severity::Error, "",
                                   "is not UTF-8 text: byte 0xE9 at offset"))
        << io::test::dump(r.issues);
    bool namesFile = false;
    for (const auto& i : r.issues)
        namesFile = namesFile || (i.file == "train.sh" && i.message.find("UTF-8") != std::string::npos);
    EXPECT_TRUE(namesFile) << io::test::dump(r.issues);
}

} // namespace
} // namespace trainplan::model
