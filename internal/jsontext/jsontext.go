// Package jsontext writes a text as a JSON string for the service's
// hand-written JSON writers (the API's answers, the log lines), escaped as
// the writer each stands in for escapes it (AppendString, an Escaping of
// encoding/json's or log/slog's), finding fast the bytes that need a look
// (PlainLen).
package jsontext

import "math/bits"

// PlainLen returns how many of s's first bytes a JSON string holds as
// they are: the place of s's first byte that needs a look, or len(s) when
// none does, or 0 when s is shorter than eight bytes and one of them needs a
// look. A byte needs a look when it is a control byte, a quote, a backslash,
// a byte of a multi-byte rune or, with html, <, > or &; what a writer makes
// of it (escaped, or a rune written as it is) is the writer's.
//
// s is read by words of eight bytes, sixteen bytes a step, and its last
// bytes as one word: the last eight, overlapping the word before them (whose
// bytes need no look), or for an s shorter than eight its bytes spread over
// one word. PlainLen calls nothing, so it keeps its values in registers.
func PlainLen(s string, html bool) int {
	rest := s
	for len(rest) >= 16 {
		lo, hi := needsLook(word(rest[:8]), html), needsLook(word(rest[8:16]), html)
		if lo|hi != 0 {
			if lo != 0 {
				return len(s) - len(rest) + bits.TrailingZeros64(lo)/8
			}
			return len(s) - len(rest) + 8 + bits.TrailingZeros64(hi)/8
		}
		rest = rest[16:]
	}
	if len(rest) >= 8 {
		if m := needsLook(word(rest[:8]), html); m != 0 {
			return len(s) - len(rest) + bits.TrailingZeros64(m)/8
		}
		rest = rest[8:]
	}
	n := len(s)
	switch {
	case len(rest) == 0:
	case n >= 8:
		if m := needsLook(word(s[n-8:]), html); m != 0 {
			return n - 8 + bits.TrailingZeros64(m)/8
		}
	case n >= 4:
		if needsLook(uint64(half(s[:4]))|uint64(half(s[n-4:]))<<32, html) != 0 {
			return 0
		}
	default:
		if needsLook(uint64(s[0])|uint64(s[n/2])<<8|uint64(s[n-1])<<16|'a'*(lanes1>>24)<<24, html) != 0 {
			return 0
		}
	}
	return n
}

// needsLook has the high bit set of each lane of v whose byte needs a look
// (PlainLen), and of no other. Each test is made on the lane's low seven
// bits, whose sums with 0x60 or 0x7f never carry into the next lane: the
// high bit of t+0x60 is set when t is 0x20 or more, that of (t^c)+0x7f when
// t is not c. A byte from 0x80 is marked by its own high bit.
func needsLook(v uint64, html bool) uint64 {
	t := v & (0x7f * lanes1)
	ok := (t + 0x60*lanes1) & ((t ^ '"'*lanes1) + 0x7f*lanes1) & ((t ^ '\\'*lanes1) + 0x7f*lanes1)
	if html {
		ok &= ((t ^ '<'*lanes1) + 0x7f*lanes1) & ((t ^ '>'*lanes1) + 0x7f*lanes1) & ((t ^ '&'*lanes1) + 0x7f*lanes1)
	}
	return (^ok | v) & lanesHigh
}

// word reads s's eight bytes as a little-endian word, in one load.
func word(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// half reads s's four bytes as a little-endian word, in one load.
func half(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// Bytes repeated in the eight lanes of a word.
const (
	lanes1    = 0x0101010101010101
	lanesHigh = 0x8080808080808080
)
