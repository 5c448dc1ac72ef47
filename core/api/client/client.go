// Package client is the api.Service of a team server: each call goes to
// the server over Connect, with the user's token, over TLS (or plain text
// to a loopback address, when asked).
package client

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/lorev1/lorev1connect"
)

// chunk is how much of a document one upload message carries.
const chunk = 256 << 10

// Client is the service of the server at one address.
type Client struct {
	c     lorev1connect.LoreServiceClient
	token string
	hc    *http.Client
}

var _ api.Service = (*Client)(nil)

// New returns the service of the server at addr (host:port), reached with
// conf (nil: plain text, which callers allow to a loopback address only)
// and calling as the user token names.
func New(addr, token string, conf *tls.Config) (*Client, error) {
	if token == "" {
		return nil, errors.New("no token: set LORE_TOKEN to the token lore users add printed")
	}
	var protos http.Protocols
	scheme := "https"
	if conf == nil {
		scheme = "http"
		protos.SetUnencryptedHTTP2(true)
	} else {
		protos.SetHTTP2(true)
		protos.SetHTTP1(true)
		// The transport adds its protocols to the config on first use: a
		// config shared by several clients would be written by each at
		// once.
		conf = conf.Clone()
	}
	tr := &http.Transport{
		TLSClientConfig:     conf,
		Protocols:           &protos,
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout: 10 * time.Second,
		ForceAttemptHTTP2:   true,
		MaxIdleConnsPerHost: 64,
	}
	hc := &http.Client{Transport: tr}
	c := &Client{token: token, hc: hc}
	c.c = lorev1connect.NewLoreServiceClient(hc, fmt.Sprintf("%s://%s", scheme, addr),
		connect.WithInterceptors(bearer{token}))
	return c, nil
}

// Close closes the client's connections that no call is using; a call
// made after opens another.
func (c *Client) Close() {
	if c.hc != nil {
		c.hc.CloseIdleConnections()
	}
}

// NewLocal returns the service of the owner of this machine's store,
// reached through dial (the owner's socket): no token, no TLS, the socket
// being the user's own.
func NewLocal(dial func(ctx context.Context, network, addr string) (net.Conn, error)) *Client {
	var protos http.Protocols
	protos.SetUnencryptedHTTP2(true)
	tr := &http.Transport{DialContext: dial, Protocols: &protos, MaxIdleConnsPerHost: 64}
	return &Client{c: lorev1connect.NewLoreServiceClient(&http.Client{Transport: tr}, "http://lore.local",
		connect.WithInterceptors(ownerGone{}))}
}

// ownerGone says what a broken connection to the owner means: the process
// serving the store ended (killed, or quit) before the call finished. What
// the call changed is what the store's journal kept, all of a session or
// none of it; the next command finds no owner and opens the store.
type ownerGone struct{}

func (ownerGone) explain(err error) error {
	var op *net.OpError
	if err == nil || !(errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &op)) {
		return err
	}
	return connect.NewError(connect.CodeUnavailable,
		fmt.Errorf("the lore process serving the store ended before the command finished (%w)", err))
}

func (g ownerGone) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		res, err := next(ctx, req)
		return res, g.explain(err)
	}
}

func (g ownerGone) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return func(ctx context.Context, spec connect.Spec) connect.StreamingClientConn {
		return goneConn{next(ctx, spec), g}
	}
}

func (ownerGone) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}

// goneConn is a stream whose broken connection is said as ownerGone says.
type goneConn struct {
	connect.StreamingClientConn
	g ownerGone
}

func (c goneConn) Receive(m any) error { return c.g.explain(c.StreamingClientConn.Receive(m)) }

func (c goneConn) CloseResponse() error { return c.g.explain(c.StreamingClientConn.CloseResponse()) }

// bearer sends the token with every call.
type bearer struct{ token string }

func (b bearer) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		req.Header().Set("Authorization", "Bearer "+b.token)
		return next(ctx, req)
	}
}

func (b bearer) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return func(ctx context.Context, spec connect.Spec) connect.StreamingClientConn {
		conn := next(ctx, spec)
		conn.RequestHeader().Set("Authorization", "Bearer "+b.token)
		return conn
	}
}

func (b bearer) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}

func (c *Client) WhoAmI(ctx context.Context, r *lorev1.WhoAmIRequest) (*lorev1.WhoAmIResponse, error) {
	return c.c.WhoAmI(ctx, r)
}

func (c *Client) Find(ctx context.Context, r *lorev1.FindRequest) (*lorev1.FindResponse, error) {
	return c.c.Find(ctx, r)
}

func (c *Client) Show(ctx context.Context, r *lorev1.ShowRequest) (*lorev1.ShowResponse, error) {
	return c.c.Show(ctx, r)
}

