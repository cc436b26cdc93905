// The RFC 4180 CSV reader: quoting, line breaks, BOM, errors with line numbers, garbage.

#include <trainplan/model/csv.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

namespace trainplan::model {
namespace {

using Fields = std::vector<std::string>;

std::vector<Fields> fieldsOf(const CsvDocument& doc) {
    std::vector<Fields> out;
    for (const auto& r : doc.records)
        out.push_back(r.fields);
    return out;
}

TEST(csvReader, PlainRecords) {
    const auto doc = parseCsv("a,b,c\n1,2,3\n");
    ASSERT_TRUE(doc.ok());
    EXPECT_EQ(fieldsOf(doc), (std::vector<Fields>{{"a", "b", "c"}, {"1", "2", "3"}}));
    EXPECT_EQ(doc.records[1].line, 2u);
}

TEST(csvReader, LastRecordNeedsNoLineBreak) {
    EXPECT_EQ(fieldsOf(parseCsv("a,b\n1,2")), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
}

TEST(csvReader, EmptyFieldsAreKept) {
    EXPECT_EQ(fieldsOf(parseCsv(",a,,\n")), (std::vector<Fields>{{"", "a", "", ""}}));
    EXPECT_EQ(fieldsOf(parseCsv("a,")), (std::vector<Fields>{{"a", ""}}));
}

TEST(csvReader, QuotedFieldsHoldCommasQuotesAndLineBreaks) {
    const auto doc = parseCsv("\"a, b\",\"say \"\"hi\"\"\",\"two\nlines\",\"\"\nnext,row\n");
    ASSERT_TRUE(doc.ok()) << doc.error->text();
    EXPECT_EQ(fieldsOf(doc),
              (std::vector<Fields>{{"a, b", "say \"hi\"", "two\nlines", ""}, {"next", "row"}}));
    EXPECT_EQ(doc.records[0].line, 1u);
    EXPECT_EQ(doc.records[1].line, 3u) << "the quoted line break moves the next record down";
}

TEST(csvReader, CrlfAndLoneCrEndRecords) {
    EXPECT_EQ(fieldsOf(parseCsv("a,b\r\n1,2\r\n")), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
    EXPECT_EQ(fieldsOf(parseCsv("a\rb\r")), (std::vector<Fields>{{"a"}, {"b"}}));
    const auto doc = parseCsv("\"x\r\ny\",z\r\nw\r\n");
    EXPECT_EQ(fieldsOf(doc), (std::vector<Fields>{{"x\r\ny", "z"}, {"w"}}))
        << "line breaks inside quotes are data";
    EXPECT_EQ(doc.records[1].line, 3u);
}

TEST(csvReader, ByteOrderMarkIsSkipped) {
    EXPECT_EQ(fieldsOf(parseCsv("\xEF\xBB\xBFsource,name\n")),
              (std::vector<Fields>{{"source", "name"}}));
}

TEST(csvReader, EmptyLinesAreSkippedButAQuotedEmptyFieldIsARecord) {
    const auto doc = parseCsv("a\n\n\r\nb\n\"\"\n");
    EXPECT_EQ(fieldsOf(doc), (std::vector<Fields>{{"a"}, {"b"}, {""}}));
    EXPECT_EQ(doc.records[1].line, 4u);
    EXPECT_TRUE(parseCsv("").records.empty());
    EXPECT_TRUE(parseCsv("\n\n").ok());
}

TEST(csvReader, UnterminatedQuoteIsReportedWhereItOpened) {
    const auto doc = parseCsv("a,b\n1,\"open\nstill open\n");
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error->line, 2u);
    EXPECT_NE(doc.error->message.find("never closed"), std::string::npos);
    EXPECT_EQ(doc.error->text().rfind("line 2: ", 0), 0u);
    EXPECT_EQ(doc.records.size(), 1u) << "records before the error are returned";
}

TEST(csvReader, TextAfterAClosingQuoteIsAnError) {
    const auto doc = parseCsv("a\n\"x\"y,z\n");
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error->line, 2u);
    EXPECT_NE(doc.error->message.find("'y'"), std::string::npos) << doc.error->message;
}

TEST(csvReader, QuoteInsideAnUnquotedFieldIsAnError) {
    const auto doc = parseCsv("a,b\nx,1\"5\n");
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error->line, 2u);
}

TEST(csvReader, NulBytesMeanABinaryFile) {
    const auto doc = parseCsv(std::string("a,b\nc\0d\n", 8));
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error->line, 2u);
    EXPECT_NE(doc.error->message.find("NUL"), std::string::npos);
}

TEST(csvReader, NonUtf8BytesInMessagesArePrintable) {
    // Since issue 22 item 16 a byte that is not UTF-8 is itself the error, named by its value.
    const auto doc = parseCsv("\"x\"\xFF");
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error->message, "byte 0xFF at offset 3 is not UTF-8 text (save the file as UTF-8)");
}

TEST(csvReader, GarbageNeverCrashes) {
    std::mt19937 random(42);
    const std::string alphabet =
        std::string("ab,\"\r\n \xEF\xBB\xBF\x01", 12) + std::string(1, '\0');
    for (int i = 0; i < 2000; ++i) {
        std::string text(random() % 64, ' ');
        for (char& c : text)
            c = alphabet[random() % alphabet.size()];
        const auto doc = parseCsv(text);
        if (doc.error) {
            EXPECT_GE(doc.error->line, 1u);
        }
        for (const auto& r : doc.records)
            EXPECT_FALSE(r.fields.empty());
    }
}

TEST(csvReader, MissingFileIsAnErrorNamingIt) {
    const auto doc = readCsvFile("/nonexistent/runs.csv");
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error->line, 0u);
    EXPECT_NE(doc.error->message.find("/nonexistent/runs.csv"), std::string::npos);
    const auto dir = readCsvFile(std::filesystem::temp_directory_path());
    ASSERT_FALSE(dir.ok());
    EXPECT_NE(dir.error->message.find("directory"), std::string::npos);
}

TEST(csvReader, ReadsTheReferenceFile) {
    const auto doc = readCsvFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "reference" /
                                 "published_runs.csv");
    ASSERT_TRUE(doc.ok()) << doc.error->text();
    ASSERT_GT(doc.records.size(), 1u);
    for (const auto& r : doc.records)
        EXPECT_EQ(r.fields.size(), doc.records.front().fields.size()) << r.line;
}

} // namespace
} // namespace trainplan::model
