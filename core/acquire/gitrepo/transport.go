package gitrepo

import (
	"context"
	"net/http"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/transport/client"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"
)

// go-git chooses the client of a URL scheme process-wide. Clone's
// Options.HTTP is one clone's own, so lore installs, once, a client for
// http and https whose transport hands each request to the transport its
// clone's context carries, or else to a plain one like go-git's own.

type transportKey struct{}

var installHTTP sync.Once

// byContext carries a request on the transport its context names.
type byContext struct{ plain http.RoundTripper }

func (b byContext) RoundTrip(req *http.Request) (*http.Response, error) {
	if rt, ok := req.Context().Value(transportKey{}).(http.RoundTripper); ok {
		return rt.RoundTrip(req)
	}
	return b.plain.RoundTrip(req)
}

// withTransport returns ctx carrying rt for the clone's http and https
// requests.
func withTransport(ctx context.Context, rt http.RoundTripper) context.Context {
	installHTTP.Do(func() {
		c := githttp.NewClient(&http.Client{Transport: byContext{plain: http.DefaultTransport}})
		client.InstallProtocol("http", c)
		client.InstallProtocol("https", c)
	})
	return context.WithValue(ctx, transportKey{}, rt)
}
