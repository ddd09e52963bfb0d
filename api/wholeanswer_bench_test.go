//go:build unix

package api_test

import (
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/cputime"
)

// BenchmarkAnswerWrites sends an answer of known length, 4.7 KB (a page of
// search hits) or 30 KB (a ten-action turn's verdict), over a loopback
// connection kept alive, as net/http writes it (split: its 4 KB buffer, then
// the rest) and through JSONProtocolErrors's connection (whole: one write),
// and reports the CPU time of the process, client and server together, per
// answer: a busy machine inflates it far less than wall time.
func BenchmarkAnswerWrites(b *testing.B) {
	for _, size := range []int{4400, 30000} {
		b.Run(strconv.Itoa(size), func(b *testing.B) { benchmarkAnswerWrites(b, size) })
	}
}

func benchmarkAnswerWrites(b *testing.B, size int) {
	body := strings.Repeat("x", size)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = io.WriteString(w, body)
	})
	for _, tc := range []struct {
		name string
		wrap func(net.Listener) net.Listener
	}{
		{"split", func(ln net.Listener) net.Listener { return ln }},
		{"whole", api.JSONProtocolErrors},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second}
			go func() { _ = srv.Serve(tc.wrap(ln)) }()
			defer srv.Close()
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
			defer client.CloseIdleConnections()
			url := "http://" + ln.Addr().String() + "/"
			get := func() {
				res, err := client.Get(url)
				if err != nil {
					b.Fatal(err)
				}
				if n, err := io.Copy(io.Discard, res.Body); err != nil || n != int64(len(body)) {
					b.Fatalf("read %d bytes: %v", n, err)
				}
				_ = res.Body.Close()
			}
			get()
			b.ReportAllocs()
			cpu := cputime.Start()
			b.ResetTimer()
			for range b.N {
				get()
			}
			b.StopTimer()
			cpu.Report(b, b.N)
		})
	}
}
