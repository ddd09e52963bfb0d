package rules

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// A NumberRange is the whole numbers the game gives one numeric field of a
// request: a printed statistic, a count, a bonus. A value outside it is no
// position of a real game, and is refused naming the field.
type NumberRange struct {
	Min, Max int
	// Why says where the bounds come from, for the error.
	Why string
	// Modified says the field holds a number after modifiers, which the
	// Second Edition makes zero when it is less than zero ("Zero: Any
	// number that is less than zero becomes zero"); a printed number or a
	// count below zero is no number of the game in either edition.
	Modified bool
}

// MaxStatistic bounds a statistic after every enhancement: the card data
// prints at most 40 SHIELDS (a 1E facility), 13 CUNNING, 12 WEAPONS, and a
// mission's points at most 55; 999 leaves room for any pile of
// enhancements a game reaches.
const MaxStatistic = 999

var statistic = NumberRange{0, MaxStatistic, "printed statistics reach 40", true}

// numberRanges are the ranges of the numeric fields of requests, by the
// field's name as a request writes it.
var numberRanges = map[string]NumberRange{
	"span":             {0, 10, "printed spans run from 1 to 5", false},
	"range":            statistic,
	"weapons":          statistic,
	"shields":          statistic,
	"integrity":        statistic,
	"cunning":          statistic,
	"strength":         statistic,
	"points":           {0, MaxStatistic, "point boxes print at most 55", true},
	"cost":             {0, 99, "printed costs run from 0 to about 9", false},
	"counters":         {0, 7, "a Second Edition turn has seven counters", false},
	"attempting":       {0, MaxBoardPersonnel, "no more personnel attempt than a board holds", false},
	"overcomeDilemmas": {0, MaxDilemmaStack * 4, "a dilemma pile holds a few dozen", false},
	"rangeUsed":        {0, MaxStatistic, "no more Range is used than a ship has", false},
	"damage":           {0, MaxStatistic, "a ship is destroyed long before", false},
	"add":              {0, MaxStatistic, "a ship is destroyed long before", false},
	"dockedShields":    {0, MaxStatistic, "printed SHIELDS reach about 40", false},
	"attackBonus":      {-MaxStatistic, MaxStatistic, "a tactic's bonus is a few points", false},
	"defenseBonus":     {-MaxStatistic, MaxStatistic, "a tactic's bonus is a few points", false},
	"score":            {-MaxStatistic, MaxStatistic, "a game is won at 100 points", false},
	"count":            {0, MaxDeckCopies, "no deck holds a hundred copies", false},
}

// NumberRangeOf is the range of the numeric field at path ("board.ships[2].range",
// "params.stack[0].cost"), by the field's last name; ok is false for a
// field that is not numeric.
func NumberRangeOf(path string) (NumberRange, bool) {
	name := path
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	r, ok := numberRanges[name]
	return r, ok
}

// NumberRangeOfName is NumberRangeOf for a field's name alone, as a
// scanner reads it (no allocation).
func NumberRangeOfName(name []byte) (NumberRange, bool) {
	r, ok := numberRanges[string(name)]
	return r, ok
}

// NumberOutOfRange is the error of a number at path that is no number of
// the game: outside its range, not whole, or too large to read. literal is
// the number as the request wrote it.
func NumberOutOfRange(path, literal string, r NumberRange) *Error {
	return Errorf(EUNPROCESSABLE, "%s must be a whole number from %d to %d (%s), not %s", path, r.Min, r.Max, r.Why, literal).
		WithDetail("field", Truncate(path)).WithDetail("min", r.Min).WithDetail("max", r.Max)
}

// WholeNumber reads a JSON number literal as a whole number the game may
// hold (within ±MaxStatistic*1000); ok is false for a fraction, an
// exponent that leaves the range, or digits beyond it.
func WholeNumber(literal string) (int, bool) {
	n, err := strconv.ParseInt(literal, 10, 64)
	if err == nil {
		if n > MaxStatistic*1000 || n < -MaxStatistic*1000 {
			return 0, false
		}
		return int(n), true
	}
	f, err := strconv.ParseFloat(literal, 64)
	if err != nil || f != float64(int64(f)) || f > MaxStatistic*1000 || f < -MaxStatistic*1000 {
		return 0, false
	}
	return int(f), true
}

// JSONPathAt is the path, as a request writes it ("board.missions[0].span"),
// of the value of the JSON document data that ends at offset or is the
// first to end after it (where encoding/json reports a value it could not
// decode), and that value as written when it is a number, string, true,
// false or null. It reads data only up to offset; path is "" when data
// does not reach offset or is not JSON up to it.
func JSONPathAt(data []byte, offset int64) (path, literal string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type level struct {
		array   bool
		index   int
		key     string
		wantKey bool
	}
	var stack []level
	render := func() string {
		var b strings.Builder
		for _, l := range stack {
			if l.array {
				b.WriteString("[" + strconv.Itoa(l.index) + "]")
				continue
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(l.key)
		}
		return b.String()
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", ""
		}
		top := len(stack) - 1
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:top]
			if top > 0 && !stack[top-1].array {
				stack[top-1].wantKey = true
			}
			continue
		}
		if top >= 0 && !stack[top].array && stack[top].wantKey {
			stack[top].key, _ = tok.(string)
			stack[top].wantKey = false
			continue
		}
		if top >= 0 && stack[top].array {
			stack[top].index++
		}
		if dec.InputOffset() >= offset {
			switch t := tok.(type) {
			case json.Number:
				literal = t.String()
			case string:
				literal = strconv.Quote(t)
			case bool:
				literal = strconv.FormatBool(t)
			case nil:
				literal = "null"
			}
			return render(), literal
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, level{array: d == '[', index: -1, wantKey: d == '{'})
			continue
		}
		if top >= 0 && !stack[top].array {
			stack[top].wantKey = true
		}
	}
}
