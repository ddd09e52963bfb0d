package search

import (
	"fmt"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
)

// Field names of the indexed document.
const (
	fieldTitle      = "title"      // English analysis: stemmed, stop words dropped
	fieldTitlePlain = "titlePlain" // lower-cased words as written, for typos and stop-word titles
	fieldTitleKey   = "titleKey"   // the folded title (rules.FoldTerm), for an exact title match
	fieldText       = "text"       // English analysis
	fieldTextPlain  = "textPlain"  // lower-cased words as written, for typos
	fieldKind       = "kind"
	fieldEdition    = "edition"
	fieldDocument   = "documentId"
)

// Analyzers: the English one of Bleve, and a plain one that only splits and
// lower-cases (no stemming, no stop words) so that fuzzy matching compares the
// words as a judge typed them against the words as printed.
const (
	analyzerEnglish = en.AnalyzerName
	analyzerPlain   = "stccg_plain"
)

// indexDoc is what one entry or card becomes in the index.
type indexDoc struct {
	Title      string   `json:"title"`
	TitlePlain string   `json:"titlePlain"`
	TitleKey   []string `json:"titleKey"`
	Text       string   `json:"text"`
	TextPlain  string   `json:"textPlain"`
	Kind       string   `json:"kind"`
	Edition    string   `json:"edition"`
	DocumentID string   `json:"documentId"`
}

// newMapping returns the explicit index mapping: nothing is indexed
// dynamically, nothing goes to a catch-all field, nothing is stored and no
// field keeps doc values (the facets are counted from the metadata).
func newMapping(scoring string) (*mapping.IndexMappingImpl, error) {
	im := bleve.NewIndexMapping()
	im.ScoringModel = scoring
	if err := im.AddCustomAnalyzer(analyzerPlain, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     unicode.Name,
		"token_filters": []interface{}{lowercase.Name},
	}); err != nil {
		return nil, fmt.Errorf("plain analyzer: %w", err)
	}
	im.DefaultAnalyzer = analyzerEnglish
	im.IndexDynamic = false
	im.StoreDynamic = false
	im.DocValuesDynamic = false

	// Phrase queries need the positions that term vectors keep; the plain
	// fields only serve fuzzy term matches and go without.
	text := func(analyzer string, positions bool) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Store = false
		f.IncludeInAll = false
		f.IncludeTermVectors = positions
		f.DocValues = false
		return f
	}
	kw := func(docValues bool) *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Analyzer = keyword.Name
		f.Store = false
		f.IncludeInAll = false
		f.IncludeTermVectors = false
		f.DocValues = docValues
		return f
	}

	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(fieldTitle, text(analyzerEnglish, true))
	dm.AddFieldMappingsAt(fieldTitlePlain, text(analyzerPlain, false))
	dm.AddFieldMappingsAt(fieldTitleKey, kw(false))
	dm.AddFieldMappingsAt(fieldText, text(analyzerEnglish, true))
	dm.AddFieldMappingsAt(fieldTextPlain, text(analyzerPlain, false))
	dm.AddFieldMappingsAt(fieldKind, kw(false))
	dm.AddFieldMappingsAt(fieldEdition, kw(false))
	dm.AddFieldMappingsAt(fieldDocument, kw(false))
	im.DefaultMapping = dm
	if err := im.Validate(); err != nil {
		return nil, fmt.Errorf("validate mapping: %w", err)
	}
	return im, nil
}
