package corpus

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
)

// setReleasesJSON is when each set of the card data was released, as far
// as it is known: the card data gives no dates, and a rulings document's
// date bounds the cards it could name (rules.CoverageOf).
//
//go:embed setreleases.json
var setReleasesJSON []byte

// setReleases reads setreleases.json: edition, then set, to its release
// date as rules.ParseRelease reads one. A date it cannot read is an error.
func setReleases() (map[string]map[string]string, error) {
	var file map[string]json.RawMessage
	if err := json.Unmarshal(setReleasesJSON, &file); err != nil {
		return nil, fmt.Errorf("set releases: %w", err)
	}
	out := map[string]map[string]string{}
	for _, edition := range []string{rules.Edition1E, rules.Edition2E} {
		var sets map[string]string
		if err := json.Unmarshal(file[edition], &sets); err != nil {
			return nil, fmt.Errorf("set releases of %s: %w", edition, err)
		}
		for set, date := range sets {
			if _, ok := rules.ParseRelease(date); !ok {
				return nil, fmt.Errorf("set releases: set %s of %s: %q is no date", set, edition, date)
			}
		}
		out[edition] = sets
	}
	return out, nil
}
