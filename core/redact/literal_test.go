package redact

import (
	"strings"
	"testing"
)

// readsSecret are lines that say where a secret comes from without
// holding one, in the languages and formats skills and learned material
// are written in. Each must come out of the finder as written: it is code
// a reader and a reviewer need to see.
var readsSecret = []struct{ lang, line string }{
	// Python.
	{"python", `api_key = os.getenv("API_KEY", "")`},
	{"python", `api_key = os.getenv("API_KEY")`},
	{"python", `token = os.environ["GITHUB_TOKEN"]`},
	{"python", `password = os.environ.get("DB_PASSWORD")`},
	{"python", `secret = keyring.get_password("lore", "alice")`},
	// A dictionary keyed by tokens whose values are an expression.
	{"python", `model = {token: -log(freq / total_sum) for token, freq in token_freqs.items()}`},
	{"python", `password = getpass.getpass("Password: ")`},
	{"python", `password = getpass()`},
	{"python", `api_key = config["openai"]["api_key"]`},
	{"python", `SECRET_KEY = settings.SECRET_KEY`},
	{"python", `token = secrets.GITHUB_TOKEN`},
	{"python", `api_key = get_api_key()`},
	{"python", `api_key = self.apiKey`},
	{"python", `client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])`},
	{"python", `api_key: Optional[str] = None`},
	{"python", `headers = {"Authorization": token, "X-Api-Key": os.getenv("KEY")}`},
	// Shell and Windows command lines.
	{"shell", `export TOKEN="${GITHUB_TOKEN}"`},
	{"shell", `API_KEY=${OPENAI_API_KEY:-}`},
	{"shell", `export API_KEY=$API_KEY`},
	{"shell", `password=$(cat /run/secrets/db_password)`},
	{"shell", `curl -u "admin:%ADMIN_PASSWORD%" https://ci.example.com/job`},
	{"shell", `curl -u admin:<password> https://ci.example.com/job`},
	{"shell", `git clone https://x-access-token:${GITHUB_TOKEN}@github.com/o/r.git`},
	{"shell", `git clone https://oauth2:$GITLAB_TOKEN@gitlab.com/o/r.git`},
	{"cmd", `set API_KEY=%API_KEY%`},
	// JavaScript and TypeScript.
	{"js", `const apiKey = process.env.OPENAI_API_KEY;`},
	{"js", `const token = process.env["GITHUB_TOKEN"];`},
	{"ts", `  apiKey: process.env.API_KEY!,`},
	{"js", `  apiKey: apiKey,`},
	{"js", `  token: getToken(),`},
	{"js", "headers: { Authorization: `Bearer ${token}` }"},
	{"ts", `const secret = import.meta.env.VITE_SECRET ?? "";`},
	// YAML.
	{"yaml", `api_key: ${API_KEY}`},
	{"yaml", `token: ${{ secrets.GITHUB_TOKEN }}`},
	{"yaml", `password: "{{ vault_db_password }}"`},
	{"yaml", `api_key: <your-api-key>`},
	{"yaml", `api_key: YOUR_API_KEY`},
	// .env files and their templates.
	{"env", `OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx`},
	{"env", `OPENAI_API_KEY=sk-your-key-here`},
	{"env", `GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`},
	{"env", `API_KEY=your_api_key_here`},
	{"env", `SECRET_KEY=<generate-one>`},
	{"env", `AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX`},
	{"env", `SLACK_TOKEN=xoxb-your-bot-token`},
	{"env", `STRIPE_KEY=sk_live_xxxxxxxxxxxxxxxx`},
	// JSON.
	{"json", `"apiKey": "${API_KEY}"`},
	{"json", `"token": "<token>"`},
	{"json", `"api_key": "YOUR_API_KEY"`},
	{"json", `"password": "xxxxxxxx"`},
	{"json", `"password": "********"`},
	{"json", `"api_key": "{{API_KEY}}"`},
	// PowerShell.
	{"powershell", `$apiKey = $env:OPENAI_API_KEY`},
	{"powershell", `$password = Read-Host -AsSecureString`},
	{"powershell", `$token = Get-Secret -Name GitHubToken`},
	{"powershell", `$secret = [Environment]::GetEnvironmentVariable("SECRET")`},
}

