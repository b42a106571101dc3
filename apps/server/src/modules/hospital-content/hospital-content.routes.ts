import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import {
  CONTENT_FILE_PATH,
  CONTENT_PDF_MAX_BYTES,
  fileQuerySchema,
} from '@smartcare/contract/hospital-content';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import { errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import type { HospitalContentService } from './hospital-content.service.ts';

const calls = apiCalls.hospitalContent;
const tags = ['hospitalContent'];

/**
 * Hospital information (issue 14). Patients read the published items of their chosen
 * hospital; the hospital's editors write them (decision 022). Every call is limited to one hospital.
 */
export const hospitalContentRoutes: FastifyPluginAsyncZod<{ contents: HospitalContentService }> = async (
  app,
  { contents },
) => {
  // --- patients ---
  app.route({
    ...routeOf(calls.getNoticeList, {
      auth: 'patient',
      summary: "The hospital's published notices: pinned first, then newest, with the patient's read marks",
    }),
    handler: async (request) =>
      ok(request, await contents.noticePage(patientOf(request).idx, request.query.pNum, request.query.pSize)),
  });

  app.route({
    ...routeOf(calls.getContent, {
      auth: 'patient',
      summary: 'A published notice, FAQ entry or guide; opening a notice marks it read',
    }),
    handler: async (request) =>
      ok(request, await contents.content(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getFaqList, { auth: 'patient', summary: 'Published FAQ entries by category and order' }),
    handler: async (request) =>
      ok(request, await contents.list(patientOf(request).idx, 'FAQ', request.query.category)),
  });

  app.route({
    ...routeOf(calls.getGuideList, { auth: 'patient', summary: 'Published guides by category and order' }),
    handler: async (request) =>
      ok(request, await contents.list(patientOf(request).idx, 'GUIDE', request.query.category)),
  });

  app.route({
    ...routeOf(calls.getCategories, {
      auth: 'patient',
      summary: 'FAQ or guide categories with how many published items each has',
    }),
    handler: async (request) =>
      ok(request, await contents.categories(patientOf(request).idx, request.query.kind)),
  });

  app.route({
    ...routeOf(calls.search, {
      auth: 'patient',
      summary:
        'Published guides and FAQ entries for a query: partial words, 초성, spacing, small typos, keywords',
    }),
    handler: async (request) =>
      ok(request, await contents.search(patientOf(request).idx, request.query.keyword)),
  });

  // --- files: `<img src>` and attachment links carry no token; the 128-bit key is the access ---
  // Not a JSON call (bytes, no envelope), so it has no entry in the contract's call table.
  app.get(
    CONTENT_FILE_PATH,
    {
      schema: {
        tags,
        summary: 'An uploaded image or PDF by its key (bytes, not an envelope)',
        querystring: fileQuerySchema,
        // Sent as a Buffer, which Fastify does not serialise; the schema only documents it.
        response: { 200: z.unknown().describe('The file itself, with its content type') },
      },
    },
    async (request, reply) => {
      const file = await contents.fileForDownload(request.query.key);
      if (!file) throw notFound('file');
      const disposition = file.content_type === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.content_type)
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(file.data));
    },
  );

  // --- editors of their own hospital (decision 022) ---
  app.route({
    ...routeOf(calls.getEditorList, {
      auth: 'staff',
      summary: "Every item of one kind in the editor's hospital, or its deleted items still restorable",
    }),
    handler: async (request) =>
      ok(
        request,
        await contents.editorList(staffOf(request).idx, request.query.kind, request.query.deleted === 'true'),
      ),
  });

  app.route({
    ...routeOf(calls.getEditorContent, { auth: 'staff', summary: 'One item as the editor sees it' }),
    handler: async (request) =>
      ok(request, await contents.editorContent(staffOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getChanges, { auth: 'staff', summary: 'Who changed the item and when, newest first' }),
    handler: async (request) => ok(request, await contents.changes(staffOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.create, { auth: 'staff', summary: 'A new item, as a draft' }),
    handler: async (request) => ok(request, await contents.create(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.update, { auth: 'staff', summary: 'Edit an item' }),
    handler: async (request) => ok(request, await contents.update(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.publish, { auth: 'staff', summary: 'Publish now or at a later time' }),
    handler: async (request) =>
      ok(request, await contents.publish(staffOf(request).idx, request.body.idx, request.body.publishAt)),
  });

  app.route({
    ...routeOf(calls.unpublish, { auth: 'staff', summary: 'Take an item down' }),
    handler: async (request) => ok(request, await contents.unpublish(staffOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.delete, { auth: 'staff', summary: 'Delete an item (restorable for 30 days)' }),
    handler: async (request) => ok(request, await contents.remove(staffOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.restore, { auth: 'staff', summary: 'Restore an item deleted less than 30 days ago' }),
    handler: async (request) => ok(request, await contents.restore(staffOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.uploadFile, {
      auth: 'staff',
      summary: 'Upload an image (3 MB) or PDF (10 MB), checked by its bytes',
      responses: { 415: errorEnvelope(415, 'Not an allowed file type', z.null()) },
    }),
    // Base64 of the largest allowed file, plus the JSON around it.
    bodyLimit: Math.ceil(CONTENT_PDF_MAX_BYTES / 3) * 4 + 4096,
    handler: async (request) =>
      ok(
        request,
        await contents.uploadFile(staffOf(request).idx, request.body.fileName, request.body.dataBase64),
      ),
  });
};
