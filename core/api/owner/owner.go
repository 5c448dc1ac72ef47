// Package owner lets one lore process own the store and serve it to the
// others. The process that opens the store keeps it open and listens on a
// socket beside it; every other lore command connects, sends its command
// line, and has it run by the owner, which streams what the command
// prints back and ends with its exit code. Reads run concurrently in the
// owner; writes take turns there. When nobody listens, a command opens
// the store itself as it always did.
//
// The package knows nothing of lore's commands: the owner runs a request
// through the Handler it is given, and the client only moves bytes.
//
// The wire is a sequence of frames, each a kind byte, a big-endian uint32
// length and that many bytes. The client sends one request frame (JSON),
// then its standard input as data frames and an end frame, and a cancel
// frame when the person interrupts; the owner sends standard output and
// standard error frames and, last, the exit code. A client may instead send
// one who frame, and the owner answers with a who frame naming itself
// (Owner, as JSON): a process that cannot own the store can then say which
// one does.
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
	kRequest = 'R' // client: the Request, as JSON
	kStdin   = 'I' // client: bytes of standard input
	kStdinEO = 'i' // client: standard input ended
	kCancel  = 'C' // client: the person interrupted the command
	kStdout  = 'O' // owner: bytes of standard output
	kStderr  = 'E' // owner: bytes of standard error
	kExit    = 'X' // owner: the exit code, 4 bytes; the last frame
	kRefused = 'N' // owner: the request was refused before it ran (text)
	kWho     = 'W' // client: who owns the store? owner: the Owner, as JSON
)

// maxFrame bounds one frame, so that a confused or hostile peer cannot
// make the other allocate without limit.
const maxFrame = 1 << 20

// Request is a command line to run in the owner, with what the client's
// side of it looks like.
type Request struct {
	// Args are the command's arguments, paths already made absolute by
	// the client.
	Args []string `json:"args"`
	// Dir is the client's working directory, for the record.
	Dir string `json:"dir"`
	// PID and Command name the client for the owner's notices
	// ("lore learn book.md, pid 4242").
	PID     int    `json:"pid"`
	Command string `json:"command"`
	// StdinTTY, StdoutTTY and StderrTTY say which of the client's streams
	// are terminals; Width is the terminal's width (0: none).
	StdinTTY  bool `json:"stdinTTY"`
	StdoutTTY bool `json:"stdoutTTY"`
	StderrTTY bool `json:"stderrTTY"`
	Width     int  `json:"width"`
}

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
