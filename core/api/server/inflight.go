package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1/lorev1connect"
)

// DefaultInFlight is the default of Options.InFlight: the request bytes
// one user may have under way at once, 32 MiB.
const DefaultInFlight = 32 << 20

// maxMessage is the largest request message a call reads but an
// upload's: a skills zip (ImportSkills) is the largest one sent.
const maxMessage = 4 << 20

// MaxRequest is the longest request body of a call but an upload, in
// bytes: one message, in an envelope of 5 bytes on gRPC and gRPC-Web
// (on Connect, compressed or not, a body over its message's bound is
// refused anyway). One declaring no length counts as this long.
const MaxRequest = maxMessage + 5

// budget bounds the request bytes each user has under way, across all
// their calls and connections: Connect reads a call's request whole into
// memory (its buffer doubling as it grows, so about twice what arrived)
// before the call runs, and a client that stops sending keeps it there
// until Options.Body ends the call. A bound per call or per connection
// bounds nothing: a client opens more.
type budget struct {
	max  int64
	mu   sync.Mutex
	used map[string]int64
}

func newBudget(maxBytes int64) *budget {
	return &budget{max: maxBytes, used: map[string]int64{}}
}

// take adds n bytes to who's bytes under way, unless they would pass the
// bound; it says what who had under way before.
func (b *budget) take(who string, n int64) (had int64, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	had = b.used[who]
	if had+n > b.max {
		return had, false
	}
	b.used[who] = had + n
	return had, true
}

// give takes n bytes off who's bytes under way.
func (b *budget) give(who string, n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if left := b.used[who] - n; left > 0 {
		b.used[who] = left
	} else {
		delete(b.used, who)
	}
}

// meteredKey carries a request's meteredBody, for the upload to settle
// it chunk by chunk.
type meteredKey struct{}

// metered lets a request in as far as its user's budget goes, before
// a byte of it is read: one declaring more than its call reads is
// refused; one declaring its length holds that much of the budget, and
// one declaring none the most its call reads (Connect reads up to that
// into memory, whatever it turns out to be: the Connect clients, lore's
// among them, declare the length of all but an upload); one that would
// pass the budget is refused. What it holds is given back as it ends
// (the request read whole, closed, or its call over). An upload's
// document may be 64 MiB: it is counted as it is read, chunk by chunk,
// whatever it declares.
func (a authInterceptor) metered(w http.ResponseWriter, r *http.Request, next http.Handler) {
	c, _ := api.CallerFrom(r.Context())
	who := c.Workspace + "/" + c.User
	method := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
	refuse := func(err error) {
		a.logLine("refused", r.URL.Path, r.RemoteAddr, fmt.Errorf("%s (%s, %s): %w", c.User, c.Role, c.Workspace, err))
		refuseUnread(w, r, connect.NewError(connect.CodeResourceExhausted, err))
	}
	var prepaid int64
	if n := r.ContentLength; n != 0 && r.URL.Path != lorev1connect.LoreServiceUploadProcedure {
		this := fmt.Sprintf("this one's %d bytes", n)
		switch {
		case n > MaxRequest:
			refuse(fmt.Errorf("the request is %d bytes, more than %s reads (%d MiB)", n, method, maxMessage>>20))
			return
		case n < 0:
			n = MaxRequest
			this = fmt.Sprintf("this one, declaring no length, counts as the %d bytes %s may read", n, method)
		}
		if had, ok := a.budget.take(who, n); !ok {
			refuse(a.budget.over(had, this))
			return
		}
		prepaid = n
	}
	m := &meteredBody{ReadCloser: r.Body, budget: a.budget, who: who, held: prepaid, prepaid: prepaid,
		line: func(verb string, err error) {
			a.logLine(verb, r.URL.Path, r.RemoteAddr, fmt.Errorf("%s (%s, %s): %w", c.User, c.Role, c.Workspace, err))
		}}
	defer m.release()
	r.Body = m
	next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), meteredKey{}, m)))
}

// over is the refusal of a request (this says what it adds) to a user
// who had had bytes under way.
func (b *budget) over(had int64, this string) error {
	return fmt.Errorf("the user's requests under way hold %d bytes, and %s would pass the %d (%d MiB) one user may have under way at once: send it again once some have ended",
		had, this, b.max, b.max>>20)
}

// meteredBody is a request's body counted against its user's budget.
type meteredBody struct {
	io.ReadCloser
	budget *budget
	who    string
	// line logs why the request failed as it was read: the call fails
	// inside Connect's read, before any interceptor logs it.
	line func(verb string, err error)

	mu sync.Mutex
	// held is what the request holds of its user's budget, of which
	// prepaid (taken as it was let in) is not read yet.
	held, prepaid int64
	// failed is the error the request failed with as it was read.
	failed error
	// over is set once the call is: what is read after counts no more.
	ended bool
}

func (m *meteredBody) Read(p []byte) (int, error) {
	m.mu.Lock()
	failed := m.failed
	m.mu.Unlock()
	if failed != nil {
		return 0, failed
	}
	// Not under m.mu: the read waits on the client, and the call may
	// end (release) meanwhile.
	n, err := m.ReadCloser.Read(p)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ended {
		return n, err
	}
	if more := int64(n) - m.prepaid; more > 0 {
		// Counted once arrived: taking room for p before the read
		// would keep it from the user's other calls for as long as
		// this client stays silent.
		if had, ok := m.budget.take(m.who, more); !ok {
			m.failed = connect.NewError(connect.CodeResourceExhausted, m.budget.over(had, fmt.Sprintf("the next %d bytes of this one", more)))
			m.line("refused", m.failed)
			return 0, m.failed
		}
		m.held += more
		m.prepaid = 0
	} else {
		m.prepaid -= int64(n)
	}
	switch {
	case errors.Is(err, io.EOF):
		m.give()
	case connect.CodeOf(err) == connect.CodeDeadlineExceeded:
		m.failed = err
		m.line("cut off", err)
	}
	return n, err
}

// give gives back what the request holds; m.mu is held.
func (m *meteredBody) give() {
	m.budget.give(m.who, m.held)
	m.held, m.prepaid = 0, 0
}

// release gives back what the request holds: its call is over.
func (m *meteredBody) release() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.give()
	m.ended = true
}

func (m *meteredBody) Close() error {
	m.release()
	return m.ReadCloser.Close()
}

// settle gives back what the request has read so far, its messages
// decoded: an upload holds only the chunk it is reading.
func (m *meteredBody) settle() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.budget.give(m.who, m.held-m.prepaid)
	m.held = m.prepaid
}

// meteredFrom is the request's meteredBody, nil for a call not let in by
// admit (the owner's socket).
func meteredFrom(ctx context.Context) *meteredBody {
	m, _ := ctx.Value(meteredKey{}).(*meteredBody)
	return m
}
