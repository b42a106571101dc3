import sanitizeHtml from 'sanitize-html';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { CONTENT_FILE_PATH } from '@smartcare/contract/hospital-content';

/** Inline images come from this hospital's uploads only: no outside trackers, no data: URLs. */
const OWN_IMAGE = new RegExp(`^${API_PREFIX}${CONTENT_FILE_PATH}\\?key=[0-9a-f]{32}$`);

/**
 * The rich-text allow-list (issue 14): headings, paragraphs, lists, emphasis, links and the
 * hospital's own images. Everything else — scripts, styles, event handlers, iframes, forms,
 * SVG — is dropped on the way in, so what is stored is safe wherever it is shown.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // target and rel are set by the transform below, whatever the editor wrote.
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'http', 'tel', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these never reaches the page, not even as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of a rich text, for search and the chatbot. */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[2-4]|li|tr|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** File keys of the inline images a body uses (they must be this hospital's). */
export function imageKeysOf(html: string): string[] {
  return [...html.matchAll(/getFile\?key=([0-9a-f]{32})/g)].map((m) => m[1]!);
}
