// Package fetch downloads one web resource for lore: http and https only, a
// bounded number of redirects (never to another scheme), timeouts on every
// phase plus an overall deadline that also covers a slow body, a size cap
// enforced while reading, and a media type taken from the Content-Type
// header but corrected by sniffing the bytes when the header is missing,
// generic or contradicted by them. Every failure is a *core.InputError whose
// Input is the URL asked for, its credentials taken out.
//
// A web source cannot reach into the local network: a redirect to, or a
// connection (after DNS resolution) to, a loopback, private, link-local,
// cloud metadata, unspecified or carrier-grade NAT address, or an IPv6
// address carrying one, is refused, unless the URL the user gave was
// itself such an address, and then only addresses of that same class are
// allowed (see addrClass); for a client on the network (Options.Remote)
// none is. Each host is resolved once per fetch, and the addresses
// checked are the addresses connected to.
package fetch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
)

// Defaults of Options.
const (
	DefaultTimeout = 30 * time.Second
	// DefaultHeaderTimeout is how long the server may take to send its
	// response headers once the request is sent.
	DefaultHeaderTimeout = 20 * time.Second
	DefaultMaxBytes      = 50 << 20
	DefaultMaxRedirects  = 5
	DefaultUserAgent     = "lore (+https://github.com/lore-kb/lore)"
)

// Options tune Get. Zero fields take their defaults.
type Options struct {
	// Timeout is the overall deadline of the request, body included;
	// 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxBytes caps the body; 0 means DefaultMaxBytes.
	MaxBytes int64
	// MaxRedirects caps the redirects followed; 0 means DefaultMaxRedirects,
	// a negative value allows none.
	MaxRedirects int
	// Client, when set, is used instead of lore's own client (its Transport
	// and Jar are kept; its CheckRedirect and Timeout are replaced).
	Client *http.Client
	// UserAgent is sent in the User-Agent header; "" means DefaultUserAgent.
	UserAgent string
	// HeaderTimeout bounds the wait for the response headers (capped by
	// Timeout); 0 means DefaultHeaderTimeout.
	HeaderTimeout time.Duration
	// Resolver resolves host names for the local-network rule and the
	// connection; nil means the system resolver. With Client, only
	// redirects are checked (the connections are the client's).
	Resolver Resolver
	// Dial connects to an address the rule has allowed; nil means a plain
	// net.Dialer. Not used with Client.
	Dial DialFunc
	// Remote fetches for a client on the network (a team server's): no
	// local-network address is reached, not even one the URL names
	// itself, and the errors name neither the address a name resolved to
	// nor the resolver's. Through a proxy the environment names, the
	// proxy resolves the name again: the check is of lore's own answer.
	Remote bool
	// Resolved, when set, are the addresses of the URL's host as the
	// caller resolved and checked them: the fetch connects to these and
	// does not ask the resolver again (a second answer could differ).
	Resolved []netip.Addr
	// Progress, when set, is told how many bytes of the body have been
	// read and how many the response announced (-1 when it did not), as
	// the body arrives: every progressStep bytes and once at its end.
	Progress func(read, total int64)
}

// progressStep is how often, in bytes, Options.Progress hears of a body
// being read: often enough for a bar to move on a slow line, rarely
// enough not to flood it on a fast one.
const progressStep = 64 << 10

// progressReader reports the bytes read through it to fn.
type progressReader struct {
	r           io.Reader
	fn          func(read, total int64)
	read, total int64
	last        int64
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.read += int64(n)
	if p.read-p.last >= progressStep || (err == io.EOF && p.read != p.last) {
		p.last = p.read
		p.fn(p.read, p.total)
	}
	return n, err
}

// Result is a fetched resource.
type Result struct {
	// URL is the final URL, after redirects, as it was requested
	// (credentials included: redact.URL it before showing or storing it).
	URL string
	// MediaType is the resource's MIME type without parameters, e.g.
	// "text/html".
	MediaType string
	Body      []byte
	// SHA256 is the hex digest of Body.
	SHA256 string
}

type redirectError struct{ msg string }

func (e *redirectError) Error() string { return e.msg }

