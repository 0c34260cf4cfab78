// Markdown to HTML, for the rules page (rules.html shows doc/RULES.md):
// the part of Markdown that RULES.md is written in, no more. Headings
// (with GitHub's anchors), paragraphs, lists (numbered or not, nested,
// several paragraphs in an item), fenced code, tables, `code`, **strong**
// and *emphasis*. Everything else is text, escaped.

const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The inline marks of one paragraph or cell. Code spans are set aside
 *  first, so that nothing inside them is read as a mark. */
function inline(text) {
  const spans = [];
  const marked = escape(text.replace(/`([^`]+)`/g, (_, code) => `\0${spans.push(code) - 1}\0`))
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/\*(.+?)\*/g, "<em>$1</em>");
  return marked.replace(/\0(\d+)\0/g, (_, i) => `<code>${escape(spans[i])}</code>`);
}

/** GitHub's anchor of a heading: lower case, no punctuation, a dash a space. */
const anchor = (text) => text.toLowerCase().replace(/[^\w\- ]/g, "").replace(/ /g, "-");

const LIST = /^([-*]|\d+\.) /;
const cells = (row) => row.trim().replace(/^\||\|$/g, "").split("|").map((cell) => inline(cell.trim()));
const starts = (line) => /^(```|#{1,6} |\|)/.test(line) || LIST.test(line);

/** The HTML of `lines`, a block of Markdown whose indentation is removed. */
function blocks(lines) {
  const out = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
    } else if (line.startsWith("```")) {
      const end = lines.indexOf("```", i + 1);
      const stop = end < 0 ? lines.length : end;
      out.push(`<pre><code>${escape(lines.slice(i + 1, stop).join("\n"))}</code></pre>`);
      i = stop + 1;
    } else if (/^#{1,6} /.test(line)) {
      const [, hashes, text] = /^(#+) (.*)$/.exec(line);
      out.push(`<h${hashes.length} id="${anchor(text)}">${inline(text)}</h${hashes.length}>`);
      i++;
    } else if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(lines[i++]);
      const head = cells(rows[0]).map((c) => `<th>${c}</th>`).join("");
      const body = rows.slice(2).map((r) => `<tr>${cells(r).map((c) => `<td>${c}</td>`).join("")}</tr>`).join("\n");
      out.push(`<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`);
    } else if (LIST.test(line)) {
      const tag = /^\d/.test(line) ? "ol" : "ul";
      const items = [];
      while (i < lines.length && LIST.test(lines[i])) {
        // An item: its first line, then what is indented past its marker
        // (blank lines included when the item goes on after them).
        const width = LIST.exec(lines[i])[0].length;
        const item = [lines[i++].slice(width)];
        for (; i < lines.length; i++) {
          const next = lines[i];
          if (!next.trim()) {
            const after = lines.slice(i).find((l) => l.trim());
            if (!after?.startsWith(" ".repeat(width))) break;
            item.push("");
          } else if (next.startsWith(" ".repeat(width))) item.push(next.slice(width));
          else if (!starts(next) && item.at(-1)) item.push(next.trim()); // a lazy continuation
          else break;
        }
        items.push(`<li>${blocks(item)}</li>`);
      }
      out.push(`<${tag}>\n${items.join("\n")}\n</${tag}>`);
    } else {
      const paragraph = [];
      while (i < lines.length && lines[i].trim() && !starts(lines[i])) paragraph.push(lines[i++].trim());
      out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

/** The HTML of a Markdown text. */
export function markdown(text) {
  return blocks(text.replace(/\r\n/g, "\n").split("\n"));
}
