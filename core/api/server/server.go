// Package server serves an api.Service to the network: the Connect
// protocol (and gRPC, and plain HTTP with JSON for scripts) over TLS,
// every call carrying a user's token, which says who calls, with which
// role, in which workspace. The service itself checks the role of each
// call and keeps it in the caller's workspace (package local); the server
// only lets in whom a token names and keeps slow or silent clients from
// holding anything.
package server

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/lorev1/lorev1connect"
)

// Authenticator says who a token belongs to. An error refuses the call;
// the client is told only that its token was refused, not whether it was
// unknown, revoked or expired (that would help a guesser).
type Authenticator func(ctx context.Context, token string) (access.User, error)

// Options configure the server.
type Options struct {
	// MaxUpload bounds one uploaded document, in bytes (0: 64 MiB).
	MaxUpload int64
	// Idle is how long a client may stay silent within a call that reads
	// from it (an upload) before the call is ended (0: 30 s).
	Idle time.Duration
	// Body is how long a call's request may take to arrive once its
	// headers have (0: 1 min): a client that stops sending it is cut off
	// rather than left holding what it sent. An upload's document is
	// bounded by Idle instead, chunk by chunk, for it may be large.
	Body time.Duration
	// Log, when set, gets a line per call: who, which call, how it ended
	// and how long it took. Never a token.
	Log io.Writer
	// Recheck is how often a stream (a watch, a learn) checks its token
	// again while it lasts (0: 5 s): one whose token is revoked or
	// expires, or whose user's role or workspace changes, is ended.
	Recheck time.Duration
	// InFlight bounds the bytes of requests one user may have under way
	// at once, across all their calls and connections (0:
	// DefaultInFlight): a request is refused from its headers
	// (resource_exhausted) when its declared length, or MaxRequest when
	// it declares none, would pass the bound; an upload counts only the
	// chunk it is sending, as it is read. Below MaxRequest, a request
	// declaring no length is always refused.
	InFlight int64
	// DataDir is the server's data folder: what a client on the network
	// hears (errors, a run's events) says a path in it, or in the
	// system's temporary folder, in words, and the log says it in full.
	DataDir string
}

// Handler returns the HTTP handler serving svc to the users auth lets in,
// at the path it answers on.
func Handler(svc api.Service, auth Authenticator, o Options) (string, http.Handler) {
	if o.Recheck <= 0 {
		o.Recheck = 5 * time.Second
	}
	if o.InFlight <= 0 {
		o.InFlight = DefaultInFlight
	}
	a := authInterceptor{auth: auth, log: o.Log, every: o.Recheck, budget: newBudget(o.InFlight)}
	return newHandler(svc, o, a.admit, a, newInside(o.DataDir, o.Log))
}

// LocalHandler returns the HTTP handler serving svc on the owner's own
// socket (owner-only, so whoever connects is the person running lore):
// every call is caller's, with no token, and hears every path: the
// folders are the caller's own.
func LocalHandler(svc api.Service, caller api.Caller, o Options) (string, http.Handler) {
	return newHandler(svc, o, nil, fixedCaller{caller})
}

