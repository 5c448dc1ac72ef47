package codescan

import "strings"

// normPath lower-cases a path, turns backslashes into slashes and spells
// every way of naming the home folder as "~", so that one set of rules
// reads POSIX, Windows and templated paths alike.
func normPath(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Trim(s, `"'`+"`")
	if strings.IndexByte(s, '\\') >= 0 {
		s = strings.ReplaceAll(s, `\\`, "/")
		s = strings.ReplaceAll(s, `\`, "/")
	}
	for _, h := range homeSpellings {
		if strings.HasPrefix(s, h) {
			s = "~" + s[len(h):]
			break
		}
	}
	if strings.HasPrefix(s, "/home/") || strings.HasPrefix(s, "/users/") {
		// /home/alice/.ssh is the home folder of someone.
		rest := s[strings.IndexByte(s[1:], '/')+2:]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			s = "~" + rest[i:]
		}
	}
	for strings.Contains(s, "//") {
		s = strings.ReplaceAll(s, "//", "/")
	}
	return s
}

var homeSpellings = []string{
	"${home}", "$home", "${env:userprofile}", "$env:userprofile", "$env:home", "%userprofile%", "%homepath%",
	"${userprofile}", "$userprofile", "c:/users/%username%", "~user",
}

// pathish reports whether a literal can be a path: not a sentence.
func pathish(s string) bool {
	if len(s) == 0 || len(s) > 300 {
		return false
	}
	return len(strings.Fields(s)) <= 3
}

// components splits a normalized path.
func hasComponent(p, c string) bool {
	for p != "" {
		i := strings.IndexByte(p, '/')
		el := p
		if i >= 0 {
			el, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		if el == c {
			return true
		}
	}
	return false
}

func base(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

var browsers = []string{"chrome", "chromium", "brave", "edge", "firefox", "mozilla", "opera", "vivaldi", "safari", "/default/", "profile "}

// mayBePath is a cheap first look: every path the rules know has a dot, a
// slash or a backslash in it, or is one of a few browser store names.
func mayBePath(s string) bool {
	if strings.ContainsAny(s, "./\\") {
		return true
	}
	if len(s) > 11 {
		return false
	}
	switch strings.ToLower(s) {
	case "login data", "cookies", "web data", "local state":
		return true
	}
	return false
}

// sourcePath classifies a path as a source of data worth stealing. It
// returns the label kind and a short name for reports.
func sourcePath(raw string) (kind, string, bool) {
	if !mayBePath(raw) || !pathish(raw) {
		return 0, "", false
	}
	p := normPath(raw)
	b := base(p)
	switch {
	case b == ".env" || (strings.HasPrefix(b, ".env.") && !strings.Contains(b, "example") && !strings.Contains(b, "sample") && !strings.Contains(b, "template")):
		return lDotenv, "the .env file", true
	case hasComponent(p, ".ssh") || strings.HasPrefix(b, "id_rsa") || strings.HasPrefix(b, "id_ed25519") || strings.HasPrefix(b, "id_ecdsa") || strings.HasPrefix(b, "id_dsa"):
		if b == "authorized_keys" {
			return 0, "", false // a write target (persistence), see persistPath
		}
		return lCred, "SSH keys (" + cut(raw, 60) + ")", true
	case strings.Contains(p, ".aws/credentials") || strings.Contains(p, ".aws/config") || (hasComponent(p, ".aws") && b == ".aws"):
		return lCred, "AWS credentials (" + cut(raw, 60) + ")", true
	case b == ".netrc" || b == "_netrc" || b == ".pgpass" || b == ".git-credentials" || b == ".pypirc" || b == ".npmrc":
		return lCred, "credentials file " + cut(raw, 60), true
	case strings.Contains(p, ".kube/config") || strings.Contains(p, ".docker/config.json") || hasComponent(p, ".gnupg") ||
		strings.Contains(p, ".config/gcloud") || strings.Contains(p, "application_default_credentials") || hasComponent(p, ".azure"):
		return lCred, "credentials " + cut(raw, 60), true
	case p == "/etc/shadow" || p == "/etc/passwd" || p == "/etc/sudoers":
		return lCred, "system account file " + raw, true
	case b == "login data" || b == "logins.json" || b == "key4.db" || b == "key3.db" || b == "cookies.sqlite" || b == "web data" ||
		b == "cookies.txt" || // a browser's session cookies exported for curl or a downloader: as good as a login
		(b == "cookies" && containsAny(p, browsers)) || (b == "local state" && containsAny(p, browsers)):
		return lCred, "browser credential store " + cut(raw, 60), true
	case strings.Contains(p, "keychains") || strings.HasSuffix(b, ".keychain") || strings.HasSuffix(b, ".keychain-db"):
		return lCred, "keychain " + cut(raw, 60), true
	case b == "wallet.dat" || hasComponent(p, ".electrum") || strings.Contains(p, ".ethereum/keystore"):
		return lCred, "crypto wallet " + cut(raw, 60), true
	case b == ".bash_history" || b == ".zsh_history" || b == ".python_history" || b == ".node_repl_history" || b == ".psql_history" ||
		b == ".mysql_history" || b == "consolehost_history.txt" || strings.Contains(p, ".claude/projects") || b == "history.jsonl":
		return lHist, "history " + cut(raw, 60), true
	case userDocs(p):
		return lDocs, "user documents " + cut(raw, 60), true
	}
	return 0, "", false
}

// persistPath reports a path whose contents make code run again later:
// start-up files, profiles, cron, units, launch agents, git hooks,
// authorized keys, autostart entries.
func persistPath(raw string) (string, bool) {
	if !mayBePath(raw) || !pathish(raw) {
		return "", false
	}
	p := normPath(raw)
	b := base(p)
	switch b {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".cshrc", ".tcshrc", ".kshrc":
		return "shell start-up file " + cut(raw, 60), true
	case "microsoft.powershell_profile.ps1", "profile.ps1", "microsoft.vscode_profile.ps1":
		return "PowerShell profile " + cut(raw, 60), true
	case "authorized_keys", "authorized_keys2":
		return "SSH authorized keys " + cut(raw, 60), true
	case "rc.local", "ld.so.preload":
		return "system start-up file " + cut(raw, 60), true
	case ".forward":
		return "mail forwarding file " + cut(raw, 60), true
	}
	switch {
	case strings.HasPrefix(p, "/etc/profile") || p == "/etc/bash.bashrc" || p == "/etc/zshrc" || p == "/etc/zsh/zshrc" || strings.Contains(p, ".config/fish/config.fish"):
		return "shell start-up file " + cut(raw, 60), true
	case strings.HasPrefix(p, "/etc/cron") || strings.HasPrefix(p, "/var/spool/cron") || strings.Contains(p, "/crontabs/"):
		return "crontab " + cut(raw, 60), true
	case strings.Contains(p, "systemd/user") || strings.Contains(p, "/etc/systemd/") || strings.Contains(p, "/lib/systemd/system"):
		return "systemd unit " + cut(raw, 60), true
	case strings.Contains(p, "library/launchagents") || strings.Contains(p, "library/launchdaemons"):
		return "launch agent " + cut(raw, 60), true
	case strings.Contains(p, ".git/hooks/"):
		return "git hook " + cut(raw, 60), true
	case strings.Contains(p, ".config/autostart") || strings.Contains(p, "/etc/init.d/") || strings.Contains(p, "start menu/programs/startup") ||
		strings.Contains(p, "currentversion/run") || strings.HasPrefix(p, "/etc/sudoers"):
		return "autostart entry " + cut(raw, 60), true
	}
	return "", false
}

// destructiveTarget reports a deletion target that is a whole system, a
// drive or the home folder.
func destructiveTarget(raw string) bool {
	p := normPath(raw)
	p = strings.TrimSuffix(p, "/*")
	p = strings.TrimSuffix(p, "*")
	if p != "/" {
		p = strings.TrimRight(p, "/")
	}
	switch p {
	case "", "/", "~", "~/", "/home", "~/..", "/users", "/etc", "/usr", "/var", "/bin", "/boot", "/lib", "/opt", "/root", "/sys", "/sbin",
		"c:", "c:/windows", "c:/users", "$env:systemdrive", "$env:windir", "/system", "/library", "~/documents", "~/desktop":
		return p != "" || strings.TrimSpace(raw) == "/*"
	}
	return false
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// cut shortens s to n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// userDocs is one of the user's document folders as a whole (a project
// kept under ~/Documents/GitHub is a working folder, not the documents).
func userDocs(p string) bool {
	p = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(p, "/**"), "/*"), "/")
	switch p {
	case "~/documents", "~/desktop", "~/downloads", "~/pictures":
		return true
	}
	return false
}
