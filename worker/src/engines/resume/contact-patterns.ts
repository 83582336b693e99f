/**
 * Patterns for contact details, shared by the parser (which reads them out of the header) and the
 * layout (where a contact detail can never be a section heading, whatever style it is set in).
 * Each pattern may only start where a run of its characters starts (the lookbehind): otherwise a
 * long run without a match is rescanned from every position (quadratic on a 200,000-character text).
 */
export const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(\.[\w-]+)+/;
export const LINKEDIN = /(?<![\w.-])(https?:\/\/)?([\w-]+\.)?linkedin\.com\/[\w\-/%.?=&]*/i;
export const GITHUB = /(https?:\/\/)?(www\.)?github\.com\/[\w-]+\/?(?![\w/])/i;
export const XING = /(https?:\/\/)?(www\.)?xing\.(com|de)\/[\w\-/%.]+/i;
/** A personal site: a host name under a common top-level domain, with or without a path. */
export const WEBSITE = /(?<![\w.-])(https?:\/\/)?(www\.)?([\w-]+\.)+(dev|io|me|design|site|com|net|org|app|page|fr|de|es|it|nl|pt|co|uk)(\/[\w\-/.%]*)?(?![\w@])/i;
/** Seven or more digits in one number, as phone numbers are written (spaces, dots, dashes, brackets). */
const PHONE = /(?<![\w+])\+?\(?\d[\d\s().-]{5,}\d(?!\w)/;
/** A handle on a social network ("@robinvale"), not an e-mail address. */
const HANDLE = /(?<![\w.])@[A-Za-z_]\w{1,}/;

/** The text holds a contact detail: an e-mail or web address, a phone number or a handle. */
export function hasContactDetail(text: string): boolean {
  return EMAIL.test(text) || /https?:\/\/|www\./i.test(text) || WEBSITE.test(text) || HANDLE.test(text)
    || (PHONE.test(text) && (PHONE.exec(text)?.[0].replace(/\D/g, '').length ?? 0) >= 7);
}
