// Package jsonfield lists the fields of a struct under the names
// encoding/json reads them by, for the tests that must know every field of
// the adjudication request: that GraphQL's inputs, the OpenAPI document and
// the REST decoding name each field the domain types have.
package jsonfield

import (
	"reflect"
	"strings"
)

// A Field is a field of a struct and the name JSON gives it.
type Field struct {
	reflect.StructField
	JSON string
}

// Of lists the fields encoding/json reads of the struct type t, in their
// order: the exported ones not tagged "-", each named by its tag, else by
// its Go name.
func Of(t reflect.Type) []Field {
	var out []Field
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, Field{f, name})
	}
	return out
}
