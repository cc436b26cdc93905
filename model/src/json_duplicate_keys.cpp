#include <trainplan/model/json_duplicate_keys.h>

#include <map>
#include <vector>

namespace trainplan::model {

namespace {

struct Position {
    int line = 1;
    int column = 1;
};

std::string at(Position p) {
    return "line " + std::to_string(p.line) + ", column " + std::to_string(p.column);
}

struct Frame {
    bool object = false;
    bool expectKey = false; // object: the next string is a key
    std::string path;       // "cluster", "plans[0]"; empty at the top
    std::string lastKey;    // object: the key whose value comes next
    std::size_t index = 0;  // array: the element being read
    std::map<std::string, Position> keys;
};

void appendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

unsigned hex4(std::string_view s, std::size_t i) {
    unsigned v = 0;
    for (std::size_t k = i; k < i + 4 && k < s.size(); ++k) {
        const char c = s[k];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= static_cast<unsigned>(c - 'A' + 10);
    }
    return v;
}

std::string childPath(const Frame& parent) {
    if (parent.object)
        return parent.path.empty() ? parent.lastKey : parent.path + "." + parent.lastKey;
    return parent.path + "[" + std::to_string(parent.index) + "]";
}

} // namespace

std::optional<std::string> findDuplicateJsonKey(std::string_view text) {
    std::vector<Frame> stack;
    Position pos;
    std::size_t i = 0;
    auto advance = [&](std::size_t n) {
        for (std::size_t k = 0; k < n && i < text.size(); ++k, ++i) {
            if (text[i] == '\n') {
                ++pos.line;
                pos.column = 1;
            } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
                ++pos.column; // columns count characters, not UTF-8 continuation bytes
            }
        }
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '{' || c == '[') {
            Frame f;
            f.object = c == '{';
            f.expectKey = f.object;
            if (!stack.empty()) f.path = childPath(stack.back());
            stack.push_back(std::move(f));
            advance(1);
        } else if (c == '}' || c == ']') {
            if (!stack.empty()) stack.pop_back();
            advance(1);
        } else if (c == ',') {
            if (!stack.empty()) {
                if (stack.back().object)
                    stack.back().expectKey = true;
                else
                    ++stack.back().index;
            }
            advance(1);
        } else if (c == '"') {
            const Position start = pos;
            advance(1);
            std::string value;
            while (i < text.size() && text[i] != '"') {
                if (text[i] == '\\' && i + 1 < text.size()) {
                    const char e = text[i + 1];
                    switch (e) {
                    case 'b': value += '\b'; break;
                    case 'f': value += '\f'; break;
                    case 'n': value += '\n'; break;
                    case 'r': value += '\r'; break;
                    case 't': value += '\t'; break;
                    case 'u': {
                        unsigned cp = hex4(text, i + 2);
                        advance(6);
                        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < text.size() &&
                            text[i] == '\\' && text[i + 1] == 'u') {
                            const unsigned low = hex4(text, i + 2);
                            if (low >= 0xDC00 && low <= 0xDFFF) {
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                                advance(6);
                            }
                        }
                        appendUtf8(value, cp);
                        continue;
                    }
                    default: value += e; break; // \" \\ \/
                    }
                    advance(2);
                } else {
                    value += text[i];
                    advance(1);
                }
            }
            advance(1); // the closing quote
            if (!stack.empty() && stack.back().object && stack.back().expectKey) {
                Frame& f = stack.back();
                f.expectKey = false;
                f.lastKey = value;
                const auto [it, inserted] = f.keys.emplace(value, start);
                if (!inserted)
                    return "duplicate key \"" + value + "\"" +
                           (f.path.empty() ? std::string() : " in " + f.path) + " at " +
                           at(start) + " (first given at " + at(it->second) +
                           "); only one value can be used: remove the other";
            }
        } else {
            advance(1);
        }
    }
    return std::nullopt;
}

} // namespace trainplan::model
