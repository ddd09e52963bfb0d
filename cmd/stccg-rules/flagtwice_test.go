package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// A flag given twice is refused in the sentence a query parameter given
// twice is refused in (rules.GivenTwice), before the corpus is read: the
// flag package kept the last (--limit 5 --limit 10 showed ten). A flag
// given once, wherever it stands, is read.
func TestAFlagGivenTwiceIsRefused(t *testing.T) {
	dir := testcorpus.Dir(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--limit", "5", "--limit", "10", "range"}, "The limit parameter is given twice: give it once."},
		{[]string{"search", "range", "--edition=1e", "--edition", "1e"}, "The edition parameter is given twice: give it once."},
		{[]string{"card", "--exact", "worf", "--exact"}, "The exact parameter is given twice: give it once."},
		{[]string{"define", "--edition", "1e", "stopped"}, ""},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{c.args[0], "--corpus", dir}, c.args[1:]...)
		err := testCLI(t).run(context.Background(), args, strings.NewReader(""), &out, &errOut)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%v: %v\n%s", c.args, err, errOut.String())
		case c.want != "" && (err == nil || !strings.Contains(errOut.String(), c.want)):
			t.Errorf("%v: %v\n%s, want %q", c.args, err, errOut.String(), c.want)
		}
	}
}
