/** A small FA(3)-shaped invoice (the fields the KSeF side reads), for the KSeF tests. */
export function sampleInvoiceXml(input: { nip?: string; number?: string; issueDate?: string } = {}): string {
  const { nip = '5265877635', number = 'FV/1/2026', issueDate = '2026-04-01' } = input;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza></Naglowek>
  <Podmiot1><DaneIdentyfikacyjne><NIP>${nip}</NIP><Nazwa>Kancelaria Radcy Prawnego Jan Kowalski</Nazwa></DaneIdentyfikacyjne></Podmiot1>
  <Podmiot2><DaneIdentyfikacyjne><NIP>7010002137</NIP><Nazwa>Kancelaria Zlecająca &amp; Wspólnicy</Nazwa></DaneIdentyfikacyjne></Podmiot2>
  <Fa><KodWaluty>PLN</KodWaluty><P_1>${issueDate}</P_1><P_2>${number}</P_2><P_15>123.00</P_15><RodzajFaktury>ZAL</RodzajFaktury></Fa>
</Faktura>
`;
}