// newHandler serves svc with who says who calls, then the log; admit,
// when set, lets a request in or refuses it from its headers alone, and
// first are the interceptors that say who calls, and what they may hear.
func newHandler(svc api.Service, o Options, admit func(http.Handler) http.Handler, first ...connect.Interceptor) (string, http.Handler) {
	if o.MaxUpload <= 0 {
		o.MaxUpload = 64 << 20
	}
	if o.Idle <= 0 {
		o.Idle = 30 * time.Second
	}
	if o.Body <= 0 {
		o.Body = time.Minute
	}
	h := &handler{svc: svc, opts: o}
	common := []connect.HandlerOption{
		// Innermost, recovery turns a handler's panic into an internal
		// error the log line after it records.
		connect.WithInterceptors(append(first, logInterceptor{o.Log}, recoverInterceptor{o.Log})...),
		// Compressing an answer costs more than it saves unless the
		// answer is large: a search's ten hits (a few KiB) compressed
		// took half of a busy server's time answering searches.
		connect.WithCompressMinBytes(compressMin),
	}
	// A message is small but for a skills zip (ImportSkills) and an
	// upload's chunk; a whole document never arrives as one message.
	path, all := lorev1connect.NewLoreServiceHandler(h, append(common, connect.WithReadMaxBytes(maxMessage))...)
	// An upload's chunks are read one at a time, each whole in memory
	// (twice: as it arrives, and decoded): a chunk's bound is what an
	// upload holds in memory, whatever the document's size.
	upload := connect.NewClientStreamHandlerSimple(lorev1connect.LoreServiceUploadProcedure, h.Upload,
		append(common, connect.WithReadMaxBytes(MaxChunk+1024),
			connect.WithSchema(lorev1.File_lore_v1_lore_proto.Services().ByName("LoreService").Methods().ByName("Upload")))...)
	var route http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != lorev1connect.LoreServiceUploadProcedure {
			all.ServeHTTP(w, r)
			return
		}
		// The upload sets its own read deadlines: a silent client's
		// read must end, and only the connection's deadline ends it.
		upload.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), controllerKey{}, http.NewResponseController(w))))
	})
	if admit != nil {
		route = admit(route)
	}
	return path, bodyDeadline(route, o.Body)
}

// bodyDeadline gives each request d after its headers for its body to
// arrive: Connect reads a call's message whole, in memory, before any
// interceptor runs, and only a deadline ends a read waiting on a client
// that stopped sending (no context does). The deadline is lifted once
// the body has all come, for a stream's answer may last hours; an upload
// sets its own, chunk by chunk (Options.Idle). Past it, the read fails
// with deadline_exceeded, and net/http closes a connection whose request
// was not read to its end.
func bodyDeadline(next http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if err := rc.SetReadDeadline(time.Now().Add(d)); err == nil {
			r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc, d: d}
		}
		next.ServeHTTP(w, r)
	})
}

// deadlineBody is a request's body read under its deadline.
type deadlineBody struct {
	io.ReadCloser
	rc *http.ResponseController
	d  time.Duration
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case errors.Is(err, io.EOF):
		_ = b.rc.SetReadDeadline(time.Time{})
	case errors.Is(err, os.ErrDeadlineExceeded):
		return n, connect.NewError(connect.CodeDeadlineExceeded, fmt.Errorf("the request did not arrive whole within %s of its headers", b.d))
	}
	return n, err
}

// maxStreams is how many calls one HTTP/2 connection may have under way
// at once (Go's default: 250), each of which may hold a message being
// read; a client wanting more opens another connection.
const maxStreams = 100

// MaxChunk is the largest chunk of an upload the server reads, in bytes:
// the command line sends 256 KiB.
const MaxChunk = 1 << 20

// controllerKey carries an upload's http.ResponseController.
type controllerKey struct{}

// compressMin is the smallest answer sent compressed, to a client that
// accepts it.
const compressMin = 64 << 10

// fixedCaller makes every call caller's.
type fixedCaller struct{ c api.Caller }

func (f fixedCaller) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		return next(api.WithCaller(ctx, f.c), req)
	}
}

func (f fixedCaller) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (f fixedCaller) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(api.WithCaller(ctx, f.c), conn)
	}
}

// Serve serves h on ln over TLS with conf (nil: plain text, which the
// caller allows on loopback only) until ctx ends, then stops: calls still
// running are interrupted.
func Serve(ctx context.Context, ln net.Listener, path string, h http.Handler, conf *tls.Config) error {
	mux := http.NewServeMux()
	mux.Handle(path, h)
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		// A learn's events may stream for hours; what a silent client
		// may hold is bounded by the calls themselves.
		BaseContext: func(net.Listener) context.Context { return ctx },
		ErrorLog:    nil,
	}
	var protos http.Protocols
	protos.SetHTTP1(true)
	if conf != nil {
		protos.SetHTTP2(true)
		conf = conf.Clone()
		conf.NextProtos = []string{"h2", "http/1.1"}
		ln = tls.NewListener(ln, conf)
	} else {
		protos.SetUnencryptedHTTP2(true)
	}
	srv.Protocols = &protos
	srv.HTTP2 = &http.HTTP2Config{MaxConcurrentStreams: maxStreams}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		_ = srv.Close()
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}

