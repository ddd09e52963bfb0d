package rules

import (
	"strings"
	"testing"
)

func TestTextFault(t *testing.T) {
	for s, want := range map[string]bool{
		"Jean-Luc Picard, Explorer": false,
		"Qo'noS – “Kronos” 🖖":       false,
		"Ω é \u2028 \uffff":         false,
		"Worf\x00":                  true,
		"Worf\x07":                  true,
		"Worf\t":                    true,
		"Worf\x7f":                  true,
		"Worf\u0085":                true, // C1 NEL
		"Worf\u202e":                true,
		"Worf\u2066":                true,
		"Worf\u200f":                true,
		"Worf\u061c":                true,
		"Worf\xff":                  true,
		"Worf\xc3":                  true,
		"Worf\ufffd":                true, // a lone surrogate as a JSON decoder reads it
	} {
		if got := TextFault(s); got != want {
			t.Errorf("TextFault(%q) = %v, want %v", s, got, want)
		}
		if got := TextFaultBytes([]byte(s)); got != want {
			t.Errorf("TextFaultBytes(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestParseCardNameHasOneBound(t *testing.T) {
	if _, err := ParseCardName("exact", strings.Repeat("w", MaxCardNameBytes)); err != nil {
		t.Errorf("a name of %d bytes refused: %v", MaxCardNameBytes, err)
	}
	_, err := ParseCardName("exact", strings.Repeat("w", MaxCardNameBytes+1))
	if ErrorCode(err) != EINVALID || ErrorDetails(err)["limit"] != MaxCardNameBytes || ErrorDetails(err)["field"] != "exact" {
		t.Errorf("a name of %d bytes: %v %v", MaxCardNameBytes+1, err, ErrorDetails(err))
	}
	if MaxTextBytes != MaxCardNameBytes {
		t.Errorf("a body's card reference is bound at %d bytes, a card name at %d", MaxTextBytes, MaxCardNameBytes)
	}
}
