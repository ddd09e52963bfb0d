package syncbuf_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/internal/syncbuf"
)

// Writers and a reader at once (run with -race): every line written is
// there at the end, whole.
func TestBufferTakesConcurrentWritesAndReads(t *testing.T) {
	var b syncbuf.Buffer
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 100 {
				fmt.Fprintf(&b, "w%d-%d\n", w, i)
			}
		})
	}
	wg.Go(func() {
		for range 100 {
			_ = b.String()
		}
	})
	wg.Wait()
	if n := strings.Count(b.String(), "\n"); n != 400 {
		t.Errorf("%d lines, want 400", n)
	}
}
