package api

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// FuzzAppendVerdictJSON fills a verdict from the fuzzer's bytes (every
// field of every type reachable from it: texts of any bytes, numbers, nil
// or empty or filled pointers, lists and maps, any result type, a float
// that is not finite, citations written ahead or not) and holds the generated writer to encoding/json's
// Encoder: the same bytes, or both refusing.
func FuzzAppendVerdictJSON(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x01\x02\x03<b>&amp;\"\\\n\u2028\xff\xfe verdict"))
	f.Add(bytes.Repeat([]byte{7, 0x80, '<', 3, 200, 1}, 64))
	f.Add(bytes.Repeat([]byte{255, 17, 2, 'a', '&'}, 200))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v rules.Verdict
		fill := filler{data: data}
		fill.value(reflect.ValueOf(&v).Elem(), 0)
		var want bytes.Buffer
		werr := json.NewEncoder(&want).Encode(&v)
		got, ok := appendVerdictJSON(nil, &v)
		switch {
		case werr != nil && ok:
			t.Fatalf("encoding/json refused (%v), the writer wrote %s", werr, got)
		case werr == nil && !ok:
			t.Fatalf("the writer refused what encoding/json wrote: %s", want.Bytes())
		case ok && !bytes.Equal(got, want.Bytes()):
			t.Fatalf("writer:\n%s\nencoding/json:\n%s", got, want.Bytes())
		}
	})
}

// A filler makes values from bytes; when they run out, zero values.
type filler struct {
	data []byte
}

func (f *filler) byte() byte {
	if len(f.data) == 0 {
		return 0
	}
	b := f.data[0]
	f.data = f.data[1:]
	return b
}

func (f *filler) text() string {
	n := int(f.byte() % 16)
	if n > len(f.data) {
		n = len(f.data)
	}
	s := string(f.data[:n])
	f.data = f.data[n:]
	return s
}

var resultTypes = rules.ResultTypes()

func (f *filler) value(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(f.text())
	case reflect.Bool:
		v.SetBool(f.byte()&1 == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(int16(binary.LittleEndian.Uint16([]byte{f.byte(), f.byte()}))))
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(f.byte()))
	case reflect.Float64:
		switch b := f.byte(); b {
		case 0xfd:
			v.SetFloat(math.NaN())
		case 0xfe:
			v.SetFloat(math.Inf(1))
		default:
			bits := uint64(0)
			for range 8 {
				bits = bits<<8 | uint64(f.byte())
			}
			fl := math.Float64frombits(bits)
			if math.IsNaN(fl) || math.IsInf(fl, 0) {
				fl = float64(b) / 7
			}
			v.SetFloat(fl)
		}
	case reflect.Pointer:
		if f.byte()%3 == 0 || depth > 6 {
			return
		}
		p := reflect.New(v.Type().Elem())
		f.value(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		switch b := f.byte() % 5; {
		case b == 0 || depth > 6:
		case b == 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			s := reflect.MakeSlice(v.Type(), int(b-1), int(b-1))
			for i := range s.Len() {
				f.value(s.Index(i), depth+1)
			}
			v.Set(s)
		}
	case reflect.Map:
		switch b := f.byte() % 5; {
		case b == 0 || depth > 6:
		default:
			m := reflect.MakeMap(v.Type())
			for range b - 1 {
				k := reflect.New(v.Type().Key()).Elem()
				f.value(k, depth+1)
				e := reflect.New(v.Type().Elem()).Elem()
				f.value(e, depth+1)
				m.SetMapIndex(k, e)
			}
			v.Set(m)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.value(v.Field(i), depth+1)
			}
		}
		if c, ok := v.Interface().(rules.Citation); ok && f.byte()%2 == 1 {
			// A citation of a service's table holds its JSON written
			// ahead: the writer copies it.
			v.Set(reflect.ValueOf(c.WithWritten(CitationJSON)))
		}
	case reflect.Interface:
		if v.Type() != reflect.TypeFor[rules.Result]() || depth > 6 {
			return
		}
		b := int(f.byte())
		if b == 0 {
			return
		}
		t := reflect.TypeOf(resultTypes[b%len(resultTypes)]).Elem()
		r := reflect.New(t)
		if b >= 250 {
			v.Set(reflect.Zero(r.Type())) // a typed nil
			return
		}
		f.value(r.Elem(), depth+1)
		v.Set(r)
	}
}

// FuzzAppendHTMLJSONString holds the verdict's string writer to
// encoding/json's on any text, at every alignment of its eight-byte steps.
func FuzzAppendHTMLJSONString(f *testing.F) {
	f.Add("plain text of a rule, long enough for a few words")
	f.Add("Cunning>28 & <b>\"quoted\"\\ \u2028\u2029\x00\x1f\x7f\xff ’ –")
	f.Fuzz(func(t *testing.T, s string) {
		for i := range min(len(s), 9) {
			want, err := json.Marshal(s[i:])
			if err != nil {
				t.Fatal(err)
			}
			if got := appendHTMLJSONString(nil, s[i:]); !bytes.Equal(got, want) {
				t.Fatalf("%q:\nwriter        %s\nencoding/json %s", s[i:], got, want)
			}
		}
	})
}
