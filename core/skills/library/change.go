package library

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
)

// update runs fn on the record ref names and writes it, with any new
// records fn returns, in the transaction that read it, so that a
// concurrent change (another use counted, another vote) is never lost. It
// returns the record as written.
func (l *Library) update(ref string, fn func(s *skills.Skill) ([]*skills.Skill, error)) (*skills.Skill, error) {
	key, err := l.Key(ref)
	if err != nil {
		return nil, err
	}
	var out *skills.Skill
	err = l.st.UpdateSkills([]string{key}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		extra, err := fn(recs[0])
		if err != nil {
			return nil, err
		}
		out = recs[0]
		return append(recs, extra...), nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UnacknowledgedError refuses to promote a skill with a critical finding
// that the reviewer has not acknowledged: approval needed and not given.
type UnacknowledgedError struct{ Key string }

func (e *UnacknowledgedError) Error() string {
	return fmt.Sprintf("%s has a critical finding (lore skills review %s shows it); promote it with --ack-critical once you have read it", e.Key, e.Key)
}

// InvalidError refuses to make active a skill the strict profile refuses
// (bundle.CheckStored, the check of lore skills validate): agents load an
// active skill, and one that fails the standard's validator may not load
// in theirs. It is not a usage error: the command was right, the skill is
// not (exit 1, as for lore skills validate). The skill stays as it was, a
// draft to fix.
type InvalidError struct {
	// Key is the skill's key.
	Key string
	// Errors are the strict profile's errors.
	Errors []string
	// Imported is set for a skill that keeps its SKILL.md as imported,
	// whose file is edited whole (EditSkillMD) rather than its fields.
	Imported bool
}

func (e *InvalidError) Error() string {
	fix := "edit the draft, then promote it"
	if e.Imported {
		fix = "fix its SKILL.md (e on the Skills screen, or lore skills edit " + e.Key + " --file FILE), then promote it"
	}
	return fmt.Sprintf("%s is invalid under the strict profile (lore skills validate) and is not made active: %s; it stays as it was: %s",
		e.Key, strings.Join(e.Errors, "; "), fix)
}

// Invalid returns the *InvalidError that refuses to make s active, or nil
// when the strict profile accepts it. Front ends ask it to say so before
// they ask for a promotion; the library asks it again when it makes one.
func Invalid(s *skills.Skill) error {
	if e := invalid(s); e != nil {
		return e
	}
	return nil
}

func invalid(s *skills.Skill) *InvalidError {
	r := bundle.CheckStored(s)
	if r.Valid {
		return nil
	}
	errs := r.Errors
	if len(errs) == 0 {
		errs = []string{"refused by the strict profile"}
	}
	return &InvalidError{Key: s.Key, Errors: errs, Imported: s.Original != nil || s.Source == skills.Imported}
}

// Review moves the skill ref names to status to, recording note as the
// reason. Moving a skill to the status it has is a *core.UsageError, so a
// review never counts a no-op as a decision. A skill the strict profile
// refuses is never promoted (*InvalidError), whatever the reviewer
// acknowledged: that is checked first, so nobody acknowledges findings for
// a promotion that cannot be. Promoting a skill with a critical finding
// needs ack: the reviewer has seen the finding and promotes it anyway,
// which the note then records.
func (l *Library) Review(ref string, to skills.Status, note string, ack bool) (*skills.Skill, error) {
	if to == skills.Active {
		if err := l.checkNameFree(ref); err != nil {
			return nil, err
		}
	}
	return l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		if to == skills.Active && s.Status != skills.Active {
			if err := Invalid(s); err != nil {
				return nil, err
			}
		}
		if to == skills.Active && s.Status != skills.Active && s.Critical() {
			if !ack {
				return nil, &UnacknowledgedError{Key: s.Key}
			}
			note = strings.TrimSpace(note + " (critical finding acknowledged)")
		}
		if err := s.SetStatus(to, note, l.now()); err != nil {
			return nil, &core.UsageError{Msg: err.Error()}
		}
		return nil, nil
	})
}

// Feedback records voter's helpful or harmful vote for the skill ref
// names, one per voter and version of the skill (skills.RecordVote),
// where only lets them give feedback.
func (l *Library) Feedback(ref, voter string, helpful bool, only Only) (*skills.Skill, error) {
	return l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		if err := only.check(ref, s); err != nil {
			return nil, err
		}
		s.RecordVote(voter, helpful, l.now())
		return nil, nil
	})
}

