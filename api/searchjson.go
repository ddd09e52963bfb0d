package api

import (
	"math"
	"slices"
	"strconv"

	"github.com/stccg/stccg-rules/internal/jsontext"
	"github.com/stccg/stccg-rules/internal/rules"
)

// appendSearchJSON appends the JSON of a search result and a newline: byte
// for byte what encoding/json's Encoder writes with HTML escaping off
// (TestAppendSearchJSONWritesWhatEncodingJSONDoes), without its reflection,
// which cost about a twentieth of the server's time under uncached searches.
// A field added to the result must be added here; the test says so.
func appendSearchJSON(b []byte, r *rules.SearchResult) []byte {
	b = append(b, `{"total":`...)
	b = strconv.AppendInt(b, int64(r.Total), 10)
	b = append(b, `,"hits":`...)
	if r.Hits == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range r.Hits {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = appendJSONString(b, h.ID)
			b = append(b, `,"kind":`...)
			b = appendJSONString(b, h.Kind)
			b = append(b, `,"title":`...)
			b = appendJSONString(b, h.Title)
			b = append(b, `,"documentId":`...)
			b = appendJSONString(b, h.DocumentID)
			b = append(b, `,"edition":`...)
			b = appendJSONString(b, h.Edition)
			b = append(b, `,"score":`...)
			b = appendJSONFloat(b, h.Score)
			b = append(b, `,"snippet":`...)
			b = appendJSONString(b, h.Snippet)
			b = append(b, `,"anchor":`...)
			b = appendJSONString(b, h.Anchor)
			if len(h.NotHeld) > 0 { // omitempty: most hits hold none
				b = append(b, `,"notHeld":`...)
				b = appendCoverageJSON(b, h.NotHeld)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(r.Facets) > 0 { // omitempty
		b = append(b, `,"facets":{`...)
		var room [4]string // the search's three facets, without allocating
		names := room[:0]
		for name := range r.Facets {
			names = append(names, name)
		}
		slices.Sort(names)
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, name)
			b = append(b, ':')
			counts := r.Facets[name]
			if counts == nil {
				b = append(b, "null"...)
				continue
			}
			b = append(b, '[')
			for j, f := range counts {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"value":`...)
				b = appendJSONString(b, f.Value)
				b = append(b, `,"count":`...)
				b = strconv.AppendInt(b, int64(f.Count), 10)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	if len(r.ReadAs) > 0 { // omitempty: a query read as typed costs nothing
		b = append(b, `,"readAs":[`...)
		for i, w := range r.ReadAs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"typed":`...)
			b = appendJSONString(b, w.Typed)
			b = append(b, `,"as":`...)
			b = appendJSONString(b, w.As)
			b = append(b, `,"why":`...)
			b = appendJSONString(b, w.Why)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}', '\n')
}

// appendCoverageJSON appends documents' coverage (rules.DocumentCoverage)
// as encoding/json writes them.
func appendCoverageJSON(b []byte, ds []rules.DocumentCoverage) []byte {
	b = append(b, '[')
	for i, d := range ds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"documentId":`...)
		b = appendJSONString(b, d.DocumentID)
		b = append(b, `,"title":`...)
		b = appendJSONString(b, d.Title)
		b = append(b, `,"cardRulings":`...)
		b = strconv.AppendBool(b, d.CardRulings)
		b = append(b, `,"covers":`...)
		b = strconv.AppendBool(b, d.Covers)
		if d.Letters != "" {
			b = append(b, `,"letters":`...)
			b = appendJSONString(b, d.Letters)
		}
		if d.ThroughSet != "" {
			b = append(b, `,"throughSet":`...)
			b = appendJSONString(b, d.ThroughSet)
		}
		if d.Reason != "" {
			b = append(b, `,"reason":`...)
			b = appendJSONString(b, d.Reason)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it with HTML escaping off: the one string writer of the search
// answers.
func appendJSONString(b []byte, s string) []byte {
	return jsontext.AppendString(b, s, jsontext.EncodingJSON)
}

// appendJSONFloat appends a finite f as encoding/json writes a float64.
func appendJSONFloat(b []byte, f float64) []byte {
	// A score as the search rounds it, to four decimals, is written by its
	// digits: no other decimal of four places or fewer is within half the
	// float's precision of it (below 1e11), so it is the shortest that
	// reads back as f, which strconv would have looked for.
	if f >= 1e-4 && f < 1e11 {
		if k := math.Round(f * 1e4); k/1e4 == f {
			return appendTenThousandths(b, uint64(k))
		}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendTenThousandths appends k/10000 as a decimal without trailing zeros.
// A score below 10 (every score of a search's hits but a few) has one digit
// before the point; the four after it are written from the last not zero.
func appendTenThousandths(b []byte, k uint64) []byte {
	whole, frac := k/10000, k%10000
	if whole < 10 {
		b = append(b, byte('0'+whole))
	} else {
		b = strconv.AppendUint(b, whole, 10)
	}
	switch {
	case frac == 0:
		return b
	case frac%10 != 0:
		return append(b, '.', byte('0'+frac/1000), byte('0'+frac/100%10), byte('0'+frac/10%10), byte('0'+frac%10))
	case frac%100 != 0:
		return append(b, '.', byte('0'+frac/1000), byte('0'+frac/100%10), byte('0'+frac/10%10))
	case frac%1000 != 0:
		return append(b, '.', byte('0'+frac/1000), byte('0'+frac/100%10))
	}
	return append(b, '.', byte('0'+frac/1000))
}