// writesSecret are lines that hold a secret written out; the part in
// leak must not survive.
var writesSecret = []struct{ lang, line, leak string }{
	{"python", `password = "hunter2"`, "hunter2"},
	{"python", `api_key = 'abc123def456'`, "abc123def456"},
	{"python", `api_key = os.getenv("API_KEY", "x") or "Zq9fK2mLx8"`, ""}, // the literal has no label: nothing to find
	{"env", `API_KEY=sk-proj-4eC39HqLyjWDarjtT1zd`, "4eC39HqLyjWDarjtT1zd"},
	{"env", `DB_PASSWORD=Tr0ub4dor3`, "Tr0ub4dor3"},
	{"env", `DB_PASSWORD=MySecretPassword`, "MySecretPassword"},
	{"json", `"api_key": "9f8e7d6c5b4a3210"`, "9f8e7d6c5b4a3210"},
	{"json", `{"password":"s3cr3t-Pa55"}`, "s3cr3t-Pa55"},
	{"yaml", `api_key: 9f8e7d6c5b4a3210`, "9f8e7d6c5b4a3210"},
	{"yaml", `password: hunter22`, "hunter22"},
	{"powershell", `$password = "P@ssw0rd123"`, "P@ssw0rd123"},
	{"js", `const apiKey = "AbCdEf123456";`, "AbCdEf123456"},
	{"shell", `curl -u admin:%21s3cret https://ci.example.com/`, "%21s3cret"},
	{"shell", `git clone https://bob:gh0stpass@git.internal/repo.git`, "gh0stpass"},
	{"oauth", `access_token = ya29.a0AfH6SMBx3dKq9Lr`, "a0AfH6SMBx3dKq9Lr"},
	{"aws", `AWS_ACCESS_KEY_ID=AKIAIOSFODNN7QJ4ZRTW`, "AKIAIOSFODNN7QJ4ZRTW"},
	{"yaml", `password: Secr3t(1)x`, "Secr3t(1)x"}, // a bracket in a password is no call
	// The read stays; the default it falls back on is written out.
	{"python", `db = connect(password=os.getenv("DB_PASSWORD", "hunt3r2Pass"))`, "hunt3r2Pass"},
	{"python", `api_key = os.environ.get('API_KEY', 'Zq9fK2mLx8')`, "Zq9fK2mLx8"},
	{"js", `const key = process.env.API_KEY || "Zq9fK2mLx8";`, "Zq9fK2mLx8"},
	{"shell", `curl -H "X-Api-Key: ${API_KEY:-Zq9fK2mLx8}" https://api.example.com/`, "Zq9fK2mLx8"},
}

func TestSecretReadIsNotRedacted(t *testing.T) {
	for _, c := range readsSecret {
		if out, spans := Secrets(c.line); out != c.line || len(spans) != 0 {
			t.Errorf("%s: %q\nredacted to %q (%v): it reads a secret, it does not hold one", c.lang, c.line, out, spans)
		}
		// Text, which learned material and skills go through, keeps it too.
		if got := Text(c.line).Text; got != c.line {
			t.Errorf("%s: Text(%q) = %q", c.lang, c.line, got)
		}
	}
}

func TestWrittenSecretIsRedacted(t *testing.T) {
	for _, c := range writesSecret {
		out, spans := Secrets(c.line)
		if c.leak == "" {
			continue
		}
		if strings.Contains(out, c.leak) || len(spans) == 0 {
			t.Errorf("%s: %q kept its secret: %q (%v)", c.lang, c.line, out, spans)
		}
		if got := Text(c.line).Text; strings.Contains(got, c.leak) {
			t.Errorf("%s: Text(%q) kept its secret: %q", c.lang, c.line, got)
		}
	}
}

// A secret read and a secret written on neighbouring lines: the read stays
// whole, the written one goes, and the read is not cut at its quote (the
// finder once took `os.getenv(` for the value and left `"API_KEY", "")`).
// A default taken out leaves the read as written.
func TestSecretDefaultLeavesTheRead(t *testing.T) {
	in := `api_key = os.getenv("API_KEY", "Zq9fK2mLx8")`
	want := `api_key = os.getenv("API_KEY", "[REDACTED_TOKEN]")`
	if out, _ := Secrets(in); out != want {
		t.Errorf("Secrets:\n got %q\nwant %q", out, want)
	}
	// A default that is no secret (empty, a word, a placeholder) stays.
	for _, in := range []string{`os.getenv("API_KEY", "")`, `os.getenv("API_KEY", "none")`, `${API_KEY:-changeme}`, `process.env.TOKEN || ""`, `os.getenv("HOME", "/home/x1")`} {
		if out, spans := Secrets(in); out != in {
			t.Errorf("Secrets(%q) = %q %v", in, out, spans)
		}
	}
}

