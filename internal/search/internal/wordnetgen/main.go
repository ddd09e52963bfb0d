// Command wordnetgen writes internal/search/wordnet.txt: the words of general
// English that WordNet 3.0 derives from a word or it from them ("decide",
// "decision"; with -synonyms, its synonyms too) in the word's senses most
// often seen in use (WordNet's counts of tagged senses, cntlist.rev),
// restricted to words the rules documents' entries hold, so that a search
// can read a judge's word as the rulebooks' other word for it (see
// internal/search/wordnet.go). Nothing in the file is written by hand: run
//
//	go run ./internal/search/internal/wordnetgen -dict /usr/share/wordnet -corpus ../shared/corpus
//
// from the repository's root (WordNet's database files: the Debian package
// wordnet-base). It is not run by go generate, which must not fail on a
// machine without WordNet.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/stccg/stccg-rules/corpus"
)

// notice is WordNet's licence, which must appear on all copies of the
// database and of works made from it.
const notice = `WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.

This software and database is being provided to you, the LICENSEE, by
Princeton University under the following license. By obtaining, using
and/or copying this software and database, you agree that you have
read, understood, and will comply with these terms and conditions.:

Permission to use, copy, modify and distribute this software and
database and its documentation for any purpose and without fee or
royalty is hereby granted, provided that you agree to comply with
the following copyright notice and statements, including the disclaimer,
and that the same appear on ALL copies of the software, database and
documentation, including modifications that you make for internal
use or for distribution.

WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.

THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON
UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR
IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON
UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT-
ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE
OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT
INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR
OTHER RIGHTS.

The name of Princeton University or Princeton may not be used in
advertising or publicity pertaining to distribution of the software
and/or database. Title to copyright in this software, database and
any associated documentation shall at all times remain with
Princeton University and LICENSEE agrees to preserve same.`

func main() {
	dict := flag.String("dict", "/usr/share/wordnet", "WordNet 3.0's database folder")
	corpusDir := flag.String("corpus", "../shared/corpus", "the corpus folder (its manifest.json)")
	out := flag.String("out", "internal/search/wordnet.txt", "the file to write")
	senses := flag.Int("senses", 1, "how many of the senses of a term's words are read, the most often seen in use first")
	synonyms := flag.Bool("synonyms", false, "relate the words of one sense too (measured and left out: polysemy)")
	derived := flag.Bool("derived", true, "relate the words WordNet derives from one another")
	pos := flag.String("pos", "nvar", "the parts of speech read (n, v, a, r)")
	flag.Parse()
	if err := run(*dict, *corpusDir, *out, *senses, *synonyms, *derived, *pos); err != nil {
		log.Fatal(err)
	}
}

// synset is one sense of WordNet: its words and its pointers to words derived
// from them.
type synset struct {
	words   []string
	derived []pointer
}

// pointer is a lexical pointer from the from-th word of a synset to the to-th
// of another (1-based, as WordNet counts).
type pointer struct {
	from, to int
	target   string // pos and offset of the target synset
}

// lemma is a word's senses in one part of speech, in WordNet's order (the
// numbers of cntlist.rev).
type lemma struct {
	senses []string
}

func run(dict, corpusDir, out string, senses int, synonyms, derived bool, posList string) error {
	stems, err := corpusStems(corpusDir)
	if err != nil {
		return err
	}
	english, err := registry.NewCache().AnalyzerNamed(en.AnalyzerName)
	if err != nil {
		return err
	}
	stemOf := func(w string) string {
		toks := english.Analyze([]byte(w))
		if len(toks) != 1 {
			return ""
		}
		return string(toks[0].Term)
	}
	synsets := map[string]*synset{}
	for _, p := range []struct{ letter, file string }{{"n", "noun"}, {"v", "verb"}, {"a", "adj"}, {"r", "adv"}} {
		if err := readData(filepath.Join(dict, "data."+p.file), p.letter, synsets); err != nil {
			return err
		}
	}
	indexes := map[string]map[string]lemma{}
	for _, p := range []struct{ letter, file string }{{"n", "noun"}, {"v", "verb"}, {"a", "adj"}, {"r", "adv"}} {
		if indexes[p.letter], err = readIndex(filepath.Join(dict, "index."+p.file), p.letter); err != nil {
			return err
		}
	}
	counts, err := readCounts(filepath.Join(dict, "cntlist.rev"))
	if err != nil {
		return err
	}
	// The senses of each English term's words, seen in use, most often
	// seen first.
	type sense struct {
		word, synset string
		count        int
	}
	byStem := map[string][]sense{}
	for _, c := range counts {
		if !plainWord(c.word) || !strings.Contains(posList, c.pos) {
			continue
		}
		l, ok := indexes[c.pos][c.word]
		if !ok || c.number < 1 || c.number > len(l.senses) {
			continue
		}
		st := stemOf(c.word)
		if st == "" {
			continue
		}
		byStem[st] = append(byStem[st], sense{c.word, l.senses[c.number-1], c.count})
	}
	related := map[string][]string{}
	for st, ss := range byStem {
		slices.SortStableFunc(ss, func(a, b sense) int {
			if a.count != b.count {
				return b.count - a.count
			}
			return strings.Compare(a.word+a.synset, b.word+b.synset)
		})
		key := ss[0].word
		relate := func(b string) {
			if !plainWord(b) {
				return
			}
			sb := stemOf(b)
			if sb == "" || !stems[sb] || sb == st {
				return
			}
			if !slices.Contains(related[key], b) {
				related[key] = append(related[key], b)
			}
		}
		for _, se := range ss[:min(senses, len(ss))] {
			s := synsets[se.synset]
			if s == nil {
				return fmt.Errorf("cntlist.rev: %s names synset %s, not in the data", se.word, se.synset)
			}
			at := slices.Index(s.words, se.word)
			if synonyms {
				for _, w := range s.words {
					relate(w)
				}
			}
			if derived {
				for _, d := range s.derived {
					if d.from != at+1 {
						continue
					}
					if t := synsets[d.target]; t != nil && d.to >= 1 && d.to <= len(t.words) {
						relate(t.words[d.to-1])
					}
				}
			}
		}
	}
	words := make([]string, 0, len(related))
	for w := range related {
		words = append(words, w)
	}
	slices.Sort(words)
	var b strings.Builder
	for _, l := range strings.Split(notice, "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	fmt.Fprintf(&b, "#\n# Made by internal/search/internal/wordnetgen from WordNet 3.0 (senses %d, synonyms %v, derived %v, parts of speech %s); do not edit.\n", senses, synonyms, derived, posList)
	for _, w := range words {
		rel := related[w]
		slices.Sort(rel)
		b.WriteString(w + " " + strings.Join(rel, " ") + "\n")
	}
	return os.WriteFile(out, []byte(b.String()), 0o644)
}

// plainWord reports whether w is one word of lower-case letters (no
// collocation, no hyphen, no digit).
func plainWord(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return len(w) > 1
}

// corpusStems returns the English terms of the words of the rules documents'
// entries (titles and texts).
func corpusStems(dir string) (map[string]bool, error) {
	c, err := corpus.Load(context.Background(), dir)
	if err != nil {
		return nil, err
	}
	english, err := registry.NewCache().AnalyzerNamed(en.AnalyzerName)
	if err != nil {
		return nil, err
	}
	stems := map[string]bool{}
	add := func(ts analysis.TokenStream) {
		for _, t := range ts {
			if w := string(t.Term); strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
				stems[w] = true
			}
		}
	}
	for _, e := range c.Entries {
		add(english.Analyze([]byte(e.Title)))
		add(english.Analyze([]byte(e.Text)))
	}
	return stems, nil
}

