package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
)

// fakeNet is the injected resolver and dialer of the local-network tests:
// names resolve to whatever addresses the test says, and every dial, to
// whatever address, lands on the one test server on 127.0.0.1. The guard
// judges the resolver's answer; no packet leaves the loopback interface.
type fakeNet struct {
	srv   *httptest.Server
	names map[string][]string
	mu    sync.Mutex
	// dialed lists the addresses the guard let through.
	dialed []string
}

func (f *fakeNet) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, s := range f.names[host] {
		out = append(out, netip.MustParseAddr(s))
	}
	if len(out) == 0 {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return out, nil
}

func (f *fakeNet) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	f.mu.Lock()
	f.dialed = append(f.dialed, addr)
	f.mu.Unlock()
	var d net.Dialer
	return d.DialContext(ctx, network, f.srv.Listener.Addr().String())
}

// newFakeNet starts the test server: /internal is the answer no web source
// may reach; the /to-* pages redirect to it by the addresses and names of
// the table.
func newFakeNet(t *testing.T) (*fakeNet, *atomic.Int64) {
	t.Helper()
	var secretHits atomic.Int64
	f := &fakeNet{}
	mux := http.NewServeMux()
	mux.HandleFunc("/internal", func(w http.ResponseWriter, r *http.Request) {
		secretHits.Add(1)
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "INTERNAL-ANSWER")
	})
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "public page")
	})
	mux.HandleFunc("/to/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+strings.TrimPrefix(r.URL.Path, "/to/"), http.StatusFound)
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	f.names = map[string][]string{
		"public.example":   {"203.0.113.10"},
		"other.example":    {"198.51.100.7"},
		"internal.example": {"10.1.2.3"},
		"meta.example":     {"169.254.169.254"},
		"cgnat.example":    {"100.64.0.9"},
		"v6local.example":  {"fe80::1"},
		"mapped.example":   {"::ffff:127.0.0.1"},
		"nat64.example":    {"64:ff9b::7f00:1"},
		"localhost":        {"127.0.0.1"},
		"zero.example":     {"0.0.0.0"},
	}
	return f, &secretHits
}

func TestRedirectIntoLocalNetworkIsRefused(t *testing.T) {
	f, hits := newFakeNet(t)
	port := f.srv.Listener.Addr().(*net.TCPAddr).Port
	get := func(u string) (*Result, error) {
		return Get(context.Background(), u, Options{Resolver: f, Dial: f.dial, Timeout: 5 * time.Second})
	}
	for _, c := range []struct {
		start, target string
		want          string
	}{
		{"http://public.example/to/", fmt.Sprintf("127.0.0.1:%d/internal", port),
			fmt.Sprintf("refused redirect to 127.0.0.1:%d: loopback address (lore does not follow a web source into the local network)", port)},
		{"http://public.example/to/", "169.254.169.254/latest/meta-data/", "refused redirect to 169.254.169.254: cloud metadata address"},
		{"http://public.example/to/", "[::1]/internal", "refused redirect to [::1]: loopback address"},
		{"http://public.example/to/", "0.0.0.0/internal", "refused redirect to 0.0.0.0: unspecified address"},
		{"http://public.example/to/", "192.168.1.1/internal", "refused redirect to 192.168.1.1: private address"},
		{"http://public.example/to/", "internal.example/internal", "refused redirect to internal.example (10.1.2.3): private address"},
		{"http://public.example/to/", "meta.example/internal", "refused redirect to meta.example (169.254.169.254): cloud metadata address"},
		{"http://public.example/to/", "cgnat.example/internal", "carrier-grade NAT address"},
		{"http://public.example/to/", "v6local.example/internal", "link-local address"},
		{"http://public.example/to/", "mapped.example/internal", "loopback address"},
		{"http://public.example/to/", "localhost/internal", "refused redirect to localhost (127.0.0.1): loopback address"},
		// IPv6 forms carrying an IPv4 address are judged by it.
		{"http://public.example/to/", fmt.Sprintf("[::127.0.0.1]:%d/internal", port), "refused redirect to [::127.0.0.1]:" + fmt.Sprint(port) + ": loopback address"},
		{"http://public.example/to/", fmt.Sprintf("[64:ff9b::7f00:1]:%d/internal", port), "refused redirect to [64:ff9b::7f00:1]:" + fmt.Sprint(port) + ": loopback address"},
		{"http://public.example/to/", "[64:ff9b:1:7f00:0:100::]/internal", "loopback address"},
		{"http://public.example/to/", "[::ffff:169.254.169.254]/internal", "cloud metadata address"},
		{"http://public.example/to/", "[::ffff:0:a01:203]/internal", "private address"},
		{"http://public.example/to/", "[64:ff9b::a9fe:a9fe]/latest/meta-data/", "cloud metadata address"},
		{"http://public.example/to/", "[2002:c0a8:101::1]/internal", "private address"},                      // 6to4 of 192.168.1.1
		{"http://public.example/to/", "[2001:0:4136:e378:8000:63bf:80ff:fffe]/internal", "loopback address"}, // Teredo, client 127.0.0.1
		{"http://public.example/to/", "[::0.0.0.7]/internal", "unspecified address"},
		{"http://public.example/to/", "nat64.example/internal", "refused redirect to nat64.example (64:ff9b::7f00:1): loopback address"},
		// The user's own loopback address allows loopback, not the rest of
		// the local network.
		{fmt.Sprintf("http://127.0.0.1:%d/to/", port), "169.254.169.254/latest/meta-data/", "refused redirect to 169.254.169.254: cloud metadata address"},
		{"http://localhost/to/", "10.0.0.1/internal", "refused redirect to 10.0.0.1: private address"},
	} {
		_, err := get(c.start + c.target)
		var ie *core.InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, c.want) {
			t.Errorf("%s%s: err %v, want an InputError saying %q", c.start, c.target, err, c.want)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the internal answer was served %d times", n)
	}
	for _, a := range f.dialed {
		if host, _, _ := net.SplitHostPort(a); host != "203.0.113.10" && host != "127.0.0.1" {
			t.Errorf("dialed %s", a)
		}
	}
}

