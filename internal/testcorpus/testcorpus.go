// Package testcorpus finds the real source documents for tests: the folder
// named by STCCG_CORPUS, else ../shared/corpus beside the repository root.
// The documents are never committed; tests read them where they lie.
package testcorpus

import (
	"context"
	"fmt"
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
	d, err := Locate()
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// Locate returns the corpus folder: STCCG_CORPUS, else ../shared/corpus
// beside the repository root; an error says where it looked. For a
// TestMain, which has no test to fail; tests call Dir.
func Locate() (string, error) {
	if d := os.Getenv("STCCG_CORPUS"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("getwd: %w", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			c := filepath.Join(filepath.Dir(d), "shared", "corpus")
			if _, err := os.Stat(filepath.Join(c, "manifest.json")); err != nil {
				return "", fmt.Errorf("no corpus at %s (set STCCG_CORPUS): %w", c, err)
			}
			return c, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", wd)
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
	c, err := Shared()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// Shared is Load for a TestMain: the corpus read once per test binary, or
// the error that kept it from being read.
func Shared() (*corpus.Corpus, error) {
	once.Do(func() {
		var dir string
		if dir, err = Locate(); err != nil {
			return
		}
		if loaded, err = corpus.Load(context.Background(), dir); err != nil {
			err = fmt.Errorf("load corpus: %w", err)
		}
	})
	return loaded, err
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