// Only says which skills may be given feedback (Feedback, UseWithNote,
// ReportFailure): it is asked of the record as stored, in the
// transaction that counts the feedback, and a skill it refuses is
// unknown, as to a consumer it is not offered to. Nil is any skill the
// library's audience reads.
type Only func(*skills.Skill) bool

// OfferedOnly is the feedback of consumer: only on what it is offered
// (OfferedTo).
func (l *Library) OfferedOnly(consumer string) Only {
	return func(s *skills.Skill) bool { return l.OfferedTo(s, consumer) }
}

func (o Only) check(ref string, s *skills.Skill) error {
	if o != nil && !o(s) {
		return &UnknownSkillError{Ref: ref}
	}
	return nil
}

// Use counts one use of the skill ref names and its outcome; a used skill
// stops decaying from that day.
func (l *Library) Use(ref string, success bool) (*skills.Skill, error) {
	return l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		s.RecordUse(success, l.now())
		return nil, nil
	})
}

// Failure is what reporting a failure did.
type Failure struct {
	// Skill is the reported skill as written.
	Skill *skills.Skill
	// Signature is the failure's normalized form (skills.Signature).
	Signature string
	// Count is how many times that signature has been reported.
	Count int
	// Negative is the negative skill this report created (a draft that
	// extends Skill), or nil.
	Negative *skills.Skill
}

// ReportFailure counts one failed use of the skill ref names under the
// failure's signature; the report that brings a signature to
// NegativeAfter also adds a negative skill, in the same transaction.
// Only where only lets the reporter give feedback.
func (l *Library) ReportFailure(ref, failure string, only Only) (Failure, error) {
	if strings.TrimSpace(failure) == "" {
		return Failure{}, &core.UsageError{Msg: "the failure is empty; say what went wrong"}
	}
	out := Failure{Signature: skills.Signature(failure)}
	s, err := l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		if err := only.check(ref, s); err != nil {
			return nil, err
		}
		neg, err := s.ReportFailure(out.Signature, l.opts.NegativeAfter, l.now())
		if err != nil {
			return nil, err
		}
		out.Negative = neg
		if neg == nil {
			return nil, nil
		}
		// The failure's words came from whoever reported it, often an
		// agent: the draft carries what the scanner finds in them, so a
		// critical one must be acknowledged before it is promoted.
		neg.Findings = scanProposal(neg.Content)
		return []*skills.Skill{neg}, nil
	})
	if err != nil {
		return Failure{}, err
	}
	out.Skill, out.Count = s, s.FailureSignatures[out.Signature]
	return out, nil
}

// Warning is a negative skill written by hand.
type Warning struct {
	// Name is the new skill's reference: a key, or an id meaning
	// public.<id>.
	Name string
	// Description is the warning as agents read it.
	Description string
	// Body is the explanation activation prints ("": a heading and the
	// description).
	Body string
	// About is a reference to the skill it warns about, if any.
	About string
	// TaskType says how fast it goes stale.
	TaskType search.TaskType
	// By names who wrote it, if known.
	By string
}

// Warn adds w to the library as an active negative skill (a person chose
// its words, so it needs no review). It needs no strict check either: lore
// writes its SKILL.md (skills.Render) from content skills.Warn has checked,
// which the strict profile accepts. A name already taken, an unknown
// About and content the library cannot store are *core.UsageErrors.
func (l *Library) Warn(w Warning) (*skills.Skill, error) {
	key, err := scope.Parse(w.Name)
	if err != nil {
		return nil, &core.UsageError{Msg: fmt.Sprintf("name %q: %v", w.Name, err)}
	}
	keys, err := l.st.SkillKeys()
	if err != nil {
		return nil, err
	}
	if slices.Contains(keys, key) {
		return nil, &core.UsageError{Msg: fmt.Sprintf("%s already exists; choose another name", key)}
	}
	extends := ""
	if w.About != "" {
		if extends, err = resolveRef(keys, w.About); err != nil {
			return nil, err
		}
	}
	body := w.Body
	if body == "" {
		body = "# Warning\n\n" + w.Description + "\n"
	}
	s, err := skills.Warn(key, w.Description, body, extends, w.TaskType, w.By, l.now())
	if err != nil {
		return nil, &core.UsageError{Msg: err.Error()}
	}
	if err := l.st.PutSkills([]*skills.Skill{s}); err != nil {
		return nil, err
	}
	return s, nil
}

