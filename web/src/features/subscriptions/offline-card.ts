/** The offline card form's fields read as the server takes them, or null while incomplete. */
export function parseOfflineCard(fields: { number: string; expiry: string; cvc: string }): {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
} | null {
  const number = fields.number.replace(/[\s-]/g, '');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry);
  const cvc = fields.cvc.trim();
  if (!/^\d{12,19}$/.test(number) || !expiry || !/^\d{3,4}$/.test(cvc)) return null;
  const month = Number(expiry[1]);
  const year = Number(expiry[2]);
  if (month < 1 || month > 12) return null;
  return { number, exp_month: month, exp_year: year < 100 ? 2000 + year : year, cvc };
}
