// Package rules holds the domain of the Star Trek Customizable Card Game rules
// service: the source documents and the entries read from them, the cards, the
// board situations the adjudicator judges and its verdicts, the interfaces of
// the services, and the error codes every transport maps to a status.
//
// It depends on the standard library only; every outside thing (the corpus
// files, Bleve, Redis, HTTP, GraphQL) lives in a package of its own that
// implements or calls what is declared here.
package rules
