package text

import "testing"

func TestCodeShortcodes(t *testing.T) {
	for in, want := range map[string]string{
		"On Linux:\n\n{{< codeFromInline lang=\"bash\" >}}\n# For ARM64\nchmod +x ./kind\n{{< /codeFromInline >}}\n": "On Linux:\n\n```bash\n# For ARM64\nchmod +x ./kind\n```\n",
		"  {{< highlight go \"linenos=table\" >}}\n  package main\n  {{< / highlight >}}":                            "  ```go\n  package main\n  ```",
		"{{% code lang=yaml %}}\na: 1\n{{% /code %}}\n":                                                              "```yaml\na: 1\n```\n",
		"{{< note >}}\nRead this.\n{{< /note >}}\n":                                                                  "{{< note >}}\nRead this.\n{{< /note >}}\n",
		"{{< codeFromInline lang=\"bash\" >}}\nkind\n":                                                               "{{< codeFromInline lang=\"bash\" >}}\nkind\n",
		"Text with {{< stableVersion >}} inline.\n":                                                                  "Text with {{< stableVersion >}} inline.\n",
	} {
		if got := CodeShortcodes(in); got != want {
			t.Errorf("CodeShortcodes(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}
