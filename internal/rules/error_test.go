package rules

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestErrorfQuotesAtMostMaxQuotedCharactersOfText(t *testing.T) {
	long := strings.Repeat("é", 400_000)
	args := []any{long, errors.New(long), 7}
	e := Errorf(EUNPROCESSABLE, "cannot read %q: %v (%d)", args...)
	if n := utf8.RuneCountInString(e.Message); n > 3*MaxQuoted || !strings.Contains(e.Message, "…") || !strings.HasSuffix(e.Message, "(7)") {
		t.Fatalf("message of %d characters: %.300s", n, e.Message)
	}
	if args[0] != long {
		t.Error("Errorf changed the caller's arguments")
	}
	if got := Truncate(strings.Repeat("a", MaxQuoted)); got != strings.Repeat("a", MaxQuoted) {
		t.Errorf("text of exactly MaxQuoted characters was cut: %q", got)
	}
	if got := Truncate(strings.Repeat("é", MaxQuoted+1)); got != strings.Repeat("é", MaxQuoted-1)+"…" || !utf8.ValidString(got) {
		t.Errorf("Truncate cut %q", got)
	}
	var nilErr *Error
	if e := Errorf(EINVALID, "%v", error(nilErr)); e.Message == "" {
		t.Error("a nil error argument broke the message")
	}
}

func TestDetailStringsReadsEitherSliceType(t *testing.T) {
	e := Errorf(ENOTFOUND, "none").WithDetail("suggestions", []string{"a"}).WithDetail("candidates", []any{"b", 3, "c"})
	if got := DetailStrings(e, "suggestions"); len(got) != 1 || got[0] != "a" {
		t.Errorf("suggestions %v", got)
	}
	if got := DetailStrings(e, "candidates"); len(got) != 2 || got[1] != "c" {
		t.Errorf("candidates %v", got)
	}
	if DetailStrings(errors.New("plain"), "suggestions") != nil || DetailStrings(e, "missing") != nil {
		t.Error("a detail that is not there read as a list")
	}
}
