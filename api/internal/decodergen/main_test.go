package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedFileIsCurrent fails when the types in internal/rules have
// changed since the fast decoder's field table was generated: run
// `go generate ./...`.
func TestGeneratedFileIsCurrent(t *testing.T) {
	want, err := source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../adjudicatejson_fields.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("api/adjudicatejson_fields.go is not what decodergen writes from internal/rules: run go generate ./...")
	}
}
