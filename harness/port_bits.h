// port_bits.h: reading and writing a bit field of a Verilated port, for the harnesses
// that drive a Verilated network (cosim.cpp, scoreboard.cpp). Verilator gives ports of up
// to 64 bits as integers and wider ones as VlWide arrays of 32-bit words.
#ifndef FLITNET_PORT_BITS_H
#define FLITNET_PORT_BITS_H

#include "verilated.h"

#include <cstdint>
#include <type_traits>

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
static inline uint64_t get_bits(const T &v, int lo, int w)
{
    uint64_t x = static_cast<uint64_t>(v) >> lo;
    return w >= 64 ? x : x & ((1ULL << w) - 1);
}
template <std::size_t W>
static inline uint64_t get_bits(const VlWide<W> &v, int lo, int w)
{
    uint64_t r = 0;
    for (int got = 0; got < w;) {
        int b = lo + got, off = b & 31, take = 32 - off < w - got ? 32 - off : w - got;
        uint64_t bits = (static_cast<uint64_t>(v[static_cast<size_t>(b >> 5)]) >> off) & ((1ULL << take) - 1);
        r |= bits << got;
        got += take;
    }
    return r;
}
template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
static inline void set_bits(T &v, int lo, int w, uint64_t val)
{
    uint64_t m = (w >= 64 ? ~0ULL : (1ULL << w) - 1) << lo;
    v = static_cast<T>((static_cast<uint64_t>(v) & ~m) | ((val << lo) & m));
}
template <std::size_t W>
static inline void set_bits(VlWide<W> &v, int lo, int w, uint64_t val)
{
    for (int got = 0; got < w;) {
        int b = lo + got, off = b & 31, take = 32 - off < w - got ? 32 - off : w - got;
        uint32_t m = static_cast<uint32_t>(((1ULL << take) - 1) << off);
        uint32_t bits = static_cast<uint32_t>(((val >> got) & ((1ULL << take) - 1)) << off);
        EData &word = v[static_cast<size_t>(b >> 5)];
        word = (word & ~m) | bits;
        got += take;
    }
}

#endif