// authInterceptor turns a call's bearer token into its caller.
// authInterceptor lets a call in as its token's user. A refusal is
// logged with why (unknown, expired, revoked: never the token), for the
// server's admin to see a stolen or revoked token being tried; the client
// is told only that its token was refused.
type authInterceptor struct {
	auth Authenticator
	log  io.Writer
	// every is how often a stream's token is checked again.
	every time.Duration
	// budget bounds what each user's requests have under way.
	budget *budget
}

// admitted marks a request's context that admit let in, with its caller:
// its value is when.
type admitted struct{}

// arrivedWith is how soon after its headers a request is taken to have
// come with them: one that took longer is let in again as its token says
// once it has arrived (let).
const arrivedWith = time.Millisecond

// admit lets in a request as its token's user, or refuses it, from its
// headers alone: before a byte of its body is read, which Connect would
// read whole into memory before any interceptor runs. The refusal is
// written in the wire form of the request's protocol (Connect, gRPC,
// gRPC-Web), and logged as the interceptor logs one. A request let in
// is then held to its user's budget of bytes under way (metered).
func (a authInterceptor) admit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, err := a.caller(r.Context(), r.Header, r.URL.Path, r.RemoteAddr)
		if err != nil {
			refuseUnread(w, r, err)
			return
		}
		a.metered(w, r.WithContext(context.WithValue(ctx, admitted{}, time.Now())), next)
	})
}

// refuseUnread answers a request with err, its body unread: over HTTP/1,
// net/http would read up to 256 KiB of what is left of it before
// answering, to keep the connection, and wait on a client that stopped
// sending until the body's deadline; the connection is closed instead.
func refuseUnread(w http.ResponseWriter, r *http.Request, err error) {
	if r.ProtoMajor == 1 && r.ContentLength != 0 {
		w.Header().Set("Connection", "close")
	}
	_ = connect.NewErrorWriter().Write(w, r, err)
}

// let is a call's context with its caller: as admit let it in, or, for a
// call that did not come through admit, as its token says. A request
// that took longer than arrivedWith to arrive after admit let it in is
// asked about again: its user's access may have ended meanwhile, and a
// revoked admin finishing an AddUser would add a user, whose token
// outlives their own.
func (a authInterceptor) let(ctx context.Context, h http.Header, procedure string, peer connect.Peer) (context.Context, error) {
	if at, ok := ctx.Value(admitted{}).(time.Time); ok {
		if time.Since(at) > arrivedWith {
			if err := api.Recheck(ctx)(ctx); err != nil {
				return nil, err
			}
		}
		return ctx, nil
	}
	return a.caller(ctx, h, procedure, peer.Addr)
}

