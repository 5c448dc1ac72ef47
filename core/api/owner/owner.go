// Package owner lets one lore process own the store and serve it to the
// others. The process that opens the store keeps it open and serves
// lore's API on a socket beside it (ListenAPI, DialAPI): every other lore
// command on the machine calls that API instead of finding the store
// locked. Reads run concurrently in the owner; writes take turns there.
// When nobody listens, a command opens the store itself.
//
// A second socket (Listen, Dial) only says who the owner is: a process
// that cannot own the store (a second terminal application) names the one
// that does. Its wire is one frame each way, a kind byte, a big-endian
// uint32 length and that many bytes: the client sends a who frame, the
// owner answers with a who frame naming itself (Owner, as JSON).
package owner

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
)

// Frame kinds.
const (
	kWho     = 'W' // client: who owns the store? owner: the Owner, as JSON
	kRefused = 'N' // owner: the frame was not a question it answers
)

// maxFrame bounds one frame, so that a confused or hostile peer cannot
// make the other allocate without limit.
const maxFrame = 1 << 20

// Owner is what an owner says of itself to a process that asks.
type Owner struct {
	// Kind names the process for a person: "lore serve", "the terminal
	// application".
	Kind string `json:"kind"`
	PID  int    `json:"pid"`
}

// ErrNoOwner is returned by Dial when no process serves the store.
var ErrNoOwner = errors.New("no lore process serves the store")

// writeFrame writes one frame in one system call where the writer allows
// it (a connection writes net.Buffers with writev): a command's output
// is many small frames, and two writes each doubled the owner's calls
// into the kernel on every request.
func writeFrame(w io.Writer, kind byte, p []byte) error {
	var hdr [5]byte
	hdr[0] = kind
	binary.BigEndian.PutUint32(hdr[1:], uint32(len(p)))
	bufs := net.Buffers{hdr[:]}
	if len(p) > 0 {
		bufs = append(bufs, p)
	}
	_, err := bufs.WriteTo(w)
	return err
}

// readFrame reads one frame from r, which should be buffered (see
// frameReader): a frame's header and body are then one read.
func readFrame(r io.Reader) (byte, []byte, error) {
	var hdr [5]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(hdr[1:])
	if n > maxFrame {
		return 0, nil, fmt.Errorf("frame of %d bytes is larger than %d", n, maxFrame)
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		return 0, nil, err
	}
	return hdr[0], p, nil
}

// frameReader buffers a connection's reads, so that the header and body
// of a frame, and the small frames sent together, cost one read.
func frameReader(c io.Reader) *bufio.Reader { return bufio.NewReaderSize(c, 16<<10) }
