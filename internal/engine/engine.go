// Package engine adjudicates board situations of the Star Trek Customizable
// Card Game under the rulebook a request names (the newest rulebook of its
// edition by default). A request comes decoded, as values: the API's
// decoder (api.DecodeAdjudication) reads every body once, strictly, the
// question's params into their own struct (rules.Params), every limit
// checked as it reads; the engine reads no JSON. A Service resolves and
// validates the board once, then calls pure functions over the decoded
// board, one file per question family; every verdict gives its reasons as
// sentences a player understands, cites the entries of the rulebook it
// applied, with the sentence that decided, and sets its result as a value
// of its question's type (rules.Result).
//
// Requirements printed on missions and dilemmas are read by a grammar
// (requirement.go), in both editions' notations.
//
// Where the Second Edition rulebooks differ, the verdict follows the one the
// request names:
//   - a dilemma stack over the budget: forbidden by all three; the Premiere
//     rulebook says no more (the dilemma is one the opponent was unable to
//     choose, returned to the pile), the Call to Arms and newest rulebooks
//     overcome the dilemma that breaks the budget and every one after it;
//   - a second copy of a dilemma, or one of the wrong kind: forbidden by the
//     Premiere and Call to Arms rulebooks (a copy returned as unchosen, a
//     wrong kind overcome), only overcome when revealed under the newest;
//   - interrupts: no cost under the Premiere and Call to Arms rulebooks,
//     their cost in counters under the newest;
//   - copies of one mission: the Premiere rulebook lets a staffed, unstopped
//     ship move between them with no span; the later rulebooks make them one
//     mission, where cards are relocated freely.
//
// A stack choice the rulebook forbids is illegal (allowed false), and the
// outcomes still say what the rulebook then does with each dilemma.
//
// The 1E Current Rulings amend the 1E rulebook rather than replace it, and
// cover only the terms from H to Z. A verdict under them follows the
// rulebook where the rulings leave it as it is, and cites: the rulings
// entries that bear on it (the affiliation a mission attempt and its
// completion need, ships flying by locations, the counted seed cards), and
// the rulebook for every rule the rulings do not restate. A verdict no ruling
// bears on (a battle, a card play, the end of the game) cites the rulebook
// only.
//
// Every verdict's result holds the fields the contract names for its
// question: a value the rules do not define there is null (a 1E card has
// no cost in counters; 1E dilemmas are seeded, not drawn; a move between 1E
// quadrants has no Range cost), and a move refused spends no Range.
package engine

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Service answers adjudication requests. It implements rules.Adjudicator; it
// holds what New built, and bounded memos of the skills and names boards
// repeat, and is safe for concurrent use.
type Service struct {
	docs      map[string]*rules.Document
	newest    map[string]string // edition -> id of its highest-precedence rulebook
	cards     rules.CardService
	citations citationIndex
	questions map[string]question
	moves     map[string]moveReader
	memos     *textMemos
	vocab     Vocabulary
	cited     *citedLists
	// governing is, for each document a later one of its edition
	// governs, that one (governing.go); governingRules are the rules of
	// a governing document the engine applies.
	governing      map[string]*rules.Document
	governingRules []governingRule
}

var _ rules.Adjudicator = (*Service)(nil)

// New builds a Service over the corpus documents and entries (the citation
// index is built here, once) and a card service to resolve the cards a board
// names. cards may be nil when boards give every statistic inline. opts
// are applied in order once the Service is built.
func New(docs []rules.Document, entries []*rules.Entry, cards rules.CardService, opts ...Option) *Service {
	s := &Service{
		docs:      map[string]*rules.Document{},
		newest:    map[string]string{},
		cards:     cards,
		citations: buildCitations(docs, entries),
		questions: questions(),
		moves:     moveReaders(),
		memos:     &textMemos{},
		vocab:     vocabularyOf(cards),
		cited:     &citedLists{},
	}
	for _, d := range docs {
		s.docs[d.ID] = &d
	}
	s.governing = map[string]*rules.Document{}
	for id, d := range s.docs {
		if g := governingOf(s.docs, d); g != nil {
			s.governing[id] = g
		}
	}
	s.governingRules = governingRules()
	for _, o := range opts {
		o(s)
	}
	s.memos.words = &s.vocab.words
	for _, edition := range []string{rules.Edition1E, rules.Edition2E} {
		if d, ok := rules.GoverningRulebook(docs, edition); ok {
			s.newest[edition] = d.ID
		}
	}
	return s
}

