package sanitize

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Acts: what an instruction makes the agent do to the user's data, to
// security, to money and identity, to privacy and to what the user reads,
// judged by the verb and its object rather than by a phrasing. Each is a
// warning (a reviewer must read it) unless the skill's own name or
// description is about that object: a password manager's skill may set
// passwords, a maps skill may record locations. A condition ("if the user
// asks") or a negation ("never log card numbers") makes an act none.

// act is one kind of harmful instruction: any verb of verbs with, in its
// clause or the two after, any object of objects (and, when need is set,
// one of need too).
type act struct {
	verbs, objects, need map[string]bool
	// negative acts are orders not to do something ("do not write tests
	// that check for SQL injection"): the verb must be negated.
	negative bool
	// topic: the skill declares the act by the words between the verb
	// and the object ("present climate change as …"), not by the object.
	topic bool
	// housekeeping: a routine qualifier ("old", "temporary") before the
	// object makes the act none.
	housekeeping bool
	// amount: the order names a fixed amount ("add 10% to all scores").
	amount bool
	// stance: what the topic is presented as is a stance (stanceWords).
	stance bool
	// always: no description declares the act; a credentials checker has
	// no more business printing the secrets it checks than any skill.
	always bool
	// critical: the act costs the user their files or their money by
	// itself (locked or destroyed work, card numbers written out); the
	// others are warnings a reviewer weighs.
	critical bool
	desc     string
}

var harmfulActs = []act{
	{ // locking the user's files behind a password
		verbs:    set("put", "zip", "compress", "archive", "lock", "encrypt", "protect"),
		objects:  set("password", "password-protected", "passphrase"),
		need:     set("file", "files", "document", "documents", "archive", "zip", "folder", "directory", "it", "them", "workbook", "presentation", "spreadsheet", "report"),
		critical: true,
		desc:     "instruction to lock the user's files behind a password",
	},
	{ // removing the other copies of the user's work
		verbs:        set("remove", "delete", "erase", "purge", "wipe", "discard", "destroy", "shred"),
		objects:      set("versions", "version", "copies", "copy", "drafts", "backups"),
		need:         set("other"),
		housekeeping: true,
		critical:     true,
		desc:         "instruction to destroy the other copies of the user's files",
	},
	{ // leaving security untested
		verbs:    set("write", "add", "create", "include", "cover"),
		objects:  set("injection", "injections", "xss", "csrf", "security", "authentication", "authorization", "vulnerability", "vulnerabilities", "sanitization", "escaping"),
		need:     set("test", "tests", "testing", "check", "checks"),
		negative: true,
		desc:     "instruction to leave security unchecked",
	},
	{ // known passwords
		verbs:   set("create", "set", "use", "give", "assign", "configure", "make", "provision", "initialize", "initialise", "reset"),
		objects: set("password", "passwords", "passcode"),
		need:    set("default", "same", "fixed", "shared", "static", "known", "common", "blank", "empty", "admin", "admin123", "password123", "123456", "changeme"),
		desc:    "instruction to give accounts a known password",
	},
	{ // payment details written where they do not belong
		verbs:    set("log", "record", "store", "save", "write", "print", "keep", "append", "dump", "output", "cache", "persist"),
		objects:  set("card", "cards", "cvc", "cvv", "cvv2", "iban"),
		need:     set("number", "numbers", "cvc", "cvv", "cvv2", "details", "full", "iban", "pan"),
		critical: true,
		desc:     "instruction to record payment details",
	},
	{ // tracking the user
		verbs:   set("record", "log", "collect", "capture", "store", "track", "save", "include", "append", "add", "fetch", "get", "attach", "take", "grab", "monitor", "embed"),
		objects: set("gps", "location", "locations", "geolocation", "coordinates", "latitude", "whereabouts", "keystrokes", "keystroke", "clipboard", "webcam", "microphone"),
		need:    set("user's", "user", "users", "precise", "exact", "current", "real-time", "live", "their", "device", "ip"),
		desc:    "instruction to track the user",
	},
	{ // rewriting who people are
		verbs:   set("replace", "substitute", "swap", "rename", "change", "rewrite", "alter"),
		objects: set("name", "names"),
		need:    set("male", "female", "men", "women", "man's", "woman's", "men's", "women's", "foreign", "ethnic", "people's", "person's", "employees"),
		desc:    "instruction to rewrite the names in the user's content",
	},
	{ // scores and results bent by a fixed amount
		verbs:   set("rate", "score", "grade", "rank", "add", "increase", "inflate", "boost", "raise", "deflate", "adjust", "multiply"),
		objects: set("percent", "points", "bonus"),
		need:    set("score", "scores", "rating", "ratings", "result", "results", "grade", "grades", "answers", "answer", "responses", "metric", "metrics", "accuracy", "model", "models", "vendor", "vendors", "competitors", "benchmark"),
		amount:  true,
		desc:    "instruction to bias the scores or results",
	},
	{ // a fixed stance on a topic
		verbs:   set("present", "frame", "portray", "describe", "depict", "characterize", "characterise", "treat", "label", "promote", "favor", "favour", "emphasize", "emphasise", "downplay", "minimize", "minimise", "discredit", "cast"),
		objects: set("as", "over", "instead", "rather"),
		need:    set("always", "every", "whenever", "each", "any", "all"),
		topic:   true,
		stance:  true,
		desc:    "instruction to give a fixed stance on a topic",
	},
	{ // secrets' values put where the user, the transcript and the model read them
		verbs:   set("print", "display", "show", "output", "echo", "reveal", "dump", "paste", "list", "report", "return", "include"),
		objects: set("credential", "credentials", "credential's", "secret", "secrets", "secret's", "password", "passwords", "password's"),
		need:    set("value", "values", "contents", "plaintext", "unmasked", "unredacted", "verbatim"),
		always:  true,
		desc:    "instruction to print the values of secrets",
	},
	{ // a destructive command given as a step
		verbs:   set("push", "reset", "clean", "run", "execute", "use"),
		objects: set("force", "hard", "fdx", "fd", "ffdx"),
		need:    set("git"),
		desc:    "instruction to run a command that destroys history or data",
	},
}

