package api_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/loadgen"
)

// TestAdjudicationsAtOnceAnswerAsAlone: the load test's boards and turns,
// answered by eight clients at once, get each the answer it gets alone. The
// handler reads every request into storage handed from one request to the
// next: an answer that read another request's board would differ.
func TestAdjudicationsAtOnceAnswerAsAlone(t *testing.T) {
	h := api.New(api.Config{Services: services(t), Logger: slog.New(slog.DiscardHandler)})
	var bodies [][]byte
	for _, gen := range []func() ([][]byte, error){loadgen.Adjudications, loadgen.Replays} {
		more, err := gen()
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, more...)
	}
	answer := func(body []byte) string {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("%.200s: %d %.300s", body, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	alone := make([]string, len(bodies))
	for i, body := range bodies {
		alone[i] = answer(body)
	}
	const clients, rounds = 8, 3
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for r := range rounds {
				for k := range bodies {
					// Each client goes through the bodies in its own order.
					i := (k*(2*c+1) + r) % len(bodies)
					if got := answer(bodies[i]); got != alone[i] {
						t.Errorf("body %d answered at once with others %.300s, alone %.300s", i, got, alone[i])
						return
					}
				}
			}
		})
	}
	wg.Wait()
}
