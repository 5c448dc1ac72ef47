package acquire

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// archive/zip parses the whole central directory before it hands back a
// single entry, and it keeps reading records for as long as they parse, so a
// zip holding millions of tiny records costs memory in proportion to its
// size, whatever the entry cap. zipView walks the central directory itself,
// without allocating per record, and hands archive/zip a view of the file in
// which the directory ends after the records lore is willing to list: the
// real bytes up to the last accepted record, then a synthetic end of central
// directory. archive/zip then stops exactly where this walk stopped.

const (
	zipDirHeaderSig = 0x02014b50
	zipDirHeaderLen = 46
	zipEndSig       = 0x06054b50
	zipEndLen       = 22
	zip64LocSig     = 0x07064b50
	zip64LocLen     = 20
	zip64EndSig     = 0x06064b50
	zip64EndLen     = 56
)

var errZipFormat = errors.New("no central directory found")

// zipListing is the part of a zip's central directory lore will read.
type zipListing struct {
	view     io.ReaderAt
	size     int64
	records  int   // directory records in the view
	dirBytes int64 // bytes those records take
	// more is set when records follow that the view leaves out: the
	// entry cap or the byte budget was reached.
	more      bool
	moreBytes bool // the byte budget, not the entry cap, cut the listing
}

// zipDirectory finds the central directory of a zip file of the given size
// the way archive/zip does: base is where the archive starts inside the file
// (non-zero for self-extracting stubs), start where the directory starts,
// declared the record count the end record states.
func zipDirectory(r io.ReaderAt, size int64) (base, start int64, declared uint64, err error) {
	var buf []byte
	var endAt int64 = -1
	for i, n := range []int64{1024, 65 * 1024} {
		if n > size {
			n = size
		}
		buf = make([]byte, n)
		if _, err := r.ReadAt(buf, size-n); err != nil && err != io.EOF {
			return 0, 0, 0, err
		}
		if p := findZipEnd(buf); p >= 0 {
			buf = buf[p:]
			endAt = size - n + int64(p)
			break
		}
		if i == 1 || n == size {
			return 0, 0, 0, errZipFormat
		}
	}
	le := binary.LittleEndian
	declared = uint64(le.Uint16(buf[10:]))
	dirSize := uint64(le.Uint32(buf[12:]))
	dirOffset := uint64(le.Uint32(buf[16:]))
	if declared == 0xffff || dirSize == 0xffff || dirOffset == 0xffffffff {
		if p, ok := findZip64End(r, endAt); ok {
			rec := make([]byte, zip64EndLen)
			if _, err := r.ReadAt(rec, p); err != nil {
				return 0, 0, 0, err
			}
			if le.Uint32(rec) != zip64EndSig {
				return 0, 0, 0, errors.New("zip64 end of central directory record not found")
			}
			endAt = p
			declared = le.Uint64(rec[32:])
			dirSize = le.Uint64(rec[40:])
			dirOffset = le.Uint64(rec[48:])
		}
	}
	const maxInt64 = 1<<63 - 1
	if dirSize > maxInt64 || dirOffset > maxInt64 {
		return 0, 0, 0, errors.New("central directory offsets out of range")
	}
	base = endAt - int64(dirSize) - int64(dirOffset)
	if o := base + int64(dirOffset); o < 0 || o >= size {
		return 0, 0, 0, errors.New("central directory offset points outside the file")
	}
	// Some writers record a base offset that is wrong; archive/zip then
	// prefers a directory found at the recorded offset itself.
	if base > 0 && zipRecordAt(r, size, int64(dirOffset)) {
		base = 0
	}
	if base < 0 {
		return 0, 0, 0, errors.New("central directory offsets are inconsistent")
	}
	return base, base + int64(dirOffset), declared, nil
}

// findZipEnd returns the offset of the end of central directory record in
// b, searching backwards, or -1.
func findZipEnd(b []byte) int {
	for i := len(b) - zipEndLen; i >= 0; i-- {
		if b[i] == 'P' && b[i+1] == 'K' && b[i+2] == 0x05 && b[i+3] == 0x06 {
			n := int(b[i+zipEndLen-2]) | int(b[i+zipEndLen-1])<<8
			if n+zipEndLen+i > len(b) {
				return -1
			}
			return i
		}
	}
	return -1
}

