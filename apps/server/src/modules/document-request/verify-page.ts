import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../lib/errors.ts';
import type { DocumentRequestService } from './document-request.service.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const kstDateTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

function page(status: number, title: string, body: string): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:'Pretendard','Noto Sans KR','Apple SD Gothic Neo',system-ui,sans-serif;background:#f5f7fa;color:#1a1f29;line-height:1.6;word-break:keep-all}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.375rem;margin:0 0 .75rem}
.ok{color:#0b6b3a}.bad{color:#b42318}
dl{display:grid;grid-template-columns:minmax(6rem,auto) 1fr;gap:.5rem 1rem;margin:1rem 0 0}
dt{color:#5b6472}dd{margin:0;overflow-wrap:anywhere}
p{margin:.5rem 0}
.en{color:#5b6472;font-size:.875rem}
</style></head>
<body><main><div class="card" data-status="${status}">${body}</div></main></body></html>`;
}

/**
 * The public page the certificate's QR code opens: `/verify/{code}`. It confirms the type,
 * number, date, hospital and a masked name; never a diagnosis or a birth date. A forged or
 * altered code gets the same refusal as a mistyped one (decision 026).
 */
export const verifyPageRoutes: FastifyPluginAsync<{
  documents: Pick<DocumentRequestService, 'verify'>;
}> = async (app, { documents }) => {
  app.get<{ Params: { code: string } }>(
    '/verify/:code',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } }, schema: { hide: true } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      try {
        const found = await documents.verify(String(request.params.code).slice(0, 40));
        return page(
          200,
          '진위 확인: 발급된 문서입니다',
          `<h1 class="ok">✔ 병원이 발급한 문서가 맞습니다</h1>
<p class="en">This document was issued by the hospital.</p>
<dl>
<dt>문서 종류</dt><dd>${escapeHtml(found.typeName)}</dd>
<dt>발급번호</dt><dd>${escapeHtml(found.issueNumber)}</dd>
<dt>발급일시</dt><dd>${escapeHtml(kstDateTime(found.issuedAt))} (KST)</dd>
<dt>발급기관</dt><dd>${escapeHtml(found.hospitalName)}</dd>
<dt>성명</dt><dd>${escapeHtml(found.maskedName)}</dd>
</dl>
<p class="en">종이 문서의 내용이 위와 다르면 위조 또는 변조된 문서일 수 있습니다. If the paper differs from the above, it may have been altered.</p>`,
        );
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'DOCUMENT_VERIFY_FAILED') throw error;
        void reply.code(404);
        return page(
          404,
          '진위 확인 실패',
          `<h1 class="bad">✖ 확인되지 않는 문서입니다</h1>
<p>이 검증 코드로 발급된 문서가 없습니다. 위조되었거나 잘못 입력된 코드입니다. 발급한 병원에 문의해 주세요.</p>
<p class="en">No issued document carries this verification code: it is forged, altered or mistyped.</p>`,
        );
      }
    },
  );
};
