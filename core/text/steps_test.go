package text

import (
	"strings"
	"testing"
)

func TestOrderedListsReadsItemsWithTheirCodeAndNotes(t *testing.T) {
	s := "## Install\n\nTo install it:\n\n" +
		"1. Download the archive:\n\n    ```sh\n    # 2. not an item\n    curl -O x.tgz\n    ```\n\n    > [!NOTE]\n    > Mirrors exist.\n\n" +
		"2. Unpack it\n   with tar.\n" +
		"3. Run `make`.\n\nDone.\n"
	ls := OrderedLists(s)
	if len(ls) != 1 {
		t.Fatalf("got %d lists, want 1: %+v", len(ls), ls)
	}
	l := ls[0]
	if len(l.Items) != 3 {
		t.Fatalf("got %d items, want 3", len(l.Items))
	}
	if it := s[l.Items[0].Body:l.Items[0].End]; !strings.Contains(it, "curl -O x.tgz") || !strings.Contains(it, "Mirrors exist.") {
		t.Errorf("item 1 lost its code or note: %q", it)
	}
	if it := s[l.Items[1].Body:l.Items[1].End]; it != "Unpack it\n   with tar." {
		t.Errorf("item 2 = %q", it)
	}
	if got := s[l.End-len("Run `make`.") : l.End]; got != "Run `make`." {
		t.Errorf("list ends at %q", got)
	}
	if !IsProcedure(s, l) {
		t.Errorf("three instructions are a procedure")
	}
}

func TestOrderedListsEnds(t *testing.T) {
	cases := []struct {
		name, s string
		items   []int // items per list
	}{
		{"heading ends a list", "1. Open it.\n2. Close it.\n# Next\n3. Run it.\n", []int{2, 1}},
		{"unindented paragraph after a blank line", "1. Open it.\n\nSome prose.\n\n2. Close it.\n", []int{1, 1}},
		{"lazy continuation stays in the item", "1. Open it and\nclose it.\n2. Run it.\n", []int{2}},
		{"fenced numbers are code", "```\n1. not\n2. items\n```\n", nil},
		{"prose starting with a year does not interrupt a paragraph", "It was built in\n2020. The team …\n", nil},
		{"a list interrupting a paragraph starts at 1", "Do this:\n1. Open it.\n2. Close it.\n", []int{2}},
		{"nested list belongs to its item", "1. Open:\n   1. the lid\n   2. the box\n2. Close it.\n", []int{2}},
		{"parenthesis markers", "1) Open it.\n2) Close it.\n", []int{2}},
		{"bullet list ends an ordered list", "1. Open it.\n- a bullet\n", []int{1}},
		{"two lists", "1. Open it.\n2. Close it.\n\ntext\n\n1. Run it.\n2. Stop it.\n", []int{2, 2}},
	}
	for _, c := range cases {
		var got []int
		for _, l := range OrderedLists(c.s) {
			got = append(got, len(l.Items))
		}
		if len(got) != len(c.items) {
			t.Errorf("%s: lists %v, want %v", c.name, got, c.items)
			continue
		}
		for i := range got {
			if got[i] != c.items[i] {
				t.Errorf("%s: lists %v, want %v", c.name, got, c.items)
			}
		}
	}
}

