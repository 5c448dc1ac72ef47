package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// folder is one of the server's own folders, and the words a remote
// client is told instead of its path.
type folder struct{ path, words string }

// folders are the server's own folders, the most specific first (the
// data folder may lie in the temporary folder).
type folders []folder

// with is fs and path, said as words: as given when absolute,
// absolute, and with its links resolved (an OS error may name any).
func (fs folders) with(path, words string) folders {
	if path == "" {
		return fs
	}
	var forms []string
	if filepath.IsAbs(path) {
		forms = append(forms, filepath.Clean(path))
	}
	if abs, err := filepath.Abs(path); err == nil {
		forms = append(forms, abs)
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			forms = append(forms, real)
		}
	}
	for _, p := range forms {
		// The root alone would hide every absolute path, a client's
		// own and a URL's included.
		if p == filepath.VolumeName(p)+string(filepath.Separator) || slices.ContainsFunc(fs, func(f folder) bool { return f.path == p }) {
			continue
		}
		fs = append(fs, folder{p, words})
	}
	slices.SortStableFunc(fs, func(a, b folder) int { return len(b.path) - len(a.path) })
	return fs
}

// hide says s with every path in one of fs said in words: the folder
// itself as "the server's data folder", a path under it as "a path in
// the server's data folder". A path starts a word and ends where the
// message goes on (a space, a quote, a colon, a comma, a bracket).
func (fs folders) hide(s string) string {
	for _, f := range fs {
		for from := 0; from < len(s); {
			i := strings.Index(s[from:], f.path)
			if i < 0 {
				break
			}
			i += from
			end := i + len(f.path)
			if i > 0 && !startsPath(s[i-1]) || end < len(s) && !isSep(s[end]) && !endsPath(s[end]) {
				// Within a URL (http://host/tmp/a.md), or another
				// folder whose name starts the same (/tmp2).
				from = end
				continue
			}
			j := end
			for j < len(s) && !endsPath(s[j]) {
				j++
			}
			words := f.words
			if j > end+1 {
				words = "a path in " + f.words
			}
			s = s[:i] + words + s[j:]
			from = i + len(words)
		}
	}
	return s
}

func isSep(c byte) bool { return c == '/' || c == filepath.Separator }

// startsPath reports whether a path may follow c.
func startsPath(c byte) bool { return endsPath(c) || c == '(' || c == '[' || c == '<' || c == '=' }

// endsPath reports whether c ends a path: a message goes on.
func endsPath(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', ':', ',', ';', ')', ']', '>':
		return true
	}
	return false
}

// inside keeps the server's own folders from what a client on the
// network hears: an error's message and a streamed event's text say a
// path in them in words ("a path in the server's data folder"), keeping
// the error's code and what went wrong; the server's log keeps the error
// in full. An OS error names the file it failed on (an upload's
// <data>/uploads/<id>/name, a workspace's store): the client needs what
// failed, not where. The owner's own socket and the service in process
// are not behind it: a person on their own machine sees every path.
type inside struct {
	// all are every folder hidden in errors and failures: the data
	// folder and the temporary folder.
	all folders
	// data is the data folder alone, hidden everywhere in an event: a
	// temporary path quoted from a document in a finding is the
	// document's, not the server's.
	data folders
	log  io.Writer
}

// newInside hides dataDir and the system's temporary folder.
func newInside(dataDir string, log io.Writer) inside {
	data := folders(nil).with(dataDir, "the server's data folder")
	all := slices.Clone(data).with(os.TempDir(), "the server's temporary folder")
	return inside{all: all, data: data, log: log}
}

// err is err as a client is told it: its code, its details and its
// message, the server's folders in words; the full error is logged when
// anything was hidden.
func (in inside) err(ctx context.Context, procedure string, err error) error {
	if err == nil || len(in.all) == 0 {
		return err
	}
	ce, coded := errors.AsType[*connect.Error](err)
	var code connect.Code
	var msg string
	switch {
	case coded:
		code, msg = ce.Code(), ce.Message()
	case errors.Is(err, context.Canceled):
		code, msg = connect.CodeCanceled, err.Error()
	case errors.Is(err, context.DeadlineExceeded):
		code, msg = connect.CodeDeadlineExceeded, err.Error()
	default:
		code, msg = connect.CodeUnknown, err.Error()
	}
	told := in.all.hide(msg)
	if told == msg {
		return err
	}
	in.logged(ctx, procedure, told, err.Error())
	out := connect.NewError(code, errors.New(told))
	if coded {
		for _, d := range ce.Details() {
			out.AddDetail(d)
		}
		for k, v := range ce.Meta() {
			out.Meta()[k] = v
		}
	}
	return out
}

