#pragma once

#include <string>
#include <string_view>

namespace trainplan::services::detail {

// SHA-256 (FIPS 180-4) of the bytes, as 64 lowercase hex digits.
[[nodiscard]] std::string sha256Hex(std::string_view bytes);

} // namespace trainplan::services::detail
