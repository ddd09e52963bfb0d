package api

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/jsontext"
	"github.com/stccg/stccg-rules/internal/rules"
)

//go:generate go run ./internal/encodergen -o verdictjson_gen.go

// writeVerdict answers a verdict: the JSON echo's c.JSON writes, byte for
// byte (encoding/json's Encoder, HTML escaping on, and a newline), by the
// writer generated from the verdict's types (verdictjson_gen.go), without
// encoding/json's reflection: a replayed turn's answer is some 30 KB, and
// encoding it was a quarter of the server's time under the load test's
// replays. ?pretty, echo's debug mode, or a value the writer cannot write
// (a float that is not finite) go to c.JSON.
func writeVerdict(c echo.Context, v *rules.Verdict) error {
	if c.Request().URL.RawQuery != "" && flagParam(c, "pretty") || c.Echo().Debug {
		return c.JSON(http.StatusOK, v)
	}
	bp := verdictBuffers.Get().(*[]byte)
	b, ok := appendVerdictJSON((*bp)[:0], v)
	var err error
	if ok {
		// Every writer below copies what it is given (the response's
		// buffer, gzip), as io.Writer says, so the buffer is free again
		// once written. With its length said, an answer past net/http's
		// 2 KB buffer (a turn's is some 30 KB) is not sent in chunks but
		// whole, in one write to the connection (wholeAnswers) rather than
		// three; gzip drops the length, as it must.
		c.Response().Header()[echo.HeaderContentLength] = []string{strconv.Itoa(len(b))}
		err = jsonBlob(c, http.StatusOK, b)
	}
	if cap(b) <= maxPooledVerdictJSON {
		*bp = b[:0]
		verdictBuffers.Put(bp)
	}
	if !ok {
		return c.JSON(http.StatusOK, v)
	}
	return err
}

// verdictBuffers hold the JSON of verdicts while they are written; one
// grown past maxPooledVerdictJSON (a long turn's) is left to the collector.
var verdictBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 8<<10)
	return &b
}}

const maxPooledVerdictJSON = 256 << 10

// roomy returns b, or a copy of it with twice its capacity once it is
// four fifths full. The writer calls it before each element of a list, so
// that a long answer (a replayed turn of hundreds of steps is a megabyte)
// is grown by doubling, its allocations about twice its size; append alone
// grows a large slice by a quarter at a time, about five times its size.
func roomy(b []byte) []byte {
	c := cap(b)
	if c-len(b) >= c/5 {
		return b
	}
	nb := make([]byte, len(b), 2*c)
	copy(nb, b)
	return nb
}

// appendVerdictJSON appends the verdict's JSON and a newline, as
// encoding/json's Encoder writes it; false when a value is one the writer
// leaves to encoding/json to refuse (a float that is not finite) or
// encoding/json refused one it was given (a type with its own MarshalJSON).
func appendVerdictJSON(b []byte, v *rules.Verdict) (out []byte, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, unwritable := r.(unwritableValue); !unwritable {
				panic(r)
			}
			out, ok = b, false
		}
	}()
	b = appendJSONVerdict(b, v)
	return append(b, '\n'), true
}

// CitationJSON is the citation's JSON as a verdict holds it: what a
// service holding a table of citations has written once for each
// (rules.Citation.WithWritten, engine.WithCitationJSON), so that the
// verdicts and steps citing them copy it.
func CitationJSON(c *rules.Citation) []byte { return appendJSONCitation(nil, c) }

// unwritableValue stops the writer at a value encoding/json would refuse.
type unwritableValue struct{}

// appendVerdictFloat appends a finite float64 as encoding/json writes it.
func appendVerdictFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		panic(unwritableValue{})
	}
	return appendJSONFloat(b, f)
}

// appendMarshalled appends what encoding/json writes of v: for a type the
// generated writer leaves to it (its own MarshalJSON, a result type not
// listed in rules.ResultTypes).
func appendMarshalled(b []byte, v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(unwritableValue{})
	}
	return append(b, raw...)
}

// appendHTMLJSONString appends s as a JSON string, escaped as
// encoding/json escapes it with HTML escaping on: appendJSONString's
// escapes, and <, > and & as \u003c, \u003e and \u0026.
func appendHTMLJSONString(b []byte, s string) []byte {
	return jsontext.AppendString(b, s, jsontext.EncodingJSONHTML)
}
