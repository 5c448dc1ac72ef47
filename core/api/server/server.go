// Package server serves an api.Service to the network: the Connect
// protocol (and gRPC, and plain HTTP with JSON for scripts) over TLS,
// every call carrying a user's token, which says who calls, with which
// role, in which workspace. The service itself checks the role of each
// call and keeps it in the caller's workspace (package local); the server
// only lets in whom a token names and keeps slow or silent clients from
// holding anything.
package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

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
	// Log, when set, gets a line per call: who, which call, how it ended
	// and how long it took. Never a token.
	Log io.Writer
}

// Handler returns the HTTP handler serving svc to the users auth lets in,
// at the path it answers on.
func Handler(svc api.Service, auth Authenticator, o Options) (string, http.Handler) {
	return newHandler(svc, o, authInterceptor{auth, o.Log})
}

// LocalHandler returns the HTTP handler serving svc on the owner's own
// socket (owner-only, so whoever connects is the person running lore):
// every call is caller's, with no token.
func LocalHandler(svc api.Service, caller api.Caller, o Options) (string, http.Handler) {
	return newHandler(svc, o, fixedCaller{caller})
}

// newHandler serves svc with who says who calls, then the log.
func newHandler(svc api.Service, o Options, who connect.Interceptor) (string, http.Handler) {
	if o.MaxUpload <= 0 {
		o.MaxUpload = 64 << 20
	}
	if o.Idle <= 0 {
		o.Idle = 30 * time.Second
	}
	h := &handler{svc: svc, opts: o}
	return lorev1connect.NewLoreServiceHandler(h,
		connect.WithInterceptors(who, logInterceptor{o.Log}),
		// A message is small but for an upload's chunk; a whole
		// document never arrives as one message.
		connect.WithReadMaxBytes(4<<20),
		// Compressing an answer costs more than it saves unless the
		// answer is large: a search's ten hits (a few KiB) compressed
		// took half of a busy server's time answering searches.
		connect.WithCompressMinBytes(compressMin),
	)
}

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
}

func (a authInterceptor) caller(ctx context.Context, h http.Header, procedure string, peer connect.Peer) (context.Context, error) {
	token, ok := strings.CutPrefix(h.Get("Authorization"), "Bearer ")
	if !ok || token == "" {
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
	return api.WithCaller(ctx, api.Caller{User: u.Name, Role: u.Role, Workspace: ws, Remote: true}), nil
}

// refused logs a refused call; why is the authenticator's error, which
// names the user and the reason, never the token.
func (a authInterceptor) refused(procedure string, peer connect.Peer, why error) {
	if a.log == nil {
		return
	}
	fmt.Fprintf(a.log, "lore: refused %s from %s: %v\n", procedure[strings.LastIndexByte(procedure, '/')+1:], peer.Addr, why)
}

func (a authInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		ctx, err := a.caller(ctx, req.Header(), req.Spec().Procedure, req.Peer())
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
		ctx, err := a.caller(ctx, conn.RequestHeader(), conn.Spec().Procedure, conn.Peer())
		if err != nil {
			return err
		}
		return next(ctx, conn)
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
		l.log(ctx, conn.Spec().Procedure, start, err)
		return err
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

// Upload reads the document chunk by chunk into the service, never
// whole: past MaxUpload the call fails, and a client silent for Idle
// is dropped.
func (h *handler) Upload(ctx context.Context, s *connect.ClientStream[lorev1.UploadRequest]) (*lorev1.UploadResponse, error) {
	if _, err := api.Check(ctx, "Upload"); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	idle := time.AfterFunc(h.opts.Idle, func() {
		cancel(connect.NewError(connect.CodeDeadlineExceeded, fmt.Errorf("the client sent nothing for %s", h.opts.Idle)))
	})
	defer idle.Stop()
	if !s.Receive() {
		if err := s.Err(); err != nil {
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
	body := &chunkReader{s: s, idle: idle, every: h.opts.Idle, left: h.opts.MaxUpload, name: hdr.GetName(), max: h.opts.MaxUpload}
	res, err := h.svc.Upload(ctx, hdr, body)
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return nil, cause
	}
	return res, err
}

// chunkReader reads an upload's chunks as one stream, refusing more than
// max bytes in all.
type chunkReader struct {
	s     *connect.ClientStream[lorev1.UploadRequest]
	idle  *time.Timer
	every time.Duration
	buf   []byte
	left  int64
	max   int64
	name  string
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for len(c.buf) == 0 {
		if !c.s.Receive() {
			if err := c.s.Err(); err != nil {
				return 0, err
			}
			return 0, io.EOF
		}
		c.idle.Reset(c.every)
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

func (h *handler) ExportSkills(ctx context.Context, r *lorev1.ExportSkillsRequest) (*lorev1.ExportSkillsResponse, error) {
	return h.svc.ExportSkills(ctx, r)
}

func (h *handler) ImportSkills(ctx context.Context, r *lorev1.ImportSkillsRequest) (*lorev1.ImportSkillsResponse, error) {
	return h.svc.ImportSkills(ctx, r)
}

func (h *handler) Queue(ctx context.Context, r *lorev1.QueueRequest) (*lorev1.QueueResponse, error) {
	return h.svc.Queue(ctx, r)
}
