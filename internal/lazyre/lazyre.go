// Package lazyre holds regular expressions that are compiled on first use.
//
// Go initialises every package linked into a binary before main runs, so a
// package-level regexp.MustCompile is paid by every lore command, even one
// that never reaches the code using it: lore's seventy-odd patterns took
// about 2 ms of CPU at every start, a seventh of what a whole `lore version`
// may cost. A Regexp from New costs a few words until it is first matched.
//
// The trade is that a malformed pattern no longer panics at start-up;
// CompileAll compiles every pattern made so far, and a test of each binary
// calls it so that a typo still fails the build's tests.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled the first time it is used. It is
// safe for concurrent use, as regexp.Regexp is, and has the methods of
// regexp.Regexp that lore uses.
type Regexp struct {
	expr string
	re   func() *regexp.Regexp
}

var (
	allMu sync.Mutex
	all   []*Regexp
)

// New returns expr, to be compiled with regexp.MustCompile on first use.
func New(expr string) *Regexp {
	r := &Regexp{expr: expr, re: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	allMu.Lock()
	all = append(all, r)
	allMu.Unlock()
	return r
}

// CompileAll compiles every Regexp made by New so far and returns the first
// error, so that tests catch a malformed pattern that start-up no longer
// does.
func CompileAll() error {
	allMu.Lock()
	rs := append([]*Regexp(nil), all...)
	allMu.Unlock()
	for _, r := range rs {
		if _, err := regexp.Compile(r.expr); err != nil {
			return err
		}
	}
	return nil
}

// Regexp returns the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.re() }

// String returns the source text of the expression without compiling it.
func (r *Regexp) String() string { return r.expr }

func (r *Regexp) Match(b []byte) bool            { return r.re().Match(b) }
func (r *Regexp) MatchString(s string) bool      { return r.re().MatchString(s) }
func (r *Regexp) Find(b []byte) []byte           { return r.re().Find(b) }
func (r *Regexp) FindIndex(b []byte) []int       { return r.re().FindIndex(b) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte { return r.re().FindSubmatch(b) }
func (r *Regexp) FindSubmatchIndex(b []byte) []int {
	return r.re().FindSubmatchIndex(b)
}
func (r *Regexp) FindString(s string) string           { return r.re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int       { return r.re().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.re().FindStringSubmatchIndex(s)
}
func (r *Regexp) FindAll(b []byte, n int) [][]byte     { return r.re().FindAll(b, n) }
func (r *Regexp) FindAllIndex(b []byte, n int) [][]int { return r.re().FindAllIndex(b, n) }
func (r *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte {
	return r.re().FindAllSubmatch(b, n)
}
func (r *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return r.re().FindAllSubmatchIndex(b, n)
}
func (r *Regexp) FindAllString(s string, n int) []string { return r.re().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.re().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAll(src, repl []byte) []byte { return r.re().ReplaceAll(src, repl) }
func (r *Regexp) ReplaceAllFunc(src []byte, repl func([]byte) []byte) []byte {
	return r.re().ReplaceAllFunc(src, repl)
}
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.re().ReplaceAllString(src, repl)
}
func (r *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return r.re().ReplaceAllLiteralString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.re().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) Split(s string, n int) []string { return r.re().Split(s, n) }
func (r *Regexp) NumSubexp() int                 { return r.re().NumSubexp() }
func (r *Regexp) SubexpNames() []string          { return r.re().SubexpNames() }
func (r *Regexp) SubexpIndex(name string) int    { return r.re().SubexpIndex(name) }
