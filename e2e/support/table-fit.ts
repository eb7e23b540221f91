import type { Page } from 'playwright-core';

/*
 * The measure of every-table-fits.e2e.ts (issue 31 point 5): how far a page and its tables scroll
 * sideways, and whether the ids in its tables show whole.
 */

export interface TableFit {
  /** How far the page scrolls sideways. */
  page: number;
  /** How far each table's content scrolls sideways (by table). */
  tables: number[];
  /** Ids shown cut: "id: why". */
  cut: string[];
  /** The ids that were found whole on the page. */
  whole: string[];
}

/**
 * Measures the page: the sideways scroll of the document and of every table outside dialogs; and each
 * occurrence of an id of `ids` (or a job instance number starting with one) inside a table cell —
 * whether the element showing it is cut (scrollWidth > clientWidth, or its text past the cell) and
 * whether a word of it (the parts between `_`, `-`, `.`, `/`) lies on more than one line.
 */
export async function measure(page: Page, ids: readonly string[]): Promise<TableFit> {
  return page.evaluate((wanted) => {
    const tables = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper')).filter(
      (table) => !table.closest('.ant-modal') && table.getBoundingClientRect().width > 0,
    );
    const cut: string[] = [];
    const whole = new Set<string>();
    const idPattern = new RegExp(
      `(${wanted.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})[A-Za-z0-9_\\-]*`,
      'g',
    );
    for (const cell of tables.flatMap((table) =>
      Array.from(
        table.querySelectorAll<HTMLElement>('tbody td, .ant-table-tbody-virtual-holder .ant-table-cell'),
      ),
    )) {
      // The cell's text nodes with their offsets in its whole text (an IdText splits an id at <wbr>).
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const nodes: { node: Text; start: number }[] = [];
      let text = '';
      let parent: Element | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text of another element starts a new word (an id over its name is two texts).
        if (parent && node.parentElement !== parent) text += '\n';
        parent = node.parentElement;
        nodes.push({ node: node as Text, start: text.length });
        text += node.textContent ?? '';
      }
      const at = (offset: number): [Text, number] => {
        const found = [...nodes].reverse().find((entry) => entry.start <= offset) ?? nodes[0];
        if (!found) throw new Error('no text');
        return [found.node, offset - found.start];
      };
      const cellBox = cell.getBoundingClientRect();
      if (/…/.test(text) && wanted.some((id) => text.includes(id.slice(0, 6))))
        cut.push(`${text.trim()}: ends with "…"`);
      for (const match of text.matchAll(idPattern)) {
        const id = match[0];
        const start = match.index;
        let reason = '';
        // Every word of the id on one line, inside the cell.
        let offset = start;
        for (const word of id.split(/(?<=[_\-./])/)) {
          const range = document.createRange();
          const [startNode, startOffset] = at(offset);
          const [endNode, endOffset] = at(offset + word.length - 1);
          range.setStart(startNode, startOffset);
          range.setEnd(endNode, endOffset + 1);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          const box = range.getBoundingClientRect();
          if (lines.size > 1) reason ||= `"${word}" broken over ${lines.size} lines`;
          if (box.right > cellBox.right + 1 || box.left < cellBox.left - 1)
            reason ||= `"${word}" past the cell (${Math.round(box.right)} > ${Math.round(cellBox.right)})`;
          offset += word.length;
        }
        // The element holding the id is not cut (ellipsis or hidden overflow).
        const [node] = at(start);
        const holder = node.parentElement;
        if (holder && holder.scrollWidth > holder.clientWidth + 1 && holder.clientWidth > 0)
          reason ||= `cut (${holder.scrollWidth} > ${holder.clientWidth})`;
        if (reason) cut.push(`${id}: ${reason} in "${text.trim().slice(0, 100)}"`);
        else whole.add(id);
      }
    }
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tables: tables.map((table) => {
        const content = table.querySelector<HTMLElement>(
          '.ant-table-content, .ant-table-body, .ant-table-tbody-virtual-holder',
        );
        return content ? content.scrollWidth - content.clientWidth : 0;
      }),
      cut,
      whole: [...whole],
    };
  }, ids);
}
