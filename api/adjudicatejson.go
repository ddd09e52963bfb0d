package api

import (
	jsonv2 "github.com/go-json-experiment/json"

	"github.com/stccg/stccg-rules/internal/rules"
)

// decodeAdjudication decodes an adjudication request with the JSON v2
// module (github.com/go-json-experiment/json), which reads the plain JSON
// bots send in well under half of encoding/json's time, and reports whether
// it did. It is strict where encoding/json is lenient, and declines rather
// than decode differently: a key that is not the exact name of a field (an
// unknown field, or one in other case), a key given twice (encoding/json
// merges the values), invalid UTF-8 or a \u escape of half a surrogate pair
// (encoding/json puts U+FFFD), trailing data, anything malformed. On a
// decline it leaves req alone, and the caller decodes with encoding/json,
// whose lenient rules answer as they always have and whose errors name what
// is wrong.
//
// When it accepts, req is exactly what encoding/json with
// DisallowUnknownFields makes of body in a zero AdjudicationRequest
// (TestDecodeAdjudicationAcceptsWhatEncodingJSONDecodes,
// FuzzDecodeAdjudication). The module reads the fields of the domain types
// by their tags, so a field added to the request or the board is read with
// nothing written here (TestDecodeAdjudicationKnowsEveryField).
//
// A hand-written decoder without reflection did the same in 0.72 of the
// time (BenchmarkDecodeAdjudicationBody, interleaved runs: 6.0 µs against
// 8.3 µs a body; in CPU time 4.3 µs against 6.3 µs, encoding/json 16 µs):
// some 2 µs of the 77 µs of server CPU an adjudication costs, within the 1.5
// times that a 400-line decoder and the generator of its field table had to
// beat to be kept.
func decodeAdjudication(body []byte, req *rules.AdjudicationRequest) bool {
	var out rules.AdjudicationRequest
	if jsonv2.Unmarshal(body, &out, strictJSON) != nil {
		return false
	}
	*req = out
	return true
}

// strictJSON are the JSON v2 options of decodeAdjudication: unknown fields
// refused (names matched exactly, duplicate names, invalid UTF-8 and
// trailing data are refused by default).
var strictJSON = jsonv2.RejectUnknownMembers(true)
