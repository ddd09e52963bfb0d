package corpus

// Hooks for the external tests of the Second Edition rulebook parser, which
// read the real corpus through internal/testcorpus (an import the package's
// own tests cannot make).
var (
	ParseRulebook2E  = parseRulebook2E
	RefsOf           = refsOf
	ShareLostSymbols = shareLostSymbols
)
