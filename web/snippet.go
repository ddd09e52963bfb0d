package web

import (
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Snippet makes a search snippet safe to show: entities the service already
// wrote are read back (so nothing is escaped twice), everything is escaped,
// then only <mark> and </mark> are let through again, balanced, so a snippet
// can highlight words but never carry markup of its own.
func Snippet(s string) template.HTML {
	esc := html.EscapeString(html.UnescapeString(s))
	var b strings.Builder
	open := false
	for len(esc) > 0 {
		i := strings.Index(esc, "&lt;")
		if i < 0 {
			b.WriteString(esc)
			break
		}
		b.WriteString(esc[:i])
		rest := esc[i:]
		switch {
		case strings.HasPrefix(rest, "&lt;mark&gt;"):
			if !open {
				b.WriteString("<mark>")
				open = true
			}
			esc = rest[len("&lt;mark&gt;"):]
		case strings.HasPrefix(rest, "&lt;/mark&gt;"):
			if open {
				b.WriteString("</mark>")
				open = false
			}
			esc = rest[len("&lt;/mark&gt;"):]
		default:
			b.WriteString("&lt;")
			esc = rest[len("&lt;"):]
		}
	}
	if open {
		b.WriteString("</mark>")
	}
	return template.HTML(b.String()) //nolint:gosec // escaped above; only <mark> re-allowed
}

var funcs = template.FuncMap{
	"snippet":     Snippet,
	"paragraphs":  paragraphs,
	"entryURL":    func(id string) string { return "/entries/" + url.PathEscape(id) },
	"cardURL":     func(id string) string { return "/cards/" + url.PathEscape(id) },
	"documentURL": documentURL,
	"hitURL":      hitURL,
	"anchorURL":   anchoredURL,
	"join":        strings.Join,
	"intp":        intp,
	"skills":      skillsText,
	"figure":      figure,
	"sortedKeys":  sortedKeys,
	"add":         func(a, b int) int { return a + b },
	"deref":       func(b *bool) bool { return b != nil && *b },
	"editionName": editionName,
	"shortTitle":  shortTitle,
	"kindName":    kindName,
	"gameWord":    gameWord,
	"countsText":  countsText,
	"upper":       strings.ToUpper,
	"lower":       strings.ToLower,
	"fieldWords":  fieldWords,
	"figureItems": figureItems,
	"question":    questionLabel,
	"errorOf":     errorOf,
	"gaps":        markGaps,
	"srow":        srowView,
}

// editionName is an edition as the game names it.
func editionName(e string) string { return rules.EditionName(e) }

// hitURL is where a search hit leads: a card page for cards, an entry page
// at the paragraph that answers for the rest.
func hitURL(h rules.SearchHit) string {
	if h.Kind == rules.KindCard {
		return "/cards/" + url.PathEscape(h.ID)
	}
	return anchoredURL(h.ID, h.Anchor)
}

// anchoredURL is an entry page at one of its paragraphs (its top when the
// anchor is empty).
func anchoredURL(id, anchor string) string {
	u := "/entries/" + url.PathEscape(id)
	if anchor != "" {
		u += "#" + url.PathEscape(anchor)
	}
	return u
}

func intp(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

func skillsText(sk []rules.Skill) string {
	parts := make([]string, 0, len(sk))
	for _, s := range sk {
		if s.Level > 1 {
			parts = append(parts, fmt.Sprintf("%d %s", s.Level, s.Name))
		} else {
			parts = append(parts, s.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// figure shows one value of a verdict's result: numbers and words as they
// are, yes/no for booleans, "none" for empty lists, JSON for the rest.
func figure(v any) string {
	switch x := v.(type) {
	case nil:
		return "none"
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return strconv.Itoa(x)
	case []any:
		if len(x) == 0 {
			return "none"
		}
	case []string:
		if len(x) == 0 {
			return "none"
		}
		return strings.Join(x, ", ")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
