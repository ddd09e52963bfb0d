package jsonfield

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

type embeddedStats struct {
	Promoted string `json:"promoted"`
	Also     int
}

func TestOfNamesFieldsAsEncodingJSONDoes(t *testing.T) {
	type sample struct {
		Tagged   string `json:"tagged,omitempty"`
		Untagged int
		Skipped  bool `json:"-"`
		hidden   string
		embeddedStats
		Comma []string `json:",omitempty"`
	}
	_ = sample{}.hidden
	var got []string
	for _, f := range Of(reflect.TypeFor[sample]()) {
		got = append(got, fmt.Sprintf("%s=%s%v", f.JSON, f.Name, f.Index))
	}
	want := []string{"tagged=Tagged[0]", "Untagged=Untagged[1]", "promoted=Promoted[4 0]", "Also=Also[4 1]", "Comma=Comma[5]"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	// encoding/json writes the same names, in the same order.
	b, err := json.Marshal(sample{Tagged: "t", Comma: []string{"c"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"tagged":"t","Untagged":0,"promoted":"","Also":0,"Comma":["c"]}`; string(b) != want {
		t.Fatalf("encoding/json wrote %s, want %s", b, want)
	}
}
