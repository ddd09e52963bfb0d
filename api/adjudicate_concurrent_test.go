package api_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/loadgen"
)

// answersAtOnceAsAlone answers each body alone, then from clients at once,
// rounds times each, every client in its own order, and fails t when a body
// is answered differently at once with others. The handler and the engine
// read every request into storage handed from one request to the next: an
// answer that read another request's board would differ.
func answersAtOnceAsAlone(t *testing.T, h http.Handler, bodies []string, clients, rounds int) {
	t.Helper()
	answer := func(body string) string {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/v1/adjudicate", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		return strconv.Itoa(rec.Code) + " " + rec.Body.String()
	}
	alone := make([]string, len(bodies))
	for i, body := range bodies {
		alone[i] = answer(body)
	}
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for r := range rounds {
				for k := range bodies {
					// Each client goes through the bodies in its own order.
					i := (k*(2*c+1) + r) % len(bodies)
					if got := answer(bodies[i]); got != alone[i] {
						t.Errorf("%.200s answered at once with others %.300s, alone %.300s", bodies[i], got, alone[i])
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestAdjudicationsAtOnceAnswerAsAlone: the load test's boards and turns,
// answered by eight clients at once, get each the answer it gets alone.
func TestAdjudicationsAtOnceAnswerAsAlone(t *testing.T) {
	h := api.New(api.Config{Services: services(t), Logger: slog.New(slog.DiscardHandler)})
	var bodies []string
	for _, gen := range []func() ([][]byte, error){loadgen.Adjudications, loadgen.Replays} {
		more, err := gen()
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range more {
			bodies = append(bodies, string(b))
		}
	}
	answersAtOnceAsAlone(t, h, bodies, 8, 3)
}

// TestEveryAdjudicationBodyAtOnceAnswersAsAlone: the snapshot's bodies
// (every fourth; all of them with STCCG_ADJUDICATE_BODIES), refusals and
// every question included, answered by four clients at once, get each the
// answer it gets alone.
func TestEveryAdjudicationBodyAtOnceAnswersAsAlone(t *testing.T) {
	h := api.New(api.Config{Services: services(t), Logger: slog.New(slog.DiscardHandler)})
	bodies := snapshotBodies(t)
	if os.Getenv("STCCG_ADJUDICATE_BODIES") == "" {
		var sample []string
		for i := 0; i < len(bodies); i += 4 {
			sample = append(sample, bodies[i])
		}
		bodies = sample
	}
	answersAtOnceAsAlone(t, h, bodies, 4, 1)
	t.Logf("%d bodies answered alone and at once", len(bodies))
}
