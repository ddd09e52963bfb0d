package engine

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A rule is one statement of the rulebooks a verdict may apply: the titles of
// the entries that usually hold it (a section, a glossary term) and key
// phrases of its sentence, in each rulebook's wording. The sentence cited is
// the one of the entry's own text that holds the first phrase found.
type rule struct {
	titles  []string
	phrases []string
}

// ruleKey names a rule of the citation index.
type ruleKey string

// Rules of both editions. Phrases are compared lower-case with quotes,
// apostrophes and white space normalised; each is a few words of the
// rulebook sentence the engine follows, never a whole sentence.
func ruleBook() map[ruleKey]rule {
	staffing := []string{"staffing ships", "moving a ship", "move a ship", "order move a ship", "staffing and moving ships", "ship staffing", "staffing"}
	moving := []string{"using range", "moving a ship", "move a ship", "order move a ship", "staffing and moving ships"}
	attempt := []string{"attempting a mission", "attempt a mission", "order attempt a mission", "attempting missions", "mission attempt"}
	facing := []string{"facing dilemmas", "facing dilemma", "attempting a mission", "attempt a mission", "order attempt a mission", "dilemmas"}
	checking := []string{"checking mission requirements", "attempting a mission", "attempt a mission", "order attempt a mission", "attempting missions"}
	winning := []string{"winning the game"}
	deck := []string{"building a deck", "customizing a deck", "seed deck", "draw deck"}
	paying := []string{"paying costs", "play and draw cards", "play a card", "uniqueness", "reporting cards for duty"}
	battle := []string{"engaging in battle", "ship battles", "personnel battles", "battle"}
	beaming := []string{"order beam personnel", "beaming", "general rules on executing orders"}
	beaming1 := []string{"beaming", "moving personnel and equipment", "execute orders"}
	brig := []string{"brig and captives", "brig", "captive"}
	reporting := []string{"reporting cards for duty", "personnel cards", "ship cards", "equipment cards", "play a card"}
	return map[ruleKey]rule{
		// Second Edition
		"staff.icons":       {staffing, []string{"each personnel can contribute only one staffing", "must be provided by a different personnel"}},
		"staff.command":     {staffing, []string{"but not the other way around"}},
		"staff.affiliation": {staffing, []string{"personnel of the ship's affiliation aboard", "of the ship's affiliation"}},
		"staff.stopped":     {append([]string{"stopped"}, staffing...), []string{"a stopped personnel cannot help staff a ship", "stopped personnel cannot staff ships"}},
		"move.staffed":      {moving, []string{"a ship must be \"staffed\" in order to", "the ship must be staffed", "in order to move"}},
		"move.range":        {moving, []string{"add the span numbers of the two missions", "add the span numbers of the mission from", "add the span numbers of the"}},
		"move.available":    {moving, []string{"is not higher than the range available", "range must be equal to or greater than"}},
		"move.quadrant":     {append([]string{"moving a ship"}, moving...), []string{"different quadrant icons, add 2", "different quadrant icons, add two"}},
		"move.region":       {append([]string{"moving a ship"}, moving...), []string{"in the same region, subtract 2", "keyword, subtract two"}},
		"move.same":         {append([]string{"moving a ship"}, moving...), []string{"no span is required", "played a copy of the same mission"}},
		"move.yours":        {moving, []string{"this order allows you to move your ship", "your ship is staffed when you can meet"}},
		"move.used":         {moving, []string{"range is not restored until the end of", "is used each time you move it"}},
		"orders.stopped":    {[]string{"general rules on executing orders", "execute orders", "stopped"}, []string{"a stopped card cannot execute any further orders", "unstopped personnel and ships to execute orders", "stopped by rules or by game text"}},
		"attempt.planet":    {attempt, []string{"unstopped personnel on that planet"}},
		"attempt.space":     {attempt, []string{"a space mission is attempted by", "you attempt a space mission using"}},
		"attempt.hq":        {attempt, []string{"headquarters missions cannot be attempted"}},
		"attempt.own":       {attempt, []string{"may attempt only your own missions"}},
		"attempt.aff":       {attempt, []string{"to attempt a mission, the affiliation icon"}},
		"attempt.again":     {checking, []string{"you cannot attempt it again", "you cannot attempt that mission again"}},
		"mission.copies":    {[]string{"missions", "mission"}, []string{"played a copy of the same mission"}},
		"dilemmas.draw":     {facing, []string{"then draws that number of cards", "sets his or her hand aside", "draws only five dilemmas"}},
		"dilemmas.overcome": {facing, []string{"the number of those dilemmas is subtracted", "dilemmas is subtracted from that total", "draws only five dilemmas"}},
		"dilemmas.budget":   {facing, []string{"is also the total cost", "total cost of the dilemmas he or she"}},
		"dilemmas.over":     {facing, []string{"would make the total cost of dilemmas"}},
		"dilemmas.copies":   {facing, []string{"reveals more than one copy of the same", "cannot choose more than one copy of the"}},
		"dilemmas.kind":     {facing, []string{"reveals a space dilemma while", "selects a space dilemma for a planet mission", "cannot choose any space dilemmas"}},
		"dilemmas.face":     {facing, []string{"you must read and follow the instructions on the dilemma"}},
		"dilemmas.beneath":  {facing, []string{"have not been told where to place it", "have *not* been told where to place it"}},
		"dilemmas.place":    {facing, []string{"sometimes a dilemma will tell you to place it"}},
		"dilemmas.killed":   {facing, []string{"some of your personnel may be killed or stopped", "your personnel may be killed or stopped"}},
		"dilemmas.allgone":  {facing, []string{"you have attempting a mission are killed"}},
		"dilemmas.leaves":   {facing, []string{"is removed from the mission attempt"}},
		"dilemmas.unchosen": {facing, []string{"does not choose (or is unable to choose)"}},
		"dilemmas.affect":   {facing, []string{"dilemmas do not normally affect personnel"}},
		"brig.area":         {[]string{"brig and captives", "brig", "captive"}, []string{"your brig is a part of the play area"}},
		"req.remaining":     {checking, []string{"still have personnel remaining"}},
		"attempt.fail":      {checking, []string{"your mission attempt has failed"}},
		"attempt.score":     {checking, []string{"add its points to your score"}},
		"req.skills":        {checking, []string{"use the same personnel to provide more than"}},
		"req.attribute":     {checking, []string{"attribute total is higher than"}},
		"req.total":         {checking, []string{"you meet an attribute requirement by totaling"}},
		"req.levels":        {[]string{"skills", "important game terms"}, []string{"you may group personnel together", "one personnel who has 2 leadership"}},
		"req.stopped":       {facing, []string{"nor can you use them to help overcome"}},
		"combat.hq":         {[]string{"combat"}, []string{"you cannot begin combat at a headquarters mission"}},
		"combat.involves":   {[]string{"combat"}, []string{"the combat involves all of your unstopped personnel"}},
		"combat.present":    {[]string{"combat"}, []string{"you must have any number of personnel present"}},
		"combat.totals":     {[]string{"combat"}, []string{"total the strength of all your personnel"}},
		"combat.stops":      {[]string{"combat"}, []string{"when combat ends, all your personnel"}},
		"engage.stops":      {[]string{"engagements", "engagement"}, []string{"when an engagement ends, all your ships"}},
		"combat.tie":        {[]string{"combat"}, []string{"if the totals are tied, there is no"}},
		"present.ship":      {[]string{"present"}, []string{"the card is present only with the cards"}},
		"engage.hq":         {[]string{"engagements", "engagement"}, []string{"you cannot begin an engagement at a headquarters"}},
		"engage.staffed":    {[]string{"engagements", "engagement"}, []string{"(which must be staffed)", "which must be staffed"}},
		"engage.join":       {[]string{"engagements", "engagement"}, []string{"only staffed ships may join an engagement"}},
		"engage.same":       {[]string{"engagements", "engagement"}, []string{"a ship at the same mission as an"}},
		"engage.totals":     {[]string{"engagements", "engagement"}, []string{"total the weapons of all your ships"}},
		"engage.tie":        {[]string{"engagements", "engagement"}, []string{"if the totals are tied, there is no"}},
		"damage.third":      {[]string{"damage"}, []string{"when a third damage card is placed on"}},
		"damage.two":        {[]string{"damage"}, []string{"each ship can carry only two damage cards"}},
		"win.points":        {winning, []string{"scored 100 points"}},
		"win.deckout":       {winning, []string{"the game also ends if all players have"}},
		"win.tie":           {winning, []string{"the game ends in a tie between those", "they share the victory"}},
		"deck.types":        {[]string{"card types", "types of cards"}, []string{"two other types of cards are used in the game", "your deck may contain up to five different types"}},
		"deck.size":         {deck, []string{"each player brings to the game at least"}},
		"deck.copies":       {deck, []string{"no more than three copies of each card"}},
		"deck.example":      {deck, []string{"you cannot have three copies of each of"}},
		"play.counters":     {paying, []string{"you cannot play a card if you do", "cannot play a card if you do not"}},
		"play.interrupt":    {paying, []string{"you play a card (except an interrupt)", "except an interrupt"}},
		"play.unique":       {paying, []string{"you cannot play a card with a dot", "you may command only one of that card"}},
		"play.title":        {[]string{"uniqueness"}, []string{"two cards represent the same thing if they"}},
		"play.where":        {[]string{"playing specific kinds of cards", "paying costs", "personnel", "ships"}, []string{"are played at a headquarters mission if that", "are played at a headquarters mission, if a"}},
		"play.equipment":    {[]string{"playing specific kinds of cards"}, []string{"all headquarters allow any kind of equipment", "allows you to play any equipment"}},
		"play.segment":      {[]string{"play and draw cards", "order of playing and drawing", "turn sequence"}, []string{"once you are done playing and drawing cards", "during this segment of your turn, you may play cards from your hand"}},
		"play.anytime":      {[]string{"playing specific kinds of cards", "play and draw cards"}, []string{"interrupts are not limited to this segment"}},
		"turn.orders":       {[]string{"general rules on executing orders", "execute orders"}, []string{"you may execute orders in any sequence", "there is no limit to the number of orders you can execute"}},
		"turn.counters":     {[]string{"paying costs", "play and draw cards"}, []string{"you have seven counters to spend each turn", "you have seven \"counters\" to spend each turn"}},
		"turn.spendall":     {[]string{"order of playing and drawing", "play and draw cards", "paying costs"}, []string{"you must spend all seven counters each turn", "you must spend all seven counters"}},
		"beam.command":      {beaming, []string{"you must command a ship at that same mission"}},
		"beam.yours":        {beaming, []string{"choose any number of your unstopped personnel", "choose any number of your personnel"}},
		"beam.stopped":      {beaming, []string{"choose any number of your unstopped personnel", "a stopped card cannot execute any further orders"}},
		"beam.up":           {beaming, []string{"from a planet or headquarters mission up to one of your"}},
		"beam.down":         {beaming, []string{"ship down to a planet or headquarters mission"}},
		"beam.between":      {beaming, []string{"between two of your unstopped ships", "between two of your ships"}},
		"beam.opponent":     {beaming, []string{"you cannot beam aboard an opponent's ship"}},
		"beam.mission":      {beaming, []string{"beaming cannot be used to move from one mission"}},
		"brig.use":          {brig, []string{"you cannot use any of its game text"}},
		"brig.actions":      {brig, []string{"you may take no actions involving that captive"}},
		"brig.copy":         {brig, []string{"if your unique personnel is a captive, you cannot"}},
		"brig.command":      {brig, []string{"you do not command a personnel in your brig"}},

		// First Edition
		"staff1.command":    {staffing, []string{"those with command ability can also act as"}},
		"staff1.aff":        {staffing, []string{"at least one crew member of matching affiliation", "crew member of matching affiliation"}},
		"staff1.compat":     {staffing, []string{"any compatible personnel can be used to meet"}},
		"staff1.one":        {staffing, []string{"must be staffed by a minimum of three", "cannot meet more than one staffing"}},
		"compat1":           {[]string{"the affiliations"}, []string{"non-aligned and neutral cards are compatible with any"}},
		"stopped1":          {[]string{"execute orders"}, []string{"participate in a battle, staff a ship", "may not be beamed, move, walk"}},
		"stopped1.attacked": {[]string{"execute orders"}, []string{"cards are attacked, they are", "for the duration of that battle"}},
		"move1.range":       {moving, []string{"adding up the span numbers on each mission", "not counting the location where it begins"}},
		"move1.passing":     {moving, []string{"a ship flying by a location cannot affect", "when flying by a location, a ship"}},
		"move1.quadrant":    {moving, []string{"may not move from one quadrant to the"}},
		"move1.yours":       {moving, []string{"once your ship has the required crew, it can move along your side"}},
		"move1.limit":       {moving, []string{"one turn is limited by its range"}},
		"move1.crew":        {moving, []string{"requires a minimum crew aboard before it can"}},
		"attempt1.aff":      {attempt, []string{"must match one of the mission's affiliation icons"}},
		"attempt1.planet":   {attempt, []string{"planet missions can be attempted by an away"}},
		"attempt1.space":    {attempt, []string{"space missions can be attempted by the entire"}},
		"attempt1.dual":     {attempt, []string{"dual-icon missions require both"}},
		"attempt1.ship":     {attempt, []string{"at least one crew member must match the"}},
		"attempt1.none":     {attempt, []string{"that mission cannot be attempted"}},
		"attempt1.done":     {attempt, []string{"it cannot be attempted or scored again"}},
		"attempt1.ends":     {attempt, []string{"if you lose all matching personnel"}},
		"attempt1.abort":    {attempt, []string{"a mission attempt may not be aborted unless"}},
		"attempt1.fail":     {attempt, []string{"failing to complete the mission does not"}},
		"attempt1.score":    {attempt, []string{"to score the mission and mark it complete"}},
		"dilemma1.stops":    {attempt, []string{"failing to overcome a dilemma that has conditions"}},
		"dilemma1.part":     {attempt, []string{"those personnel no longer participate in the mission attempt"}},
		"dilemma1.discard":  {attempt, []string{"you only have to face it once", "simply discard it after it has had its effect"}},
		"dilemma1.relocate": {attempt, []string{"slide such a dilemma back under the mission", "does not instruct you to relocate it"}},
		"dilemma1.ship":     {attempt, []string{"both your ship and crew are stopped"}},
		"dilemma1.die":      {attempt, []string{"personnel who die and ships or equipment"}},
		"dilemma1.affect":   {attempt, []string{"dilemmas normally affect only the"}},
		"req1.attribute":    {attempt, []string{"added together is greater than"}},
		"req1.skills":       {attempt, []string{"at least two personnel with computer skill"}},
		"req1.unstopped":    {attempt, []string{"unstopped\" personnel can meet the mission requirements", "can meet the mission requirements"}},
		"seed1.kind":        {[]string{"dilemma phase", "seed phases", "how to play"}, []string{"space dilemmas seed under any mission with a", "planet dilemmas and artifacts seed under any mission"}},
		"seed1.copy":        {[]string{"dilemma phase", "seed phases", "how to play", "attempting missions"}, []string{"you may not seed more than one copy", "any copy after the first is placed out-of-play"}},
		"seed1.encounter":   {[]string{"attempting missions", "dilemma phase"}, []string{"seeded by the same player", "any copy after the first is placed out-of-play"}},
		"seed1.own":         {[]string{"dilemma phase", "seed phases", "how to play"}, []string{"if you reveal your own mis-seeded card"}},
		"seed1.counted":     {[]string{"seed deck", "customizing a deck"}, []string{"up to 30 \"counted\" seed cards"}},
		"seed1.misseed":     {[]string{"dilemma phase", "seed phases", "how to play"}, []string{"are mis-seeds and are placed out-of-play"}},
		"battle1.attack":    {battle, []string{"compute your attack total by adding together"}},
		"battle1.defense":   {battle, []string{"computes his defense total by adding the shields"}},
		"battle1.hit":       {battle, []string{"defense total, you score a hit"}},
		"battle1.direct":    {battle, []string{"is more than double your opponent's"}},
		"battle1.miss":      {battle, []string{"the target is not hit"}},
		"battle1.fire":      {battle, []string{"that will be firing weapons must have weapons>0"}},
		"pb1.stun":          {battle, []string{"may choose to stun his adversary"}},
		"pb1.mortal":        {battle, []string{"may choose to mortally wound his adversary"}},
		"pb1.equal":         {battle, []string{"neither may stun or mortally wound"}},
		"pb1.totals":        {battle, []string{"do not add their own strength to the"}},
		"pb1.tie":           {battle, []string{"no one wins or loses the overall battle"}},
		"init1.control":     {battle, []string{"you may attack only cards which you do"}},
		"init1.present":     {battle, []string{"you may attack cards only if they are"}},
		"init1.other":       {battle, []string{"may attack any affiliation other than their own"}},
		"init1.own":         {battle, []string{"may also attack their own affiliations"}},
		"init1.fed":         {battle, []string{"federation forces cannot attack any affiliation"}},
		"init1.borg":        {battle, []string{"borg forces may not initiate battle"}},
		"init1.mixed":       {battle, []string{"force is subject to all the attack restrictions"}},
		"init1.leader":      {battle, []string{"must have a leader", "a leader is any personnel with leadership skill"}},
		"init1.matching":    {battle, []string{"must also have at least one personnel of"}},
		"damage1.hit":       {battle, []string{"range is reduced to 5"}},
		"damage1.again":     {battle, []string{"if it is damaged again before being repaired"}},
		"damage1.direct":    {battle, []string{"if you scored a direct hit"}},
		"win1.points":       {winning, []string{"until one player scores 100 points"}},
		"win1.deckout":      {winning, []string{"draw decks run out"}},
		"deck1.missions":    {deck, []string{"it must include exactly six mission cards", "exactly six mission cards"}},
		"deck1.seed":        {deck, []string{"it may include up to 30 of the", "up to 30 of the following"}},
		"deck1.sites":       {deck, []string{"it may include up to six site cards", "up to six site cards"}},
		"deck1.draw":        {deck, []string{"as long as it contains at least 30"}},
		"deck1.copies":      {deck, []string{"you may include as many copies of each"}},
		"play1.normal":      {paying, []string{"you may play one card from your hand"}},
		"turn1.sequence":    {[]string{"2. execute orders", "execute orders"}, []string{"after you play a card from your hand (or choose not", "after you play a card from your hand"}},
		"play1.interrupt":   {paying, []string{"interrupt and doorway cards do not count as"}},
		"play1.unique":      {paying, []string{"you may have only one copy of each", "you may have only one copy of a"}},
		"beam1.down":        {beaming1, []string{"to beam cards down to a planet surface"}},
		"beam1.between":     {beaming1, []string{"must be at the same spaceline location and be compatible"}},
		"beam1.shields":     {beaming1, []string{"you may not beam cards to or from an opponent's ship"}},
		"beam1.dropped":     {beaming1, []string{"shields must be conceptually dropped"}},
		"beam1.free":        {beaming1, []string{"or are disabled or off line, you may beam freely"}},
		"beam1.borg":        {beaming1, []string{"ship/facility shields do not block transporter beams"}},
		"beam1.nor":         {beaming1, []string{"to, from, or within a nor without a special card"}},
		"beam1.docked":      {beaming1, []string{"you cannot beam from a ship docked at the nor"}},
		"move1.personnel":   {beaming1, []string{"you may move your personnel and equipment cards between"}},
		"captured1":         {[]string{"attempting missions", "capturing"}, []string{"personnel that your opponent seeded are captured", "seeded personnel owned by your opponent become your captives"}},
		"captive1.beam":     {[]string{"subspace transporter", "capturing"}, []string{"you may not beam the captive back"}},
		"report1.where":     {reporting, []string{"must normally report for duty to a compatible"}},
		"report1.outpost":   {reporting, []string{"you may not use your opponent's outpost unless"}},
		"report1.station":   {reporting, []string{"stations do not allow reporting unless specified"}},
		"report1.native":    {reporting, []string{"that card and the facility are both in their native quadrant"}},
		"report1.equipment": {reporting, []string{"equipment cards are native to all quadrants"}},
		"report1.nor":       {reporting, []string{"they may not report directly to the nor itself"}},
		"report1.ship":      {reporting, []string{"a ship reports for duty by docking at a compatible"}},
		"report1.hq":        {reporting, []string{"a headquarters is a planet facility, and thus ships"}},
		"report1.persona":   {reporting, []string{"represent different versions of the same persona"}},
		"persona1.mirror":   {[]string{"persona"}, []string{"you may have both in play at the same time"}},
	}
}

