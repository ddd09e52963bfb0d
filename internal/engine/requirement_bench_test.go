package engine_test

import (
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// BenchmarkParseRequirement reads requirement texts of the shapes boards
// and the card data hold: every requirement the card data prints, read in
// turn (one op reads them all; taken from the corpus when the benchmark
// runs); the worst board's 512-byte requirement of levels, attributes and
// groups; a 512-byte flat "or" of names no vocabulary knows; and short
// texts of both editions' notations with names in letters other than
// ASCII, the path that reads runes.
func BenchmarkParseRequirement(b *testing.B) {
	var printed []string
	for _, c := range testcorpus.Load(b).Cards {
		if c.Requirements != "" {
			printed = append(printed, c.Requirements)
		}
	}
	cases := []struct {
		name  string
		texts []string
	}{
		{"carddata", printed},
		{"worst", []string{worstRequirement()}},
		{"flat-or", []string{flatOr(rules.MaxRequirementBytes, "Zqx")}},
		{"non-ascii", []string{
			"Anthropologie, 2 Diplomatie and Cunning>30",
			"Ärztin + SICHERHEIT x2 OR STRENGTH>40",
			"Jean-Luc Picard, Zéfram Q. Cochrane and (Géologie or Science)",
			"Wissenschaft’s Kunde x 3; Führung",
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				for _, text := range c.texts {
					if _, err := engine.ParseRequirement(text); err != nil {
						b.Fatal(err)
					}
				}
			}
			cpu.Report(b, b.N)
		})
	}
}