// An Option sets how New builds a Service.
type Option func(*Service)

// WithCitationJSON has every citation of the Service's table written once,
// as write writes it (the API's writer: api.CitationJSON), when the
// Service is built: the verdicts citing it hold it written
// (rules.Citation.Written), and a turn's answer, whose steps cite the same
// rules again and again, copies it rather than escaping its quote each
// time. The verdicts are the same with or without it.
func WithCitationJSON(write func(*rules.Citation) []byte) Option {
	return func(s *Service) {
		for _, cs := range s.citations.byDoc {
			for k, c := range cs {
				cs[k] = c.WithWritten(write)
			}
		}
	}
}

// variant is the rulebook wording a verdict follows where the rulebooks of
// an edition differ.
type variant int

const (
	firstEdition        variant = iota
	premiereRules               // 2E Premiere rulebook
	callToArmsRules             // 2E Call to Arms rulebook
	continuingCommittee         // the newest 2E rulebook
)

func variantOf(d rules.Document) variant {
	if d.Edition == rules.Edition1E {
		return firstEdition
	}
	switch d.ID {
	case "2e-rulebook-premiere":
		return premiereRules
	case "2e-rulebook-call-to-arms":
		return callToArmsRules
	}
	return continuingCommittee
}

// A judgement is one adjudication in progress: the decoded board, the rules
// it follows, the vocabulary names are read by, and the verdict being
// written. Question functions fill it in.
type judgement struct {
	edition string
	doc     *rules.Document
	rules   variant
	board   *Board
	vocab   *Vocabulary
	allowed *bool // &allows once set
	// cardWords are the words of a card card.play gives inline, read as
	// the board's are (aswritten.go); nil for other questions.
	cardWords *wordNotes
	allows    bool
	// result is the question's result, set once by the question as a
	// value of its type (rules.ShipMoveResult for ship.move), then filled
	// in as the judgement goes.
	result rules.Result
	// reasons are the sentences said and made strings (sentences); those
	// said since are in said.
	reasons []string
	said    *sentenceBuffer
	applied []ruleKey
	// carried are citations a verdict takes from the verdicts it is made
	// of (a turn's, from its steps), after those of the rules applied:
	// each once, where those verdicts hold it, copied into the verdict's
	// own list once, when it is made.
	carried []*rules.Citation
	// question is the question judged, as the contract names it.
	question rules.Question
	// turn is what the turn a move is played in has spent (playMove).
	turn Turn
	// verdict is the verdict made of the judgement, made with it: one
	// allocation a step of a turn, not two.
	verdict rules.Verdict
	// step says the judgement is of a step of a turn (stepJudgement).
	step bool
	// saidFrom and saidText are where a step's sentences begin in the
	// buffer of its board arrays (saying): the sentence and the byte.
	saidFrom, saidText int
	// setAside are the personnel given no place the verdict has said it
	// set aside (sayUnplaced), each said once.
	setAside []*Personnel
	// aside is what the steps of the turn a move is judged in set aside
	// (playMove); nil for a question asked alone.
	aside *turnAside
}

// say adds a sentence to the verdict's reasons. The sentences of a
// judgement are written into one buffer and made strings together, when
// the verdict is (sentences): a turn's answer is some eighty of them, a
// string and a list's growth each otherwise.
func (j *judgement) say(format string, args ...any) {
	w := j.saying()
	w.text = appendf(w.text, format, args...)
	w.ends = append(w.ends, len(w.text))
}

// sayStrings is say of a sentence whose arguments are all strings: none
// is put in an interface, an allocation each (most sentences name cards
// and places).
func (j *judgement) sayStrings(format string, args ...string) {
	w := j.saying()
	w.text = appendStrings(w.text, format, args)
	w.ends = append(w.ends, len(w.text))
}

