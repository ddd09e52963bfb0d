package rules

import "context"

// CheckScope refuses a search whose filters contradict each other, given
// the documents of the corpus: a document of one edition asked for within
// the other holds nothing to find, and an empty answer would read as "the
// rules say nothing of it". EINVALID naming the edition; nil when the
// filters agree or the document is none of docs (the search itself names
// a document it does not index).
func (q SearchQuery) CheckScope(docs []Document) error {
	if q.Document == "" || q.Edition == "" {
		return nil
	}
	for _, d := range docs {
		if d.ID == q.Document && d.Edition != "" && d.Edition != string(q.Edition) {
			return Errorf(EINVALID, "%s is a document of the %s, not of the %s asked for: leave the edition out, or ask for a document of the %s.",
				d.ID, EditionName(d.Edition), EditionName(string(q.Edition)), EditionName(string(q.Edition))).
				WithDetail("field", "edition").WithDetail("document", d.ID).WithDetail("documentEdition", d.Edition)
		}
	}
	return nil
}

// CheckSearchScope is CheckScope with the documents of ref, read only when
// both a document and an edition are asked for: what every transport calls
// before it searches.
func CheckSearchScope(ctx context.Context, ref ReferenceService, q SearchQuery) error {
	if q.Document == "" || q.Edition == "" || ref == nil {
		return nil
	}
	docs, err := ref.Documents(ctx)
	if err != nil {
		return err
	}
	return q.CheckScope(docs)
}
