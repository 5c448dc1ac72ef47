// Package codescan is the static analyser for the scripts a skill carries:
// Python, JavaScript/TypeScript, shell (sh, bash, zsh), PowerShell, and
// the commands held in YAML and JSON tool configs (MCP server entries,
// package.json scripts, workflow run: lines, agent hook settings). It
// judges code by what it does, not by what it mentions.
//
// # Why small tokenisers and no parser
//
// Each language gets a tokeniser of its own (strings, comments, heredocs,
// template literals, line continuations) and the rules match token
// sequences, never raw text. No library fits: there is no pure-Go parser
// for Python or JavaScript worth pulling in (gpython is not served by the
// module proxy used here, goja's parser covers JavaScript only), the
// shell parser mvdan.cc/sh/v3 is not served either, and tree-sitter needs
// cgo, which lore does not use. More to the point, a parser refuses
// malformed or partial code, and hostile input is exactly that: a
// tokeniser that never fails and always moves forward sees what a parser
// would give up on.
//
// # Sources, sinks and flow
//
// Sources are where data worth stealing comes from: the whole environment
// (os.environ dumped, process.env serialised, env/printenv), credential
// files (~/.ssh, ~/.aws/credentials, .env, ~/.netrc, ~/.kube/config,
// ~/.docker/config.json, .git-credentials, browser login and cookie
// stores, keychains), user documents (~/Documents, ~/Desktop, walks of
// the home folder), the clipboard, shell and conversation history. One
// named environment variable read (os.environ.get("API_KEY")) is
// configuration, not a source: every API client does that.
//
// Sinks are network sends, code execution (exec/eval, a shell, an
// interpreter reading its script from a pipe), and file writes. Flow is
// approximated per file: names assigned from a source (through
// assignments, for targets, with/as, function returns and the parameters
// of functions called with tainted arguments; in shell through variables,
// command substitutions and pipes) carry its label, and a sink whose
// statement mentions a labelled name or a source directly is linked to it.
//
// # Rules and severities
//
//   - exfiltration (external-resources): a source linked to a network call
//     is critical; a credential source and a network send in one file with
//     no provable link is a warning; a credential store read with no
//     network at all is a note (path-traversal), a warning for browser
//     stores and keychains. Reading .env without sending it is nothing.
//   - download-and-run (external-resources): downloaded data executed
//     (curl … | sh, bash <(curl …), iex (iwr …), exec(urlopen(…).read()))
//     is critical.
//   - decoded-exec (embedded-code): decoded data executed (exec(b64decode
//     (…)), eval(atob(…)), echo … | base64 -d | sh, chr() or
//     fromCharCode chains executed, powershell -EncodedCommand) is
//     critical; an obfuscated expression not executed (a long chr() chain,
//     packed JavaScript, getattr(__builtins__, …)) is a warning.
//   - persistence (embedded-code): writes to shell start-up files, the
//     PowerShell profile, crontab, systemd units, launch agents, git
//     hooks, ~/.ssh/authorized_keys, Windows Run keys and scheduled tasks
//     are critical.
//   - destruction (embedded-code): rm -rf of /, ~ or $HOME, mkfs, dd or a
//     redirect onto a disk device, shutil.rmtree of the home folder,
//     Remove-Item -Recurse of a drive or home, Format-Volume: critical.
//   - exhaustion (embedded-code): fork bombs (a shell function that pipes
//     into itself in the background, os.fork() in an endless loop) are
//     critical; endless loops that spawn or allocate with no way out, and
//     yes or /dev/zero poured into a file, are warnings.
//   - reverse shells (embedded-code): /dev/tcp redirects, nc -e, socat
//     exec:, a shell piped to nc, Python socket + dup2 + a shell, a
//     PowerShell TCP client feeding Invoke-Expression: critical.
//   - command and SQL injection (embedded-code): a shell command built
//     from interpolated values (subprocess(…, shell=True) with an
//     f-string, os.system with concatenation, child_process.exec of a
//     template literal, eval "$1"), and SQL built by concatenation or
//     formatting, are warnings.
//
// A long base64 or hex literal alone is not reported here: the prose
// scanner (core/sanitize's blob check) already reports it. Here it only
// matters once it is decoded and executed.
//
// # Where code is found
//
// A document is code by its extension or its shebang. Markdown fenced
// blocks labelled as one of these languages are analysed too, one
// severity lower (they are shown to a reader), unless the paragraph before
// the fence tells the agent to run them without a person in the loop
// ("always run", "automatically", "silently", "without asking", "you must
// run"). In a skill's SKILL.md the commands of inline code spans are read
// by every rule as well (Python when the span reads like Python, else
// shell): at full severity when the words before the span on its line
// give it as a command ("verify the network by running `…`", "send it
// with `…`"), one lower otherwise. A download run by a shell in a span is
// left to the prose scanner, which weighs it against the skill's
// description. JSON and YAML configs contribute the command strings they hold.
// The inline scripts of an HTML page (no src, a JavaScript type) are
// analysed as JavaScript in place, at full severity: a template's script
// runs in whatever browser opens the page.
package codescan
