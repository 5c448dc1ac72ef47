package search

import (
	"math"
	"slices"
	"testing"
	"time"
)

var now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func daysAgo(d float64) time.Time {
	return now.Add(-time.Duration(d * 24 * float64(time.Hour)))
}

// corpus is a small library whose expected orders are worked out by hand:
// every skill was used just now, so decay and feedback are neutral and the
// order is relevance alone.
func corpus() []Skill {
	s := []Skill{
		{Name: "pdf-extract", Description: "Extract text and tables from PDF files.", Body: "Run pdftotext with -layout, then split tables on runs of spaces.", TaskType: Code},
		{Name: "pdf-forms", Description: "Fill in PDF forms and flatten the fields.", Body: "List the form fields first; some PDF files hide tables of checkboxes.", TaskType: Code},
		{Name: "website-login", Description: "Log in to a website through its username and password form.", Body: "Open the login page, fill username and password, submit, wait for the dashboard.", TaskType: Browser},
		{Name: "rest-pagination", Description: "Page through REST API results with cursor pagination.", Body: "Pass the cursor token from each response to the next request until it is empty.", TaskType: API},
		{Name: "git-bisect", Description: "Find the commit that introduced a bug with git bisect.", Body: "Mark a good and a bad commit, test each step, mark it, repeat.", TaskType: Code},
		{Name: "csv-cleanup", Description: "Clean CSV files: trim whitespace, fix encodings, drop duplicate rows.", Body: "Read with the csv module, never split on commas by hand.", TaskType: Code},
		{Name: "oauth-token-refresh", Description: "Refresh OAuth access tokens before they expire.", Body: "Store the refresh token; request a new access token when fewer than 60 seconds remain.", TaskType: API},
		{Name: "tax-deadlines", Description: "Know the filing deadlines for quarterly estimated taxes.", Body: "Estimated taxes are due in April, June, September and January.", TaskType: Domain},
		{Name: "avoid-captcha-solving", Description: "Do not try to solve CAPTCHAs when scraping a website; stop and ask the user.", Body: "Solving CAPTCHAs breaks terms of service and gets the account banned.", TaskType: Browser, Negative: true},
		{Name: "spreadsheet-charts", Description: "Build charts from spreadsheet data.", Body: "Pick a bar chart for categories and a line chart for time series.", TaskType: Code},
	}
	for i := range s {
		s[i].Key = "public." + s[i].Name
		s[i].Location = "/skills/" + s[i].Name + "/SKILL.md"
		s[i].LastUsed = now
	}
	return s
}

func names(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Skill.Name
	}
	return out
}

func TestRankKnownOrder(t *testing.T) {
	cases := []struct {
		query string
		want  []string
	}{
		// Both PDF skills mention tables, but only pdf-extract says so (and
		// "extract") in its name and description.
		{"extract tables from pdf", []string{"pdf-extract", "pdf-forms"}},
		{"login website", []string{"website-login", "avoid-captcha-solving"}},
		{"git bisect bug", []string{"git-bisect"}},
		// "token" is in oauth-token-refresh's name and body, and only in the
		// body of rest-pagination.
		{"oauth token", []string{"oauth-token-refresh", "rest-pagination"}},
		// website-login matches two query words ("fill", "form") and beats
		// pdf-extract, which matches only "pdf".
		{"Fill PDF forms", []string{"pdf-forms", "website-login", "pdf-extract"}},
		{"quarterly taxes", []string{"tax-deadlines"}},
		{"purple elephant", nil},
		{"the of and", nil}, // stopwords only: nothing to search for
	}
	for _, c := range cases {
		got := names(Rank(corpus(), c.query, Options{Now: now}))
		if !slices.Equal(got, c.want) {
			t.Errorf("Rank(%q) = %v, want %v", c.query, got, c.want)
		}
	}
}

// A floor leaves out the matches far weaker than the best: "oauth token"
// is about refreshing tokens, and pagination only passes one along.
func TestRankFloor(t *testing.T) {
	all := names(Rank(corpus(), "oauth token", Options{Now: now}))
	got := names(Rank(corpus(), "oauth token", Options{Now: now, Floor: 0.5}))
	if !slices.Equal(all, []string{"oauth-token-refresh", "rest-pagination"}) || !slices.Equal(got, []string{"oauth-token-refresh"}) {
		t.Errorf("without a floor %v, with 0.5 %v", all, got)
	}
	// the best match is never left out, and a blank query lists all
	if got := Rank(corpus(), "git", Options{Floor: 1}); len(got) != 1 {
		t.Errorf("floor 1: %v", names(got))
	}
	if got := Rank(corpus(), " ", Options{Floor: 0.9}); len(got) != 10 {
		t.Errorf("blank query with a floor: %d results", len(got))
	}
}