// Get fetches rawURL. The context's cancellation is honoured at every phase.
func Get(ctx context.Context, rawURL string, opts Options) (*Result, error) {
	// shown is the URL as errors name it: never with its credentials.
	shown := redact.URL(rawURL)
	fail := func(format string, args ...any) error {
		return &core.InputError{Input: shown, Msg: fmt.Sprintf(format, args...)}
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, &core.InputError{Input: shown, Msg: "not a valid URL: " + strings.TrimPrefix(err.Error(), "parse "+quoteURL(rawURL)+": "), Err: err, Usage: true}
	}
	if !webScheme(u.Scheme) {
		if u.Scheme == "" {
			return nil, fail("not a web address (no scheme); only http and https URLs can be fetched")
		}
		return nil, fail("unsupported URL scheme %q; only http and https URLs can be fetched", u.Scheme)
	}
	if u.Host == "" {
		return nil, fail("the URL has no host")
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	maxBytes := opts.MaxBytes
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	maxRedirects := opts.MaxRedirects
	if maxRedirects == 0 {
		maxRedirects = DefaultMaxRedirects
	} else if maxRedirects < 0 {
		maxRedirects = 0
	}
	ua := opts.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}

	headerTimeout := opts.HeaderTimeout
	if headerTimeout <= 0 {
		headerTimeout = DefaultHeaderTimeout
	}
	headerTimeout = min(headerTimeout, timeout)

	g := newGuard(opts.Resolver, opts.Remote)
	if len(opts.Resolved) > 0 {
		g.pin(u.Hostname(), opts.Resolved)
	}
	lookupCtx, lookupDone := context.WithTimeout(ctx, timeout)
	g.allowUser(lookupCtx, u)
	lookupDone()
	var client http.Client
	if opts.Client != nil {
		client = *opts.Client
	} else {
		client.Transport = newTransport(timeout, headerTimeout, g, opts.Dial)
	}
	client.Timeout = 0 // the context deadline below covers the whole exchange
	client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if !webScheme(req.URL.Scheme) {
			return &redirectError{fmt.Sprintf("refused a redirect to %s: only http and https URLs can be fetched", req.URL.Redacted())}
		}
		if len(via) > maxRedirects {
			return &redirectError{fmt.Sprintf("stopped after %d redirects (the limit is %d)", len(via)-1, maxRedirects)}
		}
		if err := g.checkRedirect(req.Context(), req.URL); err != nil {
			return err
		}
		req.Header.Set("User-Agent", ua)
		return nil
	}

	reqCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(reqCtx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &core.InputError{Input: shown, Msg: "cannot build the request: " + err.Error(), Err: err}
	}
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/pdf,text/plain;q=0.9,*/*;q=0.8")

	// why reports a transport or body error in one sentence.
	why := func(stage string, err error) error {
		var re *redirectError
		var ge *guardError
		switch {
		case errors.As(err, &re):
			return &core.InputError{Input: shown, Msg: re.msg, Err: err}
		case errors.As(err, &ge):
			// The refusal alone, not the dial error around it: it is no
			// transient failure that a retry could get past.
			return &core.InputError{Input: shown, Msg: ge.msg, Err: ge}
		case errors.Is(ctx.Err(), context.Canceled):
			return &core.InputError{Input: shown, Msg: stage + " was cancelled", Err: ctx.Err()}
		case ctx.Err() != nil:
			return &core.InputError{Input: shown, Msg: stage + " hit the caller's deadline (timeout)", Err: ctx.Err()}
		case reqCtx.Err() == nil && isHeaderTimeout(err):
			return &core.InputError{Input: shown, Msg: fmt.Sprintf("%s got no response headers within the %s header timeout", stage, headerTimeout), Err: err}
		case reqCtx.Err() != nil || isTimeout(err):
			return &core.InputError{Input: shown, Msg: fmt.Sprintf("%s hit the %s timeout", stage, timeout), Err: err}
		}
		return &core.InputError{Input: shown, Msg: stage + " failed: " + unwrapURLError(err).Error(), Err: err}
	}

	resp, err := client.Do(req)
	if err != nil {
		return nil, why("the request", err)
	}
	defer resp.Body.Close()
	final := resp.Request.URL.String()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		text := strings.TrimSpace(strings.TrimPrefix(resp.Status, fmt.Sprint(resp.StatusCode)))
		if text == "" {
			text = http.StatusText(resp.StatusCode)
		}
		msg := strings.TrimSpace(fmt.Sprintf("HTTP %d %s", resp.StatusCode, text))
		if final != u.String() {
			msg += " (at " + redact.URL(final) + ")"
		}
		return nil, fail("%s", msg)
	}
	if resp.ContentLength > maxBytes {
		return nil, fail("the response is %s, larger than the %s limit", size(resp.ContentLength), size(maxBytes))
	}
	var src io.Reader = resp.Body
	if opts.Progress != nil {
		opts.Progress(0, resp.ContentLength)
		src = &progressReader{r: resp.Body, fn: opts.Progress, total: resp.ContentLength}
	}
	body, err := io.ReadAll(io.LimitReader(src, maxBytes+1))
	if err != nil {
		return nil, why("reading the response", err)
	}
	if int64(len(body)) > maxBytes {
		return nil, fail("the response is larger than the %s limit", size(maxBytes))
	}
	sum := sha256.Sum256(body)
	return &Result{
		URL:       final,
		MediaType: MediaType(resp.Header.Get("Content-Type"), body),
		Body:      body,
		SHA256:    hex.EncodeToString(sum[:]),
	}, nil
}

func webScheme(s string) bool {
	return strings.EqualFold(s, "http") || strings.EqualFold(s, "https")
}

func quoteURL(s string) string { return fmt.Sprintf("%q", s) }

func newTransport(timeout, headerTimeout time.Duration, g *guard, dial DialFunc) *http.Transport {
	phase := func(d time.Duration) time.Duration { return min(d, timeout) }
	if dial == nil {
		dial = (&net.Dialer{
			Timeout:   phase(10 * time.Second),
			KeepAlive: 30 * time.Second,
		}).DialContext
	}
	return &http.Transport{
		Proxy:                 g.proxy(http.ProxyFromEnvironment),
		DialContext:           g.dialContext(dial),
		TLSHandshakeTimeout:   phase(10 * time.Second),
		ResponseHeaderTimeout: headerTimeout,
		ExpectContinueTimeout: time.Second,
		IdleConnTimeout:       30 * time.Second,
		MaxIdleConns:          4,
		ForceAttemptHTTP2:     true,
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}

// isHeaderTimeout recognises the transport's ResponseHeaderTimeout, whose
// error type net/http does not export.
func isHeaderTimeout(err error) bool {
	return err != nil && strings.Contains(err.Error(), "timeout awaiting response headers")
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return ue.Err
	}
	return err
}

// size formats a byte count: "50.0 MiB", "12.5 KiB", "100 bytes".
func size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// MediaType decides a body's MIME type (lower case, no parameters): the
// declared Content-Type when it is specific and consistent with the bytes,
// otherwise what the bytes say.
func MediaType(contentType string, body []byte) string {
	declared := ""
	if contentType != "" {
		if mt, _, err := mime.ParseMediaType(contentType); err == nil {
			declared = strings.ToLower(mt)
		} else {
			declared = strings.ToLower(strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0]))
		}
	}
	sniffed := Sniff(body)
	switch declared {
	case "", "application/octet-stream", "binary/octet-stream", "application/unknown", "application/x-unknown", "unknown/unknown", "application/force-download", "application/download":
		return sniffed
	}
	switch sniffed {
	case "application/pdf":
		if declared != "application/pdf" {
			return sniffed // a PDF served as anything else is still a PDF
		}
	case "application/zip", "application/gzip":
		if strings.HasPrefix(declared, "text/") {
			return sniffed // zip-based formats keep their specific type
		}
	}
	return declared
}

// Sniff guesses a body's MIME type from its bytes, lower case without
// parameters.
func Sniff(body []byte) string {
	switch {
	case bytes.HasPrefix(body, []byte("%PDF-")):
		return "application/pdf"
	case bytes.HasPrefix(body, []byte("PK\x03\x04")):
		return "application/zip"
	case bytes.HasPrefix(body, []byte("\x1f\x8b")):
		return "application/gzip"
	}
	head := body[:min(len(body), 512)]
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n\f")
	lower := bytes.ToLower(head)
	for _, p := range []string{"<!doctype html", "<html"} {
		if bytes.HasPrefix(lower, []byte(p)) {
			return "text/html"
		}
	}
	ct := http.DetectContentType(body)
	if mt, _, err := mime.ParseMediaType(ct); err == nil {
		return mt
	}
	return ct
}

// Transport is an http.RoundTripper for another client than Get's (a git
// clone's) that connects as Get does: under the web source rule, each host
// resolved once and only the addresses checked dialled, redirects
// included, with opts' Resolver, Remote, Resolved and Dial; rawURL is the
// URL the user gave, whose address's class the rule allows unless Remote.
// Its timeouts are Get's defaults, Timeout capping them; the caller bounds
// the whole exchange with its request's context.
func Transport(ctx context.Context, rawURL string, opts Options) http.RoundTripper {
	g := newGuard(opts.Resolver, opts.Remote)
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if u, err := url.Parse(rawURL); err == nil && u.Hostname() != "" {
		if len(opts.Resolved) > 0 {
			g.pin(u.Hostname(), opts.Resolved)
		}
		lookupCtx, done := context.WithTimeout(ctx, timeout)
		g.allowUser(lookupCtx, u)
		done()
	}
	return newTransport(timeout, min(DefaultHeaderTimeout, timeout), g, opts.Dial)
}
