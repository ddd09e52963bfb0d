package main

import (
	"flag"
	"io"
	"os"
	"strconv"
	"time"
)

// defaultCorpus is where the documents lie beside a checkout.
const defaultCorpus = "../shared/corpus"

// config is the service's configuration: flags, with the environment as
// their defaults.
type config struct {
	Addr            string
	Corpus          string
	Redis           string
	Index           string
	RateLimit       int
	Pprof           bool
	MemoryLimit     int64 // MiB
	ShutdownTimeout time.Duration
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

// newFlags returns a flag set with the flags every command shares.
func newFlags(name string, stderr io.Writer, cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Corpus, "corpus", envOr("STCCG_CORPUS", defaultCorpus), "folder of the source documents and manifest.json (env STCCG_CORPUS)")
	return fs
}

// parseFlags parses flags wherever they stand among the words
// ("define stopped --edition 2e" as well as "define --edition 2e stopped");
// the words are left in fs.Args().
func parseFlags(fs *flag.FlagSet, args []string) error {
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			return errUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			words = append(words, rest[1:]...)
			break
		}
		words = append(words, rest[0])
		args = rest[1:]
	}
	// Parse the words alone once more so fs.Args() returns them.
	return fs.Parse(append([]string{"--"}, words...))
}