func (c *Client) Rank(ctx context.Context, r *lorev1.RankRequest) (*lorev1.RankResponse, error) {
	return c.c.Rank(ctx, r)
}

func (c *Client) Graph(ctx context.Context, r *lorev1.GraphRequest) (*lorev1.GraphResponse, error) {
	return c.c.Graph(ctx, r)
}

func (c *Client) Sessions(ctx context.Context, r *lorev1.SessionsRequest) (*lorev1.SessionsResponse, error) {
	return c.c.Sessions(ctx, r)
}

func (c *Client) Report(ctx context.Context, r *lorev1.ReportRequest) (*lorev1.ReportResponse, error) {
	return c.c.Report(ctx, r)
}

func (c *Client) Conflicts(ctx context.Context, r *lorev1.ConflictsRequest) (*lorev1.ConflictsResponse, error) {
	return c.c.Conflicts(ctx, r)
}

func (c *Client) Jobs(ctx context.Context, r *lorev1.JobsRequest) (*lorev1.JobsResponse, error) {
	return c.c.Jobs(ctx, r)
}

func (c *Client) EnqueueRuns(ctx context.Context, r *lorev1.EnqueueRunsRequest) (*lorev1.EnqueueRunsResponse, error) {
	return c.c.EnqueueRuns(ctx, r)
}

func (c *Client) TakeRun(ctx context.Context, r *lorev1.TakeRunRequest) (*lorev1.TakeRunResponse, error) {
	return c.c.TakeRun(ctx, r)
}

func (c *Client) FinishRun(ctx context.Context, r *lorev1.FinishRunRequest) (*lorev1.FinishRunResponse, error) {
	return c.c.FinishRun(ctx, r)
}

func (c *Client) AddUser(ctx context.Context, r *lorev1.AddUserRequest) (*lorev1.AddUserResponse, error) {
	return c.c.AddUser(ctx, r)
}

func (c *Client) ListUsers(ctx context.Context, r *lorev1.ListUsersRequest) (*lorev1.ListUsersResponse, error) {
	return c.c.ListUsers(ctx, r)
}

func (c *Client) RevokeUser(ctx context.Context, r *lorev1.RevokeUserRequest) (*lorev1.RevokeUserResponse, error) {
	return c.c.RevokeUser(ctx, r)
}

// Upload streams body to the server in chunks: the document is never
// held whole on either side.
func (c *Client) Upload(ctx context.Context, h *lorev1.UploadHeader, body io.Reader) (*lorev1.UploadResponse, error) {
	s, err := c.c.Upload(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Header{Header: h}}); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	buf := make([]byte, chunk)
	for {
		n, rerr := body.Read(buf)
		if n > 0 {
			if err := s.Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Chunk{Chunk: buf[:n:n]}}); err != nil {
				// The server stopped reading (a refusal): its answer
				// says why.
				if errors.Is(err, io.EOF) {
					break
				}
				return nil, err
			}
			buf = make([]byte, chunk)
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return nil, fmt.Errorf("read %s: %w", h.GetName(), rerr)
		}
	}
	return s.CloseAndReceive()
}

func (c *Client) Learn(ctx context.Context, r *lorev1.LearnRequest, send func(*lorev1.LearnEvent) error) error {
	s, err := c.c.Learn(ctx, r)
	if err != nil {
		return err
	}
	return drain(s, send)
}

func (c *Client) Watch(ctx context.Context, r *lorev1.WatchRequest, send func(*lorev1.LearnEvent) error) error {
	s, err := c.c.Watch(ctx, r)
	if err != nil {
		return err
	}
	return drain(s, send)
}

func drain(s *connect.ServerStreamForClient[lorev1.LearnEvent], send func(*lorev1.LearnEvent) error) error {
	defer s.Close()
	for s.Receive() {
		if err := send(s.Msg()); err != nil {
			return err
		}
	}
	return s.Err()
}

func (c *Client) Decide(ctx context.Context, r *lorev1.DecideRequest) (*lorev1.DecideResponse, error) {
	return c.c.Decide(ctx, r)
}

func (c *Client) Unlearn(ctx context.Context, r *lorev1.UnlearnRequest) (*lorev1.UnlearnResponse, error) {
	return c.c.Unlearn(ctx, r)
}

func (c *Client) Resolve(ctx context.Context, r *lorev1.ResolveRequest) (*lorev1.ResolveResponse, error) {
	return c.c.Resolve(ctx, r)
}

func (c *Client) Curate(ctx context.Context, r *lorev1.CurateRequest) (*lorev1.CurateResponse, error) {
	return c.c.Curate(ctx, r)
}

func (c *Client) SearchSkills(ctx context.Context, r *lorev1.SearchSkillsRequest) (*lorev1.SearchSkillsResponse, error) {
	return c.c.SearchSkills(ctx, r)
}

func (c *Client) ListSkills(ctx context.Context, r *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error) {
	return c.c.ListSkills(ctx, r)
}