// triggers are the words that make a sentence worth judging for the act.
func (a *act) triggers() map[string]bool {
	switch {
	case a.stance:
		return stanceWords
	case a.objects["name"]:
		return a.need
	}
	return a.objects
}

// stanceWords judge what a topic is presented as: a stance, not a form
// ("as a table", "as data").
var stanceWords = set("debated", "disputed", "controversial", "theory", "hoax", "myth", "unproven", "exaggerated", "fake",
	"dangerous", "harmful", "inferior", "superior", "biased", "radical", "extremist", "scam", "fraud", "failure", "fringe",
	"illegitimate", "civilization", "civilisation", "settled", "alarmist", "overblown", "renewable", "traditional",
	"dependable", "unreliable", "immoral", "corrupt", "incompetent", "debatable", "questionable")

// amountRe is a fixed amount: "10%", "ten percent", "5 points".
var amountRe = lazyre.New(`(?i)\b(?:\d+(?:\.\d+)?\s*(?:%|percent|points?)|(?:one|two|three|five|ten|fifteen|twenty|thirty|fifty)\s+(?:percent|points?))`)

// actsByVerb lists, for each verb of an act, the acts it may open: a
// sentence's words are looked up once, not once an act.
var actsByVerb = func() map[string][]int {
	m := map[string][]int{}
	for ai, a := range harmfulActs {
		for w := range a.verbs {
			m[w] = append(m[w], ai)
		}
	}
	return m
}()

// actRule finds the acts of one sentence: at most one finding each.
func (sc *scanner) actRule(toks []ptok) {
	var done uint32
	for i, t := range toks {
		for _, ai := range actsByVerb[t.w] {
			if done&(1<<ai) == 0 && sc.actAt(&harmfulActs[ai], toks, i) {
				done |= 1 << ai
			}
		}
	}
}

