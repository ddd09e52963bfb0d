package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/rules"
)

// stalledBody is a request body whose first bytes arrived and whose read
// then fails as a connection's does once the server's read deadline has
// passed (http.Server's ReadTimeout), or as one cut short.
type stalledBody struct {
	sent io.Reader
	err  error
}

func (b *stalledBody) Read(p []byte) (int, error) {
	if n, _ := b.sent.Read(p); n > 0 {
		return n, nil
	}
	return 0, b.err
}

func (b *stalledBody) Close() error { return nil }

// TestABodyTooSlowToArriveIs408NotBadInput: a body whose bytes did not all
// arrive before the server's read deadline is answered 408 with
// rules.BodyTooSlow on every route that reads one (an adjudication, a
// collection, GraphQL, a gzip body), in the route's shape: the client sent
// nothing wrong, where it was answered 400 "could not be read" (logged as a
// 400 after the 15 s ReadTimeout of a slow request on a busy machine). A
// body cut short of its length stays 400.
func TestABodyTooSlowToArriveIs408NotBadInput(t *testing.T) {
	cfg := api.Config{Services: services(t), Logger: slog.New(slog.DiscardHandler)}
	s := cfg.Services
	cfg.GraphQL = graph.NewHandler(&graph.Resolver{Reference: s.Reference, Searcher: s.Search, Catalog: s.Cards, Adjudicator: s.Adjudicator}, graph.ServerConfig{Logger: cfg.Logger})
	h := api.New(cfg) // not validated: the validation reads the body first, to its error
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(`{"edition":"2e","question":"game.winner","params":{"players":[{"name":"a","score":1}]}}`))
	_ = zw.Close()
	deadline := &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	for _, c := range []struct {
		path, sent, encoding string
		err                  error
		status               int
		message              string
	}{
		{"/v1/adjudicate", `{"edition":"2e","question":`, "", deadline, http.StatusRequestTimeout, rules.BodyTooSlow},
		{"/v1/cards/collection", `{"identifiers":[{"name":`, "", deadline, http.StatusRequestTimeout, rules.BodyTooSlow},
		{"/graphql", `{"query":"{ documents`, "", deadline, http.StatusRequestTimeout, rules.BodyTooSlow},
		{"/v1/adjudicate", gz.String()[:gz.Len()/2], "gzip", deadline, http.StatusRequestTimeout, rules.BodyTooSlow},
		{"/v1/adjudicate", `{"edition":"2e","question":`, "", io.ErrUnexpectedEOF, http.StatusBadRequest, "The request body could not be read."},
		{"/graphql", `{"query":"{ documents`, "", io.ErrUnexpectedEOF, http.StatusBadRequest, "The request body could not be read."},
	} {
		req := httptest.NewRequest(http.MethodPost, c.path, &stalledBody{strings.NewReader(c.sent), c.err})
		req.Header.Set("Content-Type", "application/json")
		if c.encoding != "" {
			req.Header.Set("Content-Encoding", c.encoding)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var rest struct {
			Error struct{ Code, Message string }
		}
		var gql struct {
			Errors gqlErrors
		}
		message, code := "", ""
		if c.path == "/graphql" {
			if json.Unmarshal(rec.Body.Bytes(), &gql) == nil && len(gql.Errors) == 1 {
				message, code = gql.Errors[0].Message, gql.Errors[0].Extensions.Code
			}
		} else if json.Unmarshal(rec.Body.Bytes(), &rest) == nil {
			message, code = rest.Error.Message, rest.Error.Code
		}
		if rec.Code != c.status || message != c.message || code != rules.EINVALID {
			t.Errorf("POST %s %s, its read failing with %v: %d %s; want %d %q", c.path, c.encoding, c.err, rec.Code, rec.Body, c.status, c.message)
		}
	}
}
