package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// probe GETs a URL and succeeds when it answers 200: the health check of a
// container image that has no shell or curl.
func probe(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("probe takes one URL, e.g. http://127.0.0.1:8080/readyz")
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, args[0], nil)
	if err != nil {
		return fmt.Errorf("probe %s: %w", args[0], err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("probe %s: %w", args[0], err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("probe %s: status %d", args[0], res.StatusCode)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
