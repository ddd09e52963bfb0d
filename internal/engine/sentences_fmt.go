package engine

import (
	"fmt"
	"slices"
	"strconv"
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

// appendf appends to dst what sprintf returns: a judgement's sentences
// are written one after another into one buffer (judgement.say).
func appendf(dst []byte, format string, args ...any) []byte {
	size, arg := len(format), 0
	// said holds what the String methods of the first arguments said.
	var said [8]string
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 >= len(format) {
			return append(dst, fmt.Sprintf(format, args...)...)
		}
		i++
		verb := format[i]
		if verb == '%' {
			continue
		}
		if arg >= len(args) {
			return append(dst, fmt.Sprintf(format, args...)...)
		}
		switch a := args[arg].(type) {
		case string:
			switch verb {
			case 's', 'v':
				size += len(a)
			case 'q':
				size += len(a) + 2
			default:
				return append(dst, fmt.Sprintf(format, args...)...)
			}
		case int:
			if verb != 'd' && verb != 'v' {
				return append(dst, fmt.Sprintf(format, args...)...)
			}
			size += 20
		case error, fmt.Formatter:
			return append(dst, fmt.Sprintf(format, args...)...)
		case fmt.Stringer:
			str, ok := stringOf(a)
			if !ok || arg >= len(said) {
				return append(dst, fmt.Sprintf(format, args...)...)
			}
			switch verb {
			case 's', 'v':
				size += len(str)
			case 'q':
				size += len(str) + 2
			default:
				return append(dst, fmt.Sprintf(format, args...)...)
			}
			said[arg] = str
		default:
			return append(dst, fmt.Sprintf(format, args...)...)
		}
		arg++
	}
	if arg != len(args) {
		return append(dst, fmt.Sprintf(format, args...)...)
	}
	b := slices.Grow(dst, size)
	arg = 0
	start := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		b = append(b, format[start:i]...)
		i++
		start = i + 1
		verb := format[i]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		switch a := args[arg].(type) {
		case string:
			if verb == 'q' {
				b = strconv.AppendQuote(b, a)
			} else {
				b = append(b, a...)
			}
		case int:
			b = strconv.AppendInt(b, int64(a), 10)
		default: // a fmt.Stringer, said
			if verb == 'q' {
				b = strconv.AppendQuote(b, said[arg])
			} else {
				b = append(b, said[arg]...)
			}
		}
		arg++
	}
	return append(b, format[start:]...)
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
