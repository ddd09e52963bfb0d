package rules

import (
	"context"
	"slices"
)

// What changed between versions of a term: an entry beside the same term's
// entries in the other documents of its edition (Entry.Related), each pair
// compared sentence by sentence (CompareSentences), the older text against
// the newer, and which of the two governs said.

// MaxVersions bounds the versions one answer compares an entry with: twice
// the most related entries any entry of the documents has (4).
const MaxVersions = 8

// EntryChanges is an entry compared with each of its versions in the other
// documents of its edition, governing first.
type EntryChanges struct {
	// ID and DocumentID are the entry compared.
	ID         string `json:"id"`
	DocumentID string `json:"documentId"`
	// Governing is true when the entry governs another of its versions (see
	// Governing).
	Governing bool `json:"governing"`
	// Versions are the comparisons, one a related entry, in the order of
	// CompareGoverning (the governing first).
	Versions []VersionChanges `json:"data"`
	// Total is len(Versions).
	Total int `json:"total"`
}

// VersionChanges is the entry set beside one other version of its term: the
// older text against the newer.
type VersionChanges struct {
	// Entry is the other version.
	Entry EntryRef `json:"entry"`
	// Older and Newer are the documents of the two texts compared: the
	// governed one is the older.
	Older string `json:"older"`
	Newer string `json:"newer"`
	// Governing is the document (Older or Newer) that governs the other
	// where the two say different things (see Governs); nil when neither
	// does.
	Governing *string        `json:"governing"`
	Counts    SentenceCounts `json:"counts"`
	// Summary says in one line what changed ("5 sentences changed, 7
	// added; 7 the same.").
	Summary string `json:"summary"`
	// Same is true when the two have the same words in the same order.
	Same bool `json:"same"`
	// Rows are the sentences, as ChangeRows.
	Rows []ChangeRow `json:"rows"`

	// Other is the other version itself, OtherGoverns whether it governs
	// another of the versions (Governing), and Diff the comparison, for a
	// page that shows it.
	Other        *Entry       `json:"-"`
	OtherGoverns bool         `json:"-"`
	Diff         SentenceDiff `json:"-"`
}

// A ChangeRow is one sentence of a comparison as an answer gives it: its
// state (a SentenceChange word) and its text as the newer version has it
// (as the older had it, for a removed one).
type ChangeRow struct {
	State SentenceChange `json:"state"`
	Text  string         `json:"text"`
	// Older is the older version's sentence where it differs from Text: of
	// other words (changed) or other punctuation (punctuation).
	Older string `json:"older,omitempty"`
	// Words and OlderWords are, for a changed sentence, Text and Older as
	// runs of words, Changed marking the words the other lacks.
	Words      []Segment `json:"words,omitempty"`
	OlderWords []Segment `json:"olderWords,omitempty"`
	// MovedFrom says where a moved sentence stood in the older version:
	// "earlier" or "later".
	MovedFrom string `json:"movedFrom,omitempty"`
}

// ChangesOf compares entry e with its versions (the entries of
// e.Related, looked up; e itself and those past MaxVersions are left out),
// governing first, the older text of each pair against the newer. docs
// gives the documents by id. It checks ctx before each comparison.
func ChangesOf(ctx context.Context, e *Entry, versions []*Entry, docs map[string]Document) (*EntryChanges, error) {
	all := make([]*Entry, 0, min(len(versions), MaxVersions)+1)
	all = append(all, e)
	for _, v := range versions {
		if len(all) > MaxVersions {
			break
		}
		if v != nil && v.ID != e.ID {
			all = append(all, v)
		}
	}
	slices.SortStableFunc(all, func(a, b *Entry) int {
		return CompareGoverning(DocumentOf(docs, a), DocumentOf(docs, b))
	})
	governing := Governing(all, docs)
	out := &EntryChanges{ID: e.ID, DocumentID: e.DocumentID, Governing: governing[e.ID], Versions: []VersionChanges{}}
	for _, r := range all {
		if r.ID == e.ID {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// The older text first: the governed one, or, where neither
		// governs, the other version's.
		older, newer := r, e
		if CompareGoverning(DocumentOf(docs, r), DocumentOf(docs, e)) < 0 {
			older, newer = e, r
		}
		od, nd := DocumentOf(docs, older), DocumentOf(docs, newer)
		v := VersionChanges{Entry: RefOf(r), Older: od.ID, Newer: nd.ID, Other: r, OtherGoverns: governing[r.ID]}
		switch {
		case Governs(nd, od):
			v.Governing = &nd.ID
		case Governs(od, nd):
			v.Governing = &od.ID
		}
		v.Diff = CompareSentences(older.Text, newer.Text)
		v.Counts, v.Summary, v.Same = v.Diff.Counts, v.Diff.Summary, v.Diff.Same
		v.Rows = changeRows(v.Diff.Rows)
		out.Versions = append(out.Versions, v)
	}
	out.Total = len(out.Versions)
	return out, nil
}

// changeRows are a comparison's rows as an answer gives them.
func changeRows(rows []SentenceRow) []ChangeRow {
	out := make([]ChangeRow, len(rows))
	for i, r := range rows {
		c := ChangeRow{State: r.Change, Text: segmentsText(r.Newer), MovedFrom: r.Where}
		switch r.Change {
		case SentenceRemoved:
			c.Text = segmentsText(r.Older)
		case SentencePunctuation:
			c.Older = segmentsText(r.Older)
		case SentenceChanged:
			c.Older = segmentsText(r.Older)
			c.Words, c.OlderWords = r.Newer, r.Older
		}
		out[i] = c
	}
	return out
}

// segmentsText is a sentence's runs of words joined again.
func segmentsText(segs []Segment) string {
	switch len(segs) {
	case 0:
		return ""
	case 1:
		return segs[0].Text
	}
	n := len(segs) - 1
	for _, s := range segs {
		n += len(s.Text)
	}
	b := make([]byte, 0, n)
	for i, s := range segs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s.Text...)
	}
	return string(b)
}

// ChangesService compares an entry with the same term's entries in the
// other documents of its edition. An unknown id is ENOTFOUND, as
// ReferenceService.Entry answers it.
type ChangesService interface {
	Changes(ctx context.Context, id string) (*EntryChanges, error)
}

// SinceGoverned is the comparison with the version the entry superseded:
// the newest of those it governs (its Older, where Governing names its
// document). Nil when it governs none: then nothing changed "since".
func (c *EntryChanges) SinceGoverned() *VersionChanges {
	for i := range c.Versions {
		v := &c.Versions[i]
		if v.Governing != nil && *v.Governing == c.DocumentID && v.Newer == c.DocumentID {
			return v
		}
	}
	return nil
}

// ChangedSinceLine says in one line what changed from the older version of
// v, whose document is titled older: "Changed since the Star Trek CCG
// Second Edition Rulebook (Premiere): 5 sentences changed, 7 added." The
// counts are those of every transport's answer (VersionChanges.Counts).
func ChangedSinceLine(v *VersionChanges, older string) string {
	if line := ChangeLine(v.Counts); line != "" {
		return "Changed since " + older + ": " + line + "."
	}
	if v.Counts.Punctuation > 0 {
		return "The same words as " + older + " (punctuation aside)."
	}
	return "The same words as " + older + "."
}
