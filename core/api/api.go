// Package api is lore's one service: every client — the command line, the
// terminal application, the MCP server, a team's own programs — calls a
// [Service], and none reads another's output. Locally the service is
// package local's, on the store this process or its owner holds; on a
// team server it is package client's, speaking Connect over TLS to the
// server of package server, which serves the local implementation to the
// users its tokens name.
//
// The request and response types are generated from proto/lore/v1 (go
// generate), so the local and the remote service share them, and their
// errors are Connect errors ([connect.Error]) with a code, whichever side
// made them.
package api

//go:generate buf generate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// Service is lore's API. Unary calls take and return the generated
// messages; a stream is a function called with each message.
type Service interface {
	WhoAmI(context.Context, *lorev1.WhoAmIRequest) (*lorev1.WhoAmIResponse, error)

	Find(context.Context, *lorev1.FindRequest) (*lorev1.FindResponse, error)
	Show(context.Context, *lorev1.ShowRequest) (*lorev1.ShowResponse, error)
	Rank(context.Context, *lorev1.RankRequest) (*lorev1.RankResponse, error)
	Graph(context.Context, *lorev1.GraphRequest) (*lorev1.GraphResponse, error)
	Sessions(context.Context, *lorev1.SessionsRequest) (*lorev1.SessionsResponse, error)
	Report(context.Context, *lorev1.ReportRequest) (*lorev1.ReportResponse, error)
	Conflicts(context.Context, *lorev1.ConflictsRequest) (*lorev1.ConflictsResponse, error)
	Jobs(context.Context, *lorev1.JobsRequest) (*lorev1.JobsResponse, error)
	// EnqueueRuns, TakeRun and FinishRun work the queue of agent runs for
	// a watcher (lore watch), which finds the run files and learns each
	// job it takes with Learn.
	EnqueueRuns(context.Context, *lorev1.EnqueueRunsRequest) (*lorev1.EnqueueRunsResponse, error)
	TakeRun(context.Context, *lorev1.TakeRunRequest) (*lorev1.TakeRunResponse, error)
	FinishRun(context.Context, *lorev1.FinishRunRequest) (*lorev1.FinishRunResponse, error)

	// AddUser, ListUsers and RevokeUser manage the users a team server
	// lets in (an admin's alone): they live in the default workspace's
	// store, where the server looks their tokens up.
	AddUser(context.Context, *lorev1.AddUserRequest) (*lorev1.AddUserResponse, error)
	ListUsers(context.Context, *lorev1.ListUsersRequest) (*lorev1.ListUsersResponse, error)
	RevokeUser(context.Context, *lorev1.RevokeUserRequest) (*lorev1.RevokeUserResponse, error)

	// Upload keeps a document's bytes, read from body, for a Learn.
	Upload(ctx context.Context, h *lorev1.UploadHeader, body io.Reader) (*lorev1.UploadResponse, error)
	// Learn runs a learn, calling send with each of its events until it
	// ends; an error from send stops the run.
	Learn(ctx context.Context, req *lorev1.LearnRequest, send func(*lorev1.LearnEvent) error) error
	Decide(context.Context, *lorev1.DecideRequest) (*lorev1.DecideResponse, error)
	// Watch calls send with the events of every run in the workspace
	// until ctx ends.
	Watch(ctx context.Context, req *lorev1.WatchRequest, send func(*lorev1.LearnEvent) error) error
	Unlearn(context.Context, *lorev1.UnlearnRequest) (*lorev1.UnlearnResponse, error)
	Resolve(context.Context, *lorev1.ResolveRequest) (*lorev1.ResolveResponse, error)
	// Curate records one curator's decision about what was learned as a
	// curate session, under the caller's name.
	Curate(context.Context, *lorev1.CurateRequest) (*lorev1.CurateResponse, error)

	SearchSkills(context.Context, *lorev1.SearchSkillsRequest) (*lorev1.SearchSkillsResponse, error)
	ListSkills(context.Context, *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error)
	GetSkill(context.Context, *lorev1.GetSkillRequest) (*lorev1.GetSkillResponse, error)
	ActivateSkill(context.Context, *lorev1.ActivateSkillRequest) (*lorev1.ActivateSkillResponse, error)
	ProposeSkill(context.Context, *lorev1.ProposeSkillRequest) (*lorev1.ProposeSkillResponse, error)
	ReviewSkill(context.Context, *lorev1.ReviewSkillRequest) (*lorev1.ReviewSkillResponse, error)
	PromoteSkill(context.Context, *lorev1.PromoteSkillRequest) (*lorev1.PromoteSkillResponse, error)
	SkillFeedback(context.Context, *lorev1.SkillFeedbackRequest) (*lorev1.SkillFeedbackResponse, error)
	AllowSkill(context.Context, *lorev1.AllowSkillRequest) (*lorev1.AllowSkillResponse, error)
	ExportSkills(context.Context, *lorev1.ExportSkillsRequest) (*lorev1.ExportSkillsResponse, error)
	ImportSkills(context.Context, *lorev1.ImportSkillsRequest) (*lorev1.ImportSkillsResponse, error)
	Queue(context.Context, *lorev1.QueueRequest) (*lorev1.QueueResponse, error)

	RollbackSkill(context.Context, *lorev1.RollbackSkillRequest) (*lorev1.RollbackSkillResponse, error)
	WarnSkill(context.Context, *lorev1.WarnSkillRequest) (*lorev1.WarnSkillResponse, error)
	EditSkill(context.Context, *lorev1.EditSkillRequest) (*lorev1.EditSkillResponse, error)

	PromptSkills(context.Context, *lorev1.PromptSkillsRequest) (*lorev1.PromptSkillsResponse, error)
	ResolveSkills(context.Context, *lorev1.ResolveSkillsRequest) (*lorev1.ResolveSkillsResponse, error)
	MergeSkills(context.Context, *lorev1.MergeSkillsRequest) (*lorev1.MergeSkillsResponse, error)
	EvalSkills(context.Context, *lorev1.EvalSkillsRequest) (*lorev1.EvalSkillsResponse, error)
	// VerifyStore and BackupStore keep the store of the caller's
	// workspace (an admin's alone). VerifyStore checks it, repairing it
	// first when asked; BackupStore writes a backup of it to w, the bytes
	// of the file lore store restore reads, and says what it holds.
	VerifyStore(context.Context, *lorev1.VerifyStoreRequest) (*lorev1.VerifyStoreResponse, error)
	BackupStore(ctx context.Context, req *lorev1.BackupStoreRequest, w io.Writer) (*lorev1.BackupStoreResponse, error)
}

