package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestSprintfIsFmtSprintf: the sentences' printer writes what fmt.Sprintf
// writes, on the verbs it writes itself and on those it hands to fmt.
func TestSprintfIsFmtSprintf(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"plain", nil},
		{"", nil},
		{"%s and %s", []any{"Kira", "Odo"}},
		{"%d of %d (%s) is refused", []any{3, 10, "card.play"}},
		{"%q is listed twice", []any{"a \"b\" \u2028 \xff"}},
		{"%v %v", []any{"x", -7}},
		{"100%% of %d", []any{5}},
		{"%s", []any{""}},
		{"%d", []any{-9223372036854775808}},
		{"trailing %", nil},
		{"%s %s", []any{"one"}},
		{"%s", []any{"one", "two"}},
		{"%5d|%-4s|%.2f", []any{3, "ab", 1.5}},
		{"%s", []any{errors.New("an error")}},
		{"%x %d", []any{"hex", int64(4)}},
		{"%t", []any{true}},
		{"%s", []any{nil}},
		{"%s of %s", []any{rulesEdition("2e"), "x"}},
		{"%s beams from %v to %q", []any{"Kira", named("the Defiant"), named(`"Bajor"`)}},
		{"%d %x", []any{named("n"), named("n")}},
		{"%s", []any{(*pointerNamed)(nil)}},
		{"%s and %s", []any{&pointerNamed{"Odo"}, panicky{}}},
		{"%s", []any{formatted{}}},
		{"%s", []any{stringError{}}},
		{"%s%s%s%s%s%s%s%s%s", []any{named("1"), named("2"), named("3"), named("4"), named("5"), named("6"), named("7"), named("8"), named("9")}},
	} {
		if got, want := sprintf(c.format, c.args...), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("sprintf(%q, %v) = %q, fmt.Sprintf %q", c.format, c.args, got, want)
		}
		if strs, ok := allStrings(c.args); ok {
			if got, want := string(appendStrings([]byte("before "), c.format, strs)), "before "+fmt.Sprintf(c.format, c.args...); got != want {
				t.Errorf("appendStrings(%q, %q) = %q, fmt.Sprintf %q", c.format, strs, got, want)
			}
		}
		if args, ok := stringsAndInts(c.args); ok {
			j := &judgement{}
			j.sayStrings("before")
			j.sayArgs(c.format, args...)
			if got, want := j.sentences(), []string{"before", fmt.Sprintf(c.format, c.args...)}; !slices.Equal(got, want) {
				t.Errorf("sayArgs(%q, %v) said %q, fmt.Sprintf %q", c.format, c.args, got, want)
			}
		}
	}
	// More arguments than are written without fmt.
	many := make([]string, maxSentenceArgs+1)
	for i := range many {
		many[i] = fmt.Sprint(i)
	}
	format := strings.Repeat("%s ", len(many))
	if got, want := string(appendStrings(nil, format, many)), fmt.Sprintf(format, anyOf(many)...); got != want {
		t.Errorf("appendStrings of %d strings = %q, fmt.Sprintf %q", len(many), got, want)
	}
	if got, want := sprintf(format, anyOf(many)...), fmt.Sprintf(format, anyOf(many)...); got != want {
		t.Errorf("sprintf of %d strings = %q, fmt.Sprintf %q", len(many), got, want)
	}
}

