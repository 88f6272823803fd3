import { writeFileSync } from 'node:fs';
import { amountsFromNet } from '@substytut/shared';
import { buildFa3Xml, xmlDigest } from './apps/api/src/modules/invoices/fa3.ts';
import { renderInvoicePdf } from './apps/api/src/modules/invoices/invoices.pdf.ts';
const order = { title: 'Zastępstwo procesowe: rozprawa w Sądzie Rejonowym w Łodzi, sygn. I C 123/26', amounts: amountsFromNet(43_210) };
const fa3 = { kind: 'ZAL', number: 'FV/7/2026', issueDate: '2026-11-24', paidOn: '2026-11-23', createdAt: new Date(),
  seller: { nip: '5260250274', name: 'Kancelaria Adwokacka Żaneta Łęcka', street: 'ul. Żurawia 6/12', postcode: '00-503', city: 'Warszawa' },
  buyer: { nip: '7792364275', name: 'Kancelaria Radcy Prawnego Źdźbło', street: 'Święty Marcin 29/8', postcode: '61-806', city: 'Poznań', email: 'klient@example.com' },
  order, amounts: order.amounts, bankAccount: 'PL61109010140000071219812874' } as const;
const xml = buildFa3Xml(fa3);
const pdf = await renderInvoicePdf({ xml, sha256: xmlDigest(xml).hex, issueDate: '2026-11-24', ksefNumber: null } as never, { ksefEnvironment: 'sandbox' });
writeFileSync('/tmp/inv24.pdf', pdf);