// Caller is who makes a call: a user of the team server, let in by a
// token, or the person running lore on their own store.
type Caller struct {
	User      string
	Role      access.Role
	Workspace string
	// Remote is set for a caller on the network: it may not name paths
	// on the serving machine.
	Remote bool
}

type callerKey struct{}

// WithCaller returns ctx carrying c.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// CallerFrom is the caller ctx carries; without one, the call is refused
// (see Check), so that a path that forgot to say who calls lets nobody in.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok
}

type recheckKey struct{}

// WithRecheck returns ctx carrying check, which says whether the call's
// caller may still call: a call that lasts (a watch, a learn waiting at
// the gate) asks again before it acts for a caller whose access may
// have ended since it began (a revoked or expired token, a changed role).
func WithRecheck(ctx context.Context, check func(context.Context) error) context.Context {
	return context.WithValue(ctx, recheckKey{}, check)
}

// Recheck is the check ctx carries (see WithRecheck), to ask later with
// a context of the asker's; one that always answers nil when it carries
// none (a caller on this machine, whose access does not end).
func Recheck(ctx context.Context) func(context.Context) error {
	if check, ok := ctx.Value(recheckKey{}).(func(context.Context) error); ok {
		return check
	}
	return func(context.Context) error { return nil }
}

// What each role may call, by method name; an admin calls everything. A
// curator and a reviewer also read. A curator changes what is learned
// (learns, unlearns, curates); a reviewer decides what others asked (at
// the gate, on conflicts and skills). lore watch's queue is worked by
// whoever may learn its runs. A method no role lists is the admin's
// alone.
var (
	readCalls = []string{"WhoAmI", "Find", "Show", "Rank", "Graph", "Sessions", "Report", "Conflicts", "Watch",
		"SearchSkills", "ListSkills", "GetSkill", "ActivateSkill", "ExportSkills", "Queue", "Jobs",
		"PromptSkills", "ResolveSkills", "EvalSkills"}
	roleCalls = map[access.Role][]string{
		access.Reader: readCalls,
		access.Agent: {"WhoAmI", "Find", "Show", "SearchSkills", "ListSkills", "GetSkill", "ActivateSkill",
			"ProposeSkill", "SkillFeedback", "PromptSkills", "ResolveSkills"},
		access.Curator: append(slices.Clone(readCalls), "Upload", "Learn", "EnqueueRuns", "TakeRun", "FinishRun", "Unlearn", "Curate",
			"ImportSkills", "ProposeSkill", "SkillFeedback"),
		access.Reviewer: append(slices.Clone(readCalls), "Decide", "Resolve", "ReviewSkill", "PromoteSkill", "AllowSkill", "ProposeSkill", "SkillFeedback", "RollbackSkill", "WarnSkill", "EditSkill", "MergeSkills"),
	}
)

