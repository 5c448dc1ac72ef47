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
	s, err := Listen(dir, echo)
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
	if _, err := Listen(dir, echo); !errors.Is(err, ErrOwned) {
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
	s, err := Listen(dir, echo)
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

func TestTCPNeedsTheToken(t *testing.T) {
	s, err := Listen(t.TempDir(), echo)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.ServeTCP("127.0.0.1:0", nil, nil); err == nil {
		t.Fatal("a listener without a token check was opened")
	}
	addr, err := s.ServeTCP("127.0.0.1:0", SharedToken("0123456789abcdef-team"), nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := DialTCP(addr.String(), "wrong-token-0123456789", nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := c.Run(context.Background(), Request{Args: []string{"x"}}, nil, &out, io.Discard); !errors.As(err, new(*RefusedError)) {
		t.Fatalf("wrong token: %v, want a refusal", err)
	}
	c, err = DialTCP(addr.String(), "0123456789abcdef-team", nil)
	if err != nil {
		t.Fatal(err)
	}
	code, err := c.Run(context.Background(), Request{Args: []string{"x"}}, nil, &out, io.Discard)
	if err != nil || code != 1 || out.String() != "x\n" {
		t.Fatalf("right token: code %d, %v, %q", code, err, out.String())
	}
}

// With users, the server lets a request in as the token's user, whatever
// the client says it is; a refused token is refused without saying why.
func TestTCPLetsInTheTokensUser(t *testing.T) {
	s, err := Listen(t.TempDir(), func(_ context.Context, req Request, _ io.Reader, stdout, _ io.Writer) int {
		_, _ = io.WriteString(stdout, req.User+"\n")
		return 0
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	addr, err := s.ServeTCP("127.0.0.1:0", func(token string) (string, error) {
		if token == "lore_ada" {
			return "ada", nil
		}
		return "", errors.New("bob's token was revoked yesterday")
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := DialTCP(addr.String(), "lore_ada", nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code, err := c.Run(context.Background(), Request{Args: []string{"x"}, User: "root"}, nil, &out, io.Discard); err != nil || code != 0 || out.String() != "ada\n" {
		t.Fatalf("let in as %q (code %d, %v), want ada", out.String(), code, err)
	}
	c, err = DialTCP(addr.String(), "lore_bob", nil)
	if err != nil {
		t.Fatal(err)
	}
	var refused *RefusedError
	if _, err := c.Run(context.Background(), Request{Args: []string{"x"}}, nil, io.Discard, io.Discard); !errors.As(err, &refused) || strings.Contains(err.Error(), "bob") {
		t.Fatalf("a refused token: %v", err)
	}
}
