package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// stemPage is how many records PrimitivesWithKeywordStems reads at a
// time, so that a common stem's primitives are never all held at once.
const stemPage = 1000

// PrimitivesWithKeywordStems calls fn, in id order and from one snapshot
// (a repeatable-read transaction), for every primitive one of whose
// keywords has one of stems as its stem. A keyword of several words is
// found by its first word, as in the Badger store. An error from fn stops
// it and is returned as is.
//
// Without it learning would read every stored primitive to find the
// statements naming a new term (engine.KeywordLister). Its cost follows
// the matching keywords: a Snowball stem differs from its word in at most
// its last two letters, so the keywords of a stem all start with the stem
// less two letters, and only that range of the keyword index is read
// (a prefix LIKE, which the "C" collation lets the primary key's btree
// answer); each distinct keyword is stemmed once, here, with the same
// stemmer as the Badger store.
func (s *Store) PrimitivesWithKeywordStems(stems []string, fn func(core.Primitive) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	want := make(map[string]bool, len(stems))
	var prefixes []string
	for _, st := range stems {
		want[st] = true
		r := []rune(st)
		prefixes = append(prefixes, string(r[:max(1, len(r)-2)]))
	}
	// A range inside another is read with it.
	slices.Sort(prefixes)
	prefixes = slices.CompactFunc(prefixes, func(a, b string) bool { return strings.HasPrefix(b, a) })
	if len(prefixes) == 0 {
		return nil
	}
	patterns := make([]string, len(prefixes))
	for i, p := range prefixes {
		patterns[i] = likePrefix(p)
	}
	ctx := context.Background()
	var fnErr error
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT DISTINCT k.keyword FROM unnest($1::text[]) AS p(pattern)
CROSS JOIN LATERAL (SELECT keyword FROM primitive_keywords WHERE keyword LIKE p.pattern) AS k`, patterns)
		if err != nil {
			return err
		}
		var kw string
		var matching []string
		if _, err := pgx.ForEachRow(rows, []any{&kw}, func() error {
			if ws := text.NameStems(kw); len(ws) > 0 && want[ws[0]] {
				matching = append(matching, kw)
			}
			return nil
		}); err != nil {
			return err
		}
		if len(matching) == 0 {
			return nil
		}
		rows, err = tx.Query(ctx, "SELECT DISTINCT id FROM primitive_keywords WHERE keyword = ANY($1) ORDER BY id", matching)
		if err != nil {
			return err
		}
		var id string
		var ids []string
		if _, err := pgx.ForEachRow(rows, []any{&id}, func() error {
			ids = append(ids, id)
			return nil
		}); err != nil {
			return err
		}
		for len(ids) > 0 {
			page := ids[:min(len(ids), stemPage)]
			ids = ids[len(page):]
			rows, err := tx.Query(ctx, "SELECT record FROM primitives WHERE id = ANY($1) ORDER BY id", page)
			if err != nil {
				return err
			}
			ps, err := scanPrimitives(rows)
			if err != nil {
				return err
			}
			for _, p := range ps {
				if fnErr = fn(p); fnErr != nil {
					return fnErr
				}
			}
		}
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("primitives with keyword stems %v: %w", stems, s.wrapClosed(err))
	}
	return nil
}

// likePrefix is the LIKE pattern of the strings starting with prefix.
func likePrefix(prefix string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(prefix) + "%"
}
