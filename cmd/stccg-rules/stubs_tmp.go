package main

import (
	"context"
	"io"
)

func buildIndex(ctx context.Context, args []string, stdout, stderr io.Writer) error { return nil }
func searchCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error  { return nil }
func cardCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error    { return nil }
func adjudicateCmd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return nil
}
