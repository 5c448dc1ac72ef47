package skillspec

import (
	"strings"
	"testing"
)

func resourceWarnings(t *testing.T, md string, res ...Resource) []string {
	t.Helper()
	var out []string
	for _, p := range CheckResources([]byte(md), res) {
		if !p.Warning || p.Category != CatResources {
			t.Fatalf("not a resources warning: %+v", p)
		}
		out = append(out, p.Message)
	}
	return out
}

const skillHead = "---\nname: demo\ndescription: \"Does a thing. Use when a thing is needed.\"\n---\n"

func TestCheckResourcesDeadLink(t *testing.T) {
	md := skillHead + "# Demo\n\nSee [the guide](references/guide.md) and [setup](references/setup.md#install),\n" +
		"![diagram](assets/flow.png), [the site](https://example.org/x.md), [top](#demo),\n" +
		"and [outside](../other/SKILL.md).\n\n```\n[not a link](missing.md)\n```\n"
	got := resourceWarnings(t, md,
		Resource{Path: "references/guide.md", Content: []byte("# Guide\n\nBack to [setup](setup.md).\n")})
	want := []string{
		"SKILL.md links to assets/flow.png, which the skill does not hold",
		"SKILL.md links to references/setup.md#install, which the skill does not hold",
		"references/guide.md links to setup.md, which the skill does not hold",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCheckResourcesUnmentionedFile(t *testing.T) {
	md := skillHead + "# Demo\n\nRun `scripts/run.sh`, then read [the guide](references/guide.md).\n"
	got := resourceWarnings(t, md,
		Resource{Path: "scripts/run.sh", Content: []byte("#!/bin/sh\n. ./helper.sh\n")},
		Resource{Path: "scripts/helper.sh", Content: []byte("echo hi\n")}, // named by run.sh
		Resource{Path: "references/guide.md", Content: []byte("# Guide\n")},
		Resource{Path: "assets/logo.png", Content: []byte("\x89PNG\x00\x00")},
		Resource{Path: "notes/old.md", Content: []byte("mentions logo.png\n")},
	)
	// logo.png is named by notes/old.md, which nothing names.
	want := []string{"notes/old.md is bundled with the skill but nothing in the skill mentions it"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got %q want %q", got, want)
	}
}

func TestCheckResourcesCleanSkill(t *testing.T) {
	md := skillHead + "# Demo\n\nThe list is in [references/primitives.md](references/primitives.md).\n"
	if got := resourceWarnings(t, md, Resource{Path: "references/primitives.md", Content: []byte("# list\n")}); len(got) != 0 {
		t.Fatalf("warnings on a whole skill: %q", got)
	}
	if got := resourceWarnings(t, md+"[self](SKILL.md) [enc](references/primitives%2Emd)\n",
		Resource{Path: "references/primitives.md"}); len(got) != 0 {
		t.Fatalf("warnings on links to SKILL.md or an encoded path: %q", got)
	}
}
