#include "model/ggml_types.h"

#include <array>

namespace halolink::model {

namespace {

// Read from ggml-org/ggml at commit d99724f2b141fed9e1a9f402213506c081433465
// (2026-08-21): the ids are include/ggml.h's enum ggml_type; the block size is
// type_traits[].blck_size in src/ggml.c, and the bytes per block are
// sizeof(block_xxx) there, each of which src/ggml-common.h pins with a
// static_assert (QK_K = 256, K_SCALE_SIZE = 12, ggml_half = 2 bytes):
//   q4_0  = 2 + 32/2                 = 18     q4_1  = 2*2 + 32/2          = 20
//   q5_0  = 2 + 4 + 32/2             = 22     q5_1  = 2*2 + 4 + 32/2      = 24
//   q8_0  = 2 + 32                   = 34     q8_1  = 2*2 + 32            = 36
//   q2_K  = 2*2 + 256/16 + 256/4     = 84     q3_K  = 2 + 64 + 32 + 12    = 110
//   q4_K  = 2*2 + 12 + 256/2         = 144    q5_K  = 4 + 12 + 128 + 32   = 176
//   q6_K  = 2 + 256/16 + 3*256/4     = 210    q8_K  = 4 + 256 + 16*2      = 292
//   iq2_xxs = 2 + 256/8*2            = 66     iq2_xs = 2 + 64 + 8         = 74
//   iq3_xxs = 2 + 3*256/8            = 98     iq1_s  = 2 + 32 + 16        = 50
//   iq4_nl  = 2 + 32/2 (block 32)    = 18     iq3_s  = 2 + 13*8 + 4       = 110
//   iq2_s   = 2 + 64 + 16            = 82     iq4_xs = 2 + 2 + 4 + 128    = 136
//   iq1_m   = 32 + 16 + 8            = 56     tq1_0  = 2 + 4 + 240/5      = 54
//   tq2_0   = 2 + 64                 = 66     mxfp4  = 1 + 32/2 (blk 32)  = 17
//   nvfp4   = 4 + 64/2 (block 64)    = 36     q1_0   = 2 + 128/8 (blk 128) = 18
//   q2_0    = 2 + 64/4 (block 64)    = 18
constexpr std::array<GgmlType, 35> kTypes{{
    {0, "f32", 1, 4},          {1, "f16", 1, 2},         {2, "q4_0", 32, 18},      {3, "q4_1", 32, 20},
    {6, "q5_0", 32, 22},       {7, "q5_1", 32, 24},      {8, "q8_0", 32, 34},      {9, "q8_1", 32, 36},
    {10, "q2_K", 256, 84},     {11, "q3_K", 256, 110},   {12, "q4_K", 256, 144},   {13, "q5_K", 256, 176},
    {14, "q6_K", 256, 210},    {15, "q8_K", 256, 292},   {16, "iq2_xxs", 256, 66}, {17, "iq2_xs", 256, 74},
    {18, "iq3_xxs", 256, 98},  {19, "iq1_s", 256, 50},   {20, "iq4_nl", 32, 18},   {21, "iq3_s", 256, 110},
    {22, "iq2_s", 256, 82},    {23, "iq4_xs", 256, 136}, {24, "i8", 1, 1},         {25, "i16", 1, 2},
    {26, "i32", 1, 4},         {27, "i64", 1, 8},        {28, "f64", 1, 8},        {29, "iq1_m", 256, 56},
    {30, "bf16", 1, 2},        {34, "tq1_0", 256, 54},   {35, "tq2_0", 256, 66},   {39, "mxfp4", 32, 17},
    {40, "nvfp4", 64, 36},     {41, "q1_0", 128, 18},    {42, "q2_0", 64, 18},
}};

// docs/gguf.md (same commit), general.file_type.
constexpr std::array<const char *, 19> kFileTypes{
    "ALL_F32",        "MOSTLY_F16",     "MOSTLY_Q4_0",    "MOSTLY_Q4_1",    "MOSTLY_Q4_1_SOME_F16",
    "MOSTLY_Q4_2",    "MOSTLY_Q4_3",    "MOSTLY_Q8_0",    "MOSTLY_Q5_0",    "MOSTLY_Q5_1",
    "MOSTLY_Q2_K",    "MOSTLY_Q3_K_S",  "MOSTLY_Q3_K_M",  "MOSTLY_Q3_K_L",  "MOSTLY_Q4_K_S",
    "MOSTLY_Q4_K_M",  "MOSTLY_Q5_K_S",  "MOSTLY_Q5_K_M",  "MOSTLY_Q6_K",
};

} // namespace

std::optional<GgmlType> ggmlType(std::uint32_t id)
{
    for (const auto &t : kTypes) {
        if (t.id == id && t.blockSize != 0)
            return t;
    }
    return std::nullopt;
}

std::string ggmlTypeName(std::uint32_t id)
{
    if (auto t = ggmlType(id))
        return t->name;
    return "ggml_type_" + std::to_string(id);
}

std::optional<std::string> ggufFileTypeName(std::uint32_t fileType)
{
    if (fileType < kFileTypes.size())
        return std::string(kFileTypes[fileType]);
    return std::nullopt;
}

} // namespace halolink::model