// allStrings are args as strings, when every one is of type string.
func allStrings(args []any) ([]string, bool) {
	out := make([]string, len(args))
	for i, a := range args {
		s, ok := a.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

func anyOf(strs []string) []any {
	out := make([]any, len(strs))
	for i, s := range strs {
		out[i] = s
	}
	return out
}

type rulesEdition string

// Values with String methods, as fmt treats them: a value, a pointer (nil
// too), one whose String panics, one that formats itself, an error.
type (
	named        string
	pointerNamed struct{ s string }
	panicky      struct{}
	formatted    struct{}
	stringError  struct{}
)

func (n named) String() string         { return "«" + string(n) + "»" }
func (p *pointerNamed) String() string { return p.s }
func (panicky) String() string         { panic("no name") }
func (formatted) String() string       { return "string" }
func (formatted) Format(f fmt.State, verb rune) {
	_, _ = f.Write([]byte("formatted"))
}
func (stringError) String() string { return "string" }
func (stringError) Error() string  { return "error" }

// FuzzSprintf holds the sentences' printer to fmt.Sprintf on any format
// with string and int arguments.
func FuzzSprintf(f *testing.F) {
	f.Add("%s (%d): %q %v %% %", "Kira", 7)
	f.Add("%d%s%-3s%5d", "", -1)
	f.Fuzz(func(t *testing.T, format, s string, n int) {
		for _, args := range [][]any{{s, n}, {n, s}, {s}, {n}, {s, n, s}, nil} {
			if got, want := sprintf(format, args...), fmt.Sprintf(format, args...); got != want {
				t.Fatalf("sprintf(%q, %#v) = %q, fmt.Sprintf %q", format, args, got, want)
			}
		}
		for _, strs := range [][]string{{s}, {s, s}, nil} {
			if got, want := string(appendStrings(nil, format, strs)), fmt.Sprintf(format, anyOf(strs)...); got != want {
				t.Fatalf("appendStrings(%q, %q) = %q, fmt.Sprintf %q", format, strs, got, want)
			}
		}
	})
}

// stringsAndInts are args as sayArgs is given them, when each is a string
// or an int.
func stringsAndInts(args []any) ([]sentenceArg, bool) {
	out := make([]sentenceArg, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case string:
			out[i] = text(a)
		case int:
			out[i] = number(a)
		default:
			return nil, false
		}
	}
	return out, true
}

// TestJoinAndIsJoinThenAnd: joinAnd reads as the list joined by commas
// and its last word after "and".
func TestJoinAndIsJoinThenAnd(t *testing.T) {
	for _, parts := range [][]string{nil, {"a"}, {"a", "b"}, {"a", "b", "c"}, {"", "", ""}, {"Kira", "", "Odo", "the Defiant"}, {"x", "y", "z", "w", "v"}} {
		want := "none"
		switch len(parts) {
		case 0:
		case 1:
			want = parts[0]
		default:
			want = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
		}
		if got := joinAnd(parts); got != want {
			t.Errorf("joinAnd(%q) = %q, want %q", parts, got, want)
		}
	}
}

// TestTitleAndNamesAsJoined holds title and names, written to make one
// string, to what they made before: strings.ToUpper of the first byte and
// the rest; joinAnd of the names.
func TestTitleAndNamesAsJoined(t *testing.T) {
	for _, s := range []string{"", "a", "abc", "Abc", "1x", "éa", "\xc3", "zeta", "Z", "_x", "staff", "command"} {
		want := s
		if s != "" {
			want = strings.ToUpper(s[:1]) + s[1:]
		}
		if got := title(s); got != want {
			t.Errorf("title(%q) = %q, want %q", s, got, want)
		}
	}
	crew := []*Personnel{{ID: "kira"}, {ID: "odo", Title: "Odo"}, {ID: "quark", Title: "Quark"}, {ID: "rom"}}
	for n := range len(crew) + 1 {
		parts := make([]string, n)
		for i, p := range crew[:n] {
			parts[i] = p.Name()
		}
		want := joinAnd(parts)
		if n == 0 {
			want = "nobody"
		}
		if got := names(crew[:n]); got != want {
			t.Errorf("names of %d = %q, want %q", n, got, want)
		}
	}
}

// TestCountedIsPlural: a counted argument is written as plural's string,
// by appendArgs and by fmt when a verb sends the sentence there.
func TestCountedIsPlural(t *testing.T) {
	for _, n := range []int{0, 1, 2, 35, -1, 1000} {
		for _, format := range []string{"%s scored.", "%v of %d", "%q here"} {
			args := []sentenceArg{counted(n, "point", "points"), number(n)}
			boxed := []any{plural(n, "point", "points"), n}
			if strings.Count(format, "%") == 1 {
				args, boxed = args[:1], boxed[:1]
			}
			want := fmt.Sprintf(format, boxed...)
			if got := sprintArgs(format, args...); got != want {
				t.Errorf("sprintArgs(%q) of %d = %q, want %q", format, n, got, want)
			}
		}
	}
}

// TestRequirementArgIsString: a requirement said in a sentence is its
// String, by appendArgs and by fmt.
func TestRequirementArgIsString(t *testing.T) {
	for _, text := range []string{"Astrometrics, Navigation, Physics, and Cunning>28", "2 Geology, Biology, and Integrity>24",
		"Diplomacy or (Leadership and 2 Medical) or STRENGTH>40", "Vulcan x2 OR Cunning>30", "Honor"} {
		r, err := ParseRequirement(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for _, format := range []string{"needs %s.", "%v", "%q"} {
			want := fmt.Sprintf(format, r.String())
			if got := sprintArgs(format, requirement(r)); got != want {
				t.Errorf("%q in %q: %q, want %q", text, format, got, want)
			}
		}
	}
}
