import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import {
  CONTENT_FILE_PATH,
  CONTENT_PDF_MAX_BYTES,
  contentCategoriesQuerySchema,
  contentCategorySchema,
  contentChangeSchema,
  contentFileSchema,
  contentIdxBodySchema,
  contentQuerySchema,
  contentSchema,
  createContentBodySchema,
  editorContentSchema,
  editorListQuerySchema,
  faqListQuerySchema,
  fileQuerySchema,
  guideListQuerySchema,
  noticeListQuerySchema,
  noticeSummarySchema,
  publishContentBodySchema,
  searchQuerySchema,
  searchResultSchema,
  updateContentBodySchema,
  uploadFileBodySchema,
} from '@smartcare/contract/hospital-content';
import { pageSchema } from '@smartcare/contract/paging';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import { errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import type { HospitalContentService } from './hospital-content.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['hospitalContent'];
const oneEditorItem = { 200: envelopeSchema(editorContentSchema) };

/**
 * Hospital information (issue 14). Patients read the published items of their chosen
 * hospital; the hospital's administrators write them. Every call is limited to one hospital.
 */
export const hospitalContentRoutes: FastifyPluginAsyncZod<{ contents: HospitalContentService }> = async (
  app,
  { contents },
) => {
  // --- patients ---
  app.get(
    apiPaths.hospitalContent.getNoticeList,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "The hospital's published notices: pinned first, then newest, with the patient's read marks",
        security,
        querystring: noticeListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(noticeSummarySchema)) },
      },
    },
    async (request) =>
      ok(request, await contents.noticePage(patientOf(request).idx, request.query.pNum, request.query.pSize)),
  );

  app.get(
    apiPaths.hospitalContent.getContent,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'A published notice, FAQ entry or guide; opening a notice marks it read',
        security,
        querystring: contentQuerySchema,
        response: { 200: envelopeSchema(contentSchema) },
      },
    },
    async (request) => ok(request, await contents.content(patientOf(request).idx, request.query.idx)),
  );

  app.get(
    apiPaths.hospitalContent.getFaqList,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Published FAQ entries by category and order',
        security,
        querystring: faqListQuerySchema,
        response: { 200: envelopeSchema(z.array(contentSchema)) },
      },
    },
    async (request) =>
      ok(request, await contents.list(patientOf(request).idx, 'FAQ', request.query.category)),
  );

  app.get(
    apiPaths.hospitalContent.getGuideList,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Published guides by category and order',
        security,
        querystring: guideListQuerySchema,
        response: { 200: envelopeSchema(z.array(contentSchema)) },
      },
    },
    async (request) =>
      ok(request, await contents.list(patientOf(request).idx, 'GUIDE', request.query.category)),
  );

  app.get(
    apiPaths.hospitalContent.getCategories,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'FAQ or guide categories with how many published items each has',
        security,
        querystring: contentCategoriesQuerySchema,
        response: { 200: envelopeSchema(z.array(contentCategorySchema)) },
      },
    },
    async (request) => ok(request, await contents.categories(patientOf(request).idx, request.query.kind)),
  );

  app.get(
    apiPaths.hospitalContent.search,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary:
          'Published guides and FAQ entries for a query: partial words, 초성, spacing, small typos, keywords',
        security,
        querystring: searchQuerySchema,
        response: { 200: envelopeSchema(z.array(searchResultSchema)) },
      },
    },
    async (request) => ok(request, await contents.search(patientOf(request).idx, request.query.keyword)),
  );

  // --- files: `<img src>` and attachment links carry no token; the 128-bit key is the access ---
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

  // --- editors (ADMIN) of their own hospital ---
  app.get(
    apiPaths.hospitalContent.getEditorList,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: "Every item of one kind in the editor's hospital, or its deleted items still restorable",
        security,
        querystring: editorListQuerySchema,
        response: { 200: envelopeSchema(z.array(editorContentSchema)) },
      },
    },
    async (request) =>
      ok(
        request,
        await contents.editorList(staffOf(request).idx, request.query.kind, request.query.deleted === 'true'),
      ),
  );

  app.get(
    apiPaths.hospitalContent.getEditorContent,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'One item as the editor sees it',
        security,
        querystring: contentQuerySchema,
        response: oneEditorItem,
      },
    },
    async (request) => ok(request, await contents.editorContent(staffOf(request).idx, request.query.idx)),
  );

  app.get(
    apiPaths.hospitalContent.getChanges,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Who changed the item and when, newest first',
        security,
        querystring: contentQuerySchema,
        response: { 200: envelopeSchema(z.array(contentChangeSchema)) },
      },
    },
    async (request) => ok(request, await contents.changes(staffOf(request).idx, request.query.idx)),
  );

  app.post(
    apiPaths.hospitalContent.create,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'A new item, as a draft',
        security,
        body: createContentBodySchema,
        response: oneEditorItem,
      },
    },
    async (request) => ok(request, await contents.create(staffOf(request).idx, request.body)),
  );

  app.put(
    apiPaths.hospitalContent.update,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Edit an item',
        security,
        body: updateContentBodySchema,
        response: oneEditorItem,
      },
    },
    async (request) => ok(request, await contents.update(staffOf(request).idx, request.body)),
  );

  app.put(
    apiPaths.hospitalContent.publish,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Publish now or at a later time',
        security,
        body: publishContentBodySchema,
        response: oneEditorItem,
      },
    },
    async (request) =>
      ok(request, await contents.publish(staffOf(request).idx, request.body.idx, request.body.publishAt)),
  );

  app.put(
    apiPaths.hospitalContent.unpublish,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Take an item down',
        security,
        body: contentIdxBodySchema,
        response: oneEditorItem,
      },
    },
    async (request) => ok(request, await contents.unpublish(staffOf(request).idx, request.body.idx)),
  );

  app.delete(
    apiPaths.hospitalContent.delete,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Delete an item (restorable for 30 days)',
        security,
        body: contentIdxBodySchema,
        response: oneEditorItem,
      },
    },
    async (request) => ok(request, await contents.remove(staffOf(request).idx, request.body.idx)),
  );

  app.put(
    apiPaths.hospitalContent.restore,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Restore an item deleted less than 30 days ago',
        security,
        body: contentIdxBodySchema,
        response: oneEditorItem,
      },
    },
    async (request) => ok(request, await contents.restore(staffOf(request).idx, request.body.idx)),
  );

  app.post(
    apiPaths.hospitalContent.uploadFile,
    {
      config: { auth: 'staff' },
      // Base64 of the largest allowed file, plus the JSON around it.
      bodyLimit: Math.ceil(CONTENT_PDF_MAX_BYTES / 3) * 4 + 4096,
      schema: {
        tags,
        summary: 'Upload an image (3 MB) or PDF (10 MB), checked by its bytes',
        security,
        body: uploadFileBodySchema,
        response: {
          200: envelopeSchema(contentFileSchema),
          415: errorEnvelope(415, 'Not an allowed file type', z.null()),
        },
      },
    },
    async (request) =>
      ok(
        request,
        await contents.uploadFile(staffOf(request).idx, request.body.fileName, request.body.dataBase64),
      ),
  );
};
