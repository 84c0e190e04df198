#pragma once
// SHA-256 (FIPS 180-4, section 6.2), for the serving benchmark's output
// digests (`api bench`): the engine links no crypto library, and these are
// fingerprints of text for comparing runs, not a security boundary.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace halolink::sys {

class Sha256 {
public:
    Sha256();
    // Feeds more of the message; any number of calls, pieces of any size.
    void update(std::string_view bytes);
    // The digest of everything fed; the object is spent afterwards.
    std::array<std::uint8_t, 32> finish();

private:
    void compress(const std::uint8_t *block);

    std::array<std::uint32_t, 8> m_h;
    std::array<std::uint8_t, 64> m_block {};
    std::size_t m_used = 0; // bytes in m_block
    std::uint64_t m_bits = 0; // message length so far, in bits
};

// The digest of `bytes` as 64 lower-case hex digits.
std::string sha256Hex(std::string_view bytes);

} // namespace halolink::sys
