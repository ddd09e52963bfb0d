// Package testcorpus finds the real source documents for tests: the folder
// named by STCCG_CORPUS, else ../shared/corpus beside the repository root.
// The documents are never committed; tests read them where they lie.
package testcorpus

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/corpus"
)

// Dir returns the corpus folder, or fails the test when there is none: the
// real documents are part of every test run, never skipped.
func Dir(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("STCCG_CORPUS"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatalf("getwd: %v", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			c := filepath.Join(filepath.Dir(d), "shared", "corpus")
			if _, err := os.Stat(filepath.Join(c, "manifest.json")); err != nil {
				tb.Fatalf("no corpus at %s (set STCCG_CORPUS): %v", c, err)
			}
			return c
		}
		if filepath.Dir(d) == d {
			tb.Fatalf("no go.mod above %s", wd)
		}
	}
}

var (
	once   sync.Once
	loaded *corpus.Corpus
	err    error
)

// Load reads the real corpus once per test binary and returns it. Callers
// must not change what it returns.
func Load(tb testing.TB) *corpus.Corpus {
	tb.Helper()
	dir := Dir(tb)
	once.Do(func() { loaded, err = corpus.Load(context.Background(), dir) })
	if err != nil {
		tb.Fatalf("load corpus: %v", err)
	}
	return loaded
}

// ContractExample returns a file of the contract's examples
// ("adjudicate.json"), which lie beside the corpus.
func ContractExample(tb testing.TB, name string) []byte {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join(Dir(tb), "..", "contract", "examples", name))
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}
