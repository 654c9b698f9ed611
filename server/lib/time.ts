export const nowIso = () => new Date().toISOString();
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
