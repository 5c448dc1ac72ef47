package owner

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestWhoNamesTheOwner: the socket is the owner's alone, a second owner
// is refused, and any number of processes asking at once are told the
// kind and pid the owner was started with.
func TestWhoNamesTheOwner(t *testing.T) {
	dir := t.TempDir()
	if _, err := Dial(dir); !errors.Is(err, ErrNoOwner) {
		t.Fatalf("Dial with no owner: %v, want ErrNoOwner", err)
	}
	s, err := Listen(dir, Owner{Kind: "lore serve", PID: 4242})
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
	if _, err := Listen(dir, Owner{}); !errors.Is(err, ErrOwned) {
		t.Fatalf("a second owner: %v, want ErrOwned", err)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			c, err := Dial(dir)
			if err != nil {
				t.Error(err)
				return
			}
			who, err := c.Who()
			if err != nil || who != (Owner{Kind: "lore serve", PID: 4242}) {
				t.Errorf("Who = %+v, %v; want lore serve, pid 4242", who, err)
			}
		})
	}
	wg.Wait()
}

// TestOtherFramesAreRefused: the socket answers nothing but who it is; a
// command line sent there (an older lore's) is refused with a reason.
func TestOtherFramesAreRefused(t *testing.T) {
	dir := t.TempDir()
	s, err := Listen(dir, Owner{Kind: "lore serve"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c, err := dialLocal(SocketPath(dir), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := writeFrame(c, 'R', []byte(`{"args": ["rank"]}`)); err != nil {
		t.Fatal(err)
	}
	kind, p, err := readFrame(frameReader(c))
	if err != nil || kind != kRefused || len(p) == 0 {
		t.Fatalf("a request frame: kind %q %q %v, want a refusal", kind, p, err)
	}
}