func TestImperativeStep(t *testing.T) {
	yes := []string{
		"Install WSL if you haven't already",
		"[Install WSL](../install.md) if you haven't already, then update",
		"**Open** the project in VS Code",
		"From your WSL terminal, change directories to the folder:",
		"When you're finished, stop the container:",
		"To confirm that your container is running, list the running containers",
		"Then run `make install`.",
		"Right-click the file and choose Rename.",
		"run the tests",
		"For this example, we'll use the source code",
		"First, let's define the service entry and the image for the container.",
		"Next, we'll migrate both the working directory",
		"Inside the container, we're going to use the `dig` command",
		"We will first define the new service and name it `mysql`",
	}
	no := []string{
		"Using `docker run`",
		"Modifying the `docker-compose.yml` file present in this repository:",
		"Units shall be folders.",
		"Fast: it parses in linear time.",
		"The first step is to install Go.",
		"Smith, J. (2020). A paper.",
		"You will get a prompt to enter your new password.",
		"We'll see the logs of every service.",
		"We use a cache.",
		"",
	}
	for _, s := range yes {
		if !ImperativeStep(s) {
			t.Errorf("ImperativeStep(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if ImperativeStep(s) {
			t.Errorf("ImperativeStep(%q) = true, want false", s)
		}
	}
}

func TestIsProcedureNeedsInstructions(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"1. Clone the repository.\n2. Run `make`.\n", true},
		{"1. Using `docker run`\n2. Modifying the compose file\n", false},
		{"1. Fast.\n2. Small.\n3. Run it.\n", false},              // one instruction of three
		{"1. We use a cache.\n2. Open it.\n3. Close it.\n", true}, // two of three
		{"1. Open it.\n", false},                                  // one item
		// A purpose announced first needs one instruction.
		{"To check that a graph is a tree:\n\n1. Count the vertices.\n2. Check that it is connected.\n3. Conclude.\n", true},
		{"**To compute a determinant by cofactors:**\n\n1. Choose a row.\n2. The sum of the products is the determinant.\n", true},
		{"To summarize:\n\n1. Graphs have vertices.\n2. Open sets are open.\n3. Trees are graphs.\n", false}, // no purpose
		{"To use this library you need:\n\n1. Python 3.8\n2. A GPU\n", false},                                // no instruction
		{"We want to check it\n\n1. The vertices.\n2. Check it.\n3. The edges.\n", false},                    // no colon
		// One step over sub-steps, under a lead-in that says steps follow.
		{"To process the queue, run these steps:\n\n1. While the queue is not empty:\n    1. Let m be the first message.\n    2. Dequeue m.\n", true},
		{"We note:\n\n1. While the queue is not empty:\n    1. Let m be the first message.\n    2. Dequeue m.\n", false},
	} {
		ls := OrderedLists(c.s)
		if len(ls) != 1 {
			t.Fatalf("%q: %d lists", c.s, len(ls))
		}
		if got := IsProcedure(c.s, ls[0]); got != c.want {
			t.Errorf("IsProcedure(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestOrderedListsLinear(t *testing.T) {
	// Deep nesting and unclosed fences must not make the scan quadratic.
	s := strings.Repeat("1. Open it.\n    ```\n", 20000)
	if ls := OrderedLists(s); len(ls) != 1 {
		t.Fatalf("got %d lists", len(ls))
	}
}

func FuzzOrderedLists(f *testing.F) {
	for _, s := range []string{
		"1. Open it.\n    ```\n    2. code\n    ```\n2. Close it.\n",
		"1) a\n\n   b\n2) c\n{{< note >}}\n    x\n{{< /note >}}\n3) d\n",
		"It was built in\n2020. The team …\n1.\n\n\t1. x\n````\n",
		"1. First, let's define it.\n1. Next, we'll run it.\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := -1
		for _, l := range OrderedLists(s) {
			if l.Start < prev || l.Start > l.End || l.End > len(s) || len(l.Items) == 0 {
				t.Fatalf("list %d..%d after %d in %d bytes", l.Start, l.End, prev, len(s))
			}
			for _, it := range l.Items {
				if it.Start < l.Start || it.Body < it.Start || it.End < it.Body || it.End > l.End {
					t.Fatalf("item %+v outside list %d..%d", it, l.Start, l.End)
				}
			}
			prev = l.End
		}
		for _, l := range Procedures(s) {
			if l.End > len(s) || len(l.Items) < 2 {
				t.Fatalf("procedure %+v", l)
			}
		}
	})
}

// An algorithm's steps compute; a reader's instructions do not, however
// imperative both read.
func TestComputes(t *testing.T) {
	for src, want := range map[string]bool{
		"1. Let _O_ be the *this* value.\n2. Perform ? Validate(_O_).\n3. If _O_ is *undefined*, then\n4. Return _O_.\n": true,
		"1. Install the package.\n2. Set the PATH variable to the bin folder.\n3. Run the server.\n":                     false,
		"1. Set _i_ to 0.\n2. Return _i_.\n": false,
	} {
		ls := OrderedLists(src)
		if len(ls) != 1 {
			t.Fatalf("%q: %d lists", src, len(ls))
		}
		if got := Computes(src, ls[0]); got != want {
			t.Errorf("Computes(%q) = %v, want %v", src, got, want)
		}
	}
}
