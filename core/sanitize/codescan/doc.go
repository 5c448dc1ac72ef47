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
// the home folder: os.walk(expanduser("~")), Path.home().rglob,
// fs.readdirSync(os.homedir()), find ~),
// the clipboard, screenshots (pyautogui, ImageGrab, mss, screencapture,
// scrot), the mailbox (imaplib and poplib fetches), shell history and the
// agent's own conversation (~/.claude/projects, a hook's transcript_path).
//
// A named secret is a source of its own kind: an environment variable
// whose name says it holds one (OPENAI_API_KEY, GITHUB_TOKEN,
// DB_PASSWORD; not SSH_KEY_PATH or AWS_ACCESS_KEY_ID, which point at or
// name a secret), read with os.getenv, os.environ[…], process.env.X,
// Deno.env.get or as an upper-case $VAR in shell, and a keyring or
// keychain entry (keyring.get_password, keytar.getPassword, secret-tool
// lookup). Reading one is never reported: every API client does that.
// Where it goes is what counts (see secret-exfiltration below).
//
// Sinks are network sends (HTTP clients, curl/wget/nc, sockets, SMTP,
// webhooks, DNS lookups of built names), code execution (exec/eval, a
// shell, an interpreter reading its script from a pipe), and file
// writes. Flow is approximated per file: names assigned from a source
// (through assignments, f-string and template interpolations, for
// targets, with/as, function returns and the parameters of functions
// called with tainted arguments; in shell through variables, command
// substitutions and pipes; in every language through a file the script
// writes and reads back, and through encoders such as base64) carry its
// label, and a sink whose statement mentions a labelled name or a source
// directly is linked to it. What a network call returns is its response:
// the key it was sent with does not flow on into it. A function's
// parameters are its input: what
// the function does with them is judged, unless every call in the file
// passes a literal.
//
// A network call's host is read when the code fixes it: a literal URL, a
// name or attribute assigned one (BASE = "https://api.example/v1";
// self.base_url = …), an f-string or template starting with such a name.
// A host is consistent with a secret when the skill declares it (a label
// of the host that names a service is a word of the SKILL.md name or
// description; see Declared.AllowsHost), when the key's name names the
// host's service (OPENAI_API_KEY and api.openai.com, GH_TOKEN and
// api.github.com, JIRA_API_TOKEN and *.atlassian.net), or when it is this
// machine (localhost, 127.0.0.1).
//
// # Rules and severities
//
//   - exfiltration (external-resources): a source linked to a network call
//     is critical; a credential source and a network send in one file with
//     no provable link is a warning; a credential store read with no
//     network at all is a note (path-traversal), a warning for browser
//     stores and keychains. Reading .env without sending it is nothing. A
//     key read from .env or a credential file that reaches only a call's
//     authentication (headers=, auth=) is a warning (credential-use), and
//     nothing when the host is consistent with the skill.
//   - secret-exfiltration (external-resources): a named secret reaching a
//     network call, judged by the part of the request it is in (the
//     authentication headers or options; the URL and its query; the body,
//     a form, a socket's, a mail's or a DNS name's data). To a consistent
//     host it is the skill's job: nothing. A cloud account key
//     (AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, Azure and Google service
//     keys, private keys) in a body or query: critical wherever it goes,
//     since no API takes one there. A key named for one service
//     (OPENAI_API_KEY) in any part of a call to another fixed host, its
//     headers included: critical. A key whose name names no service
//     (API_KEY) in the body of a call to a fixed host the skill does not
//     declare: critical; in its query, where many APIs take a key: a
//     warning. Any key in the body or query of a call whose host comes
//     from a value: a warning. A key in the headers of a call whose host
//     comes from a value, or a generic key in the headers of any call:
//     nothing.
//   - mail-forwarding (external-resources): setting up automatic
//     forwarding (Gmail updateAutoForwarding, forwardingAddresses) is
//     critical.
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
//     hooks, ~/.ssh/authorized_keys, Windows Run keys, scheduled tasks
//     and a ~/.forward file (mail forwarding) are critical.
//   - destruction (embedded-code): rm -rf of /, ~ or $HOME (or globs over
//     them), mkfs, dd or a redirect onto a disk device, shutil.rmtree of
//     the home folder, Remove-Item -Recurse of a drive or home,
//     Format-Volume: critical. Deleting the folder above the working one
//     or everything in it (rm -rf ../*.tmp, rm -rf .., shutil.rmtree(".."),
//     fs.rmSync(path.join(__dirname, ".."), …)) is a warning; a named
//     sibling (rm -rf ../build) is nothing.
//   - exhaustion (embedded-code): fork bombs (a shell function that pipes
//     into itself in the background, os.fork() in an endless loop) are
//     critical; endless loops that spawn or allocate with no way out, and
//     yes or /dev/zero poured into a file, are warnings.
//   - request-loop (embedded-code): a network call in an endless loop
//     (while True:, while (true), while true; do) with no break, return,
//     raise or exit and no pause (sleep, wait, a timer), or in a counted
//     loop of 1,000 or more (range(100000), i < 100000, seq 1 50000,
//     {1..20000}) with no pause, is a warning. A polling loop that sleeps
//     or breaks is nothing.
//   - reverse shells (embedded-code): /dev/tcp redirects, nc -e, socat
//     exec:, a shell piped to nc, Python socket + dup2 + a shell, a
//     PowerShell TCP client feeding Invoke-Expression: critical.
//   - command and SQL injection (embedded-code): a shell command built
//     from interpolated values (subprocess(…, shell=True) with an
//     f-string, os.system with concatenation, child_process.exec of a
//     template literal, eval "$1", `$1` in a command substitution), and
//     SQL built by concatenation, % or .format or an f-string or template,
//     in the call or in a name assigned before it, are warnings naming the
//     input spliced in when there is one; parameterised SQL (execute("…
//     %s", (name,))) is nothing. subprocess(cmd, shell=True) running a
//     whole value is the script's purpose when a person typed it (a CLI
//     argument, a helper's parameter): a note; a web request's field run
//     that way is a warning.
//   - code-injection (embedded-code): eval, exec, Function, vm.run* given
//     the function's input (a parameter the file does not only ever pass
//     literals to, sys.argv, input(), a web request's field) or code built
//     from values (exec(f"{formula} = …")) are warnings. eval of a
//     constant is nothing.
//   - obfuscation (embedded-code), besides the above: a payload split
//     across string literals and names and joined for exec or eval
//     (exec(a + b), exec("".join(parts))) is a warning, and the joined
//     code is analysed whole, so that what it does is reported too.
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
// run"), or, in a skill's SKILL.md, the line before it is a step that
// gives the block ("Tail the log:", "Always commit this way:"; a label such
// as "Example:" does not). In a skill's SKILL.md the commands of inline code spans are read
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