// Rollback makes the content of version n of the skill ref names current
// again, as a new version, with the findings the scanner reported in it. A
// version the skill does not keep is a *core.UsageError naming the ones it
// does; rolling an active skill back to a version the strict profile
// refuses is an *InvalidError, and nothing changes. An active skill rolled
// back to a version holding a critical finding its current one does not
// goes back to the review queue: a person acknowledges that finding
// before agents are offered the version again.
func (l *Library) Rollback(ref string, n int) (*skills.Skill, error) {
	return l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		before := s.Findings
		if err := s.Rollback(n, l.now()); err != nil {
			if errors.Is(err, skills.ErrNoVersion) {
				return nil, &core.UsageError{Msg: err.Error()}
			}
			return nil, err
		}
		// An active skill offers the version rolled back to at once: it
		// must be one the strict profile accepts.
		if s.Status == skills.Active {
			if err := Invalid(s); err != nil {
				return nil, err
			}
			if addsCritical(before, s.Findings) {
				if err := s.SetStatus(skills.Draft, fmt.Sprintf("rolled back to version %d, which holds a %s", n, criticalNote), l.now()); err != nil {
					return nil, err
				}
			}
		}
		return nil, nil
	})
}

// Merge merges every pair of learned skills at least MergeThreshold
// similar (skills.NearDuplicates, skills.Merge), each pair in its own
// transaction, and returns the pairs. With dryRun it changes nothing and
// only returns them.
func (l *Library) Merge(dryRun bool) ([]skills.Pair, error) {
	lib, err := l.st.Skills()
	if err != nil {
		return nil, err
	}
	pairs := skills.NearDuplicates(lib, l.opts.MergeThreshold)
	if dryRun {
		return pairs, nil
	}
	for _, p := range pairs {
		err := l.st.UpdateSkills([]string{p.Into, p.From}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			return recs, skills.Merge(recs[0], recs[1], l.now())
		})
		if err != nil {
			return nil, err
		}
	}
	return pairs, nil
}

// checkNameFree refuses to make the skill ref names active while another
// skill of the same name is: an agent sees skills by name, so a proposal
// named like a reviewed skill would otherwise stand beside it in every
// catalog and prompt, saying something else under the same name.
func (l *Library) checkNameFree(ref string) error {
	key, err := l.Key(ref)
	if err != nil {
		return err
	}
	active, err := l.List(Filter{Status: []skills.Status{skills.Active}})
	if err != nil {
		return err
	}
	_, id, ok := scope.Split(key)
	if !ok {
		id = key
	}
	for _, o := range active.Skills {
		if o.Key != key && o.ID() == id {
			return &core.UsageError{Msg: fmt.Sprintf("%s is active under the same name %s; archive it first (lore skills review %s archive) or keep %s a draft", o.Key, id, o.Key, key)}
		}
	}
	return nil
}

// Promote makes the skill ref names, seen by its owner alone (visibility
// user), a skill of the whole workspace (seed 003: a user creates, the
// workspace promotes), recording by as the reason. Its status is left as
// it is: a draft still waits for review. A skill the workspace already
// sees is a *core.UsageError.
func (l *Library) Promote(ref, by string) (*skills.Skill, error) {
	return l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		if s.Visibility != skills.User {
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s is already seen by the whole workspace", s.Key)}
		}
		s.Visibility = skills.Workspace
		s.Note = fmt.Sprintf("promoted to the workspace from %s's own skills", orSomeone(s.Owner))
		if by != "" {
			s.Note += " by " + by
		}
		s.Updated = l.now()
		return nil, nil
	})
}

func orSomeone(user string) string {
	if user == "" {
		return "someone"
	}
	return user
}

// Allow lets consumer activate the skill ref names without asking its
// user, as the skill is now, recorded with who allowed it and when;
// revoke takes the leave back. Only an active skill is offered, so only
// an active one can be allowed.
func (l *Library) Allow(ref, consumer, by string, revoke bool) (*skills.Skill, error) {
	consumer = strings.TrimSpace(consumer)
	if consumer == "" {
		return nil, &core.UsageError{Msg: "name the consumer to allow (--consumer NAME)"}
	}
	return l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		had := len(s.Allowed)
		s.Allowed = slices.DeleteFunc(s.Allowed, func(a skills.Allowance) bool { return a.Consumer == consumer })
		if revoke {
			if len(s.Allowed) == had {
				return nil, &core.UsageError{Msg: fmt.Sprintf("%s is not allowed for %s: nothing to revoke", s.Key, consumer)}
			}
			return nil, nil
		}
		if s.Status != skills.Active {
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s is %s, not active: agents are not offered it, so it cannot be allowed (promote it first)", s.Key, s.Status)}
		}
		s.Allowed = append(s.Allowed, skills.Allowance{Consumer: consumer, Hash: s.Hash, By: by, At: l.now().UTC()})
		return nil, nil
	})
}
