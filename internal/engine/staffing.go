package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"strings"
)

// StaffingOutcome says whether a ship is staffed and how.
type StaffingOutcome struct {
	Staffed bool
	// Missing are the staffing icons no unstopped personnel aboard covers.
	Missing []string
	// Assignment maps a personnel id to the icon it covers.
	Assignment map[string]string
	// Affiliated are the unstopped crew of the ship's affiliation.
	Affiliated []*Personnel
	// Crew are the unstopped personnel who may staff the ship.
	Crew []*Personnel
	// Stopped and Incompatible were aboard but could not staff.
	Stopped, Incompatible []*Personnel
}

// compatible1E says whether a 1E personnel may crew a ship: the same
// affiliation, or Non-Aligned or Neutral with any affiliation but Borg.
func compatible1E(a, b string) bool {
	if a == b {
		return true
	}
	neutral := func(x string) bool { return x == "non aligned" || x == "neutral" }
	return (neutral(a) && b != "borg") || (neutral(b) && a != "borg")
}

// provides says whether a personnel's icons cover a staffing icon. In both
// editions command may stand in for staff, never the other way round.
func provides(p *Personnel, icon string) bool {
	for _, i := range p.Icons {
		if i == icon || (icon == "staff" && i == "command") {
			return true
		}
	}
	return false
}

// Staffing decides whether a ship is staffed: every icon of its staffing
// requirements covered by a different unstopped personnel of its owner
// aboard, and one of them of the ship's affiliation. In 1E only compatible
// personnel staff, and a ship that lists no staffing needs only one
// personnel of its affiliation.
func Staffing(b *Board, firstEdition bool, s *Ship) StaffingOutcome {
	out := StaffingOutcome{Assignment: map[string]string{}}
	aboard := b.Aboard(s.ID)
	// The crew and those of them of the ship's affiliation share one array.
	crew := make([]*Personnel, 2*len(aboard))
	out.Crew, out.Affiliated = crew[:0:len(aboard)], crew[len(aboard):len(aboard)]
	for _, p := range aboard {
		switch {
		case p.Owner != s.Owner:
			continue
		case p.Stopped:
			out.Stopped = append(out.Stopped, p)
		case firstEdition && !compatible1E(p.Affiliation, s.Affiliation):
			out.Incompatible = append(out.Incompatible, p)
		default:
			out.Crew = append(out.Crew, p)
			if p.Affiliation == s.Affiliation {
				out.Affiliated = append(out.Affiliated, p)
			}
		}
	}
	// Specific icons first, staff last: command personnel are kept for the
	// icons only they can give.
	need := slices.Clone(s.Staffing)
	slices.SortStableFunc(need, func(a, b string) int { return cmp.Compare(rankIcon(a), rankIcon(b)) })
	match := make([]int, len(need)) // requirement -> crew index
	owner := make([]int, len(out.Crew))
	for i := range owner {
		owner[i] = -1
	}
	seen := make([]bool, len(out.Crew))
	for r := range need {
		match[r] = -1
		clear(seen)
		augment(r, need, out.Crew, match, owner, seen)
	}
	for r, c := range match {
		if c < 0 {
			out.Missing = append(out.Missing, need[r])
			continue
		}
		out.Assignment[out.Crew[c].ID] = need[r]
	}
	if out.Missing == nil {
		out.Missing = []string{}
	}
	out.Staffed = len(out.Missing) == 0 && len(out.Affiliated) > 0
	return out
}

func rankIcon(icon string) int {
	switch icon {
	case "staff":
		return 2
	case "command":
		return 1
	}
	return 0
}

// candidates yields the crew who may cover an icon, in the order they are
// tried: those who have the icon itself before those who stand in for it,
// so command is kept for the command icons.
func candidates(icon string, crew []*Personnel) iter.Seq[int] {
	return func(yield func(int) bool) {
		for c, p := range crew {
			if hasIcon(p, icon) && !yield(c) {
				return
			}
		}
		for c, p := range crew {
			if !hasIcon(p, icon) && provides(p, icon) && !yield(c) {
				return
			}
		}
	}
}

