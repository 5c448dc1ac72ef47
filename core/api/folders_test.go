package api_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestWorkspacesKeepTheirOwnFolders: two workspaces' skills of one name
// are written to folders of their own on the serving machine, so that
// an agent reading the SKILL.md an activation points to reads its own
// workspace's. (Only a caller on this machine is given the place.)
func TestWorkspacesKeepTheirOwnFolders(t *testing.T) {
	e := apitest.New(t, false)
	const marker = "zebracrossing"
	e.AddUser("ann", access.Admin, "alpha")
	e.AddUser("bob", access.Admin, "beta")
	places := map[string]string{}
	for user, extra := range map[string]string{"ann": "", "bob": " " + marker} {
		ctx, svc := e.As(user)
		key := propose(t, ctx, svc, &lorev1.ProposeSkillRequest{Name: "rotate-logs", Description: rotateDesc + extra,
			Instructions: rotateSteps + extra}).GetKey()
		publish(t, e, user, key)
		if _, err := svc.AllowSkill(ctx, &lorev1.AllowSkillRequest{Name: key, Consumer: "claude-code"}); err != nil {
			t.Fatal(err)
		}
		act, err := svc.ActivateSkill(ctx, &lorev1.ActivateSkillRequest{Name: key, Consumer: "claude-code"})
		if err != nil || act.GetLocation() == "" {
			t.Fatalf("%s's activation: %v, %v", user, err, act)
		}
		places[user] = act.GetLocation()
	}
	if places["ann"] == places["bob"] {
		t.Fatalf("both workspaces' skill is at %s", places["ann"])
	}
	b, err := os.ReadFile(places["ann"])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), marker) || !strings.Contains(string(b), "rotate") {
		t.Errorf("alpha's SKILL.md at %s holds beta's: %s", places["ann"], b)
	}
}
