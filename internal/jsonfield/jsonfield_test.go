package jsonfield

import (
	"reflect"
	"slices"
	"testing"
)

func TestOfNamesFieldsAsEncodingJSONDoes(t *testing.T) {
	type sample struct {
		Tagged   string `json:"tagged,omitempty"`
		Untagged int
		Skipped  bool `json:"-"`
		hidden   string
		Comma    []string `json:",omitempty"`
	}
	_ = sample{}.hidden
	var got []string
	for _, f := range Of(reflect.TypeFor[sample]()) {
		got = append(got, f.JSON+"="+f.Name)
	}
	want := []string{"tagged=Tagged", "Untagged=Untagged", "Comma=Comma"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