func (a authInterceptor) caller(ctx context.Context, h http.Header, procedure, peer string) (context.Context, error) {
	// The scheme is a word of any case (RFC 7235), then spaces.
	scheme, token, _ := strings.Cut(h.Get("Authorization"), " ")
	token = strings.TrimLeft(token, " ")
	if !strings.EqualFold(scheme, "Bearer") || token == "" {
		a.refused(procedure, peer, errors.New("no token"))
		return nil, connect.NewError(connect.CodeUnauthenticated, errors.New("no token: set LORE_TOKEN"))
	}
	u, err := a.auth(ctx, token)
	if err != nil {
		a.refused(procedure, peer, err)
		return nil, connect.NewError(connect.CodeUnauthenticated, errors.New("wrong, expired or revoked token"))
	}
	ws := u.Workspace
	if ws == "" {
		ws = access.DefaultWorkspace
	}
	// A user recorded with a workspace that is not a plain word (made by
	// an older lore, or written into the store by hand) is let into no
	// store: "..", for one, would be the default workspace's folder.
	if err := access.CheckWorkspace(ws); err != nil {
		a.refused(procedure, peer, fmt.Errorf("user %s: %w", u.Name, err))
		return nil, connect.NewError(connect.CodePermissionDenied,
			fmt.Errorf("user %s: %w; an admin revokes the user (lore users revoke %s) and adds them again with a valid --workspace", u.Name, err, u.Name))
	}
	c := api.Caller{User: u.Name, Role: u.Role, Workspace: ws, Remote: true}
	// The check a call that lasts makes again: the same token, still
	// letting in the same user, with the same role and workspace.
	recheck := func(ctx context.Context) error {
		now, err := a.auth(ctx, token)
		switch {
		case errors.Is(err, access.ErrRevoked) || errors.Is(err, access.ErrExpired) || errors.Is(err, access.ErrUnknownToken):
			a.refused(procedure, peer, err)
			return connect.NewError(connect.CodeUnauthenticated, fmt.Errorf("the token of %s is no longer accepted: revoked, expired or replaced", c.User))
		case err != nil:
			// The users could not be read (the store closing, the
			// database away): not a refusal.
			return nil //nolint:nilerr // the store's failure is not the caller's
		}
		nws := now.Workspace
		if nws == "" {
			nws = access.DefaultWorkspace
		}
		if now.Name != c.User || now.Role != c.Role || nws != c.Workspace {
			a.refused(procedure, peer, fmt.Errorf("%s: role or workspace changed", c.User))
			return connect.NewError(connect.CodePermissionDenied, fmt.Errorf("the role or workspace of %s changed; call again", c.User))
		}
		return nil
	}
	return api.WithRecheck(api.WithCaller(ctx, c), recheck), nil
}

// endStream is a stream's context, ended with the refusal once its
// token is refused (checked every a.every), and a stop to call when the
// stream ends.
func (a authInterceptor) endStream(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	check := api.Recheck(ctx)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(a.every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				if err := check(ctx); err != nil {
					cancel(err)
					return
				}
			}
		}
	}()
	return ctx, func() { close(done); cancel(nil) }
}

// revoked is the refusal that ended ctx, nil when none did.
func revoked(ctx context.Context) error {
	if ce, ok := errors.AsType[*connect.Error](context.Cause(ctx)); ok {
		return ce
	}
	return nil
}

// refused logs a refused call; why is the authenticator's error, which
// names the user and the reason, never the token.
func (a authInterceptor) refused(procedure, peer string, why error) {
	a.logLine("refused", procedure, peer, why)
}

// logLine logs what happened to a call (refused, cut off) outside the
// interceptors, and why.
func (a authInterceptor) logLine(what, procedure, peer string, why error) {
	if a.log == nil {
		return
	}
	method := procedure[strings.LastIndexByte(procedure, '/')+1:]
	if strings.ContainsFunc(method, unicode.IsControl) {
		// Refused before any route matched it: the path is the
		// client's, and its own line in the log.
		method = strconv.Quote(method)
	}
	fmt.Fprintf(a.log, "lore: %s %s from %s: %v\n", what, method, peer, why)
}

func (a authInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		ctx, err := a.let(ctx, req.Header(), req.Spec().Procedure, req.Peer())
		if err != nil {
			return nil, err
		}
		return next(ctx, req)
	}
}

func (a authInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (a authInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		ctx, err := a.let(ctx, conn.RequestHeader(), conn.Spec().Procedure, conn.Peer())
		if err != nil {
			return err
		}
		// A stream lasts: one whose user's access ends meanwhile is
		// ended, with the refusal.
		ctx, stop := a.endStream(ctx)
		defer stop()
		err = next(ctx, conn)
		if why := revoked(ctx); why != nil {
			return why
		}
		return err
	}
}

// logInterceptor writes a line per call, after authInterceptor has said
// who calls.
type logInterceptor struct{ w io.Writer }

