// Label printing (section 3): print templates in mm and the label PDF of articles, an order list or the favourites.
import { z } from 'zod';
import { zArtnr, zId } from './common.ts';
import { contract } from './contract.ts';

const TAG = 'labels';
const zTemplateId = z.union([z.number(), z.string()]).optional();
export const MAX_LABELS = 5000;

const zMm = (key: string) => z.coerce.number({ error: key }).min(0, key).max(50, key);
const zSize = z.coerce.number({ error: 'invalid_size' }).positive('invalid_size').max(1000, 'invalid_size');
const zCount = (key: string) => z.coerce.number({ error: key }).int(key).min(1, key).max(30, key);
/** The shared constant names the sorts product_name/article_number; both spellings are accepted. */
const zLabelSort = z.enum(['standard', 'name', 'artnr', 'product_name', 'article_number'], { error: 'invalid_sort' })
  .transform((s) => (s === 'product_name' ? 'name' : s === 'article_number' ? 'artnr' : s));

export const TemplateFields = z.object({
  name: z.string({ error: 'invalid_name' }).trim().min(1, 'invalid_name').max(60, 'invalid_name'),
  paper: z.enum(['A4', 'A5', 'Letter', 'custom'], { error: 'invalid_paper' }),
  orientation: z.enum(['portrait', 'landscape'], { error: 'invalid_orientation' }),
  rows: zCount('invalid_rows'),
  cols: zCount('invalid_cols'),
  margins: z.object({ top: zMm('invalid_margin'), right: zMm('invalid_margin'), bottom: zMm('invalid_margin'), left: zMm('invalid_margin') }, { error: 'invalid_margin' }),
  padding: zMm('invalid_padding'),
  non_printable: zMm('invalid_non_printable'),
  width: zSize,
  height: zSize,
  sort: zLabelSort,
  offset: z.coerce.number({ error: 'invalid_offset' }).int('invalid_offset').min(0, 'invalid_offset'),
  code_type: z.enum(['qr', 'datamatrix', 'code128'], { error: 'invalid_code_type' }),
});
export type TemplateInput = z.infer<typeof TemplateFields>;


export const TemplateCreate = TemplateFields.extend({
  paper: TemplateFields.shape.paper.default('A4'),
  orientation: TemplateFields.shape.orientation.default('portrait'),
  margins: z.object({
    top: zMm('invalid_margin').default(0), right: zMm('invalid_margin').default(0),
    bottom: zMm('invalid_margin').default(0), left: zMm('invalid_margin').default(0),
  }, { error: 'invalid_margin' }).default({ top: 0, right: 0, bottom: 0, left: 0 }),
  padding: zMm('invalid_padding').default(2),
  non_printable: zMm('invalid_non_printable').default(0),
  sort: zLabelSort.default('standard'),
  offset: TemplateFields.shape.offset.default(0),
  code_type: TemplateFields.shape.code_type.default('qr'),
});
export const TemplatePatch = TemplateFields.extend({
  margins: z.object({ top: zMm('invalid_margin'), right: zMm('invalid_margin'), bottom: zMm('invalid_margin'), left: zMm('invalid_margin') }).partial(),
}).partial();

export const Template = TemplateFields.extend({
  id: z.number(), createdAt: z.string(), labelsPerPage: z.number(),
  page: z.object({ width: z.number(), height: z.number() }).nullable(),
  warnings: z.array(z.literal('printerMarginWarning')),
});
export type Template = z.infer<typeof Template>;

export const templates = contract({
  method: 'get', path: '/labels/templates', access: 'customer', tag: TAG,
  summary: 'The customer\'s label templates',
  response: z.array(Template),
});

export const presets = contract({
  method: 'get', path: '/labels/presets', access: 'customer', tag: TAG,
  summary: 'Common label sheets to create a template from',
  response: z.array(TemplateFields.extend({ key: z.string() })),
});

export const createTemplate = contract({
  method: 'post', path: '/labels/templates', access: 'customer', tag: TAG,
  summary: 'Creates a template (mm). Labels that do not fit on the page → 400 label_does_not_fit; margins under 3 mm answer warnings [printerMarginWarning]',
  body: TemplateCreate,
  response: Template,
});

export const template = contract({
  method: 'get', path: '/labels/templates/:id', access: 'customer', tag: TAG,
  summary: 'One template',
  params: z.object({ id: zId }),
  response: Template,
});

export const updateTemplate = contract({
  method: 'put', path: '/labels/templates/:id', access: 'customer', tag: TAG,
  summary: 'Changes a template (fields given are replaced; the result is checked like a new one)',
  params: z.object({ id: zId }),
  body: TemplatePatch,
  response: Template,
});

export const deleteTemplate = contract({
  method: 'delete', path: '/labels/templates/:id', access: 'customer', tag: TAG,
  summary: 'Deletes a template',
  params: z.object({ id: zId }),
  response: z.object({ deleted: z.number() }),
});

export const print = contract({
  method: 'post', path: '/labels/print', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'Label PDF: templateId (missing → 400 print_template_required) and either listId (order list, 0 = favourites; one label per article) '
    + 'or artnrs [{ artnr, count }]; offset = first label position (default: the template\'s)',
  body: z.object({
    templateId: zTemplateId,
    listId: zId.optional(),
    artnrs: z.array(z.object({ artnr: zArtnr, count: z.coerce.number({ error: 'error_menge' }).int('error_menge').min(1, 'error_menge').max(999, 'error_menge').default(1) }))
      .max(MAX_LABELS, 'too_many_labels').optional(),
    offset: z.coerce.number({ error: 'invalid_offset' }).int('invalid_offset').min(0, 'invalid_offset').max(899, 'invalid_offset').optional(),
  }),
});

export const printArticle = contract({
  method: 'get', path: '/labels/print/:artn', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'Label PDF for one article: ?templateId= (required), count (default 1), offset',
  params: z.object({ artn: zArtnr }),
  query: z.object({
    templateId: z.string().optional(),
    count: z.coerce.number({ error: 'error_menge' }).int('error_menge').min(1, 'error_menge').max(999, 'error_menge').optional(),
    offset: z.coerce.number({ error: 'invalid_offset' }).int('invalid_offset').min(0, 'invalid_offset').max(899, 'invalid_offset').optional(),
  }),
});
