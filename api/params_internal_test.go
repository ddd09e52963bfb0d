package api

import (
	"net/url"
	"testing"
)

// queryValueCases are query strings whose parameters are read as
// url.ParseQuery reads them: plain, escaped names and values, repeated
// names, names without a value, empty pairs, and pairs it refuses.
var queryValueCases = []string{
	"",
	"q=combat+tie&edition=2e",
	"q=combat%20tie&edition=2e&q=second",
	"pretty&q=x",
	"pretty=&q=x",
	"q",
	"&&q=a&&",
	"=x&q=y",
	"%71=escaped+name&q=later",
	"q=%zz&q=good",
	"q=a;b&q=c",
	"q=a=b=c",
	"Q=upper&q=lower",
	"q+x=1&q%20x=2",
	"edition=1e&edition=2e",
	"q=caf%C3%A9&limit=5&offset=10",
	"q=%E2%80%A6+dots",
	"q=100%25",
}

// queryValueNames are the names read in each case.
var queryValueNames = []string{"q", "edition", "pretty", "limit", "offset", "Q", "q x", "", "x"}

// checkQueryValue holds queryValue to url.ParseQuery for every name.
func checkQueryValue(t *testing.T, raw string) {
	t.Helper()
	want, _ := url.ParseQuery(raw)
	names := append([]string(nil), queryValueNames...)
	for name := range want {
		names = append(names, name)
	}
	for _, name := range names {
		got, sent := queryValue(raw, name)
		if _, wantSent := want[name]; sent != wantSent || got != want.Get(name) {
			t.Errorf("queryValue(%q, %q) = %q, %v; url.ParseQuery gives %q, %v", raw, name, got, sent, want.Get(name), wantSent)
		}
	}
}

func TestQueryValueReadsAsParseQuery(t *testing.T) {
	for _, raw := range queryValueCases {
		checkQueryValue(t, raw)
	}
}

func FuzzQueryValue(f *testing.F) {
	for _, raw := range queryValueCases {
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw string) { checkQueryValue(t, raw) })
}
