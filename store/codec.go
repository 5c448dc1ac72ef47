package store

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/klauspost/compress/s2"
)

// ErrUnknownCodec is returned (wrapped, with the key) when a value starts
// with a codec version this build does not know, typically because a newer
// lore wrote it.
var ErrUnknownCodec = errors.New("unknown codec version")

// ErrCorrupt is returned (wrapped, with the key) when a value cannot be
// decoded by the codec its version byte names.
var ErrCorrupt = errors.New("corrupt value")

// codec turns records into bytes. Its version byte is written in front of
// every value, so records written by an older codec stay readable after the
// encoding changes: decoding picks the codec by that byte, not by the build.
type codec interface {
	version() byte
	marshal(v any) ([]byte, error)
	unmarshal(data []byte, v any) error
}

// jsonCodec is version 1: stdlib JSON, debuggable with Badger's own tools and
// tolerant of fields added later.
type jsonCodec struct{}

func (jsonCodec) version() byte                      { return 1 }
func (jsonCodec) marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// s2JSONCodec is version 2: JSON compressed with S2. Journal chunks, many
// changes of one session that repeat field names and share most words,
// shrink to about a fifth, so a large learn writes its changeset to the
// value log at a fraction of the cost and the kept journals stay small. S2
// rather than zstd because it compresses at several hundred MB/s, which
// keeps the journal off the commit's critical path.
type s2JSONCodec struct{}

func (s2JSONCodec) version() byte { return 2 }

func (s2JSONCodec) marshal(v any) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return s2.Encode(nil, body), nil
}

func (s2JSONCodec) unmarshal(data []byte, v any) error {
	body, err := s2.Decode(nil, data)
	if err != nil {
		return err
	}
	return json.Unmarshal(body, v)
}

// writeCodec is what new values are written with, unless they are written
// compressed.
var writeCodec codec = jsonCodec{}

// codecs holds every codec that may have written a value still on disk.
var codecs = map[byte]codec{
	jsonCodec{}.version():   jsonCodec{},
	s2JSONCodec{}.version(): s2JSONCodec{},
}

// compressedValue is the value the S2 codec writes for JSON already
// marshaled, so that callers that measured their elements need not marshal
// them twice.
func compressedValue(body []byte) []byte {
	return framed(s2JSONCodec{}.version(), s2.Encode(nil, body))
}

// encodeCompressed is encodeValue with the S2 codec. Primitive records
// use it: a large learn writes hundreds of MB of them to the value log, and
// every page the commit writes stays mapped (and counted in the process's
// memory) until the store is closed; S2 makes a record markedly smaller
// and costs microseconds to read back.
func encodeCompressed(v any) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return compressedValue(body), nil
}

func encodeValue(v any) ([]byte, error) {
	body, err := writeCodec.marshal(v)
	if err != nil {
		return nil, err
	}
	return framed(writeCodec.version(), body), nil
}

// framed puts the codec version in front of an encoded value.
func framed(version byte, body []byte) []byte {
	out := make([]byte, 1+len(body))
	out[0] = version
	copy(out[1:], body)
	return out
}

// decodeValue names the key in every error so that a corrupt record can be
// found and repaired instead of taking the whole store down.
func decodeValue(key, data []byte, v any) error {
	if len(data) == 0 {
		return fmt.Errorf("decode %s: empty value: %w", displayKey(key), ErrCorrupt)
	}
	c, ok := codecs[data[0]]
	if !ok {
		return fmt.Errorf("decode %s: codec version %d (written by a newer lore?): %w",
			displayKey(key), data[0], ErrUnknownCodec)
	}
	if err := c.unmarshal(data[1:], v); err != nil {
		return fmt.Errorf("decode %s: %w: %w", displayKey(key), ErrCorrupt, err)
	}
	return nil
}
