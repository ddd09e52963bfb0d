package web

import (
	"fmt"
	"strings"
	"testing"
)

func TestSnippetLetsOnlyMarkThrough(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain text", "a stopped card", "a stopped card"},
		{"marks kept", "a <mark>stopped</mark> card", "a <mark>stopped</mark> card"},
		{"other tags escaped", "<b>x</b> <mark>y</mark>", "&lt;b&gt;x&lt;/b&gt; <mark>y</mark>"},
		{"script escaped", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"mark with attributes escaped", `<mark onclick="x()">y</mark>`, "&lt;mark onclick=&#34;x()&#34;&gt;y"},
		{"unclosed mark closed", "<mark>open", "<mark>open</mark>"},
		{"stray close dropped", "x</mark> y", "x y"},
		{"nested mark flattened", "<mark>a <mark>b</mark></mark>", "<mark>a b</mark>"},
		{"ampersands and quotes escaped", `A & B "q" 'r'`, "A &amp; B &#34;q&#34; &#39;r&#39;"},
		{"entities from the service are not escaped twice", "&#34;<mark>stopped</mark>&#34; &amp; &lt;b&gt;", "&#34;<mark>stopped</mark>&#34; &amp; &lt;b&gt;"},
		{"escaped script stays escaped", "&lt;script&gt;x", "&lt;script&gt;x"},
		{"upper case tag is not a mark", "<MARK>x</MARK>", "&lt;MARK&gt;x&lt;/MARK&gt;"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(Snippet(tc.in)); got != tc.want {
				t.Errorf("Snippet(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func FuzzSnippet(f *testing.F) {
	f.Add("a <mark>b</mark> <script>c</script>")
	f.Add("<mark><mark></mark>")
	f.Add("&lt;mark&gt;")
	f.Fuzz(func(t *testing.T, s string) {
		out := string(Snippet(s))
		rest := strings.ReplaceAll(strings.ReplaceAll(out, "<mark>", ""), "</mark>", "")
		if strings.ContainsAny(rest, "<>\"'") {
			t.Errorf("Snippet(%q) = %q lets markup through", s, out)
		}
		if strings.Count(out, "<mark>") != strings.Count(out, "</mark>") {
			t.Errorf("Snippet(%q) = %q is unbalanced", s, out)
		}
	})
}

func ExampleSnippet() {
	fmt.Println(Snippet(`the <mark>stopped</mark> card <img src=x>`))
	// Output: the <mark>stopped</mark> card &lt;img src=x&gt;
}