// Methods are the service's method names, in the order of the proto.
var Methods = []string{"WhoAmI", "Find", "Show", "Rank", "Graph", "Sessions", "Report", "Conflicts", "Upload",
	"Learn", "Decide", "Watch", "Unlearn", "Resolve", "Curate", "SearchSkills", "ListSkills", "GetSkill", "ActivateSkill",
	"ProposeSkill", "ReviewSkill", "PromoteSkill", "SkillFeedback", "AllowSkill", "ExportSkills", "ImportSkills",
	"Queue", "Jobs", "EnqueueRuns", "TakeRun", "FinishRun", "AddUser", "ListUsers", "RevokeUser", "RollbackSkill", "WarnSkill", "EditSkill",
	"PromptSkills", "ResolveSkills", "MergeSkills", "EvalSkills", "VerifyStore", "BackupStore"}

// Allowed lists the methods role may call.
func Allowed(role access.Role) []string {
	if role == access.Admin {
		return slices.Clone(Methods)
	}
	var out []string
	for _, m := range Methods {
		if slices.Contains(roleCalls[role], m) {
			out = append(out, m)
		}
	}
	return out
}

// Check says whether the caller in ctx may call method; the refusal is a
// PermissionDenied error naming the roles that may.
func Check(ctx context.Context, method string) (Caller, error) {
	c, ok := CallerFrom(ctx)
	if !ok {
		return c, connect.NewError(connect.CodeUnauthenticated, errors.New("nobody is calling: no user"))
	}
	if c.Role == access.Admin || slices.Contains(roleCalls[c.Role], method) {
		return c, nil
	}
	var who []string
	for _, r := range access.Roles {
		if r == access.Admin || slices.Contains(roleCalls[r], method) {
			who = append(who, string(r))
		}
	}
	return c, connect.NewError(connect.CodePermissionDenied,
		fmt.Errorf("%s (%s) may not call %s: it needs the role %s", c.User, c.Role, method, strings.Join(who, " or ")))
}

// Errorf returns a Connect error with code.
func Errorf(code connect.Code, format string, args ...any) error {
	return connect.NewError(code, fmt.Errorf(format, args...))
}

// Code is err's Connect code (CodeUnknown for an error of no code).
func Code(err error) connect.Code { return connect.CodeOf(err) }

// DefaultPort is the port of a team server named without one: lore serve
// --listen HOST listens there, and LORE_SERVER=HOST calls there.
const DefaultPort = "7433"

// WithDefaultPort is addr with DefaultPort when it names a host alone
// (lore.example.org, 10.0.0.5, [::1] or ::1); an address with a port is
// returned as it is.
func WithDefaultPort(addr string) string {
	if _, _, err := net.SplitHostPort(addr); err == nil {
		return addr
	}
	host := strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]")
	return net.JoinHostPort(host, DefaultPort)
}

// exitMeta is the error metadata that carries the command line's exit
// code where the Connect code alone does not tell it: an unlearn blocked
// by dependents is FailedPrecondition, as a refusal at the gate is, yet
// its exit code is its own.
const exitMeta = "Lore-Exit-Code"

// WithExitCode returns ce carrying the exit code code (see ExitCodeOf).
func WithExitCode(ce *connect.Error, code int) *connect.Error {
	ce.Meta().Set(exitMeta, strconv.Itoa(code))
	return ce
}

// ExitCodeOf is the exit code err carries (WithExitCode), on either side
// of the network; ok is false when it carries none.
func ExitCodeOf(err error) (code int, ok bool) {
	ce, isAPI := errors.AsType[*connect.Error](err)
	if !isAPI {
		return 0, false
	}
	n, convErr := strconv.Atoi(ce.Meta().Get(exitMeta))
	return n, convErr == nil && n > 0
}
