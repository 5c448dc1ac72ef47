package analyze

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// shellHowTo is a how-to made of shell steps: each step a heading over a
// console block, and a server, a client and their messages in the prose —
// words that vote for a reference (every fence counts) and a protocol.
var shellHowTo = "# Run a Redis replica\n\n" +
	"The replica connects to the primary server and copies every message the clients send.\n\n" +
	"## Step 1: Create a network\n\n```console\n$ docker network create app-tier\n```\n\n" +
	"## Step 2: Start the primary server\n\nThe primary listens on port 6379 for client connections.\n\n" +
	"```console\n$ docker run -d --name primary --network app-tier redis:7\n```\n\n" +
	"## Step 3: Start the replica\n\n```console\n$ docker run -d --name replica --network app-tier redis:7 --replicaof primary 6379\n```\n\n" +
	"## Step 4: Check the replication\n\nThe replica's info lists the primary as its master and the connection as up.\n\n" +
	"```console\n$ docker exec replica redis-cli info replication\n```\n\n" +
	"## Configuration\n\nThe method and the parameter of each API call are as the server's documentation gives them.\n\n" +
	"```yaml\nreplicaof: primary 6379\n```\n\n" +
	"## Environment variables\n\n| variable | what it sets | default |\n|---|---|---|\n" +
	strings.Repeat("| `REDIS_SETTING` | a parameter of the server, passed to it as the option of the same name when the container starts | none |\n", 24) +
	"\n## Logging\n\nThe server writes its log to the standard output of the container, where the logging driver of the host collects it.\n" +
	"The method of the API that reads it returns the lines written since the container started, and the parameter since limits them.\n"

// A how-to whose steps are shell commands is a tutorial, whatever its code
// fences vote: they are commands to run, not an API to look up. The
// fixture's fences and API words make the pattern vote a reference.
func TestShellStepsHowToIsATutorial(t *testing.T) {
	a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: shellHowTo}, builtinDomains(t))
	if a.ContentType != core.Tutorial {
		t.Errorf("a how-to of shell steps is %s · %s (%v), want tutorial", a.ContentType, a.Domain, a.ContentTypeScores)
	}
	// An API reference with a shell block or two stays a reference.
	api := "# client\n\nThe API of the client package.\n\n## Installation\n\n```console\n$ go get example.com/client\n```\n\n" +
		"## Dialing\n\n```go\nc, err := client.Dial(addr)\n```\n\nThe method returns a client; the parameter addr is the server's address.\n\n" +
		"## Sending\n\n```go\nerr := c.Send(msg)\n```\n\nThe method sends one message; its return is an error.\n\n" +
		"## Closing\n\n```go\nc.Close()\n```\n\nThe method closes the connection.\n"
	if a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: api}, nil); a.ContentType != core.Reference {
		t.Errorf("an API reference is %s (%v), want reference", a.ContentType, a.ContentTypeScores)
	}
}

// The corpus's two how-tos — numbered steps over PowerShell blocks, and a
// Docker image's README whose "Step N" sections are console sessions — are
// tutorials.
func TestCorpusHowTosAreTutorials(t *testing.T) {
	for _, name := range []string{"tutorial-numbered_wsl_wsl-containers.md", "tutorial-steps_bitnami_redis-sentinel_README.md"} {
		a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: readCorpus(t, name)}, builtinDomains(t))
		if a.ContentType != core.Tutorial {
			t.Errorf("%s: %s · %s (%v), want tutorial", name, a.ContentType, a.Domain, a.ContentTypeScores)
		}
	}
}
