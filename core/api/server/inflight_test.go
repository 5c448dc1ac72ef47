package server_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/lorev1/lorev1connect"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
	"github.com/lore-kb/lore/internal/heappeak"
)

// defaultInFlight is the documented default of what one user's requests
// may have under way, in bytes (docs/team.md).
const defaultInFlight = 32 << 20

// zeros is what an attacking client sends, shared by its streams: the
// test's own process holds no copy of each body.
var zeros = make([]byte, 64<<10)

// sendZeros writes n zero bytes to w.
func sendZeros(w io.Writer, n int) {
	for n > 0 {
		k, err := w.Write(zeros[:min(n, len(zeros))])
		if err != nil {
			return
		}
		n -= k
	}
}

// h2Attack sends n Find requests at once over one HTTP/2 connection as
// token's user, each declaring length bytes (-1: no length) and sending
// sent of them, then nothing, and waits up to wait for each answer.
func h2Attack(t *testing.T, addr string, conf *tls.Config, token string, length int64, sent, n int, wait time.Duration) []cutOff {
	t.Helper()
	var protos http.Protocols
	protos.SetHTTP2(true)
	tr := &http.Transport{TLSClientConfig: conf.Clone(), Protocols: &protos, ForceAttemptHTTP2: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	// The connection first, for every stream to share it.
	if res, err := hc.Get("https://" + addr + "/"); err == nil {
		_ = res.Body.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	out := make([]cutOff, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		pr, pw := io.Pipe()
		defer pw.Close()
		wg.Go(func() {
			go sendZeros(pw, sent)
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://"+addr+lorev1connect.LoreServiceFindProcedure, pr)
			if err != nil {
				t.Error(err)
				return
			}
			// 0 with a body is "unknown" to net/http: no Content-Length.
			req.ContentLength = max(length, 0)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := hc.Do(req)
			switch {
			case errors.Is(err, context.DeadlineExceeded):
				out[i] = cutOff{code: "none within the bound", after: time.Since(start)}
			case err != nil:
				out[i] = cutOff{code: "reset: " + err.Error(), after: time.Since(start)}
			default:
				code, msg := connectError(res.Body)
				_ = res.Body.Close()
				out[i] = cutOff{code: code, msg: msg, after: time.Since(start)}
			}
		})
	}
	wg.Wait()
	return out
}

// heapObjects is the heap's live and unswept objects, in bytes.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// tally counts the answers by code; quick is how many came within
// quickly.
func tally(got []cutOff, quickly time.Duration) (codes map[string]int, quick map[string]int) {
	codes, quick = map[string]int{}, map[string]int{}
	for _, c := range got {
		codes[c.code]++
		if c.after < quickly {
			quick[c.code]++
		}
	}
	return codes, quick
}

// TestRequestBytesBoundedPerUser: with a valid token of the least role,
// 100 HTTP/2 streams on one connection each declaring 4,000,000 bytes,
// sending 3.5 MB and then nothing: 8 of them (the default 32 MiB a user
// may have under way, over 4,000,000) are held until Options.Body ends
// them (deadline_exceeded), the other 92 are refused at once
// (resource_exhausted, within 2 s); the same 100 streams declaring no
// length count as the most a call reads (4 MiB): at most 8 held, the
// rest refused at once. Each refusal and each cut-off is a line of the
// server's log, and the process's heap grows by less than 4 times the
// budget and 64 MiB (the test's own client: a 512 KiB write buffer per
// stream) under each attack. Every stalled stream used to be held, each
// costing the server about 4.7 MB of heap (472 MiB for the 100).
func TestRequestBytesBoundedPerUser(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	var log logBuffer
	const body = 3 * time.Second
	addr, conf := serve(t, e, e.Svc, server.Options{Body: body, Log: &log})
	const (
		n     = 100
		bound = 4*defaultInFlight + 64<<20
		wait  = body + 5*time.Second
	)
	for _, length := range []int64{stalledLength, -1} {
		// Twice: Connect's pooled buffers of the attack before go
		// with the second collection.
		runtime.GC()
		runtime.GC()
		base := heapObjects()
		var got []cutOff
		peak := heappeak.Of(func() { got = h2Attack(t, addr, conf, token, length, stalledSent, n, wait) })
		codes, quick := tally(got, 2*time.Second)
		grew := int64(peak) - int64(base)
		t.Logf("Content-Length %d: heap %d MiB before, peak %d MiB (+%d MiB); answers %v", length, base>>20, peak>>20, grew>>20, codes)
		held, refused := codes["deadline_exceeded"], quick["resource_exhausted"]
		most := defaultInFlight / stalledLength
		if length < 0 {
			most = defaultInFlight / (4 << 20)
		}
		if held < 1 || held > most || refused != n-held {
			t.Errorf("Content-Length %d: %d held until Body, %d refused at once, want 1 to %d held and the rest refused at once; answers %v", length, held, refused, most, codes)
		}
		if grew > bound {
			t.Errorf("Content-Length %d: the heap grew by %d MiB under the attack, want less than %d MiB (4 × the budget + 64 MiB)", length, grew>>20, bound>>20)
		}
	}
	out := log.String()
	for _, want := range []string{"lore: refused Find from 127.0.0.1", "rita (reader, default): the user's requests under way hold", "declaring no length, counts as",
		"lore: cut off Find from 127.0.0.1", "did not arrive whole within 3s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the server's log lacks %q:\n%.3000s", want, out)
		}
	}
	refusals, cuts := strings.Count(out, "requests under way hold"), strings.Count(out, "lore: cut off Find")
	if refusals+cuts != 2*n {
		t.Errorf("the log has %d refusals for the budget and %d cut-offs, want a line for each of the %d calls:\n%.3000s", refusals, cuts, 2*n, out)
	}
}

