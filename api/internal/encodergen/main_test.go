package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedFileIsCurrent fails when the types in internal/rules have
// changed since the verdict's JSON writer was generated: run
// `go generate ./...`.
func TestGeneratedFileIsCurrent(t *testing.T) {
	want, err := source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../verdictjson_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("api/verdictjson_gen.go is not what encodergen writes from internal/rules: run go generate ./...")
	}
}
