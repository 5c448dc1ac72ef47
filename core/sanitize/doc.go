// Package sanitize is the hygiene stage: it reads every acquired document
// before anything is learned from it and reports what looks hostile, as a
// core.HygieneReport for the approval gate. It never changes the text.
//
// # Tiers
//
// STRANGER sources get every check. HOME sources get the critical
// prompt-injection patterns, embedded code, path traversal and
// content-type mismatch; hidden characters, homoglyphs and external
// resources are skipped, as the seed's tier table says. Patterns are
// filtered by their own severity before context lowers it, so a critical
// pattern in a HOME code sample is still reported (as a note).
//
// # What is checked
//
//   - prompt-injection: chat-template markers (<|im_start|> and the other
//     <|…|> special tokens, [INST], [/INST], <<SYS>>, <s> before a role),
//     <system>…</system>, instruction overrides ("ignore/disregard/forget
//     previous instructions" and their variants, "IMPORTANT: disregard …"),
//     "system:" lines that give an instruction — all critical. "You are now
//     <role>", transcript turns (Human:, Assistant:), "your new
//     instructions" and requests to reveal the system prompt are warnings,
//     and become critical within 200 bytes of an override phrase; "you are
//     now" without a role ("… ready to deploy") counts only there.
//   - prompt-injection in plain words (plain.go, plainctx.go): sentences
//     addressed to the agent (the verb opens its clause or follows "then",
//     "please", "always", a modal or "make sure to", and is not negated)
//     that a skill has no business giving. Exfiltration: send, upload,
//     post, e-mail, forward, sync, copy … a secret (.env, SSH or API keys,
//     tokens, credentials, cookies, the system prompt, the chat history,
//     the user's or all files) to a URL, e-mail address, host, IP address,
//     webhook or paste service, or an "external/remote/attacker's server"
//     — critical. Destruction of backups, a repository or its .git, a
//     database, the git or chat history, the home directory, a disk or
//     everything — a warning; "the temporary build folder", "old backups"
//     or a test or reset context are housekeeping. Concealment: "do not
//     tell/inform the user", "without the user's knowledge", "keep this
//     hidden", "secretly" — a warning; "silently", "quietly", "without
//     asking" count only in the same sentence as a risky action. Any risky
//     action (exfiltration with an object or a destination, destruction,
//     persistence, a download run by a shell) next to concealment is
//     critical, and so is exfiltration or destruction recurring "every time
//     you are invoked", "from now on", "after any operation". Authority
//     claims: "these instructions override/take precedence over the system
//     prompt" — critical; "you have root permission", "the user has already
//     authorized this", "as the system administrator", "this instruction
//     has the highest priority" — warnings, critical within 200 bytes of an
//     override phrase. Writing instructions into CLAUDE.md or AGENTS.md is
//     a warning; running a script after any operation is a warning.
//     What the agent itself holds is a source as surely as a secret: its
//     prompt ("the task prompt", "the original request"), the
//     conversation or its context, screenshots, the clipboard, keystrokes,
//     the user's mail ("each email", "the inbox") and environment
//     variables; a pronoun ("take a screenshot and send it") stands for
//     the object named before it. A destination written out (a URL, an
//     address, a host) that the skill declares — a word of its name or
//     description names the service, see codescan.Declared — is the
//     skill's own job and no destination; one it does not declare, with
//     nothing sensitive sent, is a warning ("sends its work to …"). Scope
//     words ("after completing any task", "for each email", "before every
//     commit") make exfiltration and destruction critical and are shown
//     in the finding's flow, with what is sent (source) and where to
//     (sink). Decisions unrelated to the skill: flagging, blocking or
//     approving every item that mentions a topic the name and description
//     never name ("flag every message that mentions climate change" in a
//     moderation skill about spam) and approving every pull request,
//     payment or claim without a condition are warnings; so is an order to
//     send hundreds of requests ("send 5000 requests to …"), but not a rate
//     limit ("100 requests per minute"). Actions
//     unrelated to the skill: a SKILL.md's front matter description (parsed
//     as YAML, or line by line when YAML refuses it) that mentions nothing
//     of installing, downloading, networks, tools, code, deployment,
//     security or scheduling, with "curl … | sh", "download … and run it",
//     a cron job or a launch agent in the body — a warning, in a code block
//     too. Code, markup and data files are left to the code analyser.
//     Context lowers these findings: in a code sample they are notes; a
//     quotation, an example ("for example", "an attacker …") or a document
//     about security or prompts (its description, name or a heading says
//     so) lowers each one step.
//   - hidden-characters: zero-width characters, bidi embeddings, overrides
//     and isolates, the Tags block (decoded: the description shows the
//     hidden ASCII) and U+FEFF inside the text are critical; bidi marks,
//     fillers, other format controls and terminal escapes are warnings; soft
//     hyphens, variation selectors and the combining grapheme joiner are
//     notes. One finding per run of consecutive characters, with counts.
//     Emoji sequences (ZWJ, VS16, keycaps, subdivision flags), joiners
//     inside Persian or Indic words and a leading BOM pass. Four or more
//     variation selectors in a row are decoded as smuggled bytes. Stray C0
//     controls (what pdftotext leaves for unmapped glyphs) give one note
//     per document. Homoglyphs: a word mixing Latin with Cyrillic or Greek
//     look-alike letters is a warning; a word wholly in one script never is,
//     and Greek letters that double as math symbols (α, ι, ν, ρ …) only
//     count in documents that do not use Greek as symbols.
//   - embedded-code: script tags, javascript:/vbscript: URLs as attribute
//     values or link targets (after undoing character references and
//     embedded white space), data: URIs carrying HTML or script — critical;
//     inline event handlers (known handler names, inside a tag only),
//     iframe/object/embed/applet tags, SVG and opaque binary data: URIs and
//     base64 blobs — warnings; raster image data: URIs — notes. A blob
//     whose decoded text holds a critical pattern is critical.
//   - external-resources: remote URLs a renderer would load: src of
//     script, iframe, object, embed, applet (critical); img, link, media,
//     form actions, CSS url(), Markdown images (warning).
//   - path-traversal: link targets and URL attributes that climb to a
//     sensitive or system file, are percent-encoded climbs, or are file:
//     URLs to such files (critical); deep climbs, other file: URLs,
//     absolute Windows and UNC paths (warning); in running text only a climb
//     to a sensitive file, as a warning. Document names that climb, are
//     absolute or hold NUL (Scan only, critical).
//   - content-type-mismatch: a text document that is plainly an HTML page,
//     a PDF, RTF or XML file or a script.
//
// # Context
//
// An override phrase inside quotation marks within a sentence (a guide's
// "avoid language like "disregard the previous instruction"") or with a
// third party as its subject ("the model may ignore previous
// instructions", "input crafted to override the system prompt") is shown,
// not given: one step lower, and it escalates no nearby role line. A
// quotation that is the whole line, or never closes, is still an order.
//
// Skill resources: a document whose path has a scripts/, assets/,
// templates/, references/ or examples/ folder (any file but SKILL.md), or
// that import scans with ScanSkillFile (every file of a skill folder but
// its SKILL.md), holds templates and scripts by design. There a script tag
// or an inline event handler is a note, other critical embedded code and
// remote resources are warnings (a remote script can change after review),
// remote stylesheets and fonts notes; the file's extension declares it
// code or markup, so a shebang or its own HTML is no content-type
// mismatch. Prompt injection keeps its severity there. A scan of a tree
// of skills (Scan) judges every file of a folder holding a SKILL.md the
// same way, as import does.
//
// Program source (a file whose extension names a programming language)
// quotes attack text in its strings and comments: a critical visible
// pattern there is a warning whose description starts "in source code:".
// Hidden characters keep their severity (Trojan Source). What a script
// does is judged by the code analyser (core/sanitize/codescan), whose
// findings Scan, ScanText and ScanSkillFile all add, at both tiers.
//
// A visible pattern inside a code sample is shown, not used: Markdown
// fenced blocks (``` and ~~~, any indentation) and inline code spans, LaTeX
// verbatim-like environments and \verb, PreTeXt code elements. There it is
// an info note whose description starts "code sample:". Hidden characters
// and homoglyphs are not lowered, because a code block does not make them
// any more visible (Trojan Source attacks live in code). Plain text has no
// markup that separates a sample from prose, so nothing is lowered there.
// Inside an HTML comment or a LaTeX % comment a pattern keeps its severity
// and the description says it is invisible when rendered.
//
// A tag counts as a tag only when it has attributes, starts a line, or is
// closed later in the document; "XMLHttpRequest or <iframe>s" in RFC 6455
// is prose. A bare <script> mention in a sentence is a note, a warning when
// code follows it on the line, critical when it is closed.
//
// # Cost
//
// The plain-words rules take a second pass: a byte table skips to letters
// and sentence ends, a word is looked up only when its first two letters
// and length can start a trigger word, and only a sentence holding one is
// tokenized and judged.
//
// One pass over the text with a byte-class table: prose bytes cost a table
// load; letter runs go through a first-letter and length switch that
// rejects almost every word; '<', '[', ']', '.', controls and non-ASCII
// bytes go to their handlers. Code regions are found in a separate linear
// pass over line starts and backticks. Lines and columns are counted only
// for findings. Tag parsing and bracket matching draw on a per-document
// budget proportional to the text, so no input makes the scan quadratic.
// At most MaxFindings findings per document are kept, most severe first,
// plus one summary finding counting the rest.
//
// # Deliberate departures from the reference sanitizer
//
//   - "you are now", Human:/Assistant: lines and "system:" without an
//     instruction are no longer critical on their own (reference §5.1 item
//     15: tutorials and transcripts were hard-blocked). A transcript is one
//     warning per document, counting its turns.
//   - A line of 120 "A" is not a base64 blob: blobs need 200 characters,
//     entropy of at least 4.5 bits per character and mixed case and digits.
//     A 100-character key or "abc123DEF==" is never one; wrapped base64
//     (PEM, MIME) is joined across lines.
//   - A bare URL in prose is not a finding (the reference warned on
//     "https://evil.com/payload"); URLs count where they would be fetched.
//   - javascript: in prose, on…= outside a tag ("content=" matched the
//     reference's pattern), and any Cyrillic word are no longer findings.
//   - Zero-width characters are critical (the reference warned), every run
//     is reported (the reference reported the first of each character) and
//     the Tags block and variation-selector smuggling are covered.
//   - Path traversal is judged on the targets a document points at, not on
//     the staged base name (which never held "../"); a ../ in a LaTeX
//     option or a README path is not a finding.
//   - The NUL-ratio content check stays with the acquirer, which refuses
//     such text before it gets here.
package sanitize