// logged writes what the client was told and what it was told instead.
func (in inside) logged(ctx context.Context, procedure, told, full string) {
	if in.log == nil {
		return
	}
	c, _ := api.CallerFrom(ctx)
	method := procedure[strings.LastIndexByte(procedure, '/')+1:]
	fmt.Fprintf(in.log, "lore: %s (%s, %s) %s: the client was told %q; in full: %s\n", c.User, c.Role, c.Workspace, method, told, full)
}

// event is ev as a client is told it: a copy with the server's folders
// in words when it names one (ev may be shared with other watchers, and
// is never changed), else ev.
func (in inside) event(ctx context.Context, procedure string, ev *lorev1.LearnEvent) *lorev1.LearnEvent {
	failed, detail := ev.GetFailed().GetMessage(), ev.GetStage().GetDetail()
	if !names(ev.ProtoReflect(), in.data, false) && in.all.hide(failed) == failed && in.all.hide(detail) == detail {
		return ev
	}
	ev = proto.Clone(ev).(*lorev1.LearnEvent)
	names(ev.ProtoReflect(), in.data, true)
	if f := ev.GetFailed(); f != nil {
		f.Message = in.all.hide(f.Message)
		if f.Message != failed {
			in.logged(ctx, procedure, f.Message, failed)
		}
	}
	if s := ev.GetStage(); s != nil {
		s.Detail = in.all.hide(s.Detail)
	}
	return ev
}

// names reports whether a string in m (at any depth) names one of fs,
// and, when fix, says it in words in place.
func names(m protoreflect.Message, fs folders, fix bool) bool {
	found := false
	text := func(v protoreflect.Value) (protoreflect.Value, bool) {
		s := v.String()
		if h := fs.hide(s); h != s {
			return protoreflect.ValueOfString(h), true
		}
		return v, false
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsMap():
			// No event has a map.
		case fd.IsList():
			l := v.List()
			for i := 0; i < l.Len(); i++ {
				switch fd.Kind() {
				case protoreflect.StringKind:
					if h, ok := text(l.Get(i)); ok {
						found = true
						if fix {
							l.Set(i, h)
						}
					}
				case protoreflect.MessageKind, protoreflect.GroupKind:
					found = names(l.Get(i).Message(), fs, fix) || found
				}
			}
		case fd.Kind() == protoreflect.StringKind:
			if h, ok := text(v); ok {
				found = true
				if fix {
					m.Set(fd, h)
				}
			}
		case fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind:
			found = names(v.Message(), fs, fix) || found
		}
		return fix || !found
	})
	return found
}

// upkeep says the server's folders in words in what a check or a backup
// of the store answers (VerifyStore, BackupStore): the store they name
// is in the data folder, as may be what a problem's detail names. Such
// an answer is made for its one call, and changed in place.
func (in inside) upkeep(msg any) {
	var m proto.Message
	switch v := msg.(type) {
	case *lorev1.VerifyStoreResponse:
		m = v
	case *lorev1.BackupStoreChunk:
		if v.GetDone() == nil {
			return
		}
		m = v.GetDone()
	default:
		return
	}
	names(m.ProtoReflect(), in.all, true)
}

func (in inside) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		res, err := next(ctx, req)
		if err == nil && res != nil && len(in.all) > 0 {
			in.upkeep(res.Any())
		}
		return res, in.err(ctx, req.Spec().Procedure, err)
	}
}

func (in inside) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (in inside) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		err := next(ctx, insideConn{conn, in, ctx})
		return in.err(ctx, conn.Spec().Procedure, err)
	}
}

// insideConn sends a stream's events as a client is told them.
type insideConn struct {
	connect.StreamingHandlerConn
	in  inside
	ctx context.Context
}

func (c insideConn) Send(msg any) error {
	if ev, ok := msg.(*lorev1.LearnEvent); ok {
		msg = c.in.event(c.ctx, c.Spec().Procedure, ev)
	}
	c.in.upkeep(msg)
	return c.StreamingHandlerConn.Send(msg)
}
