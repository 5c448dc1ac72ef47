package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
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
	broadcast   addrClass = "broadcast address"
)

var (
	cgnat            = netip.MustParsePrefix("100.64.0.0/10")
	thisNetwork      = netip.MustParsePrefix("0.0.0.0/8")
	limitedBroadcast = netip.MustParseAddr("255.255.255.255")
	metadataAddrs    = []netip.Addr{netip.MustParseAddr("169.254.169.254"), netip.MustParseAddr("fd00:ec2::254"), netip.MustParseAddr("100.100.100.200")}

	// The IPv6 forms that carry an IPv4 address, which a host, a NAT64
	// gateway or a tunnel may deliver to that IPv4 address: they are
	// judged by it (see embeddedIPv4).
	v4Compatible = netip.MustParsePrefix("::/96")           // ::a.b.c.d (deprecated, still routed by some stacks)
	v4Translated = netip.MustParsePrefix("::ffff:0:0:0/96") // ::ffff:0:a.b.c.d (SIIT)
	nat64        = netip.MustParsePrefix("64:ff9b::/96")    // well-known NAT64 prefix
	nat64Local   = netip.MustParsePrefix("64:ff9b:1::/48")  // local-use NAT64 prefixes
	sixToFour    = netip.MustParsePrefix("2002::/16")       // 6to4: the IPv4 address in bits 16-47
	teredo       = netip.MustParsePrefix("2001::/32")       // Teredo: the client's IPv4 address, inverted, in the last 32 bits
)

// embeddedIPv4 is the IPv4 address an IPv6 address carries by one of the
// forms above, if it carries one. IPv4-mapped addresses (::ffff:a.b.c.d)
// are unmapped before this is asked.
func embeddedIPv4(a netip.Addr) (netip.Addr, bool) {
	if !a.Is6() {
		return netip.Addr{}, false
	}
	b := a.As16()
	last := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	switch {
	case v4Compatible.Contains(a), v4Translated.Contains(a), nat64.Contains(a):
		return last, true
	case nat64Local.Contains(a):
		// RFC 6052: with a /48 prefix the address straddles the reserved
		// byte 8, in bytes 6, 7, 9 and 10.
		return netip.AddrFrom4([4]byte{b[6], b[7], b[9], b[10]}), true
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	case teredo.Contains(a):
		return netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]}), true
	}
	return netip.Addr{}, false
}

// classify says which class of non-public address a is, or public. An
// IPv6 address carrying an IPv4 one is of the IPv4 address's class: a
// page cannot reach 127.0.0.1 by writing it as [::127.0.0.1] or
// [64:ff9b::7f00:1].
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
	case a.IsUnspecified(), thisNetwork.Contains(a):
		return unspecified
	case a.IsLinkLocalUnicast():
		return linkLocal
	case a.IsPrivate():
		return private
	case cgnat.Contains(a):
		return shared
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return multicast
	case a == limitedBroadcast:
		return broadcast
	}
	if v4, ok := embeddedIPv4(a); ok {
		return classify(v4)
	}
	return public
}

// LocalNetwork says which part of the local network a is in ("loopback
// address", "private address", "cloud metadata address"…), or "" for a
// public address: the classes a web source may not reach, IPv6 forms
// carrying an IPv4 address judged by that address.
func LocalNetwork(a netip.Addr) string { return string(classify(a)) }

// WithArticle is class, a kind of address LocalNetwork names, after its
// indefinite article: "a loopback address", "an unspecified address".
func WithArticle(class string) string {
	if class != "" && strings.ContainsRune("aeiou", rune(class[0])) {
		return "an " + class
	}
	return "a " + class
}

// guardError is a refusal by the web source rule.
type guardError struct{ msg string }

func (e *guardError) Error() string { return e.msg }

// guard applies the web source rule to one request and its redirects.
type guard struct {
	resolver Resolver
	// remote refuses every local-network class, the user's own URL's
	// included, and keeps the addresses a name resolved to and the
	// resolver's own address out of the messages (Options.Remote).
	remote bool
	// allowed is the class of the user's own address, public when it was
	// a public one.
	allowed map[addrClass]bool
	mu      sync.Mutex
	// proxies are the proxy addresses the environment configured: a proxy
	// on the local network is the user's choice, not the page's.
	proxies map[string]bool
	// resolved holds each host's addresses as first resolved: the
	// addresses checked are the addresses dialled, so a name that answers
	// a public address and then a private one (DNS rebinding) is asked
	// once and connected to where its first answer said.
	resolved map[string]resolution
}

// resolution is one host's answer.
type resolution struct {
	addrs []netip.Addr
	err   error
}

func newGuard(r Resolver, remote bool) *guard {
	if r == nil {
		r = net.DefaultResolver
	}
	return &guard{resolver: r, remote: remote, allowed: map[addrClass]bool{}, proxies: map[string]bool{},
		resolved: map[string]resolution{}}
}

// pin records addrs as host's answer, resolved and checked by the caller.
func (g *guard) pin(host string, addrs []netip.Addr) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.resolved[hostKey(host)] = resolution{addrs: addrs}
}

func hostKey(host string) string {
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
}

