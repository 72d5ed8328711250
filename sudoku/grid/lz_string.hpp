// lz-string's base64 form (pieroxy's LZString.compressToBase64 / decompressFromBase64), the
// compression f-puzzles puts in its links (`https://f-puzzles.com/?load=...`).
//
//     std::string load = sudoku::lz::compress_to_base64(R"({"size":9,...})");
//     auto json = sudoku::lz::decompress_from_base64(load);  // json.text or json.error
//
// The format, as lz-string 1.x writes it: the text as UTF-16 code units goes through LZW with a
// dictionary that starts with three codes (0: an 8-bit literal follows, 1: a 16-bit literal
// follows, 2: end of stream); a code is written in as many bits as the dictionary needs (from 2,
// growing by one each time it fills), least significant bit first; the bits are packed into
// 6-bit groups, most significant first, each written as a character of
// A-Z a-z 0-9 + / (the end padded with '=' to a multiple of four characters). The output of
// compress_to_base64() is byte for byte the JavaScript's on the same text.
//
// The decompressor takes hostile input: it never reads past its input, stores the dictionary in
// memory linear in the input (entries are a parent code and one code unit), stops with an error
// past `max_units` code units of output, and reports every way the stream can be wrong (a
// character outside the alphabet, a code the dictionary does not have, no end marker, text
// that is not valid UTF-16) instead of the JavaScript's empty or null answer.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku::lz {

/// The text (UTF-8; each character becomes its UTF-16 code units, as JavaScript strings hold
/// them) compressed and written in base64, '=' padded. Invalid UTF-8 bytes are taken one by one
/// as the code units U+0080..U+00FF (Latin-1), so that every input has an output.
std::string compress_to_base64(std::string_view utf8);

/// What decompress_from_base64() found: the text, or why there is none.
struct Decompressed {
  std::optional<std::string> text;  ///< UTF-8
  std::string error;                ///< empty when text is present
  std::size_t position = 0;         ///< the input character the error is at (from 0), if any
};

/// The default bound on decompressed output, in UTF-16 code units: an f-puzzles JSON of a 16x16
/// board with every constraint drawn is far below it.
inline constexpr std::size_t kMaxDecompressedUnits = std::size_t{1} << 22;

/// The text that compress_to_base64() (or lz-string's compressToBase64) wrote in `base64`.
/// `base64` is the load string alone: any character outside the alphabet is an error; '='
/// counts as zero bits wherever it stands, as in lz-string.
Decompressed decompress_from_base64(std::string_view base64,
                                    std::size_t max_units = kMaxDecompressedUnits);

}  // namespace sudoku::lz