func (l logInterceptor) log(ctx context.Context, procedure string, start time.Time, err error) {
	if l.w == nil {
		return
	}
	c, _ := api.CallerFrom(ctx)
	how := "ok"
	if err != nil {
		how = connect.CodeOf(err).String()
	}
	method := procedure[strings.LastIndexByte(procedure, '/')+1:]
	fmt.Fprintf(l.w, "lore: %s (%s, %s) %s → %s (%s)\n", c.User, c.Role, c.Workspace, method, how, time.Since(start).Round(time.Millisecond))
}

func (l logInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		start := time.Now()
		res, err := next(ctx, req)
		l.log(ctx, req.Spec().Procedure, start, err)
		return res, err
	}
}

func (l logInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (l logInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		start := time.Now()
		err := next(ctx, conn)
		if why := revoked(ctx); why != nil {
			// Ended as its user's access did (authInterceptor).
			err = why
		}
		l.log(ctx, conn.Spec().Procedure, start, err)
		return err
	}
}

// recoverInterceptor makes a handler's panic what it is, a bug: the
// panic and its stack go to the server's log, and the client gets an
// internal error (exit 70 on the command line) rather than a dropped
// connection. One call's panic leaves the server serving every other.
type recoverInterceptor struct{ w io.Writer }

// recovered turns a panic into *err; call it deferred.
func (r recoverInterceptor) recovered(ctx context.Context, procedure string, err *error) {
	p := recover()
	if p == nil {
		return
	}
	if err, ok := p.(error); ok && errors.Is(err, http.ErrAbortHandler) {
		// net/http's way to abort a reply: not a bug.
		panic(p)
	}
	method := procedure[strings.LastIndexByte(procedure, '/')+1:]
	if r.w != nil {
		c, _ := api.CallerFrom(ctx)
		fmt.Fprintf(r.w, "lore: internal error: %s (%s, %s, %s) panicked: %v\n%s", method, c.User, c.Role, c.Workspace, p, debug.Stack())
	}
	// The panic's words stay in the log: they may name the server's
	// inside.
	*err = connect.NewError(connect.CodeInternal,
		fmt.Errorf("internal error in the server's %s (a bug in lore, logged by the server with its trace; please report it)", method))
}

func (r recoverInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (res connect.AnyResponse, err error) {
		defer r.recovered(ctx, req.Spec().Procedure, &err)
		return next(ctx, req)
	}
}

func (r recoverInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (r recoverInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) (err error) {
		defer r.recovered(ctx, conn.Spec().Procedure, &err)
		return next(ctx, conn)
	}
}

// handler adapts the service to the generated Connect handler.
type handler struct {
	svc  api.Service
	opts Options
}

var _ lorev1connect.LoreServiceHandler = (*handler)(nil)

func (h *handler) WhoAmI(ctx context.Context, r *lorev1.WhoAmIRequest) (*lorev1.WhoAmIResponse, error) {
	return h.svc.WhoAmI(ctx, r)
}

func (h *handler) Find(ctx context.Context, r *lorev1.FindRequest) (*lorev1.FindResponse, error) {
	return h.svc.Find(ctx, r)
}

func (h *handler) Show(ctx context.Context, r *lorev1.ShowRequest) (*lorev1.ShowResponse, error) {
	return h.svc.Show(ctx, r)
}

func (h *handler) Rank(ctx context.Context, r *lorev1.RankRequest) (*lorev1.RankResponse, error) {
	return h.svc.Rank(ctx, r)
}

func (h *handler) Graph(ctx context.Context, r *lorev1.GraphRequest) (*lorev1.GraphResponse, error) {
	return h.svc.Graph(ctx, r)
}

func (h *handler) Sessions(ctx context.Context, r *lorev1.SessionsRequest) (*lorev1.SessionsResponse, error) {
	return h.svc.Sessions(ctx, r)
}

func (h *handler) Report(ctx context.Context, r *lorev1.ReportRequest) (*lorev1.ReportResponse, error) {
	return h.svc.Report(ctx, r)
}