// lookup resolves host, a literal address resolving to itself, once for
// the whole request: a later lookup of the same host (the connection
// after the check, a redirect back to it) gets the same answer.
func (g *guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	host = hostKey(host)
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	g.mu.Lock()
	r, ok := g.resolved[host]
	g.mu.Unlock()
	if ok {
		return r.addrs, r.err
	}
	addrs, err := g.resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err // not an answer: a later lookup may get one
		}
		err = g.lookupError(host, err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if r, ok := g.resolved[host]; ok { // a concurrent lookup answered first
		return r.addrs, r.err
	}
	g.resolved[host] = resolution{addrs, err}
	return addrs, err
}

// lookupError is a failed lookup as the user hears it: for a remote
// client, without the resolver's address the resolver's error names.
func (g *guard) lookupError(host string, err error) error {
	if !g.remote {
		return err
	}
	return &guardError{fmt.Sprintf("cannot resolve %s: %s", host, LookupFailure(err))}
}

// LookupFailure says in words why a lookup failed ("no such host"),
// without the resolver's address that a *net.DNSError names: a client on
// the network hears why, not where the server asks.
func LookupFailure(err error) string {
	var de *net.DNSError
	switch {
	case !errors.As(err, &de):
	case de.IsNotFound:
		return "no such host"
	case de.IsTimeout:
		return "the lookup timed out"
	case de.IsTemporary:
		return "the lookup failed for now (try again later)"
	}
	return "the name does not resolve"
}

// allowUser records the classes of the user's own URL's addresses. A name
// that does not resolve allows nothing; the request then fails at its
// connection with the resolver's own error. A remote client's URL allows
// nothing either.
func (g *guard) allowUser(ctx context.Context, u *url.URL) {
	if g.remote {
		return
	}
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

const (
	beyond       = "(lore does not follow a web source into the local network)"
	beyondRemote = "(lore does not fetch from its own network for a client on the network)"
)

// refused is the message of a refusal to go to target, a host or
// host:port whose host resolved to a of class c. A remote client hears
// the class of the address but not the address a name resolved to: the
// server's network is not theirs to map.
func (g *guard) refused(what, target, host string, a netip.Addr, c addrClass) error {
	_, err := netip.ParseAddr(hostKey(host))
	named := err != nil // a name, not an address written out
	if g.remote {
		if named {
			return &guardError{fmt.Sprintf("refused %s %s: it resolves to %s %s", what, target, WithArticle(string(c)), beyondRemote)}
		}
		return &guardError{fmt.Sprintf("refused %s %s: %s %s", what, target, c, beyondRemote)}
	}
	if named {
		target += " (" + a.String() + ")"
	}
	return &guardError{fmt.Sprintf("refused %s %s: %s %s", what, target, c, beyond)}
}

// checkRedirect refuses a redirect whose host resolves to a refused
// address. The connection check would refuse it too; this one names the
// redirect, which is what the user needs to hear. Its answer is the one
// the connection then uses.
func (g *guard) checkRedirect(ctx context.Context, u *url.URL) error {
	addrs, err := g.lookup(ctx, u.Hostname())
	if err != nil {
		return nil //nolint:nilerr // the connection reports the lookup failure
	}
	for _, a := range addrs {
		if c := g.refusal(a); c != public {
			return g.refused("redirect to", u.Host, u.Hostname(), a, c)
		}
	}
	return nil
}

// dialContext dials the allowed addresses of addr's host in turn, as the
// host's one lookup gave them (see lookup), and never a refused one: the
// address connected to is the address checked, for the first request and
// every redirect.
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
		var refusedAddr netip.Addr
		refused := public
		var firstErr error
		for _, a := range addrs {
			if c := g.refusal(a); c != public {
				if refused == public {
					refused, refusedAddr = c, a
				}
				continue
			}
			conn, err := dial(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
			if err == nil {
				return conn, nil
			}
			if firstErr == nil {
				firstErr = err
			}
		}
		if firstErr != nil {
			if g.remote && ctx.Err() == nil {
				return nil, g.dialError(addr, firstErr)
			}
			return nil, firstErr
		}
		if refused != public {
			return nil, g.refused("connection to", addr, host, refusedAddr, refused)
		}
		return nil, fmt.Errorf("%s has no address", host)
	}
}

// dialError is a failed connection as a remote client hears it: named by
// the host they asked for, with the system's reason but not the address
// dialled.
func (g *guard) dialError(addr string, err error) error {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		err = oe.Err
		var se *os.SyscallError
		if errors.As(err, &se) {
			err = se.Err
		}
	}
	if isTimeout(err) {
		return &dialFailure{msg: fmt.Sprintf("cannot connect to %s: the connection timed out", addr), err: err}
	}
	return &dialFailure{msg: fmt.Sprintf("cannot connect to %s: %v", addr, err), err: err}
}

// dialFailure keeps the cause's timeout for the caller's checks while
// showing only its message.
type dialFailure struct {
	msg string
	err error
}

func (e *dialFailure) Error() string { return e.msg }
func (e *dialFailure) Unwrap() error { return e.err }

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
					return nil, g.refused("connection to", req.URL.Host, req.URL.Hostname(), a, c)
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