// readIndex reads an index file of WordNet: each lemma's senses.
func readIndex(path, pos string) (map[string]lemma, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]lemma{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") {
			continue // the licence
		}
		fs := strings.Fields(line)
		if len(fs) < 6 {
			return nil, fmt.Errorf("%s: short line %q", path, line)
		}
		nSyn, err1 := strconv.Atoi(fs[2])
		nPtr, err2 := strconv.Atoi(fs[3])
		if err1 != nil || err2 != nil || len(fs) < 6+nPtr+nSyn {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		l := lemma{}
		for _, off := range fs[6+nPtr : 6+nPtr+nSyn] {
			l.senses = append(l.senses, pos+off)
		}
		out[fs[0]] = l
	}
	return out, sc.Err()
}

// readData reads a data file of WordNet: each synset's words and its
// derivational pointers, by part of speech and offset ("v00697607").
func readData(path, pos string, into map[string]*synset) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") {
			continue
		}
		if i := strings.Index(line, " | "); i >= 0 {
			line = line[:i] // the gloss
		}
		fs := strings.Fields(line)
		if len(fs) < 4 {
			return fmt.Errorf("%s: short line", path)
		}
		nWords, err := strconv.ParseInt(fs[3], 16, 32)
		if err != nil || len(fs) < 5+2*int(nWords) {
			return fmt.Errorf("%s: bad line at %s", path, fs[0])
		}
		s := &synset{}
		for i := range int(nWords) {
			w := strings.ToLower(fs[4+2*i])
			if j := strings.IndexByte(w, '('); j >= 0 {
				w = w[:j] // an adjective's marker, "(a)"
			}
			s.words = append(s.words, w)
		}
		at := 4 + 2*int(nWords)
		nPtr, err := strconv.Atoi(fs[at])
		if err != nil || len(fs) < at+1+4*nPtr {
			return fmt.Errorf("%s: bad pointers at %s", path, fs[0])
		}
		for i := range nPtr {
			p := fs[at+1+4*i : at+5+4*i]
			if p[0] != "+" {
				continue
			}
			st, err := strconv.ParseUint(p[3], 16, 16)
			if err != nil {
				return fmt.Errorf("%s: bad pointer at %s", path, fs[0])
			}
			tp := p[2]
			if tp == "s" {
				tp = "a"
			}
			s.derived = append(s.derived, pointer{from: int(st >> 8), to: int(st & 0xff), target: tp + p[1]})
		}
		into[pos+fs[0]] = s
	}
	return sc.Err()
}

// count is how often one sense of a word was seen in use (cntlist.rev): the
// word, its part of speech, the sense's number in the word's index line.
type count struct {
	word, pos     string
	number, count int
}

// readCounts reads cntlist.rev.
func readCounts(path string) ([]count, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []count
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		word, key, ok := strings.Cut(fs[0], "%")
		number, err1 := strconv.Atoi(fs[1])
		n, err2 := strconv.Atoi(fs[2])
		if !ok || key == "" || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		pos := map[byte]string{'1': "n", '2': "v", '3': "a", '4': "r", '5': "a"}[key[0]]
		if pos == "" || n == 0 {
			continue
		}
		out = append(out, count{word: strings.ToLower(word), pos: pos, number: number, count: n})
	}
	return out, sc.Err()
}
