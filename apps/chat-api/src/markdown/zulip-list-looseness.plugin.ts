import type { MarkdownIt, StateCore, Token } from 'markdown-it';

// Python-Markdown decides per item, not per list, whether an item's text is a paragraph: the
// items on either side of a blank line get `<p>`, as does an item holding a blank line, while
// the others stay tight (`* a\n* b\n\n* c` gives a tight `a`, then `<p>b</p>` and `<p>c</p>`).
// markdown-it makes the whole list loose; this rule re-decides item by item.
export function zulipListLooseness(md: MarkdownIt): void {
  md.core.ruler.after('block', 'zulip_list_looseness', (state: StateCore) => {
    const lines = state.src.split('\n');
    const blank = (line: number) => line >= 0 && line < lines.length && /^[\s>]*$/.test(lines[line]!);
    for (const list of listsOf(state.tokens)) {
      const loose = list.items.map((item, i) => {
        const next = list.items[i + 1];
        const previous = list.items[i - 1];
        const [start, end] = item.open.map ?? [0, 0];
        let last = end - 1;
        while (last > start && blank(last)) last--;
        const inside = range(start + 1, last).some((line) => blank(line));
        return (
          inside ||
          (next !== undefined && blank(next.open.map![0] - 1)) ||
          (previous !== undefined && blank(start - 1))
        );
      });
      list.items.forEach((item, i) => {
        for (const paragraph of item.paragraphs) paragraph.hidden = !loose[i];
      });
    }
  });
}

interface Item {
  readonly open: Token;
  readonly paragraphs: Token[];
}

// Every list with its items and each item's own paragraph tokens (not those of nested blocks).
function listsOf(tokens: Token[]): { items: Item[] }[] {
  const lists: { items: Item[] }[] = [];
  const stack: { items: Item[]; level: number }[] = [];
  for (const token of tokens) {
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') {
      const list = { items: [], level: token.level };
      stack.push(list);
      lists.push(list);
    } else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') {
      stack.pop();
    } else if (token.type === 'list_item_open') {
      stack[stack.length - 1]!.items.push({ open: token, paragraphs: [] });
    } else if (token.type === 'paragraph_open' || token.type === 'paragraph_close') {
      const list = stack[stack.length - 1];
      if (list && token.level === list.level + 2) list.items[list.items.length - 1]!.paragraphs.push(token);
    }
  }
  return lists;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
