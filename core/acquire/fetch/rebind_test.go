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
	"github.com/lore-kb/lore/internal/dnstest"
)

// secretServer is a page on 127.0.0.1 no web source may reach, counting
// the requests it gets, whatever their path.
func secretServer(t *testing.T) (port int, hits *atomic.Int64) {
	t.Helper()
	hits = new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "ADMIN-SECRET")
	}))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().(*net.TCPAddr).Port, hits
}

// rebinding answers a public address to a name's first A query and
// 127.0.0.1 to every later one.
func rebinding(name string, qtype uint16, n int) []netip.Addr {
	if qtype != dnstest.TypeA {
		return nil
	}
	if n == 0 {
		return []netip.Addr{netip.MustParseAddr("203.0.113.7")}
	}
	return []netip.Addr{netip.MustParseAddr("127.0.0.1")}
}

// outsideRefused dials only the loopback interface, and records every
// address asked: no test packet leaves the machine, and the test sees
// where the guard sent the connection.
type outsideRefused struct {
	mu     sync.Mutex
	dialed []string
}

func (o *outsideRefused) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	o.mu.Lock()
	o.dialed = append(o.dialed, addr)
	o.mu.Unlock()
	host, _, _ := net.SplitHostPort(addr)
	if a, err := netip.ParseAddr(host); err == nil && a.Unmap().IsLoopback() {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	return nil, errors.New("the test's network reaches no other machine")
}

// TestRebindingNameIsResolvedOnce: a name whose DNS server answers a
// public address first and 127.0.0.1 after is asked once per fetch, and
// the connection goes to that first, checked, address: the page on
// 127.0.0.1 is never requested, by the person's lore or by a server
// fetching for a client.
func TestRebindingNameIsResolvedOnce(t *testing.T) {
	port, hits := secretServer(t)
	dns := dnstest.Start(t, rebinding)
	for _, remote := range []bool{false, true} {
		name := fmt.Sprintf("rebind-%v.test", remote)
		var out outsideRefused
		_, err := Get(context.Background(), fmt.Sprintf("http://%s:%d/admin/secret", name, port),
			Options{Resolver: dns.Resolver(), Dial: out.dial, Remote: remote, Timeout: 5 * time.Second})
		if err == nil {
			t.Fatalf("remote %v: the fetch succeeded", remote)
		}
		if n := dns.Queries(name, dnstest.TypeA); n != 1 {
			t.Errorf("remote %v: %s was asked %d times for its address, want once", remote, name, n)
		}
		if want := []string{fmt.Sprintf("203.0.113.7:%d", port)}; fmt.Sprint(out.dialed) != fmt.Sprint(want) {
			t.Errorf("remote %v: dialled %v, want only the address checked %v", remote, out.dialed, want)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the page on 127.0.0.1 was requested %d times", n)
	}
}

// TestRemoteFetchReachesNoLocalAddress: fetching for a client on the
// network, the URL's own loopback address or name is refused as a
// redirect to one is, the IPv6 forms carrying it included, and the
// refusal says what was refused and why without the address a name
// resolved to or the resolver's address.
func TestRemoteFetchReachesNoLocalAddress(t *testing.T) {
	port, hits := secretServer(t)
	dns := dnstest.Start(t, func(name string, qtype uint16, n int) []netip.Addr {
		switch {
		case name == "inside.test" && qtype == dnstest.TypeA:
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}
		case name == "inside6.test" && qtype == dnstest.TypeAAAA:
			return []netip.Addr{netip.MustParseAddr("64:ff9b::7f00:1")}
		}
		return nil
	})
	get := func(u string) error {
		_, err := Get(context.Background(), u, Options{Resolver: dns.Resolver(), Remote: true, Timeout: 5 * time.Second})
		return err
	}
	for _, c := range []struct{ url, want string }{
		{fmt.Sprintf("http://127.0.0.1:%d/admin/secret", port), fmt.Sprintf("refused connection to 127.0.0.1:%d: loopback address", port)},
		{fmt.Sprintf("http://[::127.0.0.1]:%d/admin/secret", port), "loopback address"},
		{fmt.Sprintf("http://[::ffff:127.0.0.1]:%d/admin/secret", port), "loopback address"},
		{fmt.Sprintf("http://[64:ff9b::7f00:1]:%d/admin/secret", port), "loopback address"},
		{fmt.Sprintf("http://inside.test:%d/admin/secret", port), fmt.Sprintf("refused connection to inside.test:%d: it resolves to a loopback address (lore does not fetch from its own network for a client on the network)", port)},
		{fmt.Sprintf("http://inside6.test:%d/admin/secret", port), fmt.Sprintf("refused connection to inside6.test:%d: it resolves to a loopback address", port)},
		{"http://nowhere.test/a.md", "cannot resolve nowhere.test: no such host"},
	} {
		err := get(c.url)
		var ie *core.InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, c.want) {
			t.Errorf("%s: err %v, want an InputError saying %q", c.url, err, c.want)
			continue
		}
		// A DNS error names the resolver's address ("lookup x on
		// 10.0.0.2:53: no such host"): the system's, not the test's.
		for _, inside := range []string{"127.0.0.1", "7f00:1", dns.Addr(), ":53", "lookup nowhere"} {
			// An address the client wrote is theirs to hear again.
			if strings.Contains(err.Error(), inside) && !strings.Contains(c.url, inside) {
				t.Errorf("%s: the refusal %q names %s", c.url, err, inside)
			}
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the page on 127.0.0.1 was requested %d times", n)
	}
}

