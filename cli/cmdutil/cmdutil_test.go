package cmdutil

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// A piped command prints JSON with --json and plain text without: no
// escape sequence reaches a file, and the text builder is not called for
// JSON.
func TestAnswerIsJSONOrPlainText(t *testing.T) {
	var out bytes.Buffer
	f := &Factory{Stdout: &out, Theme: func() string { return "dark" }}
	m := &lorev1.WhoAmIResponse{User: "ada", Role: "curator"}
	if err := f.PrintAnswer(true, m, func(*strings.Builder) { t.Fatal("text built for --json") }); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "\"user\": \"ada\"") || !strings.HasSuffix(got, "}\n") {
		t.Errorf("JSON answer = %q", got)
	}
	out.Reset()
	err := f.PrintAnswer(false, m, func(b *strings.Builder) {
		b.WriteString(f.Styles().Heading.Render("ada") + "\n")
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "ada\n" {
		t.Errorf("piped text = %q, want plain \"ada\\n\"", got)
	}
}

// Argument mistakes are usage errors (exit 2) that name the command and
// what it wants.
func TestArgumentMistakesAreUsageErrors(t *testing.T) {
	root := &cobra.Command{Use: "lore"}
	group := &cobra.Command{Use: "skills", Args: NoArgs, RunE: func(*cobra.Command, []string) error { return nil }}
	group.AddCommand(&cobra.Command{Use: "search", Run: func(*cobra.Command, []string) {}})
	show := &cobra.Command{Use: "show", Args: ExactArgs(1, "one primitive ID")}
	root.AddCommand(group, show)

	var usage *core.UsageError
	err := group.Args(group, []string{"serch"})
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), `did you mean search?`) {
		t.Errorf("mistyped subcommand: %v", err)
	}
	err = show.Args(show, nil)
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), "lore show needs one primitive ID (got 0 arguments)") {
		t.Errorf("missing argument: %v", err)
	}
	if err := show.Args(show, []string{"x"}); err != nil {
		t.Errorf("one argument refused: %v", err)
	}
}

// Through the API a flag that means nothing there is refused by name,
// and the ones that work are listed.
func TestOnlyFlagsRefusesTheOthers(t *testing.T) {
	cmd := &cobra.Command{Use: "rank"}
	cmd.Flags().Int("top", 0, "")
	cmd.Flags().String("by", "", "")
	if err := cmd.Flags().Parse([]string{"--top", "3"}); err != nil {
		t.Fatal(err)
	}
	if err := OnlyFlags(cmd, "top"); err != nil {
		t.Errorf("an allowed flag refused: %v", err)
	}
	if err := cmd.Flags().Parse([]string{"--by", "reach"}); err != nil {
		t.Fatal(err)
	}
	err := OnlyFlags(cmd, "top")
	if err == nil || !strings.Contains(err.Error(), "--by: not available through lore's API") || !strings.Contains(err.Error(), "takes --top there") {
		t.Errorf("refusal = %v", err)
	}
}

// Call hands fn the factory's service and its context, and returns the
// service's error without calling fn.
func TestCallUsesTheFactorysService(t *testing.T) {
	type key struct{}
	f := &Factory{Service: func(ctx context.Context) (context.Context, api.Service, error) {
		return context.WithValue(ctx, key{}, "caller"), nil, nil
	}}
	got, err := Call(f, context.Background(), func(ctx context.Context, _ api.Service) (string, error) {
		return ctx.Value(key{}).(string), nil
	})
	if err != nil || got != "caller" {
		t.Errorf("Call = %q, %v", got, err)
	}
	f.Service = func(ctx context.Context) (context.Context, api.Service, error) {
		return ctx, nil, errors.New("no store")
	}
	_, err = Call(f, context.Background(), func(context.Context, api.Service) (int, error) {
		t.Fatal("fn called without a service")
		return 0, nil
	})
	if err == nil || err.Error() != "no store" {
		t.Errorf("Call error = %v", err)
	}
}

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"graph", 5, "graph"},
		{"graphs", 5, "grap…"},
		{"línea  de\n texto", 9, "línea de…"},
	} {
		if got := TruncateRunes(c.in, c.n); got != c.want {
			t.Errorf("TruncateRunes(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
	if Plural(1) != "" || Plural(0) != "s" || Plural(2) != "s" {
		t.Error("Plural")
	}
}