// TestOversizedRequestRefusedAtOnce: a request whose Content-Length is
// over what its call reads (4 MiB) is refused from its headers with
// resource_exhausted, over HTTP/1.1 and HTTP/2, within 2 s, logged; it
// used to be read to its end and discarded, held Options.Body (a minute)
// when the client stopped sending. Over HTTP/1.1 a request refused for
// its token, 1000 of its 4,000,000 bytes sent, hears unauthenticated
// within 2 s too (net/http waited to read 256 KiB of it, for the
// connection, until Options.Body).
func TestOversizedRequestRefusedAtOnce(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	var log logBuffer
	addr, conf := serve(t, e, e.Svc, server.Options{Log: &log})
	const quickly = 2 * time.Second
	const length = 5 << 20
	check := func(what string, got cutOff) {
		t.Helper()
		if got.code != "resource_exhausted" || !strings.Contains(got.msg, "5242880") || got.after > quickly {
			t.Errorf("%s: %+v, want resource_exhausted naming its length within %s", what, got, quickly)
		}
	}
	check("HTTP/1.1", sizedH1(t, addr, conf, token, length, 1000, quickly+time.Second))
	for i, got := range h2Attack(t, addr, conf, token, length, 1000, 3, quickly+time.Second) {
		check(fmt.Sprintf("HTTP/2, stream %d", i), got)
	}
	// Nor does a refusal of a token wait on a body that stopped coming.
	if got := sizedH1(t, addr, conf, "", stalledLength, 1000, quickly+time.Second); got.code != "unauthenticated" || got.after > quickly {
		t.Errorf("HTTP/1.1 with no token, 1000 bytes of 4000000 sent: %+v, want unauthenticated within %s", got, quickly)
	}
	if n := strings.Count(log.String(), "more than Find reads"); n != 4 {
		t.Errorf("the log has %d refusals of the oversized request, want 4:\n%s", n, log.String())
	}
}

// sizedH1 is stalledH1 for a request declaring length bytes, with
// token ("" for none).
func sizedH1(t *testing.T, addr string, conf *tls.Config, token string, length int64, sent int, wait time.Duration) cutOff {
	t.Helper()
	conf = conf.Clone()
	conf.NextProtos = []string{"http/1.1"}
	conn, err := tls.Dial("tcp", addr, conf)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	auth := ""
	if token != "" {
		auth = "Authorization: Bearer " + token + "\r\n"
	}
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n%sContent-Length: %d\r\n\r\n",
		lorev1connect.LoreServiceFindProcedure, addr, auth, length); err != nil {
		t.Fatal(err)
	}
	go sendZeros(conn, sent)
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return cutOff{code: "no answer: " + err.Error(), after: time.Since(start)}
	}
	defer res.Body.Close()
	code, msg := connectError(res.Body)
	return cutOff{code: code, msg: msg, after: time.Since(start)}
}

