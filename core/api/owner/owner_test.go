package owner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// echo is a handler that prints its arguments, copies its input to its
// output and exits with the number of arguments; "wait" waits for the
// context and exits 130.
func echo(ctx context.Context, req Request, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(req.Args) > 0 && req.Args[0] == "wait" {
		<-ctx.Done()
		fmt.Fprintln(stderr, "interrupted")
		return 130
	}
	fmt.Fprintln(stdout, strings.Join(req.Args, " "))
	if _, err := io.Copy(stdout, stdin); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return len(req.Args)
}

func TestRequestsRunInTheOwner(t *testing.T) {
	dir := t.TempDir()
	if _, err := Dial(dir); !errors.Is(err, ErrNoOwner) {
		t.Fatalf("Dial with no owner: %v, want ErrNoOwner", err)
	}
	s, err := Listen(dir, Owner{}, echo)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if runtime.GOOS != "windows" { // a pipe's access list stands for the mode there
		fi, err := os.Stat(s.Path())
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("socket %v mode %v, want 0600", err, fi)
		}
	}
	if _, err := Listen(dir, Owner{}, echo); !errors.Is(err, ErrOwned) {
		t.Fatalf("a second owner: %v, want ErrOwned", err)
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			c, err := Dial(dir)
			if err != nil {
				t.Error(err)
				return
			}
			var out, errb bytes.Buffer
			code, err := c.Run(context.Background(), Request{Args: []string{"rank", fmt.Sprint(i)}}, strings.NewReader("input\n"), &out, &errb)
			if err != nil || code != 2 || out.String() != fmt.Sprintf("rank %d\ninput\n", i) {
				t.Errorf("request %d: code %d, %v, out %q", i, code, err, out.String())
			}
		})
	}
	wg.Wait()
}

func TestInterruptReachesTheCommand(t *testing.T) {
	dir := t.TempDir()
	s, err := Listen(dir, Owner{}, echo)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c, err := Dial(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	var out, errb bytes.Buffer
	code, err := c.Run(ctx, Request{Args: []string{"wait"}}, nil, &out, &errb)
	if err != nil || code != 130 || errb.String() != "interrupted\n" {
		t.Fatalf("interrupted request: code %d, %v, stderr %q", code, err, errb.String())
	}
}

// TestWhoNamesTheOwner: a process that asks is told the kind and pid the
// owner was started with, and the owner keeps serving requests after.
func TestWhoNamesTheOwner(t *testing.T) {
	dir := t.TempDir()
	s, err := Listen(dir, Owner{Kind: "lore serve", PID: 4242}, echo)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c, err := Dial(dir)
	if err != nil {
		t.Fatal(err)
	}
	who, err := c.Who()
	if err != nil || who != (Owner{Kind: "lore serve", PID: 4242}) {
		t.Fatalf("Who = %+v, %v; want lore serve, pid 4242", who, err)
	}
	if _, err := Dial(dir); err != nil {
		t.Errorf("the owner stopped answering after Who: %v", err)
	}
}
