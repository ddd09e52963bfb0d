// Package jsonfield lists the fields of a struct under the names
// encoding/json reads them by. It serves the code that must know every
// field of the adjudication request: the generator of the REST fast path's
// field table, and the tests that GraphQL's inputs and that decoder name
// each field the domain types have.
package jsonfield

import (
	"reflect"
	"slices"
	"strings"
)

// A Field is a field of a struct and the name JSON gives it. Index is its
// path from the struct listed, through the embedded structs it is promoted
// from; Owner is the struct that declares it.
type Field struct {
	reflect.StructField
	JSON  string
	Owner reflect.Type
}

// Of lists the fields encoding/json reads of the struct type t, in their
// order: the exported ones not tagged "-", each named by its tag, else by
// its Go name; the fields of an embedded struct with no name in its tag in
// its place, as encoding/json reads them.
func Of(t reflect.Type) []Field {
	return of(t, nil)
}

func of(t reflect.Type, path []int) []Field {
	var out []Field
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		at := append(slices.Clone(path), i)
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, of(f.Type, at)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		f.Index = at
		out = append(out, Field{f, name, t})
	}
	return out
}
