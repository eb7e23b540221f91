import type { DemoInputKind } from './demo-layout.js';

/**
 * Realistic input files of the demo: what a legacy system drops for LIS. Each call gives a new file;
 * `sequence` makes names and document numbers unique, `now` dates them.
 */
export interface DemoInputFile {
  fileName: string;
  bytes: Buffer;
}

const CUSTOMERS = ['ACME Trading Co.', 'Siam Logistics Ltd.', 'Chao Phraya Foods', 'Northern Textiles'];
const THAI_EMPLOYEES = ['สมชาย ใจดี', 'สมหญิง รักไทย', 'ประเสริฐ มั่นคง', 'วิภาวรรณ ศรีสุข', 'ธนากร พูนผล'];

/** Widths of the Thai payroll record: employee id, name, amount, pay date (characters = windows-874 bytes). */
export const PAYROLL_WIDTHS = { employee: 8, name: 30, amount: 12, date: 8 } as const;

const stamp = (now: Date) => now.toISOString().replace(/\D/g, '').slice(0, 14);
const day = (now: Date) => now.toISOString().slice(0, 10);
const amount = (seed: number) => ((seed * 7919) % 250_000) / 100 + 100;

/** Thai text as windows-874 (TIS-620 range U+0E01–U+0E5B at 0xA1–0xFB); ASCII unchanged. */
export function encodeWindows874(text: string): Buffer {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x0e01 && code <= 0x0e5b) bytes.push(code - 0x0d60);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}

function csvLine(fields: string[]): string {
  return fields.map((field) => (/[",\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)).join(',');
}

/** Orders: id, customer, amount, currency, date — every record valid (the job ends FINISHED). */
function orders(sequence: number, now: Date): DemoInputFile {
  const rows = Array.from({ length: 4 }, (_, index) => {
    const n = sequence * 10 + index;
    return csvLine([
      `ORD-${stamp(now).slice(0, 8)}-${String(n).padStart(5, '0')}`,
      CUSTOMERS[n % CUSTOMERS.length] ?? '',
      amount(n).toFixed(2),
      'THB',
      day(now),
    ]);
  });
  return { fileName: `orders_${stamp(now)}_${sequence}.csv`, bytes: Buffer.from(`${rows.join('\r\n')}\r\n`) };
}

/** Payments: like orders, but two records hold a bad amount (step 4 reports them as documents in error). */
function payments(sequence: number, now: Date): DemoInputFile {
  const rows = Array.from({ length: 5 }, (_, index) => {
    const n = sequence * 10 + index;
    const bad = index === 1 ? '1,2O0.50' : index === 3 ? '' : amount(n).toFixed(2);
    return csvLine([
      `PAY-${String(n).padStart(6, '0')}`,
      CUSTOMERS[n % CUSTOMERS.length] ?? '',
      bad,
      day(now),
    ]);
  });
  return { fileName: `payments_${stamp(now)}_${sequence}.csv`, bytes: Buffer.from(`${rows.join('\n')}\n`) };
}

/** Thai payroll, fixed width, windows-874: what an old Thai core system writes. */
function payrollThai(sequence: number, now: Date): DemoInputFile {
  const { employee, name, amount: amountWidth, date } = PAYROLL_WIDTHS;
  const lines = THAI_EMPLOYEES.map((person, index) =>
    [
      `E${String(sequence * 100 + index).padStart(employee - 1, '0')}`,
      person.padEnd(name, ' '),
      amount(sequence + index * 13)
        .toFixed(2)
        .padStart(amountWidth, ' '),
      stamp(now).slice(0, date),
    ].join(''),
  );
  return {
    fileName: `payroll_th_${stamp(now)}_${sequence}.txt`,
    bytes: encodeWindows874(`${lines.join('\r\n')}\r\n`),
  };
}

/** An invoice as JSON, as a web shop sends it. */
function invoiceJson(sequence: number, now: Date): DemoInputFile {
  const lines = [
    { sku: 'RICE-JASMINE-5KG', quantity: 2 + (sequence % 3), unit_price: 245.0 },
    { sku: 'FISH-SAUCE-700ML', quantity: 6, unit_price: 39.5 },
  ];
  const invoice = {
    invoice_no: `INV-${stamp(now).slice(0, 8)}-${String(sequence).padStart(4, '0')}`,
    customer: CUSTOMERS[sequence % CUSTOMERS.length],
    issued_at: now.toISOString(),
    currency: 'THB',
    lines,
    total: lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0),
  };
  return {
    fileName: `invoice_${stamp(now)}_${sequence}.json`,
    bytes: Buffer.from(`${JSON.stringify(invoice, null, 2)}\n`),
  };
}

/** A signed-document index for the DMS job. */
function documentIndex(sequence: number, now: Date): DemoInputFile {
  const rows = [
    csvLine([
      `DOC-${String(sequence).padStart(6, '0')}`,
      'contract',
      CUSTOMERS[sequence % 4] ?? '',
      day(now),
    ]),
    csvLine([
      `DOC-${String(sequence + 1).padStart(6, '0')}`,
      'receipt',
      CUSTOMERS[(sequence + 1) % 4] ?? '',
      day(now),
    ]),
  ];
  return { fileName: `documents_${stamp(now)}_${sequence}.csv`, bytes: Buffer.from(`${rows.join('\n')}\n`) };
}

const MAKERS: Record<DemoInputKind, (sequence: number, now: Date) => DemoInputFile> = {
  orders,
  payments,
  payrollThai,
  invoicesJson: invoiceJson,
  documents: documentIndex,
};

export function demoInputFile(kind: DemoInputKind, sequence: number, now: Date): DemoInputFile {
  return MAKERS[kind](sequence, now);
}
