// Label templates and printing (contract: src/api/labels.ts).
import type { TemplateInput } from '#api/labels.ts';
import { request, type RequestArgs } from '#lib/api.ts';
import { downloadFile, type Downloaded } from '../lib/download.ts';

export type { Template } from '#api/labels.ts';
/** The fields of a template as the form edits them (the answer's sort names: standard, name, artnr). */
export type TemplateFields = TemplateInput;
export type Preset = TemplateInput & { key: string };
export type Paper = TemplateInput['paper'];
export type Sort = TemplateInput['sort'];
export type CodeType = TemplateInput['code_type'];

export const PAPERS: Paper[] = ['A4', 'A5', 'Letter', 'custom'];
export const SORTS: Sort[] = ['standard', 'name', 'artnr'];
export const CODE_TYPES: CodeType[] = ['qr', 'datamatrix', 'code128'];

export const loadTemplates = () => request('GET /api/labels/templates');
export const loadTemplate = (id: number) => request('GET /api/labels/templates/:id', { params: { id } });
export const loadPresets = () => request('GET /api/labels/presets');
export const createTemplate = (body: TemplateFields) => request('POST /api/labels/templates', { body });
export const updateTemplate = (id: number, body: Partial<TemplateFields>) => request('PUT /api/labels/templates/:id', { params: { id }, body });
export const deleteTemplate = (id: number) => request('DELETE /api/labels/templates/:id', { params: { id } });

type PrintJob = RequestArgs<'POST /api/labels/print'>['body'];

/** Prints to a PDF download; answers how many labels and pages it has. */
export async function printLabels(job: PrintJob): Promise<Downloaded & { labels: number; pages: number }> {
  const d = await downloadFile('POST /api/labels/print', { body: job }, 'etiketten.pdf');
  return { ...d, labels: Number(d.headers.get('x-label-count') ?? 0), pages: Number(d.headers.get('x-page-count') ?? 0) };
}
