// Paths of the portal routes (section 2) the portal islands link to; the shop's routes included.
import { routes } from '../../shop/lib/routes.ts';

export function portalRoutes(c: string, l: string) {
  const b = `/${c}/${l}`;
  return {
    ...routes(c, l),
    labelSelect: `${b}/label/select#QRTemplates`,
    labelCreate: `${b}/label/create`,
    labelCreateAdvanced: `${b}/label/create/advanced`,
    labelEdit: (id: number) => `${b}/label/edit/${id}`,
    labelListe: (id: number) => `${b}/label/liste/${id}`,
    labelPrint: (artn?: string, templateId?: number) =>
      `${b}/label/print${artn ? `/${encodeURIComponent(artn)}` : ''}${templateId ? `?template=${templateId}` : ''}`,
    dokumente: (typ: string) => `${b}/dokumente/typ/${typ}`,
    loesungenDokumente: `${b}/loesungen/dokumente`,
    service: (form?: string) => `${b}/service/retoure${form ? `?form=${form}` : ''}`,
    logbuchUsers: `${b}/logbuch/user`,
  };
}
