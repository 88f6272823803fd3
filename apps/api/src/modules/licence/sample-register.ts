import { createHash } from 'node:crypto';
import { licenceRegisterOf, sameLicenceNo } from '@substytut/shared';
import type { LicenceQuery, LicenceRegisterPort, RegisterVerdict } from './licence.port.ts';
import { advocateVerdict, legalCounselVerdict, type AdvocateEntry } from './register-verdict.ts';

/**
 * The embedded register (LICENCE_REGISTER=sample, the default): a few invented entries, one of each
 * kind the real register has, so the whole flow works offline and in tests. The demo lawyer
 * (Prawnik Demo, seeded outside production) is its practising advocate WAW/Adw/90001; the entry
 * numbers are high enough not to be any real advocate's. Issue 30: the practising entries list
 * contact e-mails in the reserved example.com domain (RFC 2606), where the one-time code goes;
 * the local mailbox (/dev/mail) shows it. Barbara Kowalczyk lists none (no contact → review).
 */
export const SAMPLE_ADVOCATES: readonly AdvocateEntry[] = [
  {
    firstnames: 'Prawnik',
    lastname: 'Demo',
    licenseNo: 'WAW/Adw/90001',
    chamber: 'Izba Adwokacka w Warszawie',
    status: 'Wykonujący zawód',
    email: 'prawnik.demo@adwokat.example.com',
  },
  {
    firstnames: 'Anna Maria',
    lastname: 'Nowak',
    licenseNo: 'WAW/Adw/90002',
    chamber: 'Izba Adwokacka w Warszawie',
    status: 'Wykonujący zawód',
    email: 'anna.nowak@kancelaria-nowak.example.com',
    phone: '+48 22 000 00 02',
  },
  {
    firstnames: 'Tomasz',
    lastname: 'Wiśniewski',
    licenseNo: 'KRA/Adw/90003',
    chamber: 'Izba Adwokacka w Krakowie',
    status: 'Niewykonujący zawodu',
    email: 'tomasz.wisniewski@adwokat.example.com',
  },
  {
    firstnames: 'Ewa',
    lastname: 'Lewandowska',
    licenseNo: 'POZ/Adw/90004',
    chamber: 'Izba Adwokacka w Poznaniu',
    status: 'Były adwokat',
  },
  {
    firstnames: 'Michał',
    lastname: 'Zieliński',
    licenseNo: 'GDA/Apl/90005',
    chamber: 'Izba Adwokacka w Gdańsku',
    status: 'Aplikant adwokacki',
    email: 'michal.zielinski@aplikant.example.com',
    // Issue 32: the register's date of entry on the list of trainees, compared with the profile's
    // training start.
    traineeListSince: '2025-01',
  },
  {
    firstnames: 'Piotr',
    lastname: 'Kamiński',
    licenseNo: 'WAW/Adw/90007',
    chamber: 'Izba Adwokacka w Warszawie',
    status: 'Wykonujący zawód',
    email: 'piotr.kaminski@kancelaria-kaminski.example.com',
  },
  {
    firstnames: 'Barbara',
    lastname: 'Kowalczyk',
    licenseNo: 'KRA/Adw/90008',
    chamber: 'Izba Adwokacka w Krakowie',
    status: 'Wykonujący zawód',
  },
];

/** The sample's legal counsel: found or not, a person decides (as with the real KIRP register). */
export const SAMPLE_LEGAL_COUNSEL = [
  {
    firstnames: 'Katarzyna',
    lastname: 'Wójcik',
    licenseNo: 'WA-90006',
    chamber: 'Okręgowa Izba Radców Prawnych w Warszawie',
    status: 'Wykonujący zawód',
  },
] as const;

const SAMPLE_URL = 'sample:licence-register';

export function createSampleLicenceRegister(): LicenceRegisterPort {
  return {
    kind: 'sample',
    async check(query: LicenceQuery, now: Date): Promise<RegisterVerdict> {
      const advocates = licenceRegisterOf(query.professionalType) === 'advocates';
      const list: readonly AdvocateEntry[] = advocates ? SAMPLE_ADVOCATES : SAMPLE_LEGAL_COUNSEL;
      const entry =
        list.find((e) => sameLicenceNo(query.professionalType, e.licenseNo, query.licenseNo)) ?? null;
      const page = JSON.stringify(entry);
      const evidence = {
        source: 'sample' as const,
        url: `${SAMPLE_URL}/${encodeURIComponent(query.licenseNo)}`,
        fetchedAt: now,
        sha256: createHash('sha256').update(page).digest('hex'),
        parsed: entry ? { ...entry } : null,
      };
      return advocates ? advocateVerdict(query, entry, evidence) : legalCounselVerdict(evidence);
    },
  };
}
