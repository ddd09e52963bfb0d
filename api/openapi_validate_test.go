package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	// The same document, read as 3.0: its bodies are validated by the
	// validator kin-openapi falls back to for them (see sameAs30).
	as30 := *doc
	as30.OpenAPI = "3.0.3"
	return &openAPIValidator{doc: doc, as30: &as30, router: router, errorSchema: errSchema}, nil
})

type openAPIValidator struct {
	doc         *openapi3.T
	as30        *openapi3.T
	router      routers.Router
	errorSchema *openapi3.Schema
	same        sync.Map // *openapi3.Schema -> bool, sameAs30's answers
	asIs        bool     // every body against the document as it is (as kin-openapi does)
}

// sameAs30 says whether kin-openapi (v0.152.0) validates a value against
// the body schema s of this OpenAPI 3.1 document with the validator it
// uses for 3.0 documents, so that validating as 3.0 gives the same answer.
// For a 3.1 document it compiles s into a JSON Schema 2020-12 validator
// for every value it validates, then, when s refers to a component schema
// and uses none of the keywords only that validator knows, throws the
// compiled validator away and validates with the 3.0 one; the two settings
// differ only in "nullable", which 3.1 ignores. Compiling was a fifth of
// this package's CPU. A schema this does not hold for is validated as
// before.
func (v *openAPIValidator) sameAs30(s *openapi3.Schema) bool {
	if s == nil {
		return false
	}
	if same, ok := v.same.Load(s); ok {
		return same.(bool)
	}
	same := false
	if data, err := json.Marshal(s); err == nil {
		var doc any
		if json.Unmarshal(data, &doc) == nil && refersToAComponent(doc) {
			errStop := errors.New("stop")
			err := openapi3.NewSchemaRef("", s).WalkSubtree(func(_ string, ref *openapi3.SchemaRef) error {
				if x := ref.Value; x != nil && (x.Nullable || has2020Keyword(x)) {
					return errStop
				}
				return nil
			})
			same = err == nil
		}
	}
	v.same.Store(s, same)
	return same
}

// refersToAComponent: a schema, as JSON, holds a $ref to
// #/components/schemas/.
func refersToAComponent(node any) bool {
	switch node := node.(type) {
	case map[string]any:
		if ref, ok := node["$ref"].(string); ok && strings.HasPrefix(ref, "#/components/schemas/") {
			return true
		}
		for _, x := range node {
			if refersToAComponent(x) {
				return true
			}
		}
	case []any:
		for _, x := range node {
			if refersToAComponent(x) {
				return true
			}
		}
	}
	return false
}

// has2020Keyword: the keywords for which kin-openapi keeps the JSON Schema
// 2020-12 validator of a schema that refers to a component.
func has2020Keyword(s *openapi3.Schema) bool {
	return s.Const != nil || len(s.PrefixItems) != 0 || s.Contains != nil ||
		len(s.PatternProperties) != 0 || len(s.DependentSchemas) != 0 || s.PropertyNames != nil ||
		s.UnevaluatedItems.Has != nil || s.UnevaluatedItems.Schema != nil ||
		s.UnevaluatedProperties.Has != nil || s.UnevaluatedProperties.Schema != nil ||
		s.If != nil || s.Then != nil || s.Else != nil ||
		len(s.DependentRequired) != 0 || len(s.Defs) != 0 || s.ContentSchema != nil
}

// bodyRoute is route, or the same route of the document read as 3.0 when
// the schema of the body in content of the given type is validated the
// same that way (sameAs30).
func (v *openAPIValidator) bodyRoute(route *routers.Route, content openapi3.Content, contentType string) *routers.Route {
	mt := content.Get(contentType)
	if v.asIs || mt == nil || mt.Schema == nil || !v.sameAs30(mt.Schema.Value) {
		return route
	}
	r := *route
	r.Spec = v.as30
	return &r
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
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if err := v.validateRequest(ctx, in); err != nil && rec.status() < 400 {
		return fmt.Errorf("the document refuses a request the service answered: %w", err)
	}
	validatedAnswers.Add(1)
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.status(), Header: rec.Header(),
		Body: io.NopCloser(bytes.NewReader(rec.body.Bytes())), Options: opts}
	res := route.Operation.Responses.Status(rec.status())
	if res == nil {
		res = route.Operation.Responses.Default()
	}
	if res == nil || res.Value == nil {
		// An undocumented status: ValidateResponse refuses it.
	} else if r := v.bodyRoute(route, res.Value.Content, rec.Header().Get("Content-Type")); r != route {
		// The status and headers against the document as it is, then
		// the whole answer against it read as 3.0, which validates the
		// body as kin-openapi does for 3.1 without compiling its schema.
		head := *out
		head.Options = &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true, ExcludeResponseBody: true}
		head.Body = io.NopCloser(bytes.NewReader(nil))
		if err := openapi3filter.ValidateResponse(ctx, &head); err != nil {
			return fmt.Errorf("the answer does not match the document: %w", err)
		}
		in30 := *in
		in30.Route = r
		out.RequestValidationInput = &in30
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		return fmt.Errorf("the answer does not match the document: %w", err)
	}
	return nil
}

// validateRequest is openapi3filter.ValidateRequest, the body validated
// against the document read as 3.0 when that is the same (bodyRoute).
func (v *openAPIValidator) validateRequest(ctx context.Context, in *openapi3filter.RequestValidationInput) error {
	rb := in.Route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		return openapi3filter.ValidateRequest(ctx, in)
	}
	r := v.bodyRoute(in.Route, rb.Value.Content, in.Request.Header.Get("Content-Type"))
	if r == in.Route {
		return openapi3filter.ValidateRequest(ctx, in)
	}
	opts := *in.Options
	opts.ExcludeRequestBody = true
	rest := *in
	rest.Options = &opts
	err := openapi3filter.ValidateRequest(ctx, &rest)
	body := *in
	body.Route = r
	if berr := openapi3filter.ValidateRequestBody(ctx, &body, rb.Value); berr != nil {
		err = errors.Join(err, berr)
	}
	return err
}

// checkRequest validates a request alone against the document.
func (v *openAPIValidator) checkRequest(r *http.Request, body []byte) error {
	r.Header.Set("Content-Type", "application/json")
	r.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := v.router.FindRoute(r)
	if err != nil {
		return err
	}
	return v.validateRequest(context.Background(), &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
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
	// The validator as kin-openapi validates a 3.1 document, compiling
	// every body's schema: the answers must be the same (sameAs30).
	asIs := &openAPIValidator{doc: v.doc, as30: v.as30, router: v.router, errorSchema: v.errorSchema, asIs: true}
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
		req = httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.reqBody))
		if tc.reqBody != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if err := asIs.check(req, []byte(tc.reqBody), rec); (err == nil) != tc.ok {
			t.Errorf("%s: validated as kin-openapi validates 3.1: error %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}