func (c *Client) GetSkill(ctx context.Context, r *lorev1.GetSkillRequest) (*lorev1.GetSkillResponse, error) {
	return c.c.GetSkill(ctx, r)
}

func (c *Client) ActivateSkill(ctx context.Context, r *lorev1.ActivateSkillRequest) (*lorev1.ActivateSkillResponse, error) {
	return c.c.ActivateSkill(ctx, r)
}

func (c *Client) ProposeSkill(ctx context.Context, r *lorev1.ProposeSkillRequest) (*lorev1.ProposeSkillResponse, error) {
	return c.c.ProposeSkill(ctx, r)
}

func (c *Client) ReviewSkill(ctx context.Context, r *lorev1.ReviewSkillRequest) (*lorev1.ReviewSkillResponse, error) {
	return c.c.ReviewSkill(ctx, r)
}

func (c *Client) PromoteSkill(ctx context.Context, r *lorev1.PromoteSkillRequest) (*lorev1.PromoteSkillResponse, error) {
	return c.c.PromoteSkill(ctx, r)
}

func (c *Client) SkillFeedback(ctx context.Context, r *lorev1.SkillFeedbackRequest) (*lorev1.SkillFeedbackResponse, error) {
	return c.c.SkillFeedback(ctx, r)
}

func (c *Client) AllowSkill(ctx context.Context, r *lorev1.AllowSkillRequest) (*lorev1.AllowSkillResponse, error) {
	return c.c.AllowSkill(ctx, r)
}

func (c *Client) RollbackSkill(ctx context.Context, r *lorev1.RollbackSkillRequest) (*lorev1.RollbackSkillResponse, error) {
	return c.c.RollbackSkill(ctx, r)
}

func (c *Client) WarnSkill(ctx context.Context, r *lorev1.WarnSkillRequest) (*lorev1.WarnSkillResponse, error) {
	return c.c.WarnSkill(ctx, r)
}

func (c *Client) EditSkill(ctx context.Context, r *lorev1.EditSkillRequest) (*lorev1.EditSkillResponse, error) {
	return c.c.EditSkill(ctx, r)
}

func (c *Client) PromptSkills(ctx context.Context, r *lorev1.PromptSkillsRequest) (*lorev1.PromptSkillsResponse, error) {
	return c.c.PromptSkills(ctx, r)
}

func (c *Client) ResolveSkills(ctx context.Context, r *lorev1.ResolveSkillsRequest) (*lorev1.ResolveSkillsResponse, error) {
	return c.c.ResolveSkills(ctx, r)
}

func (c *Client) MergeSkills(ctx context.Context, r *lorev1.MergeSkillsRequest) (*lorev1.MergeSkillsResponse, error) {
	return c.c.MergeSkills(ctx, r)
}

func (c *Client) EvalSkills(ctx context.Context, r *lorev1.EvalSkillsRequest) (*lorev1.EvalSkillsResponse, error) {
	return c.c.EvalSkills(ctx, r)
}

func (c *Client) ExportSkills(ctx context.Context, r *lorev1.ExportSkillsRequest) (*lorev1.ExportSkillsResponse, error) {
	return c.c.ExportSkills(ctx, r)
}

func (c *Client) ImportSkills(ctx context.Context, r *lorev1.ImportSkillsRequest) (*lorev1.ImportSkillsResponse, error) {
	return c.c.ImportSkills(ctx, r)
}

func (c *Client) Queue(ctx context.Context, r *lorev1.QueueRequest) (*lorev1.QueueResponse, error) {
	return c.c.Queue(ctx, r)
}

func (c *Client) VerifyStore(ctx context.Context, r *lorev1.VerifyStoreRequest) (*lorev1.VerifyStoreResponse, error) {
	return c.c.VerifyStore(ctx, r)
}

// BackupStore writes the backup's chunks to w as they come; the stream's
// last message says what the backup holds, and how many bytes, which
// must be those written.
func (c *Client) BackupStore(ctx context.Context, r *lorev1.BackupStoreRequest, w io.Writer) (*lorev1.BackupStoreResponse, error) {
	s, err := c.c.BackupStore(ctx, r)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var (
		done *lorev1.BackupStoreResponse
		n    int64
	)
	for s.Receive() {
		m := s.Msg()
		if d := m.GetDone(); d != nil {
			done = d
			continue
		}
		if done != nil {
			return nil, errors.New("the server sent more of the backup after its end")
		}
		k, err := w.Write(m.GetChunk())
		n += int64(k)
		if err != nil {
			return nil, err
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if done == nil {
		return nil, errors.New("the backup ended before the server said it was complete")
	}
	if done.GetBytes() != n {
		return nil, fmt.Errorf("the backup is %d bytes, the server sent %d", done.GetBytes(), n)
	}
	return done, nil
}