// TestConnectionGoesWhereTheCheckSaid: a name that was public when the
// redirect was checked and points at the metadata service afterwards (DNS
// rebinding) is asked once: the connection goes to the public address
// checked, never to the second answer.
func TestConnectionGoesWhereTheCheckSaid(t *testing.T) {
	f, hits := newFakeNet(t)
	var calls atomic.Int64
	r := resolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		if host == "rebind.example" {
			if calls.Add(1) == 1 {
				return []netip.Addr{netip.MustParseAddr("203.0.113.99")}, nil
			}
			return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
		}
		return f.LookupNetIP(ctx, network, host)
	})
	if _, err := Get(context.Background(), "http://public.example/to/rebind.example/internal", Options{Resolver: r, Dial: f.dial, Timeout: 5 * time.Second}); err != nil {
		t.Fatalf("the redirect to the name checked public: %v", err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("rebind.example was resolved %d times, want once", n)
	}
	for _, a := range f.dialed {
		if host, _, _ := net.SplitHostPort(a); host != "203.0.113.10" && host != "203.0.113.99" {
			t.Errorf("dialed %s, an address no check saw", a)
		}
	}
	// A public name is fetched as ever.
	_, err := Get(context.Background(), "http://public.example/internal", Options{Resolver: resolverFunc(func(context.Context, string, string) ([]netip.Addr, error) {
		return []netip.Addr{netip.MustParseAddr("203.0.113.10")}, nil
	}), Dial: f.dial, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatalf("public start: %v", err)
	}
	if n := hits.Load(); n != 2 {
		t.Errorf("internal answer served %d times, want the two public requests' 2", n)
	}
}

type resolverFunc func(ctx context.Context, network, host string) ([]netip.Addr, error)

func (r resolverFunc) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	return r(ctx, network, host)
}

func TestPublicRedirectsAndOwnAddressesAreFollowed(t *testing.T) {
	f, _ := newFakeNet(t)
	port := f.srv.Listener.Addr().(*net.TCPAddr).Port
	for _, u := range []string{
		"http://public.example/to/other.example/page",
		fmt.Sprintf("http://127.0.0.1:%d/to/127.0.0.1:%d/internal", port, port),
		fmt.Sprintf("http://localhost:%d/to/localhost:%d/internal", port, port),
		"http://internal.example/to/10.9.9.9/internal", // the user's own private network
	} {
		res, err := Get(context.Background(), u, Options{Resolver: f, Dial: f.dial, Timeout: 5 * time.Second})
		if err != nil {
			t.Errorf("%s: %v", u, err)
			continue
		}
		if len(res.Body) == 0 {
			t.Errorf("%s: empty body", u)
		}
	}
}

func TestHeaderTimeoutMessageStatesTheRealTimeout(t *testing.T) {
	srv, _ := newServer(t)
	_, err := Get(context.Background(), srv.URL+"/hang", Options{Timeout: 4 * time.Second, HeaderTimeout: 300 * time.Millisecond})
	var ie *core.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("err %v, want an InputError", err)
	}
	if want := "got no response headers within the 300ms header timeout"; !strings.Contains(ie.Msg, want) || strings.Contains(ie.Msg, "4s") {
		t.Errorf("message %q, want it to say %q and not name the 4s overall timeout", ie.Msg, want)
	}
	if DefaultHeaderTimeout >= DefaultTimeout {
		t.Errorf("the header timeout %s is not shorter than the overall %s", DefaultHeaderTimeout, DefaultTimeout)
	}
}

func TestErrorsDoNotShowCredentials(t *testing.T) {
	srv, _ := newServer(t)
	u := strings.Replace(srv.URL, "http://", "http://alice:hunter2pass@", 1) + "/missing?api_key=sk9f8e7d6c5b4a&page=1"
	_, err := Get(context.Background(), u, Options{})
	if err == nil {
		t.Fatal("no error for a 404")
	}
	for _, secret := range []string{"hunter2pass", "sk9f8e7d6c5b4a"} {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("error shows %s: %v", secret, err)
		}
	}
}
