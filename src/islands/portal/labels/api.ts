// Label templates and printing (API: server/modules/labels.ts).
import { api } from '../../../lib/api.ts';
import { downloadFile, type Downloaded } from '../lib/download.ts';

export type Paper = 'A4' | 'A5' | 'Letter' | 'custom';
export type Sort = 'standard' | 'name' | 'artnr';
export type CodeType = 'qr' | 'datamatrix' | 'code128';
export interface TemplateFields {
  name: string; paper: Paper; orientation: 'portrait' | 'landscape'; rows: number; cols: number;
  margins: { top: number; right: number; bottom: number; left: number };
  padding: number; non_printable: number; width: number; height: number; sort: Sort; offset: number; code_type: CodeType;
}
export interface Template extends TemplateFields {
  id: number; createdAt: string; labelsPerPage: number; page: { width: number; height: number } | null; warnings: string[];
}
export interface Preset extends TemplateFields { key: string }

export const PAPERS: Paper[] = ['A4', 'A5', 'Letter', 'custom'];
export const SORTS: Sort[] = ['standard', 'name', 'artnr'];
export const CODE_TYPES: CodeType[] = ['qr', 'datamatrix', 'code128'];

export const loadTemplates = () => api.get<Template[]>('labels/templates');
export const loadTemplate = (id: number) => api.get<Template>(`labels/templates/${id}`);
export const loadPresets = () => api.get<Preset[]>('labels/presets');
export const createTemplate = (t: TemplateFields) => api.post<Template>('labels/templates', t);
export const updateTemplate = (id: number, t: Partial<TemplateFields>) => api.put<Template>(`labels/templates/${id}`, t);
export const deleteTemplate = (id: number) => api.del<{ deleted: number }>(`labels/templates/${id}`);

export interface PrintJob { templateId: number | null; offset?: number; listId?: number; artnrs?: { artnr: string; count: number }[] }

/** Prints to a PDF download; answers how many labels and pages it has. */
export async function printLabels(job: PrintJob): Promise<Downloaded & { labels: number; pages: number }> {
  const d = await downloadFile('POST', 'labels/print', job, 'etiketten.pdf');
  return { ...d, labels: Number(d.headers.get('x-label-count') ?? 0), pages: Number(d.headers.get('x-page-count') ?? 0) };
}