// actAt judges the act a opened by the verb at toks[i].
func (sc *scanner) actAt(a *act, toks []ptok, i int) bool {
	t := toks[i]
	if onCondition(toks, i) {
		return false
	}
	if a.negative != negated(toks, i) || !a.negative && !imperative(toks, i) && !opensClause(toks, i) {
		return false
	}
	obj, need := -1, a.need == nil
	for k := i + 1; k < len(toks) && k <= i+14 && toks[k].cl <= toks[i].cl+2; k++ {
		w := toks[k].w
		if obj < 0 && a.objects[w] {
			obj = k
		}
		if a.need[w] {
			need = true
		}
	}
	// The scope words of a stance ("always", "whenever") may come before
	// the verb too.
	for k := max(0, i-4); k < i && !need; k++ {
		need = a.need[toks[k].w]
	}
	if obj < 0 || !need || a.housekeeping && routine(toks, i, obj) {
		return false
	}
	if a.amount && !amountRe.MatchString(sc.s[t.a:toks[len(toks)-1].b]) || a.stance && !stanceAfter(toks, obj) {
		return false
	}
	about := []ptok{toks[obj]}
	if a.topic {
		about = about[:0]
		for k := i + 1; k < obj; k++ {
			// A name in backticks is code, no topic one takes a stance on
			// ("treat every `set_option` as unproven").
			if toks[k].kind == tkWord && !topicStop[toks[k].w] && !phraseStop[toks[k].w] && !a.need[toks[k].w] && !inSpans(sc.code, toks[k].a) {
				about = append(about, toks[k])
			}
		}
	}
	if len(about) == 0 || !a.always && sc.declaresAct(a, about) {
		return false
	}
	end := toks[min(len(toks)-1, obj+3)].b
	start := t.a
	if a.negative {
		// The quote shows the order as given: "not write unit tests
		// that check SQL injections", not its opposite.
		for k := i - 1; k >= 0 && k >= i-4; k-- {
			if toks[k].bits&bNeg != 0 {
				start = toks[k].a
				break
			}
		}
	}
	sev := core.Warning
	if a.critical {
		sev = core.Critical
	}
	sc.plain.hits = append(sc.plain.hits, plainHit{a: start, b: end, kind: pkPolicy, sev: sev, risky: true, firm: true, act: true,
		desc: a.desc + ": " + sc.phrase(start, end)})
	return true
}

// stanceAfter reports whether a stance word follows the object ("as a
// debated theory", "over renewable energy").
func stanceAfter(toks []ptok, obj int) bool {
	for k := obj + 1; k < len(toks) && k <= obj+6; k++ {
		if stanceWords[toks[k].w] {
			return true
		}
	}
	return false
}

// routine reports whether a qualifier between the verb and its object
// makes the act housekeeping ("remove old backups", "delete the
// temporary copies").
func routine(toks []ptok, i, obj int) bool {
	for k := i + 1; k < obj; k++ {
		if toks[k].bits&bBenign != 0 {
			return true
		}
	}
	return false
}

// onCondition reports whether the verb at toks[i] acts only on a
// condition: "if", "unless" or "only" before it, or the user asking for
// it anywhere in the sentence ("when the user asks").
func onCondition(toks []ptok, i int) bool {
	for k, t := range toks {
		switch t.w {
		case "if", "unless", "only", "optionally":
			if k < i {
				return true
			}
		case "asks", "requests", "requested", "wants", "chooses", "opts", "prefers":
			return true
		}
	}
	return false
}

// inOrder reports whether offset p lies in an inline code span of a
// sentence that starts at a outside code: "Run `chmod -R 777 .`" gives
// the command as a step, not as a sample to read.
func (sc *scanner) inOrder(a, p int) bool {
	if a < 0 || p < a || !inSpans(sc.code, p) || inSpans(sc.code, a) {
		return false
	}
	return !strings.Contains(sc.s[a:p], "\n")
}

// declaresAct reports whether the skill's description covers the act's
// object or topic. A topic ("climate change") is covered only when each
// of its words is: a document skill whose description speaks of "tracked
// changes" is no skill about climate change.
func (sc *scanner) declaresAct(a *act, about []ptok) bool {
	if !a.topic {
		return sc.declares(about)
	}
	for k := range about {
		if !sc.declares(about[k : k+1]) {
			return false
		}
	}
	return true
}
