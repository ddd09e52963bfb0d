//go:build unix

package api_test

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/loadgen"
)

// BenchmarkAdjudicateOverLoopback posts the load test's adjudication and
// turn bodies to the API served over a loopback connection kept alive,
// through JSONProtocolErrors's connection as the server listens, and
// reports the CPU time of the process, client and server together, per
// answer: what BenchmarkAdjudicateLoadBodies leaves out (net/http reading
// the request and writing the answer, the client reading it) is what the
// load test's ratio to /healthz also pays for.
func BenchmarkAdjudicateOverLoopback(b *testing.B) {
	h := api.New(api.Config{Services: services(b), Logger: slog.New(slog.DiscardHandler)})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(api.JSONProtocolErrors(ln)) }()
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1, DisableCompression: true}}
	defer client.CloseIdleConnections()
	url := "http://" + ln.Addr().String() + "/v1/adjudicate"
	for _, set := range []struct {
		name   string
		bodies func() ([][]byte, error)
	}{{"adjudicate", loadgen.Adjudications}, {"replay", loadgen.Replays}} {
		bodies, err := set.bodies()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(set.name, func(b *testing.B) {
			post := func(body []byte) {
				res, err := client.Post(url, "application/json", bytes.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, res.Body); err != nil {
					b.Fatal(err)
				}
				_ = res.Body.Close()
				if res.StatusCode != http.StatusOK {
					b.Fatalf("status %d", res.StatusCode)
				}
			}
			post(bodies[0])
			b.ReportAllocs()
			cpu := cputime.Start()
			i := 0
			for b.Loop() {
				post(bodies[i%len(bodies)])
				i++
			}
			cpu.Report(b, i)
		})
	}
}
