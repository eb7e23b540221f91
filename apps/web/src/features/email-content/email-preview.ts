import { sandboxedDocument } from '../../ui/sandboxed-document';
/** Spec 001 §3: the template variables of an e-mail subject and body. */
export const TEMPLATE_VARIABLES = [
  '%COMPANY_CODE%',
  '%LEGACY_ID%',
  '%JOB_INSTANCE_NO%',
  '%MESSAGE%',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type SampleValues = Record<TemplateVariable, string>;

export function sampleValues(companyCode: string, message: string): SampleValues {
  return {
    '%COMPANY_CODE%': companyCode || 'COMPANY',
    '%LEGACY_ID%': 'LEGACY_0001',
    '%JOB_INSTANCE_NO%': '20250101-000001',
    '%MESSAGE%': message,
  };
}

/** Replaces every template variable by its value (text; `escape` HTML-escapes the values first). */
export function fillTemplate(template: string, values: SampleValues, escape: boolean): string {
  return TEMPLATE_VARIABLES.reduce(
    (text, variable) => text.split(variable).join(escape ? escapeHtml(values[variable]) : values[variable]),
    template,
  );
}

/**
 * The document the preview frame shows: the body as HTML with HTML-escaped sample values. It is meant
 * for `<iframe sandbox="" srcDoc=…>` (no scripts, an opaque origin); its own CSP forbids scripts,
 * plugins and any load from the network as a second fence.
 */
export function previewDocument(body: string, values: SampleValues): string {
  return sandboxedDocument(fillTemplate(body, values, true));
}