func (h *handler) Conflicts(ctx context.Context, r *lorev1.ConflictsRequest) (*lorev1.ConflictsResponse, error) {
	return h.svc.Conflicts(ctx, r)
}

func (h *handler) Jobs(ctx context.Context, r *lorev1.JobsRequest) (*lorev1.JobsResponse, error) {
	return h.svc.Jobs(ctx, r)
}

func (h *handler) EnqueueRuns(ctx context.Context, r *lorev1.EnqueueRunsRequest) (*lorev1.EnqueueRunsResponse, error) {
	return h.svc.EnqueueRuns(ctx, r)
}

func (h *handler) TakeRun(ctx context.Context, r *lorev1.TakeRunRequest) (*lorev1.TakeRunResponse, error) {
	return h.svc.TakeRun(ctx, r)
}

func (h *handler) FinishRun(ctx context.Context, r *lorev1.FinishRunRequest) (*lorev1.FinishRunResponse, error) {
	return h.svc.FinishRun(ctx, r)
}

func (h *handler) AddUser(ctx context.Context, r *lorev1.AddUserRequest) (*lorev1.AddUserResponse, error) {
	return h.svc.AddUser(ctx, r)
}

func (h *handler) ListUsers(ctx context.Context, r *lorev1.ListUsersRequest) (*lorev1.ListUsersResponse, error) {
	return h.svc.ListUsers(ctx, r)
}

func (h *handler) RevokeUser(ctx context.Context, r *lorev1.RevokeUserRequest) (*lorev1.RevokeUserResponse, error) {
	return h.svc.RevokeUser(ctx, r)
}

// Upload reads the document chunk by chunk into the service, never
// whole: past MaxUpload the call fails, and a client silent for Idle
// (before its header, or between two chunks) is dropped: the read
// waiting on it ends, and with it the upload, its file removed.
func (h *handler) Upload(ctx context.Context, s *connect.ClientStream[lorev1.UploadRequest]) (*lorev1.UploadResponse, error) {
	if _, err := api.Check(ctx, "Upload"); err != nil {
		return nil, err
	}
	w := &waiter{rc: controller(ctx), idle: h.opts.Idle, m: meteredFrom(ctx)}
	defer w.done()
	if !w.receive(s) {
		if err := w.err(s.Err()); err != nil {
			return nil, err
		}
		return nil, api.Errorf(connect.CodeInvalidArgument, "an upload starts with its header")
	}
	hdr := s.Msg().GetHeader()
	if hdr == nil {
		return nil, api.Errorf(connect.CodeInvalidArgument, "an upload starts with its header")
	}
	if hdr.GetSize() > h.opts.MaxUpload {
		return nil, api.Errorf(connect.CodeResourceExhausted, "%s is %d bytes, more than the server takes (%d)", hdr.GetName(), hdr.GetSize(), h.opts.MaxUpload)
	}
	body := &chunkReader{s: s, w: w, left: h.opts.MaxUpload, name: hdr.GetName(), max: h.opts.MaxUpload}
	res, err := h.svc.Upload(ctx, hdr, body)
	if err != nil {
		return nil, w.err(err)
	}
	return res, nil
}

// controller is the upload's response controller, nil when the call did
// not come through the upload's route.
func controller(ctx context.Context) *http.ResponseController {
	rc, _ := ctx.Value(controllerKey{}).(*http.ResponseController)
	return rc
}

// waiter bounds each read of an upload's stream by the read deadline of
// its connection (its stream, on HTTP/2): a deadline passed ends the read
// waiting on a silent client, which no context does.
type waiter struct {
	rc *http.ResponseController
	// m is the upload's request, whose bytes under way are the chunk
	// being read (nil on the owner's socket).
	m       *meteredBody
	idle    time.Duration
	expired bool
}

// receive reads the next message, for at most idle.
func (w *waiter) receive(s *connect.ClientStream[lorev1.UploadRequest]) bool {
	// The chunk before this one is decoded, and its bytes counted no
	// more against the user's budget.
	w.m.settle()
	if w.rc != nil {
		_ = w.rc.SetReadDeadline(time.Now().Add(w.idle))
	}
	start := time.Now()
	ok := s.Receive()
	if !ok && time.Since(start) >= w.idle {
		w.expired = true
	}
	return ok
}