func TestSecretReadBesideWritten(t *testing.T) {
	in := "api_key = os.getenv(\"API_KEY\", \"\")\npassword = \"hunter2x\"\n"
	want := "api_key = os.getenv(\"API_KEY\", \"\")\npassword = \"[REDACTED_TOKEN]\"\n"
	if out, _ := Secrets(in); out != want {
		t.Errorf("Secrets:\n got %q\nwant %q", out, want)
	}
}

func TestPlaceholder(t *testing.T) {
	for v, want := range map[string]bool{
		"$API_KEY": true, "${API_KEY}": true, "$(pass show x)": true, "$env:KEY": true, "%API_KEY%": true,
		"{{ key }}": true, "<your-key>": true, "[KEY]": true, "sk-xxxxxxxxxx": true, "********": true,
		"your_api_key_here": true, "sk-YourKeyHere": true, "REPLACE_ME": true, "sk-abc...": true,
		"/dev/stdin": true, "./secret.txt": true, "~/.config/token": true, "/s3cr3t K3y": false, "/+Xq7fM2pLz9==": false,
		"password": true, "Secret": true, "password1": false, "mysecret": false,
		"%21s3cret": false, "$": false, "hunter2": false, "AKIAIOSFODNN7QJ4ZRTW": false,
		"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8vLk2Tq3": false, "Zq9fK2mLx8": false, "ghp_Xq7fM2pLz9RtB4wK8nY3cV6hJ1sD0a": false,
	} {
		if got := placeholder(v); got != want {
			t.Errorf("placeholder(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestSecretReadFromAFileStays(t *testing.T) {
	in := "kubectl create secret generic sops-hcvault --from-file=sops.vault-token=/dev/stdin\n"
	if out, _ := Secrets(in); out != in {
		t.Errorf("Secrets(%q) = %q, want it unchanged: the value is the file the token is read from", in, out)
	}
}

// Keys that documentation shows are redacted like any key but not
// reported as usable: the provider's own example, a cut-off key, a
// pattern for keys, counting runs and words.
func TestDemoKeysAreNotLive(t *testing.T) {
	for _, c := range []struct {
		text string
		live bool
	}{
		{`API_KEY = "sk-1234567890abcdef"`, false},
		{`API_KEY = "sk-abc123xyz789"`, false},
		{`access_key = "AKIAIOSFODNN7EXAMPLE"`, false},
		{`export ANTHROPIC_KEY=sk-ant-oat01-...`, false},
		{`export OPENROUTER_API_KEY='sk-or-v1-project1-key'`, false},
		{`Example: AIzaSyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q`, false},
		{`aws AKIAIOSFODNN7QJ4ZRTW key`, true},
		{`export GITHUB_TOKEN=ghp_Xq7fM2pLz9RtB4wK8nY3cV6hJ1sD0a`, true},
	} {
		spans := FindSecrets(c.text)
		live := false
		for _, sp := range spans {
			live = live || sp.Live
		}
		if live != c.live {
			t.Errorf("%q: live %v, want %v (%+v)", c.text, live, c.live, spans)
		}
	}
}

// A connection string a tutorial writes with the word "password" where
// the reader's password goes shows no secret; one with a password does.
func TestNamedPasswordInURLStays(t *testing.T) {
	kept := "migrate -database 'postgres://postgres:password@localhost:5432/example?sslmode=disable' up"
	if out, spans := Secrets(kept); out != kept || len(spans) != 0 {
		t.Errorf("Secrets(%q) = %q", kept, out)
	}
	same := `"postgres://postgres:postgres@localhost:5432/example?sslmode=disable"`
	if out, spans := Secrets(same); out != same || len(spans) != 0 {
		t.Errorf("Secrets(%q) = %q", same, out)
	}
	if out, _ := Secrets("postgres://postgres:Tq8vLm2zR4@localhost:5432/example"); strings.Contains(out, "Tq8vLm2zR4") {
		t.Errorf("a written password kept: %q", out)
	}
}