// normText is an entry's text in the form phrases are looked up in, with a
// map back to the original byte offsets so a quote is always the entry's own
// words.
type normText struct {
	norm string
	orig []int // orig[i] is the offset in the original text of norm byte i
}

func normalise(s string) normText {
	var b strings.Builder
	orig := make([]int, 0, len(s)+1)
	space := true
	for i, r := range s {
		switch r {
		case '’', '‘', '`':
			r = '\''
		case '“', '”':
			r = '"'
		case '–', '—':
			r = '-'
		}
		if unicode.IsSpace(r) {
			if space {
				continue
			}
			space = true
			b.WriteByte(' ')
			orig = append(orig, i)
			continue
		}
		space = false
		r = unicode.ToLower(r)
		n := utf8.RuneLen(r)
		if n < 0 {
			n = 1
		}
		b.WriteRune(r)
		for k := 0; k < n; k++ {
			orig = append(orig, i)
		}
	}
	orig = append(orig, len(s))
	return normText{norm: b.String(), orig: orig}
}

// sentenceAround returns the sentence of text that holds bytes [from, to).
// Sentences end at a full stop, question or exclamation mark (with any
// closing quote marks and parentheses after it) outside parentheses, and at
// a paragraph break: a parenthesised aside of several sentences stays whole.
// A list item that is not a sentence of its own ("scored 100 points (or
// more);") is quoted with the lead-in that opens its list and the items up
// to the one that closes the sentence; so is a lead-in ending with a colon
// whose items are fragments.
func sentenceAround(text string, from, to int) string {
	start, end := sentenceBounds(text, from, to)
	if startsFragment(text[start:end]) && start == paragraphStart(text, start) {
		start = leadIn(text, start)
	}
	if !closesSentenceText(text[start:end]) && end == paragraphEnd(text, end) {
		end = listEnd(text, end)
	}
	return trimListMark(strings.TrimSpace(text[start:end]))
}

