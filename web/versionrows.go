package web

import "github.com/stccg/stccg-rules/internal/rules"

// A rowView is a row of a comparison (rules.CompareSentences) as the page
// shows it: its kind and label, and the versions' titles.
type rowView struct {
	Row                    rules.SentenceRow
	Kind, Label            string
	OlderTitle, NewerTitle string
}

func srowView(r rules.SentenceRow, older, newer string) rowView {
	v := rowView{Row: r, OlderTitle: older, NewerTitle: newer, Kind: string(r.Change)}
	switch r.Change {
	case rules.SentenceSame:
		v.Label = "Same"
	case rules.SentencePunctuation:
		v.Label = "Other punctuation only"
	case rules.SentenceChanged:
		v.Label = "Changed"
	case rules.SentenceMoved:
		v.Label = "Moved"
	case rules.SentenceRemoved:
		v.Label = "Removed"
	case rules.SentenceAdded:
		v.Label = "Added"
	}
	return v
}