func findZip64End(r io.ReaderAt, endAt int64) (int64, bool) {
	at := endAt - zip64LocLen
	if at < 0 {
		return 0, false
	}
	b := make([]byte, zip64LocLen)
	if _, err := r.ReadAt(b, at); err != nil {
		return 0, false
	}
	le := binary.LittleEndian
	if le.Uint32(b) != zip64LocSig || le.Uint32(b[4:]) != 0 || le.Uint32(b[16:]) != 1 {
		return 0, false
	}
	p := le.Uint64(b[8:])
	if p > 1<<62 {
		return 0, false
	}
	return int64(p), true
}

// zipRecordAt reports whether a complete central directory record starts
// at off.
func zipRecordAt(r io.ReaderAt, size, off int64) bool {
	if off < 0 || off+zipDirHeaderLen > size {
		return false
	}
	var h [zipDirHeaderLen]byte
	if _, err := r.ReadAt(h[:], off); err != nil {
		return false
	}
	if binary.LittleEndian.Uint32(h[:]) != zipDirHeaderSig {
		return false
	}
	return off+zipRecordLen(h[:]) <= size
}

func zipRecordLen(h []byte) int64 {
	le := binary.LittleEndian
	return zipDirHeaderLen + int64(le.Uint16(h[28:])) + int64(le.Uint16(h[30:])) + int64(le.Uint16(h[32:]))
}

// zipView lists at most maxRecords directory records taking at most maxBytes
// bytes and returns a view of the archive that holds exactly those.
func zipView(r io.ReaderAt, size int64, maxRecords int, maxBytes int64) (*zipListing, error) {
	base, start, declared, err := zipDirectory(r, size)
	if err != nil {
		return nil, err
	}
	l := &zipListing{}
	br := bufio.NewReader(io.NewSectionReader(r, start, size-start))
	var h [zipDirHeaderLen]byte
	for {
		if _, err := io.ReadFull(br, h[:]); err != nil || binary.LittleEndian.Uint32(h[:]) != zipDirHeaderSig {
			break
		}
		n := zipRecordLen(h[:])
		if _, err := br.Discard(int(n - zipDirHeaderLen)); err != nil {
			break
		}
		if l.records >= maxRecords || l.dirBytes+n > maxBytes {
			l.more = true
			l.moreBytes = l.records < maxRecords
			break
		}
		l.records++
		l.dirBytes += n
	}
	if !l.more && uint16(l.records) != uint16(declared) {
		return nil, fmt.Errorf("central directory lists %d entries, %d found", declared, l.records)
	}
	end := start + l.dirBytes
	// The view starts at the archive's base, so every offset archive/zip
	// computes is relative to it and its base-offset guess never applies.
	dirOffset := uint64(start - base)
	at := uint64(end - base)
	tail := make([]byte, zip64EndLen+zip64LocLen+zipEndLen)
	le := binary.LittleEndian
	t := tail
	le.PutUint32(t, zip64EndSig)
	le.PutUint64(t[4:], zip64EndLen-12)
	le.PutUint16(t[12:], 45)
	le.PutUint16(t[14:], 45)
	le.PutUint64(t[24:], uint64(l.records))
	le.PutUint64(t[32:], uint64(l.records))
	le.PutUint64(t[40:], uint64(l.dirBytes))
	le.PutUint64(t[48:], dirOffset)
	t = t[zip64EndLen:]
	le.PutUint32(t, zip64LocSig)
	le.PutUint64(t[8:], at)
	le.PutUint32(t[16:], 1)
	t = t[zip64LocLen:]
	le.PutUint32(t, zipEndSig)
	le.PutUint16(t[8:], 0xffff)
	le.PutUint16(t[10:], 0xffff)
	le.PutUint32(t[12:], 0xffffffff)
	le.PutUint32(t[16:], 0xffffffff)
	l.view = &joinedReaderAt{head: io.NewSectionReader(r, base, end-base), headSize: end - base, tail: tail}
	l.size = end - base + int64(len(tail))
	return l, nil
}

// joinedReaderAt is head followed by tail.
type joinedReaderAt struct {
	head     io.ReaderAt
	headSize int64
	tail     []byte
}

func (j *joinedReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("negative offset")
	}
	n := 0
	if off < j.headSize {
		want := p
		if int64(len(want)) > j.headSize-off {
			want = want[:j.headSize-off]
		}
		m, err := j.head.ReadAt(want, off)
		n += m
		if m < len(want) {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
		off += int64(m)
	}
	if n < len(p) {
		t := off - j.headSize
		if t >= int64(len(j.tail)) {
			return n, io.EOF
		}
		m := copy(p[n:], j.tail[t:])
		n += m
		if n < len(p) {
			return n, io.EOF
		}
	}
	return n, nil
}