// saying is where the judgement's sentences are written, taken once: for
// a step of a turn the buffer its board arrays keep, the steps' sentences
// one after another (the steps are judged one after another, each verdict
// made before the next step is judged), else one from the pool.
func (j *judgement) saying() *sentenceBuffer {
	if j.said == nil {
		if a := j.stepArrays(); a != nil {
			j.said = &a.said
			j.saidFrom, j.saidText = len(a.said.ends), len(a.said.text)
		} else {
			j.said = sentenceBuffers.Get().(*sentenceBuffer)
		}
	}
	return j.said
}

// sayAll adds sentences already written to the reasons.
func (j *judgement) sayAll(sentences []string) {
	for _, s := range sentences {
		j.sayStrings("%s", s)
	}
}

// sentences are the reasons said so far, as strings: those said since the
// last call made one string, each a part of it. The buffer they were
// written into goes back for the next judgement.
func (j *judgement) sentences() []string {
	if a := j.stepArrays(); a != nil && j.said == &a.said {
		return j.stepSentences(a)
	}
	if j.said == nil || len(j.said.ends) == 0 {
		return j.reasons
	}
	all := string(j.said.text)
	var out []string
	if j.step {
		// A turn's steps list their reasons in arrays made for a few
		// steps at a time.
		out = j.board.arrays().reasonsList(len(j.reasons) + len(j.said.ends))
	} else {
		out = make([]string, 0, len(j.reasons)+len(j.said.ends))
	}
	out = append(out, j.reasons...)
	start := 0
	for _, end := range j.said.ends {
		out = append(out, all[start:end])
		start = end
	}
	j.reasons = out
	j.unsay()
	return out
}

// unsay forgets the sentences said and not yet made strings, and gives
// their buffer back.
func (j *judgement) unsay() {
	if a := j.stepArrays(); a != nil && j.said == &a.said {
		a.said.text, a.said.ends = a.said.text[:j.saidText], a.said.ends[:j.saidFrom]
		j.said = nil
		return
	}
	if w := j.said; w != nil && cap(w.text) <= maxSentenceBuffer && cap(w.ends) <= maxSentenceEnds {
		w.text, w.ends = w.text[:0], w.ends[:0]
		sentenceBuffers.Put(w)
	}
	j.said = nil
}

// stepSentences are sentences of a step of a turn, whose sentences are in
// the buffer of its board arrays: a list of them, whose strings are made
// once the turn's steps are all judged (boardArrays.madeReasons), all of
// them parts of one string rather than one string a step. Until then its
// items are "": a step's verdict is read by the turn's (explainReplay),
// which makes them first.
func (j *judgement) stepSentences(a *boardArrays) []string {
	j.said = nil
	n := len(a.said.ends) - j.saidFrom
	if n == 0 {
		return j.reasons
	}
	out := a.reasonsList(len(j.reasons) + n)
	out = append(out, j.reasons...)
	at := len(out)
	out = out[:at+n]
	a.unmade = append(a.unmade, unmadeReasons{list: out[at:], from: j.saidFrom})
	j.reasons = out
	return out
}

// stepArrays are the board arrays of a step of a turn, nil for any other
// judgement or a board without them.
func (j *judgement) stepArrays() *boardArrays {
	if !j.step || j.board == nil {
		return nil
	}
	return j.board.arrays()
}

// A sentenceBuffer holds the sentences of a judgement not yet made
// strings: their bytes, one after another, and where each ends.
type sentenceBuffer struct {
	text []byte
	ends []int
}

// sentenceBuffers hold the sentences of judgements being written.
var sentenceBuffers = sync.Pool{New: func() any {
	return &sentenceBuffer{text: make([]byte, 0, 1024), ends: make([]int, 0, 16)}
}}

// maxSentenceBuffer and maxSentenceEnds bound the buffers kept for the
// next judgement.
const (
	maxSentenceBuffer = 16 << 10
	maxSentenceEnds   = 256
)

