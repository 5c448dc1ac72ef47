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
// less two letters, and only the distinct keywords of that range of the
// keyword index are read (keywordsFrom), each stemmed once, here, with
// the same stemmer as the Badger store; then the postings of those that
// match.
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
	ctx := context.Background()
	var fnErr error
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var matching []string
		for _, prefix := range prefixes {
			rows, err := tx.Query(ctx, keywordsFrom, prefix)
			if err != nil {
				return err
			}
			var kw string
			if _, err := pgx.ForEachRow(rows, []any{&kw}, func() error {
				if ws := text.NameStems(kw); len(ws) > 0 && want[ws[0]] {
					matching = append(matching, kw)
				}
				return nil
			}); err != nil {
				return err
			}
		}
		if len(matching) == 0 {
			return nil
		}
		rows, err := tx.Query(ctx, "SELECT DISTINCT id FROM primitive_keywords WHERE keyword = ANY($1) ORDER BY id", matching)
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

// keywordsFrom lists the distinct keywords starting with $1 by a loose
// scan of the keyword index: each step is one probe of the primary key
// for the next keyword after the last, so a keyword's postings, however
// many, cost one probe (the Badger store's seek past them), where a
// DISTINCT would read them all.
const keywordsFrom = `WITH RECURSIVE r(k) AS (
	(SELECT keyword FROM primitive_keywords WHERE keyword >= $1 ORDER BY keyword LIMIT 1)
	UNION ALL
	SELECT (SELECT keyword FROM primitive_keywords WHERE keyword > r.k ORDER BY keyword LIMIT 1)
	FROM r WHERE starts_with(r.k, $1)
)
SELECT k FROM r WHERE starts_with(k, $1)`
