package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestAnUnknownFlagIsNamedWithTheFlagsMeant gives commands a flag they do
// not take, misspelt or in another case: each fails naming it with the
// flags meant, as the API names a query parameter it does not take
// ("did you mean"), before reading anything.
func TestAnUnknownFlagIsNamedWithTheFlagsMeant(t *testing.T) {
	svc := newEdgeServices()
	for args, want := range map[string]string{
		"search --limt 3 range":     "Unknown flag --limt: did you mean --limit?",
		"search range --Edition=2e": "Unknown flag --Edition: did you mean --edition?",
		"card -edtion 2e worf":      "Unknown flag --edtion: did you mean --edition?",
		"card --eidtoin 2e worf":    "Unknown flag --eidtoin: did you mean --edition?", // two swaps: two edits
		"define --xyzzy stopped":    "",
	} {
		var stderr bytes.Buffer
		err := edgeCLI(svc).run(context.Background(), strings.Fields(args), strings.NewReader(""), io.Discard, &stderr)
		if err == nil {
			t.Errorf("%s: no failure", args)
		}
		if want != "" && !strings.Contains(stderr.String(), want) || want == "" && strings.Contains(stderr.String(), "did you mean") {
			t.Errorf("%s:\n%s\nwant %q", args, stderr.String(), want)
		}
		if !strings.Contains(stderr.String(), "flag provided but not defined") {
			t.Errorf("%s: the flag package's own line is gone:\n%s", args, stderr.String())
		}
	}
	if got := svc.asked(); len(got) > 0 {
		t.Errorf("asked the services %v", got)
	}
}
