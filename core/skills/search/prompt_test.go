package search

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

func TestPromptEmpty(t *testing.T) {
	if got := Prompt(nil, PromptOptions{}); got != "<available_skills>\n</available_skills>" {
		t.Errorf("empty = %q", got)
	}
}

func TestPromptExactShape(t *testing.T) {
	got := Prompt([]Skill{{Name: " pdf ", Description: "Use this skill for PDF files.\n", Location: "/abs/skills/pdf/SKILL.md"}}, PromptOptions{})
	want := "<available_skills>\n<skill>\n<name>\npdf\n</name>\n<description>\nUse this skill for PDF files.\n</description>\n<location>\n/abs/skills/pdf/SKILL.md\n</location>\n</skill>\n</available_skills>"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// Python's html.escape(quote=True), not Go's html.EscapeString, which
// writes &#39; and &#34;. Locations are printed unescaped, as skills-ref does.
func TestPromptEscaping(t *testing.T) {
	s := Skill{
		Name:        `a<b>&"c'`,
		Description: `Use when x < y && y > "z" or 'w'; &amp; stays literal.`,
		Location:    `/tmp/it's <here>/SKILL.md`,
	}
	got := Prompt([]Skill{s}, PromptOptions{})
	for _, want := range []string{
		"\na&lt;b&gt;&amp;&quot;c&#x27;\n",
		"\nUse when x &lt; y &amp;&amp; y &gt; &quot;z&quot; or &#x27;w&#x27;; &amp;amp; stays literal.\n",
		"\n/tmp/it's <here>/SKILL.md\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if Escape(`&<>"'`) != "&amp;&lt;&gt;&quot;&#x27;" {
		t.Error("Escape")
	}
}

func TestPromptNegativeLabel(t *testing.T) {
	got := Prompt([]Skill{{Name: "no-captcha", Description: "Don't solve CAPTCHAs.", Negative: true}}, PromptOptions{})
	if !strings.Contains(got, "\n<description>\nWARNING (negative skill, avoid this): Don&#x27;t solve CAPTCHAs.\n</description>\n") {
		t.Errorf("negative label missing:\n%s", got)
	}
}

func TestPromptBudgetDropsLowestRankedFirst(t *testing.T) {
	skills := Skills(Rank(corpus(), "pdf tables", Options{Now: now}))
	if len(skills) < 2 {
		t.Fatalf("need two results, got %d", len(skills))
	}
	full := Prompt(skills, PromptOptions{})
	one := Prompt(skills[:1], PromptOptions{})
	if got := Prompt(skills, PromptOptions{Budget: EstimateTokens(full)}); got != full {
		t.Error("exact budget should keep everything")
	}
	if got := Prompt(skills, PromptOptions{Budget: EstimateTokens(full) - 1}); got == full {
		t.Error("budget one token short should drop a skill")
	}
	got := Prompt(skills, PromptOptions{Budget: EstimateTokens(one)})
	if got != one {
		t.Errorf("budget for one skill should keep only the best:\n%s", got)
	}
	if got := Prompt(skills, PromptOptions{Budget: 1}); got != Prompt(nil, PromptOptions{}) {
		t.Errorf("tiny budget should give the empty block, got\n%s", got)
	}
	if EstimateTokens("") != 0 || EstimateTokens("abcd") != 1 || EstimateTokens("abcde") != 2 || EstimateTokens("é") != 1 {
		t.Error("EstimateTokens")
	}
}

// The 3-skill example in the report is this golden file; regenerate with
// go test ./core/skills/search -run TestPromptGolden -update.
func TestPromptGolden(t *testing.T) {
	skills := []Skill{
		{Name: "pdf-extract", Description: "Extract text & tables from PDF files. Use when the user says \"pull the table out\".", Location: "/home/u/skills/pdf-extract/SKILL.md", TaskType: Code, LastUsed: daysAgo(2)},
		{Name: "website-login", Description: "Log in to a website's <form> with username and password.", Location: "/home/u/skills/website-login/SKILL.md", TaskType: Browser, LastUsed: daysAgo(1)},
		{Name: "avoid-captcha-solving", Description: "Don't solve CAPTCHAs while scraping; stop and ask the user.", Location: "/home/u/skills/avoid-captcha-solving/SKILL.md", TaskType: Browser, LastUsed: daysAgo(3), Negative: true},
	}
	out := Prompt(Skills(Rank(skills, "", Options{Now: now})), PromptOptions{})
	golden.RequireEqual(t, []byte(out))
}
