import { describe, expect, it } from 'vitest';
import { contentFileUrl } from '@smartcare/contract/hospital-content';
import { imageKeysOf, plainTextOf, sanitizeRichText } from './hospital-content.sanitize.ts';
import { OWASP_XSS_PAYLOADS } from './xss-payloads.ts';

const ALLOWED: Record<string, readonly string[]> = {
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
};
const OWN_IMAGE = /^\/medical2\/app\/api\/hospitalContent\/getFile\?key=[0-9a-f]{32}$/;

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * Everything the sanitised HTML could make a browser do: each tag and attribute must be on
 * the allow-list, links must use http(s), tel or mailto, images must be the hospital's own
 * files, and no `<` may be left that starts a tag the check did not see.
 */
function problemsIn(html: string): string[] {
  const problems: string[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*\/?>/g;
  for (const [, , name, attributes] of html.matchAll(tag)) {
    const allowed = ALLOWED[name!.toLowerCase()];
    if (!allowed) {
      problems.push(`tag ${name}`);
      continue;
    }
    for (const [, attribute, raw] of attributes!.matchAll(/\s+([a-zA-Z-]+)="([^"]*)"/g)) {
      if (!allowed.includes(attribute!)) problems.push(`attribute ${attribute} on ${name}`);
      // Browsers skip whitespace and control characters inside a scheme ("jav\tascript:").
      const value = [...decode(raw!)].filter((c) => c.charCodeAt(0) > 0x20).join('');
      if (attribute === 'href' && !/^(https?:|tel:|mailto:)/i.test(value)) problems.push(`href ${value}`);
      if (attribute === 'src' && !OWN_IMAGE.test(value)) problems.push(`src ${value}`);
    }
  }
  if (html.replace(tag, '').includes('<')) problems.push('unparsed <');
  return problems;
}

describe('rich text is sanitised on the way in', () => {
  it.each(OWASP_XSS_PAYLOADS.map((payload) => [payload]))('leaves nothing that runs of %s', (payload) => {
    const clean = sanitizeRichText(`<p>안내</p>${payload}`);
    expect(problemsIn(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed|<meta|<link|<base|<form/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('the check itself catches what it looks for', () => {
    expect(problemsIn('<img src="x" onerror="alert(1)">')).toEqual(['src x', 'attribute onerror on img']);
    expect(problemsIn('<a href="javascript:alert(1)">x</a>')).toEqual(['href javascript:alert(1)']);
    expect(problemsIn('<script>alert(1)</script>')).toEqual(['tag script', 'tag script']);
  });

  it('keeps headings, lists, links and the hospital’s own images', () => {
    const image = contentFileUrl('0123456789abcdef0123456789abcdef');
    const html = sanitizeRichText(
      `<h2>면회 안내</h2><p>평일 <strong>오후 6시~8시</strong></p><ul><li>2명까지</li></ul>` +
        `<a href="https://example.org/map">지도</a><img src="${image}" alt="층별 안내도">` +
        `<img src="https://tracker.example/pixel.gif" alt="밖의 그림">`,
    );
    expect(html).toBe(
      `<h2>면회 안내</h2><p>평일 <strong>오후 6시~8시</strong></p><ul><li>2명까지</li></ul>` +
        `<a href="https://example.org/map" target="_blank" rel="noopener noreferrer">지도</a>` +
        `<img src="${image}" alt="층별 안내도" />`,
    );
    expect(imageKeysOf(html)).toEqual(['0123456789abcdef0123456789abcdef']);
  });

  it('gives the plain words of a body for search', () => {
    expect(plainTextOf('<h2>주차</h2><p>지하 1~3층 &amp; 야외</p><ul><li>2시간 무료</li></ul>')).toBe(
      '주차 지하 1~3층 & 야외 2시간 무료',
    );
  });
});
