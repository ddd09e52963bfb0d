package discord

import (
	"github.com/bwmarrin/discordgo"

	"github.com/stccg/stccg-rules/internal/rules"
)

// changedField says in one line what changed in the governing entry shown
// since the version it superseded (rules.ChangedSinceLine, the counts GET
// /v1/entries/{id}/changes answers), linking the page's comparison; nil
// when the entry governs no other version, or the comparison is not served.
func (a *answerer) changedField(e *rules.Entry, docs map[string]rules.Document) *discordgo.MessageEmbedField {
	svc := a.h.cfg.Changes
	if svc == nil {
		svc, _ = a.h.cfg.Reference.(rules.ChangesService)
	}
	if svc == nil {
		return nil
	}
	ch, err := svc.Changes(a.ctx, e.ID)
	if err != nil {
		return nil
	}
	v := ch.SinceGoverned()
	if v == nil {
		return nil
	}
	link := " [Compare](" + entryURL(a.base, e.ID) + "#ver-h)"
	return &discordgo.MessageEmbedField{Name: "What changed",
		Value: truncate(escapeMarkdown(rules.ChangedSinceLine(v, docTitle(docs, v.Older))), maxFieldValue-len(link)) + link}
}
