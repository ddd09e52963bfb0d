package rules

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// refusal checks that err is the *Error a Parse function returns for a
// value it refuses: EINVALID, naming field, with a message that quotes at
// most MaxQuoted characters of what was sent.
func refusal(t *testing.T, err error, field, wantMessage string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want *Error", err, err)
	}
	if e.Code != EINVALID || e.Details["field"] != field {
		t.Errorf("code %s, field %v; want %s, %s", e.Code, e.Details["field"], EINVALID, field)
	}
	if wantMessage != "" && e.Message != wantMessage {
		t.Errorf("message %q\nwant    %q", e.Message, wantMessage)
	}
}

func TestParseEditionForgivesCaseAndSpacesAndNothingElse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Edition
	}{
		{"", ""}, {"  ", ""}, {"1e", Edition1E}, {"2e", Edition2E}, {"2E", Edition2E}, {" 1E ", Edition1E}, {"\t2e\n", Edition2E},
	} {
		got, err := ParseEdition(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseEdition(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, message string }{
		{"3e", `Unknown edition "3e": use "1e" or "2e".`},
		{" 3E ", `Unknown edition "3E": use "1e" or "2e".`},
		{"second", `Unknown edition "second": use "1e" or "2e".`},
		{"1", `Unknown edition "1": use "1e" or "2e".`},
		{"2ｅ", `Unknown edition "2ｅ": use "1e" or "2e".`}, // a full-width letter is another word
		{"1e,2e", `Unknown edition "1e,2e": use "1e" or "2e".`},
	} {
		got, err := ParseEdition(tc.in)
		if got != "" {
			t.Errorf("ParseEdition(%q) = %q beside its error", tc.in, got)
		}
		refusal(t, err, "edition", tc.message)
	}
	if _, err := ParseEditionRequired(" "); err == nil {
		t.Error("ParseEditionRequired took no edition")
	} else {
		refusal(t, err, "edition", `Give the edition: "1e" or "2e".`)
	}
	if got, err := ParseEditionRequired("2E"); err != nil || got != Edition2E {
		t.Errorf("ParseEditionRequired(2E) = %q, %v", got, err)
	}
	if _, err := ParseEditionRequired("3e"); err == nil {
		t.Error("ParseEditionRequired took 3e")
	}
}

func TestParseEntryKindForgivesCaseAndSpaces(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want EntryKind
	}{
		{"", ""}, {"section", KindSection}, {"Glossary", KindGlossary}, {" RULING ", KindRuling}, {"card", KindCard},
	} {
		got, err := ParseEntryKind(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseEntryKind(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"rule", "rulings", "glossary entry", "cards", "1e"} {
		_, err := ParseEntryKind(in)
		refusal(t, err, "kind", `Unknown kind "`+in+`": use section, glossary, ruling or card.`)
	}
}

func TestParseQuestionKnowsTheContractsQuestions(t *testing.T) {
	for _, q := range Questions() {
		for _, in := range []string{string(q), strings.ToUpper(string(q)), " " + string(q) + " "} {
			if got, err := ParseQuestion(in); err != nil || got != q {
				t.Errorf("ParseQuestion(%q) = %q, %v", in, got, err)
			}
		}
	}
	_, err := ParseQuestion("warp.core")
	refusal(t, err, "question", "")
	names := DetailStrings(err, "questions")
	if len(names) != len(Questions()) || !slices.IsSorted(names) {
		t.Errorf("details.questions %v", names)
	}
	if msg := ErrorMessage(err); !strings.HasPrefix(msg, `Unknown question "warp.core": use one of battle.initiate, `) || !strings.HasSuffix(msg, "turn.replay.") {
		t.Errorf("message %q", msg)
	}
	_, err = ParseQuestion("")
	refusal(t, err, "question", "")
	if !strings.HasPrefix(ErrorMessage(err), "Give the question to answer: one of ") {
		t.Errorf("message %q", ErrorMessage(err))
	}
	// The names listed are the service's words: never clipped as a
	// caller's text is, however many questions there are.
	if !strings.Contains(ErrorMessage(err), "turn.replay") {
		t.Errorf("the list was clipped: %q", ErrorMessage(err))
	}
}

func TestPagingHasOneBoundForEveryList(t *testing.T) {
	for _, tc := range []struct {
		in        string
		def, want int
	}{
		{"", 10, 10}, {" ", 20, 20}, {"0", 10, 0}, {"100", 10, 100}, {" 7 ", 10, 7}, {"-0", 10, 0},
	} {
		if got, err := ParseLimit("limit", tc.in, tc.def); err != nil || got != tc.want {
			t.Errorf("ParseLimit(%q, %d) = %d, %v; want %d", tc.in, tc.def, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, message string }{
		{"101", "limit asks for 101 items a page; a page holds 0 to 100."},
		{"-1", "limit asks for -1 items a page; a page holds 0 to 100."},
		{"99999999999999999999999", "limit asks for 99999999999999999999999 items a page; a page holds 0 to 100."},
		{"ten", `limit must be a whole number; got "ten".`},
		{"1.5", `limit must be a whole number; got "1.5".`},
		{"0x10", `limit must be a whole number; got "0x10".`},
		{"007", `limit is written with a leading zero ("007"); write the whole number as 7.`},
		{"00", `limit is written with a leading zero ("00"); write the whole number as 0.`},
		{"+5", `limit is written with a plus sign ("+5"); write the whole number as 5.`},
	} {
		_, err := ParseLimit("limit", tc.in, 10)
		refusal(t, err, "limit", tc.message)
	}
	_, err := CheckLimit("first", 101)
	refusal(t, err, "first", "first asks for 101 items a page; a page holds 0 to 100.")

	for _, tc := range []struct {
		in   string
		want int
	}{{"", 0}, {"0", 0}, {"10000", 10000}, {" 20 ", 20}} {
		if got, err := ParseOffset("offset", tc.in); err != nil || got != tc.want {
			t.Errorf("ParseOffset(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, message string }{
		{"10001", "offset skips 10001 items; from 0 to 10000 may be skipped."},
		{"-3", "offset skips -3 items; from 0 to 10000 may be skipped."},
		{"-99999999999999999999999", "offset skips -99999999999999999999999 items; from 0 to 10000 may be skipped."},
		{"page2", `offset must be a whole number; got "page2".`},
	} {
		_, err := ParseOffset("offset", tc.in)
		refusal(t, err, "offset", tc.message)
	}
	_, err = CheckOffset("after", MaxPageOffset+1)
	refusal(t, err, "after", "after skips 10001 items; from 0 to 10000 may be skipped.")
}

func TestClipCutsBetweenCharactersWithinItsBound(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"", 5, ""},
		{"short", 5, "short"},
		{"shorter", 5, "shor…"},
		{"éééééé", 5, "éééé…"},        // 12 bytes, 6 characters: cut at a character
		{"ééééé", 5, "ééééé"},         // 10 bytes, 5 characters: not cut
		{"日本語のテキスト", 4, "日本語…"},       // three bytes a character
		{"two words here", 5, "two…"}, // no space left before the mark
		{"two words here", 6, "two w…"},
		{"a b", 1, "…"},
		{"ab", 0, ""},
		{"ab", -1, ""},
		{"\xff\xfe\xfd", 2, "\xff…"}, // bytes that are not UTF-8 count one each, kept as they are
	} {
		got := Clip(tc.in, tc.n)
		if got != tc.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestClipWordsCutsAtAWordsEnd(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"the ship's range is spent", 14, "the ship's…"},
		{"the ship's range is spent", 17, "the ship's range…"},
		{"the ship, its range", 10, "the ship…"},
		{"Unbreakable", 5, "Unbr…"}, // one word: cut inside it
		{"fits", 4, "fits"},
	} {
		if got := ClipWords(tc.in, tc.n); got != tc.want {
			t.Errorf("ClipWords(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestWithCodeKeepsTheSentenceAndLeavesTheOriginal(t *testing.T) {
	_, err := ParseEdition("3e")
	re := WithCode(err, EUNPROCESSABLE)
	if ErrorCode(re) != EUNPROCESSABLE || ErrorMessage(re) != ErrorMessage(err) || ErrorDetails(re)["field"] != "edition" {
		t.Errorf("recoded %v", re)
	}
	if ErrorCode(err) != EINVALID {
		t.Error("WithCode changed the original")
	}
	ErrorDetails(re)["field"] = "other"
	if ErrorDetails(err)["field"] != "edition" {
		t.Error("WithCode shares the original's details")
	}
	plain := errors.New("plain")
	if WithCode(plain, EUNPROCESSABLE) != plain || WithCode(nil, EINVALID) != nil {
		t.Error("WithCode changed an error that is not an *Error")
	}
}

func FuzzParseEdition(f *testing.F) {
	for _, s := range []string{"", "1e", "2E", " 1e ", "3e", "1ｅ", "\xff", strings.Repeat("e", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseEdition(s)
		want := Edition(strings.ToLower(strings.TrimSpace(s)))
		known := want == "" || want == Edition1E || want == Edition2E
		switch {
		case known && (err != nil || got != want):
			t.Fatalf("ParseEdition(%q) = %q, %v; want %q", s, got, err, want)
		case !known && (err == nil || got != ""):
			t.Fatalf("ParseEdition(%q) = %q, %v; want a refusal", s, got, err)
		case !known:
			checkRefusal(t, err, "edition")
		}
	})
}

func FuzzParseEntryKind(f *testing.F) {
	for _, s := range []string{"", "glossary", "Ruling", " card ", "rule", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseEntryKind(s)
		want := EntryKind(strings.ToLower(strings.TrimSpace(s)))
		known := want == "" || slices.Contains(EntryKinds(), want)
		switch {
		case known && (err != nil || got != want):
			t.Fatalf("ParseEntryKind(%q) = %q, %v; want %q", s, got, err, want)
		case !known && (err == nil || got != ""):
			t.Fatalf("ParseEntryKind(%q) = %q, %v; want a refusal", s, got, err)
		case !known:
			checkRefusal(t, err, "kind")
		}
	})
}

func FuzzParseQuestion(f *testing.F) {
	for _, s := range []string{"", "ship.move", "SHIP.MOVE", " turn.replay", "warp.core", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseQuestion(s)
		want := Question(strings.ToLower(strings.TrimSpace(s)))
		known := slices.Contains(Questions(), want)
		switch {
		case known && (err != nil || got != want):
			t.Fatalf("ParseQuestion(%q) = %q, %v; want %q", s, got, err, want)
		case !known && (err == nil || got != ""):
			t.Fatalf("ParseQuestion(%q) = %q, %v; want a refusal", s, got, err)
		case !known:
			checkRefusal(t, err, "question")
		}
	})
}

func FuzzParseLimitAndOffset(f *testing.F) {
	for _, s := range []string{"", "0", "100", "101", "-1", "10000", "10001", "x", "1e3", "99999999999999999999", " 5 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, atoiErr := strconv.Atoi(strings.TrimSpace(s))
		empty := strings.TrimSpace(s) == ""
		for _, p := range []struct {
			field string
			parse func(string) (int, error)
			def   int
			max   int
		}{
			{"limit", func(s string) (int, error) { return ParseLimit("limit", s, 10) }, 10, MaxPageLimit},
			{"offset", func(s string) (int, error) { return ParseOffset("offset", s) }, 0, MaxPageOffset},
		} {
			got, err := p.parse(s)
			switch {
			case empty && (err != nil || got != p.def):
				t.Fatalf("%s %q = %d, %v; want the default %d", p.field, s, got, err, p.def)
			case empty:
			case atoiErr == nil && n >= 0 && n <= p.max && (err != nil || got != n):
				t.Fatalf("%s %q = %d, %v; want %d", p.field, s, got, err, n)
			case (atoiErr != nil || n < 0 || n > p.max) && err == nil:
				t.Fatalf("%s %q = %d: past the bound 0..%d, taken", p.field, s, got, p.max)
			case err != nil:
				checkRefusal(t, err, p.field)
			}
		}
	})
}

func FuzzClip(f *testing.F) {
	for _, s := range []string{"", "abc", "éééé", "日本語のテキスト", "a \u00a0b", "\xff\xfe", "e\u0301e\u0301"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = n % 300
		for name, clip := range map[string]func(string, int) string{"Clip": Clip, "ClipWords": ClipWords} {
			got := clip(s, n)
			count := utf8.RuneCountInString(got)
			switch {
			case n < 1 && got != "":
				t.Fatalf("%s(%q, %d) = %q, want empty", name, s, n, got)
			case count > max(n, 0):
				t.Fatalf("%s(%q, %d) = %q: %d characters past the bound", name, s, n, got, count)
			case utf8.ValidString(s) && !utf8.ValidString(got):
				t.Fatalf("%s(%q, %d) = %q split a character", name, s, n, got)
			case n >= 1 && utf8.RuneCountInString(s) <= n && got != s:
				t.Fatalf("%s(%q, %d) = %q cut a text that fits", name, s, n, got)
			case got != s && n >= 1:
				kept, ok := strings.CutSuffix(got, Ellipsis)
				if !ok || !strings.HasPrefix(s, kept) {
					t.Fatalf("%s(%q, %d) = %q is not a prefix of the text and the mark", name, s, n, got)
				}
			}
		}
	})
}

// checkRefusal checks a fuzzed refusal: an *Error EINVALID naming field,
// its message within the room an error gives a caller's text (MaxQuoted
// characters, each at most 10 bytes as %q writes it: "\U0010ffff").
func checkRefusal(t *testing.T, err error, field string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != EINVALID || e.Details["field"] != field {
		t.Fatalf("refusal %#v, want EINVALID naming %s", err, field)
	}
	if n := len(e.Message); n > 10*MaxQuoted+400 {
		t.Fatalf("message of %d characters: %.200q", n, e.Message)
	}
}