// augment is one step of bipartite matching: find a personnel for
// requirement r, moving others to their alternatives if need be.
func augment(r int, need []string, crew []*Personnel, match, owner []int, seen []bool) bool {
	for c := range candidates(need[r], crew) {
		if !seen[c] && owner[c] < 0 {
			seen[c] = true
			owner[c], match[r] = r, c
			return true
		}
	}
	for c := range candidates(need[r], crew) {
		if seen[c] {
			continue
		}
		seen[c] = true
		if owner[c] < 0 || augment(owner[c], need, crew, match, owner, seen) {
			owner[c] = r
			match[r] = c
			return true
		}
	}
	return false
}

// explainStaffing writes the reasons and citations of a staffing decision.
func (j *judgement) explainStaffing(s *Ship, st StaffingOutcome) {
	if j.first() {
		j.cite("staff1.command", "staff1.aff", "staff1.compat", "staff1.one")
	} else {
		j.cite("staff.icons", "staff.command", "staff.affiliation")
	}
	if len(s.Staffing) == 0 {
		j.say("%s lists no staffing icons; one personnel of its affiliation can fly it.", s.Name())
	} else {
		var gives []string
		for _, p := range st.Crew {
			if icon, ok := st.Assignment[p.ID]; ok {
				g := fmt.Sprintf("%s gives %s", p.Name(), title(icon))
				if icon == "staff" && !hasIcon(p, "staff") {
					g += " (Command stands in for Staff)"
				}
				gives = append(gives, g)
			}
		}
		line := fmt.Sprintf("%s needs %s", s.Name(), iconList(s.Staffing))
		if len(gives) > 0 {
			line += ": " + joinAnd(gives)
		}
		j.say("%s; each personnel gives one icon.", line)
		if len(st.Missing) > 0 {
			j.say("No other unstopped personnel aboard gives %s.", iconList(st.Missing))
		}
	}
	if len(st.Stopped) > 0 {
		j.say("%s cannot staff: stopped.", names(st.Stopped))
		if j.first() {
			j.cite("stopped1")
		} else {
			j.cite("staff.stopped")
		}
	}
	if len(st.Incompatible) > 0 {
		j.say("%s cannot staff: not compatible with a %s ship.", names(st.Incompatible), s.Affiliation)
		j.cite("compat1")
	}
	if len(st.Affiliated) > 0 {
		j.say("%s is of the ship's affiliation (%s).", st.Affiliated[0].Name(), s.Affiliation)
	} else {
		j.say("No unstopped personnel of the ship's affiliation (%s) is aboard.", s.Affiliation)
	}
}

func hasIcon(p *Personnel, icon string) bool {
	for _, i := range p.Icons {
		if i == icon {
			return true
		}
	}
	return false
}

func iconList(icons []string) string {
	parts := make([]string, len(icons))
	for i, ic := range icons {
		parts[i] = title(ic)
	}
	return strings.Join(parts, ", ")
}

func needAffiliation(s *Ship) error {
	if s.Affiliation == "" {
		return unprocessable(fmt.Sprintf("board.ships[%d].affiliation", s.Index), "%s has no affiliation; give it on the board or name a card that has it", s.Name())
	}
	return nil
}

type shipParams struct {
	Ship string `json:"ship"`
}

func runShipStaffed(_ context.Context, _ *Service, j *judgement, raw json.RawMessage) error {
	var p shipParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	s, err := j.ship(p.Ship, "params.ship")
	if err != nil {
		return err
	}
	if err := needAffiliation(s); err != nil {
		return err
	}
	st := Staffing(j.board, j.first(), s)
	j.explainStaffing(s, st)
	j.allow(st.Staffed)
	j.set("missing", st.Missing)
	j.set("assignment", st.Assignment)
	j.set("affiliated", ids(st.Affiliated))
	return nil
}