// With a floor, a request of several words that shares one word with a
// skill's body alone loads nothing; the same word in its description, or
// two words of the request, do.
func TestRankFloorNeedsMoreThanOneBodyWord(t *testing.T) {
	skills := []Skill{
		{Name: "argocd-setup", Description: "Installs Argo CD on a cluster.", Body: "Keep the sync period short."},
		{Name: "poetry", Description: "Writes a short poem.", Body: "Rhyme."},
	}
	if got := names(Rank(skills[:1], "Write a short poem about the sea at dawn", Options{Floor: 0.5})); len(got) != 0 {
		t.Errorf("one body word loaded %v", got)
	}
	if got := names(Rank(skills, "Write a short poem about the sea at dawn", Options{Floor: 0.5})); !slices.Equal(got, []string{"poetry"}) {
		t.Errorf("got %v, want poetry", got)
	}
	if got := names(Rank(skills[:1], "sync period", Options{Floor: 0.5})); len(got) != 1 {
		t.Errorf("two body words: %v", got)
	}
	if got := names(Rank(skills[:1], "short", Options{Floor: 0.5})); len(got) != 1 {
		t.Errorf("a one-word request: %v", got)
	}
}

func TestRankBlankQueryListsAllByName(t *testing.T) {
	got := Rank(corpus(), "  ", Options{Now: now})
	if len(got) != 10 {
		t.Fatalf("got %d results, want 10", len(got))
	}
	if !slices.IsSorted(names(got)) {
		t.Errorf("neutral catalog should fall back to name order: %v", names(got))
	}
}

func TestRankLimit(t *testing.T) {
	got := names(Rank(corpus(), "pdf", Options{Limit: 1}))
	if len(got) != 1 {
		t.Fatalf("Limit 1 gave %v", got)
	}
}

// Penguiflow clamps FTS5's negative bm25() to zero, so all hits score 0.5
// and the shortest name wins. Here the shorter name is the worse match.
func TestRankPenguiflowDefectRegression(t *testing.T) {
	skills := []Skill{
		{Key: "a", Name: "web", Description: "Generic web helpers.", Body: "Some sites need a login first."},
		{Key: "b", Name: "website-login-automation", Description: "Log in to a website: login form, website session cookies.", Body: "Find the login form on the website."},
	}
	got := Rank(skills, "login website", Options{})
	if len(got) != 2 {
		t.Fatalf("got %v", names(got))
	}
	if got[0].Skill.Key != "b" {
		t.Errorf("better match ranked below worse one: %v", names(got))
	}
	if !(got[0].Score > got[1].Score) {
		t.Errorf("scores must differ and favor the better match: %v > %v", got[0].Score, got[1].Score)
	}
	rel := BM25(skills, "login website")
	if !(rel[1] > rel[0] && rel[0] > 0) {
		t.Errorf("BM25 direction wrong: %v", rel)
	}
}

func TestDecayChangesOrder(t *testing.T) {
	base := Skill{Name: "same", Description: "Export invoices to CSV.", Body: "Open billing, export."}
	old, fresh := base, base
	old.Key, old.TaskType, old.LastUsed = "old-domain", Domain, daysAgo(365)
	fresh.Key, fresh.TaskType, fresh.LastUsed = "fresh-browser", Browser, daysAgo(1)
	// Input order favors old; decay must reverse it.
	got := Rank([]Skill{old, fresh}, "export invoices", Options{Now: now})
	if got[0].Skill.Key != "fresh-browser" {
		t.Errorf("used yesterday should beat used a year ago: %v", got)
	}
	// Same age, different type: browser skills halve weekly, domain yearly.
	old.LastUsed, fresh.LastUsed = daysAgo(60), daysAgo(60)
	got = Rank([]Skill{fresh, old}, "export invoices", Options{Now: now})
	if got[0].Skill.Key != "old-domain" {
		t.Errorf("domain skill should decay slower than browser: %v", got)
	}
	// Decay can overturn a better text match that went stale.
	skills := corpus()
	login := &skills[2]
	login.LastUsed = daysAgo(60)
	got = Rank(skills, "login website", Options{Now: now})
	if got[0].Skill.Name != "avoid-captcha-solving" {
		t.Errorf("stale browser skill should drop: %v", names(got))
	}
	if got[1].Stale != "not used for 60 days (browser skills halve every 7)" {
		t.Errorf("stale warning = %q", got[1].Stale)
	}
	// Without a clock there is no decay.
	got = Rank(skills, "login website", Options{})
	if got[0].Skill.Name != "website-login" {
		t.Errorf("zero Now must disable decay: %v", names(got))
	}
}

