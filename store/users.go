package store

import (
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/store/backend"
)

// The keyspace of a team server's users (core/access): the record of
// each user, and the index from a token's hash to its user.
var (
	// prefixUser: us/<name> → access.User.
	prefixUser = []byte("us/")
	// prefixUserToken: ut/<token hash> → the user's name.
	prefixUserToken = []byte("ut/")
)

var _ access.UserStore = (*Store)(nil)

func userKey(name string) []byte      { return join(prefixUser, name) }
func userTokenKey(hash string) []byte { return join(prefixUserToken, hash) }

// Users lists the users, by name.
func (s *Store) Users() ([]access.User, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []access.User
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixUser))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var u access.User
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &u) }); err != nil {
				return err
			}
			out = append(out, u)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the users: %w", err)
	}
	return out, nil
}

// User returns the user called name.
func (s *Store) User(name string) (access.User, bool, error) {
	var u access.User
	if err := s.checkOpen(); err != nil {
		return u, false, err
	}
	if err := validateID("user", name); err != nil {
		return u, false, err
	}
	var ok bool
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		ok, err = getJSON(txn, userKey(name), &u)
		return err
	})
	if err != nil {
		return u, false, fmt.Errorf("user %s: %w", name, err)
	}
	return u, ok, nil
}

// UserByToken returns the user whose token has this hash.
func (s *Store) UserByToken(hash string) (access.User, bool, error) {
	var u access.User
	if err := s.checkOpen(); err != nil {
		return u, false, err
	}
	if err := validateID("token hash", hash); err != nil {
		return u, false, err
	}
	var ok bool
	err := s.db.View(func(txn *badger.Txn) error {
		var name string
		found, err := getJSON(txn, userTokenKey(hash), &name)
		if err != nil || !found {
			return err
		}
		ok, err = getJSON(txn, userKey(name), &u)
		// The index and the record are written together; a record that
		// names another hash is a token since replaced.
		ok = ok && u.TokenHash == hash
		return err
	})
	if err != nil {
		return u, false, fmt.Errorf("find a token's user: %w", err)
	}
	return u, ok, nil
}

// RecordUse records a use of the user's token, under the write lock, in
// the transaction that reads the user: a revocation cannot slip between.
func (s *Store) RecordUse(name, tokenHash string, at time.Time) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("user", name); err != nil {
		return err
	}
	err := s.update(func(txn *badger.Txn) error {
		var u access.User
		found, err := getJSON(txn, userKey(name), &u)
		if err != nil || !found || u.TokenHash != tokenHash || !at.After(u.LastUsed) {
			return err
		}
		u.LastUsed = at
		return setJSON(txn, userKey(name), u)
	})
	if err != nil {
		return fmt.Errorf("record a use of user %s: %w", name, err)
	}
	return nil
}

// PutUser stores u and its token's index in one transaction; a token it
// replaces no longer finds it, and a token another user holds is refused
// (backend.ErrTokenInUse).
func (s *Store) PutUser(u access.User) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("user", u.Name); err != nil {
		return err
	}
	if err := validateID("token hash", u.TokenHash); err != nil {
		return err
	}
	err := s.update(func(txn *badger.Txn) error {
		var old access.User
		found, err := getJSON(txn, userKey(u.Name), &old)
		if err != nil {
			return err
		}
		var holder string
		held, err := getJSON(txn, userTokenKey(u.TokenHash), &holder)
		if err != nil {
			return err
		}
		if held && holder != u.Name {
			// Taking it would leave the holder's record naming a token
			// that finds another user, and replacing the holder's token
			// later would delete this user's index.
			return fmt.Errorf("token hash %.12s…: %w", u.TokenHash, backend.ErrTokenInUse)
		}
		if found && old.TokenHash != u.TokenHash {
			if err := txn.Delete(userTokenKey(old.TokenHash)); err != nil {
				return err
			}
		}
		if err := setJSON(txn, userTokenKey(u.TokenHash), u.Name); err != nil {
			return err
		}
		return setJSON(txn, userKey(u.Name), u)
	})
	if err != nil {
		return fmt.Errorf("store user %s: %w", u.Name, err)
	}
	return nil
}
