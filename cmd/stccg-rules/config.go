package main

import (
	"flag"
	"fmt"
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

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return errUsage
		}
		return fmt.Errorf("%w", errUsage)
	}
	return nil
}
