package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/stccg/stccg-rules/api"
)

// TestMain runs the package's tests, then says how many answers went through
// the OpenAPI validation, so a run shows that it happened.
func TestMain(m *testing.M) {
	code := m.Run()
	if testing.Verbose() {
		fmt.Printf("openapi: %d answers validated against /openapi.json (%d requests, %d on documented routes)\n",
			validatedAnswers.Load(), seenRequests.Load(), documentedRequests.Load())
	}
	os.Exit(code)
}

var (
	validatedAnswers   atomic.Int64 // answers checked against the document
	seenRequests       atomic.Int64 // every request through a validating handler
	documentedRequests atomic.Int64 // requests on a documented route
)

// openAPIDoc is the served document, loaded and checked once, with a router
// over its paths.
var openAPIDoc = sync.OnceValues(func() (*openAPIValidator, error) {
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("document invalid: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	errSchema := doc.Components.Schemas["Error"].Value
	return &openAPIValidator{doc: doc, router: router, errorSchema: errSchema}, nil
})

type openAPIValidator struct {
	doc         *openapi3.T
	router      routers.Router
	errorSchema *openapi3.Schema
}

// validated wraps an API handler so that every request it answers, in any
// test, is checked against /openapi.json: a request the document refuses
// must not be answered 2xx, and every answer on a documented route must
// match the document (status, headers, body). An answer on no documented
// route under /v1 must be an error in the Error shape. HEAD and OPTIONS
// (CORS) are not described and pass unchecked; so do the pages.
func validated(tb testing.TB, next http.Handler) http.Handler {
	v, err := openAPIDoc()
	if err != nil {
		tb.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seenRequests.Add(1)
		var reqBody []byte
		if r.Body != nil {
			reqBody, _ = io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(reqBody))
		}
		if r.Method == http.MethodPost && r.URL.Path == "/v1/adjudicate" {
			recordBody(tb, reqBody)
		}
		rec := &recordingWriter{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if err := v.check(r, reqBody, rec); err != nil {
			tb.Errorf("%s %s answered %d: %v\nanswer: %.500s", r.Method, r.URL.RequestURI(), rec.status(), err, rec.body.String())
		}
	})
}

var recordMu sync.Mutex

// recordBody appends an adjudication body, as a JSON string, to the file
// STCCG_ADJUDICATE_RECORD names, when it is set: the bodies of this
// package's tests, for TestAdjudicationAnswersMatchSnapshot to post again.
// A body past the 1 MiB limit is left out.
func recordBody(tb testing.TB, body []byte) {
	path := os.Getenv("STCCG_ADJUDICATE_RECORD")
	if path == "" || len(body) > 1<<20 {
		return
	}
	line, err := json.Marshal(string(body))
	if err != nil {
		tb.Fatalf("record body: %v", err)
	}
	recordMu.Lock()
	defer recordMu.Unlock()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		tb.Fatalf("record body: %v", err)
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		tb.Fatalf("record body: %v", err)
	}
}

func (v *openAPIValidator) check(r *http.Request, reqBody []byte, rec *recordingWriter) error {
	if r.Method == http.MethodHead || r.Method == http.MethodOptions {
		return nil
	}
	ctx := context.Background()
	// The router matches by the path as a client sends it; a copy keeps
	// the handler's request as it was.
	req := r.Clone(ctx)
	req.Body = io.NopCloser(bytes.NewReader(reqBody))
	if req.URL.Host == "" {
		req.URL.Host = "localhost"
		req.URL.Scheme = "http"
	}
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		if !strings.HasPrefix(r.URL.Path, "/v1/") {
			return nil // a page, or a route the document does not describe
		}
		if rec.status() < 400 {
			return fmt.Errorf("an undocumented /v1 route answered %d", rec.status())
		}
		validatedAnswers.Add(1)
		return v.errorShape(rec)
	}
	documentedRequests.Add(1)
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil && rec.status() < 400 {
		return fmt.Errorf("the document refuses a request the service answered: %w", err)
	}
	validatedAnswers.Add(1)
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.status(), Header: rec.Header(),
		Body: io.NopCloser(bytes.NewReader(rec.body.Bytes())), Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		return fmt.Errorf("the answer does not match the document: %w", err)
	}
	return nil
}

