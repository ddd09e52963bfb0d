package api_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/ratelimit"
)

func TestInProcessRateLimitRefusesWith429AndHeaders(t *testing.T) {
	lim, err := ratelimit.New(ratelimit.Config{PerMinute: 3})
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, api.Config{Limiter: lim})
	codes := []int{}
	var last *http.Response
	for range 5 {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/documents", nil)
		req.Header.Set("X-API-Key", "bot-1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		codes = append(codes, res.StatusCode)
		last = res
	}
	if codes[2] != 200 || codes[3] != 429 || codes[4] != 429 {
		t.Fatalf("statuses %v, want three 200 then 429", codes)
	}
	if last.Header.Get("Retry-After") == "" || last.Header.Get("X-RateLimit-Limit") != "3" || last.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("headers %v", last.Header)
	}
	// Another client has its own allowance; health checks are never limited.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/documents", nil)
	req.Header.Set("X-API-Key", "bot-2")
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 200 {
		t.Fatalf("another client refused: %v %v", res.StatusCode, err)
	}
	var body errorBody
	if code := get(t, srv, "/healthz", &body); code != 200 {
		t.Fatalf("/healthz limited: %d", code)
	}
}

func TestReadsAreCachedAndErrorsAreNot(t *testing.T) {
	lru, err := cache.NewLRU(100, 1<<20, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, api.Config{Responses: cache.NewResponses(lru, time.Minute, 0)})
	first, err := http.Get(srv.URL + "/v1/define?term=stopped&edition=2e")
	if err != nil {
		t.Fatal(err)
	}
	var a, b struct{ Total int }
	_ = json.NewDecoder(first.Body).Decode(&a)
	first.Body.Close()
	second, err := http.Get(srv.URL + "/v1/define?edition=2e&term=stopped")
	if err != nil {
		t.Fatal(err)
	}
	_ = json.NewDecoder(second.Body).Decode(&b)
	second.Body.Close()
	if first.Header.Get("X-Cache") != "MISS" || second.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("X-Cache %q then %q, want MISS then HIT (parameters in any order)", first.Header.Get("X-Cache"), second.Header.Get("X-Cache"))
	}
	if a.Total == 0 || a.Total != b.Total || second.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("cached answer differs: %d vs %d, %q", a.Total, b.Total, second.Header.Get("Content-Type"))
	}
	for range 2 {
		var e errorBody
		if code := get(t, srv, "/v1/define?term=nosuchterm", &e); code != 404 || e.Error.Code != "not_found" {
			t.Fatalf("error answer changed on repeat: %d %+v", code, e)
		}
	}
	res, err := http.Get(srv.URL + "/v1/define?term=nosuchterm")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Header.Get("X-Cache") == "HIT" {
		t.Fatal("a 404 was served from the cache")
	}
}
