import type { CompanyLookupDto } from '@substytut/shared';
import type { CompanyLookup } from './company-lookup.port.ts';

/**
 * The embedded registry used when GUS_API_KEY is unset: a few invented companies with valid NIP
 * checksums (and the operator's own record), so the invoice form's prefill can be tried locally.
 */
export const SAMPLE_COMPANIES: Readonly<Record<string, CompanyLookupDto>> = {
  '5252987310': {
    name: 'SUBSTYTUT SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    street: 'ul. Prosta',
    propertyNumber: '20',
    apartmentNumber: '',
    city: 'Warszawa',
    zipCode: '00-850',
  },
  '7792364275': {
    name: 'KANCELARIA ADWOKACKA NOWAK I WSPÓLNICY SPÓŁKA PARTNERSKA',
    street: 'ul. Święty Marcin',
    propertyNumber: '29',
    apartmentNumber: '8',
    city: 'Poznań',
    zipCode: '61-806',
  },
  '6762253145': {
    name: 'KRAKOWSKIE BIURO RACHUNKOWE „ZŁOTY KŁOS” SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    street: 'ul. Wielicka',
    propertyNumber: '42',
    apartmentNumber: '',
    city: 'Kraków',
    zipCode: '30-552',
  },
  '5833184268': {
    name: 'BAŁTYCKA SPEDYCJA MORSKA SPÓŁKA AKCYJNA',
    street: 'ul. Hryniewickiego',
    propertyNumber: '6',
    apartmentNumber: '14',
    city: 'Gdynia',
    zipCode: '81-340',
  },
  '8971819451': {
    name: 'DOLNOŚLĄSKIE CENTRUM MEDYCZNE SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    street: 'ul. Legnicka',
    propertyNumber: '51',
    apartmentNumber: '',
    city: 'Wrocław',
    zipCode: '54-203',
  },
  '9512501170': {
    name: 'MAZOWIECKIE WYDAWNICTWO PRAWNICZE SPÓŁKA JAWNA',
    street: 'ul. Puławska',
    propertyNumber: '145',
    apartmentNumber: '3',
    city: 'Warszawa',
    zipCode: '02-715',
  },
  '1132874624': {
    name: 'JAN KOWALSKI USŁUGI REMONTOWO-BUDOWLANE',
    street: 'ul. Grochowska',
    propertyNumber: '306',
    apartmentNumber: '12',
    city: 'Warszawa',
    zipCode: '03-839',
  },
  '9452156432': {
    name: 'MAŁOPOLSKA SPÓŁDZIELNIA MLECZARSKA',
    street: '',
    propertyNumber: '17',
    apartmentNumber: '',
    city: 'Łącko',
    zipCode: '33-390',
  },
  '7292735107': {
    name: 'ŁÓDZKIE ZAKŁADY TEKSTYLNE „WIDZEW” SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    street: 'al. Piłsudskiego',
    propertyNumber: '135',
    apartmentNumber: '',
    city: 'Łódź',
    zipCode: '92-318',
  },
  '8522613987': {
    name: 'SZCZECIŃSKA AGENCJA NIERUCHOMOŚCI ODRA SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    street: 'ul. Wały Chrobrego',
    propertyNumber: '4',
    apartmentNumber: '2',
    city: 'Szczecin',
    zipCode: '70-502',
  },
};

export function createSampleRegistry(companies = SAMPLE_COMPANIES): CompanyLookup {
  // One frozen object per company, answered every time: the route checks and serializes an answer
  // once per object (decision 063), and nobody can change what the next lookup answers.
  const byNip = new Map(
    Object.entries(companies).map(([nip, company]) => [nip, Object.freeze({ ...company })]),
  );
  return {
    kind: 'sample',
    async find(nip) {
      return byNip.get(nip) ?? null;
    },
  };
}