// whoAmI calls WhoAmI over HTTP/2 with the Authorization header auth and
// a request of size bytes ({} and spaces), and returns the user it
// answers, or the error's code.
func whoAmI(t *testing.T, addr string, conf *tls.Config, auth string, size int) (user, code string) {
	t.Helper()
	body := "{}" + strings.Repeat(" ", max(size-2, 0))
	req, err := http.NewRequest(http.MethodPost, "https://"+addr+lorev1connect.LoreServiceWhoAmIProcedure, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", auth)
	tr := &http.Transport{TLSClientConfig: conf.Clone(), ForceAttemptHTTP2: true}
	defer tr.CloseIdleConnections()
	res, err := (&http.Client{Transport: tr, Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		code, _ := connectError(res.Body)
		return "", code
	}
	var who struct{ User string }
	if err := json.NewDecoder(res.Body).Decode(&who); err != nil {
		t.Fatal(err)
	}
	return who.User, ""
}

// TestFullBudgetIsItsUsersAlone: while one user's requests under way fill
// their budget (8 stalled 4 MB requests held, a 9th refused), another
// user's 4 MB request is held as usual (not refused) and their WhoAmI is
// answered; once the stalled requests are cut off, the first user's
// budget is theirs again: a whole 4 MB request is answered.
func TestFullBudgetIsItsUsersAlone(t *testing.T) {
	e := apitest.New(t, false)
	rita := e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	bob := e.AddUser("bob", access.Reader, access.DefaultWorkspace)
	const body = 2 * time.Second
	addr, conf := serve(t, e, e.Svc, server.Options{Body: body})
	var ritas []cutOff
	var wg sync.WaitGroup
	wg.Go(func() { ritas = h2Attack(t, addr, conf, rita, stalledLength, stalledSent, 9, body+5*time.Second) })
	time.Sleep(body / 4)
	bobs := h2Attack(t, addr, conf, bob, stalledLength, stalledSent, 1, body+5*time.Second)
	if who, code := whoAmI(t, addr, conf, "Bearer "+bob, 100); who != "bob" {
		t.Errorf("bob's WhoAmI while rita's budget is full: %q %s, want bob", who, code)
	}
	wg.Wait()
	if codes, _ := tally(ritas, body); codes["deadline_exceeded"] != 8 || codes["resource_exhausted"] != 1 {
		t.Errorf("rita's 9 stalled requests: %v, want 8 held until Body and 1 refused", codes)
	}
	if bobs[0].code != "deadline_exceeded" {
		t.Errorf("bob's stalled request while rita's budget is full: %+v, want it held until Body (deadline_exceeded)", bobs[0])
	}
	if who, code := whoAmI(t, addr, conf, "Bearer "+rita, stalledLength); who != "rita" {
		t.Errorf("rita's whole 4 MB WhoAmI once her stalled requests ended: %q %s, want rita: the budget was not given back", who, code)
	}
}

// TestUploadCountsItsChunkOnly: an upload holds of its user's budget only
// the chunk being read: a 64 MiB document, the most the server takes,
// sent by the command line's client in its chunks, is uploaded whole
// under a budget of 2 MiB; and once it is, the budget is whole again (a
// request of 1.5 MiB is answered).
func TestUploadCountsItsChunkOnly(t *testing.T) {
	e := apitest.New(t, false)
	cura := e.AddUser("cura", access.Curator, access.DefaultWorkspace)
	addr, conf := serve(t, e, e.Svc, server.Options{InFlight: 2 << 20})
	c, err := client.New(addr, cura, conf)
	if err != nil {
		t.Fatal(err)
	}
	const size = 64 << 20
	doc := io.LimitReader(repeatReader("A line of a long document.\n"), size)
	up, err := c.Upload(context.Background(), &lorev1.UploadHeader{Name: "long.md", Size: size}, doc)
	if err != nil || up.GetUploadId() == "" {
		t.Fatalf("a 64 MiB upload under a budget of 2 MiB: %v", err)
	}
	if who, code := whoAmI(t, addr, conf, "Bearer "+cura, 3<<19); who != "cura" {
		t.Errorf("a 1.5 MiB WhoAmI after the upload: %q %s, want cura: the upload's chunks were not given back", who, code)
	}
}

// repeatReader reads s over and over.
type repeatReader string

func (r repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], r)
	}
	return n, nil
}

// TestBearerSchemeAnyCase: the Authorization scheme is matched without
// regard to case (RFC 7235): Bearer, bearer and BEARER let the token's
// user in; another scheme, or none, is refused.
func TestBearerSchemeAnyCase(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	addr, conf := serve(t, e, e.Svc, server.Options{})
	for _, scheme := range []string{"Bearer", "bearer", "BEARER", "bEaReR"} {
		if who, code := whoAmI(t, addr, conf, scheme+" "+token, 2); who != "rita" {
			t.Errorf("Authorization: %s TOKEN: %q %s, want rita", scheme, who, code)
		}
	}
	for _, auth := range []string{"Basic " + token, token, "Bearer", "Bearer "} {
		if who, code := whoAmI(t, addr, conf, auth, 2); code != "unauthenticated" {
			t.Errorf("Authorization: %q: %q %s, want unauthenticated", auth, who, code)
		}
	}
}