func TestDecayValues(t *testing.T) {
	cases := []struct {
		typ  TaskType
		days float64
		want float64
	}{
		{Browser, 7, 0.5}, {API, 90, 0.5}, {Code, 360, 0.25}, {Domain, 365, 0.5},
		{Unknown, 30, 0.5}, {"weird", 30, 0.5}, {" API ", 90, 0.5}, {Browser, 0, 1},
	}
	for _, c := range cases {
		got := Decay(Skill{TaskType: c.typ, LastUsed: daysAgo(c.days)}, now)
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Decay(%s, %v days) = %v, want %v", c.typ, c.days, got, c.want)
		}
	}
	// Never used: counts from creation. Future: fresh. No dates: fresh.
	if got := Decay(Skill{TaskType: API, Created: daysAgo(180)}, now); math.Abs(got-0.25) > 1e-9 {
		t.Errorf("never-used decay = %v", got)
	}
	if got := Decay(Skill{TaskType: Browser, LastUsed: now.Add(time.Hour)}, now); got != 1 {
		t.Errorf("future decay = %v", got)
	}
	if got := Decay(Skill{TaskType: Browser}, now); got != 1 {
		t.Errorf("undated decay = %v", got)
	}
}

func TestStaleness(t *testing.T) {
	cases := []struct {
		s    Skill
		want string
	}{
		{Skill{TaskType: API, LastUsed: daysAgo(200)}, "not used for 200 days (api skills halve every 90)"},
		{Skill{TaskType: API, LastUsed: daysAgo(100)}, ""},
		{Skill{TaskType: Code, Created: daysAgo(400)}, "never used; created 400 days ago (code skills halve every 180)"},
		{Skill{TaskType: "", LastUsed: daysAgo(61)}, "not used for 61 days (unknown skills halve every 30)"},
		{Skill{TaskType: Browser}, ""},
	}
	for _, c := range cases {
		if got := Staleness(c.s, now, 0); got != c.want {
			t.Errorf("Staleness(%+v) = %q, want %q", c.s, got, c.want)
		}
	}
	if got := Staleness(Skill{TaskType: API, LastUsed: daysAgo(1)}, now, 0.999); got != "not used for 1 day (api skills halve every 90)" {
		t.Errorf("custom threshold: %q", got)
	}
}

func TestFeedbackChangesOrder(t *testing.T) {
	base := Skill{Name: "deploy", Description: "Deploy the service to staging.", TaskType: Code, LastUsed: now}
	liked, disliked := base, base
	liked.Key, liked.Helpful = "z-liked", 5
	disliked.Key, disliked.Harmful = "a-disliked", 5
	got := Rank([]Skill{disliked, liked}, "deploy staging", Options{Now: now})
	if got[0].Skill.Key != "z-liked" {
		t.Errorf("helpful skill should outrank harmful one: %v", got)
	}
	// Feedback reorders a close match in the corpus: pdf-forms says "pdf"
	// once more (in its body) and leads for "pdf" until it is reported
	// harmful and pdf-extract helpful.
	skills := corpus()
	before := names(Rank(skills, "pdf", Options{Now: now}))
	skills[0].Helpful = 4
	skills[1].Harmful = 4
	after := names(Rank(skills, "pdf", Options{Now: now}))
	if before[0] != "pdf-forms" || after[0] != "pdf-extract" {
		t.Errorf("feedback did not reorder: before %v after %v", before, after)
	}
}

func TestFeedbackBounds(t *testing.T) {
	if got := Feedback(0, 0); got != 1 {
		t.Errorf("neutral = %v", got)
	}
	if got := Feedback(3, 3); got != 1 {
		t.Errorf("balanced = %v", got)
	}
	for _, c := range [][2]int{{1 << 40, 0}, {0, 1 << 40}, {-5, -5}, {7, 2}} {
		f := Feedback(c[0], c[1])
		if !(f >= 0.5 && f <= 1.5) {
			t.Errorf("Feedback%v = %v out of bounds", c, f)
		}
	}
	if !(Feedback(2, 0) > Feedback(1, 0) && Feedback(0, 2) < Feedback(0, 1)) {
		t.Error("feedback must be monotone")
	}
}

func TestRankOrderIndependentOfInput(t *testing.T) {
	a := corpus()
	b := slices.Clone(a)
	slices.Reverse(b)
	for _, q := range []string{"pdf", "", "website", "token"} {
		if x, y := names(Rank(a, q, Options{Now: now})), names(Rank(b, q, Options{Now: now})); !slices.Equal(x, y) {
			t.Errorf("%q: %v vs %v", q, x, y)
		}
	}
}