// sentenceBounds returns the bounds of the sentence holding [from, to),
// within its paragraph.
func sentenceBounds(text string, from, to int) (start, end int) {
	lo := paragraphStart(text, from)
	hi := paragraphEnd(text, max(to-1, from))
	start, end = lo, hi
	for _, e := range sentenceEnds(text, lo, hi) {
		if e <= from {
			start = e
		}
		if e >= to && end == hi {
			end = e
		}
	}
	for start < end && isSpace(text[start]) {
		start++
	}
	return start, end
}

// paragraphStart is where the paragraph holding byte i begins: after the
// blank line before it.
func paragraphStart(text string, i int) int {
	i = min(i, len(text))
	if k := strings.LastIndex(text[:i], "\n\n"); k >= 0 {
		return k + 2
	}
	return 0
}

// paragraphEnd is where the paragraph holding byte i ends: at the blank line
// after it.
func paragraphEnd(text string, i int) int {
	i = max(0, min(i, len(text)))
	if k := strings.Index(text[i:], "\n\n"); k >= 0 {
		return i + k
	}
	return len(text)
}

// sentenceEnds lists the offsets just past each sentence end in text[lo:hi]:
// a terminal mark outside parentheses, with the closing quote marks and
// parentheses that follow it, before white space or the end. Parentheses
// that do not pair up within the paragraph (extraction noise) are ignored.
func sentenceEnds(text string, lo, hi int) []int {
	opens, closes := map[int]bool{}, map[int]bool{}
	var stack []int
	for i := lo; i < hi; i++ {
		switch text[i] {
		case '(':
			stack = append(stack, i)
		case ')':
			if len(stack) > 0 {
				opens[stack[len(stack)-1]], closes[i] = true, true
				stack = stack[:len(stack)-1]
			}
		}
	}
	var out []int
	depth := 0
	for i := lo; i < hi; i++ {
		switch {
		case opens[i]:
			depth++
		case closes[i]:
			depth--
		}
		if !terminalMark(text, i) {
			continue
		}
		j, d := i+1, depth
		for j < hi {
			if closes[j] {
				d--
				j++
				continue
			}
			r, n := utf8.DecodeRuneInString(text[j:])
			if r == '"' || r == '\'' || r == '”' || r == '’' {
				j += n
				continue
			}
			break
		}
		if d == 0 && (j == hi || isSpace(text[j])) {
			out = append(out, j)
		}
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// terminalMark says whether text[i] is a full stop, question or exclamation
// mark that may close a sentence: a full stop closing an abbreviation
// ("U.S.S.", "e.g.") or a one-letter word does not.
func terminalMark(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return false
	}
	switch text[i] {
	case '?', '!':
		return true
	case '.':
		j := i - 1
		for j >= 0 && !isSpace(text[j]) && text[j] != '(' {
			if text[j] == '.' {
				return false
			}
			j--
		}
		return i-j-1 > 1
	}
	return false
}

// startsFragment says whether a quote begins in lower case: a list item
// continuing its lead-in, not a sentence of its own.
func startsFragment(q string) bool {
	r, _ := utf8.DecodeRuneInString(trimListMark(strings.TrimSpace(q)))
	return unicode.IsLower(r)
}

// closesSentenceText says whether a quote ends with a terminal mark (with
// any closing quote marks and parentheses after it).
func closesSentenceText(q string) bool {
	q = strings.TrimRight(strings.TrimSpace(q), "\"'”’)")
	r, _ := utf8.DecodeLastRuneInString(q)
	return r == '.' || r == '?' || r == '!'
}

// leadIn walks back from the list item beginning at start over the items
// before it (ending with ";", ",", "and" or "or") to the sentence that opens
// the list with a colon, and returns where that sentence begins; start when
// there is none.
func leadIn(text string, start int) int {
	at := start
	for n := 0; n < 12 && at >= 2; n++ {
		lo := paragraphStart(text, at-2)
		prev := strings.TrimSpace(text[lo : at-2])
		switch {
		case strings.HasSuffix(prev, ":"):
			colon := lo + strings.LastIndex(text[lo:at-2], ":")
			s, _ := sentenceBounds(text, colon, colon+1)
			return s
		case continuesList(prev):
			at = lo
		default:
			return start
		}
	}
	return start
}

// listEnd walks on from a lead-in or list item ending at end over the items
// after it, while each begins as a fragment, to the end of the sentence that
// closes the list; end when there is none.
func listEnd(text string, end int) int {
	at := end
	for n := 0; n < 12 && at+2 < len(text); n++ {
		next := at + 2
		for next < len(text) && isSpace(text[next]) {
			next++
		}
		r, _ := utf8.DecodeRuneInString(trimListMark(text[next:]))
		if !unicode.IsLower(r) && !unicode.IsDigit(r) {
			return end
		}
		_, e := sentenceBounds(text, next, next+1)
		if closesSentenceText(text[next:e]) {
			return e
		}
		if e != paragraphEnd(text, e) {
			return end
		}
		at = e
	}
	return end
}

func continuesList(s string) bool {
	if strings.HasSuffix(s, ";") || strings.HasSuffix(s, ",") {
		return true
	}
	lower := strings.ToLower(s)
	return strings.HasSuffix(lower, " and") || strings.HasSuffix(lower, " or")
}

// trimListMark removes a bullet ("•", "-", "*", an "o " the extraction made
// of a bullet) or a step number ("5. ") from the start of a quote.
func trimListMark(q string) string {
	for {
		switch {
		case strings.HasPrefix(q, "•"):
			q = strings.TrimSpace(strings.TrimPrefix(q, "•"))
		case strings.HasPrefix(q, "- "), strings.HasPrefix(q, "* "), strings.HasPrefix(q, "o "):
			q = strings.TrimSpace(q[2:])
		default:
			if k := strings.IndexFunc(q, func(r rune) bool { return r < '0' || r > '9' }); k > 0 && k < len(q)-1 &&
				(q[k] == '.' || q[k] == ')') && q[k+1] == ' ' {
				q = strings.TrimSpace(q[k+2:])
				continue
			}
			return q
		}
	}
}

// citationIndex holds, per document, the citation found for each rule.
type citationIndex struct {
	byDoc map[string]map[ruleKey]rules.Citation
}

func buildCitations(docs []rules.Document, entries []*rules.Entry) citationIndex {
	book := ruleBook()
	strict := strictRules()
	keys := make([]ruleKey, 0, len(book))
	for k := range book {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	byDocEntries := map[string][]*rules.Entry{}
	for _, e := range entries {
		if e == nil || e.Kind == rules.KindCard {
			continue
		}
		byDocEntries[e.DocumentID] = append(byDocEntries[e.DocumentID], e)
	}
	idx := citationIndex{byDoc: map[string]map[ruleKey]rules.Citation{}}
	for _, d := range docs {
		es := byDocEntries[d.ID]
		sort.SliceStable(es, func(i, j int) bool { return es[i].Order < es[j].Order })
		norms := make([]normText, len(es))
		for i, e := range es {
			norms[i] = normalise(e.Text)
		}
		found := map[ruleKey]rules.Citation{}
		for _, k := range keys {
			if c, ok := findCitation(book[k], strict[k], es, norms); ok {
				found[k] = c
			}
		}
		idx.byDoc[d.ID] = found
	}
	return idx
}

// strictRules are cited only from an entry of one of their titles: the
// same words elsewhere speak of something else (a tie in combat is not a tie
// in an engagement).
func strictRules() map[ruleKey]bool {
	return map[ruleKey]bool{"combat.tie": true, "engage.tie": true}
}

func findCitation(r rule, strict bool, es []*rules.Entry, norms []normText) (rules.Citation, bool) {
	hints := map[string]int{}
	for i, t := range r.titles {
		if _, ok := hints[rules.FoldTerm(t)]; !ok {
			hints[rules.FoldTerm(t)] = i
		}
	}
	rank := func(e *rules.Entry) int {
		best := len(r.titles) + 1
		if i, ok := hints[rules.FoldTerm(e.Title)]; ok && i < best {
			best = i
		}
		for _, p := range e.Path {
			if i, ok := hints[rules.FoldTerm(p)]; ok && i+1 < best {
				best = i + 1
			}
		}
		return best
	}
	for _, phrase := range r.phrases {
		np := normalise(phrase).norm
		bestI, bestRank, bestAt := -1, 0, 0
		for i, n := range norms {
			at := strings.Index(n.norm, np)
			if at < 0 {
				continue
			}
			rk := rank(es[i])
			if strict && rk > len(r.titles) {
				continue
			}
			if bestI < 0 || rk < bestRank {
				bestI, bestRank, bestAt = i, rk, at
			}
		}
		if bestI < 0 {
			continue
		}
		e, n := es[bestI], norms[bestI]
		from, to := n.orig[bestAt], n.orig[bestAt+len(np)]
		quote := sentenceAround(e.Text, from, to)
		if quote == "" || !strings.Contains(e.Text, quote) {
			continue
		}
		return rules.Citation{ID: e.ID, DocumentID: e.DocumentID, Title: e.Title, Quote: quote, Anchor: anchorAt(e, from)}, true
	}
	return rules.Citation{}, false
}

// anchorAt is the anchor of the entry's paragraph holding byte at of its
// text: where a quote found there stands.
func anchorAt(e *rules.Entry, at int) string {
	ps := e.Paragraphs
	if len(ps) == 0 {
		ps = rules.Paragraphs(e.Text)
	}
	if k := rules.ParagraphAt(e.Text, at); k >= 0 && k < len(ps) {
		return ps[k].Anchor
	}
	return ""
}
