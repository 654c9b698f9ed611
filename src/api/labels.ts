// Label printing (section 3): print templates in mm and the label PDF of articles, an order list or the favourites.
import { z } from 'zod';
import { zArtnr, zId } from './common.ts';
import { contract } from './contract.ts';
import { TemplateCreate, TemplatePatch } from './form-schemas.ts';

export type { TemplateInput } from './form-schemas.ts';

const TAG = 'labels';
const zTemplateId = z.union([z.number(), z.string()]).optional();
export const MAX_LABELS = 5000;

/** A stored template's fields as answers show them (the rule a form must pass is TemplateForm in form-schemas.ts). */
export const TemplateFields = z.object({
  name: z.string(), paper: z.enum(['A4', 'A5', 'Letter', 'custom']), orientation: z.enum(['portrait', 'landscape']),
  rows: z.number(), cols: z.number(), margins: z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() }),
  padding: z.number(), non_printable: z.number(), width: z.number(), height: z.number(),
  sort: z.enum(['standard', 'name', 'artnr']), offset: z.number(), code_type: z.enum(['qr', 'datamatrix', 'code128']),
});
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
