package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// duplicateKey refuses a body holding a key twice in one object, as the
// adjudication decoder does ("The field identifiers[0].name is given
// twice."): encoding/json keeps the last, so {"name":"worf","name":"data"}
// was looked up as data, a request read otherwise than a reader reads it.
// A body that is not JSON is left to the decoder to name; a key given
// twice is found in one pass over its tokens, before the body is decoded.
func duplicateKey(data []byte) error {
	type frame struct {
		obj       bool
		keys      map[string]bool
		key       string
		index     int
		expectKey bool
	}
	var stack []*frame
	path := func(last string) string {
		var b strings.Builder
		for _, f := range stack {
			switch {
			case f.obj && f == stack[len(stack)-1]:
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(last)
			case f.obj:
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			default:
				b.WriteString("[" + strconv.Itoa(f.index) + "]")
			}
		}
		return b.String()
	}
	// valueDone marks a value of the innermost container read.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if f := stack[len(stack)-1]; f.obj {
			f.expectKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or JSON the decoder names
		}
		if len(stack) > 0 {
			if f := stack[len(stack)-1]; !f.obj && tok != json.Delim(']') {
				f.index++ // a value of a list begins
			}
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{obj: true, expectKey: true})
			case '[':
				stack = append(stack, &frame{index: -1})
			default:
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
				valueDone()
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].expectKey {
				f := stack[n-1]
				if f.keys == nil {
					f.keys = map[string]bool{}
				}
				if f.keys[t] {
					p := path(t)
					return rules.Errorf(rules.EINVALID, "The field %s is given twice.", p).WithDetail("field", rules.Truncate(p))
				}
				f.keys[t] = true
				f.key, f.expectKey = t, false
				continue
			}
			valueDone()
		default:
			valueDone()
		}
	}
}
