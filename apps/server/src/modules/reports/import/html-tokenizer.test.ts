import { describe, expect, it } from 'vitest';
import { HtmlTokenizer } from './html-tokenizer.js';

/** Events as "<td colspan=2>", "</td>" and "text", the text captured everywhere unless told. */
function read(chunks: string[], captureText = true): string[] {
  const events: string[] = [];
  const tokenizer = new HtmlTokenizer(
    {
      onOpenTag: (name, attrs) => {
        const kept = Object.entries(attrs).map(([k, v]) => ` ${k}=${v ?? ''}`);
        events.push(`<${name}${kept.join('')}>`);
      },
      onCloseTag: (name) => events.push(`</${name}>`),
      onText: (text) => {
        const last = events.length - 1;
        const previous = events[last];
        if (previous !== undefined && !previous.startsWith('<')) events[last] = previous + text;
        else events.push(text);
      },
    },
    { attributeTags: ['td', 'meta'], attributeNames: ['class', 'colspan', 'name', 'content'] },
  );
  tokenizer.captureText = captureText;
  for (const chunk of chunks) tokenizer.write(chunk);
  tokenizer.end();
  return events;
}

/** Every way of cutting `html` in two. */
const halves = (html: string) =>
  Array.from({ length: html.length + 1 }, (_, i) => [html.slice(0, i), html.slice(i)]);

describe('HtmlTokenizer', () => {
  it('decodes entities in text as htmlparser2 does, with or without the semicolon', () => {
    expect(read(['<td>a&amp;b &lt;&gt;&quot;&apos;&nbsp;&#65;&#x42;&notit; &amp</td>'])).toEqual([
      '<td>',
      'a&b <>"\'\u00a0AB¬it; &',
      '</td>',
    ]);
  });

  it('reads the same wherever a chunk ends: in an entity, a name, a value, a comment', () => {
    const html = '<TD Class="x &amp; y" colspan=2>1&nbsp;2<!-- </td> --></td>';
    const whole = read([html]);
    expect(whole).toEqual(['<td class=x & y colspan=2>', '1\u00a02', '</td>']);
    for (const parts of halves(html)) expect(read(parts)).toEqual(whole);
  });

  it('keeps only the asked attributes, of the asked tags, the first of a name winning', () => {
    expect(read(['<td nowrap CLASS=a class=b style="x"><tr colspan=3><meta name=g>'])).toEqual([
      '<td class=a>',
      '</td>',
      '<tr>',
      '<meta name=g>',
      '</meta>',
      '</tr>',
    ]);
  });

  it('takes what <script>, <style> and <title> hold as text, not as tags', () => {
    expect(read(['<script>if (a<b) "</td>"</script><title>x &amp; <b></title>'])).toEqual([
      '<script>',
      'if (a<b) "</td>"',
      '</script>',
      '<title>',
      'x & <b>',
      '</title>',
    ]);
  });

  it('closes cells and rows as htmlparser2 did: by the next row, by </table>, at the end', () => {
    expect(read(['<table><tr><td>a<td>b<tr><td>c</table><tr><td>d'], false)).toEqual([
      '<table>',
      '<tr>',
      '<td>',
      '</td>',
      '<td>',
      '</td>',
      '</tr>',
      '<tr>',
      '<td>',
      '</td>',
      '</tr>',
      '</table>',
      '<tr>',
      '<td>',
      '</td>',
      '</tr>',
    ]);
  });

  it('builds no text while capture is off', () => {
    expect(read(['<p>text &amp; more</p>'], false)).toEqual(['<p>', '</p>']);
  });

  it('ignores a close tag with nothing open, and skips comments and doctypes', () => {
    expect(read(['<!DOCTYPE html></td><!-- <tr> -->x<?php ?>y</b>'])).toEqual(['xy']);
  });
});
