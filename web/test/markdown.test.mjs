// The rules page's Markdown (web/markdown.js), on the forms RULES.md uses:
// exact HTML out, and HTML in the text shown as text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { markdown } from "../markdown.js";

test("inline marks; HTML and marks inside code are text", () => {
  assert.equal(markdown("a `<b>*x*</b>` **c** *d e* <i>&"),
    "<p>a <code>&lt;b&gt;*x*&lt;/b&gt;</code> <strong>c</strong> <em>d e</em> &lt;i&gt;&amp;</p>");
});

test("headings, a paragraph interrupted by a list, nested items over blank lines, code, a table", () => {
  const text = [
    "## Match (`several`) rounds", "Each player:", "- one", "  - inner `x`", "", "  more of one", "- two", "  goes on",
    "", "1. first", "   line", "", "```", "a <b>", "```", "| # | p |", "|---|---|", "| M1 | `m/7` |",
  ].join("\n");
  assert.equal(markdown(text), [
    '<h2 id="match-several-rounds">Match (<code>several</code>) rounds</h2>', "<p>Each player:</p>",
    "<ul>", "<li><p>one</p>", "<ul>", "<li><p>inner <code>x</code></p></li>", "</ul>", "<p>more of one</p></li>",
    "<li><p>two goes on</p></li>", "</ul>", "<ol>", "<li><p>first line</p></li>", "</ol>",
    "<pre><code>a &lt;b&gt;</code></pre>",
    "<table>", "<thead><tr><th>#</th><th>p</th></tr></thead>", "<tbody>", "<tr><td>M1</td><td><code>m/7</code></td></tr>", "</tbody>", "</table>",
  ].join("\n"));
});
