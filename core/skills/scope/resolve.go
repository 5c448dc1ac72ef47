package scope

import (
	"fmt"
	"strings"
)

// Resolve expands imports into the transitive closure of the skills they
// name, in dependency-first order: every skill comes after the skills it
// imports, as in kdcube's post-order import_skillset, so a generator reads
// a skill's foundations before the skill that builds on them. Each skill
// appears once; among independent skills the order follows the import
// lists, so the result is deterministic for a deterministic lookup.
//
// lookup returns the import list of a fully qualified key and whether the
// skill exists. It is called at most once per key. A caller that must
// enforce a consumer's visibility on imports wraps lookup so hidden keys
// report ok=false.
//
// Nothing stops resolution; problems become warnings and the rest is
// resolved:
//   - an unknown skill is skipped ("unknown import public.x (imported by
//     public.a)");
//   - an import that closes a cycle is skipped, and the warning names the
//     whole cycle ("import cycle public.a → public.b → public.a skipped");
//     the skills in the cycle are still included, only the closing edge is
//     dropped;
//   - a reference that does not parse is skipped (see Parse).
//
// References in imports and in lookup's results are normalized with Parse,
// so a dotless import means public.<id>.
func Resolve(imports []string, lookup func(key string) (imports []string, ok bool)) (order []string, warnings []string) {
	r := resolver{
		lookup: lookup,
		state:  make(map[string]state),
		warned: make(map[string]bool),
	}
	for _, ref := range imports {
		key, err := Parse(ref)
		if err != nil {
			r.warn(fmt.Sprintf("invalid import: %v", err))
			continue
		}
		r.visit(key, "")
	}
	return r.order, r.warnings
}

type state uint8

const (
	unseen state = iota
	visiting
	done
	missing
)

// frame is one skill on the explicit depth-first stack. The stack is
// explicit rather than recursive because an import chain is as deep as
// the data makes it, and data should not decide the goroutine stack size.
type frame struct {
	key     string
	imports []string
	next    int
}

type resolver struct {
	lookup   func(string) ([]string, bool)
	state    map[string]state
	stack    []frame
	order    []string
	warnings []string
	warned   map[string]bool
}

// warn drops repeats: a skill imported from many places would otherwise
// repeat the same problem many times.
func (r *resolver) warn(msg string) {
	if !r.warned[msg] {
		r.warned[msg] = true
		r.warnings = append(r.warnings, msg)
	}
}

// enter decides what to do with key imported by from ("" for a root) and
// pushes it when it has to be expanded.
func (r *resolver) enter(key, from string) {
	switch r.state[key] {
	case done:
		return
	case visiting:
		r.warnCycle(key)
		return
	case missing:
		r.warnUnknown(key, from)
		return
	}
	imports, ok := r.lookup(key)
	if !ok {
		r.state[key] = missing
		r.warnUnknown(key, from)
		return
	}
	r.state[key] = visiting
	r.stack = append(r.stack, frame{key: key, imports: imports})
}

func (r *resolver) visit(root, from string) {
	r.enter(root, from)
	for len(r.stack) > 0 {
		top := &r.stack[len(r.stack)-1]
		if top.next == len(top.imports) {
			r.state[top.key] = done
			r.order = append(r.order, top.key)
			r.stack = r.stack[:len(r.stack)-1]
			continue
		}
		ref := top.imports[top.next]
		top.next++
		key, err := Parse(ref)
		if err != nil {
			r.warn(fmt.Sprintf("invalid import in %s: %v", top.key, err))
			continue
		}
		r.enter(key, top.key) // may grow r.stack; top is not used after this
	}
}

func (r *resolver) warnUnknown(key, from string) {
	if from == "" {
		r.warn("unknown import " + key)
		return
	}
	r.warn(fmt.Sprintf("unknown import %s (imported by %s)", key, from))
}

// warnCycle names the cycle from key's place on the stack back to key.
func (r *resolver) warnCycle(key string) {
	i := len(r.stack) - 1
	for i > 0 && r.stack[i].key != key {
		i--
	}
	names := make([]string, 0, len(r.stack)-i+1)
	for _, f := range r.stack[i:] {
		names = append(names, f.key)
	}
	names = append(names, key)
	r.warn("import cycle " + strings.Join(names, " → ") + " skipped")
}
