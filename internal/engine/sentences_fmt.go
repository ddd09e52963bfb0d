package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// sprintf is fmt.Sprintf of the verdicts' sentences, written without fmt
// when every verb is a plain %s, %v or %q of a string or of a value with a
// String method (a beam's ends), or %d or %v of an int (and %%), as nearly
// all of them are: a turn's answer is some eighty sentences, and fmt's
// printer was a sixth of the engine's time in a replay. Any other verb,
// flag, width, argument type or count, an error or a fmt.Formatter, or a
// String method that panics, goes to fmt.Sprintf, so the sentence is fmt's
// in every case (TestSprintfIsFmtSprintf).
func sprintf(format string, args ...any) string {
	// Most sentences fit the room on the stack: the string is then the
	// one allocation.
	var room [160]byte
	return string(appendf(room[:0], format, args...))
}

// sprintArgs is sprintf of arguments that are strings and ints, each given
// as what it is (text, number): none is put in an interface, an
// allocation each for a string.
func sprintArgs(format string, args ...sentenceArg) string {
	var room [160]byte
	if b, ok := appendArgs(room[:0], format, args); ok {
		return string(b)
	}
	return fmt.Sprintf(format, boxedArgs(args)...)
}

// boxedArgs are the arguments as fmt takes them.
func boxedArgs(args []sentenceArg) []any {
	boxed := make([]any, len(args))
	for i, a := range args {
		switch {
		case a.num:
			boxed[i] = a.n
		case a.counted:
			boxed[i] = plural(a.n, a.s, a.many)
		case a.req != nil:
			boxed[i] = a.req.String()
		default:
			boxed[i] = a.s
		}
	}
	return boxed
}

// A sentenceArg is an argument of a sentence as appendArgs writes it: a
// string (for a value with a String method, what it said) or an int.
type sentenceArg struct {
	s   string
	n   int
	num bool
	// many is the word after a number counted (counted): s is the word
	// for one.
	many    string
	counted bool
	// req is a requirement said in its notation (requirement).
	req Requirement
}

// text and number are a sentence's arguments for sayArgs.
func text(s string) sentenceArg { return sentenceArg{s: s} }
func number(n int) sentenceArg  { return sentenceArg{n: n, num: true} }

// requirement is a sentence's argument written as the requirement's
// String, into the sentence rather than made.
func requirement(r Requirement) sentenceArg { return sentenceArg{req: r} }

// counted is a sentence's argument "1 point", "35 points": plural's
// string, written into the sentence rather than made.
func counted(n int, one, many string) sentenceArg {
	return sentenceArg{n: n, s: one, many: many, counted: true}
}

// maxSentenceArgs is the most arguments a sentence is written with
// without fmt.
const maxSentenceArgs = 16

// appendf appends to dst what sprintf returns: a judgement's sentences
// are written one after another into one buffer (judgement.say).
func appendf(dst []byte, format string, args ...any) []byte {
	var vals [maxSentenceArgs]sentenceArg
	if len(args) > len(vals) {
		return append(dst, fmt.Sprintf(format, args...)...)
	}
	for i, a := range args {
		switch a := a.(type) {
		case string:
			vals[i] = sentenceArg{s: a}
		case int:
			vals[i] = sentenceArg{n: a, num: true}
		case error, fmt.Formatter:
			return append(dst, fmt.Sprintf(format, args...)...)
		case fmt.Stringer:
			str, ok := stringOf(a)
			if !ok {
				return append(dst, fmt.Sprintf(format, args...)...)
			}
			vals[i] = sentenceArg{s: str}
		default:
			return append(dst, fmt.Sprintf(format, args...)...)
		}
	}
	if b, ok := appendArgs(dst, format, vals[:len(args)]); ok {
		return b
	}
	return append(dst, fmt.Sprintf(format, args...)...)
}

// appendStrings is appendf of arguments that are all strings, given as
// strings: none is put in an interface, which would be an allocation of
// its own (judgement.sayStrings).
func appendStrings(dst []byte, format string, args []string) []byte {
	var vals [maxSentenceArgs]sentenceArg
	if len(args) <= len(vals) {
		for i, a := range args {
			vals[i] = sentenceArg{s: a}
		}
		if b, ok := appendArgs(dst, format, vals[:len(args)]); ok {
			return b
		}
	}
	boxed := make([]any, len(args))
	for i, a := range args {
		boxed[i] = a
	}
	return append(dst, fmt.Sprintf(format, boxed...)...)
}

// appendArgs appends the sentence to dst when every verb of format is a
// plain %s, %v or %q of a string or %d or %v of an int (or %%), one for
// each argument; false otherwise, for fmt to write it, with dst as it was.
func appendArgs(dst []byte, format string, args []sentenceArg) ([]byte, bool) {
	// The verbs are found by strings.IndexByte, many bytes at a time: a
	// sentence's format is mostly text. The sentence is written as the
	// verbs are read, in one pass; a verb fmt must write takes back what
	// was written (dst is a judgement's buffer of sentences, with room).
	b, arg := dst, 0
	for rest := format; ; {
		i := strings.IndexByte(rest, '%')
		if i < 0 {
			if arg != len(args) {
				return dst, false
			}
			return append(b, rest...), true
		}
		if i+1 >= len(rest) {
			return dst, false
		}
		b = append(b, rest[:i]...)
		verb := rest[i+1]
		rest = rest[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if arg >= len(args) {
			return dst, false
		}
		switch a := args[arg]; {
		case a.num && (verb == 'd' || verb == 'v'):
			b = strconv.AppendInt(b, int64(a.n), 10)
		case a.counted && (verb == 's' || verb == 'v'):
			b = strconv.AppendInt(b, int64(a.n), 10)
			if a.n == 1 {
				b = append(append(b, ' '), a.s...)
			} else {
				b = append(append(b, ' '), a.many...)
			}
		case a.counted:
			return dst, false
		case a.req != nil && (verb == 's' || verb == 'v'):
			b = appendRequirement(b, a.req)
		case a.req != nil:
			return dst, false
		case !a.num && (verb == 's' || verb == 'v'):
			b = append(b, a.s...)
		case !a.num && verb == 'q':
			b = strconv.AppendQuote(b, a.s)
		default:
			return dst, false
		}
		arg++
	}
}

// stringOf is what a's String method says; false when it panics (a nil
// pointer, most often), which fmt words its own way.
func stringOf(a fmt.Stringer) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	return a.String(), true
}

// sayArgs is say of a sentence whose arguments are strings and ints, each
// given as what it is (text, number): none is put in an interface, an
// allocation each for a string or an int past 255.
func (j *judgement) sayArgs(format string, args ...sentenceArg) {
	w := j.saying()
	if b, ok := appendArgs(w.text, format, args); ok {
		w.text = b
	} else {
		w.text = append(w.text, fmt.Sprintf(format, boxedArgs(args)...)...)
	}
	w.ends = append(w.ends, len(w.text))
}
