package api

import (
	"math/rand/v2"
	"testing"
)

// TestPlainEndIsTheFirstByteNotPlain holds plainEnd, which reads eight
// bytes at a time, to the byte-by-byte reading of plainByte, for every
// byte at every place of a string and for random strings.
func TestPlainEndIsTheFirstByteNotPlain(t *testing.T) {
	slow := func(data []byte, i int) int {
		for i < len(data) && plainByte[data[i]] {
			i++
		}
		return i
	}
	check := func(data []byte, from int) {
		t.Helper()
		if got, want := plainEnd(data, from), slow(data, from); got != want {
			t.Fatalf("plainEnd(%q, %d) = %d, want %d", data, from, got, want)
		}
	}
	for n := 0; n <= 20; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				data := []byte("abcdefghijklmnopqrstuvwxyz"[:n])
				data[at] = byte(c)
				for from := 0; from <= n; from++ {
					check(data, from)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		data := make([]byte, r.IntN(40))
		for i := range data {
			// Mostly plain, now and then any byte.
			if r.IntN(12) == 0 {
				data[i] = byte(r.IntN(256))
			} else {
				data[i] = byte(0x20 + r.IntN(0x60))
			}
		}
		check(data, r.IntN(len(data)+1))
	}
}