// cite notes the rules applied. A question applies a few (a turn's step
// up to a dozen, an attempt more): the list begins with room for sixteen
// rather than being grown from one.
func (j *judgement) cite(keys ...ruleKey) {
	if j.applied == nil {
		j.applied = j.board.arrays().ruleKeysList(max(16, len(keys)))
	}
	j.applied = append(j.applied, keys...)
}

// allow says whether the question's action is allowed; the verdict points
// to the judgement's own value, not to a bool of its own (an allocation).
func (j *judgement) allow(ok bool) { j.allows, j.allowed = ok, &j.allows }

func (j *judgement) first() bool { return j.edition == rules.Edition1E }

// question is one kind of question the engine answers.
type question struct {
	editions []string
	run      func(ctx context.Context, s *Service, j *judgement, params rules.Params) error
	// reads are the vocabularies whose words can decide the verdict: a
	// word of theirs the board gives and the engine read as written is
	// said (aswritten.go). None for a question no word decides.
	reads wordKinds
}

// paramsAs are the params a question is asked with, as its own params
// type P: those the request gives, decoded where it came in, or P's zero
// value when it gives none. Params of another question are unprocessable.
func paramsAs[P any, PP interface {
	*P
	rules.Params
}](p rules.Params) (*P, error) {
	if p == nil {
		return new(P), nil
	}
	t, ok := p.(PP)
	if !ok || t == nil {
		return nil, unprocessable("params", "the params given are those of %s, not of this question", p.Question())
	}
	return (*P)(t), nil
}

func questions() map[string]question {
	both := []string{rules.Edition1E, rules.Edition2E}
	only1E := []string{rules.Edition1E}
	only2E := []string{rules.Edition2E}
	// What decides each verdict: a ship's staffing reads icons, 1E its
	// crew's affiliation and a 1E staffing line's skill, species or
	// characteristic; an attempt and a requirement read who may attempt
	// (affiliation) and what they have; a card played reads the place's
	// affiliation, icons and play list; 1E beaming reads affiliations, and
	// initiating a battle affiliations and a leader's skill or
	// classification (Leadership, OFFICER). STRENGTH, WEAPONS, SHIELDS, counts and scores are no
	// words: battle.personnel, battle.ship, combat, engagement, ship.damage,
	// dilemmas.stack, game.winner and deck.validate read none of the board's.
	crew := affiliationWords | iconWords | skillWords | speciesWords | characteristicWords
	all := crew | playTerms
	return map[string]question{
		"ship.staffed":         {both, runShipStaffed, crew},
		"ship.move":            {both, runMove(readShipMove), crew},
		"mission.attempt":      {both, runMissionAttempt, crew},
		"mission.requirements": {both, runMissionRequirements, crew},
		"mission.resolve":      {both, runMove(readResolve), crew},
		"requirement.check":    {both, runRequirementCheck, crew},
		"dilemmas.stack":       {both, runDilemmaStack, 0},
		"combat":               {only2E, runCombat, 0},
		"engagement":           {only2E, runEngagement, 0},
		"ship.damage":          {both, runShipDamage, 0},
		"game.winner":          {both, runGameWinner, 0},
		"deck.validate":        {both, runDeckValidate, 0},
		"card.play":            {both, runMove(readCardPlay), all},
		"battle.ship":          {only1E, runShipBattle, 0},
		"battle.personnel":     {only1E, runPersonnelBattle, 0},
		"battle.initiate":      {only1E, runBattleInitiate, affiliationWords | skillWords | characteristicWords},
		"personnel.beam":       {both, runMove(readBeam), affiliationWords},
		"turn.replay":          {both, runReplay, all},
	}
}

// Questions lists the question kinds the engine answers, with the editions
// each applies to.
func (s *Service) Questions() map[string][]string {
	out := map[string][]string{}
	for name, q := range s.questions {
		out[name] = append([]string(nil), q.editions...)
	}
	return out
}

