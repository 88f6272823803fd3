/**
 * The few facts of an FA(3) invoice the KSeF side needs (who sells, which number, which day),
 * read from the XML as issued. The invoices module builds and validates the XML against the XSD;
 * this only reads its first Podmiot1 NIP, P_2 and P_1.
 */
export interface InvoiceFacts {
  isFa3: boolean;
  sellerNip: string | null;
  invoiceNumber: string | null;
  issueDate: string | null;
}

const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

function firstText(xml: string, element: string): string | null {
  const match = new RegExp(
    `<(?:[A-Za-z0-9_]+:)?${element}(?:\\s[^>]*)?>([^<]*)</(?:[A-Za-z0-9_]+:)?${element}>`,
  ).exec(xml);
  return match?.[1] !== undefined ? unescapeXml(match[1].trim()) : null;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export function xmlEscape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

export function invoiceFacts(xml: string): InvoiceFacts {
  const seller =
    /<(?:[A-Za-z0-9_]+:)?Podmiot1[\s>][\s\S]*?<\/(?:[A-Za-z0-9_]+:)?Podmiot1>/.exec(xml)?.[0] ?? '';
  return {
    isFa3: /<(?:[A-Za-z0-9_]+:)?Faktura[\s>]/.test(xml) && xml.includes(FA3_NAMESPACE),
    sellerNip: seller ? firstText(seller, 'NIP') : null,
    invoiceNumber: firstText(xml, 'P_2'),
    issueDate: firstText(xml, 'P_1'),
  };
}

/** What a UPO (KSeF's official receipt) says it confirms: the document's hash, number and KSeF number. */
export interface UpoFacts {
  /** SkrotDokumentu: SHA-256 of the invoice file, base64 */
  documentHash: string | null;
  invoiceNumber: string | null;
  ksefNumber: string | null;
}

export function upoFacts(upoXml: string): UpoFacts {
  return {
    documentHash: firstText(upoXml, 'SkrotDokumentu'),
    invoiceNumber: firstText(upoXml, 'NumerFaktury'),
    ksefNumber: firstText(upoXml, 'NumerKSeFDokumentu'),
  };
}