// err is the call's error for err, a read's: a client that went silent
// is told so.
func (w *waiter) err(err error) error {
	if err != nil && w.expired {
		return connect.NewError(connect.CodeDeadlineExceeded, fmt.Errorf("the client sent nothing for %s", w.idle))
	}
	return err
}

// done lifts the deadline: an HTTP/1 connection serves the next call.
func (w *waiter) done() {
	if w.rc != nil {
		_ = w.rc.SetReadDeadline(time.Time{})
	}
}

// chunkReader reads an upload's chunks as one stream, refusing more than
// max bytes in all.
type chunkReader struct {
	s    *connect.ClientStream[lorev1.UploadRequest]
	w    *waiter
	buf  []byte
	left int64
	max  int64
	name string
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for len(c.buf) == 0 {
		if !c.w.receive(c.s) {
			if err := c.s.Err(); err != nil {
				return 0, c.w.err(err)
			}
			return 0, io.EOF
		}
		c.buf = c.s.Msg().GetChunk()
		c.left -= int64(len(c.buf))
		if c.left < 0 {
			return 0, api.Errorf(connect.CodeResourceExhausted, "%s is larger than the server takes (%d bytes)", c.name, c.max)
		}
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}

func (h *handler) Learn(ctx context.Context, r *lorev1.LearnRequest, s *connect.ServerStream[lorev1.LearnEvent]) error {
	return h.svc.Learn(ctx, r, s.Send)
}

func (h *handler) Decide(ctx context.Context, r *lorev1.DecideRequest) (*lorev1.DecideResponse, error) {
	return h.svc.Decide(ctx, r)
}

func (h *handler) Watch(ctx context.Context, r *lorev1.WatchRequest, s *connect.ServerStream[lorev1.LearnEvent]) error {
	return h.svc.Watch(ctx, r, s.Send)
}

func (h *handler) Unlearn(ctx context.Context, r *lorev1.UnlearnRequest) (*lorev1.UnlearnResponse, error) {
	return h.svc.Unlearn(ctx, r)
}

func (h *handler) Resolve(ctx context.Context, r *lorev1.ResolveRequest) (*lorev1.ResolveResponse, error) {
	return h.svc.Resolve(ctx, r)
}

func (h *handler) Curate(ctx context.Context, r *lorev1.CurateRequest) (*lorev1.CurateResponse, error) {
	return h.svc.Curate(ctx, r)
}

func (h *handler) SearchSkills(ctx context.Context, r *lorev1.SearchSkillsRequest) (*lorev1.SearchSkillsResponse, error) {
	return h.svc.SearchSkills(ctx, r)
}

func (h *handler) ListSkills(ctx context.Context, r *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error) {
	return h.svc.ListSkills(ctx, r)
}

func (h *handler) GetSkill(ctx context.Context, r *lorev1.GetSkillRequest) (*lorev1.GetSkillResponse, error) {
	return h.svc.GetSkill(ctx, r)
}

func (h *handler) ActivateSkill(ctx context.Context, r *lorev1.ActivateSkillRequest) (*lorev1.ActivateSkillResponse, error) {
	return h.svc.ActivateSkill(ctx, r)
}

func (h *handler) ProposeSkill(ctx context.Context, r *lorev1.ProposeSkillRequest) (*lorev1.ProposeSkillResponse, error) {
	return h.svc.ProposeSkill(ctx, r)
}

func (h *handler) ReviewSkill(ctx context.Context, r *lorev1.ReviewSkillRequest) (*lorev1.ReviewSkillResponse, error) {
	return h.svc.ReviewSkill(ctx, r)
}

func (h *handler) PromoteSkill(ctx context.Context, r *lorev1.PromoteSkillRequest) (*lorev1.PromoteSkillResponse, error) {
	return h.svc.PromoteSkill(ctx, r)
}

func (h *handler) SkillFeedback(ctx context.Context, r *lorev1.SkillFeedbackRequest) (*lorev1.SkillFeedbackResponse, error) {
	return h.svc.SkillFeedback(ctx, r)
}

func (h *handler) AllowSkill(ctx context.Context, r *lorev1.AllowSkillRequest) (*lorev1.AllowSkillResponse, error) {
	return h.svc.AllowSkill(ctx, r)
}

func (h *handler) RollbackSkill(ctx context.Context, r *lorev1.RollbackSkillRequest) (*lorev1.RollbackSkillResponse, error) {
	return h.svc.RollbackSkill(ctx, r)
}

func (h *handler) WarnSkill(ctx context.Context, r *lorev1.WarnSkillRequest) (*lorev1.WarnSkillResponse, error) {
	return h.svc.WarnSkill(ctx, r)
}

func (h *handler) EditSkill(ctx context.Context, r *lorev1.EditSkillRequest) (*lorev1.EditSkillResponse, error) {
	return h.svc.EditSkill(ctx, r)
}

func (h *handler) PromptSkills(ctx context.Context, r *lorev1.PromptSkillsRequest) (*lorev1.PromptSkillsResponse, error) {
	return h.svc.PromptSkills(ctx, r)
}

func (h *handler) ResolveSkills(ctx context.Context, r *lorev1.ResolveSkillsRequest) (*lorev1.ResolveSkillsResponse, error) {
	return h.svc.ResolveSkills(ctx, r)
}

func (h *handler) MergeSkills(ctx context.Context, r *lorev1.MergeSkillsRequest) (*lorev1.MergeSkillsResponse, error) {
	return h.svc.MergeSkills(ctx, r)
}

func (h *handler) EvalSkills(ctx context.Context, r *lorev1.EvalSkillsRequest) (*lorev1.EvalSkillsResponse, error) {
	return h.svc.EvalSkills(ctx, r)
}

func (h *handler) VerifyStore(ctx context.Context, r *lorev1.VerifyStoreRequest) (*lorev1.VerifyStoreResponse, error) {
	return h.svc.VerifyStore(ctx, r)
}

// BackupStore streams the backup as the service writes it, in chunks of
// at most backupChunk bytes, then what it holds: the backup is never held
// whole on either side.
func (h *handler) BackupStore(ctx context.Context, r *lorev1.BackupStoreRequest, s *connect.ServerStream[lorev1.BackupStoreChunk]) error {
	w := bufio.NewWriterSize(backupWriter{s}, backupChunk)
	info, err := h.svc.BackupStore(ctx, r, w)
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return s.Send(&lorev1.BackupStoreChunk{Part: &lorev1.BackupStoreChunk_Done{Done: info}})
}

// backupChunk is the most of a backup one message carries.
const backupChunk = 256 << 10

// backupWriter sends what is written to it as a backup's chunks.
type backupWriter struct {
	s *connect.ServerStream[lorev1.BackupStoreChunk]
}

func (b backupWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		part := p[:min(len(p), backupChunk)]
		// Send has encoded the message once it returns: p is the
		// writer's to reuse.
		if err := b.s.Send(&lorev1.BackupStoreChunk{Part: &lorev1.BackupStoreChunk_Chunk{Chunk: part}}); err != nil {
			return n, err
		}
		n += len(part)
		p = p[len(part):]
	}
	return n, nil
}

func (h *handler) ExportSkills(ctx context.Context, r *lorev1.ExportSkillsRequest) (*lorev1.ExportSkillsResponse, error) {
	return h.svc.ExportSkills(ctx, r)
}

func (h *handler) ImportSkills(ctx context.Context, r *lorev1.ImportSkillsRequest) (*lorev1.ImportSkillsResponse, error) {
	return h.svc.ImportSkills(ctx, r)
}

func (h *handler) Queue(ctx context.Context, r *lorev1.QueueRequest) (*lorev1.QueueResponse, error) {
	return h.svc.Queue(ctx, r)
}