// checkRequest validates a request alone against the document.
func (v *openAPIValidator) checkRequest(r *http.Request, body []byte) error {
	r.Header.Set("Content-Type", "application/json")
	r.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := v.router.FindRoute(r)
	if err != nil {
		return err
	}
	return openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}})
}

// errorShape checks an answer is JSON in the document's Error shape.
func (v *openAPIValidator) errorShape(rec *recordingWriter) error {
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("an error answered as %q, not JSON", ct)
	}
	var body any
	if err := json.Unmarshal(rec.body.Bytes(), &body); err != nil {
		return err
	}
	return v.errorSchema.VisitJSON(body)
}

// recordingWriter passes an answer through and keeps a copy.
type recordingWriter struct {
	http.ResponseWriter
	code int
	body bytes.Buffer
}

func (w *recordingWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	w.body.Write(p)
	return w.ResponseWriter.Write(p)
}

func (w *recordingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *recordingWriter) status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}

// newValidatedServer serves h over HTTP for a test, every answer validated.
func newValidatedServer(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(validated(t, h))
	t.Cleanup(srv.Close)
	return srv
}

// TestOpenAPIValidationCatchesDrift feeds the validator answers that stray
// from the document, so a passing suite means the answers were checked: a
// verdict without a field its question's result requires, a card with a
// field the document does not know, a list without its total, an error
// without details, and a 2xx on an undocumented route.
func TestOpenAPIValidationCatchesDrift(t *testing.T) {
	v, err := openAPIDoc()
	if err != nil {
		t.Fatal(err)
	}
	move := `{"edition":"2e","question":"ship.move","params":{"ship":"s","to":"m"}}`
	cases := []struct {
		name, method, path, reqBody string
		status                      int
		answer                      string
		ok                          bool
	}{
		{"a verdict as the document says", "POST", "/v1/adjudicate", move, 200,
			`{"question":"ship.move","edition":"2e","rules":"2e-rulebook","allowed":true,"result":{"rangeCost":5,"rangeAvailable":8,"rangeRemaining":3},"reasons":[],"citations":[]}`, true},
		{"a ship.move verdict without rangeCost", "POST", "/v1/adjudicate", move, 200,
			`{"question":"ship.move","edition":"2e","rules":"2e-rulebook","allowed":true,"result":{"rangeAvailable":8,"rangeRemaining":3},"reasons":[],"citations":[]}`, false},
		{"a verdict of a question nobody asks", "POST", "/v1/adjudicate", move, 200,
			`{"question":"warp.core","edition":"2e","rules":"2e-rulebook","result":{},"reasons":[],"citations":[]}`, false},
		{"a request the document refuses, answered 200", "POST", "/v1/adjudicate", `{"edition":"3e","question":"ship.move"}`, 200,
			`{"question":"ship.move","edition":"2e","rules":"2e-rulebook","allowed":true,"result":{"rangeCost":5,"rangeAvailable":8,"rangeRemaining":3},"reasons":[],"citations":[]}`, false},
		{"a card with an undocumented field", "GET", "/v1/cards/2e-1-1", "", 200,
			`{"id":"2e-1-1","edition":"2e","set":"1","number":"1","title":"X","type":"ship","warpFactor":9}`, false},
		{"a list without its total", "GET", "/v1/documents", "", 200, `{"data":[]}`, false},
		{"an error without details", "GET", "/v1/cards/x", "", 404, `{"error":{"code":"not_found","message":"No."}}`, false},
		{"an error on an unknown /v1 route", "GET", "/v1/nothing", "", 404, `{"error":{"code":"not_found","message":"No.","details":{}}}`, true},
		{"a 200 on an unknown /v1 route", "GET", "/v1/nothing", "", 200, `{}`, false},
	}
	for _, tc := range cases {
		req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.reqBody))
		if tc.reqBody != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := &recordingWriter{ResponseWriter: httptest.NewRecorder(), code: tc.status}
		rec.Header().Set("Content-Type", "application/json")
		rec.body.WriteString(tc.answer)
		err := v.check(req, []byte(tc.reqBody), rec)
		if (err == nil) != tc.ok {
			t.Errorf("%s: validation error %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}