// Adjudicate answers the request, a value decoded where it came in (the
// API's DecodeAdjudication reads every body, REST's, GraphQL's, the pages'
// and the terminal's, checking the limits of rules.MaxBoardPersonnel and
// its kin as it reads): the engine reads no JSON. A request that cannot be
// judged (unknown edition, rules document or question, a question of the
// other edition, a dangling reference, a missing statistic, an unreadable
// requirement, params of another question) is an *rules.Error
// EUNPROCESSABLE whose details name the field ("field":
// "board.personnel[2].at.ship"). A request whose ctx ends is abandoned
// with ctx's error.
func (s *Service) Adjudicate(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	// The board's objects are read into arrays kept from one request to
	// the next, given back once the verdict is made (boardArrays).
	arrays := takeBoardArrays()
	defer arrays.release()
	j, err := s.judge(ctx, req, arrays)
	if err != nil {
		return nil, err
	}
	v := s.verdict(string(j.question), j)
	if err := s.checkGoverning(ctx, req, j, v); err != nil {
		return nil, err
	}
	return v, nil
}

// judge judges the request, returning the judgement its verdict is made
// of: the rules it applied, the citations it carries. The board's objects
// are read into arrays.
func (s *Service) judge(ctx context.Context, req rules.AdjudicationRequest, arrays *boardArrays) (*judgement, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The edition and the question are read as everywhere else (case
	// forgiven); inside a body the contract answers a value it cannot
	// judge with 422, in the same words.
	ed, err := rules.ParseEditionRequired(req.Edition)
	if err != nil {
		return nil, rules.WithCode(err, rules.EUNPROCESSABLE)
	}
	edition := string(ed)
	name, err := rules.ParseQuestion(req.Question)
	if err != nil {
		return nil, rules.WithCode(err, rules.EUNPROCESSABLE)
	}
	q, ok := s.questions[string(name)]
	if !ok {
		return nil, unprocessable("question", "The question %q is not answered yet.", name)
	}
	if !contains(q.editions, edition) {
		return nil, unprocessable("question", "the question %q is asked of %s boards only", name, strings.Join(q.editions, ", "))
	}
	doc, err := s.rulesDocument(edition, req.Rules)
	if err != nil {
		return nil, err
	}
	board, err := s.decodeBoardInto(ctx, edition, req.Board, arrays)
	if err != nil {
		return nil, err
	}
	j := s.newJudgement(doc, board)
	j.question = name
	s.applySpeciesRulings(j)
	if len(board.zeroed) > 0 {
		j.sayStrings("Any number less than zero becomes zero: %s %s read as 0.", joinAnd(board.zeroed), isAre(len(board.zeroed)))
		j.cite("zero")
	}
	if len(board.loose) > 0 {
		j.sayStrings("No card is named exactly so; the nearest name was read: %s.", joinAnd(board.loose))
	}
	for _, said := range board.words.formsSaid() {
		j.sayStrings("%s", said)
	}
	if err := q.run(ctx, s, j, req.Params); err != nil {
		return nil, err
	}
	if j.allowed != nil && !*j.allowed {
		// A refusal may turn on a word read as written (aswritten.go).
		notes := board.words
		if j.cardWords != nil {
			notes.written = append(slices.Clip(notes.written), j.cardWords.written...)
		}
		if said := notes.writtenSaid(q.reads); said != "" {
			j.sayStrings("%s", said)
		}
	}
	return j, nil
}

// newJudgement starts the judgement of a question on a board under doc.
func (s *Service) newJudgement(doc *rules.Document, b *Board) *judgement {
	return &judgement{edition: doc.Edition, doc: doc, rules: variantOf(*doc), board: b, vocab: &s.vocab}
}

// stepJudgement is newJudgement of a step of a turn: in the room the
// request's board arrays keep for them when there is some (the step's
// verdict is read until the turn's verdict is made, and not after: see
// explainReplay), else made.
func (s *Service) stepJudgement(doc *rules.Document, b *Board) *judgement {
	if a := b.compile().arrays; a != nil && a.steps < len(a.judgements) {
		j := &a.judgements[a.steps]
		a.steps++
		*j = judgement{edition: doc.Edition, doc: doc, rules: variantOf(*doc), board: b, vocab: &s.vocab, step: true}
		return j
	}
	j := s.newJudgement(doc, b)
	j.step = true
	return j
}

// verdict is what a judgement of a question decided, with its citations.
//
// It is made once for a judgement, in the judgement's own room.
func (s *Service) verdict(question string, j *judgement) *rules.Verdict {
	v := &j.verdict
	*v = rules.Verdict{
		Question:  question,
		Edition:   j.edition,
		Rules:     j.doc.ID,
		Allowed:   j.allowed,
		Result:    j.result,
		Reasons:   j.sentences(),
		Citations: s.cite(j.doc, j.applied, len(j.carried)),
	}
	// The citations carried are each once already (carry): each is looked
	// for among those of the rules the judgement applied alone.
	own := len(v.Citations)
	for _, c := range j.carried {
		if !cited(v.Citations[:own], *c) {
			v.Citations = append(v.Citations, *c)
		}
	}
	if v.Reasons == nil {
		v.Reasons = []string{}
	}
	return v
}

// rulesDocument is the document a request is judged under: the one named, or
// the highest-precedence rulebook of the edition.
func (s *Service) rulesDocument(edition, id string) (*rules.Document, error) {
	if id == "" {
		newest, ok := s.newest[edition]
		if !ok {
			return nil, unprocessable("rules", "no %s rulebook is loaded", edition)
		}
		return s.docs[newest], nil
	}
	d, ok := s.docs[id]
	if !ok {
		ids := make([]string, 0, len(s.docs))
		for k := range s.docs {
			ids = append(ids, k)
		}
		sort.Strings(ids)
		return nil, unprocessable("rules", "no document has the id %q", id).WithDetail("documents", ids)
	}
	if d.Edition != edition {
		return nil, unprocessable("rules", "%s is a %s document; the board is %s", id, d.Edition, edition)
	}
	return d, nil
}

// cite turns the rules a judgement applied into citations of the document it
// was judged under. A rulings page amends its edition's rulebook: a rule it
// does not restate is cited from the newest rulebook, the document the
// rulings leave in force there. The list has room for more citations
// (those a verdict carries), so that adding them does not copy it again.
//
// A list with no room for more is made once for each document and list of
// rules, and shared by every verdict citing them (a turn's steps cite the
// same rules again and again): a verdict's citations are never changed,
// and one made with no room is copied by an append.
func (s *Service) cite(doc *rules.Document, keys []ruleKey, more int) []rules.Citation {
	if more > 0 {
		return s.citeAnew(doc, keys, more)
	}
	if out, ok := s.cited.load(doc.ID, keys); ok {
		return out
	}
	out := s.citeAnew(doc, keys, 0)
	out = out[:len(out):len(out)]
	s.cited.store(doc.ID, keys, out)
	return out
}

// citedLists are the lists of citations cite made for the lists of rules
// verdicts applied, kept by their document and list of rules in a table
// of citedSlots places read without a lock: a list is found by the hash
// of its document's id and rules' keys, within citedProbes places of it,
// and a place once filled is never changed. Every step of every turn
// looks its list up, from every request at once; a map under a lock was
// a cache line the two cores took from each other for each look, and the
// key a string built for each. Bounded: a list finding its places full is
// made for each verdict and not kept (the lists of rules are the
// engine's own, few).
type citedLists struct {
	slots [citedSlots]atomic.Pointer[citedList]
}

// A citedList is a list of citations kept, with what it is the list of.
type citedList struct {
	doc  string
	keys []ruleKey
	list []rules.Citation
}

const (
	citedSlots  = 4096 // a power of two
	citedProbes = 8
)

// citedHash is the hash of a document's list of rules: of each string's
// length and three of its bytes, enough to tell apart the engine's own
// keys (a list looked up is compared whole), at a few instructions a key.
func citedHash(doc string, keys []ruleKey) uint64 {
	h := citedMix(0xcbf29ce484222325, doc)
	for _, k := range keys {
		h = citedMix(h, string(k))
	}
	return h ^ h>>29
}

func citedMix(h uint64, s string) uint64 {
	v := uint64(len(s))
	if len(s) > 0 {
		v |= uint64(s[0])<<16 | uint64(s[len(s)/2])<<24 | uint64(s[len(s)-1])<<32
	}
	return (h ^ v) * 0x100000001b3
}

// load is the list kept for a document's list of rules.
func (c *citedLists) load(doc string, keys []ruleKey) ([]rules.Citation, bool) {
	h := citedHash(doc, keys)
	for i := range uint64(citedProbes) {
		l := c.slots[(h+i)&(citedSlots-1)].Load()
		if l == nil {
			return nil, false
		}
		if l.doc == doc && slices.Equal(l.keys, keys) {
			return l.list, true
		}
	}
	return nil, false
}

// store keeps the list of a document's list of rules in the first empty
// place of its own, if one is left; keys are copied.
func (c *citedLists) store(doc string, keys []ruleKey, list []rules.Citation) {
	h := citedHash(doc, keys)
	l := &citedList{doc: doc, keys: slices.Clone(keys), list: list}
	for i := range uint64(citedProbes) {
		slot := &c.slots[(h+i)&(citedSlots-1)]
		if slot.CompareAndSwap(nil, l) {
			return
		}
		if k := slot.Load(); k.doc == doc && slices.Equal(k.keys, keys) {
			return // kept from another request meanwhile
		}
	}
}

// citeAnew is cite's list made anew, with room for more.
func (s *Service) citeAnew(doc *rules.Document, keys []ruleKey, more int) []rules.Citation {
	out := make([]rules.Citation, 0, len(keys)+more)
	own := s.citations.byDoc[doc.ID]
	for _, k := range keys {
		c, ok := own[k]
		if !ok && doc.Kind != rules.DocumentRulebook {
			c, ok = s.citations.byDoc[s.newest[doc.Edition]][k]
		}
		if !ok || cited(out, c) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// carry adds the citations of a verdict this one is made of to those it
// carries, each once: the steps of a turn cite the same rules again and
// again.
func (j *judgement) carry(cs []rules.Citation) {
	if j.carried == nil {
		j.carried = make([]*rules.Citation, 0, max(len(cs), 16))
	}
	for i := range cs {
		if !carried(j.carried, &cs[i]) {
			j.carried = append(j.carried, &cs[i])
		}
	}
}

// carried is cited of the citations a judgement carries.
func carried(list []*rules.Citation, c *rules.Citation) bool {
	// The quotes first: their lengths differ more than the entries' ids,
	// which share long prefixes, and most pairs differ.
	for _, x := range list {
		if x.Quote == c.Quote && x.ID == c.ID {
			return true
		}
	}
	return false
}

// cited says whether a citation of the same sentence of the same entry is
// in the list already. A verdict cites a few entries, at most one for each
// rule, so the list is short.
func cited(list []rules.Citation, c rules.Citation) bool {
	for _, x := range list {
		if x.Quote == c.Quote && x.ID == c.ID {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Lookups of the ids a question's params name.

func (j *judgement) ship(id, field string) (*Ship, error) {
	if id == "" {
		return nil, unprocessable(field, "%s is required: the id of a ship on the board", field)
	}
	s := j.board.Ship(id)
	if s == nil {
		return nil, unprocessable(field, "no ship on the board has the id %q", id)
	}
	return s, nil
}

func (j *judgement) mission(id, field string) (*Mission, error) {
	if id == "" {
		return nil, unprocessable(field, "%s is required: the id of a mission on the board", field)
	}
	m := j.board.Mission(id)
	if m == nil {
		return nil, unprocessable(field, "no mission on the board has the id %q", id)
	}
	return m, nil
}

func (j *judgement) personnelList(ids []string, field string) ([]*Personnel, error) {
	out := make([]*Personnel, 0, len(ids))
	var seen map[*Personnel]bool
	for i, id := range ids {
		p, err := j.board.personnelAt(id, field, i)
		if err != nil {
			return nil, err
		}
		if listedBefore(p, out, &seen) { // an id names one personnel
			return nil, unprocessable(indexed(field, i), "%q is listed twice", id)
		}
		out = append(out, p)
	}
	return j.withoutCaptives(out), nil
}

// withoutCaptives leaves the captives out of personnel a question counts,
// saying why: a captive counts for nothing of its owner's (its skills,
// icons and attributes), and its captor does not command it.
func (j *judgement) withoutCaptives(ps []*Personnel) []*Personnel {
	n := 0
	for _, p := range ps {
		if p.Captive() {
			n++
		}
	}
	if n == 0 {
		return ps
	}
	kept := make([]*Personnel, 0, len(ps)-n)
	for _, p := range ps {
		if !p.Captive() {
			kept = append(kept, p)
			continue
		}
		if p.Owner == You {
			j.sayStrings("%s is a captive in %s brig: its skills, icons and attributes count for nothing of yours; left out.", p.Name(), possessive(p.Brig))
		} else {
			j.sayStrings("%s is a captive in %s brig: its captor does not command it; left out.", p.Name(), possessive(p.Brig))
		}
		j.citeCaptive(p)
	}
	return kept
}

// citeCaptive cites the rule that leaves a captive out: your personnel
// held by your opponent counts for nothing of yours (2E "you cannot use
// any of its game text ..."); your opponent's in your brig is not
// commanded by you (2E "You do not command a personnel in your brig").
// The 1E rulebook says both in one entry.
func (j *judgement) citeCaptive(p *Personnel) {
	switch {
	case j.first():
		j.cite("captured1")
	case p.Owner == You:
		j.cite("brig.use")
	default:
		j.cite("brig.command")
	}
}

func (j *judgement) shipList(ids []string, field string) ([]*Ship, error) {
	out := make([]*Ship, 0, len(ids))
	seen := map[string]bool{}
	for i, id := range ids {
		s := j.board.Ship(id)
		if s == nil {
			return nil, unprocessable(indexed(field, i), "no ship on the board has the id %q", id)
		}
		if seen[id] {
			return nil, unprocessable(indexed(field, i), "%q is listed twice", id)
		}
		seen[id] = true
		out = append(out, s)
	}
	return out, nil
}

// names lists cards by name for a reason: "Kira, Odo and Quark";
// "nobody" when there are none.
func names[T interface{ Name() string }](xs []T) string {
	switch len(xs) {
	case 0:
		return "nobody"
	case 1:
		return xs[0].Name()
	case 2:
		return xs[0].Name() + " and " + xs[1].Name()
	}
	// joinAnd's string, made once without a list of the names.
	n := len(" and ") + len(", ")*(len(xs)-2)
	for _, x := range xs {
		n += len(x.Name())
	}
	var b strings.Builder
	b.Grow(n)
	for i, x := range xs[:len(xs)-1] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x.Name())
	}
	b.WriteString(" and ")
	b.WriteString(xs[len(xs)-1].Name())
	return b.String()
}

// joinAnd lists words for a reason: "a, b and c"; "none" when there are
// none. A sentence that reads wrong with nothing in its list checks the
// list's length before it is built (reportedEffects).
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return "none"
	case 1:
		return parts[0]
	case 2:
		return parts[0] + " and " + parts[1]
	}
	// strings.Join's list and the last " and " in one string made once.
	n := len(" and ") + len(", ")*(len(parts)-2)
	for _, p := range parts {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range parts[:len(parts)-1] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p)
	}
	b.WriteString(" and ")
	b.WriteString(parts[len(parts)-1])
	return b.String()
}

func ids[T interface{ getID() string }](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.getID()
	}
	return out
}

func (p *Personnel) getID() string { return p.ID }
func (s *Ship) getID() string      { return s.ID }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// title is a lower-case word with its first letter capitalised, for reasons.
func title(s string) string {
	if s == "" {
		return s
	}
	if c := s[0]; c < 'a' || c > 'z' {
		if c < utf8.RuneSelf {
			return s // nothing to capitalise
		}
		return strings.ToUpper(s[:1]) + s[1:]
	}
	// An ASCII letter, as nearly every word the engine says: one string.
	var b strings.Builder
	b.Grow(len(s))
	b.WriteByte(s[0] - 'a' + 'A')
	b.WriteString(s[1:])
	return b.String()
}

// ptr is a pointer to a copy of v, for a result's fields that may be
// null.
func ptr[T any](v T) *T { return &v }

// copyOf is a pointer to a copy of *p, nil when p is: a result never
// points into the board.
func copyOf[T any](p *T) *T {
	if p == nil {
		return nil
	}
	return ptr(*p)
}
