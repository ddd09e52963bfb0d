package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"time"
)

// probe GETs a URL and succeeds when it answers 200: the health check of a
// container image that has no shell or curl.
func probe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		usageHint(stderr, "probe")
		return fmt.Errorf("probe takes one URL, e.g. http://127.0.0.1:8080/readyz")
	}
	url := fs.Arg(0)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("probe %s: %w", url, err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("probe %s: %w", url, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("probe %s: status %d", url, res.StatusCode)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