// TestRemoteRedirectsStayOutside: fetching for a client on the network, a
// public page's redirect into the local network is refused, by address,
// by name or by an IPv6 form carrying an IPv4 address, and a name's
// refusal does not say the address it resolved to.
func TestRemoteRedirectsStayOutside(t *testing.T) {
	f, hits := newFakeNet(t)
	for _, c := range []struct{ target, want string }{
		{"127.0.0.1/internal", "refused redirect to 127.0.0.1: loopback address"},
		{"10.1.2.3/internal", "refused redirect to 10.1.2.3: private address"},
		{"[::ffff:7f00:1]/internal", "loopback address"},
		{"[::127.0.0.1]/internal", "loopback address"},
		{"[64:ff9b::a9fe:a9fe]/latest/meta-data/", "cloud metadata address"},
		{"255.255.255.255/internal", "broadcast address"},
		{"internal.example/internal", "refused redirect to internal.example: it resolves to a private address (lore does not fetch from its own network for a client on the network)"},
		{"nat64.example/internal", "refused redirect to nat64.example: it resolves to a loopback address"},
		{"localhost/internal", "refused redirect to localhost: it resolves to a loopback address"},
		{"zero.example/internal", "refused redirect to zero.example: it resolves to an unspecified address"},
	} {
		_, err := Get(context.Background(), "http://public.example/to/"+c.target, Options{Resolver: f, Dial: f.dial, Remote: true, Timeout: 5 * time.Second})
		var ie *core.InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, c.want) {
			t.Errorf("%s: err %v, want an InputError saying %q", c.target, err, c.want)
		} else if strings.Contains(c.target, ".example") || c.target == "localhost/internal" {
			for _, inside := range []string{"10.1.2.3", "127.0.0.1", "7f00:1"} {
				if strings.Contains(err.Error(), inside) {
					t.Errorf("%s: the refusal %q names %s", c.target, err, inside)
				}
			}
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the internal answer was served %d times", n)
	}
	for _, a := range f.dialed {
		if host, _, _ := net.SplitHostPort(a); host != "203.0.113.10" {
			t.Errorf("dialed %s", a)
		}
	}
}

// TestTransportKeepsTheRule: the transport lent to another client (a git
// clone's) connects as Get does: a redirect into the local network is
// refused at its connection, and a rebinding name is asked once.
func TestTransportKeepsTheRule(t *testing.T) {
	f, hits := newFakeNet(t)
	var calls atomic.Int64
	r := resolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		if host == "rebind.example" {
			if calls.Add(1) == 1 {
				return []netip.Addr{netip.MustParseAddr("203.0.113.99")}, nil
			}
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		}
		return f.LookupNetIP(ctx, network, host)
	})
	c := &http.Client{Transport: Transport(context.Background(), "http://public.example/", Options{Resolver: r, Dial: f.dial, Remote: true})}
	for _, target := range []string{"127.0.0.1/internal", "localhost/internal", "[::127.0.0.1]/internal"} {
		resp, err := c.Get("http://public.example/to/" + target)
		if err == nil {
			resp.Body.Close()
			t.Errorf("the redirect to %s was followed: %s", target, resp.Status)
		} else if !strings.Contains(err.Error(), "loopback address") {
			t.Errorf("the redirect to %s: %v, want a refusal naming a loopback address", target, err)
		}
	}
	for range 2 { // each on a connection of its own
		req, _ := http.NewRequest(http.MethodGet, "http://rebind.example/page", nil)
		req.Close = true
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("rebind.example was resolved %d times, want once", n)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the internal answer was served %d times", n)
	}
	for _, a := range f.dialed {
		if host, _, _ := net.SplitHostPort(a); host != "203.0.113.10" && host != "203.0.113.99" {
			t.Errorf("dialed %s", a)
		}
	}
}
