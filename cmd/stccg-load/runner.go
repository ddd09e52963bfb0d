package main

import (
	"bytes"
	"context"
	"io"
	"math"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stccg/stccg-rules/internal/cputime"
)

// limits bound a scenario's run: it stops at the duration or the count,
// whichever comes first (a zero count is no bound by count).
type limits struct {
	concurrency int
	duration    time.Duration
	requests    uint64
}

// outcome is what a scenario's run measured.
type outcome struct {
	Scenario   string         `json:"scenario"`
	Distinct   int            `json:"distinctRequests"`
	Requests   int            `json:"requests"`
	Errors     int            `json:"errors"`
	Statuses   map[string]int `json:"statuses"`
	Cache      map[string]int `json:"cache,omitempty"` // X-Cache answers: HIT, MISS
	Seconds    float64        `json:"seconds"`
	RPS        float64        `json:"requestsPerSecond"`
	P50ms      float64        `json:"p50Ms"`
	P90ms      float64        `json:"p90Ms"`
	P99ms      float64        `json:"p99Ms"`
	MaxMs      float64        `json:"maxMs"`
	MeanMs     float64        `json:"meanMs"`
	OfHealthz  float64        `json:"ofHealthz,omitempty"` // RPS / healthz RPS, with --all
	PeakRSSKiB int64          `json:"peakRssKiB,omitempty"`
	// The server's CPU time during the scenario (user and system), and per
	// request: what a request costs the server, whatever the load
	// generator's own share of the machine.
	ServerCPUSeconds      float64 `json:"serverCpuSeconds,omitempty"`
	ServerCPUPerRequestUs float64 `json:"serverCpuPerRequestUs,omitempty"`
	// The load generator's own CPU time per request: on a small machine
	// it competes with the server for the same cores.
	ClientCPUPerRequestUs float64  `json:"clientCpuPerRequestUs"`
	FirstErrors           []string `json:"firstErrors,omitempty"`
}

// worker is one client's record: kept apart so that workers never share a lock.
type worker struct {
	durations []time.Duration
	statuses  map[string]int
	cache     map[string]int
	errors    int
	samples   []string
}

// maxErrorSamples is how many failures are quoted in the report.
const maxErrorSamples = 3

// runScenario sends the scenario's requests from lim.concurrency clients at
// once, each starting its next request when the last one's body is read,
// until the duration or the count is reached or ctx ends. A request started
// before the deadline is let finish.
func runScenario(ctx context.Context, c *http.Client, base string, sc *scenario, lim limits) outcome {
	var next atomic.Uint64
	workers := make([]worker, lim.concurrency)
	start := time.Now()
	deadline := start.Add(lim.duration)
	cpu0, _ := cputime.Process()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rec := &workers[w]
			rec.durations = make([]time.Duration, 0, 4096)
			rec.statuses = map[string]int{}
			rec.cache = map[string]int{}
			for ctx.Err() == nil && time.Now().Before(deadline) {
				i := next.Add(1) - 1
				if lim.requests > 0 && i >= lim.requests {
					return
				}
				rec.do(ctx, c, base, sc, sc.next(i))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	o := merge(sc, workers, elapsed)
	if cpu1, _ := cputime.Process(); cpu1 > cpu0 && o.Requests > 0 {
		cpu := cpu1 - cpu0
		o.ClientCPUPerRequestUs = math.Round(float64(cpu/time.Microsecond) / float64(o.Requests))
	}
	return o
}

// do sends one request and records its status and how long it took, from
// sending to the last byte of the body.
func (rec *worker) do(ctx context.Context, c *http.Client, base string, sc *scenario, r request) {
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, base+r.path, body)
	if err != nil {
		rec.fail("build request: " + err.Error())
		return
	}
	if r.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	t0 := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return // interrupted: not the service's fault, and not a measurement
		}
		rec.durations = append(rec.durations, time.Since(t0))
		rec.statuses["transport"]++
		rec.fail(err.Error())
		return
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	rec.durations = append(rec.durations, time.Since(t0))
	if err != nil {
		rec.statuses["transport"]++
		rec.fail("read body: " + err.Error())
		return
	}
	rec.statuses[strconv.Itoa(resp.StatusCode)]++
	if x := resp.Header.Get("X-Cache"); x != "" {
		rec.cache[x]++
	}
	if !sc.ok(resp.StatusCode) {
		rec.fail(r.method + " " + r.path + ": " + resp.Status)
	}
}

func (rec *worker) fail(msg string) {
	rec.errors++
	if len(rec.samples) < maxErrorSamples {
		rec.samples = append(rec.samples, msg)
	}
}

// merge adds up the workers' records.
func merge(sc *scenario, workers []worker, elapsed time.Duration) outcome {
	o := outcome{
		Scenario: sc.name,
		Distinct: len(sc.requests),
		Statuses: map[string]int{},
		Cache:    map[string]int{},
		Seconds:  elapsed.Seconds(),
	}
	n := 0
	for _, w := range workers {
		n += len(w.durations)
	}
	all := make([]time.Duration, 0, n)
	for _, w := range workers {
		all = append(all, w.durations...)
		for k, v := range w.statuses {
			o.Statuses[k] += v
		}
		for k, v := range w.cache {
			o.Cache[k] += v
		}
		o.Errors += w.errors
		for _, s := range w.samples {
			if len(o.FirstErrors) < maxErrorSamples {
				o.FirstErrors = append(o.FirstErrors, s)
			}
		}
	}
	o.Requests = len(all)
	if elapsed > 0 {
		o.RPS = float64(o.Requests) / elapsed.Seconds()
	}
	lat := summarise(all)
	o.P50ms, o.P90ms, o.P99ms = ms(lat.P50), ms(lat.P90), ms(lat.P99)
	o.MaxMs, o.MeanMs = ms(lat.Max), ms(lat.Mean)
	if len(o.Cache) == 0 {
		o.Cache = nil
	}
	return o
}

// newClient is an HTTP client for many requests to one loopback server: kept-
// alive connections, at least one idle connection per worker, no proxy, no
// redirects followed (a redirect could leave the machine).
func newClient(concurrency int, timeout time.Duration) *http.Client {
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           loopbackDialer(),
		MaxIdleConns:          2 * concurrency,
		MaxIdleConnsPerHost:   2 * concurrency,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: timeout,
		DisableCompression:    true,
		ForceAttemptHTTP2:     false,
	}
	return &http.Client{
		Transport: tr,
		Timeout:   timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}
