package fetch

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
)

// Resolver looks up a host's addresses. *net.Resolver implements it; tests
// inject their own so that a name can look public while the connection
// stays on the loopback address.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DialFunc opens a connection to addr ("ip:port"), an address the guard
// has already checked.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// addrClass is the kind of a non-public address. The web source rule:
// lore neither follows a redirect nor connects to an address of one of
// these classes, unless the URL the user gave was itself of that class
// (a literal address, or a name resolving to it, such as localhost for a
// development server). The allowance is for that one class only: a page on
// 127.0.0.1 still cannot send lore to the cloud metadata service.
type addrClass string

const (
	public      addrClass = ""
	loopback    addrClass = "loopback address"
	private     addrClass = "private address"
	linkLocal   addrClass = "link-local address"
	metadata    addrClass = "cloud metadata address"
	unspecified addrClass = "unspecified address"
	shared      addrClass = "carrier-grade NAT address"
	multicast   addrClass = "multicast address"
)

var (
	cgnat         = netip.MustParsePrefix("100.64.0.0/10")
	metadataAddrs = []netip.Addr{netip.MustParseAddr("169.254.169.254"), netip.MustParseAddr("fd00:ec2::254"), netip.MustParseAddr("100.100.100.200")}
)

// classify says which class of non-public address a is, or public.
func classify(a netip.Addr) addrClass {
	a = a.Unmap()
	for _, m := range metadataAddrs {
		if a == m {
			return metadata
		}
	}
	switch {
	case a.IsLoopback():
		return loopback
	case a.IsUnspecified():
		return unspecified
	case a.IsLinkLocalUnicast():
		return linkLocal
	case a.IsPrivate():
		return private
	case cgnat.Contains(a):
		return shared
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return multicast
	}
	return public
}

// guardError is a refusal by the web source rule.
type guardError struct{ msg string }

func (e *guardError) Error() string { return e.msg }

// guard applies the web source rule to one request and its redirects.
type guard struct {
	resolver Resolver
	// allowed is the class of the user's own address, public when it was
	// a public one.
	allowed map[addrClass]bool
	// proxies are the proxy addresses the environment configured: a proxy
	// on the local network is the user's choice, not the page's.
	mu      sync.Mutex
	proxies map[string]bool
}

func newGuard(r Resolver) *guard {
	if r == nil {
		r = net.DefaultResolver
	}
	return &guard{resolver: r, allowed: map[addrClass]bool{}, proxies: map[string]bool{}}
}

// lookup resolves host, a literal address resolving to itself.
func (g *guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	return g.resolver.LookupNetIP(ctx, "ip", host)
}

// allowUser records the classes of the user's own URL's addresses. A name
// that does not resolve allows nothing; the request then fails at its
// connection with the resolver's own error.
func (g *guard) allowUser(ctx context.Context, u *url.URL) {
	addrs, err := g.lookup(ctx, u.Hostname())
	if err != nil {
		return
	}
	for _, a := range addrs {
		if c := classify(a); c != public {
			g.allowed[c] = true
		}
	}
}

// refusal is the reason an address may not be reached, or "".
func (g *guard) refusal(a netip.Addr) addrClass {
	c := classify(a)
	if c == public || g.allowed[c] {
		return public
	}
	return c
}

const beyond = "(lore does not follow a web source into the local network)"

// checkRedirect refuses a redirect whose host resolves to a refused
// address. The connection check would refuse it too; this one names the
// redirect, which is what the user needs to hear.
func (g *guard) checkRedirect(ctx context.Context, u *url.URL) error {
	addrs, err := g.lookup(ctx, u.Hostname())
	if err != nil {
		return nil //nolint:nilerr // the connection reports the lookup failure
	}
	for _, a := range addrs {
		if c := g.refusal(a); c != public {
			target := u.Host
			if target != a.String() && u.Hostname() != a.String() {
				target += " (" + a.String() + ")"
			}
			return &guardError{fmt.Sprintf("refused redirect to %s: %s %s", target, c, beyond)}
		}
	}
	return nil
}

// dialContext resolves addr's host, drops the refused addresses and dials
// the others in turn, so that a name re-pointed at the local network after
// the redirect check (DNS rebinding) is still refused.
func (g *guard) dialContext(dial DialFunc) DialFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if g.isProxy(addr) {
			return dial(ctx, network, addr)
		}
		addrs, err := g.lookup(ctx, host)
		if err != nil {
			return nil, err
		}
		var refused addrClass
		var firstErr error
		for _, a := range addrs {
			if c := g.refusal(a); c != public {
				if refused == public {
					refused = c
				}
				continue
			}
			conn, err := dial(ctx, network, net.JoinHostPort(a.String(), port))
			if err == nil {
				return conn, nil
			}
			if firstErr == nil {
				firstErr = err
			}
		}
		if firstErr != nil {
			return nil, firstErr
		}
		if refused != public {
			target := addr
			if len(addrs) > 0 && host != addrs[0].String() {
				target += " (" + addrs[0].String() + ")"
			}
			return nil, &guardError{fmt.Sprintf("refused connection to %s: %s %s", target, refused, beyond)}
		}
		return nil, fmt.Errorf("%s has no address", host)
	}
}

// proxy wraps the environment's proxy choice: the proxy's own address is
// allowed at the connection, and since a proxy resolves the target itself,
// the target's name is checked here instead.
func (g *guard) proxy(choose func(*http.Request) (*url.URL, error)) func(*http.Request) (*url.URL, error) {
	return func(req *http.Request) (*url.URL, error) {
		p, err := choose(req)
		if err != nil || p == nil {
			return p, err
		}
		addrs, lerr := g.lookup(req.Context(), req.URL.Hostname())
		if lerr == nil {
			for _, a := range addrs {
				if c := g.refusal(a); c != public {
					return nil, &guardError{fmt.Sprintf("refused connection to %s: %s %s", req.URL.Host, c, beyond)}
				}
			}
		}
		port := p.Port()
		if port == "" {
			port = "80"
			if p.Scheme == "https" {
				port = "443"
			}
		}
		g.mu.Lock()
		g.proxies[net.JoinHostPort(p.Hostname(), port)] = true
		g.mu.Unlock()
		return p, nil
	}
}

func (g *guard) isProxy(addr string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.proxies[addr]
}
